//! Computer players away from Discord: `demo` plays a whole game of computers and writes its record; `arena` plays
//! players against each other and measures them.
//!
//! Both go through the same seam as the bot ([`Kind`], [`AnyGame`]), so they play every registered game by its name.

use crate::ai::{Level, Player};
use crate::language::Lang;
use crate::rules::{Due, Seat, SeatSet};
use crate::service::game::any::{AnyAction, AnyGame, Reported};
use crate::service::game::Kind;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Actions one offline game may take before it is called off as a draw (random players may wander for long).
pub const MAX_ACTIONS: usize = 5_000;
/// The options every offline game is played with: each game's defaults.
pub const DEFAULT_OPTIONS: &str = "{}";

/// A game played offline.
pub struct Played {
    /// Every action in order.
    pub moves: Vec<(Seat, AnyAction)>,
    /// Who won (empty when the game was called off).
    pub winners: SeatSet,
    /// How long each decision of each seat took.
    pub thinking: Vec<Vec<Duration>>,
}

/// Finds a game by the name its record uses (`meridian`, `contrees`, `dragon-delta`).
pub fn kind(name: &str) -> Result<Kind, String> {
    Kind::named(name).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        format!("there is no game {name:?}: {}", names.join(", "))
    })
}

/// Plays a game of `kind` with `players` in seat order, chance from `seed`; `seen` is shown the game after the
/// set-up and after each action, with what it did.
pub fn play(
    kind: Kind,
    players: &[Player],
    seed: u64,
    mut seen: impl FnMut(&AnyGame, Option<&Reported>),
) -> Result<Played, String> {
    let names = names(players);
    let mut game = kind.start(DEFAULT_OPTIONS, seed, players.len()).map_err(|e| e.to_string())?;
    seen(&game, None);
    let mut played = Played { moves: Vec::new(), winners: SeatSet::EMPTY, thinking: vec![Vec::new(); players.len()] };
    while played.moves.len() < MAX_ACTIONS {
        let seat = match game.due() {
            Due::Seats(seats) => seats.iter().next().ok_or("nobody is due")?,
            Due::Finished { .. } => {
                played.winners = game.winners((0..players.len() as Seat).collect());
                return Ok(played);
            }
        };
        let started = Instant::now();
        let actions =
            game.choose(seat, players[usize::from(seat)], crate::ai::decision_seed(seed, played.moves.len() as u64));
        played.thinking[usize::from(seat)].push(started.elapsed());
        if actions.is_empty() {
            return Err(format!("{} found no action for seat {seat}", players[usize::from(seat)]));
        }
        for action in actions {
            let report = game.apply(seat, &action, &names).map_err(|e| format!("{}: {e}", action.to_json()))?;
            seen(&game, Some(&report));
            played.moves.push((seat, action));
        }
    }
    Ok(played)
}

/// Refuses a number of players the game does not seat.
pub fn check_seats(kind: Kind, players: usize) -> Result<(), String> {
    let seats = kind.players();
    match seats.contains(&players) {
        true => Ok(()),
        false => Err(format!("{} seats {} to {} players, not {players}", kind.title(), seats.start(), seats.end())),
    }
}

/// Players' names in records and pictures: "Computer 1 (normal)".
pub fn names(players: &[Player]) -> Vec<String> {
    players.iter().enumerate().map(|(i, p)| format!("Computer {} ({p})", i + 1)).collect()
}

/// `demo`: a whole game of `players` computers at `level`; returns its record (replayable with `replay`) and, with
/// `png`, writes the board after the set-up and after each action as DIR/000.png, DIR/001.png, …
pub fn demo(
    game: &str,
    players: usize,
    level: Level,
    seed: u64,
    png: Option<&std::path::Path>,
) -> Result<String, String> {
    let kind = kind(game)?;
    check_seats(kind, players)?;
    if let Some(dir) = png {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let seats = vec![Player::Computer(level); players];
    let names = names(&seats);
    let mut written = 0;
    let mut failed = None;
    let played = play(kind, &seats, seed, |game, report| {
        let Some(dir) = png.filter(|_| failed.is_none()) else { return };
        let recent: Vec<&Reported> = report.into_iter().collect();
        let path = dir.join(format!("{written:03}.png"));
        if let Err(e) = std::fs::write(
            &path,
            game.board_picture(&names, &recent, crate::pictures::Reader::standard(Lang::En)).image,
        ) {
            failed = Some(format!("cannot write {}: {e}", path.display()));
        }
        written += 1;
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    kind.export(DEFAULT_OPTIONS, seed, &names, &played.moves).map_err(|e| e.to_string())
}

/// One arena match: `player` in one seat against `against` in every other of `seats`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub player: Player,
    pub against: Player,
    pub seats: usize,
}

impl Match {
    /// Refuses a match `kind` cannot seat, before any game is played.
    pub fn check(self, kind: Kind) -> Result<(), String> {
        check_seats(kind, self.seats)
    }
}

impl std::fmt::Display for Match {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.player, self.against, self.seats)
    }
}

