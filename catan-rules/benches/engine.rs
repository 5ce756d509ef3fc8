#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Criterion micro-benchmarks of the engine on the benchmark workload (4 players, random
//! board, uniformly random legal actions without domestic trade offers).
//!
//! ```sh
//! cargo bench -p catan-rules --bench engine -- --warm-up-time 1 --measurement-time 2
//! ```
//!
//! * `playout`: one whole game, from `Game::new` (board included) to the winner, choosing
//!   among `legal_actions_without_offers` and applying with the checked `apply_with`;
//! * `playout_6p`: the same with six players (the 5–6 player extension's island and its
//!   Special Build Phase);
//! * `playout_new_shores`: the same on the Seafarers scenario Heading for New Shores, four
//!   players (ships, the pirate, gold fields, the trade route, its map dealt per game);
//! * `legal_actions`: enumerating the legal actions of a state into a reused `Vec`;
//! * `legal_mask`: the same as a bitset over the integer action space;
//! * `apply`: applying one legal action (events dropped) to a copy of a state, checked;
//! * `apply_legal`: the same without the re-check;
//! * `step`: enumerate (without offers), pick at random, apply: one move of a playout;
//! * `clone`: copying a whole game state;
//! * `clone_from`: copying a state into a reused game on the same board (no reference-count
//!   traffic), as a tree search does with its scratch copy;
//! * `clone_new_shores`, `clone_from_new_shores`: the same two on states of Heading for New
//!   Shores games (a Seafarers map: the same state type and size as the base game's);
//! * `view`: what the player to act may know (`Game::view`, which builds an owned value
//!   with the board spec and per-seat lists: made for clients, not for inner loops).
//!
//! The states are 4,096 positions sampled along random games, visited in turn, so caches
//! and branch predictors see a realistic mix.

use catan_rules::action_space::ActionSpace;
use catan_rules::{Action, Game, Rng, Rules, Scenario};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// Plays one game to the end with the workload's policy.
fn playout(rules: Rules, seed: u64, policy: &mut Rng, legal: &mut Vec<Action>) -> Game {
    let mut game = Game::new(rules, seed).unwrap();
    while game.winner().is_none() {
        game.legal_actions_without_offers(legal);
        let a = legal[policy.below(legal.len() as u32) as usize];
        game.apply_with(a, &mut ()).unwrap();
    }
    game
}

/// States sampled along random games (every 7th position), each with one legal action.
fn sample_states(rules: Rules, n: usize) -> Vec<(Game, Action)> {
    let mut out = Vec::with_capacity(n);
    let mut policy = Rng::new(12345);
    let mut legal = Vec::new();
    let mut seed = 1000;
    while out.len() < n {
        let mut game = Game::new(rules, seed).unwrap();
        seed += 1;
        let mut k = 0u32;
        while game.winner().is_none() && out.len() < n {
            game.legal_actions(&mut legal);
            legal.retain(|a| !a.is_trade_offer());
            let a = legal[policy.below(legal.len() as u32) as usize];
            if k % 7 == 0 {
                out.push((game.clone(), a));
            }
            game.apply_with(a, &mut ()).unwrap();
            k += 1;
        }
    }
    out
}

/// `clone` and `clone_from` (each name followed by `suffix`) over 4,096 sampled `states`.
fn clone_benches(c: &mut Criterion, suffix: &str, states: &[(Game, Action)]) {
    let mut i = 0usize;
    // The clone is kept behind `std::hint::black_box(&..)` and dropped inside the routine:
    // returning a large value from it would time criterion's own (volatile, byte-wise)
    // `black_box` copy of it too.
    c.bench_function(&format!("clone{suffix}"), |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let g = black_box(&states[i].0).clone();
            black_box(&g);
        })
    });

    // Copying into a reused game on the same board: the scratch copy of a tree search.
    let mut scratch = states[0].0.clone();
    c.bench_function(&format!("clone_from{suffix}"), |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let src = black_box(&states[i].0);
            // The sampled states come about 136 to a game, so consecutive sources share a
            // board except at the switch to the next game (one reference-count exchange).
            scratch.clone_from(src);
            black_box(&scratch);
        })
    });
}

fn benches(c: &mut Criterion) {
    let states = sample_states(Rules::default(), 4096);
    let space = ActionSpace::new(states[0].0.board(), 4);
    let mut legal: Vec<Action> = Vec::with_capacity(1 << 12);

    let mut seed = 0u64;
    let mut policy = Rng::new(1);
    c.bench_function("playout", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(Rules::default(), seed, &mut policy, &mut legal).turn())
        })
    });
    let six = Rules {
        players: 6,
        ..Rules::default()
    };
    c.bench_function("playout_6p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(six, seed, &mut policy, &mut legal).turn())
        })
    });
    let new_shores = Rules::scenario(Scenario::NewShores);
    c.bench_function("playout_new_shores", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(new_shores, seed, &mut policy, &mut legal).turn())
        })
    });

    let mut i = 0usize;
    c.bench_function("legal_actions", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            states[i].0.legal_actions(&mut legal);
            black_box(legal.len())
        })
    });

    let mut mask = vec![0u64; space.words()];
    c.bench_function("legal_mask", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            black_box(states[i].0.legal_mask(&space, &mut mask));
            black_box(mask[0])
        })
    });

    c.bench_function("apply", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) & 4095;
                states[i].clone()
            },
            |(g, a)| g.apply_with(*a, &mut ()).unwrap(),
            BatchSize::SmallInput,
        )
    });

    c.bench_function("apply_legal", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) & 4095;
                states[i].clone()
            },
            |(g, a)| g.apply_legal(*a, &mut ()),
            BatchSize::SmallInput,
        )
    });

    let mut policy = Rng::new(2);
    c.bench_function("step", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) & 4095;
                states[i].0.clone()
            },
            |g| {
                g.legal_actions_without_offers(&mut legal);
                let a = legal[policy.below(legal.len() as u32) as usize];
                g.apply_with(a, &mut ()).unwrap();
            },
            BatchSize::SmallInput,
        )
    });

    clone_benches(c, "", &states);
    // The same two on a Seafarers map.
    let sea_states = sample_states(Rules::scenario(Scenario::NewShores), 4096);
    clone_benches(c, "_new_shores", &sea_states);

    c.bench_function("view", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let g = black_box(&states[i].0);
            let v = g.view(Some(g.current_player()));
            black_box(&v);
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
