//! Settings from the environment (and `.env`), documented in `.env.example`.

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
}

/// Shows everything but the token, which would let anyone run the bot.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("token", &"***")
            .field("database_url", &self.database_url)
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("clock_file", &self.clock_file)
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
        })
    }
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
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("secret") && shown.contains(r#"token: "***""#), "{shown}");
        assert!(shown.contains("guild_id: Some(7)"), "{shown}");
    }
}
