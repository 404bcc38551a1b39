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
// Fx hashing: the search hashes moves millions of times a decision, and no one outside chooses them.
use rustc_hash::{FxHashMap, FxHashSet};

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
    priors: FxHashMap<A, f64>,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat, prior: Option<f64>) -> Node<A> {
        let (reward, prior_weight) = prior.map_or((0.0, 0.0), |p| (p * PRIOR_WEIGHT, PRIOR_WEIGHT));
        let children = Vec::new();
        Node { action, mover, visits: 0, available: 1, reward, prior_weight, children, priors: FxHashMap::default() }
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
    let tree = grow(game, seat, playouts, seed, Sight::Seat, None);
    tree[most_tried(&tree)?].action.clone()
}

/// A move judged once its game is over: the mover's share of the win (its chance to win, or its expected share of
/// a shared win), as the search estimates it with everything revealed.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged<A> {
    /// The position's worth before the move, as the search played on from it (every option it tried weighed by
    /// how often it tried it).
    pub before: f64,
    /// After the move played.
    pub after: f64,
    /// After the move the search found best (the one it tried most), and that move.
    pub best: f64,
    pub best_action: A,
}

/// `played`, chosen by `seat` in `game`, judged by a search of `playouts` playouts that sees every hidden part of
/// the game (its deck orders, the programmes laid): the game is over when a move is judged. The move played is
/// always among the options weighed. `None` when `seat` is not due.
pub fn judge<G: Knowledge>(
    game: &G,
    seat: Seat,
    played: &G::Action,
    playouts: u32,
    seed: u64,
) -> Option<Judged<G::Action>> {
    if !game.due().allows(seat) {
        return None;
    }
    let mut search = Search::new(game, seat, seed, Sight::Everything, Some(played.clone()));
    for _ in 0..playouts.max(1) {
        search.playout(None);
    }
    let before = root_worth(&search.tree);
    let best = most_tried(&search.tree)?;
    // The move played (the root's first child) is weighed on as many playouts as the best one, up to a share of the
    // budget: its cost is then no noisier than the best move's worth.
    search.weigh(PLAYED, search.tree[best].visits.min(playouts / PLAYED_SHARE));
    Some(Judged {
        before: before.unwrap_or_else(|| search.mean(best)),
        after: search.mean(PLAYED),
        best: search.mean(best),
        best_action: search.tree[best].action.clone()?,
    })
}

/// Every listed option of `seat` here, judged by one search that sees everything (as [`judge`]), in the game's
/// order: the mover's share of the win after each. All options are the root's children from the start; after the
/// budget's `playouts`, each is weighed on [`EACH_AT_LEAST`] playouts, and the [`CONTENDERS`] worth most then, and
/// `played`, on as many as [`judge`] weighs a move played: the options near the best are measured as closely as a
/// move is in an analysis, the others (most of Meridian's hundreds) enough to tell them far below. `None` when
/// `seat` is not due or its options are too many to list.
pub fn judge_each<G: Knowledge>(
    game: &G,
    seat: Seat,
    played: &G::Action,
    playouts: u32,
    seed: u64,
) -> Option<Vec<(G::Action, f64)>> {
    let Options::Listed(actions) = game.options(seat) else { return None };
    if !game.due().allows(seat) {
        return None;
    }
    let mut search = Search::new(game, seat, seed, Sight::Everything, None);
    let children: Vec<usize> = actions.iter().map(|a| search.root_child(a.clone())).collect();
    for _ in 0..playouts.max(1) {
        search.playout(None);
    }
    for &child in &children {
        search.weigh(child, EACH_AT_LEAST);
    }
    let mut ranked = children.clone();
    ranked.sort_by(|&a, &b| search.mean(b).total_cmp(&search.mean(a)));
    let played = children.iter().copied().find(|&c| search.tree[c].action.as_ref() == Some(played));
    for child in ranked.into_iter().take(CONTENDERS).chain(played) {
        search.weigh(child, playouts / PLAYED_SHARE);
    }
    Some(actions.into_iter().zip(children).map(|(action, child)| (action, search.mean(child))).collect())
}

/// Playouts each option is weighed on at least when every option is judged ([`judge_each`]).
const EACH_AT_LEAST: u32 = 4;
/// The options judged worth most after that, weighed again as closely as a move played: the near-best options a
/// puzzle's answer turns on (a puzzle allows three within 3 points of the best), and as many again.
const CONTENDERS: usize = 8;

/// Where a judged move's node is: the root's first child.
const PLAYED: usize = 1;
/// The played move is weighed on at most the budget divided by this, beyond the budget ([`judge`]).
const PLAYED_SHARE: u32 = 2;

/// The root's worth to its seat from its playouts alone (every option tried weighed by how often it was tried,
/// without the children's priors); `None` before any playout went through a child.
fn root_worth<A: Eq + std::hash::Hash>(tree: &[Node<A>]) -> Option<f64> {
    let children = &tree[0].children;
    let tried: f64 = children.iter().map(|&c| f64::from(tree[c].visits)).sum();
    let prior = |c: usize| tree[c].action.as_ref().and_then(|a| tree[0].priors.get(a)).copied().unwrap_or(0.0);
    let won: f64 = children.iter().map(|&c| tree[c].reward - tree[c].prior_weight * prior(c)).sum();
    (tried > 0.0).then(|| won / tried)
}

