//! The `meridian-bot` command.

use clap::{Parser, Subcommand};
use meridian_bot::discord::text::{redact, Redacting};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(version, about = "A Discord bot for asynchronous board games (Meridian)")]
struct Cli {
    /// What to do; without one, run the bot.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot (the default). Settings come from the environment and .env: see .env.example.
    Run,
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
}

fn main() -> ExitCode {
    match Cli::parse().command.unwrap_or(Command::Run) {
        Command::Run => run(),
        Command::Replay { file, png } => replay(&file, png.as_deref()),
    }
}

fn run() -> ExitCode {
    // A missing .env is fine: the environment may hold everything.
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,serenity=warn".into()),
        )
        .with_writer(|| Redacting(std::io::stdout()))
        .init();
    let config = match meridian_bot::discord::config::Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let runtime = tokio::runtime::Runtime::new().expect("a Tokio runtime");
    match runtime.block_on(meridian_bot::discord::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "the bot stopped");
            eprintln!("the bot stopped: {}", redact(&format!("{e:#}")));
            ExitCode::from(1)
        }
    }
}

fn replay(file: &Path, png: Option<&Path>) -> ExitCode {
    let text = if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {}: {e}", file.display());
            return ExitCode::from(1);
        }
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
