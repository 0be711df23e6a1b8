//! The two databases behind the one store: SQLite (a file, one process, the default) and
//! PostgreSQL (a server that several bot processes share). Both are reached through sqlx's
//! `Any` driver with the same SQL; where the dialects differ, each has its own migrations
//! (`migrations/sqlite`, `migrations/postgres`) and the few statements that must differ name
//! both forms.

use super::{StoreError, Unreachable};
use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Connection, Executor};
use std::str::FromStr;
use std::time::Duration;

/// The SQLite schema's migrations, embedded in the binary.
pub static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("../migrations/sqlite");
/// The PostgreSQL schema's migrations, embedded in the binary.
pub static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("../migrations/postgres");

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend of `sqlite:…`, `postgres:…` or `postgresql:…`.
    pub fn of(url: &str) -> Result<Backend, StoreError> {
        let scheme = url.split(':').next().unwrap_or_default();
        match scheme.to_ascii_lowercase().as_str() {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(StoreError::Url(format!(
                "{scheme}: not a database this bot knows (sqlite://FILE or postgres://…)"
            ))),
        }
    }

    pub fn migrator(self) -> &'static Migrator {
        match self {
            Backend::Sqlite => &SQLITE_MIGRATOR,
            Backend::Postgres => &POSTGRES_MIGRATOR,
        }
    }

    /// Whether other processes may write to the same database (then nothing cached in this
    /// process can be trusted without asking the database).
    pub fn shared(self) -> bool {
        self == Backend::Postgres
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }
}

/// The longest a PostgreSQL statement waits for a connection.
pub const ACQUIRE_WAIT: Duration = Duration::from_millis(750);

/// Connects, creating and migrating the database first.
pub(super) async fn connect(url: &str, backend: Backend) -> Result<AnyPool, StoreError> {
    sqlx::any::install_default_drivers();
    match backend {
        Backend::Sqlite => connect_sqlite(url).await,
        Backend::Postgres => connect_postgres(url).await,
    }
}

async fn connect_sqlite(url: &str) -> Result<AnyPool, StoreError> {
    let memory = url.contains(":memory:");
    if !memory {
        // Create the file, switch it to WAL (which stays with the file) and migrate over one
        // connection first: several connections racing to set up a brand-new file can meet
        // "database is locked".
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .busy_timeout(Duration::from_secs(10));
        let mut setup = sqlx::SqliteConnection::connect_with(&options).await?;
        SQLITE_MIGRATOR.run(&mut setup).await?;
        setup.close().await?;
    }
    let pool = AnyPoolOptions::new()
        // A local file needs no liveness ping before every query.
        .test_before_acquire(false)
        // An in-memory database lives in one connection.
        .max_connections(if memory { 1 } else { 4 })
        .min_connections(1)
        .idle_timeout(None)
        .max_lifetime(None)
        .after_connect(|conn, _| {
            Box::pin(async move {
                // In WAL mode NORMAL loses nothing on a process crash (only on an OS crash).
                conn.execute(
                    "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
                     PRAGMA busy_timeout = 10000;",
                )
                .await?;
                Ok(())
            })
        })
        .connect(url)
        .await?;
    if memory {
        SQLITE_MIGRATOR.run(&pool).await?;
    }
    Ok(pool)
}

async fn connect_postgres(url: &str) -> Result<AnyPool, StoreError> {
    // One connection first: a server that is not there is named at once, with its reason,
    // instead of after the pool's wait for a connection.
    sqlx::AnyConnection::connect(url).await?.close().await?;
    let pool = AnyPoolOptions::new()
        .max_connections(16)
        .min_connections(1)
        // A connection comes within milliseconds while the server answers; a press waits
        // no longer than this when it is gone (the service refuses at once once it knows).
        .acquire_timeout(ACQUIRE_WAIT)
        .connect(url)
        .await?;
    // sqlx holds an advisory lock while it migrates: processes starting together take turns.
    POSTGRES_MIGRATOR.run(&pool).await?;
    Ok(pool)
}

