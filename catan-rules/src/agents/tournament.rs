//! Matches between the built-in bots: win rates with confidence intervals, mean points,
//! game length and the time each bot takes per decision.
//!
//! Entry `k` of [`TournamentConfig::players`] is one contestant. Seats rotate: in game `i`
//! entry `k` sits at seat `(k + i) mod n`, so over a multiple of `n` games every entry
//! plays every seat equally often (the first seat's advantage cancels out). Game `i` uses
//! seed `seed + i` for its board and chance, and bots seeded from it, so a tournament is
//! reproducible and its figures (other than time) do not depend on the number of threads.
//!
//! ```
//! use catan_rules::bots::BotKind;
//! use catan_rules::tournament::{run, TournamentConfig};
//!
//! let config = TournamentConfig {
//!     games: 6,
//!     ..TournamentConfig::new(vec![BotKind::Greedy, BotKind::Random, BotKind::Random])
//! };
//! let result = run(&config, |_| {}).unwrap();
//! assert_eq!(result.players.len(), 3);
//! assert_eq!(result.players.iter().map(|p| p.wins).sum::<u32>() + result.unfinished, 6);
//! println!("{}", result.table());
//! ```

use super::bots::{play_match_of, BotKind, MatchResult};
use super::AgentGame;
use crate::cards::{CardGame, CardRules};
use crate::engine::Engine;
use crate::game::{Game, NewGameError};
use crate::rules::{ChanceMode, Rules};
use rayon::prelude::*;
use rayon::ThreadPoolBuilder;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU32, Ordering};

/// What to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// The contestants, one per seat (2–4 in the base game, 2 in the Card Game).
    pub players: Vec<BotKind>,
    /// Games to play.
    pub games: u32,
    /// Seed of game 0 (game `i` uses `seed + i`).
    pub seed: u64,
    /// The base game's rules (`players` is set from the number of contestants; chance is
    /// always drawn by the games). A Card Game tournament takes its rules apart
    /// ([`run_cards`]).
    pub rules: Rules,
    /// Worker threads (0: one per core). Clamped by [`tournament_threads`]: never more
    /// than the machine's hardware threads or the games to play.
    pub threads: usize,
}

impl TournamentConfig {
    /// 100 games from seed 1 under the default rules.
    pub fn new(players: Vec<BotKind>) -> TournamentConfig {
        TournamentConfig {
            players,
            games: 100,
            seed: 1,
            rules: Rules::default(),
            threads: 0,
        }
    }
}

/// One contestant's figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// Position in [`TournamentConfig::players`].
    pub entry: usize,
    /// The bot's name.
    pub bot: String,
    /// Games won.
    pub wins: u32,
    /// Share of all games won.
    pub win_rate: f64,
    /// 95 % Wilson score interval of the win rate: lower end.
    pub win_rate_low: f64,
    /// Upper end.
    pub win_rate_high: f64,
    /// Mean victory points at the end of a game (hidden cards included).
    pub mean_vp: f64,
    /// Decisions taken.
    pub decisions: u64,
    /// Mean time to choose, in microseconds per decision.
    pub micros_per_decision: f64,
}

/// What a tournament gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentResult {
    /// The configuration played.
    pub config: TournamentConfig,
    /// Games played.
    pub games: u32,
    /// Games stopped without a winner (at [`crate::bots::MATCH_MAX_TURNS`]).
    pub unfinished: u32,
    /// Mean game length in turns.
    pub mean_turns: f64,
    /// One entry per contestant, in order.
    pub players: Vec<PlayerStats>,
}

/// The 95 % Wilson score interval of `wins` successes in `n` trials (`(0, 1)` for `n = 0`).
///
/// ```
/// let (lo, hi) = catan_rules::tournament::wilson(90, 100);
/// assert!(lo > 0.82 && lo < 0.83 && hi > 0.94 && hi < 0.95);
/// ```
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The worker threads a tournament of `games` games uses when `threads` are asked for
/// (0: one per core): at most the machine's hardware threads and the number of games, at
/// least one (as a batch clamps its threads, [`crate::batch::batch_threads`]).
///
/// ```
/// let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
/// assert!(catan_rules::tournament::tournament_threads(3000, 100) <= cores);
/// assert_eq!(catan_rules::tournament::tournament_threads(8, 1), 1);
/// ```
pub fn tournament_threads(threads: usize, games: u32) -> usize {
    let asked = if threads == 0 { usize::MAX } else { threads };
    crate::sim::useful_threads(asked, games as usize)
}

