//! Plays many seeded games between random legal-action players and reports speed and how
//! often the key rules fired.
//!
//! ```sh
//! cargo run --release --example simulate -- --games 1000 --seed 1 --players 4 --map random
//! ```
//!
//! `--game cards` plays the Catan Card Game instead (options in `cards_simulate.rs`);
//! `--game base` (the default) the base game.
//!
//! Options: `--games N` (default 1000), `--seed S` (default 1; game `i` uses seed `S + i`),
//! `--players 2..6` (default 4; 5–6 play on the 5–6 player
//! extension's island, with its Special Build Phase), `--map beginner|variable|random` (default random),
//! `--domestic-trade` (random players may also offer trades to each other; the default,
//! `--no-domestic-trade`, leaves offers out, as every random and learning player of the
//! library does: with them a random game lasts tens of thousands of actions),
//! `--special-build on|off` (the Special Build Phase for any player count; default: on with
//! 5–6 players only), `--scenario new_shores|four_islands|fog_islands|through_the_desert` (a
//! Seafarers scenario for 3 to 6 players, 5–6 on its 6-player map: `--map beginner` its printed map, otherwise its
//! variable set-up; games stop at `sim::MAX_TURNS` turns), `--json` (the
//! last line is one JSON object with the figures), `--quiet` (no progress bar), `--threads N`
//! (default 1: games are split into N contiguous ranges played on a rayon pool of N
//! threads; game `i` always uses the same seeds, so the figures other than time do not
//! depend on N), `--unchecked`
//! (apply the enumerated actions with `Game::apply_legal`, which skips re-checking them;
//! the default is the checked `Game::apply_with`).

use catan_rules::game::ListingMemo;
use catan_rules::sim::{playout_with, Limits};
use catan_rules::{Action, DevCard, Event, EventSink, Game, MapKind, Player, Rng, Rules, Scenario};
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

#[path = "cards_simulate.rs"]
mod cards_simulate;

#[derive(Default, Clone)]
struct Counts {
    actions: u64,
    turns: u64,
    sevens: u64,
    discards: u64,
    steals: u64,
    shortages: u64,
    longest_road_changes: u64,
    largest_army_changes: u64,
    trades: u64,
    maritime_trades: u64,
    vp_card_wins: u64,
    special_builds: u64,
    special_points: u64,
    discoveries: u64,
    unfinished: u64,
    wins: [u64; 6],
}

impl Counts {
    fn merge(&mut self, o: &Counts) {
        self.actions += o.actions;
        self.turns += o.turns;
        self.sevens += o.sevens;
        self.discards += o.discards;
        self.steals += o.steals;
        self.shortages += o.shortages;
        self.longest_road_changes += o.longest_road_changes;
        self.largest_army_changes += o.largest_army_changes;
        self.trades += o.trades;
        self.maritime_trades += o.maritime_trades;
        self.vp_card_wins += o.vp_card_wins;
        self.special_builds += o.special_builds;
        self.special_points += o.special_points;
        self.discoveries += o.discoveries;
        self.unfinished += o.unfinished;
        for (w, x) in self.wins.iter_mut().zip(o.wins) {
            *w += x;
        }
    }
}

impl EventSink for Counts {
    #[inline]
    fn push(&mut self, e: Event) {
        match e {
            Event::DiceRolled { total: 7, .. } => self.sevens += 1,
            Event::Discarded { .. } => self.discards += 1,
            Event::Stole { .. } => self.steals += 1,
            Event::Shortage { .. } => self.shortages += 1,
            Event::LongestRoadChanged { .. } => self.longest_road_changes += 1,
            Event::LargestArmyChanged { .. } => self.largest_army_changes += 1,
            Event::Traded { .. } => self.trades += 1,
            Event::MaritimeTraded { .. } => self.maritime_trades += 1,
            Event::TurnStarted { .. } => self.turns += 1,
            Event::SpecialBuildStarted { .. } => self.special_builds += 1,
            Event::SpecialVictoryPoints { points, .. } => self.special_points += points as u64,
            Event::HexDiscovered { .. } => self.discoveries += 1,
            _ => {}
        }
    }
}

struct Options {
    games: u64,
    seed: u64,
    players: u8,
    map: MapKind,
    domestic_trade: bool,
    special_build: Option<bool>,
    json: bool,
    quiet: bool,
    threads: u64,
    unchecked: bool,
    scenario: Option<Scenario>,
}

fn usage(msg: &str) -> ! {
    eprintln!("simulate: {msg}");
    eprintln!(
        "usage: simulate [--games N] [--seed S] [--players 2..6] \
         [--map beginner|variable|random] [--domestic-trade] [--special-build on|off] \
         [--scenario new_shores|four_islands|fog_islands|through_the_desert] [--json] [--quiet] \
         [--threads N] [--unchecked]"
    );
    std::process::exit(2)
}