/// The URL with its password hidden, for messages and logs.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let Some((credentials, host)) = authority.rsplit_once('@') else {
        return url.to_string();
    };
    let user = credentials.split(':').next().unwrap_or_default();
    let shown = if credentials.contains(':') {
        format!("{user}:***")
    } else {
        user.to_string()
    };
    let slash = if rest.contains('/') { "/" } else { "" };
    format!("{scheme}://{shown}@{host}{slash}{path}")
}

/// Why the database cannot be used at all, if `error` says so: no connection (refused,
/// dropped, none within the pool's wait), the server shutting down, a disk that is full, a
/// file that cannot be written. A refused statement (a constraint, a stale table) is not.
pub(super) fn unreachable(error: &sqlx::Error) -> Option<Unreachable> {
    let of = |kind: &'static str, detail: String| Some(Unreachable { kind, detail });
    match error {
        sqlx::Error::PoolTimedOut => of("connection", "no connection within the wait".into()),
        sqlx::Error::Io(e) => of("connection", e.to_string()),
        sqlx::Error::Tls(e) => of("connection", e.to_string()),
        sqlx::Error::WorkerCrashed => of("connection", "the database's worker stopped".into()),
        sqlx::Error::Database(e) => {
            let kind = unreachable_kind(&e.code().unwrap_or_default())?;
            of(kind, e.message().to_string())
        }
        _ => None,
    }
}

/// The kind of unavailability PostgreSQL's SQLSTATEs and SQLite's result codes name, for
/// codes that mean the database cannot be used now, whatever the statement.
fn unreachable_kind(code: &str) -> Option<&'static str> {
    // PostgreSQL: connection exceptions, the server shutting down or starting, out of disk
    // (53100) or other resources, a read-only standby.
    let postgres = [
        ("53100", "full"),
        ("08", "connection"),
        ("57P", "shutdown"),
        ("53", "resources"),
        ("25006", "read_only"),
    ];
    if let Some((_, kind)) = postgres.iter().find(|(prefix, _)| code.starts_with(prefix)) {
        return Some(kind);
    }
    // SQLite's extended codes, the primary one in the low byte.
    match code.parse::<i64>().ok()? & 0xff {
        8 => Some("read_only"),
        10 => Some("io"),
        13 => Some("full"),
        14 => Some("cannot_open"),
        _ => None,
    }
}

/// Whether a database error is the refusal of a move decided on an older table (the
/// `table_moves` trigger, or the version check of a table's row).
pub(super) fn is_stale(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.message().contains("stale table"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            redacted("postgres://bot:geheim@db:5432/schocken"),
            "postgres://bot:***@db:5432/schocken"
        );
        assert_eq!(redacted("postgres://bot@db/x"), "postgres://bot@db/x");
        assert_eq!(redacted("postgres://db"), "postgres://db");
        assert_eq!(redacted("sqlite://schocken.db"), "sqlite://schocken.db");
    }

    #[test]
    fn only_errors_of_the_database_itself_make_it_unreachable() {
        assert!(unreachable(&sqlx::Error::PoolTimedOut).is_some());
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert!(unreachable(&sqlx::Error::Io(refused)).is_some());
        assert!(unreachable(&sqlx::Error::RowNotFound).is_none());
        for (code, kind) in [
            ("08006", "connection"),
            ("57P01", "shutdown"),
            ("53100", "full"),
            ("53300", "resources"),
            ("25006", "read_only"),
            ("13", "full"),
            ("778", "io"),
            ("1032", "read_only"),
        ] {
            assert_eq!(unreachable_kind(code), Some(kind), "{code}");
        }
        for code in ["23505", "40001", "1555", "2067", "5", "19", ""] {
            assert_eq!(unreachable_kind(code), None, "{code}");
        }
    }

    #[test]
    fn backends_by_scheme() {
        assert_eq!(Backend::of("sqlite::memory:").ok(), Some(Backend::Sqlite));
        assert_eq!(
            Backend::of("postgresql://x/y").ok(),
            Some(Backend::Postgres)
        );
        assert!(Backend::of("mysql://x").is_err());
    }
}
