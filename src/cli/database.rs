//! Looking after the database: `schocken migrate` brings its schema up to date, `schocken
//! backup FILE` copies a SQLite database while the bot runs on it.

use super::Failure;
use super::run::{init_logging, load_config, runtime};
use bot_core::store::{Backend, Store, redacted};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Args, Default)]
pub struct MigrateArgs {
    /// Database URL (default: DATABASE_URL, else sqlite://schocken.db).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
}

#[derive(Debug, Args, Default)]
pub struct BackupArgs {
    /// The copy to write (it must not exist yet).
    file: PathBuf,
    /// Database URL (default: DATABASE_URL, else sqlite://schocken.db).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
}

async fn open(url: &str) -> Result<Store, Failure> {
    Store::open(url)
        .await
        .map_err(|e| Failure::input(format!("{}: {e}", redacted(url))))
}

pub fn migrate(args: &MigrateArgs) -> Result<ExitCode, Failure> {
    init_logging("warn");
    let config = load_config(None, args.database.as_ref())?;
    runtime()?.block_on(async {
        open(&config.database_url).await?.close().await;
        super::emit(&format!(
            "{}: migrations applied",
            redacted(&config.database_url)
        ))
    })?;
    Ok(ExitCode::SUCCESS)
}

pub fn backup(args: &BackupArgs) -> Result<ExitCode, Failure> {
    init_logging("warn");
    let config = load_config(None, args.database.as_ref())?;
    let url = &config.database_url;
    let backend = Backend::of(url).map_err(|e| Failure::input(e.to_string()))?;
    if backend == Backend::Postgres {
        return Err(Failure::input(format!(
            "{}: a PostgreSQL database is backed up with pg_dump (see the README), \
             not with schocken backup",
            redacted(url)
        )));
    }
    if args.file.exists() {
        return Err(Failure::input(format!(
            "{}: exists already; the backup goes to a new file",
            args.file.display()
        )));
    }
    runtime()?.block_on(async {
        let store = open(url).await?;
        let done = store.backup_to(&args.file).await;
        store.close().await;
        done.map_err(|e| Failure::input(format!("{}: {e}", args.file.display())))?;
        super::emit(&format!(
            "{}: a consistent copy of {}",
            args.file.display(),
            redacted(url)
        ))
    })?;
    Ok(ExitCode::SUCCESS)
}
