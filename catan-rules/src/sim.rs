//! Random playouts: whole games between players that pick uniformly among the legal
//! actions, summarised, one at a time or many across threads.
//!
//! This is the reusable core of every "simulate N games" tool (the Rust example, the C ABI,
//! the Python package's `simulate`). Results depend only on the rules, the seed and the
//! domestic-trade switch — never on the number of threads:
//!
//! * game `i` of [`simulate`] is [`play_random`]`(rules, seed + i, domestic_trade)`
//!   (wrapping addition);
//! * inside one game the board and all chance come from the game's own generator seeded
//!   with that seed, and the random players' choices from a second generator seeded with
//!   `seed ^ POLICY_SALT`.
//!
//! ```
//! use catan_rules::{sim, Rules};
//!
//! let one = sim::play_random(Rules::default(), 7, false);
//! assert!(one.winner.is_some());
//! let many = sim::simulate(Rules::default(), 4, 7, 2, false);
//! assert_eq!(many[0], one);
//! assert_eq!(many, sim::simulate(Rules::default(), 4, 7, 1, false));
//! ```
//!
//! The loop itself, [`playout`], is written once over [`Engine`]: it plays any game that
//! can list its actions without trade offers and report its events into a sink
//! ([`Playout`], [`ApplyInto`]), so the base game's [`GameSummary`] and the Card Game's
//! counts in `examples/rust/cards_simulate.rs` are two event sinks of one loop.

use crate::action::Action;
use crate::cards::{CardAction, CardEventSink, CardGame};
use crate::engine::Engine;
use crate::event::{Event, EventSink};
use crate::game::{Game, ListingMemo};
use crate::rng::Rng;
use crate::rules::Rules;
use crate::types::Player;
use rayon::prelude::*;
use rayon::ThreadPoolBuilder;
use serde::{Deserialize, Serialize};

/// Mixed into a game's seed to seed the random players' choices.
pub const POLICY_SALT: u64 = 0x005e_ed0f_7a11_5eed;

/// A game not won after this many turns is stopped and reported without a winner (a safety
/// net: random play ends long before it).
pub const MAX_TURNS: u32 = 10_000;

/// What happened in one random game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's seed.
    pub seed: u64,
    /// The winner (`None` only if the game was stopped at [`MAX_TURNS`]).
    pub winner: Option<Player>,
    /// Turns played after set-up (the number of the last turn).
    pub turns: u32,
    /// Actions applied, set-up included.
    pub actions: u32,
    /// Final points of every seat, hidden victory point cards included.
    pub scores: Vec<u8>,
    /// 7s rolled.
    pub sevens: u32,
    /// Cards stolen with the robber or a knight.
    pub steals: u32,
    /// Discards after a 7 (one per player discarding).
    pub discards: u32,
    /// Productions where the bank could not pay everyone.
    pub shortages: u32,
    /// Times Longest Road changed hands or was set aside.
    pub longest_road_changes: u32,
    /// Times Largest Army changed hands.
    pub largest_army_changes: u32,
    /// Domestic trades made.
    pub trades: u32,
    /// Maritime trades made.
    pub maritime_trades: u32,
}

impl EventSink for GameSummary {
    #[inline]
    fn push(&mut self, e: Event) {
        match e {
            Event::DiceRolled { total: 7, .. } => self.sevens += 1,
            Event::Stole { .. } => self.steals += 1,
            Event::Discarded { .. } => self.discards += 1,
            Event::Shortage { .. } => self.shortages += 1,
            Event::LongestRoadChanged { .. } => self.longest_road_changes += 1,
            Event::LargestArmyChanged { .. } => self.largest_army_changes += 1,
            Event::Traded { .. } => self.trades += 1,
            Event::MaritimeTraded { .. } => self.maritime_trades += 1,
            _ => {}
        }
    }
}

/// What a random playout needs from a game beyond [`Engine`].
pub trait Playout: Engine {
    /// The number of the turn being played (what [`Limits::max_turns`] counts).
    fn turn_number(&self) -> u32;

    /// What a loop keeps beside its action buffer from one listing to the next (the base
    /// game's [`ListingMemo`]; `()` for a game that keeps nothing).
    type Memo: Default;

