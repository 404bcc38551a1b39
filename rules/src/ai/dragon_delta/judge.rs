//! Dragon Delta's moves judged once the game is over, without chance.
//!
//! Nothing is hidden then, and the programmes laid in secret with a seat's are in the record ([`in_hindsight`]), so
//! a round is played out without drawing anything: every seat takes, at each of its actions, the outcome after
//! which its pawn needs the fewest actions to its goal ([`quickest`]), and the round's end is valued by the actions
//! each pawn still needs ([`by_the_way`], from [`actions_left`](super::actions_left)), even when it took a pawn
//! home: only a move that ends the game itself reads its result. Random playouts made two analyses of one game
//! disagree on its costliest move in more than half of the seats (`check-analysis
//! dragon-delta --players 3`); this judge gives the same answer every time.
//!
//! - An outcome (where to move, lay, take) is weighed against every other outcome of its card.
//! - A programme is weighed against those found by climbing from it: exchanging two of its cards, or putting
//!   another card of the hand in one's place, while that gains, within the judge's budget of played-out rounds. Its
//!   cost is what the best programme so found would have gained: a programme far from the one played is not seen.
//!
//! Scope: a measure of the round, as the value is of the way: what others make of the rounds after it is not
//! foreseen.

use super::{by_the_way, quickest};
use crate::ai::search::Judged;
use crate::ai::{result, Knowledge};
use crate::dragon_delta::card::{check_programme, Card, PROGRAMME};
use crate::dragon_delta::{Action, DragonDelta};
use crate::{Due, Game, Seat};
use rustc_hash::FxHashMap;

/// Actions a card calls for at most (`stones-2`, `planks-2`): with a programme's cards and the seats, a bound on a
/// round played out, should the rules ever loop.
const CARD_ACTIONS: usize = 2;
/// A gain smaller than this is no gain (shares are sums of floating-point terms).
const GAIN: f64 = 1e-9;

/// The position `seat`'s move is judged in: while programmes are laid, the others' programmes of this round that
/// the record holds later are laid first (their order in the record is chance: each was laid in secret).
pub(super) fn in_hindsight<'a>(
    game: &DragonDelta,
    seat: Seat,
    later: impl Iterator<Item = (Seat, &'a Action)>,
) -> DragonDelta {
    let mut seen = game.clone();
    if !game.programming().contains(seat) {
        return seen;
    }
    for (other, action) in later {
        if !matches!(action, Action::Program { .. }) {
            break;
        }
        if other != seat && seen.programming().contains(other) && seen.apply(other, action).is_err() {
            break;
        }
    }
    seen
}

/// `played` by `seat` judged: a programme within `budget` rounds played out, an outcome against every other. The
/// position's worth before it is the judge's own measure of it: the round's start as its end would be valued
/// (before a programme), or the round played out from its [`quickest`] outcome. `None` when the move is not legal
/// here.
pub(super) fn judge(game: &DragonDelta, seat: Seat, played: &Action, budget: u32) -> Option<Judged<Action>> {
    match played {
        Action::Program { program } if game.programming().contains(seat) => {
            let (best, worth, after) = climb(game, seat, *program, budget)?;
            let before = game.value()[usize::from(seat)];
            Some(Judged { before, after, best: worth, best_action: Action::Program { program: best } })
        }
        _ => best_outcome(game, seat, played),
    }
}

/// Every outcome of `seat`'s card, each with its worth, as [`best_outcome`] weighs them: a puzzle's answers. `None`
/// while `seat` lays a programme (too many to list).
pub(super) fn each_outcome(game: &DragonDelta, seat: Seat) -> Option<Vec<(Action, f64)>> {
    if game.programming().contains(seat) {
        return None;
    }
    game.legal_actions(seat).into_iter().map(|outcome| Some((outcome.clone(), worth(game, seat, &outcome)?))).collect()
}

/// `played`, an outcome of `seat`'s card, weighed against every other: the best (`played` kept among equals), and
/// before it the worth of the [`quickest`] outcome, weighed with the rest.
fn best_outcome(game: &DragonDelta, seat: Seat, played: &Action) -> Option<Judged<Action>> {
    let quickest = quickest(game, seat);
    let after = worth(game, seat, played)?;
    let mut before = (quickest.as_ref() == Some(played)).then_some(after);
    let (mut best_action, mut best) = (played.clone(), after);
    for outcome in game.legal_actions(seat).into_iter().filter(|o| o != played) {
        let Some(w) = worth(game, seat, &outcome) else { continue };
        if quickest.as_ref() == Some(&outcome) {
            before = Some(w);
        }
        if w > best + GAIN {
            (best_action, best) = (outcome, w);
        }
    }
    Some(Judged { before: before.unwrap_or(after), after, best, best_action })
}

