//! The process's settings, read once from the environment (and `.env`) by [`crate::app`], documented in
//! `.env.example`: where games are kept, where pages are served, how to reach Discord.

/// How to reach Discord and where games are kept.
#[derive(Clone)]
pub struct Config {
    pub token: String,
    /// Default `sqlite://data/meridian.db`.
    pub database_url: String,
    /// Register the commands in this server only (they appear at once) instead of globally.
    pub guild_id: Option<u64>,
    /// `http://host:port` replacing Discord's address, for tests against a fake Discord.
    pub api_base: Option<String>,
    /// A file holding the time (Unix milliseconds) to use instead of the system clock, for end-to-end tests of
    /// reminders and turn limits.
    pub clock_file: Option<std::path::PathBuf>,
    /// The gateway shards this process runs; `None`: all of them, as many as Discord recommends.
    pub shards: Option<Shards>,
    /// Where game pages are served (`WEB_ADDR` and `PUBLIC_URL`); `None`: they are not.
    pub web: Option<crate::web::Settings>,
    /// The first wait before trying again to register the commands while Discord fails (`REGISTER_RETRY_MS`,
    /// default one second; it doubles each time). Tests against a fake Discord make it short.
    pub register_wait: std::time::Duration,
    /// Where the operator's endpoints are served (`OPS_ADDR`: health, readiness, metrics); `None`: they are not.
    pub ops_addr: Option<std::net::SocketAddr>,
}

/// [`Config::register_wait`] when `REGISTER_RETRY_MS` is not set.
pub const DEFAULT_REGISTER_WAIT_MS: u64 = 1_000;

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

impl std::str::FromStr for Shards {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Shards, ConfigError> {
        let bad = || ConfigError::BadShards(s.to_string());
        let (range, total) = s.split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |n: &str| n.trim().parse::<u32>().map_err(|_| bad());
        let shards = Shards { first: number(first)?, last: number(last)?, total: number(total)? };
        match shards.first <= shards.last && shards.last < shards.total {
            true => Ok(shards),
            false => Err(bad()),
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
            .field("database_url", &redacted_url(&self.database_url))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("clock_file", &self.clock_file)
            .field("shards", &self.shards)
            .field("web", &self.web)
            .field("register_wait", &self.register_wait)
            .field("ops_addr", &self.ops_addr)
            .finish()
    }
}

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/meridian.db";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DISCORD_TOKEN is not set. Create an application in Discord's developer portal, add a bot to it, copy the \
         bot's token and put it in .env as DISCORD_TOKEN=… (see .env.example and README.md)."
    )]
    NoToken,
    #[error("GUILD_ID must be a server id (a number), not {0:?}")]
    BadGuild(String),
    #[error("DISCORD_API_BASE must look like http://127.0.0.1:3000, not {0:?}")]
    BadApiBase(String),
    #[error("WEB_ADDR must be an address and port to listen on, like 127.0.0.1:8080, not {0:?}")]
    BadWebAddr(String),
    #[error("PUBLIC_URL must be the http:// or https:// address players reach WEB_ADDR by, not {0:?}")]
    BadPublicUrl(String),
    #[error("WEB_ADDR serves game pages, which need PUBLIC_URL too: the address players reach them by")]
    NoPublicUrl,
    #[error(
        "TRUSTED_PROXIES must list addresses and networks of reverse proxies, like 10.0.0.5, 192.168.0.0/16; \
         {0:?} is neither"
    )]
    BadProxies(String),
    #[error("OPS_ADDR must be an address and port to listen on, like 127.0.0.1:9090, not {0:?}")]
    BadOpsAddr(String),
    #[error("REGISTER_RETRY_MS must be a number of milliseconds, not {0:?}")]
    BadRegisterWait(String),
    #[error("SHARDS must look like 0-1/4 (shards 0 to 1 of 4, the last below the total), not {0:?}")]
    BadShards(String),
}

impl Config {
    /// Reads the settings from the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        let var = |name| std::env::var(name).ok().map(|v: String| v.trim().to_string()).filter(|v| !v.is_empty());
        let token = var("DISCORD_TOKEN").ok_or(ConfigError::NoToken)?;
        let guild_id = match var("GUILD_ID") {
            Some(g) => Some(g.parse().map_err(|_| ConfigError::BadGuild(g))?),
            None => None,
        };
        let api_base = match var("DISCORD_API_BASE") {
            Some(b) if b.starts_with("http://") || b.starts_with("https://") => {
                Some(b.trim_end_matches('/').to_string())
            }
            Some(b) => return Err(ConfigError::BadApiBase(b)),
            None => None,
        };
        Ok(Config {
            token,
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            guild_id,
            api_base,
            clock_file: var("FAKE_CLOCK_FILE").map(Into::into),
            shards: var("SHARDS").map(|s| s.parse()).transpose()?,
            web: web(var("WEB_ADDR"), var("PUBLIC_URL"), var("TRUSTED_PROXIES"))?,
            register_wait: std::time::Duration::from_millis(match var("REGISTER_RETRY_MS") {
                Some(ms) => ms.parse().map_err(|_| ConfigError::BadRegisterWait(ms))?,
                None => DEFAULT_REGISTER_WAIT_MS,
            }),
            ops_addr: var("OPS_ADDR").map(|a| a.parse().map_err(|_| ConfigError::BadOpsAddr(a))).transpose()?,
        })
    }
}

