//! Reading a bot's `/metrics` and `/health` the way a monitoring system does: a plain HTTP GET
//! and the value of one sample. Used by the end-to-end tests and the load tool.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A plain HTTP/1.0 GET: the status code and the body.
pub async fn get(addr: &str, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream
        .write_all(format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").as_bytes())
        .await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    Ok((status, body))
}

/// The value of the sample `name` (with its labels, as printed), if there is one.
pub fn sample(metrics: &str, name: &str) -> Option<f64> {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}