/// The best programme found climbing from `played` within `budget` rounds played out, its worth, and `played`'s.
fn climb(
    game: &DragonDelta,
    seat: Seat,
    played: [Card; PROGRAMME],
    budget: u32,
) -> Option<([Card; PROGRAMME], f64, f64)> {
    let hand = game.hand(seat);
    let mut weighed: FxHashMap<[Card; PROGRAMME], f64> = FxHashMap::default();
    let after = worth(game, seat, &Action::Program { program: played })?;
    weighed.insert(played, after);
    let mut best = (played, after);
    loop {
        let mut step = best;
        for programme in neighbours(&best.0, &hand) {
            if weighed.len() >= budget.max(1) as usize {
                break;
            }
            let w = *weighed.entry(programme).or_insert_with(|| {
                worth(game, seat, &Action::Program { program: programme }).unwrap_or(f64::NEG_INFINITY)
            });
            if w > step.1 + GAIN {
                step = (programme, w);
            }
        }
        if step.0 == best.0 {
            return Some((best.0, best.1, after));
        }
        best = step;
    }
}

/// The programmes one change from `programme`: two of its cards exchanged, or one replaced by a card of `hand` it
/// does not hold (keeping to one dragon); in a fixed order.
fn neighbours(programme: &[Card; PROGRAMME], hand: &[Card]) -> Vec<[Card; PROGRAMME]> {
    let mut near = Vec::new();
    for i in 0..PROGRAMME {
        for j in i + 1..PROGRAMME {
            let mut swapped = *programme;
            swapped.swap(i, j);
            near.push(swapped);
        }
    }
    for i in 0..PROGRAMME {
        for &card in hand.iter().filter(|c| !programme.contains(c)) {
            let mut replaced = *programme;
            replaced[i] = card;
            if check_programme(&replaced, hand).is_ok() {
                near.push(replaced);
            }
        }
    }
    near
}

/// `seat`'s share of the win once it has played `action` and the round is played out ([`played_out`]): its result
/// when the action ends the game. `None` when the action is not legal.
fn worth(game: &DragonDelta, seat: Seat, action: &Action) -> Option<f64> {
    let mut after = game.clone();
    after.apply(seat, action).ok()?;
    Some(result(&after).unwrap_or_else(|| played_out(after))[usize::from(seat)])
}

