//! The seat-scoped C calls, the size limits and the index/id naming: one regression test
//! for each finding of the outside audit that the C ABI answers.

mod common;

use catan::*;
use catan_rules::action_space::ActionSpace;
use catan_rules::{Action, Event, Game, Phase, Player};
use common::*;
use std::ptr;

/// Plays `g` with the engine's first listed non-offer action until `stop`.
fn play_until(g: *mut catan_game, stop: impl Fn(&Game) -> bool) {
    for _ in 0..100_000 {
        let e = engine(g);
        if stop(e) {
            return;
        }
        let choices: Vec<Action> = e
            .legal_actions_vec()
            .into_iter()
            .filter(|a| !a.is_trade_offer())
            .collect();
        let pick = choices[(e.turn() as usize * 7 + choices.len()) % choices.len()];
        let json = c(pick.to_json());
        assert_eq!(
            unsafe { catan_game_apply_json(g, json.as_ptr(), ptr::null_mut()) },
            catan_status::Ok
        );
    }
    panic!("state not reached");
}

/// Finding 1: `check` of another seat's purchase gave away that seat's hand (in the
/// status and in the last error). The seat-scoped check refuses it first, and no error
/// text or data names a hand.
#[test]
fn another_seats_action_tells_nothing() {
    let g = new_game("{}", 12);
    play_until(g, |e| e.phase() == Phase::Main);
    let cur = engine(g).current_player().0 as i32;
    let other = (cur + 1) % 4;
    let buy = c(format!(
        r#"{{"type":"buy_development_card","player":{cur}}}"#
    ));
    let st = unsafe { catan_game_check_as_json(g, other, buy.as_ptr()) };
    assert_eq!(st, catan_status::NotYourSeat);
    let j = last_error_json();
    assert_eq!(j["error"]["type"], "not_your_seat");
    assert!(!last_error().contains("have"));
    // The seat's own check names only the cost.
    let st = unsafe { catan_game_check_as_json(g, cur, buy.as_ptr()) };
    if st != catan_status::Ok {
        let j = last_error_json();
        assert!(j["error"].get("have").is_none(), "{j}");
        assert!(!last_error().contains("ByResource"), "{}", last_error());
    }
    // A seat outside the game.
    assert_eq!(
        unsafe { catan_game_check_as_json(g, 7, buy.as_ptr()) },
        catan_status::NoSuchPlayer
    );
    let before = engine(g).clone();
    assert_eq!(
        unsafe { catan_game_apply_as_json(g, other, buy.as_ptr(), ptr::null_mut()) },
        catan_status::NotYourSeat
    );
    assert_eq!(*engine(g), before);
    unsafe { catan_game_free(g) };
}

/// Findings 2 and 3: per-seat legal lists and masks, and per-seat event streams.
#[test]
fn per_seat_lists_masks_and_events() {
    let g = new_game("{}", 3);
    play_until(g, |e| e.phase() == Phase::Discard);
    let e = engine(g).clone();
    let space = ActionSpace::new(e.board(), e.players());
    for s in 0..4 {
        let mut out = ptr::null_mut();
        let st = unsafe { catan_game_legal_actions_for_json(g, s, &mut out) };
        assert_eq!(st, catan_status::Ok);
        let list: Vec<Action> = serde_json::from_str(&take(out)).unwrap();
        let mut want = Vec::new();
        e.legal_actions_for(Player(s as u8), &mut want);
        assert_eq!(list, want);
        assert!(list.iter().all(|a| a.player() == Player(s as u8)));
        let mut words = vec![0u64; space.words()];
        let mut n = 0usize;
        let st =
            unsafe { catan_game_legal_mask_for(g, s, words.as_mut_ptr(), words.len(), &mut n) };
        assert_eq!(st, catan_status::Ok);
        let mut expect = vec![0u64; space.words()];
        e.legal_mask_for(Player(s as u8), &space, &mut expect);
        assert_eq!(words, expect);
        // Too small: only the length is written.
        let mut small = [7u64; 1];
        let st = unsafe { catan_game_legal_mask_for(g, s, small.as_mut_ptr(), 1, &mut n) };
        assert_eq!(st, catan_status::BufferTooSmall);
        assert_eq!((small[0], n), (7, space.words()));
    }
    let mut out = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_legal_actions_for_json(g, 4, &mut out) },
        catan_status::NoSuchPlayer
    );
    unsafe { catan_game_free(g) };

    // Redaction: a purchase is seen in full by the buyer only.
    let bought = vec![Event::DevelopmentCardBought {
        player: Player(1),
        card: Some(catan_rules::DevCard::Monopoly),
    }];
    let json = c(serde_json::to_string(&bought).unwrap());
    for (viewer, shows) in [(1, true), (0, false), (-1, false)] {
        let mut out = ptr::null_mut();
        assert_eq!(
            unsafe { catan_events_for_json(json.as_ptr(), viewer, &mut out) },
            catan_status::Ok
        );
        assert_eq!(take(out).contains("monopoly"), shows, "viewer {viewer}");
    }
    let mut out = ptr::null_mut();
    assert_eq!(
        unsafe { catan_events_for_json(json.as_ptr(), 6, &mut out) },
        catan_status::NoSuchPlayer
    );
}

