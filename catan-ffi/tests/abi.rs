//! The C ABI does what the header says, checked against the engine it wraps.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use catan_rules::{Action, Event, Game, Rules};
use common::*;
use std::ffi::CStr;
use std::ptr;

#[test]
fn status_messages_and_version_are_static_strings() {
    for code in 0..40u32 {
        // SAFETY: never NULL, static.
        let m = unsafe { CStr::from_ptr(catan_status_message(code)) }
            .to_str()
            .unwrap();
        match catan_status::from_code(code) {
            Some(s) => assert_eq!(m, s.message()),
            None => assert_eq!(m, "unknown status code"),
        }
        assert!(!m.is_empty());
    }
    // SAFETY: never NULL, static.
    let v = unsafe { CStr::from_ptr(catan_version()) }.to_str().unwrap();
    assert_eq!(v, catan_rules::VERSION);
    let numbers = [
        CATAN_VERSION_MAJOR,
        CATAN_VERSION_MINOR,
        CATAN_VERSION_PATCH,
    ];
    assert_eq!(v, numbers.map(|n| n.to_string()).join("."));
}

#[test]
fn the_ids_path_replays_the_engine_exactly() {
    for seed in [1u64, 2, 3] {
        let g = new_game("{\"players\": 3}", seed);
        let mut rust = Game::new(
            Rules {
                players: 3,
                ..Rules::default()
            },
            seed,
        )
        .unwrap();
        let mut legal = Vec::new();
        let mut ids = vec![0u32; 4];
        for step in 0..3000u64 {
            rust.legal_actions(&mut legal);
            assert_eq!(legal_json(g), serde_json::to_string(&legal).unwrap());
            let mut n = 0usize;
            // SAFETY: valid buffer of ids.len() elements, valid out pointer.
            let mut st =
                unsafe { catan_game_legal_indices(g, ids.as_mut_ptr(), ids.len(), &mut n) };
            if st == catan_status::BufferTooSmall {
                assert!(n > ids.len());
                ids.resize(n, 0);
                // SAFETY: as above.
                st = unsafe { catan_game_legal_indices(g, ids.as_mut_ptr(), ids.len(), &mut n) };
            }
            assert_eq!(st, catan_status::Ok);
            assert_eq!(n, legal.len());
            assert!(ids[..n].iter().enumerate().all(|(i, &id)| id as usize == i));
            if n == 0 {
                assert!(rust.winner().is_some());
                break;
            }
            let id = ((step * 7919) % n as u64) as u32;

            let mut a = ptr::null_mut();
            assert_eq!(
                // SAFETY: live handle, valid out pointer.
                unsafe { catan_game_action_json_for_index(g, id, &mut a) },
                catan_status::Ok
            );
            let a = take(a);
            assert_eq!(Action::from_json(&a).unwrap(), legal[id as usize]);
            let mut back = u32::MAX;
            // SAFETY: live handle, C string, valid out pointer.
            let st = unsafe { catan_game_index_for_action_json(g, c(&a).as_ptr(), &mut back) };
            assert_eq!((st, back), (catan_status::Ok, id));

            let mut ev = ptr::null_mut();
            assert_eq!(
                // SAFETY: live handle, valid out pointer.
                unsafe { catan_game_apply_index(g, id, &mut ev) },
                catan_status::Ok
            );
            let ev: Vec<Event> = serde_json::from_str(&take(ev)).unwrap();
            assert_eq!(ev, rust.apply(legal[id as usize]).unwrap());
            assert_eq!(engine(g), &rust);
        }
        let mut w = 0i32;
        // SAFETY: live handle, valid out pointer.
        assert_eq!(unsafe { catan_game_winner(g, &mut w) }, catan_status::Ok);
        assert_eq!(w, rust.winner().map_or(-1, |p| i32::from(p.0)));
        let mut scores = [0u8; 6];
        let mut n = 0usize;
        // SAFETY: valid buffer of 6 bytes, valid out pointer.
        let st = unsafe { catan_game_scores(g, scores.as_mut_ptr(), 6, &mut n) };
        assert_eq!(st, catan_status::Ok);
        assert_eq!(scores[..n], rust.scores()[..]);
        // SAFETY: a live handle, freed once.
        unsafe { catan_game_free(g) };
    }
}

