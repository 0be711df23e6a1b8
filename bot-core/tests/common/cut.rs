//! A TCP relay between the store and the PostgreSQL test server that a test can cut: every
//! open connection is dropped and new ones are refused (a server that went away), until
//! it is mended. The shared test server itself stays up for the other tests.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

pub struct Relay {
    /// `host:port` the store connects to.
    pub addr: String,
    cut: Arc<AtomicBool>,
    /// Tells the connections open now to drop.
    drop_all: watch::Sender<u64>,
}

impl Relay {
    /// Relays to `target` (`host:port`).
    pub async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr").to_string();
        let cut = Arc::new(AtomicBool::new(false));
        let (drop_all, dropped) = watch::channel(0u64);
        let is_cut = cut.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if is_cut.load(Ordering::SeqCst) {
                    drop(client); // refused, as by a server that is not there
                    continue;
                }
                let target = target.clone();
                let mut dropped = dropped.clone();
                dropped.mark_unchanged();
                tokio::spawn(async move {
                    let Ok(server) = TcpStream::connect(&target).await else {
                        return;
                    };
                    let (mut client, mut server) = (client, server);
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = dropped.changed() => {}
                    }
                });
            }
        });
        Relay {
            addr,
            cut,
            drop_all,
        }
    }

    /// The server is gone: connections drop, new ones are refused.
    pub fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        self.drop_all.send_modify(|n| *n += 1);
    }

    /// The server is back.
    pub fn mend(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

/// `url` (`postgres://user@host:port/db`) with its host and port replaced by `addr`.
pub fn through(url: &str, addr: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let user = authority
        .rsplit_once('@')
        .map(|(user, _)| format!("{user}@"))
        .unwrap_or_default();
    format!("{scheme}://{user}{addr}/{path}")
}

/// The `host:port` of `url`.
pub fn server_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or(rest);
    authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host)
        .to_string()
}
