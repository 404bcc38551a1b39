//! Information-set Monte Carlo tree search, in its single-observer form (Cowling, Powley & Whitehouse, "Information
//! Set Monte Carlo Tree Search", 2012).
//!
//! One tree of the searching seat's information sets; each playout starts from a fresh [`Game::as_seen_by`] copy,
//! so the tree's statistics average over every way the hidden parts could be. A child is weighed only in the copies
//! where its action is legal (UCB counts its availability, not its parent's visits).
//!
//! Nodes widen progressively: a node weighs about `2√visits` options, the best first. Listed options are ranked
//! once per node by the position each leads to, one move ahead ([`Knowledge::value`] for the seat choosing), and
//! that value counts as one playout of the child (a prior), so that the search looks first where a greedy player
//! would and spends its playouts on the replies that matter. Options too many to list are drawn instead. Another
//! seat's drawn choice (a programme laid in secret while ours is) is treated as
//! chance, never as a reply to ours, since it cannot see ours.
//!
//! [`Game::as_seen_by`]: crate::Game::as_seen_by

use super::{Knowledge, Options};
use crate::seed::Shuffler;
use crate::{Due, Seat};
use std::collections::{HashMap, HashSet};

/// UCB's exploration weight, for values between 0 and 1.
/// (`arena`: normal won 11 of 20 two-player games of Meridian against greedy at 0.7, 18 at 0.3.)
const EXPLORATION: f64 = 0.3;
/// Actions one playout makes at most, whatever the game.
const MAX_PLAYOUT: u32 = 2_000;
/// Playouts a child's prior counts as.
const PRIOR_WEIGHT: f64 = 1.0;

struct Node<A> {
    /// The action leading here (none at the root) and the seat that chose it.
    action: Option<A>,
    mover: Seat,
    visits: u32,
    /// Selections at the parent when this action was legal.
    available: u32,
    /// The sum of the playouts' values to `mover`, its prior included.
    reward: f64,
    /// What the prior counts for in `visits`' stead: [`PRIOR_WEIGHT`], or nothing for an option without one.
    prior_weight: f64,
    children: Vec<usize>,
    /// Each listed option's value one move ahead to the seat choosing here, once weighed.
    priors: HashMap<A, f64>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat, prior: Option<f64>) -> Node<A> {
        let (reward, prior_weight) = prior.map_or((0.0, 0.0), |p| (p * PRIOR_WEIGHT, PRIOR_WEIGHT));
        let children = Vec::new();
        Node { action, mover, visits: 0, available: 1, reward, prior_weight, children, priors: HashMap::new() }
    }

    fn ucb(&self) -> f64 {
        let n = f64::from(self.visits) + self.prior_weight;
        if n == 0.0 {
            return f64::INFINITY;
        }
        self.reward / n + EXPLORATION * (f64::from(self.available).ln() / n).sqrt()
    }
}

/// The action `seat` should choose after `playouts` playouts, deterministic given `seed`; `None` when it is not due
/// or has no action. A single option is returned without searching.
pub fn best<G: Knowledge>(game: &G, seat: Seat, playouts: u32, seed: u64) -> Option<G::Action> {
    if !game.due().allows(seat) {
        return None;
    }
    if let Options::Listed(actions) = game.options(seat) {
        if actions.len() <= 1 {
            return actions.into_iter().next();
        }
    }
    let mut chance = Shuffler::new(seed);
    let mut tree: Vec<Node<G::Action>> = vec![Node::new(None, seat, None)];
    for _ in 0..playouts.max(1) {
        let mut state = game.as_seen_by(seat, &mut chance);
        let mut path = Vec::new();
        let mut at = 0;
        // Down the tree while every option of the node has been tried, then one new child.
        while let Some(mover) = mover(&state, (at == 0).then_some(seat)) {
            let options = state.options(mover);
            if matches!(options, Options::Drawn) && mover != seat {
                let Some(action) = state.draw(mover, &mut chance) else { break };
                if state.apply(mover, &action).is_err() {
                    break;
                }
                continue;
            }
            let Some((child, fresh)) = select(&mut tree, at, mover, options, &state, &mut chance) else { break };
            let action = tree[child].action.clone().expect("children have actions");
            if state.apply(mover, &action).is_err() {
                break;
            }
            path.push(child);
            at = child;
            if fresh {
                break;
            }
        }
        let from = state.clone();
        let mut steps = 0;
        while steps < MAX_PLAYOUT && !state.playout_done(&from, steps) {
            let Some(mover) = mover(&state, None) else { break };
            let Some(action) = state.playout(mover, &mut chance) else { break };
            if state.apply(mover, &action).is_err() {
                break;
            }
            steps += 1;
        }
        let value = state.value();
        for &n in &path {
            let node = &mut tree[n];
            node.visits += 1;
            node.reward += value[usize::from(node.mover)];
        }
        tree[0].visits += 1;
    }
    // The most tried action: the one the search trusts most; ties go to the first tried.
    let children = &tree[0].children;
    let most = children.iter().copied().max_by_key(|&c| (tree[c].visits, std::cmp::Reverse(c)))?;
    tree[most].action.clone()
}