impl std::str::FromStr for Match {
    type Err = String;

    /// Reads `strong:normal:2`.
    fn from_str(text: &str) -> Result<Self, String> {
        match text.split(':').collect::<Vec<_>>()[..] {
            [a, b, seats] => Ok(Match {
                player: player(a)?,
                against: player(b)?,
                seats: seats.parse().map_err(|_| format!("{seats:?} is not a number of seats"))?,
            }),
            _ => Err(format!("{text:?} is not PLAYER:AGAINST:SEATS, e.g. strong:normal:2")),
        }
    }
}

/// One line of the arena's table: how a match went over some games.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub matchup: Match,
    pub games: usize,
    /// Wins, a shared win counting its share.
    pub wins: f64,
    /// Games called off after [`MAX_ACTIONS`].
    pub unfinished: usize,
    /// The median time of the measured player's decisions.
    pub median_move: Duration,
}

impl Standing {
    pub fn rate(&self) -> f64 {
        self.wins / self.games as f64
    }

    /// The 95% Wilson score interval of the win rate.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games as f64)
    }
}

/// The Wilson score interval at 95% for `wins` out of `n`.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.96;
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let p = wins / n;
    let denominator = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One arena game as it ends, for watching a long match: its seed, the measured player's seat and share of the win,
/// and the match so far. Games end out of seed order on several threads. To resume a stopped match, play it again
/// from its first game not told, moved back to a multiple of the seats (game `i` seats the player at `i % seats`),
/// with `--games` less by as many; a game is the same whenever it is played, so add up the shares by seed, each once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EndedGame {
    pub seed: u64,
    pub seat: Seat,
    pub share: f64,
    pub called_off: bool,
    /// Games ended so far in this match, this one included, and the measured player's wins among them.
    pub done: usize,
    pub wins: f64,
}

/// An arena match so far.
struct Tally {
    standing: Standing,
    done: usize,
    /// How long each decision of the measured player took.
    thinking: Vec<Duration>,
    /// The first game that could not be played (a bug: every player makes legal moves), which ends the match.
    failed: Option<String>,
}

/// Plays `games` games of `kind` in `matchup` (its player in each seat in turn) on `threads` threads, telling
/// `on_game` of each as it ends. Game `i` is dealt from seed `seed + i`.
pub fn arena(
    kind: Kind,
    matchup: Match,
    games: usize,
    seed: u64,
    threads: usize,
    on_game: &(dyn Fn(EndedGame) + Sync),
) -> Result<Standing, String> {
    matchup.check(kind)?;
    let Match { player, against, seats } = matchup;
    let next = AtomicUsize::new(0);
    let standing = Standing { matchup, games, wins: 0.0, unfinished: 0, median_move: Duration::ZERO };
    let tally = Mutex::new(Tally { standing, done: 0, thinking: Vec::new(), failed: None });
    let lock = || tally.lock().expect("no thread panics holding it");
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games || lock().failed.is_some() {
                    return;
                }
                let mine = (i % seats) as Seat;
                let players: Vec<Player> =
                    (0..seats as Seat).map(|s| if s == mine { player } else { against }).collect();
                let game_seed = seed.wrapping_add(i as u64);
                let played = play(kind, &players, game_seed, |_, _| {});
                let mut tally = lock();
                match played {
                    Ok(p) => {
                        let share = match p.winners.contains(mine) {
                            true => 1.0 / p.winners.len() as f64,
                            false => 0.0,
                        };
                        let called_off = p.winners.is_empty();
                        tally.standing.wins += share;
                        tally.standing.unfinished += usize::from(called_off);
                        tally.thinking.extend_from_slice(&p.thinking[usize::from(mine)]);
                        tally.done += 1;
                        let (done, wins) = (tally.done, tally.standing.wins);
                        // Told under the lock, so that the running totals come in order.
                        on_game(EndedGame { seed: game_seed, seat: mine, share, called_off, done, wins });
                    }
                    Err(e) => {
                        tally.failed.get_or_insert(e);
                    }
                }
            });
        }
    });
    let Tally { mut standing, mut thinking, failed, .. } = tally.into_inner().expect("no thread panicked holding it");
    if let Some(e) = failed {
        return Err(e);
    }
    thinking.sort();
    standing.median_move = thinking.get(thinking.len() / 2).copied().unwrap_or_default();
    Ok(standing)
}

