//! The batched stepper allocates nothing per call on one thread while no game ends
//! (a finished game's replacement builds a new board); a batch reserves what its games
//! hold before it builds them, so a batch the memory cannot hold is refused, not aborted.
//!
//! Only the calling thread's allocations are counted: the test harness's own threads
//! (its output and time-out bookkeeping) may allocate at any moment, and counting them made
//! the test fail now and then on a loaded machine.

use catan_rules::batch::{Batch, BatchError, MAX_BATCH_GAMES};
use catan_rules::cards::{CardGame, CardRules};
use catan_rules::scenario::Scenario;
use catan_rules::Rules;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static HELD: Cell<i64> = const { Cell::new(0) };
}

fn count() {
    ALLOCATIONS.with(|c| c.set(c.get() + 1));
}

/// Bytes allocated less bytes freed by the calling thread.
fn held(change: i64) -> i64 {
    HELD.with(|c| {
        c.set(c.get() + change);
        c.get()
    })
}

fn allocations() -> u64 {
    ALLOCATIONS.with(|c| c.get())
}

// SAFETY: forwards to the system allocator, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        held(layout.size() as i64);
        // SAFETY: the caller's contract is forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        held(-(layout.size() as i64));
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        held(new_size as i64 - layout.size() as i64);
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn observe_and_step_do_not_allocate() {
    let mut b = Batch::new(Rules::default(), 3, 16, 1).unwrap();
    let (n, words, ol) = (b.len(), b.space().words(), b.obs_len());
    let (mut masks, mut obs) = (vec![0u64; n * words], vec![0i16; n * ol]);
    let mut ids = vec![0u32; n];
    let (mut r, mut d, mut w) = (vec![0f32; n], vec![false; n], vec![0i8; n]);
    let before = allocations();
    // The set-up phase and a few turns: no game can end this early.
    for _ in 0..300 {
        b.observe(&mut masks, &mut obs).unwrap();
        for (i, id) in ids.iter_mut().enumerate() {
            let row = &masks[i * words..(i + 1) * words];
            let k = row.iter().position(|&x| x != 0).unwrap();
            *id = (k * 64) as u32 + row[k].trailing_zeros();
        }
        b.step(&ids, &mut r, &mut d, &mut w).unwrap();
        assert!(!d.contains(&true));
    }
    assert_eq!(allocations(), before);
}

#[test]
fn a_batch_holds_no_more_than_it_reserves_per_game() {
    // Batch::new reserves bytes_per_game for each game before building any; the games it
    // then builds (on this thread) hold less, on every kind of board.
    let scenario = |s: Scenario, players: u8| Rules {
        players,
        ..Rules::scenario(s)
    };
    for rules in [
        Rules::default(),
        Rules {
            players: 6,
            ..Rules::default()
        },
        scenario(Scenario::NewShores, 4),
        scenario(Scenario::FogIslands, 6),
        scenario(Scenario::ThroughTheDesert, 6),
    ] {
        let n = 64;
        let before = held(0);
        let b = Batch::new(rules, 5, n, 1).unwrap();
        let grown = held(0) - before;
        let reckoned = (b.bytes_per_game() * n) as i64;
        assert!(grown > 0);
        assert!(
            grown <= reckoned,
            "{rules:?}: {grown} bytes held, {reckoned} reckoned"
        );
    }
}

#[test]
fn the_largest_batch_is_refused_under_a_memory_limit_instead_of_aborting() {
    // docs/security.md: a batch of the documented maximum that the memory cannot hold
    // gives OutOfMemory. The slots of 2^20 games fit in the child's 2.5 GB (1.2 GB) but
    // not their boards (over 6 GB more).
    refused_under_a_memory_limit(
        "CATAN_BATCH_OOM_CHILD",
        "the_largest_batch_is_refused_under_a_memory_limit_instead_of_aborting",
        || Batch::new(Rules::default(), 1, MAX_BATCH_GAMES, 1).map(drop),
    );
}

/// Runs the calling test again in a child process limited to about 2.5 GB of address
/// space (`ulimit -v`), where `make` (a batch of `MAX_BATCH_GAMES`) must give
/// `OutOfMemory` for exactly that many games rather than abort. `child` names the
/// environment variable that marks the child, `name` the calling test.
fn refused_under_a_memory_limit(
    child: &str,
    name: &str,
    make: impl FnOnce() -> Result<(), BatchError>,
) {
    if std::env::var_os(child).is_some() {
        let code = match make() {
            Err(BatchError::OutOfMemory { games }) if games == MAX_BATCH_GAMES => 42,
            Err(e) => {
                eprintln!("unexpected error: {e}");
                1
            }
            Ok(()) => 2,
        };
        std::process::exit(code);
    }
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2500000 && exec \"$0\" \"$@\"")
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", name, "--test-threads=1", "--nocapture"])
        .env(child, "1")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(42),
        "{:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_card_batch_holds_no_more_than_it_reserves_per_game() {
    // As for the base game: Batch::with_rules reserves bytes_per_game for each Card Game
    // before building any, and the games it builds hold less.
    for rules in [
        CardRules::default(),
        CardRules {
            hand_limit: CardRules::MAX_HAND_LIMIT,
            ..CardRules::default()
        },
    ] {
        let n = 64;
        let before = held(0);
        let b = Batch::<CardGame>::with_rules(rules, 5, n, 1).unwrap();
        let grown = held(0) - before;
        let reckoned = (b.bytes_per_game() * n) as i64;
        assert!(grown > 0);
        assert!(
            grown <= reckoned,
            "{rules:?}: {grown} bytes held, {reckoned} reckoned"
        );
    }
}

#[test]
fn the_largest_card_batch_is_refused_under_a_memory_limit_instead_of_aborting() {
    // As for the base game (docs/security.md).
    refused_under_a_memory_limit(
        "CATAN_CARD_BATCH_OOM_CHILD",
        "the_largest_card_batch_is_refused_under_a_memory_limit_instead_of_aborting",
        || Batch::<CardGame>::with_rules(CardRules::default(), 1, MAX_BATCH_GAMES, 1).map(drop),
    );
}
