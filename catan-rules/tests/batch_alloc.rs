//! The batched stepper allocates nothing per call on one thread while no game ends
//! (a finished game's replacement builds a new board).
//!
//! Only the calling thread's allocations are counted: the test harness's own threads
//! (its output and time-out bookkeeping) may allocate at any moment, and counting them made
//! the test fail now and then on a loaded machine.

use catan_rules::{batch::Batch, Rules};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    ALLOCATIONS.with(|c| c.set(c.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(|c| c.get())
}

// SAFETY: forwards to the system allocator, only counting calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract is forwarded unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
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
