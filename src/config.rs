//! The process's settings, each declared once below with clap (its variable, default, help, and the error a bad
//! value gets), read from the environment (and `.env`) or from `meridian-bot run`'s options, which
//! `meridian-bot run --help` lists; `.env.example` explains them. A blank variable (`GUILD_ID=`) counts as unset.

use crate::web::limits::{Proxies, LOCAL_PROXIES};
use clap::builder::TypedValueParser as _;
use clap::{CommandFactory as _, FromArgMatches as _};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to reach Discord, where games are kept, where pages are served. Each setting's value name is its variable's
/// name, so that clap's errors name the variable.
#[derive(Clone, clap::Parser)]
#[command(name = "meridian-bot")]
pub struct Config {
    /// The bot's token: in Discord's developer portal, your application, Bot, Reset Token. Required.
    // Unset, it reads as blank, which `token` refuses saying how to get one (clap's "required" would not say).
    #[arg(long = "discord-token", env = "DISCORD_TOKEN", value_name = "DISCORD_TOKEN", hide_env_values = true)]
    #[arg(default_value = "", hide_default_value = true, value_parser = token)]
    pub token: String,
    #[command(flatten)]
    pub database: Database,
    /// Register the commands in this server only (they appear at once) instead of globally (up to an hour).
    #[arg(long = "guild-id", env = "GUILD_ID", value_name = "GUILD_ID")]
    #[arg(value_parser = parsed::<u64>("GUILD_ID must be a server id (a number)"))]
    pub guild_id: Option<u64>,
    /// Tests only: an http://host:port replacing Discord's address for HTTP and the gateway.
    #[arg(long = "discord-api-base", env = "DISCORD_API_BASE", value_name = "DISCORD_API_BASE")]
    #[arg(value_parser = http("DISCORD_API_BASE must look like http://127.0.0.1:3000"))]
    pub api_base: Option<String>,
    /// Tests only: a file holding the time (Unix milliseconds) to use instead of the system clock, for end-to-end
    /// tests of reminders and turn limits.
    #[arg(long = "fake-clock-file", env = "FAKE_CLOCK_FILE", value_name = "FAKE_CLOCK_FILE")]
    pub clock_file: Option<PathBuf>,
    /// The gateway shards this process runs, first-last/total (0-1/4: shards 0 and 1 of 4; 2/4: shard 2 alone);
    /// unset, all of them, as many as Discord recommends.
    #[arg(long, env = "SHARDS", value_name = "SHARDS", value_parser = parsed::<Shards>(SHARDS_ERROR))]
    pub shards: Option<Shards>,
    /// Where this process serves game pages, e.g. 127.0.0.1:8080 (it needs PUBLIC_URL); unset, it serves none.
    #[arg(long = "web-addr", env = "WEB_ADDR", value_name = "WEB_ADDR", requires = "public_url")]
    #[arg(value_parser = parsed::<SocketAddr>("WEB_ADDR must be an address and port to listen on, like 127.0.0.1:8080"))]
    pub web_addr: Option<SocketAddr>,
    /// The http:// or https:// address players reach game pages by, e.g. https://games.example.org (served here
    /// with WEB_ADDR, by another process sharing the database without); unset, games have no page.
    #[arg(long = "public-url", env = "PUBLIC_URL", value_name = "PUBLIC_URL")]
    #[arg(value_parser = http("PUBLIC_URL must be the http:// or https:// address players reach WEB_ADDR by"))]
    pub public_url: Option<String>,
    /// The reverse proxies believed about whom they forward (X-Forwarded-For): addresses and networks, separated
    /// by commas or spaces.
    #[arg(long = "trusted-proxies", env = "TRUSTED_PROXIES", value_name = "TRUSTED_PROXIES")]
    #[arg(default_value = LOCAL_PROXIES, value_parser = proxies)]
    pub proxies: Proxies,
    /// The first wait, in milliseconds, before trying again to register the commands while Discord fails (it
    /// doubles each time). Tests against a fake Discord make it short.
    #[arg(long = "register-retry-ms", env = "REGISTER_RETRY_MS", value_name = "REGISTER_RETRY_MS")]
    #[arg(default_value = "1000", value_parser = parsed::<u64>("REGISTER_RETRY_MS must be a number of milliseconds")
        .map(Duration::from_millis))]
    pub register_wait: Duration,
    /// Where the operator's endpoints are served (health, readiness, metrics), e.g. 127.0.0.1:9090; unset, they
    /// are not.
    #[arg(long = "ops-addr", env = "OPS_ADDR", value_name = "OPS_ADDR")]
    #[arg(value_parser = parsed::<SocketAddr>("OPS_ADDR must be an address and port to listen on, like 127.0.0.1:9090"))]
    pub ops_addr: Option<SocketAddr>,
    /// The logs' format: text, or json (one JSON object per line, for log shippers).
    #[arg(long = "log-format", env = "LOG_FORMAT", value_name = "LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,
}