    /// Writes the legal actions into `out` (cleared first), in the order of
    /// [`Engine::legal_actions`], leaving out offers of trade between players when
    /// `offers` is false (the other actions, answers included, stay). `memo` changes only
    /// how fast: the list is the same whatever it holds.
    fn playout_actions(&self, offers: bool, memo: &mut Self::Memo, out: &mut Vec<Self::Action>);
}

/// A game that reports the events of an action into a sink of type `S` as it applies it:
/// how a playout keeps its game's own rule counts.
pub trait ApplyInto<S>: Engine {
    /// Applies `action`, reporting its events into `sink`; `false` when the action is
    /// refused (nothing changes and nothing is reported: [`Engine::apply`] says why). A
    /// playout needs no more, and a bare flag costs the hot loop nothing to drop.
    ///
    /// The action is taken by reference, where it lies in the list it was chosen from: a
    /// listing writes an action a field at a time, and reading it back whole right after
    /// (a copy) waits for those writes to reach the cache, where reading the fields one
    /// by one does not.
    fn apply_into(&mut self, action: &Self::Action, sink: &mut S) -> bool;

    /// Applies `action`, just listed as legal in this very state, without checking it
    /// again (the game's `apply_legal`; a debug build still checks). An action that is not
    /// legal here leaves the game in an unspecified state.
    fn apply_listed(&mut self, action: &Self::Action, sink: &mut S);
}

impl Playout for Game {
    #[inline]
    fn turn_number(&self) -> u32 {
        self.turn()
    }

    type Memo = ListingMemo;

    #[inline]
    fn playout_actions(&self, offers: bool, memo: &mut ListingMemo, out: &mut Vec<Action>) {
        if offers {
            self.legal_actions_with(memo, out);
        } else {
            // The same list as enumerating everything and dropping the offers.
            self.legal_actions_without_offers_with(memo, out);
        }
    }
}

impl<S: EventSink> ApplyInto<S> for Game {
    #[inline]
    fn apply_into(&mut self, action: &Action, sink: &mut S) -> bool {
        self.apply_in_place(action, sink)
    }

    #[inline]
    fn apply_listed(&mut self, action: &Action, sink: &mut S) {
        self.apply_legal(*action, sink);
    }
}

impl Playout for CardGame {
    fn turn_number(&self) -> u32 {
        u32::from(self.turn())
    }

    type Memo = ();

    fn playout_actions(&self, offers: bool, (): &mut (), out: &mut Vec<CardAction>) {
        self.legal_actions(out);
        if !offers {
            out.retain(|a| !a.is_offer());
        }
    }
}

impl<S: CardEventSink> ApplyInto<S> for CardGame {
    fn apply_into(&mut self, action: &CardAction, sink: &mut S) -> bool {
        self.apply_with(*action, sink).is_ok()
    }

    fn apply_listed(&mut self, action: &CardAction, sink: &mut S) {
        self.apply_legal(*action, sink);
    }
}

/// How [`playout`] plays: which actions it lists, whether it checks them again, and when
/// it stops a game that has no winner yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// List offers of trade between players (with `false` every other action, answers
    /// included, stays in the choice).
    pub offers: bool,
    /// Check every chosen action again as it is applied ([`ApplyInto::apply_into`]);
    /// `false` applies it as listed ([`ApplyInto::apply_listed`]).
    pub checked: bool,
    /// Stop once the turn number reaches this.
    pub max_turns: u32,
    /// Stop after this many actions.
    pub max_actions: u32,
}

impl Default for Limits {
    /// Every action listed, every action checked, no limit.
    fn default() -> Limits {
        Limits {
            offers: true,
            checked: true,
            max_turns: u32::MAX,
            max_actions: u32::MAX,
        }
    }
}