#[test]
fn the_json_path_applies_and_reports_events() {
    let g = new_game("{\"players\": 4, \"map\": \"beginner\"}", 9);
    let mut rust = engine(g).clone();
    let roll = Action::Roll {
        player: catan_rules::Player(0),
        dice: None,
    };
    let mut ev = ptr::null_mut();
    // SAFETY: live handle, C string, valid out pointer.
    let st = unsafe { catan_game_apply_json(g, c(roll.to_json()).as_ptr(), &mut ev) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert_eq!(
        serde_json::from_str::<Vec<Event>>(&take(ev)).unwrap(),
        rust.apply(roll).unwrap()
    );
    assert_eq!(last_error(), "");
    assert_eq!(last_error_json()["code"], 0);
    // SAFETY: live handle, C string.
    let st = unsafe { catan_game_check_json(g, c(roll.to_json()).as_ptr()) };
    assert_eq!(st, catan_status::IllegalAction);
    assert_eq!(last_error_json()["error"]["type"], "wrong_phase");
    // SAFETY: a live handle, freed once.
    unsafe { catan_game_free(g) };
}

#[test]
fn state_board_and_rules_json() {
    let g = new_game(
        "{\"players\": 3, \"map\": \"beginner\", \"vp_target\": 8}",
        1,
    );
    let state: serde_json::Value = serde_json::from_str(&state_json(g)).unwrap();
    assert_eq!(state["phase"], "roll");
    assert_eq!(state["decision"]["type"], "roll");
    assert_eq!(state["decision"]["player"], 0);
    assert_eq!(state["to_act"], serde_json::json!([0]));
    assert_eq!(state["winner"], serde_json::Value::Null);
    assert_eq!(state["players"], 3);
    let mut mask = 0u32;
    // SAFETY: live handle, valid out pointer.
    assert_eq!(unsafe { catan_game_to_act(g, &mut mask) }, catan_status::Ok);
    assert_eq!(mask, 1);

    let mut s = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handle, valid out pointer.
        unsafe { catan_game_board_json(g, &mut s) },
        catan_status::Ok
    );
    assert_eq!(
        take(s),
        serde_json::to_string(&engine(g).board().describe()).unwrap()
    );
    assert_eq!(
        // SAFETY: live handle, valid out pointer.
        unsafe { catan_game_rules_json(g, &mut s) },
        catan_status::Ok
    );
    let rules: Rules = serde_json::from_str(&take(s)).unwrap();
    assert_eq!(rules.vp_target, 8);
    // SAFETY: a live handle, freed once.
    unsafe { catan_game_free(g) };
}

#[test]
fn clones_are_independent_and_share_the_future() {
    let g = new_game("{}", 5);
    advance(g, 40);
    let mut k = ptr::null_mut();
    // SAFETY: live handle, valid out pointer.
    assert_eq!(unsafe { catan_game_clone(g, &mut k) }, catan_status::Ok);
    assert_eq!(engine(k), engine(g));
    advance(k, 200);
    assert_ne!(engine(k), engine(g));
    advance(g, 200);
    assert_eq!(
        engine(k),
        engine(g),
        "same seed state, same choices, same game"
    );
    // SAFETY: live handles, each freed once; NULL is ignored.
    unsafe {
        catan_game_free(k);
        catan_game_free(g);
        catan_game_free(ptr::null_mut());
        catan_string_free(ptr::null_mut());
    }
}

/// `catan_game_copy_from` puts a handle in another's state, on the same board or another,
/// with the same future; copying a handle onto itself changes nothing.
#[test]
fn copy_from_matches_a_fresh_clone() {
    let g = new_game("{}", 5);
    let other = new_game("{\"players\": 3}", 6);
    let k = new_game("{}", 9);
    for src in [g, other, g] {
        advance(src, 30);
        let mut stale = 0usize;
        // SAFETY: live handle, valid out pointer; fills `k`'s cached legal list.
        let st = unsafe { catan_game_legal_count(k, &mut stale) };
        assert_eq!(st, catan_status::Ok);
        // SAFETY: live handles.
        assert_eq!(unsafe { catan_game_copy_from(k, src) }, catan_status::Ok);
        assert_eq!(engine(k), engine(src));
        let mut ids = 0usize;
        // SAFETY: live handle, valid out pointer (the legal cache was refreshed).
        let st = unsafe { catan_game_legal_count(k, &mut ids) };
        assert_eq!(st, catan_status::Ok);
        assert_eq!(ids, engine(src).legal_actions_vec().len());
        advance(k, 100);
        advance(src, 100);
        assert_eq!(
            engine(k),
            engine(src),
            "same state, same choices, same game"
        );
    }
    // SAFETY: the same live handle twice is allowed.
    assert_eq!(unsafe { catan_game_copy_from(g, g) }, catan_status::Ok);
    let before = engine(g);
    // SAFETY: NULLs are rejected before use.
    unsafe {
        assert_eq!(
            catan_game_copy_from(g, ptr::null()),
            catan_status::NullArgument
        );
        assert_eq!(
            catan_game_copy_from(ptr::null_mut(), g),
            catan_status::NullArgument
        );
    }
    assert_eq!(engine(g), before);
    // SAFETY: live handles, each freed once.
    unsafe {
        catan_game_free(k);
        catan_game_free(other);
        catan_game_free(g);
    }
}

