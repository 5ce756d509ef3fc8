//! Plays one seeded game between random legal-action players and tells it as it goes: the
//! events as readable lines grouped by turn, then the final scores and the board.
//!
//! ```sh
//! cargo run --example play -- --seed 7 --players 4 --map beginner --zip --svg game.svg
//! ```
//!
//! Options: `--seed S` (default 7), `--players 2..6` (default 4; 5–6 play on the 5–6 player
//! extension's island, with its Special Build Phase),
//! `--map beginner|variable|random` (default random), `--zip` (Catan: Zip! names: wheat,
//! wood, Invention, Longest Route), `--svg FILE` (also write the final board as SVG),
//! `--ids` (label hexes, nodes and edges with their ids in the SVG),
//! `--scenario new_shores|four_islands|fog_islands|through_the_desert` (a Seafarers
//! scenario for 3 to 6 players, 5–6 on its 6-player map; `--map beginner` plays its printed map, otherwise its
//! variable set-up).
//!
//! `--game cards` tells a game of the Catan Card Game instead (options in
//! `cards_play.rs`); `--game base` (the default) the base game.
//!
//! Every player picks uniformly among its legal actions, leaving out domestic trade offers;
//! the choices come from a `catan_rules::Rng` seeded from `--seed`, so a seed always tells
//! the same story.

use catan_rules::render::player_colour_name;
use catan_rules::{
    Action, Event, Game, MapKind, Player, Rng, Rules, Scenario, SvgOptions, Vocabulary,
};

#[path = "cards_play.rs"]
mod cards_play;

struct Options {
    seed: u64,
    players: u8,
    map: MapKind,
    zip: bool,
    svg: Option<String>,
    ids: bool,
    scenario: Option<Scenario>,
}

fn usage(msg: &str) -> ! {
    eprintln!("play: {msg}");
    eprintln!(
        "usage: play [--seed S] [--players 2..6] [--map beginner|variable|random] [--zip] \
         [--svg FILE [--ids]] [--scenario new_shores|four_islands|fog_islands|through_the_desert]"
    );
    std::process::exit(2)
}

fn parse_args() -> Options {
    let mut o = Options {
        seed: 7,
        players: 4,
        map: MapKind::Random,
        zip: false,
        svg: None,
        ids: false,
        scenario: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        match a.as_str() {
            "--game" => {
                value("--game");
            }
            "--seed" => {
                o.seed = value("--seed")
                    .parse()
                    .unwrap_or_else(|_| usage("--seed takes a number"))
            }
            "--players" => {
                o.players = value("--players")
                    .parse()
                    .unwrap_or_else(|_| usage("--players takes 2 to 6"))
            }
            "--map" => {
                o.map = match value("--map").as_str() {
                    "beginner" => MapKind::Beginner,
                    "variable" => MapKind::Variable,
                    "random" => MapKind::Random,
                    m => usage(&format!("unknown map `{m}`")),
                }
            }
            "--zip" => o.zip = true,
            "--svg" => o.svg = Some(value("--svg")),
            "--ids" => o.ids = true,
            "--scenario" => {
                let name = value("--scenario");
                o.scenario = Some(
                    Scenario::from_name(&name)
                        .unwrap_or_else(|| usage(&format!("unknown scenario `{name}`"))),
                )
            }
            "-h" | "--help" => usage("help"),
            other => usage(&format!("unknown option `{other}`")),
        }
    }
    o
}

/// "player 2 (white)".
fn who(p: Player) -> String {
    format!("{p} ({})", player_colour_name(p))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--game") {
        match args.get(i + 1).map(String::as_str) {
            Some("cards") => {
                let rest = args[..i].iter().chain(&args[i + 2..]).cloned().collect();
                return cards_play::run(rest);
            }
            Some("base") => {}
            g => usage(&format!("unknown game {g:?} (base or cards)")),
        }
    }
    let o = parse_args();
    let rules = Rules {
        players: o.players,
        map: o.map,
        vocabulary: if o.zip {
            Vocabulary::Zip
        } else {
            Vocabulary::Standard
        },
        ..o.scenario.map_or_else(Rules::default, Rules::scenario)
    };
    if let Err(e) = rules.validate() {
        usage(&e.to_string());
    }
    let mut game = Game::new(rules, o.seed).unwrap_or_else(|e| usage(&e.to_string()));
    let mut policy = Rng::new(o.seed ^ 0x00c4_7a11_91a4_5eed);
    let mut legal: Vec<Action> = Vec::with_capacity(256);

    println!(
        "Catan: {} players, {:?} map, seed {}{}{}",
        o.players,
        o.map,
        o.seed,
        if o.zip { ", Zip! vocabulary" } else { "" },
        o.scenario.map_or(String::new(), |s| format!(
            ", Seafarers scenario {} to {} points",
            s.name(),
            rules.vp_target
        ))
    );
    if game.turn() == 0 {
        println!("\n== Set-up ==");
    } else {
        // The beginners' map starts with its printed pieces already placed.
        println!("\n== Set-up: the beginners' starting pieces are placed ==");
        println!(
            "\n== Turn {}: {} ==",
            game.turn(),
            who(game.current_player())
        );
    }

    // Random players never stop on their own in rare cases; a generous cap keeps the example
    // finite whatever the seed.
    const MAX_ACTIONS: u32 = 200_000;
    let mut actions = 0;
    let mut special_build = false;
    while game.winner().is_none() && actions < MAX_ACTIONS {
        game.legal_actions(&mut legal);
        legal.retain(|a| !a.is_trade_offer());
        let a = legal[policy.below(legal.len() as u32) as usize];
        let events = game.apply(a).expect("enumerated actions are legal");
        actions += 1;
        for e in &events {
            match *e {
                Event::TurnStarted { player, turn } => {
                    println!("\n== Turn {turn}: {} ==", who(player))
                }
                // The Special Build Phase (5–6 players): only what is built is told.
                Event::SpecialBuildStarted { .. } => special_build = true,
                Event::SpecialBuildEnded { .. } => special_build = false,
                Event::SpecialBuildPassed { .. } => {}
                _ if special_build => {
                    println!("  special build: {}", game.describe_event(e))
                }
                _ => println!("  {}", game.describe_event(e)),
            }
        }
    }

    println!("\n== Final scores ==");
    for p in 0..game.players() {
        let p = Player(p);
        let mark = if game.winner() == Some(p) {
            "  winner"
        } else {
            ""
        };
        let special = game.special_victory_points(p);
        println!(
            "  {:<20} {:>2} points ({} visible{}){mark}",
            who(p),
            game.points(p),
            game.public_points(p),
            if special > 0 {
                format!(", {special} special")
            } else {
                String::new()
            }
        );
    }
    if game.winner().is_none() {
        println!("  no winner after {MAX_ACTIONS} actions");
    }
    println!(
        "  after {} turns and {actions} actions\n\n== Board ==",
        game.turn()
    );
    print!("{}", game.to_ascii());

    if let Some(path) = &o.svg {
        let svg = game.to_svg_with(&SvgOptions {
            node_ids: o.ids,
            edge_ids: o.ids,
            hex_ids: o.ids,
            vocabulary: rules.vocabulary,
            legend: true,
        });
        if let Err(e) = std::fs::write(path, svg) {
            eprintln!("play: cannot write {path}: {e}");
            std::process::exit(1);
        }
        eprintln!("play: wrote {path}");
    }
}
