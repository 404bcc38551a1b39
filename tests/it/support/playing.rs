//! Playing through the service in tests: the effects written so far, and Meridian moves made for whoever is due.

use meridian_bot::rules::meridian::Move;
use meridian_bot::service::{Payload, Service};

/// Every effect written so far, marked delivered.
pub async fn drain(svc: &Service) -> Vec<Payload> {
    let mut all = Vec::new();
    loop {
        let batch = svc.pending(100).await.unwrap();
        if batch.is_empty() {
            return all;
        }
        for p in &batch {
            svc.delivered(p.outbox_id).await.unwrap();
        }
        all.extend(batch);
    }
}

/// Plays `count` moves of a Meridian game (fewer if it ends), each a legal move of whoever is due picked by the
/// game's version: not always the first (a pass), so that the game scores and its chart moves.
pub async fn play_meridian(svc: &Service, id: i64, count: i64) {
    for _ in 0..count {
        let table = svc.game(id).await.unwrap();
        let Some(seat) = table.due().iter().next() else { return };
        let user = table.seat_row(seat).unwrap().user_id;
        let moves: Vec<Move> = svc.legal_moves(id, user).await.unwrap();
        let pick = moves[(table.row.version as usize * 7) % moves.len()];
        svc.act(id, user, table.row.version, &pick, None).await.unwrap();
    }
}
