//! Steps per second of the batched stepper (`catan_rules::batch::Batch`) with uniformly
//! random legal ids (never a domestic offer, like `sim::simulate` without domestic trade,
//! so that games end), for 1 and 2 threads.
//!
//! ```text
//! cargo run --release -p catan-rules --example batch_bench -- [games] [steps]
//! ```
//!
//! A step is one id applied to every game, so game-steps/s = games × steps/s. The time
//! includes `observe` (masks and observations) and `step` (checks, apply, resets).

use catan_rules::action_space::Block;
use catan_rules::{batch::Batch, rng::Rng, Rules};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().map_or(256, |a| a.parse().expect("games"));
    let steps: usize = args.next().map_or(2000, |a| a.parse().expect("steps"));
    println!("{games} games, {steps} steps (observe + step), random legal ids, no offers");
    for threads in [1, 2] {
        let mut env = Batch::new(Rules::default(), 1, games, threads).expect("rules");
        let (words, obs_len) = (env.space().words(), env.obs_len());
        let mut masks = vec![0u64; games * words];
        let mut obs = vec![0i16; games * obs_len];
        let mut ids = vec![0u32; games];
        let (mut rewards, mut done, mut winners) =
            (vec![0f32; games], vec![false; games], vec![0i8; games]);
        let mut rng = Rng::new(7);
        let mut legal = Vec::with_capacity(512);
        let mut finished = 0usize;
        let offers = env.space().offset(Block::Offer)..env.space().offset(Block::Accept);
        let start = Instant::now();
        for _ in 0..steps {
            env.observe(&mut masks, &mut obs).expect("sizes");
            for (i, id) in ids.iter_mut().enumerate() {
                legal.clear();
                for (w, &word) in masks[i * words..(i + 1) * words].iter().enumerate() {
                    let mut b = word;
                    while b != 0 {
                        let id = (w * 64) as u32 + b.trailing_zeros();
                        if !offers.contains(&id) {
                            legal.push(id);
                        }
                        b &= b - 1;
                    }
                }
                *id = legal[rng.below(legal.len() as u32) as usize];
            }
            env.step(&ids, &mut rewards, &mut done, &mut winners)
                .expect("legal ids");
            finished += done.iter().filter(|&&d| d).count();
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "threads {threads}: {:>9.0} batch steps/s, {:>10.0} game-steps/s ({finished} games finished, {:.2} s)",
            steps as f64 / secs,
            (steps * games) as f64 / secs,
            secs
        );
    }
}
