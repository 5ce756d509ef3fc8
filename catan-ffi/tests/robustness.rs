//! Thousands of malformed calls through the C ABI: each must return the right status, write
//! no output, and leave the game exactly as it was (engine state, state JSON and legal
//! actions). Plus a short proptest fuzz of every JSON entry point with arbitrary bytes.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use catan_rules::{Action, Decision};
use common::*;
use proptest::prelude::*;
use std::ffi::c_char;
use std::ptr;

/// Games in every kind of decision: one clone per decision type met while playing.
fn interesting_states() -> Vec<*mut catan_game> {
    let mut found: Vec<(String, *mut catan_game)> = Vec::new();
    for (rules, seed) in [
        ("{}", 1u64),
        ("{\"players\": 3, \"map\": \"variable\"}", 2),
        ("{\"map\": \"beginner\", \"chance\": \"external\"}", 3),
        ("{\"players\": 6}", 4),
    ] {
        let g = new_game(rules, seed);
        for step in 0..20_000u64 {
            let kind = match engine(g).decision() {
                Decision::SetupSettlement { .. } => "setup_settlement",
                Decision::SetupRoad { .. } => "setup_road",
                Decision::Roll { .. } => "roll",
                Decision::Discard { .. } => "discard",
                Decision::MoveRobber { .. } => "move_robber",
                Decision::Main { .. } => "main",
                Decision::RoadBuilding { .. } => "road_building",
                Decision::TradeResponses { .. } => "trade_responses",
                Decision::SpecialBuild { .. } => "special_build",
                Decision::GoldChoice { .. } => "gold_choice",
                Decision::GameOver { .. } => "game_over",
                Decision::Reveal { .. } => "reveal",
            };
            let key = format!("{rules}/{kind}");
            if !found.iter().any(|(k, _)| *k == key) {
                let mut k = ptr::null_mut();
                // SAFETY: live handle, valid out pointer.
                assert_eq!(unsafe { catan_game_clone(g, &mut k) }, catan_status::Ok);
                found.push((key, k));
            }
            if engine(g).winner().is_some() {
                break;
            }
            let mut n = 0usize;
            // SAFETY: live handle, valid out pointer.
            unsafe { catan_game_legal_count(g, &mut n) };
            let id = ((step * 7919) % n as u64) as u32;
            assert_eq!(
                // SAFETY: live handle; events not wanted.
                unsafe { catan_game_apply_index(g, id, ptr::null_mut()) },
                catan_status::Ok
            );
        }
        // SAFETY: a live handle, freed once.
        unsafe { catan_game_free(g) };
    }
    let kinds: Vec<&str> = found.iter().map(|(k, _)| k.as_str()).collect();
    for kind in [
        "discard",
        "move_robber",
        "trade_responses",
        "game_over",
        "setup_road",
        "special_build",
    ] {
        assert!(
            kinds.iter().any(|k| k.ends_with(kind)),
            "no {kind} state: {kinds:?}"
        );
    }
    found.into_iter().map(|(_, g)| g).collect()
}

/// What a failed call must leave behind.
fn assert_failed(g: *mut catan_game, before: &Snapshot, st: catan_status, want: catan_status) {
    assert_eq!(st, want, "{}", last_error());
    assert_eq!(last_error_json()["code"], want as u32);
    assert!(!last_error().is_empty());
    assert_eq!(&snapshot(g), before, "a failed call changed the game");
}

/// The statuses `apply_json`, `check_json` and `id_for_action_json` must give for `text`,
/// worked out from the engine; `None` when the action is legal.
fn oracle(g: *const catan_game, text: &[u8]) -> Option<Vec<catan_status>> {
    let Ok(s) = std::str::from_utf8(text) else {
        return Some(vec![catan_status::InvalidUtf8]);
    };
    match Action::from_json(s) {
        Err(_) => Some(PARSE_STATUSES[1..].to_vec()),
        Ok(a) => engine(g).check(&a).err().map(|e| vec![rule_status(e)]),
    }
}

