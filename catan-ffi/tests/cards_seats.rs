//! The Card Game's seat-scoped C calls (docs/security.md, 'The Card Game'): another seat's
//! action is refused first with `NOT_YOUR_SEAT`, a seat's list and mask hold its own
//! actions only, and per-seat events hide the cards the other seat drew.

mod common;

use catan::cards::*;
use catan::*;
use catan_rules::cards::{action_id, CardAction, CardEvent, CardGame};
use common::cards::*;
use common::*;
use std::ptr;

fn new_cards(rules: &str, seed: u64) -> *mut catan_cards_game {
    let mut g = ptr::null_mut();
    // SAFETY: valid C string and out pointer.
    let st = unsafe { catan_cards_new(c(rules).as_ptr(), seed, &mut g) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    g
}

fn legal_for(g: *const catan_cards_game, seat: i32) -> Vec<CardAction> {
    let mut out = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_legal_actions_for_json(g, seat, &mut out) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    serde_json::from_str(&take(out)).unwrap()
}

#[test]
fn a_seat_acts_for_itself_only() {
    let g = new_cards("{}", 4);
    let me = to_act(g);
    let them = 1 - me;
    let mine = legal_for(g, me);
    assert!(!mine.is_empty());
    assert!(legal_for(g, them).is_empty());
    let before = position(g);
    let json = c(mine[0].to_json());
    // SAFETY: a live handle and valid C strings.
    unsafe {
        assert_eq!(
            catan_cards_check_as_json(g, them, json.as_ptr()),
            catan_status::NotYourSeat
        );
        assert_eq!(
            catan_cards_apply_as_json(g, them, json.as_ptr(), ptr::null_mut()),
            catan_status::NotYourSeat
        );
        assert_eq!(
            catan_cards_check_as_json(g, 2, json.as_ptr()),
            catan_status::NoSuchPlayer
        );
        assert_eq!(
            catan_cards_check_as_json(g, -1, json.as_ptr()),
            catan_status::NoSuchPlayer
        );
    }
    assert_eq!(position(g), before);
    // The mask for a seat marks exactly the ids of its list.
    let ids: Vec<u32> = mine.iter().filter_map(action_id).collect();
    assert_eq!(ids.len(), mine.len(), "every listed action has an id");
    assert_eq!(mask_for(g, me), ids);
    assert!(mask_for(g, them).is_empty());
    // Play by the seat-scoped calls until a card is drawn; the other seat's copy of the
    // events hides it (Card Game rules, 'Replenishing Your Hand': the hand is secret).
    for _ in 0..2_000 {
        let seat = to_act(g);
        let list = legal_for(g, seat);
        let a = list.iter().find(|a| !a.is_offer()).unwrap();
        let mut events = ptr::null_mut();
        // SAFETY: a live handle, a valid C string and out pointer.
        let st =
            unsafe { catan_cards_apply_as_json(g, seat, c(a.to_json()).as_ptr(), &mut events) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        let all = take(events);
        let parsed: Vec<CardEvent> = serde_json::from_str(&all).unwrap();
        let drew = parsed
            .iter()
            .any(|e| matches!(e, CardEvent::DrewCard { player, card: Some(_), .. } if i32::from(player.0) == seat));
        if drew {
            let mut out = ptr::null_mut();
            // SAFETY: a valid C string and out pointer.
            let st = unsafe { catan_cards_events_for_json(c(&all).as_ptr(), 1 - seat, &mut out) };
            assert_eq!(st, catan_status::Ok);
            let theirs: Vec<CardEvent> = serde_json::from_str(&take(out)).unwrap();
            assert_eq!(
                theirs,
                CardGame::events_for(&parsed, Some(catan_rules::Player(1 - seat as u8)))
            );
            assert!(theirs
                .iter()
                .all(|e| !matches!(e, CardEvent::DrewCard { card: Some(_), .. })));
            // SAFETY: a live handle freed once.
            unsafe { catan_cards_free(g) };
            return;
        }
    }
    panic!("no card drawn");
}
