//! One watcher per watched tournament: reads the stored version every [`super::POLL`], and
//! when it moved builds the board's frame and every player's once; pages wait on a `watch`
//! channel for the next snapshot. A watcher nobody waits on for a while ends.

use super::frames::{board_frame, player_frame};
use bot_core::service::Service;
use bot_core::service::tournament::player_views;
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tracing::debug;

/// How long a watcher runs without a page waiting on it.
const IDLE: Duration = Duration::from_secs(60);

/// A tournament's frames at one version, serialized, per language.
#[derive(Debug, Default)]
pub struct Snapshot {
    pub version: i64,
    pub board: HashMap<Lang, String>,
    /// Per player number and language.
    pub players: HashMap<(u32, Lang), String>,
}

type Sender = watch::Sender<Option<Arc<Snapshot>>>;

#[derive(Clone, Default)]
pub struct Boards {
    watched: Arc<Mutex<HashMap<i64, Sender>>>,
}

impl Boards {
    /// The latest snapshot of tournament `id` and a receiver for the next ones; starts its
    /// watcher when none runs.
    pub fn watch(&self, service: &Arc<Service>, id: i64) -> watch::Receiver<Option<Arc<Snapshot>>> {
        let mut watched = match self.watched.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(sender) = watched.get(&id) {
            return sender.subscribe();
        }
        let (sender, receiver) = watch::channel(None);
        watched.insert(id, sender.clone());
        let boards = self.clone();
        let service = service.clone();
        tokio::spawn(async move {
            run(&service, id, &sender).await;
            if let Ok(mut watched) = boards.watched.lock() {
                watched.remove(&id);
            }
        });
        receiver
    }
}

async fn run(service: &Arc<Service>, id: i64, sender: &Sender) {
    let mut shown = None;
    let mut last_reader = Instant::now();
    loop {
        if sender.receiver_count() > 0 {
            last_reader = Instant::now();
        } else if last_reader.elapsed() > IDLE {
            debug!(tournament = id, "nobody watches the board any more");
            return;
        }
        match service.tournament_version(id).await {
            Ok(Some(version)) if Some(version) != shown => {
                if let Ok(Some((version, state))) = service.tournament_state(id).await {
                    sender.send_replace(Some(Arc::new(snapshot(&state, version, service.now()))));
                    shown = Some(version);
                }
            }
            Ok(None) => return,
            Ok(Some(_)) => {}
            Err(e) => debug!(tournament = id, error = %e, "board cannot read the tournament"),
        }
        tokio::time::sleep(super::POLL).await;
    }
}

fn snapshot(state: &bot_core::tournament::Tournament, version: i64, now: i64) -> Snapshot {
    let mut snap = Snapshot {
        version,
        ..Snapshot::default()
    };
    let views = player_views(state);
    for lang in Lang::ALL {
        let board = board_frame(state, version, now, lang);
        match serde_json::to_string(&board) {
            Ok(json) => {
                snap.board.insert(lang, json);
            }
            Err(e) => tracing::warn!(error = %e, "the board's frame does not serialize"),
        }
        for (id, view) in &views {
            let frame = player_frame(state, version, view, lang);
            snap.players.insert(
                (id.0, lang),
                serde_json::to_string(&frame).unwrap_or_default(),
            );
        }
    }
    snap
}
