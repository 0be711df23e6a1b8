//! The bot's configuration: `config/default.toml` (embedded), an optional file on top, and
//! environment variables on top of that.

use serde::Deserialize;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub database_url: String,
    pub default_rules: String,
    pub turn_timer_seconds: u32,
    pub idle_close_minutes: u32,
    pub undo_window_seconds: u32,
    pub history_page_size: u32,
    /// The time zone of chats that chose none (IANA name).
    pub time_zone: String,
    /// Milliseconds a computer player waits before its turn in a chat, so the table can
    /// follow; 0 = at once (the terminal).
    #[serde(default = "default_computer_pause_ms")]
    pub computer_pause_ms: u32,
    /// Whether chats that chose nothing allow hints from the exact odds.
    #[serde(default = "default_hints")]
    pub hints: bool,
    /// A chat without an open table that did nothing for this long is forgotten from
    /// memory (it reloads from the database at its next event); 0 = never.
    #[serde(default = "default_forget_idle_minutes")]
    pub forget_idle_minutes: u32,
    /// Commands handled at once at most; beyond that a command is refused at once with a
    /// "busy" notice instead of queueing, so an overloaded bot's memory stays bounded.
    #[serde(default = "default_max_commands_in_flight")]
    pub max_commands_in_flight: u32,
}

fn default_forget_idle_minutes() -> u32 {
    30
}

fn default_max_commands_in_flight() -> u32 {
    256
}

fn default_computer_pause_ms() -> u32 {
    1500
}

fn default_hints() -> bool {
    true
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ConfigError {
    #[error("configuration: {0}")]
    Invalid(String),
    #[error("configuration: {key} = {value:?} is not valid")]
    Env { key: String, value: String },
}

pub const DEFAULT_CONFIG: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../config/default.toml"
));

impl Default for Config {
    fn default() -> Self {
        match Config::from_toml(DEFAULT_CONFIG) {
            Ok(c) => c,
            Err(e) => panic!("embedded default configuration is invalid: {e}"),
        }
    }
}

impl Config {
    pub fn from_toml(text: &str) -> Result<Config, ConfigError> {
        let config: Config =
            toml::from_str(text).map_err(|e| ConfigError::Invalid(e.to_string()))?;
        config.validate()
    }

    /// The default configuration with `file` (partial TOML) on top.
    pub fn with_file(text: &str) -> Result<Config, ConfigError> {
        let mut base: toml::Table = DEFAULT_CONFIG
            .parse()
            .map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        let extra: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        base.extend(extra);
        let config: Config = base
            .try_into()
            .map_err(|e: toml::de::Error| ConfigError::Invalid(e.to_string()))?;
        config.validate()
    }

    /// Applies environment variables (`lookup` is `std::env::var` outside tests).
    pub fn with_env(
        mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        if let Some(url) = lookup("DATABASE_URL").filter(|u| !u.trim().is_empty()) {
            self.database_url = url;
        }
        if let Some(rules) = lookup("SCHOCKEN_RULES").filter(|r| !r.trim().is_empty()) {
            self.default_rules = rules;
        }
        if let Some(zone) = lookup("SCHOCKEN_TIME_ZONE").filter(|z| !z.trim().is_empty()) {
            self.time_zone = crate::time::zone_name(&zone).ok_or(ConfigError::Env {
                key: "SCHOCKEN_TIME_ZONE".into(),
                value: zone,
            })?;
        }
        let number = |key: &str| -> Result<Option<u32>, ConfigError> {
            match lookup(key) {
                None => Ok(None),
                Some(v) => v.trim().parse().map(Some).map_err(|_| ConfigError::Env {
                    key: key.to_string(),
                    value: v,
                }),
            }
        };
        if let Some(t) = number("SCHOCKEN_TURN_TIMER")? {
            self.turn_timer_seconds = t;
        }
        if let Some(m) = number("SCHOCKEN_IDLE_CLOSE_MINUTES")? {
            self.idle_close_minutes = m;
        }
        if let Some(m) = number("SCHOCKEN_FORGET_IDLE_MINUTES")? {
            self.forget_idle_minutes = m;
        }
        if let Some(n) = number("SCHOCKEN_MAX_IN_FLIGHT")? {
            self.max_commands_in_flight = n;
        }
        self.validate()
    }

    /// How long an idle chat stays in memory; `None` = for ever.
    pub fn forget_after(&self) -> Option<std::time::Duration> {
        (self.forget_idle_minutes > 0)
            .then(|| std::time::Duration::from_secs(u64::from(self.forget_idle_minutes) * 60))
    }

    fn validate(mut self) -> Result<Config, ConfigError> {
        self.time_zone = crate::time::zone_name(&self.time_zone).ok_or_else(|| {
            ConfigError::Invalid(format!("time_zone: no time zone {:?}", self.time_zone))
        })?;
        crate::engine::RuleSet::preset(&self.default_rules)
            .map_err(|e| ConfigError::Invalid(format!("default_rules: {e}")))?;
        if self.max_commands_in_flight == 0 {
            return Err(ConfigError::Invalid(
                "max_commands_in_flight must be at least 1".into(),
            ));
        }
        if self.history_page_size == 0 {
            return Err(ConfigError::Invalid(
                "history_page_size must be at least 1".into(),
            ));
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_configuration_is_valid() {
        let c = Config::default();
        assert_eq!(c.turn_timer_seconds, 180);
        assert_eq!(c.database_url, "sqlite://schocken.db");
    }

    #[test]
    fn environment_overrides_and_bad_values_are_named() {
        let env = |k: &str| match k {
            "DATABASE_URL" => Some("sqlite://x.db".to_string()),
            "SCHOCKEN_TURN_TIMER" => Some("0".to_string()),
            _ => None,
        };
        let c = Config::default().with_env(env).expect("valid");
        assert_eq!(c.database_url, "sqlite://x.db");
        assert_eq!(c.turn_timer_seconds, 0);
        let bad = |k: &str| (k == "SCHOCKEN_TURN_TIMER").then(|| "soon".to_string());
        let err = Config::default().with_env(bad).expect_err("invalid");
        assert!(err.to_string().contains("SCHOCKEN_TURN_TIMER"));
        assert!(Config::with_file("bogus = 1").is_err());
        assert!(Config::with_file("default_rules = \"kneipe\"").is_err());
        assert_eq!(c.time_zone, "Europe/Berlin");
        assert!(Config::with_file("time_zone = \"Mars/Olympus\"").is_err());
        let vienna = |k: &str| (k == "SCHOCKEN_TIME_ZONE").then(|| "europe/vienna".to_string());
        let c = Config::default().with_env(vienna).expect("valid");
        assert_eq!(c.time_zone, "Europe/Vienna");
        let mars = |k: &str| (k == "SCHOCKEN_TIME_ZONE").then(|| "Mars".to_string());
        assert!(Config::default().with_env(mars).is_err());
    }
}
