//! Saving, resuming, per-seat views and the picture through the C ABI.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use catan_rules::{Game, Player};
use common::*;
use std::ptr;

fn position_of(g: *const catan_game) -> String {
    let mut out = ptr::null_mut();
    // SAFETY: live handle, valid out pointer.
    let st = unsafe { catan_game_position_json(g, &mut out) };
    assert_eq!(st, catan_status::Ok);
    take(out)
}

#[test]
fn a_saved_game_resumes_identically() {
    let g = new_game("{\"players\": 4}", 11);
    advance(g, 400);
    let json = position_of(g);
    let text = c(&json);
    let mut h = ptr::null_mut();
    // SAFETY: NUL-terminated string, valid out pointer.
    let st = unsafe { catan_game_from_position_json(text.as_ptr(), &mut h) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert_eq!(engine(h), engine(g));
    advance(g, 300);
    advance(h, 300);
    assert_eq!(engine(h), engine(g));
    assert_eq!(state_json(h), state_json(g));
    // SAFETY: live handles, freed once.
    unsafe {
        catan_game_free(g);
        catan_game_free(h);
    }
}

#[test]
fn bad_positions_get_their_own_codes_and_no_game() {
    let g = new_game("{}", 3);
    advance(g, 50);
    let mut pos: serde_json::Value = serde_json::from_str(&position_of(g)).unwrap();
    // Resources must be conserved: bank + hands = 19 of each (docs/rulings.md §6).
    pos["bank"]["ore"] = serde_json::json!(0);
    let bad = c(pos.to_string());
    let sentinel = ptr::dangling_mut::<catan_game>();
    let mut h = sentinel;
    // SAFETY: NUL-terminated string, valid out pointer.
    let st = unsafe { catan_game_from_position_json(bad.as_ptr(), &mut h) };
    assert_eq!(st, catan_status::InvalidPosition);
    assert_eq!(h, sentinel, "nothing written on failure");
    assert!(last_error().contains("ore"), "{}", last_error());
    assert_eq!(last_error_json()["code"], 16);

    for (text, status) in [
        ("{", catan_status::MalformedJson),
        (
            "{\"format\": \"catan-position\", \"nonsense\": 1}",
            catan_status::UnknownField,
        ),
    ] {
        let t = c(text);
        // SAFETY: as above.
        let st = unsafe { catan_game_from_position_json(t.as_ptr(), &mut h) };
        assert_eq!(st, status, "{text}: {}", last_error());
        assert_eq!(h, sentinel);
    }
    // SAFETY: NULL arguments are rejected, not dereferenced.
    unsafe {
        assert_eq!(
            catan_game_from_position_json(ptr::null(), &mut h),
            catan_status::NullArgument
        );
        assert_eq!(
            catan_game_position_json(g, ptr::null_mut()),
            catan_status::NullArgument
        );
        catan_game_free(g);
    }
}

#[test]
fn views_match_the_engine_and_reject_strange_seats() {
    let g = new_game("{\"players\": 3}", 5);
    advance(g, 200);
    for seat in [-1i32, 0, 1, 2] {
        let mut out = ptr::null_mut();
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_view_json(g, seat, &mut out) };
        assert_eq!(st, catan_status::Ok);
        let viewer = (seat >= 0).then_some(Player(seat as u8));
        let want = serde_json::to_string(&engine(g).view(viewer)).unwrap();
        assert_eq!(take(out), want);
    }
    for seat in [-2i32, 3, 6, i32::MAX, i32::MIN] {
        let mut out = ptr::null_mut();
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_view_json(g, seat, &mut out) };
        assert_eq!(st, catan_status::NoSuchPlayer);
        assert!(out.is_null());
    }
    // SAFETY: live handle, freed once.
    unsafe { catan_game_free(g) };
}

#[test]
fn the_svg_is_the_engine_s_picture() {
    let g = new_game("{\"map\": \"beginner\"}", 7);
    let mut out = ptr::null_mut();
    // SAFETY: live handle, valid out pointer.
    assert_eq!(unsafe { catan_game_svg(g, &mut out) }, catan_status::Ok);
    let svg = take(out);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    assert_eq!(svg, Game::to_svg(engine(g)));
    // SAFETY: live handle, freed once.
    unsafe { catan_game_free(g) };
}