/// Plays `game` on with a random player until it has a winner or reaches a limit:
/// at every step the legal actions (without offers of trade between players unless
/// `limits.offers`) go into `legal`, `choose` picks the index of one, and it is applied
/// with its events reported into `sink`. Returns the number of actions applied. A game
/// that lists no action, or refuses one it listed, stops there (reported unfinished rather
/// than a panic).
///
/// ```
/// use catan_rules::cards::{CardEvent, CardEventSink, CardGame, CardRules};
/// use catan_rules::sim::{playout, Limits};
///
/// /// The Card Game's cards laid, counted from its events.
/// #[derive(Default)]
/// struct Built(u32);
/// impl CardEventSink for Built {
///     fn push(&mut self, e: CardEvent) {
///         if let CardEvent::Built { .. } = e {
///             self.0 += 1;
///         }
///     }
/// }
///
/// let mut game = CardGame::new(CardRules::default(), 3);
/// let (mut legal, mut built, mut k) = (Vec::new(), Built::default(), 0usize);
/// let limits = Limits { offers: false, max_actions: 100_000, ..Limits::default() };
/// let actions = playout(&mut game, limits, &mut legal, &mut built, |l| {
///     k = k.wrapping_mul(31).wrapping_add(7);
///     k % l.len()
/// });
/// assert!(game.winner().is_some() && actions > 0 && built.0 > 0);
/// ```
pub fn playout<E, S>(
    game: &mut E,
    limits: Limits,
    legal: &mut Vec<E::Action>,
    sink: &mut S,
    choose: impl FnMut(&[E::Action]) -> usize,
) -> u32
where
    E: Playout + ApplyInto<S>,
{
    playout_with(game, limits, legal, &mut E::Memo::default(), sink, choose)
}

/// [`playout`] with the loop's [`Playout::Memo`] kept by the caller (beside `legal`), so
/// that one memo serves game after game. The games played are the same as with
/// [`playout`].
pub fn playout_with<E, S>(
    game: &mut E,
    limits: Limits,
    legal: &mut Vec<E::Action>,
    memo: &mut E::Memo,
    sink: &mut S,
    mut choose: impl FnMut(&[E::Action]) -> usize,
) -> u32
where
    E: Playout + ApplyInto<S>,
{
    let mut actions = 0;
    while game.winner().is_none()
        && game.turn_number() < limits.max_turns
        && actions < limits.max_actions
    {
        game.playout_actions(limits.offers, memo, legal);
        if legal.is_empty() {
            break;
        }
        let a = &legal[choose(legal)];
        if !limits.checked {
            game.apply_listed(a, sink);
        } else if !game.apply_into(a, sink) {
            break;
        }
        actions += 1;
    }
    actions
}

/// Plays one game with `seed` between uniformly random players and summarises it.
///
/// With `domestic_trade` false the players never offer trades to each other (the other
/// actions, answers included, stay in the choice). Invalid rules (see [`Rules::validate`])
/// give a summary with no winner, no actions and no scores.
///
/// ```
/// use catan_rules::{sim, Rules};
/// let s = sim::play_random(Rules { players: 3, ..Rules::default() }, 1, true);
/// assert_eq!(s.scores.len(), 3);
/// assert!(s.scores[s.winner.unwrap().index()] >= 10);
/// ```
pub fn play_random(rules: Rules, seed: u64, domestic_trade: bool) -> GameSummary {
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    play_with_buffer(
        rules,
        seed,
        domestic_trade,
        &mut legal,
        &mut ListingMemo::new(),
    )
}

fn play_with_buffer(
    rules: Rules,
    seed: u64,
    domestic_trade: bool,
    legal: &mut Vec<Action>,
    memo: &mut ListingMemo,
) -> GameSummary {
    let mut summary = GameSummary {
        seed,
        ..GameSummary::default()
    };
    let Ok(mut game) = Game::new(rules, seed) else {
        return summary;
    };
    let mut policy = Rng::new(seed ^ POLICY_SALT);
    let limits = Limits {
        offers: domestic_trade,
        max_turns: MAX_TURNS,
        ..Limits::default()
    };
    summary.actions = playout_with(&mut game, limits, legal, memo, &mut summary, |l| {
        policy.below(l.len() as u32) as usize
    });
    summary.winner = game.winner();
    summary.turns = game.turn();
    summary.scores = game.scores();
    summary
}