/// Why a tournament could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// The base game's rules cannot be played with that many contestants.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// The game is not played by that many contestants.
    #[error("{game} is played by {seats} contestants, not {players}")]
    Seats {
        /// The game's name.
        game: &'static str,
        /// Contestants the game takes.
        seats: usize,
        /// Contestants given.
        players: usize,
    },
}

/// Plays the tournament of base games, calling `progress(done)` after each game (from
/// worker threads). A tournament has no referee: its games draw their own chance
/// (external-chance rules are played seeded).
///
/// # Errors
/// [`NewGameError`] if the rules cannot be played with that many contestants.
pub fn run(
    config: &TournamentConfig,
    progress: impl Fn(u32) + Sync,
) -> Result<TournamentResult, NewGameError> {
    let rules = Rules {
        players: config.players.len() as u8,
        chance: ChanceMode::Seeded,
        ..config.rules
    };
    rules.validate()?;
    run_of(config, |seed| Game::new(rules, seed), progress)
}

/// Plays the tournament with the Card Game under `rules` (two contestants; `config.rules`,
/// the base game's, is not read; chance is drawn by the games), calling `progress(done)`
/// after each game.
///
/// ```
/// use catan_rules::bots::BotKind;
/// use catan_rules::cards::CardRules;
/// use catan_rules::tournament::{run_cards, TournamentConfig};
///
/// let config = TournamentConfig {
///     games: 2,
///     ..TournamentConfig::new(vec![BotKind::Greedy, BotKind::Random])
/// };
/// let result = run_cards(&config, CardRules::default(), |_| {}).unwrap();
/// assert_eq!(result.players.len(), 2);
/// ```
///
/// # Errors
/// [`TournamentError::Seats`] unless there are exactly two contestants.
pub fn run_cards(
    config: &TournamentConfig,
    rules: CardRules,
    progress: impl Fn(u32) + Sync,
) -> Result<TournamentResult, TournamentError> {
    if config.players.len() != 2 {
        return Err(TournamentError::Seats {
            game: <CardGame as Engine>::NAME,
            seats: 2,
            players: config.players.len(),
        });
    }
    let rules = CardRules {
        chance: ChanceMode::Seeded,
        ..rules
    };
    let never = |seed| Ok::<_, TournamentError>(CardGame::new(rules, seed));
    run_of(config, never, progress)
}

/// Plays the tournament with games made by `new_game(seed)`, of any kind.
fn run_of<G: AgentGame, E: Send>(
    config: &TournamentConfig,
    new_game: impl Fn(u64) -> Result<G, E> + Sync,
    progress: impl Fn(u32) + Sync,
) -> Result<TournamentResult, E> {
    let n = config.players.len();
    let done = AtomicU32::new(0);
    let play = |i: u32| -> Result<MatchResult, E> {
        // Entry k at seat (k + i) mod n: seat s holds entry (s - i) mod n.
        let seats: Vec<BotKind> = (0..n)
            .map(|s| config.players[(s + n - (i as usize % n)) % n])
            .collect();
        let seed = config.seed.wrapping_add(i as u64);
        let r = new_game(seed).map(|game| play_match_of(game, seed, &seats));
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        r
    };
    let threads = tournament_threads(config.threads, config.games);
    let results: Vec<Result<MatchResult, E>> = if threads == 1 {
        (0..config.games).map(play).collect()
    } else {
        let pool = ThreadPoolBuilder::new().num_threads(threads).build();
        match pool {
            Ok(pool) => pool.install(|| (0..config.games).into_par_iter().map(play).collect()),
            Err(_) => (0..config.games).map(play).collect(),
        }
    };
    let mut wins = vec![0u32; n];
    let mut vp = vec![0u64; n];
    let mut decisions = vec![0u64; n];
    let mut think = vec![0u64; n];
    let mut turns = 0u64;
    let mut unfinished = 0u32;
    for (i, r) in results.into_iter().enumerate() {
        let r = r?;
        turns += r.turns as u64;
        for s in 0..n {
            let k = (s + n - (i % n)) % n;
            vp[k] += r.scores[s] as u64;
            decisions[k] += r.decisions[s] as u64;
            think[k] += r.think_ns[s];
            if r.winner.map(|w| w.index()) == Some(s) {
                wins[k] += 1;
            }
        }
        if r.winner.is_none() {
            unfinished += 1;
        }
    }
    let g = config.games.max(1) as f64;
    let players = (0..n)
        .map(|k| {
            let (lo, hi) = wilson(wins[k], config.games);
            PlayerStats {
                entry: k,
                bot: config.players[k].to_string(),
                wins: wins[k],
                win_rate: wins[k] as f64 / g,
                win_rate_low: lo,
                win_rate_high: hi,
                mean_vp: vp[k] as f64 / g,
                decisions: decisions[k],
                micros_per_decision: think[k] as f64 / 1000.0 / decisions[k].max(1) as f64,
            }
        })
        .collect();
    Ok(TournamentResult {
        config: config.clone(),
        games: config.games,
        unfinished,
        mean_turns: turns as f64 / g,
        players,
    })
}

