//! The built-in bots from C: the same choices as the engine's bots with the same seed,
//! legal, by JSON and by fixed id; unknown kinds and bad seats refused.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use catan_rules::bots::{BotKind, Perspective};
use catan_rules::Action;
use common::*;
use std::ptr;

fn bot(kind: &str, seed: u64) -> *mut catan_bot {
    let mut b = ptr::null_mut();
    // SAFETY: NUL-terminated kind, valid out-pointer.
    let st = unsafe { catan_bot_new(c(kind).as_ptr(), seed, &mut b) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    b
}

#[test]
fn unknown_kinds_and_seats_are_refused() {
    let mut b = ptr::null_mut();
    for kind in ["", "alphazero", "search:0", "search:x"] {
        // SAFETY: NUL-terminated kind, valid out-pointer.
        let st = unsafe { catan_bot_new(c(kind).as_ptr(), 1, &mut b) };
        assert_eq!(st, catan_status::UnknownBot, "{kind:?}");
        assert!(b.is_null());
        assert_eq!(last_error_json()["status"], "unknown_bot");
    }
    let g = new_game(r#"{"players": 3}"#, 1);
    let b = bot("random", 1);
    let mut out = ptr::null_mut();
    // SAFETY: live handles, valid out-pointer.
    let st = unsafe { catan_bot_choose_json(b, g, 3, &mut out) };
    assert_eq!(st, catan_status::NoSuchPlayer);
    // SAFETY: NULL bot is refused.
    let st = unsafe { catan_bot_choose_json(ptr::null_mut(), g, 0, &mut out) };
    assert_eq!(st, catan_status::NullArgument);
    // SAFETY: handles made above, freed once.
    unsafe {
        catan_bot_free(b);
        catan_game_free(g);
    }
}

/// A whole game between C bots (random, weighted, greedy, search:4): every choice is the
/// engine bot's with the same seed, and applies; by id, a whole discard is its first card.
#[test]
fn c_bots_choose_what_the_engine_bots_choose() {
    let kinds = ["random", "weighted", "greedy", "search:4"];
    let g = new_game(r#"{"players": 4, "map": "beginner", "vp_target": 6}"#, 3);
    let cb: Vec<_> = kinds.iter().map(|k| bot(k, 11)).collect();
    let mut rb: Vec<_> = kinds
        .iter()
        .map(|k| k.parse::<BotKind>().unwrap().build(11))
        .collect();
    let mut steps = 0;
    while engine(g).winner().is_none() && steps < 3000 {
        let seat = engine(g).to_act().iter().next().unwrap();
        let want = rb[seat.index()]
            .choose(&Perspective::new(engine(g), seat))
            .unwrap();
        let mut out = ptr::null_mut();
        // SAFETY: live handles, valid out-pointer.
        let st = unsafe { catan_bot_choose_json(cb[seat.index()], g, -1, &mut out) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        let got = Action::from_json(&take(out)).unwrap();
        assert_eq!(got, want, "step {steps}");
        let mut events = ptr::null_mut();
        // SAFETY: live handle, NUL-terminated action, valid out-pointer.
        let st = unsafe { catan_game_apply_json(g, c(got.to_json()).as_ptr(), &mut events) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        take(events);
        steps += 1;
    }
    assert!(engine(g).winner().is_some());
    // By id: a fresh bot's id applies, and names the action (or its first card).
    let g2 = new_game(r#"{"players": 4}"#, 5);
    let b = bot("greedy", 2);
    for _ in 0..400 {
        let (mut id, mut found) = (0u32, 0u8);
        // SAFETY: live handles, valid out-pointers.
        let st = unsafe { catan_bot_choose_id(b, g2, -1, &mut id, &mut found) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        if found == 0 {
            break;
        }
        // SAFETY: live handle; events not wanted.
        let st = unsafe { catan_game_apply_id(g2, id, ptr::null_mut()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
    }
    // SAFETY: handles made above, freed once.
    unsafe {
        for b in cb {
            catan_bot_free(b);
        }
        catan_bot_free(b);
        catan_game_free(g);
        catan_game_free(g2);
    }
}