/// Throws `text` at the three JSON action entry points; returns the status of
/// `catan_game_apply_json` (`Ok` for a legal action, which is applied to a copy only).
fn throw_action(g: *mut catan_game, before: &Snapshot, text: &[u8]) -> catan_status {
    let text: Vec<u8> = text.iter().copied().filter(|&b| b != 0).collect();
    let cs = c(&text);
    let sentinel = 0x5a5a_usize as *mut c_char;
    match oracle(g, &text) {
        Some(want) => {
            let mut ev = sentinel;
            // SAFETY: live handle, C string, valid out pointer.
            let st = unsafe { catan_game_apply_json(g, cs.as_ptr(), &mut ev) };
            assert!(want.contains(&st), "{st:?} not in {want:?} for {:?}", cs);
            assert_failed(g, before, st, st);
            assert_eq!(ev, sentinel, "events written on failure");
            // SAFETY: live handle, C string.
            let st2 = unsafe { catan_game_check_json(g, cs.as_ptr()) };
            assert_eq!(st2, st);
            let mut id = 0xdead_beef_u32;
            // SAFETY: live handle, C string, valid out pointer.
            let st3 = unsafe { catan_game_index_for_action_json(g, cs.as_ptr(), &mut id) };
            assert_eq!(st3, st);
            assert_eq!(id, 0xdead_beef);
            assert_eq!(&snapshot(g), before);
            st
        }
        None => {
            // Legal: it must check, have an id (or be unlisted), and apply — on a copy.
            assert_eq!(
                // SAFETY: live handle, C string.
                unsafe { catan_game_check_json(g, cs.as_ptr()) },
                catan_status::Ok
            );
            let mut k = ptr::null_mut();
            // SAFETY: live handle, valid out pointer.
            assert_eq!(unsafe { catan_game_clone(g, &mut k) }, catan_status::Ok);
            // SAFETY: live handle, C string; events not wanted.
            let st = unsafe { catan_game_apply_json(k, cs.as_ptr(), ptr::null_mut()) };
            assert_eq!(st, catan_status::Ok);
            // SAFETY: a live handle, freed once.
            unsafe { catan_game_free(k) };
            assert_eq!(&snapshot(g), before);
            catan_status::Ok
        }
    }
}

fn set_player(json: &str, player: u64) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["player"] = serde_json::Value::from(player);
    v.to_string()
}

/// Every entry point with NULL for each pointer argument in turn.
fn nulls(g: *mut catan_game, before: &Snapshot) -> usize {
    let json = c("{\"type\":\"end_turn\",\"player\":0}");
    let mut s: *mut c_char = ptr::null_mut();
    let mut n = 0usize;
    let mut id = 0u32;
    let mut i = 0i32;
    let mut k: *mut catan_game = ptr::null_mut();
    let mut ids = [0u32; 4];
    let mut sc = [0u8; 6];
    let null = catan_status::NullArgument;
    let cg = g.cast_const();
    let none: *const catan_game = ptr::null();
    // SAFETY: every pointer is NULL or valid; NULLs are rejected before use.
    let statuses = unsafe {
        [
            catan_game_new(ptr::null(), 1, &mut k),
            catan_game_new(json.as_ptr(), 1, ptr::null_mut()),
            catan_game_clone(none, &mut k),
            catan_game_clone(cg, ptr::null_mut()),
            catan_game_apply_json(ptr::null_mut(), json.as_ptr(), &mut s),
            catan_game_apply_json(g, ptr::null(), &mut s),
            catan_game_check_json(none, json.as_ptr()),
            catan_game_check_json(cg, ptr::null()),
            catan_game_legal_actions_json(none, &mut s),
            catan_game_legal_actions_json(cg, ptr::null_mut()),
            catan_game_legal_count(none, &mut n),
            catan_game_legal_count(cg, ptr::null_mut()),
            catan_game_legal_indices(none, ids.as_mut_ptr(), 4, &mut n),
            catan_game_legal_indices(cg, ids.as_mut_ptr(), 4, ptr::null_mut()),
            catan_game_legal_indices(cg, ptr::null_mut(), 4, &mut n),
            catan_game_apply_index(ptr::null_mut(), 0, &mut s),
            catan_game_action_json_for_index(none, 0, &mut s),
            catan_game_action_json_for_index(cg, 0, ptr::null_mut()),
            catan_game_index_for_action_json(none, json.as_ptr(), &mut id),
            catan_game_index_for_action_json(cg, ptr::null(), &mut id),
            catan_game_index_for_action_json(cg, json.as_ptr(), ptr::null_mut()),
            catan_game_state_json(none, &mut s),
            catan_game_state_json(cg, ptr::null_mut()),
            catan_game_to_act(none, &mut id),
            catan_game_to_act(cg, ptr::null_mut()),
            catan_game_winner(none, &mut i),
            catan_game_winner(cg, ptr::null_mut()),
            catan_game_scores(none, sc.as_mut_ptr(), 6, &mut n),
            catan_game_scores(cg, sc.as_mut_ptr(), 6, ptr::null_mut()),
            catan_game_scores(cg, ptr::null_mut(), 6, &mut n),
            catan_game_board_json(none, &mut s),
            catan_game_board_json(cg, ptr::null_mut()),
            catan_game_rules_json(none, &mut s),
            catan_game_rules_json(cg, ptr::null_mut()),
        ]
    };
    for (which, st) in statuses.iter().enumerate() {
        assert_eq!(*st, null, "call #{which}");
    }
    assert!(s.is_null() && k.is_null() && n == 0 && id == 0 && i == 0);
    assert!(ids == [0; 4] && sc == [0; 6]);
    assert_failed(g, before, catan_status::NullArgument, null);
    statuses.len()
}