/// Finding 13: the award holders, road lengths and knights without parsing JSON.
#[test]
fn getters_match_the_engine() {
    let g = new_game("{}", 21);
    play_until(g, |e| e.turn() > 60 || e.winner().is_some());
    let e = engine(g);
    let (mut lr, mut la) = (5i32, 5i32);
    assert_eq!(
        unsafe { catan_game_award_holders(g, &mut lr, &mut la) },
        catan_status::Ok
    );
    assert_eq!(lr, e.longest_road_holder().map_or(-1, |p| p.0 as i32));
    assert_eq!(la, e.largest_army_holder().map_or(-1, |p| p.0 as i32));
    for s in 0..4 {
        let (mut len, mut kn) = (0u8, 0u8);
        assert_eq!(
            unsafe { catan_game_seat_stats(g, s, &mut len, &mut kn) },
            catan_status::Ok
        );
        assert_eq!(len, e.longest_road_of(Player(s as u8)));
        assert_eq!(kn, e.knights_played(Player(s as u8)));
    }
    assert_eq!(
        unsafe { catan_game_seat_stats(g, 4, ptr::null_mut(), ptr::null_mut()) },
        catan_status::NoSuchPlayer
    );
    unsafe { catan_game_free(g) };
}

/// Findings 6–8: sizes over the documented limits return `TOO_LARGE` instead of aborting
/// the process or echoing megabytes.
#[test]
fn sizes_over_the_limits_are_refused() {
    let rules = c("{}");
    let mut b = ptr::null_mut();
    for n in [CATAN_MAX_BATCH_GAMES + 1, usize::MAX] {
        assert_eq!(
            unsafe { catan_batch_new(rules.as_ptr(), 1, n, 4, &mut b) },
            catan_status::TooLarge
        );
        assert!(b.is_null());
    }
    let mut out = ptr::null_mut();
    for n in [CATAN_MAX_SIMULATE_GAMES + 1, usize::MAX] {
        assert_eq!(
            unsafe { catan_simulate(rules.as_ptr(), n, 1, 2001, false, &mut out) },
            catan_status::TooLarge
        );
        assert!(out.is_null());
    }
    // 2,001 threads for 4 games: runs, on no more threads than help.
    assert_eq!(
        unsafe { catan_simulate(rules.as_ptr(), 4, 1, 2001, false, &mut out) },
        catan_status::Ok
    );
    take(out);
    // A step with a count that is not the batch's is refused before anything is read.
    assert_eq!(
        unsafe { catan_batch_new(rules.as_ptr(), 1, 4, 2001, &mut b) },
        catan_status::Ok
    );
    let ids = [0u32; 4];
    let (mut w, mut d) = ([0i8; 4], [0u8; 4]);
    assert_eq!(
        unsafe {
            catan_batch_step(
                b,
                ids.as_ptr(),
                usize::MAX,
                w.as_mut_ptr(),
                d.as_mut_ptr(),
                ptr::null_mut(),
            )
        },
        catan_status::WrongLength
    );
    unsafe { catan_batch_free(b) };

    // A 10 MB action is refused at 1 MiB; the message is short.
    let g = new_game("{}", 1);
    let huge = c(format!(
        r#"{{"type":"{}","player":0}}"#,
        "x".repeat(10 << 20)
    ));
    assert_eq!(
        unsafe { catan_game_apply_json(g, huge.as_ptr(), ptr::null_mut()) },
        catan_status::TooLarge
    );
    assert!(last_error().len() < 200);
    // Just under the limit: parsed, and the echo is bounded.
    let big = c(format!(
        r#"{{"type":"{}","player":0}}"#,
        "x".repeat(CATAN_MAX_INPUT_BYTES - 40)
    ));
    assert_eq!(
        unsafe { catan_game_check_json(g, big.as_ptr()) },
        catan_status::UnknownActionType
    );
    assert!(last_error().len() < 400, "{}", last_error().len());
    assert!(last_error_json().to_string().len() < 1200);
    unsafe { catan_game_free(g) };
}

