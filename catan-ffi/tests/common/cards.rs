//! Helpers for the Card Game's C calls (`catan_cards_*`), called from Rust as C would.

use super::*;
use catan::cards::*;

/// The one seat to act (the Card Game's decisions are one seat's at a time).
pub fn to_act(g: *const catan_cards_game) -> i32 {
    let mut mask = u32::MAX;
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_to_act(g, &mut mask) };
    assert_eq!(st, catan_status::Ok);
    assert_eq!(mask.count_ones(), 1, "one seat acts: {mask:#b}");
    mask.trailing_zeros() as i32
}

/// The whole position as JSON.
pub fn position(g: *const catan_cards_game) -> String {
    let mut out = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_position_json(g, &mut out) };
    assert_eq!(st, catan_status::Ok);
    take(out)
}

/// The number of fixed action ids.
pub fn space_len(g: *const catan_cards_game) -> usize {
    let mut n = 0;
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_action_space_len(g, &mut n) };
    assert_eq!(st, catan_status::Ok);
    n
}

/// The ids set in a mask of 64-bit words, ascending.
pub fn ids_of(words: &[u64]) -> Vec<u32> {
    (0..words.len() * 64)
        .filter(|&i| words[i / 64] >> (i % 64) & 1 == 1)
        .map(|i| i as u32)
        .collect()
}

/// The ids of `catan_cards_legal_mask_for(g, seat, ...)`, checking the buffer protocol.
pub fn mask_for(g: *const catan_cards_game, seat: i32) -> Vec<u32> {
    let n = space_len(g).div_ceil(64);
    let mut words = vec![u64::MAX; n];
    let mut len = 0;
    // SAFETY: a live handle, `n` writable words and a valid out pointer.
    let st = unsafe { catan_cards_legal_mask_for(g, seat, words.as_mut_ptr(), n, &mut len) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert_eq!(len, n);
    ids_of(&words)
}

/// The ids of `catan_cards_legal_mask(g, ...)`, checking the buffer protocol.
pub fn mask(g: *const catan_cards_game) -> Vec<u32> {
    let n = space_len(g).div_ceil(64);
    let mut words = vec![u64::MAX; n];
    let mut len = 0;
    // SAFETY: a live handle, `n` writable words and a valid out pointer.
    let st = unsafe { catan_cards_legal_mask(g, words.as_mut_ptr(), n, &mut len) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert_eq!(len, n);
    ids_of(&words)
}
