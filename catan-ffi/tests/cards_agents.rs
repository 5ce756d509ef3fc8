//! The Card Game's bots and batch from C (`catan_cards_bot_*`, `catan_cards_batch_*`):
//! the same choices as the engine's bots with the same seed, the same masks, observations
//! and results as the core's `Batch<CardGame>`, and bad input refused with nothing
//! changed.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::cards::*;
use catan::*;
use catan_rules::batch::Batch;
use catan_rules::bots::{BotKind, Perspective};
use catan_rules::cards::{CardAction, CardGame, CardRules};
use catan_rules::engine::Engine;
use catan_rules::Player;
use common::cards::*;
use common::*;
use std::ptr;

/// A short game (5 points: "Card Game rules, 'End of the Game'" plays to 12, and its tip
/// allows fewer).
const SHORT: &str = r#"{"vp_target": 5}"#;

fn new_cards(rules: &str, seed: u64) -> *mut catan_cards_game {
    let mut g = ptr::null_mut();
    // SAFETY: valid C string and out pointer.
    let st = unsafe { catan_cards_new(c(rules).as_ptr(), seed, &mut g) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    g
}

fn bot(kind: &str, seed: u64) -> *mut catan_cards_bot {
    let mut b = ptr::null_mut();
    // SAFETY: NUL-terminated kind, valid out-pointer.
    let st = unsafe { catan_cards_bot_new(c(kind).as_ptr(), seed, &mut b) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    b
}

#[test]
fn unknown_kinds_and_seats_are_refused() {
    let mut b = ptr::null_mut();
    for kind in ["", "alphazero", "search:0"] {
        // SAFETY: NUL-terminated kind, valid out-pointer.
        let st = unsafe { catan_cards_bot_new(c(kind).as_ptr(), 1, &mut b) };
        assert_eq!(st, catan_status::UnknownBot, "{kind:?}");
        assert!(b.is_null());
    }
    let g = new_cards("{}", 1);
    let b = bot("random", 1);
    let mut out = ptr::null_mut();
    // SAFETY: live handles, valid out-pointer.
    let st = unsafe { catan_cards_bot_choose_json(b, g, 2, &mut out) };
    assert_eq!(st, catan_status::NoSuchPlayer);
    // SAFETY: a NULL bot is refused.
    let st = unsafe { catan_cards_bot_choose_json(ptr::null_mut(), g, 0, &mut out) };
    assert_eq!(st, catan_status::NullArgument);
    // The seat not to act has nothing to do: NULL, and by id not found.
    let idle = 1 - to_act(g);
    // SAFETY: live handles, valid out-pointer.
    let st = unsafe { catan_cards_bot_choose_json(b, g, idle, &mut out) };
    assert_eq!(st, catan_status::Ok);
    assert!(out.is_null());
    let (mut id, mut found) = (7u32, 9u8);
    // SAFETY: live handles, valid out-pointers.
    let st = unsafe { catan_cards_bot_choose_id(b, g, idle, &mut id, &mut found) };
    assert_eq!((st, id, found), (catan_status::Ok, 7, 0));
    // SAFETY: handles made above, freed once.
    unsafe {
        catan_cards_bot_free(b);
        catan_cards_free(g);
    }
}

/// A whole game between C bots (random against search:4, then weighted against greedy):
/// every choice is the engine bot's with the same seed, and applies; by id, a bot's id
/// applies and names its action.
#[test]
fn c_bots_choose_what_the_engine_bots_choose() {
    for (kinds, seed) in [(["random", "search:4"], 3), (["weighted", "greedy"], 4)] {
        let g = new_cards(SHORT, seed);
        let mut mirror = CardGame::from_rules_json(SHORT, seed).unwrap();
        assert_eq!(position(g), mirror.position_json());
        let cb: Vec<_> = kinds.iter().map(|k| bot(k, 11)).collect();
        let mut rb: Vec<_> = kinds
            .iter()
            .map(|k| k.parse::<BotKind>().unwrap().build_for::<CardGame>(11))
            .collect();
        let mut steps = 0;
        while mirror.winner().is_none() && steps < 5000 {
            let seat = Player(to_act(g) as u8);
            let want = rb[seat.index()]
                .choose(&Perspective::new(&mirror, seat))
                .unwrap();
            let mut out = ptr::null_mut();
            // SAFETY: live handles, valid out-pointer.
            let st = unsafe { catan_cards_bot_choose_json(cb[seat.index()], g, -1, &mut out) };
            assert_eq!(st, catan_status::Ok, "{}", last_error());
            let got: CardAction = serde_json::from_str(&take(out)).unwrap();
            assert_eq!(got, want, "step {steps}");
            let json = serde_json::to_string(&got).unwrap();
            let mut events = ptr::null_mut();
            // SAFETY: live handle, NUL-terminated action, valid out-pointer.
            let st = unsafe { catan_cards_apply_json(g, c(json).as_ptr(), &mut events) };
            assert_eq!(st, catan_status::Ok, "{}", last_error());
            take(events);
            mirror.apply(got).unwrap();
            steps += 1;
        }
        assert!(mirror.winner().is_some(), "{kinds:?} finished");
        assert_eq!(position(g), mirror.position_json());
        // SAFETY: handles made above, freed once.
        unsafe {
            cb.into_iter().for_each(|b| catan_cards_bot_free(b));
            catan_cards_free(g);
        }
    }
    let g = new_cards(SHORT, 5);
    let b = bot("greedy", 2);
    let mut applied = 0;
    for _ in 0..3000 {
        let (mut id, mut found) = (0u32, 0u8);
        // SAFETY: live handles, valid out-pointers.
        let st = unsafe { catan_cards_bot_choose_id(b, g, -1, &mut id, &mut found) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        if found == 0 {
            break;
        }
        assert!(mask(g).contains(&id));
        // SAFETY: live handle; events not wanted.
        let st = unsafe { catan_cards_apply_id(g, id, ptr::null_mut()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        applied += 1;
    }
    assert!(applied > 50);
    // SAFETY: handles made above, freed once.
    unsafe {
        catan_cards_bot_free(b);
        catan_cards_free(g);
    }
}

fn batch(rules: &str, seed: u64, n: usize, threads: usize) -> *mut catan_cards_batch {
    let mut b = ptr::null_mut();
    // SAFETY: NUL-terminated rules, valid out-pointer.
    let st = unsafe { catan_cards_batch_new(c(rules).as_ptr(), seed, n, threads, &mut b) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    b
}

/// The C batch writes what the core's `Batch<CardGame>` writes, step by step, with the
/// sizes it reports; games finish and every seat's returns are +1/-1 for them.
#[test]
fn the_c_batch_is_the_core_batch() {
    let rules = CardRules {
        vp_target: 3,
        ..CardRules::default()
    };
    let b = batch(r#"{"vp_target": 3}"#, 7, 6, 2);
    let mut core = Batch::<CardGame>::with_rules(rules, 7, 6, 1).unwrap();
    let (mut n, mut words, mut ol, mut space) = (0, 0, 0, 0);
    // SAFETY: live handle, valid out-pointers.
    let st = unsafe { catan_cards_batch_sizes(b, &mut n, &mut words, &mut ol, &mut space) };
    assert_eq!(st, catan_status::Ok);
    assert_eq!((n, words, space), (6, core.mask_words(), core.space_len()));
    assert_eq!(
        ol,
        catan_rules::agents::cards_observation::CARD_OBSERVATION_LEN
    );
    let (mut m, mut o) = (vec![0u64; n * words], vec![0f32; n * ol]);
    let (mut cm, mut co) = (vec![0u64; n * words], vec![0f32; n * ol]);
    let (mut w, mut d, mut r) = (vec![0i8; n], vec![0u8; n], vec![0f32; n]);
    let (mut cw, mut cd, mut cr) = (vec![0i8; n], vec![false; n], vec![0f32; n]);
    let mut ret = vec![0f32; n * 2];
    let mut finished = 0;
    for step in 0..150 {
        // SAFETY: live handle; buffers of the reported sizes.
        let st = unsafe {
            catan_cards_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len())
        };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        core.observe_flat(&mut cm, &mut co).unwrap();
        assert_eq!((&m, &o), (&cm, &co), "step {step}");
        let ids: Vec<u32> = (0..n)
            .map(|i| {
                let legal = ids_of(&m[i * words..(i + 1) * words]);
                legal[(step * 7 + i) % legal.len()]
            })
            .collect();
        // SAFETY: live handle; `n` ids and outputs.
        let st = unsafe {
            catan_cards_batch_step(
                b,
                ids.as_ptr(),
                n,
                w.as_mut_ptr(),
                d.as_mut_ptr(),
                r.as_mut_ptr(),
            )
        };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        core.step(&ids, &mut cr, &mut cd, &mut cw).unwrap();
        assert_eq!((&w, &r), (&cw, &cr));
        assert!(d.iter().zip(&cd).all(|(a, b)| (*a == 1) == *b));
        // SAFETY: live handle; `n × 2` outputs.
        let st = unsafe { catan_cards_batch_returns(b, ret.as_mut_ptr(), ret.len()) };
        assert_eq!(st, catan_status::Ok);
        for i in 0..n {
            let row = &ret[i * 2..i * 2 + 2];
            if w[i] >= 0 {
                finished += 1;
                assert_eq!(row[w[i] as usize], 1.0);
                assert_eq!(row[1 - w[i] as usize], -1.0);
            } else {
                assert_eq!(row, [0.0, 0.0]);
            }
        }
    }
    assert!(finished > 0, "some game finished");
    // SAFETY: handle made above, freed once.
    unsafe { catan_cards_batch_free(b) };
}

/// Bad rules, sizes, lengths and ids are refused with their status, and a refused step
/// changes no game.
#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut b = ptr::null_mut();
    for (rules, n, status) in [
        ("{\"vp_target\": 2}", 2, catan_status::InvalidRules),
        ("{\"chance\": \"external\"}", 2, catan_status::InvalidRules),
        ("{\"vp\": 5}", 2, catan_status::UnknownField),
        ("{", 2, catan_status::MalformedJson),
        ("{}", 0, catan_status::InvalidRules),
        ("{}", CATAN_MAX_BATCH_GAMES + 1, catan_status::TooLarge),
    ] {
        // SAFETY: NUL-terminated rules, valid out-pointer.
        let st = unsafe { catan_cards_batch_new(c(rules).as_ptr(), 1, n, 1, &mut b) };
        assert_eq!(st, status, "{rules} {n}: {}", last_error());
        assert!(b.is_null());
    }
    let b = batch("{}", 3, 2, 1);
    let (mut words, mut ol) = (0, 0);
    // SAFETY: live handle; NULL outputs are skipped.
    let st = unsafe {
        catan_cards_batch_sizes(b, ptr::null_mut(), &mut words, &mut ol, ptr::null_mut())
    };
    assert_eq!(st, catan_status::Ok);
    let (mut m, mut o) = (vec![0u64; 2 * words], vec![0f32; 2 * ol]);
    // SAFETY: live handle; `obs_len` one short of the buffer.
    let st = unsafe {
        catan_cards_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len() - 1)
    };
    assert_eq!(st, catan_status::WrongLength);
    // SAFETY: live handle, buffers of the reported sizes.
    let st =
        unsafe { catan_cards_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len()) };
    assert_eq!(st, catan_status::Ok);
    let before = (m.clone(), o.clone());
    let (mut w, mut d) = (vec![0i8; 2], vec![0u8; 2]);
    let good = ids_of(&m[..words])[0];
    let unlisted = (0..(words * 64) as u32)
        .find(|&id| m[words + id as usize / 64] >> (id % 64) & 1 == 0)
        .unwrap();
    for (ids, status) in [
        (vec![good, unlisted], catan_status::IllegalAction),
        (vec![good], catan_status::WrongLength),
    ] {
        // SAFETY: live handle; `ids.len()` ids and outputs of 2.
        let st = unsafe {
            catan_cards_batch_step(
                b,
                ids.as_ptr(),
                ids.len(),
                w.as_mut_ptr(),
                d.as_mut_ptr(),
                ptr::null_mut(),
            )
        };
        assert_eq!(st, status, "{}", last_error());
    }
    // SAFETY: live handle, buffers of the reported sizes.
    let st =
        unsafe { catan_cards_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len()) };
    assert_eq!(st, catan_status::Ok);
    assert_eq!((m, o), before);
    let mut ret = vec![0f32; 3];
    // SAFETY: live handle; `len` is not games × 2.
    let st = unsafe { catan_cards_batch_returns(b, ret.as_mut_ptr(), ret.len()) };
    assert_eq!(st, catan_status::WrongLength);
    // SAFETY: NULL handles are refused or ignored.
    unsafe {
        assert_eq!(
            catan_cards_batch_set_offers(ptr::null_mut(), true),
            catan_status::NullArgument
        );
        catan_cards_batch_free(ptr::null_mut());
        catan_cards_batch_free(b);
    }
}
