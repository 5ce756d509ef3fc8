//! The Rust half of the C ABI's determinism check: plays one seeded game with the same
//! choice rule as `examples/c/random_game.c` (at step `s`, the legal action with index
//! `(s * 7919) % n`) and prints the same transcript: one JSON array of events per action,
//! then a summary line. `scripts/test` compares the two outputs byte for byte.
//!
//! ```sh
//! cargo run -p catan-ffi --example transcript -- 42 20000 6
//! ```
//!
//! Arguments: seed (42), most actions (20000), players (4; 5 and 6 play the 5–6 player
//! extension).

use catan_rules::{Action, Game, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().map_or(42, |s| s.parse().expect("seed"));
    let max_steps: u64 = args
        .next()
        .map_or(20_000, |s| s.parse().expect("max_steps"));
    let players: u8 = args.next().map_or(4, |s| s.parse().expect("players"));

    let rules = Rules {
        players,
        ..Rules::default()
    };
    let mut game = Game::new(rules, seed).expect("playable rules");
    let mut legal: Vec<Action> = Vec::new();
    let mut step: u64 = 0;
    while game.winner().is_none() && step < max_steps {
        game.legal_actions(&mut legal);
        let id = (step * 7919) % legal.len() as u64;
        let events = game
            .apply(legal[id as usize])
            .expect("listed actions are legal");
        println!(
            "{}",
            serde_json::to_string(&events).expect("events serialize")
        );
        step += 1;
    }
    let winner = game.winner().map_or(-1, |p| i32::from(p.0));
    let scores: Vec<String> = game.scores().iter().map(u8::to_string).collect();
    println!(
        "{{\"steps\":{step},\"winner\":{winner},\"scores\":[{}]}}",
        scores.join(",")
    );
}
