//! One lease protocol for the work any number of processes share: effects to send, seats' alarms (computers' turns
//! among them), players' own alarms (their digest, their held messages' release) and analyses.
//!
//! A row of work is claimed by one process at a time: the claim counts itself in the row (the count is the claim's
//! token), names its process and leases the row until a time of the database's clock ([`Tx::clock`]), so processes
//! whose own clocks disagree still agree on whether a lease has run out. Whoever finds the lease run out may claim
//! the row again (with the next token); only the claim that still holds a row (its token and its process) may
//! extend it, release it or record what became of the work, each checked in the statement that writes. The SQL of
//! each kind of work is written here from its [`Work`]: a table and column names, never data.

use super::{execute, on, StoreError, Tx};

/// How long claimed work is left to the process that claimed it before another may take it over, by the
/// database's clock: longer than a request may take.
pub const LEASE_MS: i64 = 60_000;

/// Where one kind of leased work is kept: its table and the columns the protocol reads and writes (identifiers of
/// the schema, written into SQL as they are).
#[derive(Debug)]
pub struct Work {
    pub table: &'static str,
    /// The columns that name one row.
    pub key: &'static [&'static str],
    /// Until when the row is claimed (ms since the Unix epoch, by the database's clock).
    pub until: &'static str,
    /// The name of the process that claimed it.
    pub by: &'static str,
    /// The count of claims: each claim's token.
    pub token: &'static str,
    /// What a row whose work is still to do is, when a row can be settled for good (it keeps its last claim's
    /// columns, which then mean nothing).
    pub open: Option<&'static str>,
}

/// A claim on one row of a kind of work: which row, and its token.
pub trait Claim {
    /// The work the claim is on.
    const WORK: &'static Work;
    type Key: AsRef<[i64]>;
    /// The values of [`Work::key`]'s columns, in their order.
    fn key(&self) -> Self::Key;
    fn token(&self) -> i64;
}

/// Makes a claim type (`leased!(Type: WORK, [key fields…], token field)`) a [`Claim`] on `WORK`, its key the
/// fields named as `WORK`'s key columns are, in their order.
#[macro_export]
macro_rules! leased {
    ($claim:ty: $work:path, [$($key:ident),+], $token:ident) => {
        impl $crate::store::lease::Claim for $claim {
            const WORK: &'static $crate::store::lease::Work = &$work;
            type Key = [i64; [$(stringify!($key)),+].len()];
            fn key(&self) -> Self::Key {
                [$(self.$key),+]
            }
            fn token(&self) -> i64 {
                self.$token
            }
        }
    };
}

/// A lease granted: the claim's token, and when it runs out (the database's clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Granted {
    pub token: i64,
    pub until: i64,
}

/// A value a statement binds: what a claim's holder records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value<'a> {
    Int(i64),
    Text(&'a str),
}

/// `query` with `values` bound in order (`$1`, `$2`…), on either backend.
macro_rules! bound {
    ($query:expr, $values:expr) => {
        $values.iter().fold($query, |q, v| match *v {
            Value::Int(i) => q.bind(i),
            Value::Text(s) => q.bind(s),
        })
    };
}

impl Work {
    /// Work kept in `table`, one row named by the columns `key`, leased in the columns most work is: `leased_until`,
    /// `leased_by`, and `claim` counting the claims; every row open.
    pub const fn leased(table: &'static str, key: &'static [&'static str]) -> Work {
        Work { table, key, until: "leased_until", by: "leased_by", token: "claim", open: None }
    }

    /// The condition that no process holds a row within its lease now, by the database's clock; on `of`'s columns
    /// when given (a query that joins tables).
    pub fn free(&self, conn: &Tx, of: Option<&str>) -> String {
        let until = of.map_or_else(|| self.until.to_string(), |table| format!("{table}.{}", self.until));
        format!("({until} IS NULL OR {until} <= {})", conn.clock())
    }

    /// The condition that a row is the one whose key is bound from `$first` on, and still open.
    fn row(&self, first: usize) -> String {
        let columns = self.key.iter().enumerate().map(|(i, column)| format!("{column} = ${}", first + i));
        columns.chain(self.open.map(str::to_string)).collect::<Vec<_>>().join(" AND ")
    }

    /// The condition that a claim still holds its row: its key bound from `$first` on, then its token and its
    /// process (nobody claimed the row since, no restart released it).
    fn held(&self, first: usize) -> String {
        let token = first + self.key.len();
        format!("{} AND {} = ${token} AND {} = ${}", self.row(first), self.token, self.by, token + 1)
    }
}

/// A key's values, to bind.
fn ints(key: &[i64]) -> Vec<Value<'static>> {
    key.iter().map(|&k| Value::Int(k)).collect()
}

/// The values that [`Work::held`] binds after `values`: the claim's key, its token and its process.
fn with_claim<'a, C: Claim>(values: &[Value<'a>], claim: &C, by: &'a str) -> Vec<Value<'a>> {
    [values, &ints(claim.key().as_ref()), &[Value::Int(claim.token()), Value::Text(by)]].concat()
}

