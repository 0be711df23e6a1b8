//! A fresh PostgreSQL database for an end-to-end test, on the server `SCHOCKEN_TEST_POSTGRES`
//! names (started by `.ci/run` through `tools/ci/postgres.sh`). Without it the test is
//! skipped with a note — except under `CI=true`, where it is required.

use sqlx::{Connection, Executor};
use std::sync::atomic::{AtomicU64, Ordering};

/// The URL of a new, empty database; `None` (after a note) when no test server is set.
pub async fn fresh_database() -> Option<String> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let Some(server) = std::env::var("SCHOCKEN_TEST_POSTGRES")
        .ok()
        .map(|s| s.trim_end_matches('/').to_string())
        .filter(|s| !s.is_empty())
    else {
        assert_ne!(
            std::env::var("CI").as_deref(),
            Ok("true"),
            "CI needs SCHOCKEN_TEST_POSTGRES (tools/ci/postgres.sh start)"
        );
        eprintln!("SCHOCKEN_TEST_POSTGRES is not set: this PostgreSQL test is skipped");
        return None;
    };
    let name = format!(
        "schocken_e2e_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .expect("the test server answers");
    admin
        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
        .await
        .expect("drop");
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("create the test database");
    admin.close().await.ok();
    Some(format!("{server}/{name}"))
}
