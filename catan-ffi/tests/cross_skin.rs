//! A seeded game played through the C ABI by fixed ids, with the per-seat events of every
//! step, stored in `tests/data/ids_seed7.jsonl` and replayed by the Python tests
//! (`catan-py/tests/test_cross_skin.py`): C and Python agree on the ids and on what each
//! seat may see.
//!
//! The game: `{"players": 4, "map": "random", "vp_target": 6}`, seed 7. At step `i` (from
//! 0) the id taken is `ids[(i * 7919) % ids.len()]` of the ascending ids of
//! `catan_game_legal_mask_without_offers` (discards one card at a time). Each line is
//! `{"step": i, "id": id, "events": [spectator, seat 0, seat 1, seat 2, seat 3]}`, each
//! entry the step's events as `catan_events_for_json` gives them to that viewer. Played to
//! the end or [`MAX_STEPS`].
//!
//! `REGENERATE=1 cargo test -p catan-ffi --test cross_skin` rewrites the file (review the
//! diff!).

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use common::*;
use std::path::PathBuf;
use std::ptr;

const MAX_STEPS: usize = 3000;

fn ids_without_offers(g: *const catan_game) -> Vec<u32> {
    let mut len = 0usize;
    // SAFETY: live handle; cap 0 with a NULL buffer asks for the length.
    let st = unsafe { catan_game_legal_mask_without_offers(g, ptr::null_mut(), 0, &mut len) };
    assert_eq!(st, catan_status::BufferTooSmall);
    let mut words = vec![0u64; len];
    // SAFETY: `words` holds `len` elements.
    let st = unsafe { catan_game_legal_mask_without_offers(g, words.as_mut_ptr(), len, &mut len) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let mut out = Vec::new();
    for (w, &word) in words.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            out.push((w * 64) as u32 + b.trailing_zeros());
            b &= b - 1;
        }
    }
    out
}

fn lines() -> Vec<String> {
    let g = new_game(r#"{"players": 4, "map": "random", "vp_target": 6}"#, 7);
    let mut lines = Vec::new();
    for step in 0..MAX_STEPS {
        let mut winner = -1i32;
        // SAFETY: live handle, valid out-pointer.
        let st = unsafe { catan_game_winner(g, &mut winner) };
        assert_eq!(st, catan_status::Ok);
        if winner >= 0 {
            break;
        }
        let ids = ids_without_offers(g);
        assert!(
            !ids.is_empty(),
            "a mask is never empty while the game is on"
        );
        let id = ids[(step * 7919) % ids.len()];
        let mut events = ptr::null_mut();
        // SAFETY: live handle, valid out-pointer.
        let st = unsafe { catan_game_apply_id(g, id, &mut events) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        let events = c(take(events));
        let mut seen = Vec::new();
        for viewer in -1..4 {
            let mut out = ptr::null_mut();
            // SAFETY: NUL-terminated input, valid out-pointer.
            let st = unsafe { catan_events_for_json(events.as_ptr(), viewer, &mut out) };
            assert_eq!(st, catan_status::Ok, "{}", last_error());
            seen.push(take(out));
        }
        lines.push(format!(
            r#"{{"step":{step},"id":{id},"events":[{}]}}"#,
            seen.join(",")
        ));
    }
    // SAFETY: live handle, freed once.
    unsafe { catan_game_free(g) };
    lines
}

#[test]
fn ids_and_per_seat_events_match_the_stored_game() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/ids_seed7.jsonl");
    let lines = lines();
    assert!(lines.len() > 100, "a whole game: {} steps", lines.len());
    assert!(
        lines.iter().any(|l| l.contains(r#""type":"discarded""#)),
        "the game has discards, made card by card"
    );
    let mut text = lines.join("\n");
    text.push('\n');
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with REGENERATE=1 to create it)",
            path.display()
        )
    });
    for (i, (want, got)) in stored.lines().zip(lines.iter()).enumerate() {
        assert_eq!(want, got, "step {i}");
    }
    assert_eq!(stored.lines().count(), lines.len());
}