/// The most games one [`simulate`] / [`try_simulate`] call plays: 2^24 (16,777,216), whose
/// summaries take about 1.3 GB. Call again for more.
pub const MAX_GAMES: usize = 1 << 24;

/// Why [`try_simulate`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// More games than [`MAX_GAMES`].
    #[error("{games} games asked for, at most {MAX_GAMES} per call")]
    TooManyGames {
        /// The count asked for.
        games: usize,
    },
    /// The summaries could not be allocated.
    #[error("not enough memory for {games} game summaries")]
    OutOfMemory {
        /// The count asked for.
        games: usize,
    },
}

/// The worker threads worth starting for `jobs` independent jobs when `asked` were asked
/// for: at least 1, and no more than the jobs, the machine's hardware threads, or 256 —
/// more only adds start-up cost and memory.
pub fn useful_threads(asked: usize, jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.clamp(1, jobs.clamp(1, cores.min(256)))
}

/// Plays `games` random games (game `i` with seed `seed + i`) on up to `threads` threads
/// and returns their summaries in game order. The result does not depend on `threads`.
///
/// `threads` is clamped by [`useful_threads`] (`0` counts as 1; more than one runs on a
/// rayon pool made for the call).
///
/// # Panics
/// When [`try_simulate`] fails: more than [`MAX_GAMES`] games, or no memory for their
/// summaries. Use [`try_simulate`] where a count comes from outside.
pub fn simulate(
    rules: Rules,
    games: usize,
    seed: u64,
    threads: usize,
    domestic_trade: bool,
) -> Vec<GameSummary> {
    match try_simulate(rules, games, seed, threads, domestic_trade) {
        Ok(v) => v,
        Err(e) => panic!("simulate: {e}"),
    }
}

