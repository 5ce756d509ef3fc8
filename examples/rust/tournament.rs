//! Plays the built-in bots against each other and prints win rates with 95 % confidence
//! intervals, mean points, game length and the time per decision.
//!
//! ```sh
//! cargo run --release --example tournament -- --players search,greedy,random,random --games 1000
//! ```
//!
//! Options: `--game catan|cards` (the base game, the default, or the Card Game),
//! `--players a,b,...` (bots: `random`, `weighted`, `greedy`, `search`,
//! `search:N` with `N` playouts per decision, `search:Nms` with `N` milliseconds; 2–4 of
//! them in the base game, default `search,greedy,weighted,random`; 2 in the Card Game,
//! default `search,greedy`), `--games N` (default 100), `--seed S` (default 1;
//! game `i` uses `S + i`), `--map random|beginner|variable` (default random), `--threads N`
//! (default 0: one per core), `--json PATH` and `--csv PATH` (`-` for standard output),
//! `--quiet` (no progress bar), `--expect K:RATE` (exit with status 1 unless entry `K` wins
//! at least `RATE` of the games; may be repeated).

use catan_rules::bots::BotKind;
use catan_rules::cards::CardRules;
use catan_rules::tournament::{run, run_cards, TournamentConfig};
use catan_rules::MapKind;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

fn usage(msg: &str) -> ExitCode {
    eprintln!("tournament: {msg}");
    eprintln!(
        "usage: tournament [--game catan|cards] [--players a,b,c,d] [--games N] [--seed S] [--map random|beginner|variable] [--threads N] [--json PATH] [--csv PATH] [--quiet] [--expect K:RATE]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut players = vec![
        BotKind::SEARCH,
        BotKind::Greedy,
        BotKind::Weighted,
        BotKind::Random,
    ];
    let mut config = TournamentConfig::new(Vec::new());
    let (mut json, mut csv, mut quiet) = (None, None, false);
    let mut cards = false;
    let mut players_given = false;
    let mut expect: Vec<(usize, f64)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let r: Result<(), String> = (|| {
            match a.as_str() {
                "--game" => {
                    cards = match value("--game")?.as_str() {
                        "catan" => false,
                        "cards" => true,
                        g => return Err(format!("unknown game {g:?}")),
                    }
                }
                "--players" => {
                    players_given = true;
                    players = value("--players")?
                        .split(',')
                        .map(|s| s.parse::<BotKind>().map_err(|e| e.to_string()))
                        .collect::<Result<_, _>>()?;
                }
                "--games" => {
                    config.games = value("--games")?
                        .parse()
                        .map_err(|e| format!("--games: {e}"))?
                }
                "--seed" => {
                    config.seed = value("--seed")?
                        .parse()
                        .map_err(|e| format!("--seed: {e}"))?
                }
                "--threads" => {
                    config.threads = value("--threads")?
                        .parse()
                        .map_err(|e| format!("--threads: {e}"))?
                }
                "--map" => {
                    config.rules.map = match value("--map")?.as_str() {
                        "random" => MapKind::Random,
                        "beginner" => MapKind::Beginner,
                        "variable" => MapKind::Variable,
                        m => return Err(format!("unknown map {m:?}")),
                    }
                }
                "--json" => json = Some(value("--json")?),
                "--csv" => csv = Some(value("--csv")?),
                "--quiet" => quiet = true,
                "--expect" => {
                    let v = value("--expect")?;
                    let (k, rate) = v.split_once(':').ok_or("--expect K:RATE")?;
                    expect.push((
                        k.parse().map_err(|e| format!("--expect: {e}"))?,
                        rate.parse().map_err(|e| format!("--expect: {e}"))?,
                    ));
                }
                "-h" | "--help" => return Err("help".into()),
                other => return Err(format!("unknown option {other:?}")),
            }
            Ok(())
        })();
        if let Err(e) = r {
            return usage(&e);
        }
    }
    if cards && !players_given {
        players = vec![BotKind::SEARCH, BotKind::Greedy];
    }
    if cards && players.len() != 2 {
        return usage("2 players in the Card Game");
    }
    if !(2..=4).contains(&players.len()) {
        return usage("2 to 4 players");
    }
    config.players = players;
    let total = config.games;
    let start = Instant::now();
    let last_draw = AtomicU64::new(0);
    let progress = |done: u32| {
        if quiet {
            return;
        }
        let ms = start.elapsed().as_millis() as u64;
        let prev = last_draw.load(Ordering::Relaxed);
        if done != total && ms < prev + 200 {
            return;
        }
        last_draw.store(ms, Ordering::Relaxed);
        let width = 30usize;
        let filled = (done as usize * width) / total.max(1) as usize;
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r[{}{}] {done}/{total} games, {:.1} s",
            "#".repeat(filled),
            " ".repeat(width - filled),
            ms as f64 / 1000.0
        );
        if done == total {
            let _ = writeln!(err);
        }
    };
    let result = if cards {
        run_cards(&config, CardRules::default(), progress).map_err(|e| e.to_string())
    } else {
        run(&config, progress).map_err(|e| e.to_string())
    };
    let result = match result {
        Ok(r) => r,
        Err(e) => return usage(&e),
    };
    print!("{}", result.table());
    println!("{:.1} s", start.elapsed().as_secs_f64());
    for (path, text) in [(json, result.to_json()), (csv, result.to_csv())] {
        match path.as_deref() {
            None => {}
            Some("-") => println!("{text}"),
            Some(p) => {
                if let Err(e) = std::fs::write(p, text) {
                    eprintln!("tournament: cannot write {p}: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    }
    let mut ok = true;
    for (k, rate) in expect {
        match result.players.get(k) {
            Some(p) if p.win_rate >= rate => {
                println!(
                    "ok: {} (entry {k}) won {:.1}% >= {:.1}%",
                    p.bot,
                    100.0 * p.win_rate,
                    100.0 * rate
                )
            }
            Some(p) => {
                println!(
                    "FAILED: {} (entry {k}) won {:.1}% < {:.1}%",
                    p.bot,
                    100.0 * p.win_rate,
                    100.0 * rate
                );
                ok = false;
            }
            None => return usage(&format!("--expect: no entry {k}")),
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