fn parse_args() -> Options {
    let mut o = Options {
        games: 1000,
        seed: 1,
        players: 4,
        map: MapKind::Random,
        domestic_trade: false,
        special_build: None,
        json: false,
        quiet: false,
        threads: 1,
        unchecked: false,
        scenario: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| usage(&format!("{name} needs a value")))
        };
        match a.as_str() {
            "--games" => {
                o.games = value("--games")
                    .parse()
                    .unwrap_or_else(|_| usage("--games takes a number"))
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
            "--threads" => {
                o.threads = value("--threads")
                    .parse()
                    .ok()
                    .filter(|&t| t > 0)
                    .unwrap_or_else(|| usage("--threads takes a positive number"))
            }
            "--game" => match value("--game").as_str() {
                "base" => {}
                g => usage(&format!("unknown game `{g}` (base or cards)")),
            },
            "--domestic-trade" => o.domestic_trade = true,
            "--no-domestic-trade" => o.domestic_trade = false,
            "--special-build" => {
                o.special_build = match value("--special-build").as_str() {
                    "on" => Some(true),
                    "off" => Some(false),
                    v => usage(&format!("--special-build takes on or off, not `{v}`")),
                }
            }
            "--scenario" => {
                let name = value("--scenario");
                o.scenario = Some(
                    Scenario::from_name(&name)
                        .unwrap_or_else(|| usage(&format!("unknown scenario `{name}`"))),
                )
            }
            "--unchecked" => o.unchecked = true,
            "--json" => o.json = true,
            "--quiet" => o.quiet = true,
            "-h" | "--help" => usage("help"),
            other => usage(&format!("unknown option `{other}`")),
        }
    }
    o
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--game") {
        if args.get(i + 1).map(String::as_str) == Some("cards") {
            let rest = args[..i].iter().chain(&args[i + 2..]).cloned().collect();
            return cards_simulate::run(rest);
        }
    }
    let o = parse_args();
    let base = o.scenario.map_or_else(Rules::default, Rules::scenario);
    let rules = Rules {
        players: o.players,
        map: o.map,
        special_build_phase: o.special_build,
        ..base
    };
    if let Err(e) = rules.validate() {
        usage(&e.to_string());
    }
    let start = Instant::now();
    let threads = o.threads.min(o.games.max(1));
    let mut counts = Counts::default();
    if threads <= 1 {
        counts = play(&o, rules, 0..o.games, !o.quiet, start);
    } else {
        let parts = in_ranges(o.games, threads, |range| {
            play(&o, rules, range, false, start)
        });
        for part in &parts {
            counts.merge(part);
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if !o.quiet {
        progress(o.games, o.games, secs);
        eprintln!();
    }
    report(&o, &counts, secs);
}

/// Runs `play` on `threads` contiguous ranges of the games `0..games`, one per worker of a
/// rayon pool (the Card Game's `simulate` too), and returns the results in order.
fn in_ranges<T: Send>(
    games: u64,
    threads: u64,
    play: impl Fn(std::ops::Range<u64>) -> T + Sync,
) -> Vec<T> {
    let per = games.div_ceil(threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .unwrap_or_else(|e| usage(&format!("cannot start {threads} threads: {e}")));
    pool.install(|| {
        (0..threads)
            .into_par_iter()
            .map(|t| play((t * per).min(games)..((t + 1) * per).min(games)))
            .collect()
    })
}

/// Plays games `range` (game `i`: board and dice from seed `S + i`, choices from its own
/// policy stream) and counts what happened.
fn play(
    o: &Options,
    rules: Rules,
    range: std::ops::Range<u64>,
    show: bool,
    start: Instant,
) -> Counts {
    let mut counts = Counts::default();
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    // What the listing works out from the pieces alone, kept from one step (and game) to
    // the next while the pieces do not change.
    let mut memo = ListingMemo::new();
    let mut last_draw = Instant::now();
    // The library's playout loop (the one `simulate --game cards` runs too): uniform
    // choices, offers as asked, checked unless `--unchecked`, stopped at `sim::MAX_TURNS`.
    let limits = Limits {
        offers: o.domestic_trade,
        checked: !o.unchecked,
        max_turns: catan_rules::sim::MAX_TURNS,
        ..Limits::default()
    };
    for i in range {
        let mut policy = Rng::new(o.seed.wrapping_add(i) ^ 0x005e_ed0f_7a11_5eed);
        let mut game = Game::new(rules, o.seed.wrapping_add(i)).expect("valid rules");
        let n = playout_with(&mut game, limits, &mut legal, &mut memo, &mut counts, |l| {
            policy.below(l.len() as u32) as usize
        });
        counts.actions += u64::from(n);
        let Some(w) = game.winner() else {
            counts.unfinished += 1;
            continue;
        };
        counts.wins[w.index()] += 1;
        let (dev, new_dev) = game.development_cards(w);
        let vp_cards = dev[DevCard::VictoryPoint] + new_dev[DevCard::VictoryPoint];
        if vp_cards > 0 && game.points(w) - vp_cards < rules.vp_target {
            counts.vp_card_wins += 1;
        }
        if show && last_draw.elapsed().as_millis() >= 100 {
            last_draw = Instant::now();
            progress(i + 1, o.games, start.elapsed().as_secs_f64());
        }
    }
    counts
}

fn progress(done: u64, total: u64, secs: f64) {
    let width = 40;
    let filled = (done * width / total.max(1)) as usize;
    eprint!(
        "\r[{}{}] {done}/{total} games, {:.0} games/s",
        "#".repeat(filled),
        "-".repeat(width as usize - filled),
        done as f64 / secs.max(1e-9)
    );
    let _ = std::io::stderr().flush();
}

fn report(o: &Options, c: &Counts, secs: f64) {
    let g = o.games.max(1) as f64;
    println!("games            {}", o.games);
    println!(
        "players          {}   map {:?}   domestic trade {}{}",
        o.players,
        o.map,
        o.domestic_trade,
        o.scenario
            .map_or(String::new(), |s| format!("   scenario {}", s.name()))
    );
    println!(
        "time             {secs:.3} s   threads {}   unchecked {}",
        o.threads, o.unchecked
    );
    println!("games/s          {:.1}", o.games as f64 / secs);
    println!("actions/s        {:.0}", c.actions as f64 / secs);
    println!("turns/game       {:.1}", c.turns as f64 / g);
    println!("actions/game     {:.1}", c.actions as f64 / g);
    let wins: Vec<String> = (0..o.players)
        .map(|p| format!("{}: {}", Player(p), c.wins[p as usize]))
        .collect();
    println!("wins by seat     {}", wins.join(", "));
    println!("per game:");
    println!("  sevens rolled             {:.2}", c.sevens as f64 / g);
    println!("  discards                  {:.2}", c.discards as f64 / g);
    println!("  steals                    {:.2}", c.steals as f64 / g);
    println!("  supply shortages          {:.2}", c.shortages as f64 / g);
    println!(
        "  Longest Road changes      {:.2}",
        c.longest_road_changes as f64 / g
    );
    println!(
        "  Largest Army changes      {:.2}",
        c.largest_army_changes as f64 / g
    );
    println!("  domestic trades           {:.2}", c.trades as f64 / g);
    println!(
        "  maritime trades           {:.2}",
        c.maritime_trades as f64 / g
    );
    println!(
        "  Special Build Phases      {:.2}",
        c.special_builds as f64 / g
    );
    if o.scenario.is_some() {
        println!(
            "  special victory points    {:.2}",
            c.special_points as f64 / g
        );
        println!(
            "  hexes discovered          {:.2}",
            c.discoveries as f64 / g
        );
        println!(
            "games stopped unfinished ({} turns)  {}",
            catan_rules::sim::MAX_TURNS,
            c.unfinished
        );
    }
    println!(
        "games won thanks to VP cards  {} ({:.1}%)",
        c.vp_card_wins,
        100.0 * c.vp_card_wins as f64 / g
    );
    if o.json {
        println!(
            "{{\"games\":{},\"players\":{},\"threads\":{},\"seconds\":{secs:.6},\"games_per_s\":{:.3},\"turns_per_s\":{:.1},\
             \"actions_per_s\":{:.1},\"actions_per_game\":{:.2},\"turns_per_game\":{:.2},\"sevens_per_game\":{:.3},\
             \"steals_per_game\":{:.3},\"shortages_per_game\":{:.3},\"vp_card_wins\":{},\"special_build_phases_per_game\":{:.2},\
             \"scenario\":{},\"special_points_per_game\":{:.3},\"discoveries_per_game\":{:.3},\"unfinished\":{}}}",
            o.games,
            o.players,
            o.threads,
            o.games as f64 / secs,
            c.turns as f64 / secs,
            c.actions as f64 / secs,
            c.actions as f64 / g,
            c.turns as f64 / g,
            c.sevens as f64 / g,
            c.steals as f64 / g,
            c.shortages as f64 / g,
            c.vp_card_wins,
            c.special_builds as f64 / g,
            o.scenario
                .map_or("null".to_string(), |s| format!("\"{}\"", s.name())),
            c.special_points as f64 / g,
            c.discoveries as f64 / g,
            c.unfinished
        );
    }
}