/// Who acts next: `first` when it is due (the searching seat at the root), else the first seat due.
fn mover<G: Knowledge>(state: &G, first: Option<Seat>) -> Option<Seat> {
    match state.due() {
        Due::Seats(seats) => first.filter(|&s| seats.contains(s)).or_else(|| seats.iter().next()),
        Due::Finished { .. } => None,
    }
}

/// How many options a node with `visits` playouts weighs.
fn width(visits: u32) -> usize {
    1 + 2 * (f64::from(visits).sqrt() as usize)
}

/// The child of `at` to follow for `mover`, and whether it is new: the best option not tried yet while the node may
/// widen, else the available child with the best UCB. `None` when there is no option.
fn select<G: Knowledge>(
    tree: &mut Vec<Node<G::Action>>,
    at: usize,
    mover: Seat,
    options: Options<G::Action>,
    state: &G,
    chance: &mut Shuffler,
) -> Option<(usize, bool)> {
    let mine: Vec<usize> = tree[at].children.iter().copied().filter(|&c| tree[c].mover == mover).collect();
    let widen = mine.len() < width(tree[at].visits);
    let (available, fresh) = match options {
        Options::Listed(actions) => {
            let listed: HashSet<&G::Action> = actions.iter().collect();
            let available: Vec<usize> =
                mine.into_iter().filter(|&c| tree[c].action.as_ref().is_some_and(|a| listed.contains(a))).collect();
            let fresh = match widen || available.is_empty() {
                true => {
                    let tried = available_actions(tree, &available);
                    best_untried(&mut tree[at], &tried, actions, mover, state)
                }
                false => None,
            };
            (available, fresh)
        }
        Options::Drawn => {
            let drawn = if widen { state.draw(mover, chance) } else { None };
            match drawn {
                Some(action) => match mine.iter().find(|&&c| tree[c].action.as_ref() == Some(&action)) {
                    Some(&again) => (vec![again], None),
                    None => (mine, Some((action, None))),
                },
                None => (mine, None),
            }
        }
    };
    if let Some((action, prior)) = fresh {
        tree.push(Node::new(Some(action), mover, prior));
        let child = tree.len() - 1;
        tree[at].children.push(child);
        return Some((child, true));
    }
    for &c in &available {
        tree[c].available += 1;
    }
    let best = available.iter().copied().fold(None, |best: Option<usize>, c| match best {
        Some(b) if tree[b].ucb() >= tree[c].ucb() => Some(b),
        _ => Some(c),
    })?;
    Some((best, false))
}

fn available_actions<A: Clone + Eq + std::hash::Hash>(tree: &[Node<A>], available: &[usize]) -> HashSet<A> {
    available.iter().filter_map(|&c| tree[c].action.clone()).collect()
}

/// The untried option of `actions` whose position one move ahead is worth most to `mover`, with that worth (first
/// listed among equals); options are weighed once per node.
fn best_untried<G: Knowledge>(
    node: &mut Node<G::Action>,
    tried: &HashSet<G::Action>,
    actions: Vec<G::Action>,
    mover: Seat,
    state: &G,
) -> Option<(G::Action, Option<f64>)> {
    let mut best: Option<(G::Action, f64)> = None;
    for action in actions.into_iter().filter(|a| !tried.contains(a)) {
        let prior = *node.priors.entry(action.clone()).or_insert_with(|| {
            let mut after = state.clone();
            after.apply(mover, &action).map_or(0.0, |_| after.value()[usize::from(mover)])
        });
        if best.as_ref().is_none_or(|(_, b)| prior > *b) {
            best = Some((action, prior));
        }
    }
    best.map(|(a, p)| (a, Some(p)))
}