/// Finding 5: a discard limit of 0 is refused (it stalled games).
#[test]
fn a_zero_discard_limit_is_refused() {
    let rules = c(r#"{"discard_limit": 0}"#);
    let mut g = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_new(rules.as_ptr(), 1, &mut g) },
        catan_status::InvalidRules
    );
    assert_eq!(last_error_json()["error"]["type"], "discard_limit");
    let mut out = ptr::null_mut();
    assert_eq!(
        unsafe { catan_simulate(rules.as_ptr(), 60, 1, 1, false, &mut out) },
        catan_status::InvalidRules
    );
}

/// The same name means the same thing as in Python: `catan_game_apply_id` takes a fixed
/// id (a fixed id given to the old list-index function built on the wrong node and
/// returned success), `catan_game_apply_index` an index into the legal list.
#[test]
fn ids_are_fixed_and_indices_are_list_positions() {
    let g = new_game("{}", 7);
    let e = engine(g).clone();
    let space = ActionSpace::new(e.board(), e.players());
    let legal = e.legal_actions_vec();
    let target = legal[5];
    let id = space.encode(&target).unwrap();
    let mut by_id = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_action_json_for_id(g, id, &mut by_id) },
        catan_status::Ok
    );
    assert_eq!(take(by_id), target.to_json());
    let mut by_index = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_action_json_for_index(g, 5, &mut by_index) },
        catan_status::Ok
    );
    assert_eq!(take(by_index), target.to_json());
    let mut events = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_apply_id(g, id, &mut events) },
        catan_status::Ok
    );
    let ev: Vec<Event> = serde_json::from_str(&take(events)).unwrap();
    let Action::BuildSettlement { node, .. } = target else {
        panic!("a set-up placement")
    };
    assert!(
        matches!(ev[0], Event::SettlementBuilt { node: n, .. } if n == node),
        "{ev:?}"
    );
    unsafe { catan_game_free(g) };
}

/// Findings 10 and 12 through C: a position on a board whose set-up cannot finish is
/// refused as an invalid position naming the reason, and `finish_road_building` is an
/// action type C passes through (refused here only because no Road Building is under
/// way, as the core's wrong-phase error).
#[test]
fn unplayable_boards_and_finishing_road_building() {
    let g = new_game("{}", 3);
    let mut pos: serde_json::Value = serde_json::from_str(&engine(g).to_json()).unwrap();
    pos["board"] =
        serde_json::json!({"hexes": [{"q": 0, "r": 0, "terrain": "forest", "number": 8}]});
    let text = c(pos.to_string());
    let mut loaded = ptr::null_mut();
    assert_eq!(
        unsafe { catan_game_from_position_json(text.as_ptr(), &mut loaded) },
        catan_status::InvalidPosition
    );
    assert!(loaded.is_null());
    assert!(
        last_error().contains("set-up cannot always finish"),
        "{}",
        last_error()
    );
    play_until(g, |e| e.phase() == Phase::Main);
    let before = snapshot(g);
    let p = engine(g).current_player().0;
    let finish = c(format!(r#"{{"type":"finish_road_building","player":{p}}}"#));
    assert_eq!(
        unsafe { catan_game_apply_json(g, finish.as_ptr(), ptr::null_mut()) },
        catan_status::IllegalAction
    );
    assert_eq!(last_error_json()["error"]["type"], "wrong_phase");
    assert!(snapshot(g) == before);
    unsafe { catan_game_free(g) };
}