/// Where games are kept: what `rerate` and `backup` read too.
#[derive(Clone, clap::Args)]
pub struct Database {
    /// Where games are kept: sqlite://FILE (created with its folder when missing) or, for several processes on one
    /// database, postgres://user:password@host/dbname.
    #[arg(long = "database-url", env = "DATABASE_URL", value_name = "DATABASE_URL", hide_env_values = true)]
    #[arg(default_value = DEFAULT_DATABASE_URL, value_parser = trimmed)]
    pub url: String,
}

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/meridian.db";

/// How the logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    /// Reads the settings from the environment alone, as `meridian-bot` without a command does.
    pub fn from_env() -> Result<Config, clap::Error> {
        let matches = blank_is_unset(Config::command()).try_get_matches_from(["meridian-bot"])?;
        Config::from_arg_matches(&matches)
    }
}

/// `command` reading a blank variable (`GUILD_ID=`, as a copied `.env.example` leaves some) as unset, as the bot
/// always has, rather than as a value to check.
pub fn blank_is_unset(command: clap::Command) -> clap::Command {
    command.mut_args(|arg| {
        let value = arg.get_env().and_then(std::env::var_os);
        match value.is_some_and(|v| v.to_str().is_some_and(|v| v.trim().is_empty())) {
            true => arg.env(None::<&str>),
            false => arg,
        }
    })
}

/// A value parser of `T` (after trimming), refusing what does not read as one with `error`.
fn parsed<T: std::str::FromStr + Clone + Send + Sync + 'static>(
    error: &'static str,
) -> impl Fn(&str) -> Result<T, &'static str> + Clone + Send + Sync + 'static {
    move |value| value.trim().parse().map_err(|_| error)
}

/// A value parser of an http:// or https:// address, given without its trailing `/`, refusing others with `error`.
fn http(error: &'static str) -> impl Fn(&str) -> Result<String, &'static str> + Clone + Send + Sync + 'static {
    move |value| {
        let url = value.trim();
        let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
        match rest.is_none_or(|r| r.is_empty() || r.contains(char::is_whitespace)) {
            true => Err(error),
            false => Ok(url.trim_end_matches('/').to_string()),
        }
    }
}

fn trimmed(value: &str) -> Result<String, std::convert::Infallible> {
    Ok(value.trim().to_string())
}

fn token(value: &str) -> Result<String, &'static str> {
    match value.trim() {
        "" => Err("DISCORD_TOKEN is not set. Create an application in Discord's developer portal, add a bot to it, \
                   copy the bot's token and put it in .env as DISCORD_TOKEN=… (see .env.example and README.md)."),
        token => Ok(token.to_string()),
    }
}

fn proxies(value: &str) -> Result<Proxies, String> {
    Proxies::parse(value).map_err(|item| {
        format!(
            "TRUSTED_PROXIES must list addresses and networks of reverse proxies, like 10.0.0.5, 192.168.0.0/16; \
             {item:?} is neither"
        )
    })
}

/// A range of gateway shards, `first-last/total` (`0-1/4`: shards 0 and 1 of 4; `2/4`: shard 2 alone). Processes
/// sharing one database each run their own range; Discord sends each server's events to shard
/// `(server id >> 22) % total` and private messages to shard 0, and any process can answer anything since the
/// state is in the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    /// Included.
    pub last: u32,
    pub total: u32,
}

