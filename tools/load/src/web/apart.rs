//! The server in a process of its own: what `schocken-load --web N` runs by default, so that
//! the server's memory and CPU are read without the pages', and so that each process holds one
//! end of every socket (3 × N descriptors each, not 6 × N in one: 10,000 sockets fit a hard
//! limit of 20,000 open files).
//!
//! The parent starts `schocken-load --web-serve N --seed S [--database FILE]`; the child starts
//! the server ([`super::server::start`]), prints one JSON line (its address and the tables'
//! tokens), and then answers one line per question on its stdin: `heap` (the server's live heap
//! bytes, or `-` without the counting allocator), `sockets` (the hub's sockets), `stop` (stops
//! the server, answers the database's bytes on disk and exits). Resident memory and CPU the
//! parent reads from `/proc/<pid>` itself.

use super::heap::{self, Side};
use super::measure::{self, SERVER_THREADS};
use super::server;
use super::table::SEATS;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::sync::Mutex;

/// The child's first line.
#[derive(Debug, Serialize, Deserialize)]
struct Started {
    addr: SocketAddr,
    tokens: Vec<String>,
}

/// The parent's handle on the server process.
pub struct Apart {
    child: Child,
    pid: u32,
    pub addr: SocketAddr,
    tokens: Vec<String>,
    talk: Mutex<(ChildStdin, Lines<BufReader<ChildStdout>>)>,
}

impl Apart {
    /// Starts `program --web-serve tables` and waits for its first line.
    pub async fn start(
        program: &Path,
        tables: usize,
        seed: u64,
        database: Option<&Path>,
    ) -> anyhow::Result<Apart> {
        let mut command = tokio::process::Command::new(program);
        command
            .arg("--web-serve")
            .arg(tables.to_string())
            .arg("--seed")
            .arg(seed.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        if let Some(database) = database {
            command.arg("--database").arg(database);
        }
        let mut child = command
            .spawn()
            .with_context(|| format!("starting the server process {}", program.display()))?;
        let pid = child.id().context("the server process has no id")?;
        let stdin = child.stdin.take().context("the server's stdin")?;
        let stdout = child.stdout.take().context("the server's stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = lines
            .next_line()
            .await?
            .context("the server process ended before it listened")?;
        let started: Started =
            serde_json::from_str(&first).context("the server process's first line")?;
        anyhow::ensure!(
            started.tokens.len() == tables,
            "the server process named {} tables, not {tables}",
            started.tokens.len()
        );
        Ok(Apart {
            child,
            pid,
            addr: started.addr,
            tokens: started.tokens,
            talk: Mutex::new((stdin, lines)),
        })
    }

    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// The token table `n`'s pages name.
    pub fn token(&self, n: usize) -> String {
        self.tokens.get(n).cloned().unwrap_or_default()
    }

    async fn ask(&self, question: &str) -> anyhow::Result<String> {
        let mut talk = self.talk.lock().await;
        let (stdin, lines) = &mut *talk;
        stdin.write_all(format!("{question}\n").as_bytes()).await?;
        stdin.flush().await?;
        lines
            .next_line()
            .await?
            .with_context(|| format!("the server process did not answer {question:?}"))
    }

    /// The server's live heap bytes (with the counting allocator).
    pub async fn heap(&self) -> Option<i64> {
        self.ask("heap").await.ok()?.parse().ok()
    }

    /// Sockets the server's hub holds.
    pub async fn sockets(&self) -> usize {
        self.ask("sockets")
            .await
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// Stops the server; the database's bytes on disk.
    pub async fn stop(mut self) -> anyhow::Result<u64> {
        let bytes = self.ask("stop").await?.parse().unwrap_or(0);
        self.child.wait().await?;
        Ok(bytes)
    }
}

/// The child: `schocken-load --web-serve N`.
pub fn serve(tables: usize, seed: u64, database: Option<PathBuf>) -> anyhow::Result<()> {
    measure::open_files((tables * SEATS) as u64 + 256).map_err(anyhow::Error::msg)?;
    let temp = tempfile::tempdir()?;
    let database = database.unwrap_or_else(|| temp.path().join("web-load.db"));
    let runtime = super::runtime(SERVER_THREADS, Side::Server)?;
    runtime.block_on(async move {
        let server = server::start(database, seed, tables).await?;
        let started = Started {
            addr: server.addr,
            tokens: (0..tables).map(|n| server.token(n)).collect(),
        };
        println!("{}", serde_json::to_string(&started)?);
        let mut questions = BufReader::new(tokio::io::stdin()).lines();
        while let Some(question) = questions.next_line().await? {
            match question.trim() {
                "heap" => println!(
                    "{}",
                    heap::live(Side::Server).map_or("-".to_string(), |b| b.to_string())
                ),
                "sockets" => println!("{}", server.sockets()),
                "stop" => break,
                other => println!("? {other}"),
            }
        }
        let path = server.database.clone();
        server.stop().await;
        println!("{}", crate::bot::database_bytes(&path));
        Ok(())
    })
}