impl TournamentResult {
    /// One JSON object (the configuration, the totals and one entry per contestant).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("plain data serializes")
    }

    /// CSV with a header and one row per contestant.
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "entry,bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_vp,mean_turns,decisions,micros_per_decision\n",
        );
        for p in &self.players {
            let _ = writeln!(
                s,
                "{},{},{},{},{:.4},{:.4},{:.4},{:.3},{:.2},{},{:.2}",
                p.entry,
                p.bot,
                self.games,
                p.wins,
                p.win_rate,
                p.win_rate_low,
                p.win_rate_high,
                p.mean_vp,
                self.mean_turns,
                p.decisions,
                p.micros_per_decision
            );
        }
        s
    }

    /// A table for people.
    pub fn table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} games, seats rotated; mean length {:.1} turns{}",
            self.games,
            self.mean_turns,
            if self.unfinished > 0 {
                format!(", {} unfinished", self.unfinished)
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            s,
            "{:<3} {:<12} {:>6} {:>8} {:>17} {:>8} {:>12}",
            "#", "bot", "wins", "win %", "95 % CI", "mean VP", "µs/decision"
        );
        for p in &self.players {
            let _ = writeln!(
                s,
                "{:<3} {:<12} {:>6} {:>7.1}% {:>7.1}% – {:>5.1}% {:>8.2} {:>12.1}",
                p.entry,
                p.bot,
                p.wins,
                100.0 * p.win_rate,
                100.0 * p.win_rate_low,
                100.0 * p.win_rate_high,
                p.mean_vp,
                p.micros_per_decision
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 0 of 10: upper end 0.2775; 5 of 10: 0.2366–0.7634.
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
        let (lo, hi) = wilson(5, 10);
        assert!((lo - 0.2366).abs() < 1e-3 && (hi - 0.7634).abs() < 1e-3);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    /// Seats rotate, results add up, and the figures do not depend on the threads.
    #[test]
    fn tournaments_are_reproducible_and_add_up() {
        let config = TournamentConfig {
            games: 8,
            seed: 3,
            threads: 1,
            ..TournamentConfig::new(vec![BotKind::Weighted, BotKind::Random, BotKind::Random])
        };
        let a = run(&config, |_| {}).unwrap();
        let b = run(
            &TournamentConfig {
                threads: 3,
                ..config.clone()
            },
            |_| {},
        )
        .unwrap();
        let strip = |r: &TournamentResult| -> Vec<(u32, f64)> {
            r.players.iter().map(|p| (p.wins, p.mean_vp)).collect()
        };
        assert_eq!(strip(&a), strip(&b));
        assert_eq!(a.mean_turns, b.mean_turns);
        let wins: u32 = a.players.iter().map(|p| p.wins).sum();
        assert_eq!(wins + a.unfinished, 8);
        let csv = a.to_csv();
        assert_eq!(csv.lines().count(), 4);
        let json: serde_json::Value = serde_json::from_str(&a.to_json()).unwrap();
        assert_eq!(json["players"][0]["bot"], "weighted");
    }

    /// Asking for thousands of threads starts no more than the machine has (nor more than
    /// the games), and the figures are those of one thread.
    #[test]
    fn threads_are_clamped() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert!(tournament_threads(3000, 1000) <= cores);
        assert_eq!(tournament_threads(3000, 1), 1);
        assert_eq!(tournament_threads(0, 1000), cores.min(256));
        let config = TournamentConfig {
            games: 3,
            seed: 2,
            threads: 3000,
            ..TournamentConfig::new(vec![BotKind::Random, BotKind::Random])
        };
        let many = run(&config, |_| {}).unwrap();
        let one = run(
            &TournamentConfig {
                threads: 1,
                ..config.clone()
            },
            |_| {},
        )
        .unwrap();
        let wins = |r: &TournamentResult| r.players.iter().map(|p| p.wins).collect::<Vec<_>>();
        assert_eq!(wins(&many), wins(&one));
    }

    /// Bad rules are an error, not a panic.
    #[test]
    fn too_many_contestants_is_an_error() {
        let config = TournamentConfig::new(vec![BotKind::Random; 9]);
        assert!(run(&config, |_| {}).is_err());
    }
}