/// How much of the game a search sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sight {
    /// What the searching seat may see: every playout deals the hidden parts afresh.
    Seat,
    /// Everything: the game as it is (for judging the moves of a finished game).
    Everything,
}

/// The root child the search trusts most: the most tried, ties to the first tried.
fn most_tried<A>(tree: &[Node<A>]) -> Option<usize> {
    tree[0].children.iter().copied().max_by_key(|&c| (tree[c].visits, std::cmp::Reverse(c)))
}

/// A search under way: its tree, and what each playout starts from.
struct Search<'g, G: Knowledge> {
    game: &'g G,
    seat: Seat,
    sight: Sight,
    chance: Shuffler,
    tree: Vec<Node<G::Action>>,
}

/// The search's tree after `playouts` playouts for `seat`, seeing what `sight` allows; with `first`, that action is
/// the root's first child whatever its worth.
fn grow<G: Knowledge>(
    game: &G,
    seat: Seat,
    playouts: u32,
    seed: u64,
    sight: Sight,
    first: Option<G::Action>,
) -> Vec<Node<G::Action>> {
    let mut search = Search::new(game, seat, seed, sight, first);
    for _ in 0..playouts.max(1) {
        search.playout(None);
    }
    search.tree
}

impl<'g, G: Knowledge> Search<'g, G> {
    fn new(game: &'g G, seat: Seat, seed: u64, sight: Sight, first: Option<G::Action>) -> Search<'g, G> {
        let tree: Vec<Node<G::Action>> = vec![Node::new(None, seat, None)];
        let mut search = Search { game, seat, sight, chance: Shuffler::new(seed), tree };
        if let Some(action) = first {
            search.root_child(action);
        }
        search
    }

    /// Adds `action` as the root's next child, its prior weighed: its index.
    fn root_child(&mut self, action: G::Action) -> usize {
        let mut after = self.game.clone();
        let prior = after.apply(self.seat, &action).map_or(0.0, |_| after.value()[usize::from(self.seat)]);
        self.tree[0].priors.insert(action.clone(), prior);
        self.tree.push(Node::new(Some(action), self.seat, Some(prior)));
        let child = self.tree.len() - 1;
        self.tree[0].children.push(child);
        child
    }

    /// The mean value to the searching seat of the playouts through node `n`, its prior included.
    fn mean(&self, n: usize) -> f64 {
        let node = &self.tree[n];
        node.reward / (f64::from(node.visits) + node.prior_weight).max(1.0)
    }

    /// Playouts through the root's child `child` until it has `visits`.
    fn weigh(&mut self, child: usize, visits: u32) {
        for _ in self.tree[child].visits..visits {
            self.playout(Some(child));
        }
    }

    /// One playout: down the tree (through the root's child `through` when given), one new child, then played out
    /// to the end or until the game's knowledge values it; its value is counted along the way down.
    fn playout(&mut self, through: Option<usize>) {
        let mut state = match self.sight {
            Sight::Seat => self.game.as_seen_by(self.seat, &mut self.chance),
            Sight::Everything => self.game.clone(),
        };
        let path = self.descend(&mut state, through);
        let judged = match self.sight {
            Sight::Everything => state.judging_value(),
            Sight::Seat => None,
        };
        let value = judged.unwrap_or_else(|| self.played_out(state));
        for &n in &path {
            let node = &mut self.tree[n];
            node.visits += 1;
            node.reward += value[usize::from(node.mover)];
        }
        self.tree[0].visits += 1;
    }

    /// `state` played out to the end, or until the game's knowledge values it: its value.
    fn played_out(&mut self, mut state: G) -> Vec<f64> {
        let from = state.clone();
        let mut steps = 0;
        while steps < MAX_PLAYOUT && !state.playout_done(&from, steps) {
            let Some(mover) = mover(&state, None) else { break };
            let Some(action) = state.playout(mover, &mut self.chance) else { break };
            if state.apply(mover, &action).is_err() {
                break;
            }
            steps += 1;
        }
        state.value()
    }

    /// Down the tree while every option of the node has been tried, then one new child: the nodes passed.
    fn descend(&mut self, state: &mut G, through: Option<usize>) -> Vec<usize> {
        let (tree, chance) = (&mut self.tree, &mut self.chance);
        let mut path = Vec::new();
        let mut at = 0;
        while let Some(mover) = mover(state, (at == 0).then_some(self.seat)) {
            let options = state.options(mover);
            if matches!(options, Options::Drawn) && mover != self.seat {
                let Some(action) = state.draw(mover, chance) else { break };
                if state.apply(mover, &action).is_err() {
                    break;
                }
                continue;
            }
            let chosen = match through.filter(|_| at == 0) {
                Some(child) => Some((child, false)),
                None => select(tree, at, mover, options, state, chance),
            };
            let Some((child, fresh)) = chosen else { break };
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
        path
    }
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
            let listed: FxHashSet<&G::Action> = actions.iter().collect();
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

fn available_actions<A: Clone + Eq + std::hash::Hash>(tree: &[Node<A>], available: &[usize]) -> FxHashSet<A> {
    available.iter().filter_map(|&c| tree[c].action.clone()).collect()
}

/// The untried option of `actions` whose position one move ahead is worth most to `mover`, with that worth (first
/// listed among equals); options are weighed once per node.
fn best_untried<G: Knowledge>(
    node: &mut Node<G::Action>,
    tried: &FxHashSet<G::Action>,
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