/// Buffers too small, and ids out of range.
fn small_buffers_and_bad_ids(g: *mut catan_game, before: &Snapshot, rng: &mut Rand) -> usize {
    let mut calls = 0;
    let legal: Vec<Action> = serde_json::from_str(&before.legal).unwrap();
    let n = legal.len();
    for cap in [0, n.saturating_sub(1), rng.below(n.max(1))] {
        let mut buf = vec![0xabcd_u32; cap];
        let mut len = 0usize;
        let p = if cap == 0 {
            ptr::null_mut()
        } else {
            buf.as_mut_ptr()
        };
        // SAFETY: `p` is NULL with cap 0, or a buffer of `cap` elements.
        let st = unsafe { catan_game_legal_indices(g, p, cap, &mut len) };
        calls += 1;
        if cap >= n {
            assert_eq!((st, len), (catan_status::Ok, n));
            continue;
        }
        assert_eq!(len, n, "the needed length is written");
        assert!(
            buf.iter().all(|&x| x == 0xabcd),
            "buffer written on failure"
        );
        assert_failed(g, before, st, catan_status::BufferTooSmall);
    }
    let players = before.game.players() as usize;
    let mut sc = [0xee_u8; 6];
    let mut len = 0usize;
    // SAFETY: a buffer of `players - 1` bytes.
    let st = unsafe { catan_game_scores(g, sc.as_mut_ptr(), players - 1, &mut len) };
    assert_eq!(len, players);
    assert_eq!(sc, [0xee; 6]);
    assert_failed(g, before, st, catan_status::BufferTooSmall);
    calls += 1;

    let far = n as u32 + rng.below(1 << 20) as u32;
    for id in [n as u32, n as u32 + 1, far, u32::MAX] {
        let sentinel = 0x5a5a_usize as *mut c_char;
        let mut s = sentinel;
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_apply_index(g, id, &mut s) };
        assert_eq!(s, sentinel);
        assert_failed(g, before, st, catan_status::IdOutOfRange);
        // SAFETY: live handle, valid out pointer.
        let st = unsafe { catan_game_action_json_for_index(g, id, &mut s) };
        assert_eq!(s, sentinel);
        assert_failed(g, before, st, catan_status::IdOutOfRange);
        calls += 2;
    }
    calls
}

