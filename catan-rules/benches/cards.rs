#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Criterion micro-benchmarks of the Catan Card Game, in the shape of `engine.rs`: random
//! players that choose uniformly among the legal actions other than trade offers.
//!
//! ```sh
//! cargo bench -p catan-rules --bench cards -- --warm-up-time 1 --measurement-time 2
//! ```
//!
//! * `cards_playout`: one whole game, from `CardGame::new` (the deal) to the winner,
//!   enumerating, picking and applying with the checked `apply_with`;
//! * `cards_legal_actions`: enumerating the legal actions of a state into a reused `Vec`;
//! * `cards_apply`: applying one legal action (events dropped) to a copy of a state, checked;
//! * `cards_apply_legal`: the same without the re-check;
//! * `cards_step`: enumerate, drop the offers, pick at random, apply: one move of a playout;
//! * `cards_clone`: copying a whole game (the catalogue is shared; hands, piles, played
//!   cards and pending steps are vectors, so a clone allocates);
//! * `cards_clone_from`: copying into a reused game (`Clone::clone_from` reuses the
//!   vectors' buffers);
//! * `cards_determinize`: a game drawn from the seat to move's view
//!   (`agents::cards::determinize`: a clone, then the unseen cards shuffled in place), as
//!   the greedy bot does once a decision and the search bot once an iteration.
//!
//! The states are 4,096 positions sampled along random games, visited in turn.

use catan_rules::agents::cards::determinize;
use catan_rules::cards::{CardAction, CardGame, CardRules};
use catan_rules::Rng;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;

/// A uniformly random legal action that is not an offer.
fn pick(game: &CardGame, policy: &mut Rng, legal: &mut Vec<CardAction>) -> CardAction {
    game.legal_actions(legal);
    legal.retain(|a| !a.is_offer());
    legal[policy.below(legal.len() as u32) as usize]
}

/// Plays one game to the end.
fn playout(seed: u64, policy: &mut Rng, legal: &mut Vec<CardAction>) -> CardGame {
    let mut game = CardGame::new(CardRules::default(), seed);
    while game.winner().is_none() {
        let a = pick(&game, policy, legal);
        game.apply_with(a, &mut ()).unwrap();
    }
    game
}

/// States sampled along random games (every 7th position), each with one legal action.
fn sample_states(n: usize) -> Vec<(CardGame, CardAction)> {
    let mut out = Vec::with_capacity(n);
    let mut policy = Rng::new(12345);
    let mut legal = Vec::new();
    let mut seed = 1000;
    while out.len() < n {
        let mut game = CardGame::new(CardRules::default(), seed);
        seed += 1;
        let mut k = 0u32;
        while game.winner().is_none() && out.len() < n {
            let a = pick(&game, &mut policy, &mut legal);
            if k % 7 == 0 {
                out.push((game.clone(), a));
            }
            game.apply_with(a, &mut ()).unwrap();
            k += 1;
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let states = sample_states(4096);
    let mut legal: Vec<CardAction> = Vec::with_capacity(1 << 12);

    let mut seed = 0u64;
    let mut policy = Rng::new(1);
    c.bench_function("cards_playout", |b| {
        b.iter(|| {
            seed += 1;
            black_box(playout(seed, &mut policy, &mut legal).turn())
        })
    });

    let mut i = 0usize;
    c.bench_function("cards_legal_actions", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            states[i].0.legal_actions(&mut legal);
            black_box(legal.len())
        })
    });

    c.bench_function("cards_apply", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) & 4095;
                states[i].clone()
            },
            |(g, a)| g.apply_with(*a, &mut ()).unwrap(),
            BatchSize::SmallInput,
        )
    });

    c.bench_function("cards_apply_legal", |b| {
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
    c.bench_function("cards_step", |b| {
        b.iter_batched_ref(
            || {
                i = (i + 1) & 4095;
                states[i].0.clone()
            },
            |g| {
                let a = pick(g, &mut policy, &mut legal);
                g.apply_with(a, &mut ()).unwrap();
            },
            BatchSize::SmallInput,
        )
    });

    // As in `engine.rs`: the clone stays behind `black_box(&..)` and is dropped inside.
    c.bench_function("cards_clone", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let g = black_box(&states[i].0).clone();
            black_box(&g);
        })
    });

    let mut scratch = states[0].0.clone();
    c.bench_function("cards_clone_from", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            scratch.clone_from(black_box(&states[i].0));
            black_box(&scratch);
        })
    });

    let mut rng = Rng::new(3);
    c.bench_function("cards_determinize", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let g = &states[i].0;
            let sample = determinize(black_box(g), g.current_player(), &mut rng);
            black_box(&sample);
        })
    });
}

criterion_group!(cards, benches);
criterion_main!(cards);
