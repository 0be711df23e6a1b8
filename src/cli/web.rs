//! `schocken web`: the Schocken table in the browser on this machine — the terminal's table
//! (the same SQLite file, the same players), a hot seat, no token.

use super::Failure;
use super::run::{init_logging, load_config, runtime, stop_signal};
use bot_core::service::{Service, Stop, SystemClock};
use bot_core::store::{Store, redacted};
use bot_core::text::{self, Lang};
use clap::Args;
use schocken_web::{Web, WebConfig};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct WebArgs {
    /// Where the page is served (keep it on this machine: 127.0.0.1).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Name of the table (the terminal's table of the same name).
    #[arg(long, default_value = "local")]
    table: String,
    /// Database URL (default: DATABASE_URL, else sqlite://schocken.db).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// A configuration file on top of config/default.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Seed for the dice (tests): the same seed and moves give the same game.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: &WebArgs, lang: Lang) -> Result<ExitCode, Failure> {
    if !args.addr.ip().is_loopback() {
        // Anyone who reaches the page plays every seat: keep it on this machine.
        return Err(Failure::input(text::tr(
            lang,
            "cli-web-not-local",
            &[("addr", text::arg_text(args.addr.to_string()))],
        )));
    }
    init_logging("warn");
    let mut config = load_config(args.config.as_ref(), args.database.as_ref())?;
    // A hot seat: nobody's turn runs out while the device is handed over.
    config.turn_timer_seconds = 0;
    runtime()?.block_on(async move {
        let store = Store::open(&config.database_url)
            .await
            .map_err(|e| Failure::input(format!("{}: {e}", redacted(&config.database_url))))?;
        let service = Service::new(store, config, Arc::new(SystemClock), args.seed)
            .await
            .map_err(|e| Failure::input(e.to_string()))?;
        let (stopping, stop) = Stop::new();
        let timers = service.spawn_timers_until(stop.clone());
        let web_config = WebConfig::local(args.addr, &args.table);
        let listener = schocken_web::bind(&web_config)
            .await
            .map_err(|e| Failure::input(e.to_string()))?;
        let addr = listener.local_addr().map_err(Failure::io)?;
        println!(
            "{}",
            text::tr(
                lang,
                "cli-web-open",
                &[("url", text::arg_text(format!("http://{addr}")))]
            )
        );
        let web = Web::new(service.clone(), web_config, stop);
        let server = tokio::spawn(schocken_web::serve(web, listener));
        stop_signal().await;
        stopping.stop();
        let _ = server.await;
        let _ = timers.await;
        service.close().await;
        Ok(ExitCode::SUCCESS)
    })
}