const SHARDS_ERROR: &str = "SHARDS must look like 0-1/4 (shards 0 to 1 of 4, the last below the total)";

impl std::str::FromStr for Shards {
    type Err = &'static str;

    fn from_str(s: &str) -> Result<Shards, &'static str> {
        let (range, total) = s.split_once('/').ok_or(SHARDS_ERROR)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| SHARDS_ERROR);
        let shards = Shards { first: number(first)?, last: number(last)?, total: number(total)? };
        match shards.first <= shards.last && shards.last < shards.total {
            true => Ok(shards),
            false => Err(SHARDS_ERROR),
        }
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

/// A database URL fit for a log: without its password.
pub fn redacted_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

/// Shows everything but the token, which would let anyone run the bot.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("token", &"***")
            .field("database_url", &redacted_url(&self.database.url))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("clock_file", &self.clock_file)
            .field("shards", &self.shards)
            .field("web_addr", &self.web_addr)
            .field("public_url", &self.public_url)
            .field("proxies", &self.proxies)
            .field("register_wait", &self.register_wait)
            .field("ops_addr", &self.ops_addr)
            .field("log_format", &self.log_format)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{Config, Shards};
    use clap::Parser as _;
    use std::time::Duration;

    /// The settings from these options, the token given (the environment is read too: these tests give only
    /// settings the test process's environment does not hold).
    fn with(options: &[&str]) -> Result<Config, clap::Error> {
        Config::try_parse_from(["meridian-bot", "--discord-token", "t"].iter().chain(options))
    }

    /// What clap says of these options, up to its advice to try --help.
    fn refused(options: &[&str]) -> String {
        let said = with(options).err().unwrap().to_string();
        said.split("\n\nFor more information").next().unwrap().to_string()
    }

    #[test]
    fn defaults() {
        let config = with(&[]).unwrap();
        assert_eq!(config.database.url, "sqlite://data/meridian.db");
        assert_eq!(config.register_wait, Duration::from_secs(1));
        assert_eq!(config.proxies, crate::web::limits::Proxies::default(), "a proxy on this machine");
        assert_eq!((config.guild_id, config.shards, config.web_addr, config.public_url), (None, None, None, None));
        assert_eq!((config.api_base, config.clock_file, config.ops_addr), (None, None, None));
        assert_eq!(config.log_format, super::LogFormat::Text);
        assert_eq!(with(&["--database-url", " sqlite://x.db "]).unwrap().database.url, "sqlite://x.db", "trimmed");
    }

    #[test]
    fn the_token_never_shows() {
        let config = Config::try_parse_from(["meridian-bot", "--discord-token", " MTk4NjIy.secret "]).unwrap();
        assert_eq!(config.token, "MTk4NjIy.secret", "trimmed");
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret") && shown.contains(r#"token: "***""#), "{shown}");
        let config = with(&["--database-url", "postgres://bot:hunter2@db.local:5432/games"]).unwrap();
        let shown = format!("{config:?}");
        assert!(shown.contains(r#"database_url: "postgres://bot:***@db.local:5432/games""#), "{shown}");
        assert!(!shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn an_unset_token_says_how_to_get_one() {
        let said = Config::try_parse_from(["meridian-bot", "--discord-token", " "]).err().unwrap().to_string();
        let (_, why) = said.split_once("': ").unwrap();
        assert!(
            why.starts_with(
                "DISCORD_TOKEN is not set. Create an application in Discord's developer portal, add a bot to it, copy \
                 the bot's token and put it in .env as DISCORD_TOKEN=… (see .env.example and README.md).\n"
            ),
            "{said}"
        );
    }

    #[test]
    fn shard_ranges() {
        assert_eq!("0-1/4".parse::<Shards>(), Ok(Shards { first: 0, last: 1, total: 4 }));
        assert_eq!("3/4".parse::<Shards>(), Ok(Shards { first: 3, last: 3, total: 4 }));
        assert_eq!("2-3/4".parse::<Shards>().unwrap().to_string(), "2-3/4");
        assert_eq!(with(&["--shards", " 1/2 "]).unwrap().shards, Some(Shards { first: 1, last: 1, total: 2 }));
        for bad in ["4/4", "2-1/4", "0-4/4", "a-1/4", "0-1", "0-1/0", ""] {
            assert_eq!(bad.parse::<Shards>(), Err(super::SHARDS_ERROR), "{bad}");
        }
        assert_eq!(
            refused(&["--shards", "4/4"]),
            "error: invalid value '4/4' for '--shards <SHARDS>': SHARDS must look like 0-1/4 (shards 0 to 1 of 4, the \
             last below the total)"
        );
    }

    #[test]
    fn pages_need_a_public_url_and_are_served_where_an_address_is_given() {
        let on = with(&["--web-addr", "127.0.0.1:8080", "--public-url", "https://games.example.org/"]).unwrap();
        assert_eq!(on.web_addr, Some("127.0.0.1:8080".parse().unwrap()));
        assert_eq!(on.public_url.as_deref(), Some("https://games.example.org"));
        let linked_only = with(&["--public-url", "https://games.example.org"]).unwrap();
        assert_eq!(linked_only.web_addr, None);
        assert_eq!(
            refused(&["--web-addr", "127.0.0.1:8080"]),
            "error: the following required arguments were not provided:\n  --public-url <PUBLIC_URL>\n\nUsage: \
             meridian-bot --public-url <PUBLIC_URL> --discord-token <DISCORD_TOKEN> --web-addr <WEB_ADDR>"
        );
        assert_eq!(
            refused(&["--web-addr", "localhost", "--public-url", "https://x.org"]),
            "error: invalid value 'localhost' for '--web-addr <WEB_ADDR>': WEB_ADDR must be an address and port to \
             listen on, like 127.0.0.1:8080"
        );
        assert_eq!(
            refused(&["--public-url", "games.example.org"]),
            "error: invalid value 'games.example.org' for '--public-url <PUBLIC_URL>': PUBLIC_URL must be the \
             http:// or https:// address players reach WEB_ADDR by"
        );
        let proxied = with(&["--trusted-proxies", "10.0.0.0/8"]).unwrap().proxies;
        assert!(proxied.trusts("10.1.2.3".parse().unwrap()) && !proxied.trusts("127.0.0.1".parse().unwrap()));
        assert_eq!(
            refused(&["--trusted-proxies", "10.0.0.0/8, proxy"]),
            "error: invalid value '10.0.0.0/8, proxy' for '--trusted-proxies <TRUSTED_PROXIES>': TRUSTED_PROXIES \
             must list addresses and networks of reverse proxies, like 10.0.0.5, 192.168.0.0/16; \"proxy\" is neither"
        );
    }

    #[test]
    fn each_bad_value_names_its_setting() {
        let why = |options: &[&str]| refused(options).split_once("': ").unwrap().1.to_string();
        assert_eq!(why(&["--guild-id", "x"]), "GUILD_ID must be a server id (a number)");
        assert_eq!(why(&["--register-retry-ms", "soon"]), "REGISTER_RETRY_MS must be a number of milliseconds");
        assert_eq!(
            why(&["--ops-addr", "9090"]),
            "OPS_ADDR must be an address and port to listen on, like 127.0.0.1:9090"
        );
        assert_eq!(
            why(&["--discord-api-base", "127.0.0.1:3000"]),
            "DISCORD_API_BASE must look like http://127.0.0.1:3000"
        );
        assert_eq!(with(&["--register-retry-ms", "5"]).unwrap().register_wait, Duration::from_millis(5));
        let base = with(&["--discord-api-base", "http://127.0.0.1:3000/"]).unwrap().api_base;
        assert_eq!(base.as_deref(), Some("http://127.0.0.1:3000"));
        assert_eq!(with(&["--log-format", "json"]).unwrap().log_format, super::LogFormat::Json);
    }

    #[test]
    fn urls_lose_their_password() {
        use super::redacted_url as r;
        assert_eq!(r("postgres://bot:pw@127.0.0.1/db"), "postgres://bot:***@127.0.0.1/db");
        assert_eq!(r("postgres://bot@127.0.0.1/db"), "postgres://bot:***@127.0.0.1/db");
        assert_eq!(r("sqlite://data/meridian.db"), "sqlite://data/meridian.db");
    }
}