#[test]
fn new_game_errors() {
    let cases: &[(&[u8], catan_status, &str)] = &[
        (b"{\"players\": 9}", catan_status::InvalidRules, "players"),
        (
            b"{\"vp_target\": 0}",
            catan_status::InvalidRules,
            "victory target",
        ),
        (b"{\"playerz\": 3}", catan_status::UnknownField, "playerz"),
        (b"{\"map\": \"moon\"}", catan_status::MalformedJson, "moon"),
        (
            b"{\"players\": \"3\"}",
            catan_status::MalformedJson,
            "invalid type",
        ),
        (b"", catan_status::MalformedJson, "EOF"),
        (b"[1, 2", catan_status::MalformedJson, "line 1"),
        (b"{\"players\": 3}\xff", catan_status::InvalidUtf8, "UTF-8"),
    ];
    for &(rules, want, mentions) in cases {
        let sentinel = ptr::dangling_mut::<catan_game>();
        let mut g = sentinel;
        // SAFETY: C string and valid out pointer.
        let st = unsafe { catan_game_new(c(rules).as_ptr(), 1, &mut g) };
        assert_eq!(st, want, "{}", String::from_utf8_lossy(rules));
        assert_eq!(g, sentinel, "output written on failure");
        assert!(last_error().contains(mentions), "{}", last_error());
        assert_eq!(last_error_json()["code"], want as u32);
        assert_eq!(last_error_json()["status"], want.name());
    }
    let mut g = ptr::null_mut();
    // SAFETY: NULL rules is rejected before anything is read.
    let st = unsafe { catan_game_new(ptr::null(), 1, &mut g) };
    assert_eq!(st, catan_status::NullArgument);
    assert!(last_error().contains("rules_json"));
    // SAFETY: NULL out pointer is rejected before anything is written.
    let st = unsafe { catan_game_new(c("{}").as_ptr(), 1, ptr::null_mut()) };
    assert_eq!(st, catan_status::NullArgument);
    assert!(last_error().contains("out_game"));
}

#[test]
fn the_last_error_is_per_thread() {
    let mut g = ptr::null_mut();
    // SAFETY: C string and valid out pointer.
    let st = unsafe { catan_game_new(c("{\"players\": 1}").as_ptr(), 1, &mut g) };
    assert_eq!(st, catan_status::InvalidRules);
    let other = std::thread::spawn(|| {
        let before = last_error();
        let g = new_game("{}", 1);
        // SAFETY: a live handle, freed once.
        unsafe { catan_game_free(g) };
        before
    })
    .join()
    .unwrap();
    assert_eq!(other, "");
    assert!(last_error().contains("not 1"), "{}", last_error());
}

