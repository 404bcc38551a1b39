//! The lease protocol itself (`store::lease`), on both backends, on a table of its own: a claim refuses a second
//! claimer while its lease runs, is taken over once the database's clock passes it, and a holder whose claim was
//! taken over can neither extend it, release it nor record anything.

use crate::support::databases::each_backend;
use meridian_bot::store::lease::{self, Then, Value, Work};
use meridian_bot::store::{Store, LEASE_MS};

/// Jobs keyed by two columns, settled for good once done.
const JOBS: Work = Work { open: Some("done_at IS NULL"), ..Work::leased("jobs", &["id", "part"]) };

#[derive(Debug, Clone, Copy)]
struct Job {
    id: i64,
    part: i64,
    token: i64,
}
meridian_bot::leased!(Job: JOBS, [id, part], token);

async fn run(store: &Store, sql: &str) {
    let mut tx = store.write().await.unwrap();
    meridian_bot::on!(tx, c => sqlx::query(sql).execute(c).await.unwrap().rows_affected());
    tx.commit().await.unwrap();
}

/// One job's row: its claim's token and process, its lease and its result.
async fn row(store: &Store, id: i64) -> (i64, Option<String>, Option<i64>, Option<String>) {
    let mut tx = store.read().await.unwrap();
    let sql = format!("SELECT claim, leased_by, leased_until, result FROM jobs WHERE id = {id}");
    meridian_bot::on!(tx, c => sqlx::query_as(&sql).fetch_one(c).await.unwrap())
}

/// `by` claims job `id`, in a commit of its own.
async fn claim(store: &Store, id: i64, by: &str) -> Option<Job> {
    let mut tx = store.write().await.unwrap();
    let granted = lease::claim(&mut tx, &JOBS, &[id, 0], by).await.unwrap();
    tx.commit().await.unwrap();
    granted.map(|g| Job { id, part: 0, token: g.token })
}

/// Every lease passes: tests cannot move the database's clock, so leases move back by one lease's length instead.
async fn leases_pass(store: &Store) {
    run(store, &format!("UPDATE jobs SET leased_until = leased_until - {LEASE_MS}")).await;
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_is_held_taken_over_by_the_databases_clock_and_only_its_holder_settles_it() {
    each_backend(|db| async move {
        let store = db.open().await;
        run(
            &store,
            "CREATE TABLE jobs (id BIGINT NOT NULL, part BIGINT NOT NULL, claim BIGINT NOT NULL DEFAULT 0, \
             leased_by TEXT, leased_until BIGINT, done_at BIGINT, result TEXT, PRIMARY KEY (id, part))",
        )
        .await;
        run(&store, "INSERT INTO jobs (id, part) VALUES (1, 0), (2, 0), (3, 0)").await;

        // a claims job 1 for a lease from the database's clock (the same machine's as the test's here).
        let before = now_ms();
        let a = claim(&store, 1, "a").await.expect("a free job");
        let (token, by, until, _) = row(&store, 1).await;
        assert_eq!((a.token, token, by.as_deref()), (1, 1, Some("a")));
        // Each database turns its clock into milliseconds its own way (SQLite's julianday through a float,
        // PostgreSQL's cast rounding), the test truncates: a millisecond either way is the same instant.
        let after = now_ms();
        assert!((before + LEASE_MS - 1..=after + LEASE_MS + 1).contains(&until.unwrap()), "{before} {until:?} {after}");
        assert!(claim(&store, 1, "b").await.is_none(), "refused while a's lease runs");

        // a's lease passes, but a extends it before anyone takes it over: b is still refused.
        leases_pass(&store).await;
        let mut tx = store.write().await.unwrap();
        assert!(lease::extend(&mut tx, &a, "a").await.unwrap());
        tx.commit().await.unwrap();
        assert!(row(&store, 1).await.2.unwrap() >= before + LEASE_MS - 1, "extended from the database's now");
        assert!(claim(&store, 1, "b").await.is_none(), "refused while the extended lease runs");

        // Once it passes again, b takes the job over with the next token; a, stale, settles nothing.
        leases_pass(&store).await;
        let b = claim(&store, 1, "b").await.expect("taken over once a's lease passed");
        assert_eq!(b.token, 2);
        let mut tx = store.write().await.unwrap();
        assert_eq!(lease::holds(&mut tx, &a, "a", "id <= $1", 1).await.unwrap(), None);
        assert!(!lease::record(&mut tx, &a, "a", "result = $1", &[Value::Text("a's")], Then::Holds).await.unwrap());
        assert!(!lease::extend(&mut tx, &a, "a").await.unwrap());
        assert!(!lease::release(&mut tx, &a, "a").await.unwrap());
        assert!(!lease::record(&mut tx, &a, "a", "done_at = $1", &[Value::Int(5)], Then::Ends).await.unwrap());
        // Nor does a claim with b's token under another name.
        let forged = Job { token: b.token, ..a };
        assert!(!lease::record(&mut tx, &forged, "a", "result = $1", &[Value::Text("a's")], Then::Holds)
            .await
            .unwrap());
        tx.commit().await.unwrap();
        let (token, by, _, result) = row(&store, 1).await;
        assert_eq!((token, by.as_deref(), result), (2, Some("b"), None), "b's claim stands as it was");

        // b, the holder, asks about its row, records, and finishes: the job is settled and claimed no more.
        let mut tx = store.write().await.unwrap();
        assert_eq!(lease::holds(&mut tx, &b, "b", "id <= $1", 1).await.unwrap(), Some(true));
        assert_eq!(lease::holds(&mut tx, &b, "b", "id <= $1", 0).await.unwrap(), Some(false));
        assert!(lease::record(&mut tx, &b, "b", "result = $1", &[Value::Text("b's")], Then::Holds).await.unwrap());
        assert!(lease::record(&mut tx, &b, "b", "done_at = $1", &[Value::Int(7)], Then::Ends).await.unwrap());
        tx.commit().await.unwrap();
        assert_eq!(row(&store, 1).await, (2, None, None, Some("b's".into())));
        leases_pass(&store).await;
        assert!(claim(&store, 1, "a").await.is_none(), "a job done is claimed no more");

        // A released job is free at once.
        let a2 = claim(&store, 2, "a").await.unwrap();
        let mut tx = store.write().await.unwrap();
        assert!(lease::release(&mut tx, &a2, "a").await.unwrap());
        tx.commit().await.unwrap();
        let b2 = claim(&store, 2, "b").await.expect("free once released");
        assert_eq!(b2.token, a2.token + 1);

        // At start-up b releases its previous run's claims (and those of a version that named none), not a's.
        let a3 = claim(&store, 3, "a").await.unwrap();
        run(&store, &format!("UPDATE jobs SET leased_by = NULL WHERE id = 2 AND claim = {}", b2.token)).await;
        let mut tx = store.write().await.unwrap();
        assert_eq!(lease::release_all(&mut tx, &JOBS, "b").await.unwrap(), 1);
        let each = lease::claim_each(&mut tx, &JOBS, vec![[1, 0], [2, 0], [3, 0]], "b").await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(each, vec![([2, 0], b2.token + 1)], "job 1 is done and job 3 is a's");
        assert_eq!(row(&store, 3).await.0, a3.token);
    })
    .await;
}
