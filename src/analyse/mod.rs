//! Judging finished games away from Discord: `analyse` prints a record's analysis as the bot makes it
//! ([`judge_move`], the bot's own code); `check-analysis` ([`check`]) measures how far an analysis can be trusted:
//! whether two seeds name the same costliest moves, and whether its chances come true.

pub mod check;

use crate::rules::record::{self, RecordError, ReplayError};
use crate::rules::Seat;
use crate::service::analysis::judge::{costliest, judge_move, JudgedMove};
use crate::service::analysis::Judging;
use crate::service::game::any::{AnyAction, Recorded};
use crate::service::game::Kind;
use serde_json::{json, Value};

/// A share (0–1) as `analyse` prints it: four decimals are more than any judge is sure of.
fn rounded(share: f64) -> f64 {
    (share * 10_000.0).round() / 10_000.0
}

/// `action` by `seat` as the game's record writes a move (some records name the seat, some imply it): the move of a
/// one-move record exported by the game itself.
fn record_move(kind: Kind, seat: Seat, action: &AnyAction) -> Value {
    let names = vec![String::new(); usize::from(seat) + 1];
    let record = kind.export(crate::offline::DEFAULT_OPTIONS, 0, &names, &[(seat, action.clone())]);
    let mut record: Value = serde_json::from_str(&record.expect("a move of the record's own game")).expect("JSON");
    record["moves"][0].take()
}

/// Every move of `recorded` that had a choice, judged as `judging` says, with the best move, in order.
pub fn judge_game(recorded: &Recorded, judging: Judging) -> Result<Vec<(JudgedMove, AnyAction)>, String> {
    let mut game = recorded.start.clone();
    let mut judged = Vec::new();
    for (step, (seat, action)) in recorded.moves.iter().enumerate() {
        judged.extend(judge_move(&game, step, &recorded.moves, &recorded.names, judging));
        game.apply(*seat, action, &recorded.names).map_err(|e| format!("move {step}: {e}"))?;
    }
    Ok(judged)
}

/// `analyse RECORD`: one JSON line per judged move, `{"move": K, "seat", "before", "after", "best", "best_move"}`
/// (K counts the record's moves from 0, as `replay` does; `best_move` is written as the record writes a move), then
/// one line per seat naming its costliest moves, costliest first: `{"seat": S, "costliest": [K, …]}`.
pub fn analyse(text: &str, judging: Judging) -> Result<Vec<Value>, ReplayError> {
    let (value, game) = record::parse(text)?;
    let kind = Kind::named(&game).ok_or_else(|| RecordError::UnknownGame {
        game: game.clone(),
        known: Kind::ALL.iter().map(|k| format!("{:?}", k.name())).collect::<Vec<_>>().join(", "),
    })?;
    let recorded = kind.read_record(value, judging.seed)?;
    let judged =
        judge_game(&recorded, judging).map_err(|message| RecordError::Invalid { path: "moves".into(), message })?;
    let mut lines = Vec::new();
    for (m, best) in &judged {
        let best_move = record_move(kind, m.seat, best);
        lines.push(json!({
            "move": m.step - 1,
            "seat": m.seat,
            "before": rounded(m.before),
            "after": rounded(m.after),
            "best": rounded(m.best),
            "best_move": best_move,
        }));
    }
    let moves: Vec<JudgedMove> = judged.into_iter().map(|(m, _)| m).collect();
    for seat in 0..recorded.names.len() as Seat {
        let named: Vec<i64> = costliest(&moves, seat).iter().map(|m| m.step - 1).collect();
        lines.push(json!({ "seat": seat, "costliest": named }));
    }
    Ok(lines)
}
