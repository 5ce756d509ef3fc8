//! The Card Game's C calls refuse bad input with the documented status and change nothing
//! (catan-ffi's conventions: outputs written only on success, the game unchanged on every
//! failure). These calls are the generic bodies of `catan-ffi/src/skin.rs` that the base
//! game's calls share; the statuses are the ones each `catan_cards_*` function documents.

mod common;

use catan::cards::*;
use catan::*;
use catan_rules::cards::CardAction;
use common::cards::*;
use common::*;
use std::ptr;

fn new_cards(rules: &str, seed: u64) -> Result<*mut catan_cards_game, catan_status> {
    let mut g = ptr::null_mut();
    // SAFETY: a valid C string and out pointer.
    match unsafe { catan_cards_new(c(rules).as_ptr(), seed, &mut g) } {
        catan_status::Ok => Ok(g),
        st => {
            assert!(g.is_null(), "no handle written on failure");
            Err(st)
        }
    }
}

fn apply(g: *mut catan_cards_game, action: &str) -> catan_status {
    let mut events = ptr::null_mut();
    // SAFETY: a live handle, a valid C string and out pointer.
    let st = unsafe { catan_cards_apply_json(g, c(action).as_ptr(), &mut events) };
    if st == catan_status::Ok {
        take(events);
    } else {
        assert!(events.is_null(), "no events written on failure");
    }
    st
}

#[test]
fn malformed_rules_are_refused_by_kind() {
    assert_eq!(new_cards("{", 1).err(), Some(catan_status::MalformedJson));
    assert_eq!(
        new_cards(r#"{"vp_target": "twelve"}"#, 1).err(),
        Some(catan_status::MalformedJson)
    );
    let mut g = ptr::null_mut();
    // SAFETY: NULL rules are refused before anything is read.
    let st = unsafe { catan_cards_new(ptr::null(), 1, &mut g) };
    assert_eq!(st, catan_status::NullArgument);
    assert!(g.is_null());
    let g = new_cards(r#"{"vp_target": 8, "chance": "external"}"#, 1).unwrap();
    // SAFETY: a live handle, freed once.
    unsafe { catan_cards_free(g) };
}

#[test]
fn bad_actions_are_refused_by_kind_and_change_nothing() {
    let g = new_cards("{}", 5).unwrap();
    let me = to_act(g);
    let before = position(g);
    // Malformed: not JSON, an unknown type, a missing field.
    assert_eq!(apply(g, "["), catan_status::MalformedJson);
    assert_eq!(
        apply(g, r#"{"type": "fly", "player": 0}"#),
        catan_status::UnknownActionType
    );
    assert_eq!(apply(g, r#"{"type": "roll"}"#), catan_status::MalformedJson);
    // Well formed, but not this seat's turn, or not now (Catan Card Game (1996) rules,
    // 'Course of a turn': the turn begins with the roll).
    let other = CardAction::Roll {
        player: catan_rules::Player(1 - me as u8),
    };
    assert_eq!(apply(g, &other.to_json()), catan_status::NotYourTurn);
    let end = CardAction::EndTurn {
        player: catan_rules::Player(me as u8),
    };
    assert_eq!(apply(g, &end.to_json()), catan_status::IllegalAction);
    // An id outside the space.
    // SAFETY: a live handle; events not wanted.
    let st = unsafe { catan_cards_apply_id(g, space_len(g) as u32, ptr::null_mut()) };
    assert_eq!(st, catan_status::IdOutOfRange);
    assert_eq!(position(g), before, "every refusal left the game as it was");
    // A legal action still applies.
    let mut legal = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_legal_actions_json(g, &mut legal) };
    assert_eq!(st, catan_status::Ok);
    let legal: Vec<CardAction> = serde_json::from_str(&take(legal)).unwrap();
    assert_eq!(apply(g, &legal[0].to_json()), catan_status::Ok);
    assert_ne!(position(g), before);
    // SAFETY: a live handle, freed once.
    unsafe { catan_cards_free(g) };
}

#[test]
fn seats_views_events_and_positions_refuse_what_is_not_there() {
    let g = new_cards("{}", 6).unwrap();
    let me = to_act(g);
    let roll = c(CardAction::Roll {
        player: catan_rules::Player(me as u8),
    }
    .to_json());
    let mut out = ptr::null_mut();
    // SAFETY: a live handle, valid C strings and out pointers throughout.
    unsafe {
        for seat in [-1, 2, 7] {
            assert_eq!(
                catan_cards_check_as_json(g, seat, roll.as_ptr()),
                catan_status::NoSuchPlayer
            );
            assert_eq!(
                catan_cards_apply_as_json(g, seat, roll.as_ptr(), &mut out),
                catan_status::NoSuchPlayer
            );
            assert_eq!(
                catan_cards_legal_actions_for_json(g, seat, &mut out),
                catan_status::NoSuchPlayer
            );
        }
        assert!(out.is_null());
        assert_eq!(
            catan_cards_check_as_json(g, me, c("{").as_ptr()),
            catan_status::MalformedJson
        );
        assert_eq!(
            catan_cards_view_json(g, 2, &mut out),
            catan_status::NoSuchPlayer
        );
        assert_eq!(catan_cards_view_json(g, -1, &mut out), catan_status::Ok);
        take(out);
        out = ptr::null_mut();
        assert_eq!(
            catan_cards_events_for_json(c("{").as_ptr(), 0, &mut out),
            catan_status::MalformedJson
        );
        assert_eq!(
            catan_cards_events_for_json(c("[]").as_ptr(), 2, &mut out),
            catan_status::NoSuchPlayer
        );
        assert_eq!(
            catan_cards_events_for_json(c("[]").as_ptr(), -1, &mut out),
            catan_status::Ok
        );
        assert_eq!(take(out), "[]");

        // Positions: not JSON, a field of the wrong type, and a position that cannot
        // occur (a seat the two-player game does not have).
        let mut h = ptr::null_mut();
        assert_eq!(
            catan_cards_from_position_json(c("{").as_ptr(), &mut h),
            catan_status::MalformedJson
        );
        let pos: serde_json::Value = serde_json::from_str(&position(g)).unwrap();
        let mut late = pos.clone();
        late["turn"] = serde_json::json!("late");
        assert_eq!(
            catan_cards_from_position_json(c(late.to_string()).as_ptr(), &mut h),
            catan_status::MalformedJson
        );
        let mut seat5 = pos.clone();
        seat5["current"] = serde_json::json!(5);
        assert_eq!(
            catan_cards_from_position_json(c(seat5.to_string()).as_ptr(), &mut h),
            catan_status::InvalidPosition
        );
        assert!(last_error().contains("no seat 5"), "{}", last_error());
        assert!(h.is_null());
        assert_eq!(
            catan_cards_from_position_json(c(position(g)).as_ptr(), &mut h),
            catan_status::Ok
        );
        assert_eq!(position(h), position(g));
        catan_cards_free(h);
        catan_cards_free(g);
    }
}