/// The matches `arena` plays by default for a game seating `players`: `normal` against the yardsticks and against
/// `strong`, two seats each, and `normal` against three greedy players where four may play.
pub fn default_matches(players: std::ops::RangeInclusive<usize>) -> Vec<Match> {
    use Player::{Computer, Greedy, Random};
    let two = |player, against| Match { player, against, seats: 2 };
    let mut matches = vec![
        two(Computer(Level::Normal), Random),
        two(Computer(Level::Normal), Greedy),
        two(Computer(Level::Easy), Random),
        two(Computer(Level::Strong), Computer(Level::Normal)),
    ];
    if players.contains(&4) {
        matches.push(Match { player: Computer(Level::Normal), against: Greedy, seats: 4 });
    }
    matches
}

/// Reads `normal`, `random`, `greedy`… as a player.
pub fn player(name: &str) -> Result<Player, String> {
    match name {
        "random" => Ok(Player::Random),
        "greedy" => Ok(Player::Greedy),
        level => level.parse().map(Player::Computer).map_err(|e| format!("{e}, random or greedy")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_the_published_values() {
        // 8 of 10: [0.490, 0.943] (Wilson 1927; the usual worked example).
        let (low, high) = wilson(8.0, 10.0);
        assert!((low - 0.490).abs() < 1e-3 && (high - 0.943).abs() < 1e-3, "{low} {high}");
        assert_eq!(wilson(0.0, 0.0), (0.0, 1.0));
    }

    /// Six games of chance on three threads end out of order: each told once, with the running totals in order
    /// and the last one the standing's.
    #[test]
    fn the_arena_tells_each_game_once_with_the_match_so_far() {
        let told = Mutex::new(Vec::new());
        let matchup = Match { player: Player::Random, against: Player::Random, seats: 2 };
        let standing = arena(Kind::Meridian, matchup, 6, 40, 3, &|g| told.lock().unwrap().push(g)).unwrap();
        let told = told.into_inner().unwrap();
        let mut seeds: Vec<u64> = told.iter().map(|g| g.seed).collect();
        seeds.sort();
        assert_eq!(seeds, [40, 41, 42, 43, 44, 45]);
        let mut wins = 0.0;
        for (i, g) in told.iter().enumerate() {
            assert_eq!(g.seat, (g.seed - 40) as Seat % 2, "{g:?}");
            wins += g.share;
            assert_eq!((g.done, g.wins), (i + 1, wins), "{g:?}");
        }
        assert_eq!(standing.wins, wins);
        assert_eq!(standing.wins, 2.0, "seeds 40 to 45, by chance");
    }

    #[test]
    fn players_and_matches_read_by_name_and_bad_ones_refused() {
        assert_eq!(player("strong"), Ok(Player::Computer(Level::Strong)));
        assert_eq!(player("greedy"), Ok(Player::Greedy));
        assert_eq!(
            player("genius"),
            Err("there is no level \"genius\": easy, normal or strong, random or greedy".into())
        );
        let strong = Player::Computer(Level::Strong);
        assert_eq!("strong:greedy:4".parse(), Ok(Match { player: strong, against: Player::Greedy, seats: 4 }));
        assert_eq!(
            "strong:normal".parse::<Match>(),
            Err("\"strong:normal\" is not PLAYER:AGAINST:SEATS, e.g. strong:normal:2".into())
        );
        assert_eq!("strong:normal:two".parse::<Match>(), Err("\"two\" is not a number of seats".into()));
    }
}