#[test]
fn separate_handles_work_on_separate_threads() {
    let results: Vec<String> = (0..2)
        .map(|_| {
            std::thread::spawn(|| {
                let g = new_game("{}", 11);
                advance(g, 500);
                let s = state_json(g);
                // SAFETY: a live handle, freed once.
                unsafe { catan_game_free(g) };
                s
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap())
        .collect();
    assert_eq!(results[0], results[1]);
}

#[test]
fn external_chance_goes_through_apply() {
    let g = new_game("{\"map\": \"beginner\", \"chance\": \"external\"}", 3);
    let mut ev = ptr::null_mut();
    let roll = c("{\"type\":\"roll\",\"player\":0,\"dice\":[2,3]}");
    // SAFETY: live handle, C string, valid out pointer.
    let st = unsafe { catan_game_apply_json(g, roll.as_ptr(), &mut ev) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert!(take(ev).contains("\"dice\":[2,3]"));
    let state: serde_json::Value = serde_json::from_str(&state_json(g)).unwrap();
    assert_eq!(state["dice"], serde_json::json!([2, 3]));
    // SAFETY: a live handle, freed once.
    unsafe { catan_game_free(g) };
}

#[test]
fn legal_but_unlisted_actions_have_no_id() {
    // Roll (on the first seed that does not roll a 7), then offer one card for two: outside
    // the listed one-for-one family.
    let g = (4..40)
        .map(|seed| {
            let g = new_game("{\"map\": \"beginner\"}", seed);
            let roll = c("{\"type\":\"roll\",\"player\":0}");
            // SAFETY: live handle, C string; events not wanted.
            let st = unsafe { catan_game_apply_json(g, roll.as_ptr(), ptr::null_mut()) };
            assert_eq!(st, catan_status::Ok);
            g
        })
        .find(|&g| {
            let main = engine(g).phase() == catan_rules::Phase::Main;
            if !main {
                // SAFETY: a live handle, freed once.
                unsafe { catan_game_free(g) };
            }
            main
        })
        .expect("a seed without a 7");
    let game = engine(g);
    let hand = game.hand(catan_rules::Player(0));
    let (give, get) = catan_rules::Resource::ALL
        .iter()
        .find(|&&r| hand[r] > 0)
        .map(|&r| {
            let other = catan_rules::Resource::ALL
                .into_iter()
                .find(|&o| o != r)
                .unwrap();
            (r, other)
        })
        .expect("a starting hand");
    let mut give_r = catan_rules::Resources::default();
    give_r[give] = 1;
    let mut get_r = catan_rules::Resources::default();
    get_r[get] = 2;
    let offer = Action::OfferTrade {
        player: catan_rules::Player(0),
        to: None,
        give: give_r,
        get: get_r,
    };
    assert!(game.is_legal(&offer));
    let mut id = 77u32;
    // SAFETY: live handle, C string, valid out pointer.
    let st = unsafe { catan_game_index_for_action_json(g, c(offer.to_json()).as_ptr(), &mut id) };
    assert_eq!(st, catan_status::ActionNotListed);
    assert_eq!(id, 77);
    // SAFETY: live handle, C string; events not wanted.
    let st = unsafe { catan_game_apply_json(g, c(offer.to_json()).as_ptr(), ptr::null_mut()) };
    assert_eq!(st, catan_status::Ok);
    // SAFETY: a live handle, freed once.
    unsafe { catan_game_free(g) };
}

/// Six players (the 5–6 player extension's island and its Special Build Phase) through
/// the C functions alone, played to the end by id.
#[test]
fn a_six_player_game_plays_to_the_end_through_the_ids() {
    let g = new_game("{\"players\": 6}", 7);
    let mut ids = vec![0u32; 512];
    let mut saw_phase = false;
    let mut winner = -1i32;
    for step in 0..60_000u64 {
        let mut n = 0usize;
        // SAFETY: valid buffer of ids.len() elements, valid out pointer.
        let st = unsafe { catan_game_legal_indices(g, ids.as_mut_ptr(), ids.len(), &mut n) };
        assert_eq!(st, catan_status::Ok);
        let state: serde_json::Value = serde_json::from_str(&state_json(g)).unwrap();
        assert_eq!(state["players"], 6);
        if state["phase"] == "special_build" {
            saw_phase = true;
            let d = &state["decision"];
            assert_eq!(d["type"], "special_build");
            assert_eq!(d["player"], state["current_player"]);
            assert_ne!(d["player"], d["after"]);
            assert_eq!(state["to_act"], serde_json::json!([d["player"]]));
        }
        let mut ev = ptr::null_mut();
        let id = ids[((step * 7919) % n as u64) as usize];
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_apply_index(g, id, &mut ev) };
        assert_eq!(st, catan_status::Ok);
        take(ev);
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_winner(g, &mut winner) };
        assert_eq!(st, catan_status::Ok);
        if winner >= 0 {
            break;
        }
    }
    assert!(saw_phase, "the Special Build Phase came up");
    assert!((0..6).contains(&winner), "the game ended with a winner");
    let mut scores = [0u8; 6];
    let mut n = 0usize;
    // SAFETY: valid buffer of 6 bytes, valid out pointer.
    let st = unsafe { catan_game_scores(g, scores.as_mut_ptr(), 6, &mut n) };
    assert_eq!((st, n), (catan_status::Ok, 6));
    assert!(scores[winner as usize] >= 10);
    // SAFETY: a live handle, freed once.
    unsafe { catan_game_free(g) };
}
