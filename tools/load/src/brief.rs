//! Chats that play briefly and go quiet, as most chats a popular bot meets do: the opener
//! opens a table, a second player joins, the opener ends the table, and the chat is never
//! heard from again. Run before the busy tables, they show that the bot's memory follows the
//! active chats (it forgets idle ones), not every chat it has seen.

use crate::drive::{Arena, Move, Seats};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Brief chats get seat numbers from here on, apart from the busy tables'.
const FIRST_BRIEF_SEAT: usize = 1_000_000;

/// How long a player waits for the table message before going on anyway.
const SHOWN_WITHIN: Duration = Duration::from_secs(10);

/// What the brief chats did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct BriefReport {
    pub chats: usize,
    /// Chats whose table message showed up.
    pub shown: usize,
    pub seconds: f64,
}

/// Plays `chats` brief chats, `parallel` at a time (Discord channels spread over `guilds`
/// when the run has Discord, else Telegram groups).
pub async fn play(arena: Arc<Arena>, chats: usize, guilds: &[u64], parallel: usize) -> BriefReport {
    let started = Instant::now();
    let mut running = tokio::task::JoinSet::new();
    let mut shown = 0;
    for i in 0..chats {
        if running.len() >= parallel.max(1)
            && let Some(Ok(true)) = running.join_next().await
        {
            shown += 1;
        }
        let seat = FIRST_BRIEF_SEAT + i;
        let seats = if arena.discord.is_some() {
            let guild = guilds.get(i % guilds.len().max(1)).copied().unwrap_or(0);
            Seats::discord(seat, guild, 2)
        } else {
            Seats::telegram(seat, 2, false)
        };
        running.spawn(one_chat(arena.clone(), seats));
    }
    while let Some(done) = running.join_next().await {
        if let Ok(true) = done {
            shown += 1;
        }
    }
    BriefReport {
        chats,
        shown,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// One chat's brief visit; whether its table message showed up.
async fn one_chat(arena: Arc<Arena>, seats: Seats) -> bool {
    let pause = arena.think / 2;
    arena.act(&seats, 0, Move::Command("new"));
    let deadline = Instant::now() + SHOWN_WITHIN;
    let mut shown = false;
    while Instant::now() < deadline && !arena.stop.load(std::sync::atomic::Ordering::Relaxed) {
        if arena.table(&seats).is_some() {
            shown = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(pause).await;
    arena.act(&seats, 1, Move::Command("join"));
    tokio::time::sleep(pause).await;
    arena.act(&seats, 0, Move::Command("end"));
    shown
}