/// Like [`simulate`], refusing a count over [`MAX_GAMES`] and reporting a failed
/// allocation instead of aborting the process.
///
/// # Errors
/// [`SimulateError`].
pub fn try_simulate(
    rules: Rules,
    games: usize,
    seed: u64,
    threads: usize,
    domestic_trade: bool,
) -> Result<Vec<GameSummary>, SimulateError> {
    if games > MAX_GAMES {
        return Err(SimulateError::TooManyGames { games });
    }
    let mut out: Vec<GameSummary> = Vec::new();
    out.try_reserve_exact(games)
        .map_err(|_| SimulateError::OutOfMemory { games })?;
    out.resize(games, GameSummary::default());
    let threads = useful_threads(threads, games);
    let play_chunk = |first: usize, slots: &mut [GameSummary]| {
        let (mut legal, mut memo) = (Vec::with_capacity(256), ListingMemo::new());
        for (k, slot) in slots.iter_mut().enumerate() {
            let s = seed.wrapping_add((first + k) as u64);
            *slot = play_with_buffer(rules, s, domestic_trade, &mut legal, &mut memo);
        }
    };
    if threads == 1 {
        play_chunk(0, &mut out);
        return Ok(out);
    }
    // A rayon pool of `threads` workers for this call. The games go out in chunks of a few
    // dozen, so that a worker that finishes early takes more (games differ in length).
    // Each game depends on its seed alone, so who plays it changes nothing.
    let chunk = games.div_ceil(threads * 8).clamp(1, 64);
    match ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| {
            out.par_chunks_mut(chunk)
                .enumerate()
                .for_each(|(i, slots)| play_chunk(i * chunk, slots));
        }),
        // No threads to be had: the same games on this one.
        Err(_) => play_chunk(0, &mut out),
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::MapKind;

    #[test]
    fn deterministic_regardless_of_threads() {
        let rules = Rules {
            map: MapKind::Beginner,
            ..Rules::default()
        };
        let one = simulate(rules, 7, 11, 1, true);
        for t in [0, 2, 3, 7, 16] {
            assert_eq!(simulate(rules, 7, 11, t, true), one, "{t} threads");
        }
        for (i, s) in one.iter().enumerate() {
            assert_eq!(*s, play_random(rules, 11 + i as u64, true));
        }
        // Enough games for several chunks per worker, without domestic trade.
        let many = simulate(Rules::default(), 90, 5, 1, false);
        assert_eq!(simulate(Rules::default(), 90, 5, 2, false), many);
        assert_eq!(simulate(Rules::default(), 90, 5, 3, false), many);
        assert_eq!(many[89], play_random(Rules::default(), 94, false));
    }

    /// The one playout loop plays the Card Game too: checked and as-listed give the same
    /// game, the limits stop it, and without offers no offer is made (its rule counts are
    /// the caller's event sink).
    #[test]
    fn one_loop_plays_the_card_game() {
        use crate::cards::{CardEvent, CardRules};
        #[derive(Default)]
        struct Offers(u32);
        impl CardEventSink for Offers {
            fn push(&mut self, e: CardEvent) {
                if let CardEvent::Offered { .. } = e {
                    self.0 += 1;
                }
            }
        }
        let play = |limits: Limits| {
            let mut game = CardGame::new(CardRules::default(), 21);
            let (mut legal, mut offers, mut policy) = (Vec::new(), Offers::default(), Rng::new(4));
            let n = playout(&mut game, limits, &mut legal, &mut offers, |l| {
                policy.below(l.len() as u32) as usize
            });
            (game, n, offers.0)
        };
        let (checked, n, offers) = play(Limits::default());
        assert!(checked.winner().is_some() && n > 0 && offers > 0);
        let (listed, m, _) = play(Limits {
            checked: false,
            ..Limits::default()
        });
        assert_eq!((listed.to_json(), m), (checked.to_json(), n));
        let (short, k, _) = play(Limits {
            max_actions: 10,
            ..Limits::default()
        });
        assert_eq!((short.winner(), k), (None, 10));
        let (no_offers, _, offers) = play(Limits {
            offers: false,
            ..Limits::default()
        });
        assert!(no_offers.winner().is_some());
        assert_eq!(offers, 0);
    }

    #[test]
    fn summaries_add_up() {
        for s in simulate(Rules::default(), 5, 3, 2, false) {
            let w = s.winner.expect("random games end");
            assert!(s.scores[w.index()] >= 10);
            assert!(s.turns > 0 && s.actions > s.turns);
            assert_eq!(s.trades, 0, "no domestic trade offered");
            assert!(s.discards <= 4 * s.sevens);
        }
    }

    #[test]
    fn invalid_rules_give_an_empty_summary() {
        let s = play_random(
            Rules {
                players: 9,
                ..Rules::default()
            },
            1,
            false,
        );
        assert_eq!(s.winner, None);
        assert_eq!(s.actions, 0);
        assert!(simulate(Rules::default(), 0, 1, 4, false).is_empty());
    }

    /// A huge count is refused with an error instead of aborting the process on a failed
    /// allocation (`simulate(usize::MAX, ...)` used to).
    #[test]
    fn huge_counts_are_refused() {
        for games in [MAX_GAMES + 1, usize::MAX / 2, usize::MAX] {
            assert_eq!(
                try_simulate(Rules::default(), games, 1, 4, false),
                Err(SimulateError::TooManyGames { games })
            );
        }
    }

    /// Threads are clamped to the jobs and the machine: 2,001 threads are never started
    /// for four games.
    #[test]
    fn threads_are_clamped_to_what_helps() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(useful_threads(2001, 4), 4.min(cores));
        assert_eq!(useful_threads(0, 4), 1);
        assert_eq!(useful_threads(usize::MAX, usize::MAX), cores.min(256));
        assert_eq!(useful_threads(3, 0), 1);
    }

    /// The smallest discard limit: every 7 against a two-card hand asks for one card, and
    /// random games end (a limit of 0 is refused; it once stalled games and panicked here).
    #[test]
    fn the_smallest_discard_limit_plays_to_the_end() {
        let rules = Rules {
            discard_limit: 1,
            ..Rules::default()
        };
        for s in simulate(rules, 20, 60, 2, false) {
            assert!(s.winner.is_some(), "seed {}", s.seed);
        }
        let refused = Rules {
            discard_limit: 0,
            ..Rules::default()
        };
        assert_eq!(play_random(refused, 60, false).actions, 0);
    }
}
