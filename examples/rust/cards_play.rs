//! `play --game cards`: one seeded game of the Catan Card Game told as text, then both
//! principalities as ASCII (and SVG with `--svg FILE`).
//!
//! ```sh
//! cargo run --example play -- --game cards --seed 7 --svg cards.svg
//! ```
//!
//! Options: `--seed S` (default 7), `--vp N` (default 12), `--svg FILE`, `--quiet` (only
//! the end). The players are simple: they build whenever they can, play action cards when
//! they have them, otherwise pick uniformly among the legal actions (no offers, and a free
//! draw rather than a paid search when both are possible).

use catan_rules::cards::{CardAction, CardEvent, CardGame, CardRules, SvgStyle};
use catan_rules::Rng;

fn usage(msg: &str) -> ! {
    eprintln!("play --game cards: {msg}");
    eprintln!("usage: play --game cards [--seed S] [--vp N] [--svg FILE] [--quiet]");
    std::process::exit(2)
}

fn score(a: &CardAction) -> u32 {
    match a {
        CardAction::BuildTown { .. } | CardAction::Expand { .. } => 6,
        CardAction::BuildSettlement { .. } | CardAction::BuildRoad { .. } => 5,
        CardAction::PlayCard { .. } | CardAction::Counter { .. } => 4,
        CardAction::Draw { .. } => 3,
        CardAction::Offer { .. } | CardAction::Search { .. } | CardAction::Exchange { .. } => 0,
        _ => 1,
    }
}

/// Runs the card-game story with the arguments after `--game cards`.
pub fn run(args: Vec<String>) {
    let (mut seed, mut vp, mut svg, mut quiet) = (7u64, 12u8, None::<String>, false);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => {
                seed = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| usage("--seed takes a number"))
            }
            "--vp" => {
                vp = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| usage("--vp takes a number"))
            }
            "--svg" => svg = Some(it.next().unwrap_or_else(|| usage("--svg needs a file"))),
            "--quiet" => quiet = true,
            "-h" | "--help" => usage("help"),
            o => usage(&format!("unknown option `{o}`")),
        }
    }
    let rules = CardRules {
        vp_target: vp,
        ..CardRules::default()
    };
    if let Err(e) = rules.validate() {
        usage(&e.to_string());
    }
    let mut game = CardGame::new(rules, seed);
    let mut policy = Rng::new(seed ^ 0x00ca_4d5e_ed00);
    let mut legal = Vec::with_capacity(1024);
    println!("Catan Card Game (1996): seed {seed}, {vp} VP to win");
    let mut steps = 0;
    while game.winner().is_none() && steps < 50_000 {
        game.legal_actions(&mut legal);
        let best = legal.iter().map(score).max().unwrap_or(0);
        let top: Vec<CardAction> = legal.iter().copied().filter(|a| score(a) == best).collect();
        let a = top[policy.below(top.len() as u32) as usize];
        let events: Vec<CardEvent> = game.apply(a).expect("listed actions apply");
        if !quiet {
            for e in &events {
                let line = game.describe(e);
                if matches!(e, CardEvent::TurnStarted { .. }) {
                    println!("\n{line}");
                } else {
                    println!("  {line}");
                }
            }
        }
        steps += 1;
    }
    println!("\n== End after {} turns ==", game.turn());
    if let Some(w) = game.winner() {
        println!(
            "{w} wins with {} VP (opponent {})",
            game.points(w),
            game.points(catan_rules::cards::opponent(w))
        );
    }
    println!("\n{}", game.to_ascii());
    if let Some(path) = svg {
        std::fs::write(&path, game.to_svg(&SvgStyle::default()))
            .unwrap_or_else(|e| usage(&format!("cannot write {path}: {e}")));
        println!("picture written to {path}");
    }
}
