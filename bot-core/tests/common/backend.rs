//! The database a test binary's store and service tests run on. Every such binary runs on
//! SQLite, and one of its tests, [`run_again_on_postgres`], starts the same binary again with
//! `SCHOCKEN_TEST_BACKEND=postgres`, so every test also runs on PostgreSQL: a fresh database
//! each, on the server `SCHOCKEN_TEST_POSTGRES` names (`postgres://user@host:port`, started
//! by `.ci/run` through `tools/ci/postgres.sh`). Without that server the PostgreSQL run is
//! skipped with a note — except under `CI=true`, where it is required.

use bot_core::store::Backend;
use sqlx::{Connection, Executor};
use std::sync::atomic::{AtomicU64, Ordering};

const BACKEND_VAR: &str = "SCHOCKEN_TEST_BACKEND";
const SERVER_VAR: &str = "SCHOCKEN_TEST_POSTGRES";
/// Databases the tests create are named with this prefix (and dropped at the next run).
const PREFIX: &str = "schocken_t";

/// The backend this run of the test binary uses.
pub fn backend() -> Backend {
    match std::env::var(BACKEND_VAR).as_deref() {
        Ok("postgres") => Backend::Postgres,
        _ => Backend::Sqlite,
    }
}

fn server() -> Option<String> {
    std::env::var(SERVER_VAR)
        .ok()
        .map(|s| s.trim_end_matches('/').to_string())
        .filter(|s| !s.is_empty())
}

/// A new, empty database on this run's backend: a file in `dir`, or a new PostgreSQL database.
pub async fn fresh_url(dir: &tempfile::TempDir) -> String {
    match backend() {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("schocken.db").display()),
        Backend::Postgres => fresh_postgres().await,
    }
}

async fn fresh_postgres() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let server = server().expect("SCHOCKEN_TEST_POSTGRES names the test server");
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .expect("the test server answers");
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("create the test database");
    admin.close().await.ok();
    format!("{server}/{name}")
}

/// Drops the databases runs that are over left behind (a database's name carries the pid of
/// the test process that made it).
async fn drop_old_databases(server: &str) {
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .expect("the test server answers");
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE $1")
            .bind(format!("{PREFIX}%"))
            .fetch_all(&mut admin)
            .await
            .expect("list databases");
    let over = |name: &str| {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or_default();
        !std::path::Path::new(&format!("/proc/{pid}")).exists()
    };
    for name in names.into_iter().filter(|n| over(n)) {
        let _ = admin
            .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
            .await;
    }
    admin.close().await.ok();
}

/// Runs every test of this binary again on PostgreSQL (call it from one test per binary).
pub async fn run_again_on_postgres() {
    if backend() == Backend::Postgres {
        return; // this is the run on PostgreSQL
    }
    let Some(server) = server() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI needs {SERVER_VAR} (tools/ci/postgres.sh start)"
        );
        eprintln!("{SERVER_VAR} is not set: the PostgreSQL run is skipped");
        return;
    };
    drop_old_databases(&server).await;
    let exe = std::env::current_exe().expect("the test binary");
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(exe)
            .env(BACKEND_VAR, "postgres")
            .arg("--quiet")
            .output()
    })
    .await
    .expect("joined")
    .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout
        .lines()
        .rfind(|l| l.starts_with("test result"))
        .unwrap_or("no test result");
    eprintln!("on PostgreSQL: {summary}");
    assert!(
        output.status.success(),
        "the tests failed on PostgreSQL:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    drop_old_databases(&server).await;
}
