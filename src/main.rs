//! The `meridian-bot` command.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use meridian_bot::analyse::check::Check;
use meridian_bot::config::{self, Config, Database, LogFormat};
use meridian_bot::discord::text::{redact, Redacting};
use meridian_bot::offline;
use meridian_bot::service::analysis::Judging;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(version, about = about())]
struct Cli {
    /// What to do; without one, run the bot.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot (the default). Settings come from these options, the environment and .env: see .env.example.
    Run(Box<Config>),
    /// Compute every player's rating again from the finished games in the store (DATABASE_URL, as the bot reads
    /// it): the same numbers the bot keeps as games finish, and ratings for games finished before it kept them.
    Rerate(Database),
    /// Copy the SQLite database (DATABASE_URL, as the bot reads it) to FILE as it stands at one moment, while the bot
    /// runs. FILE must not exist. Restore by stopping the bot and putting the copy in the database's place.
    ///
    /// Exit status: 0 when copied, 1 when it could not be (FILE exists, the disk is full…), 2 for a PostgreSQL
    /// database (use pg_dump).
    Backup {
        /// Where to write the copy.
        file: PathBuf,
        #[command(flatten)]
        database: Database,
    },
    /// Play a game record and print the position it reaches as JSON.
    ///
    /// Exit status: 0 when every move applied, 1 when FILE cannot be read or an image cannot be written, 2 when the
    /// record is invalid, 3 when a move is illegal (the message starts `move K:`, counting from 0).
    Replay {
        /// The record file, or `-` for standard input.
        file: PathBuf,
        /// Also write the board after the set-up and after each move as DIR/000.png, DIR/001.png, …
        #[arg(long, value_name = "DIR")]
        png: Option<PathBuf>,
    },
    /// Judge every move of a finished game's record as the bot's analysis does, and print one JSON line per move
    /// that had a choice: {"move": K, "seat", "before", "after", "best", "best_move"} (the mover's share of the
    /// win before the move, after it and after the best move, 0–1; K counts from 0; the best move as the record
    /// writes a move), then one line per seat: {"seat", "costliest": [K, …]}, costliest first.
    ///
    /// Exit status: 0 when judged, 1 when FILE cannot be read, 2 when the record is invalid, 3 when a move is
    /// illegal.
    Analyse {
        /// The record file, or `-` for standard input.
        file: PathBuf,
        /// Chance's seed (the bot's is 0, the default).
        #[arg(long, default_value_t = Judging::BOT.seed)]
        seed: u64,
        /// Playouts a move (default: the game's own, as the bot judges).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        playouts: Option<u32>,
    },
    /// Measure how far the analysis can be trusted: play games of computers of one level, analyse each twice with
    /// two seeds, and print how often the runs name the same costliest move per seat, how far apart their curves
    /// are, and how often a chance judged in each tenth came true.
    CheckAnalysis {
        /// The game, by the name its records use.
        #[arg(value_parser = game_names())]
        game: String,
        /// Games to play and analyse.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// How many play each game.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The computers' level: easy, normal or strong.
        #[arg(long, default_value_t = meridian_bot::ai::Level::Easy)]
        level: meridian_bot::ai::Level,
        /// The first game's seed; game i is dealt from seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Playouts a move (default: the game's own).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        playouts: Option<u32>,
        /// Measure the judge's own shares, uncalibrated (each game analysed once), and print a calibration's knots
        /// from them.
        #[arg(long)]
        fit: bool,
        /// Games analysed at once (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Play a whole game of computer players offline and print its record (replayable with `replay`).
    Demo {
        /// The game, by the name its records use.
        #[arg(value_parser = game_names())]
        game: String,
        /// How many play.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The computers' level: easy, normal or strong.
        #[arg(long, default_value_t = meridian_bot::ai::Level::DEFAULT)]
        level: meridian_bot::ai::Level,
        /// The game's seed (decks, seat colours, every decision).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also write the board after the set-up and after each action as DIR/000.png, DIR/001.png, …
        #[arg(long, value_name = "DIR")]
        png: Option<PathBuf>,
    },
    /// Play computer players against each other and against random and greedy players; print win rates with 95%
    /// confidence intervals and each player's median time a move.
    Arena {
        /// The game, by the name its records use.
        #[arg(value_parser = game_names())]
        game: String,
        /// Games per match.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// One match, PLAYER:AGAINST:SEATS (players: easy, normal, strong, random, greedy), e.g. strong:normal:2;
        /// repeat for several. Default: normal against random and greedy, easy against random, strong against
        /// normal, in two seats, and normal against three greedy players where four may play.
        #[arg(long = "match", value_name = "MATCH")]
        matches: Vec<offline::Match>,
        /// The first game's seed; game i is dealt from seed + i.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
    },
}

fn main() -> ExitCode {
    // Before the settings are read, which .env may hold. A missing .env is fine: the environment may hold them all.
    let _ = dotenvy::dotenv();
    let cli = Cli::command().mut_subcommands(config::blank_is_unset).get_matches();
    let cli = Cli::from_arg_matches(&cli).unwrap_or_else(|e| e.exit());
    match cli.command {
        None => run(Config::from_env().unwrap_or_else(|e| e.exit())),
        Some(Command::Run(config)) => run(*config),
        Some(Command::Rerate(database)) => rerate(&database.url),
        Some(Command::Backup { file, database }) => backup(&database.url, &file),
        Some(Command::Replay { file, png }) => replay(&file, png.as_deref()),
        Some(Command::Analyse { file, seed, playouts }) => analyse(&file, Judging { seed, playouts, ..Judging::BOT }),
        Some(Command::CheckAnalysis { game, games, players, level, seed, playouts, fit, threads }) => {
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
            let kind = meridian_bot::offline::kind(&game).expect("clap checked the name");
            let seeds = CHECK_SEEDS;
            let check = Check { kind, players, games, level, seed, seeds, playouts, raw: fit, threads };
            check_analysis(check)
        }
        Some(Command::Demo { game, players, level, seed, png }) => {
            match offline::demo(&game, players, level, seed, png.as_deref()) {
                Ok(record) => {
                    let _ = writeln!(std::io::stdout().lock(), "{record}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Arena { game, games, matches, seed, threads }) => {
            match arena(&game, games, matches, seed, threads) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// What the bot is, naming every game.
fn about() -> String {
    let titles: Vec<&str> = meridian_bot::service::game::Kind::ALL.iter().map(|k| k.title()).collect();
    let titles = meridian_bot::language::List::and(titles);
    let games = meridian_bot::language::Lang::En.say(&meridian_bot::text!("play-lines", lines = titles));
    format!("A Discord bot for asynchronous board games: {games}")
}

/// Every game's name, as `demo` and `arena` take it (and `--help` lists it).
fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(meridian_bot::service::game::Kind::ALL.iter().map(|k| k.name()))
}

/// Plays the arena's matches and prints a line for each as it ends.
fn arena(
    game: &str,
    games: usize,
    matches: Vec<offline::Match>,
    seed: u64,
    threads: Option<usize>,
) -> Result<(), String> {
    let kind = offline::kind(game)?;
    let matches = match matches.is_empty() {
        true => offline::default_matches(kind.players()),
        false => matches,
    };
    for matchup in &matches {
        matchup.check(kind)?;
    }
    let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    println!("{} — {games} games a match, seeds from {seed}", kind.title());
    println!(
        "{:<8} {:<8} {:>5} {:>7} {:>7} {:>17} {:>10}",
        "player", "against", "seats", "wins", "rate", "95% interval", "move"
    );
    for matchup in matches {
        let tell = |g: offline::EndedGame| {
            let off = if g.called_off { " (called off)" } else { "" };
            eprintln!(
                "{matchup} seed {} seat {}: {:.2}{off}; {:.2} of {} so far",
                g.seed, g.seat, g.share, g.wins, g.done
            );
        };
        let s = offline::arena(kind, matchup, games, seed, threads, &tell)?;
        let (low, high) = s.interval();
        let unfinished = match s.unfinished {
            0 => String::new(),
            n => format!("  ({n} called off)"),
        };
        println!(
            "{:<8} {:<8} {:>5} {:>7.1} {:>6.1}% {:>7.1}%–{:>5.1}% {:>8.1}ms{unfinished}",
            s.matchup.player.to_string(),
            s.matchup.against.to_string(),
            s.matchup.seats,
            s.wins,
            100.0 * s.rate(),
            100.0 * low,
            100.0 * high,
            s.median_move.as_secs_f64() * 1000.0
        );
    }
    Ok(())
}

/// The two seeds `check-analysis` analyses each game with.
const CHECK_SEEDS: [u64; 2] = [Judging::BOT.seed, 1];

fn analyse(file: &Path, judging: Judging) -> ExitCode {
    let text = match read(file) {
        Ok(text) => text,
        Err(status) => return status,
    };
    match meridian_bot::analyse::analyse(&text, judging) {
        Ok(lines) => {
            let mut out = std::io::stdout().lock();
            for line in lines {
                // A closed pipe is the reader's choice.
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(meridian_bot::replay::Failure::from(e).exit_status())
        }
    }
}

/// Runs a check and prints its tables.
fn check_analysis(check: Check) -> ExitCode {
    use meridian_bot::analyse::check::Checked;
    if let Err(e) = meridian_bot::offline::check_seats(check.kind, check.players) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    let Check { kind, players, games, level, seed, seeds, raw, .. } = check;
    let runs = match raw {
        true => format!("analysed once with seed {}, uncalibrated", seeds[0]),
        false => format!("analysed with seeds {} and {}", seeds[0], seeds[1]),
    };
    println!("{} for {players}: {games} games of {level} computers, seeds from {seed}, {runs}", kind.title());
    let checked = match check.run() {
        Ok(checked) => checked,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    println!("games analysed: {} (median {:.2} s each)", checked.games, Checked::quantile(&checked.seconds, 0.5));
    if !check.raw {
        repeatable(&checked);
    }
    print_tenths(&checked.tenths());
    if check.raw {
        let knots = checked.fit();
        let written: Vec<String> = knots.iter().map(|(x, y)| format!("({x:.3}, {y:.3})")).collect();
        println!("calibration: &[{}]", written.join(", "));
        println!("these games read through it:");
        print_tenths(&checked.tenths_through(&knots));
    }
    ExitCode::SUCCESS
}

/// Prints, for each tenth of the chances judged, its moves, its players' games, the mean chance and the share won.
fn print_tenths(tenths: &[meridian_bot::analyse::check::Tenth]) {
    println!("{:<9} {:>6} {:>6} {:>8} {:>6}", "chance", "moves", "games", "judged", "won");
    for (i, t) in tenths.iter().enumerate() {
        let tenth = format!("{}–{}%", 10 * i, 10 * (i + 1));
        println!("{tenth:<9} {:>6} {:>6} {:>7.1}% {:>5.1}%", t.moves, t.games, 100.0 * t.judged, 100.0 * t.won);
    }
}

/// Prints how far the two runs of a check agree.
fn repeatable(checked: &meridian_bot::analyse::check::Checked) {
    let q = meridian_bot::analyse::check::Checked::quantile;
    let pc = |x: f64| 100.0 * x;
    println!(
        "same costliest move: {} of {} seats ({:.1}%); a run names one in {}",
        checked.agreeing,
        checked.seats,
        pc(checked.agreeing as f64 / checked.seats.max(1) as f64),
        checked.naming
    );
    let (curves, costs) = (&checked.curve_gaps, &checked.cost_gaps);
    println!(
        "curves apart: median {:.1} points, 90% {:.1}, 99% {:.1}",
        pc(q(curves, 0.5)),
        pc(q(curves, 0.9)),
        pc(q(curves, 0.99))
    );
    println!(
        "costs apart: median {:.1} points, 95% {:.1}, 99% {:.1}",
        pc(q(costs, 0.5)),
        pc(q(costs, 0.95)),
        pc(q(costs, 0.99))
    );
}

fn run(config: Config) -> ExitCode {
    start_logging(config.log_format);
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    match runtime.block_on(meridian_bot::app::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "the bot stopped");
            eprintln!("the bot stopped: {}", redact(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}

/// Logs to standard output, the token never in them: as text, or one JSON object per line (for log shippers).
fn start_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,serenity=warn".into());
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(|| Redacting(std::io::stdout()));
    match format {
        LogFormat::Text => logs.init(),
        LogFormat::Json => logs.json().flatten_event(true).with_current_span(false).init(),
    }
}

fn backup(database_url: &str, file: &Path) -> ExitCode {
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    match runtime.block_on(meridian_bot::store::backup::backup(database_url, file)) {
        Ok(()) => {
            println!("copied to {}", file.display());
            ExitCode::SUCCESS
        }
        Err(e @ meridian_bot::store::StoreError::NotSqlite) => {
            eprintln!("backup: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("backup failed: {}", redact(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}

fn rerate(database_url: &str) -> ExitCode {
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    match runtime.block_on(meridian_bot::app::rerate(database_url)) {
        Ok(games) => {
            println!("rated {games} games");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rerate failed: {}", redact(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}

/// A record's text from FILE, or standard input for `-`; when it cannot be read, says so and gives exit status 1.
fn read(file: &Path) -> Result<String, ExitCode> {
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(file)
    };
    text.map_err(|e| {
        eprintln!("cannot read {}: {e}", file.display());
        ExitCode::from(1)
    })
}

fn replay(file: &Path, png: Option<&Path>) -> ExitCode {
    let text = match read(file) {
        Ok(text) => text,
        Err(status) => return status,
    };
    match meridian_bot::replay::run(&text, png) {
        Ok(position) => {
            let text = serde_json::to_string_pretty(&position).expect("JSON values print");
            // A closed pipe (`replay … | head`) is the reader's choice, not an error worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_status())
        }
    }
}