#[test]
fn thousands_of_malformed_calls_change_nothing() {
    let mut rng = Rand(0x00C0_FFEE);
    let mut calls = 0usize;
    let states = interesting_states();
    for &g in &states {
        let before = snapshot(g);
        let legal: Vec<Action> = serde_json::from_str(&before.legal).unwrap();
        let valid: Vec<String> = if legal.is_empty() {
            vec![
                "{\"type\":\"end_turn\",\"player\":0}".into(),
                "{\"type\":\"roll\",\"player\":1}".into(),
            ]
        } else {
            (0..8)
                .map(|_| legal[rng.below(legal.len())].to_json())
                .collect()
        };

        calls += nulls(g, &before);
        calls += small_buffers_and_bad_ids(g, &before, &mut rng);

        // Random bytes, printable and not, valid UTF-8 and not.
        for _ in 0..60 {
            let len = rng.below(48);
            let mut bytes = rng.bytes(len);
            if rng.below(2) == 0 {
                bytes.iter_mut().for_each(|b| *b = b' ' + *b % 95);
            }
            throw_action(g, &before, &bytes);
            calls += 3;
        }
        for v in &valid {
            // Truncated: always malformed.
            for _ in 0..6 {
                let cut = rng.below(v.len());
                let st = throw_action(g, &before, &v.as_bytes()[..cut]);
                assert_eq!(st, catan_status::MalformedJson, "{}", &v[..cut]);
                calls += 3;
            }
            // Mutated: one to three bytes replaced, inserted or deleted.
            for _ in 0..12 {
                let mut m = v.as_bytes().to_vec();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(m.len().max(1));
                    const JSONISH: &[u8] = b"{}[]\":,0123456789abcdeflnrstu- ";
                    let b = if rng.below(3) == 0 {
                        rng.next() as u8
                    } else {
                        JSONISH[rng.below(JSONISH.len())]
                    };
                    match rng.below(3) {
                        0 if !m.is_empty() => m[at] = b,
                        1 => m.insert(at, b),
                        _ if !m.is_empty() => {
                            m.remove(at);
                        }
                        _ => m.push(b),
                    }
                }
                throw_action(g, &before, &m);
                calls += 3;
            }
            // An unknown field.
            let extra = v.replacen('{', "{\"bogus\":1,", 1);
            let st = throw_action(g, &before, extra.as_bytes());
            assert_eq!(st, catan_status::UnknownField, "{extra}");
            calls += 3;
            // Invalid UTF-8 inside a string.
            let mut bad = v.as_bytes().to_vec();
            bad.splice(2..2, [0xff, 0xfe]);
            assert_eq!(throw_action(g, &before, &bad), catan_status::InvalidUtf8);
            calls += 3;
            // Every other seat, and seats that do not exist.
            for p in 0..8u64 {
                let st = throw_action(g, &before, set_player(v, p).as_bytes());
                if p >= u64::from(before.game.players()) && !legal.is_empty() {
                    assert_eq!(st, catan_status::NoSuchPlayer);
                }
                calls += 3;
            }
        }
        // Unknown action types.
        for _ in 0..10 {
            let word: String = (0..3 + rng.below(8))
                .map(|_| (b'a' + rng.below(26) as u8) as char)
                .collect();
            let json = format!("{{\"type\":\"x{word}\",\"player\":0}}");
            let st = throw_action(g, &before, json.as_bytes());
            assert_eq!(st, catan_status::UnknownActionType, "{json}");
            calls += 3;
        }
    }
    for g in states {
        // SAFETY: live handles, each freed once.
        unsafe { catan_game_free(g) };
    }
    assert!(calls > 5000, "only {calls} calls");
    eprintln!("{calls} malformed calls");
}

fn fuzz_game() -> *mut catan_game {
    let g = new_game("{\"players\": 3}", 17);
    advance(g, 60);
    g
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Arbitrary bytes into every JSON entry point: a parse status (or, for the rare
    /// well-formed input, the status the engine gives), never a panic, never a change.
    #[test]
    fn arbitrary_bytes_into_json_entry_points(bytes in proptest::collection::vec(any::<u8>(), 0..160)) {
        let g = fuzz_game();
        let before = snapshot(g);
        throw_action(g, &before, &bytes);

        let rules = c(&bytes);
        let mut k = ptr::null_mut();
        // SAFETY: C string, valid out pointer.
        let st = unsafe { catan_game_new(rules.as_ptr(), 1, &mut k) };
        prop_assert_ne!(st, catan_status::Panic);
        if st == catan_status::Ok {
            // SAFETY: a live handle, freed once.
            unsafe { catan_game_free(k) };
        } else {
            prop_assert!(k.is_null());
            prop_assert!(
                PARSE_STATUSES.contains(&st)
                    || st == catan_status::InvalidRules
                    || st == catan_status::InvalidMap
            );
        }
        // SAFETY: a live handle, freed once.
        unsafe { catan_game_free(g) };
    }

    /// Near-valid actions: a legal action's JSON with arbitrary bytes spliced in.
    #[test]
    fn spliced_actions_into_json_entry_points(
        pick in any::<usize>(),
        at in any::<usize>(),
        cut in 0usize..4,
        junk in proptest::collection::vec(any::<u8>(), 0..6),
    ) {
        let g = fuzz_game();
        let before = snapshot(g);
        let legal: Vec<Action> = serde_json::from_str(&before.legal).unwrap();
        let mut text = legal[pick % legal.len()].to_json().into_bytes();
        let at = at % text.len();
        let end = (at + cut).min(text.len());
        text.splice(at..end, junk);
        throw_action(g, &before, &text);
        // SAFETY: a live handle, freed once.
        unsafe { catan_game_free(g) };
    }
}
