//! Fixed action ids, the batch handle and `catan_simulate`, checked against the engine.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use catan_rules::action_space::ActionSpace;
use catan_rules::batch::Batch;
use catan_rules::{sim, Action, Rules};
use common::*;
use std::ptr;

fn ids_of(mask: &[u64]) -> Vec<u32> {
    let mut out = Vec::new();
    for (w, &word) in mask.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            out.push((w * 64) as u32 + b.trailing_zeros());
            b &= b - 1;
        }
    }
    out
}

fn mask_of(g: *const catan_game) -> Vec<u64> {
    let mut len = 0usize;
    // SAFETY: live handle; cap 0 with a NULL buffer asks for the length.
    let st = unsafe { catan_game_legal_mask(g, ptr::null_mut(), 0, &mut len) };
    assert_eq!(st, catan_status::BufferTooSmall);
    let mut words = vec![0u64; len];
    let mut got = 0usize;
    // SAFETY: `words` holds `len` elements.
    let st = unsafe { catan_game_legal_mask(g, words.as_mut_ptr(), len, &mut got) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert_eq!(got, len);
    words
}

#[test]
fn fixed_ids_play_a_game_like_the_engine() {
    let g = new_game("{\"players\": 3}", 4);
    let mut space_len = 0usize;
    // SAFETY: live handle, valid out pointer.
    let st = unsafe { catan_game_action_space_len(g, &mut space_len) };
    assert_eq!(st, catan_status::Ok);
    let space = ActionSpace::new(engine(g).board(), 3);
    assert_eq!(space_len, space.len());
    let mut pick = 1u64;
    let mut legal = Vec::new();
    for _ in 0..400 {
        if engine(g).winner().is_some() {
            break;
        }
        let mask = mask_of(g);
        let mut expected = vec![0u64; space.words()];
        engine(g).legal_mask(&space, &mut expected);
        assert_eq!(mask, expected);
        // Every legal action with an id round-trips through JSON.
        engine(g).legal_actions(&mut legal);
        for a in legal.iter().take(20) {
            let mut id = u32::MAX;
            let json = c(a.to_json());
            // SAFETY: live handle, C string, out pointer.
            let st = unsafe { catan_game_id_for_action_json(g, json.as_ptr(), &mut id) };
            assert_eq!(st, catan_status::Ok, "{}", last_error());
            assert_eq!(Some(id), space.encode(a));
            let mut s = ptr::null_mut();
            // SAFETY: live handle, out pointer.
            let st = unsafe { catan_game_action_json_for_id(g, id, &mut s) };
            assert_eq!(st, catan_status::Ok);
            assert_eq!(Action::from_json(&take(s)).unwrap(), *a);
        }
        let ids = ids_of(&mask);
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let id = ids[(pick >> 33) as usize % ids.len()];
        let mut ev = ptr::null_mut();
        // SAFETY: live handle, out pointer.
        let st = unsafe { catan_game_apply_id(g, id, &mut ev) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        assert!(take(ev).starts_with('['));
    }
    // Errors leave the game unchanged.
    let before = engine(g).clone();
    // SAFETY: live handle; NULL events are allowed.
    let st = unsafe { catan_game_apply_id(g, space.len() as u32, ptr::null_mut()) };
    assert_eq!(st, catan_status::IdOutOfRange);
    let mut s = ptr::null_mut();
    // SAFETY: live handle, out pointer.
    let st = unsafe { catan_game_action_json_for_id(g, u32::MAX, &mut s) };
    assert_eq!(st, catan_status::IdOutOfRange);
    assert!(s.is_null(), "no output on failure");
    let offer = c(r#"{"type":"offer_trade","player":0,"to":1,"give":{"brick":1},"get":{"ore":1}}"#);
    let mut id = 7u32;
    // SAFETY: live handle, C string, out pointer.
    let st = unsafe { catan_game_id_for_action_json(g, offer.as_ptr(), &mut id) };
    assert_eq!(st, catan_status::ActionNotListed, "{}", last_error());
    assert_eq!(id, 7);
    assert_eq!(*engine(g), before);
    // SAFETY: NULL handles are rejected.
    let st = unsafe { catan_game_action_space_len(ptr::null(), &mut space_len) };
    assert_eq!(st, catan_status::NullArgument);
    // SAFETY: live handle, freed once.
    unsafe { catan_game_free(g) };
}

struct Run {
    obs: Vec<i16>,
    masks: Vec<u64>,
    winners: Vec<i8>,
    done: Vec<u8>,
    rewards: Vec<f32>,
    returns: Vec<f32>,
}

fn run(threads: usize) -> Run {
    let rules = c("{\"vp_target\": 5}");
    let mut b = ptr::null_mut();
    // SAFETY: C string and out pointer.
    let st = unsafe { catan_batch_new(rules.as_ptr(), 3, 70, threads, &mut b) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let (mut n, mut words, mut ol, mut al) = (0, 0, 0, 0);
    // SAFETY: live handle, out pointers.
    let st = unsafe { catan_batch_sizes(b, &mut n, &mut words, &mut ol, &mut al) };
    assert_eq!(st, catan_status::Ok);
    let expected = Batch::new(
        Rules {
            vp_target: 5,
            ..Rules::default()
        },
        3,
        70,
        1,
    )
    .unwrap();
    assert_eq!(
        (n, words, ol, al),
        (
            70,
            expected.space().words(),
            expected.obs_len(),
            expected.space().len()
        )
    );
    let mut out = Run {
        obs: Vec::new(),
        masks: Vec::new(),
        winners: Vec::new(),
        done: Vec::new(),
        rewards: Vec::new(),
        returns: Vec::new(),
    };
    let mut ret = vec![0f32; n * 4];
    let (mut m, mut o) = (vec![0u64; n * words], vec![0i16; n * ol]);
    let (mut w, mut d, mut r) = (vec![0i8; n], vec![0u8; n], vec![0f32; n]);
    let mut pick = 5u64;
    for _ in 0..2500 {
        // SAFETY: buffers of the sizes given.
        let st =
            unsafe { catan_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        let ids: Vec<u32> = (0..n)
            .map(|i| {
                let legal = ids_of(&m[i * words..(i + 1) * words]);
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                legal[(pick >> 33) as usize % legal.len()]
            })
            .collect();
        // SAFETY: arrays of n elements.
        let st = unsafe {
            catan_batch_step(
                b,
                ids.as_ptr(),
                n,
                w.as_mut_ptr(),
                d.as_mut_ptr(),
                r.as_mut_ptr(),
            )
        };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        // SAFETY: an array of n × 4 elements (4 players).
        let st = unsafe { catan_batch_returns(b, ret.as_mut_ptr(), ret.len()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        // Every seat's return: +1 the winner, -1 the others, 0 in a game that goes on.
        for i in 0..n {
            let row = &ret[i * 4..(i + 1) * 4];
            let want: Vec<f32> = (0..4)
                .map(|s| match w[i] {
                    -1 => 0.0,
                    x if x == s => 1.0,
                    _ => -1.0,
                })
                .collect();
            assert_eq!(row, &want[..]);
            assert!(r[i] == 0.0 || row.contains(&r[i]));
        }
        out.returns.extend_from_slice(&ret);
        out.obs.extend_from_slice(&o);
        out.masks.extend_from_slice(&m);
        out.winners.extend_from_slice(&w);
        out.done.extend_from_slice(&d);
        out.rewards.extend_from_slice(&r);
    }
    // Bad lengths and ids: an error, nothing written.
    let (w0, d0) = (w.clone(), d.clone());
    // SAFETY: buffers at least as long as claimed.
    let st =
        unsafe { catan_batch_observe(b, m.as_mut_ptr(), m.len() - 1, o.as_mut_ptr(), o.len()) };
    assert_eq!(st, catan_status::WrongLength);
    let bad = vec![u32::MAX; n];
    // SAFETY: arrays of n elements; `n - 1` claims fewer.
    let st = unsafe {
        catan_batch_step(
            b,
            bad.as_ptr(),
            n - 1,
            w.as_mut_ptr(),
            d.as_mut_ptr(),
            ptr::null_mut(),
        )
    };
    assert_eq!(st, catan_status::WrongLength);
    // SAFETY: arrays of n elements; rewards may be NULL.
    let st = unsafe {
        catan_batch_step(
            b,
            bad.as_ptr(),
            n,
            w.as_mut_ptr(),
            d.as_mut_ptr(),
            ptr::null_mut(),
        )
    };
    assert_eq!(st, catan_status::IllegalAction);
    assert!(last_error().contains("game 0"), "{}", last_error());
    assert_eq!((w, d), (w0, d0));
    // SAFETY: NULL is rejected.
    let st = unsafe {
        catan_batch_step(
            b,
            ptr::null(),
            n,
            ptr::null_mut(),
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    assert_eq!(st, catan_status::NullArgument);
    // SAFETY: a buffer longer than claimed; NULL handles and buffers are rejected.
    unsafe {
        let before = ret.clone();
        let st = catan_batch_returns(b, ret.as_mut_ptr(), ret.len() - 1);
        assert_eq!(st, catan_status::WrongLength);
        assert_eq!(ret, before);
        let st = catan_batch_returns(b, ptr::null_mut(), ret.len());
        assert_eq!(st, catan_status::NullArgument);
        let st = catan_batch_returns(ptr::null(), ret.as_mut_ptr(), ret.len());
        assert_eq!(st, catan_status::NullArgument);
    }
    // SAFETY: live handle, freed once; NULL is ignored.
    unsafe {
        catan_batch_free(b);
        catan_batch_free(ptr::null_mut());
    }
    out
}

#[test]
fn batches_are_the_same_for_any_thread_count() {
    let one = run(1);
    let two = run(2);
    assert!(one.done.contains(&1), "some game ended");
    assert_eq!(one.obs, two.obs);
    assert_eq!(one.masks, two.masks);
    assert_eq!(one.winners, two.winners);
    assert_eq!(one.done, two.done);
    assert_eq!(one.returns, two.returns);
    assert_eq!(one.rewards, two.rewards);
    for (i, &d) in one.done.iter().enumerate() {
        assert_eq!(d == 1 && one.winners[i] >= 0, one.rewards[i] != 0.0);
    }
}

#[test]
fn batch_new_rejects_bad_input() {
    let mut b = ptr::null_mut();
    let rules = c("{}");
    // SAFETY: C strings and out pointers.
    unsafe {
        assert_eq!(
            catan_batch_new(rules.as_ptr(), 1, 0, 1, &mut b),
            catan_status::InvalidRules
        );
        assert_eq!(
            catan_batch_new(c("{\"players\": 9}").as_ptr(), 1, 2, 1, &mut b),
            catan_status::InvalidRules
        );
        assert_eq!(
            catan_batch_new(ptr::null(), 1, 2, 1, &mut b),
            catan_status::NullArgument
        );
    }
    assert!(b.is_null());
}

#[test]
fn the_largest_batch_is_refused_under_a_memory_limit_instead_of_aborting() {
    // docs/security.md: `catan_batch_new` of the documented maximum that the memory cannot
    // hold returns OUT_OF_MEMORY. The test runs itself again in a child process limited to
    // 2.5 GB of address space (`ulimit -v`), where 2^20 games (over 6 GB) cannot fit.
    const CHILD: &str = "CATAN_FFI_BATCH_OOM_CHILD";
    const NAME: &str = "the_largest_batch_is_refused_under_a_memory_limit_instead_of_aborting";
    if std::env::var_os(CHILD).is_some() {
        let mut b = ptr::null_mut();
        let rules = c("{}");
        // SAFETY: a C string and an out pointer.
        let status =
            unsafe { catan_batch_new(rules.as_ptr(), 1, CATAN_MAX_BATCH_GAMES, 1, &mut b) };
        let code = if status == catan_status::OutOfMemory && b.is_null() {
            42
        } else {
            1
        };
        std::process::exit(code);
    }
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2500000 && exec \"$0\" \"$@\"")
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", NAME, "--test-threads=1", "--nocapture"])
        .env(CHILD, "1")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(42),
        "{:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn simulate_matches_the_engine() {
    let mut s = ptr::null_mut();
    let rules = c("{\"players\": 3}");
    // SAFETY: C string and out pointer.
    let st = unsafe { catan_simulate(rules.as_ptr(), 5, 9, 2, false, &mut s) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let got: Vec<sim::GameSummary> = serde_json::from_str(&take(s)).unwrap();
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    assert_eq!(got, sim::simulate(rules, 5, 9, 1, false));
    let mut s = ptr::null_mut();
    // SAFETY: C string and out pointer.
    let st = unsafe { catan_simulate(c("{\"players\": 1}").as_ptr(), 5, 9, 2, false, &mut s) };
    assert_eq!(st, catan_status::InvalidRules);
    assert!(s.is_null());
}

/// Six seats on the 5–6 player island through the C batch: the documented observation
/// length (296), the Special Build Phase as phase 8 with the builder acting, games that end.
#[test]
fn a_six_player_batch_observes_six_seats_and_finishes_games() {
    let rules = c("{\"players\": 6}");
    let mut b = ptr::null_mut();
    // SAFETY: C string and out pointer.
    let st = unsafe { catan_batch_new(rules.as_ptr(), 11, 4, 1, &mut b) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let (mut n, mut words, mut ol, mut al) = (0, 0, 0, 0);
    // SAFETY: live handle, out pointers.
    let st = unsafe { catan_batch_sizes(b, &mut n, &mut words, &mut ol, &mut al) };
    assert_eq!(st, catan_status::Ok);
    assert_eq!((n, ol), (4, 296));
    let (mut m, mut o) = (vec![0u64; n * words], vec![0i16; n * ol]);
    let (mut w, mut d, mut r) = (vec![0i8; n], vec![0u8; n], vec![0f32; n]);
    let (mut pick, mut finished, mut saw_phase) = (3u64, 0, false);
    for _ in 0..40_000 {
        // SAFETY: buffers of the sizes given.
        let st =
            unsafe { catan_batch_observe(b, m.as_mut_ptr(), m.len(), o.as_mut_ptr(), o.len()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        let ids: Vec<u32> = (0..n)
            .map(|i| {
                if o[i * ol + 2] == 8 {
                    saw_phase = true;
                    assert_eq!(o[i * ol + 1], 0, "the builder is the acting seat");
                }
                let legal = ids_of(&m[i * words..(i + 1) * words]);
                pick = pick
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                legal[(pick >> 33) as usize % legal.len()]
            })
            .collect();
        // SAFETY: arrays of n elements.
        let st = unsafe {
            catan_batch_step(
                b,
                ids.as_ptr(),
                n,
                w.as_mut_ptr(),
                d.as_mut_ptr(),
                r.as_mut_ptr(),
            )
        };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        for i in 0..n {
            if d[i] == 1 && w[i] >= 0 {
                assert!(w[i] < 6);
                finished += 1;
            }
        }
        if finished >= 2 && saw_phase {
            break;
        }
    }
    assert!(saw_phase && finished >= 2);
    // SAFETY: a live handle, freed once.
    unsafe { catan_batch_free(b) };
}