/// Claims the row of `work` named `key` for the process named `by` for [`LEASE_MS`], if no process holds it within
/// its lease: `None` when one does (or the row is gone or settled).
pub async fn claim(conn: &mut Tx, work: &Work, key: &[i64], by: &str) -> Result<Option<Granted>, StoreError> {
    let Work { table, until, by: by_column, token, .. } = work;
    let sql = format!(
        "UPDATE {table} SET {token} = {token} + 1, {until} = {clock} + $1, {by_column} = $2 \
         WHERE {row} AND {free} RETURNING {token}, {until}",
        clock = conn.clock(),
        row = work.row(3),
        free = work.free(conn, None),
    );
    let values = [&[Value::Int(LEASE_MS), Value::Text(by)][..], &ints(key)].concat();
    let granted: Option<(i64, i64)> = on!(conn, c => bound!(sqlx::query_as(&sql), values).fetch_optional(c).await?);
    Ok(granted.map(|(token, until)| Granted { token, until }))
}

/// Claims each row of `work` named in `keys` that no process holds within its lease, for the process named `by`:
/// those claimed, each with its token.
pub async fn claim_each<K: AsRef<[i64]>>(
    conn: &mut Tx,
    work: &Work,
    keys: Vec<K>,
    by: &str,
) -> Result<Vec<(K, i64)>, StoreError> {
    let mut claimed = Vec::with_capacity(keys.len());
    for key in keys {
        if let Some(granted) = claim(conn, work, key.as_ref(), by).await? {
            claimed.push((key, granted.token));
        }
    }
    Ok(claimed)
}

/// Whether `claim` still holds its row, locking the row for the rest of the transaction: `None` when it was lost,
/// else whether `ask` (a condition on the row, `$1` standing for `now`) holds: another process may have done the
/// work while this claim's lease had run out.
pub async fn holds<C: Claim>(
    conn: &mut Tx,
    claim: &C,
    by: &str,
    ask: &str,
    now: i64,
) -> Result<Option<bool>, StoreError> {
    let work = C::WORK;
    let sql = format!("SELECT {ask} FROM {} WHERE {}{}", work.table, work.held(2), conn.locking(None, false));
    let values = with_claim(&[Value::Int(now)], claim, by);
    let row: Option<(Option<bool>,)> = on!(conn, c => bound!(sqlx::query_as(&sql), values).fetch_optional(c).await?);
    Ok(row.map(|(asked,)| asked.unwrap_or(false)))
}

/// Whether a claim lives on once its holder has recorded what became of its work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Then {
    Holds,
    Ends,
}

/// Extends `claim`'s lease to [`LEASE_MS`] from now (the database's clock), if it still holds its row.
pub async fn extend<C: Claim>(conn: &mut Tx, claim: &C, by: &str) -> Result<bool, StoreError> {
    let set = format!("{} = {} + $1", C::WORK.until, conn.clock());
    record(conn, claim, by, &set, &[Value::Int(LEASE_MS)], Then::Holds).await
}

/// Ends `claim`, if it still holds its row: the row is free at once.
pub async fn release<C: Claim>(conn: &mut Tx, claim: &C, by: &str) -> Result<bool, StoreError> {
    record(conn, claim, by, "", &[], Then::Ends).await
}

/// Records what became of `claim`'s work, if it still holds its row: `set` (the caller's columns, `$1`… standing
/// for `values`), the claim holding on or ending in the same statement. False when the claim was lost.
pub async fn record<C: Claim>(
    conn: &mut Tx,
    claim: &C,
    by: &str,
    set: &str,
    values: &[Value<'_>],
    then: Then,
) -> Result<bool, StoreError> {
    let Work { table, until, by: by_column, .. } = C::WORK;
    let set = match (then, set) {
        (Then::Holds, set) => set.to_string(),
        (Then::Ends, "") => format!("{until} = NULL, {by_column} = NULL"),
        (Then::Ends, set) => format!("{set}, {until} = NULL, {by_column} = NULL"),
    };
    let sql = format!("UPDATE {table} SET {set} WHERE {}", C::WORK.held(values.len() + 1));
    let values = with_claim(values, claim, by);
    let done = on!(conn, c => bound!(sqlx::query(&sql), values).execute(c).await?.rows_affected());
    Ok(done == 1)
}

/// Releases every claim on `work` of the process named `by` (and those of a version that named none): at
/// start-up, its previous run is gone. Other processes' claims run to the end of their lease.
pub async fn release_all(conn: &mut Tx, work: &Work, by: &str) -> Result<u64, StoreError> {
    let Work { table, until, by: by_column, .. } = work;
    let open = work.open.map(|open| format!(" AND {open}")).unwrap_or_default();
    let sql = format!(
        "UPDATE {table} SET {until} = NULL, {by_column} = NULL \
         WHERE {until} IS NOT NULL AND ({by_column} = $1 OR {by_column} IS NULL){open}"
    );
    Ok(execute!(conn, &sql, by))
}
