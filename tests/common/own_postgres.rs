//! A PostgreSQL server of one test's own, which the test stops and starts again (a database
//! outage) without disturbing the server the other tests share: `tools/ci/postgres.sh`
//! creates it in a temporary directory and deletes it when the test is over. Run where the
//! shared test server runs (`SCHOCKEN_TEST_POSTGRES` set); otherwise the test is skipped
//! with a note — except under `CI=true`, where it is required.

use sqlx::{Connection, Executor};
use std::process::Command;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/ci/postgres.sh");

pub struct OwnPostgres {
    dir: String,
    /// The URL of its database `schocken`.
    pub url: String,
}

fn script(args: &[&str], env: &[(&str, String)]) -> String {
    let out = Command::new(SCRIPT)
        .args(args)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .output()
        .expect("tools/ci/postgres.sh runs");
    assert!(
        out.status.success(),
        "postgres.sh {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl OwnPostgres {
    /// A new server with an empty database; `None` (after a note) without PostgreSQL.
    pub async fn start() -> Option<OwnPostgres> {
        if std::env::var("SCHOCKEN_TEST_POSTGRES").is_err() {
            assert_ne!(
                std::env::var("CI").as_deref(),
                Ok("true"),
                "CI needs PostgreSQL (tools/ci/postgres.sh start)"
            );
            eprintln!("SCHOCKEN_TEST_POSTGRES is not set: this PostgreSQL test is skipped");
            return None;
        }
        // A port of its own (the script's own search races with other tests starting).
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let env = [("SCHOCKEN_PG_PORT", port.to_string())];
        let started = tokio::task::spawn_blocking(move || script(&["start"], &env))
            .await
            .expect("joined");
        let value = |key: &str| {
            started
                .split_whitespace()
                .find_map(|w| w.strip_prefix(&format!("{key}=")))
                .map(str::to_string)
                .unwrap_or_else(|| panic!("{key} in {started:?}"))
        };
        let server = value("SCHOCKEN_TEST_POSTGRES");
        let dir = value("SCHOCKEN_PG_DIR");
        let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
            .await
            .expect("the own server answers");
        admin
            .execute("CREATE DATABASE schocken")
            .await
            .expect("create the database");
        admin.close().await.ok();
        Some(OwnPostgres {
            dir,
            url: format!("{server}/schocken"),
        })
    }

    /// Stops the server: its connections are terminated, new ones refused.
    pub async fn halt(&self) {
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || script(&["halt", &dir], &[]))
            .await
            .expect("joined");
    }

    /// Starts it again on its port.
    pub async fn resume(&self) {
        let dir = self.dir.clone();
        tokio::task::spawn_blocking(move || script(&["resume", &dir], &[]))
            .await
            .expect("joined");
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let _ = Command::new(SCRIPT).args(["stop", &self.dir]).output();
    }
}
