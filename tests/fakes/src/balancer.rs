//! A round-robin TCP load balancer, as an operator puts one in front of several bot processes
//! (Telegram webhook mode): each connection goes to the next backend that accepts it (a
//! backend that is down is skipped). Used by the end-to-end tests and the load tool.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::net::{TcpListener, TcpStream};

pub struct Balancer {
    pub addr: SocketAddr,
    /// Connections handed to each backend.
    served: Arc<Vec<AtomicUsize>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Balancer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Balancer {
    pub async fn start(backends: Vec<SocketAddr>) -> std::io::Result<Balancer> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let served: Arc<Vec<AtomicUsize>> =
            Arc::new(backends.iter().map(|_| AtomicUsize::new(0)).collect());
        let next = Arc::new(AtomicUsize::new(0));
        let counts = served.clone();
        let task = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let backends = backends.clone();
                let next = next.clone();
                let counts = counts.clone();
                tokio::spawn(async move {
                    let first = next.fetch_add(1, Ordering::Relaxed);
                    for i in 0..backends.len() {
                        let pick = (first + i) % backends.len();
                        if let Ok(backend) = TcpStream::connect(backends[pick]).await {
                            counts[pick].fetch_add(1, Ordering::Relaxed);
                            let (mut client, mut backend) = (client, backend);
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut backend).await;
                            return;
                        }
                    }
                });
            }
        });
        Ok(Balancer { addr, served, task })
    }

    /// Connections each backend took so far.
    pub fn served(&self) -> Vec<usize> {
        self.served
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .collect()
    }
}

/// A free port on 127.0.0.1 (taken and let go: a bot binds it next).
pub fn free_addr() -> std::io::Result<SocketAddr> {
    std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()
}