/// Game pages' settings: served here with both, linked to only with `PUBLIC_URL` (another process serves them);
/// `TRUSTED_PROXIES` replaces the proxies believed by default (this machine's).
fn web(
    addr: Option<String>,
    public_url: Option<String>,
    proxies: Option<String>,
) -> Result<Option<crate::web::Settings>, ConfigError> {
    let Some(url) = public_url else {
        return match addr {
            Some(_) => Err(ConfigError::NoPublicUrl),
            None => Ok(None),
        };
    };
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    if rest.is_none_or(|r| r.is_empty() || r.contains(char::is_whitespace)) {
        return Err(ConfigError::BadPublicUrl(url));
    }
    let addr = addr.map(|a| a.parse().map_err(|_| ConfigError::BadWebAddr(a))).transpose()?;
    let proxies = match proxies {
        Some(list) => crate::web::limits::Proxies::parse(&list).map_err(ConfigError::BadProxies)?,
        None => crate::web::limits::Proxies::default(),
    };
    Ok(Some(crate::web::Settings { addr, public_url: url.trim_end_matches('/').to_string(), proxies }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_token_never_shows() {
        let config = super::Config {
            token: "MTk4NjIy.secret".into(),
            database_url: super::DEFAULT_DATABASE_URL.into(),
            guild_id: Some(7),
            api_base: None,
            clock_file: None,
            shards: None,
            web: None,
            register_wait: std::time::Duration::from_millis(super::DEFAULT_REGISTER_WAIT_MS),
            ops_addr: None,
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret") && shown.contains(r#"token: "***""#), "{shown}");
        let config = super::Config { database_url: "postgres://bot:hunter2@db.local:5432/games".into(), ..config };
        let shown = format!("{config:?}");
        assert!(shown.contains("postgres://bot:***@db.local:5432/games") && !shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("guild_id: Some(7)"), "{shown}");
    }

    #[test]
    fn shard_ranges() {
        use super::Shards;
        assert_eq!("0-1/4".parse::<Shards>().unwrap(), Shards { first: 0, last: 1, total: 4 });
        assert_eq!("3/4".parse::<Shards>().unwrap(), Shards { first: 3, last: 3, total: 4 });
        assert_eq!("2-3/4".parse::<Shards>().unwrap().to_string(), "2-3/4");
        for bad in ["4/4", "2-1/4", "0-4/4", "a-1/4", "0-1", "0-1/0", ""] {
            let error = bad.parse::<Shards>().unwrap_err().to_string();
            assert!(error.starts_with("SHARDS must look like 0-1/4"), "{bad}: {error}");
        }
    }

    #[test]
    fn pages_need_a_public_url_and_are_served_where_an_address_is_given() {
        let web = |a: Option<&str>, u: Option<&str>| super::web(a.map(Into::into), u.map(Into::into), None);
        assert_eq!(web(None, None).unwrap(), None);
        let on = web(Some("127.0.0.1:8080"), Some("https://games.example.org/")).unwrap().unwrap();
        assert_eq!((on.addr.map(|a| a.port()), on.public_url.as_str()), (Some(8080), "https://games.example.org"));
        let linked_only = web(None, Some("https://games.example.org")).unwrap().unwrap();
        assert_eq!(linked_only.addr, None);
        let error = |a, u| web(a, u).unwrap_err().to_string();
        assert!(error(Some("127.0.0.1:8080"), None).contains("need PUBLIC_URL too"));
        assert!(error(Some("localhost"), Some("https://x.org")).starts_with("WEB_ADDR must be"));
        assert!(error(Some("127.0.0.1:1"), Some("games.example.org")).starts_with("PUBLIC_URL must be"));
        assert_eq!(on.proxies, crate::web::limits::Proxies::default(), "a proxy on this machine by default");
        let url = Some("https://x.org".to_string());
        let proxied = super::web(None, url.clone(), Some("10.0.0.0/8".into())).unwrap().unwrap();
        assert!(
            proxied.proxies.trusts("10.1.2.3".parse().unwrap())
                && !proxied.proxies.trusts("127.0.0.1".parse().unwrap())
        );
        let bad = super::web(None, url, Some("10.0.0.0/8, proxy".into())).unwrap_err().to_string();
        assert!(bad.starts_with("TRUSTED_PROXIES must list") && bad.ends_with("\"proxy\" is neither"), "{bad}");
    }

    #[test]
    fn urls_lose_their_password() {
        use super::redacted_url as r;
        assert_eq!(r("postgres://bot:pw@127.0.0.1/db"), "postgres://bot:***@127.0.0.1/db");
        assert_eq!(r("postgres://bot@127.0.0.1/db"), "postgres://bot:***@127.0.0.1/db");
        assert_eq!(r("sqlite://data/meridian.db"), "sqlite://data/meridian.db");
    }
}
