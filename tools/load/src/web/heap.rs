//! Live heap bytes by side: the web run keeps the server (the service, the web adapter, SQLite)
//! and the pages (the WebSocket clients) in one process, on separate thread pools, and this
//! allocator counts what each side's threads hold, so that memory per socket is the server's
//! and not the clients'. `schocken-load` installs it around jemalloc (the bot's allocator);
//! without it (the tests) every figure is `None`.
//!
//! A thread counts for the side it was tagged with ([`set_side`]; untagged threads, such as
//! SQLite's worker threads, are the server's). An allocation counts for the side of the thread
//! that made it, a free for the side of the thread that frees: the two sides share nothing but
//! TCP, so the sums are each side's live bytes. Each thread adds to its own counter (no shared
//! cache line), and the counters are summed when read.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};

/// Which side a thread works for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Server = 0,
    Client = 1,
}

const SLOTS: usize = 64;

#[repr(align(64))]
struct Counter(AtomicI64);

#[allow(clippy::declare_interior_mutable_const)]
const ZERO: Counter = Counter(AtomicI64::new(0));
static COUNTERS: [[Counter; SLOTS]; 2] = [[ZERO; SLOTS], [ZERO; SLOTS]];
static NEXT_SLOT: AtomicUsize = AtomicUsize::new(0);
static ACTIVE: AtomicBool = AtomicBool::new(false);

thread_local! {
    static SIDE: Cell<u8> = const { Cell::new(Side::Server as u8) };
    static SLOT: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Tags the calling thread.
pub fn set_side(side: Side) {
    let _ = SIDE.try_with(|s| s.set(side as u8));
}

/// Counts an allocation (and marks the counting as installed: a load first, so that the
/// flag's cache line is not written on every allocation).
fn counted(bytes: i64) {
    if !ACTIVE.load(Ordering::Relaxed) {
        ACTIVE.store(true, Ordering::Relaxed);
    }
    add(bytes);
}

fn add(bytes: i64) {
    let side = SIDE.try_with(Cell::get).unwrap_or(0) as usize;
    let slot = SLOT
        .try_with(|s| {
            if s.get() == usize::MAX {
                s.set(NEXT_SLOT.fetch_add(1, Ordering::Relaxed) % SLOTS);
            }
            s.get()
        })
        .unwrap_or(0);
    COUNTERS[side.min(1)][slot]
        .0
        .fetch_add(bytes, Ordering::Relaxed);
}

/// Live heap bytes of `side`, if the counting allocator is installed.
pub fn live(side: Side) -> Option<i64> {
    ACTIVE.load(Ordering::Relaxed).then(|| {
        COUNTERS[side as usize]
            .iter()
            .map(|c| c.0.load(Ordering::Relaxed))
            .sum()
    })
}

/// Counts the live bytes of another allocator by side.
pub struct Counting<A>(pub A);

fn size(layout: Layout) -> i64 {
    i64::try_from(layout.size()).unwrap_or(i64::MAX)
}

// SAFETY: every call goes to the inner allocator unchanged; the counting touches only atomics
// and const-initialised thread locals without destructors, which allocate nothing.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            counted(size(layout));
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            counted(size(layout));
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { self.0.dealloc(ptr, layout) };
        add(-size(layout));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(i64::try_from(new_size).unwrap_or(i64::MAX) - size(layout));
        }
        p
    }
}