/// The round under way played out, every seat taking its [`quickest`] outcome (a seat whose programme is not laid
/// lays the default one), and valued by the way each pawn still needs ([`by_the_way`]): each seat's share of the
/// win. A round played out to a pawn's goal is valued so too, not as won: greedy play is not the players', and the
/// seats judged 90 % or more so won 80 % of their games (`check-analysis dragon-delta --players 3 --fit --level
/// normal`, 120 games).
fn played_out(mut game: DragonDelta) -> Vec<f64> {
    let round = game.round();
    for _ in 0..=CARD_ACTIONS * PROGRAMME * game.seats() {
        let Due::Seats(due) = game.due() else { break };
        if game.round() != round {
            break;
        }
        let Some(mover) = due.iter().next() else { break };
        let Some(action) = quickest(&game, mover) else { break };
        if game.apply(mover, &action).is_err() {
            break;
        }
    }
    by_the_way(&game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Player};
    use crate::dragon_delta::Board;

    /// The blunder test's game: its statue, its rounds before the blunder, and the judge's budget (three seats').
    const STATUE: Seat = 1;
    const BLUNDER_ROUND: u32 = 3;
    const BUDGET: u32 = 160;

    /// The outcome of `seat`'s card after which its pawn needs the most actions to its goal, if it needs at least
    /// two more than after the best one.
    fn blunder(game: &DragonDelta, seat: Seat) -> Option<Action> {
        let left = |a: &Action| {
            let mut after = game.clone();
            after.apply(seat, a).map_or(f64::NEG_INFINITY, |_| super::super::actions_left(&after, seat))
        };
        let outcomes = game.legal_actions(seat);
        let worst = outcomes.iter().max_by(|a, b| left(a).total_cmp(&left(b)))?;
        let best = outcomes.iter().map(left).fold(f64::INFINITY, f64::min);
        (left(worst) >= best + 2.0).then(|| worst.clone())
    }

    #[test]
    fn in_hindsight_the_programmes_laid_later_in_the_same_round_are_laid_first() {
        let game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let programme = |seat: Seat| Action::Program { program: game.hand(seat)[..PROGRAMME].try_into().unwrap() };
        let later = [(0, programme(0)), (2, programme(2)), (1, programme(1))];
        let seen = in_hindsight(&game, 1, later.iter().map(|(s, a)| (*s, a)));
        assert_eq!(seen.programming(), [1].into_iter().collect(), "seat 1's own programme is still to lay");
        assert_eq!(seen.programme(2), Some(game.hand(2)[..PROGRAMME].try_into().unwrap()));
        let mut laid = game.clone();
        for (seat, action) in &later {
            laid.apply(*seat, action).unwrap();
        }
        let outcome = laid.legal_actions(laid.awaiting().unwrap().0).remove(0);
        let (seat, _) = laid.awaiting().unwrap();
        let after = in_hindsight(&laid, seat, [(seat, &outcome)].into_iter());
        assert_eq!(after.moves(), laid.moves(), "nothing is laid once programmes are revealed");
    }

    /// Seat 0's move in a game it plays well: the programme the judge finds climbing from an `easy` computer's
    /// (laid last, the others' known, as the judge sees them), the [`quickest`] outcome otherwise.
    fn played_well(game: &DragonDelta, step: u64) -> Action {
        let easy = Player::Computer(Level::Easy).choose(game, 0, step).unwrap();
        match game.programming().contains(0) {
            true => game.judge(0, &easy, BUDGET, 0).unwrap().best_action,
            false => quickest(game, 0).unwrap(),
        }
    }

    /// A game of three where seat 0 plays well ([`played_well`]) against two `easy` computers, but once, from round
    /// `BLUNDER_ROUND` on, takes the outcome that sets its pawn furthest back: the judge finds that move the
    /// costliest of seat 0's, and a better one; and it judges a game the same whatever its seed.
    #[test]
    fn a_deliberate_blunder_is_judged_the_costliest_move() {
        let mut game = DragonDelta::new(Board::standard(), 3, STATUE).unwrap();
        let (mut moves, mut blundered) = (Vec::new(), None);
        while let Due::Seats(due) = game.due() {
            // Seat 0 lays its programme last.
            let seat = due.iter().find(|&s| s != 0).unwrap_or(0);
            let step = moves.len() as u64;
            let action = match blundered.is_none() && seat == 0 && game.round() >= BLUNDER_ROUND {
                true => blunder(&game, seat),
                false => None,
            };
            blundered = blundered.or(action.as_ref().map(|_| moves.len()));
            let action = action.unwrap_or_else(|| match seat {
                0 => played_well(&game, step),
                _ => Player::Computer(Level::Easy).choose(&game, seat, step).unwrap(),
            });
            moves.push((game.clone(), seat, action.clone()));
            game.apply(seat, &action).unwrap();
        }
        let blundered = blundered.expect("a blunder was made");
        let mut costs = Vec::new();
        for (k, (before, seat, action)) in moves.iter().enumerate().filter(|(_, (_, seat, _))| *seat == 0) {
            let later = moves[k + 1..].iter().map(|(_, s, a)| (*s, a));
            let seen = before.in_hindsight(*seat, later);
            let judged = seen.judge(*seat, action, BUDGET, 0).unwrap();
            assert_eq!(Some(&judged), seen.judge(*seat, action, BUDGET, 1).as_ref(), "the seed changes nothing");
            assert!(judged.best >= judged.after, "{judged:?}");
            costs.push((judged.best - judged.after, k, judged));
        }
        costs.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (cost, k, judged) = &costs[0];
        assert_eq!(*k, blundered, "the costliest: {:?}", &costs[..3]);
        assert!(*cost > 0.2 && judged.best_action != moves[blundered].2, "{judged:?}");
    }

    /// Each outcome's worth is what judging it as the move played finds it worth after; a programme has none.
    #[test]
    fn each_outcome_is_worth_what_judging_it_finds() {
        let mut game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let mut checked = 0;
        while let (Due::Seats(due), true) = (game.due(), checked < 5) {
            let seat = due.iter().next().unwrap();
            match each_outcome(&game, seat) {
                None => assert!(game.programming().contains(seat)),
                Some(each) if each.len() >= 2 => {
                    for (outcome, worth) in &each {
                        assert_eq!(Some(*worth), judge(&game, seat, outcome, BUDGET).map(|j| j.after), "{outcome:?}");
                    }
                    checked += 1;
                }
                Some(_) => {}
            }
            let action = Player::Computer(Level::Easy).choose(&game, seat, checked as u64).unwrap();
            game.apply(seat, &action).unwrap();
        }
        assert_eq!(checked, 5, "five choices of outcomes met");
    }

    #[test]
    fn neighbours_exchange_two_cards_or_replace_one_and_keep_to_one_dragon() {
        let game = DragonDelta::new(Board::standard(), 3, 0).unwrap();
        let hand = game.hand(0);
        assert_eq!(hand.len(), 10, "eight actions and two dragons");
        let programme = [Card::Move, hand[8], Card::Jump, Card::Plank, Card::Stone];
        let near = neighbours(&programme, &hand);
        // Ten exchanges; five replacements for the dragon (the four actions it does not hold, or the other dragon)
        // and four for each of its four actions (the four actions it does not hold: no second dragon).
        assert_eq!(near.len(), 10 + 5 + 4 * 4, "{near:?}");
        assert!(near.iter().all(|p| check_programme(p, &hand).is_ok() && p != &programme));
    }
}
