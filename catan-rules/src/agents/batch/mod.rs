//! A batched stepper for learning agents: `N` games with the same rules advanced together,
//! one integer action id per game per step, with legal-action masks and fixed-length
//! observation vectors written into caller buffers.
//!
//! ```
//! use catan_rules::{batch::Batch, Rules};
//!
//! let mut env = Batch::new(Rules::default(), 1, 8, 2).unwrap();
//! let (n, words, obs_len) = (env.len(), env.space().words(), env.obs_len());
//! let mut masks = vec![0u64; n * words];
//! let mut obs = vec![0i16; n * obs_len];
//! let (mut ids, mut rewards) = (vec![0u32; n], vec![0f32; n]);
//! let (mut done, mut winners) = (vec![false; n], vec![-1i8; n]);
//! for _ in 0..200 {
//!     env.observe(&mut masks, &mut obs).unwrap();
//!     for (i, id) in ids.iter_mut().enumerate() {
//!         // The first legal id of game i: a very poor player, but always a legal one.
//!         let row = &masks[i * words..(i + 1) * words];
//!         let w = row.iter().position(|&w| w != 0).unwrap();
//!         *id = (w * 64) as u32 + row[w].trailing_zeros();
//!     }
//!     env.step(&ids, &mut rewards, &mut done, &mut winners).unwrap();
//! }
//! ```
//!
//! # Observations with the board
//!
//! [`Batch::observe_board`] (the same as [`Batch::observe_flat`]) writes the acting seat's observation of every game in the
//! [`crate::observation`] encoding (the board, pieces by relative seat, own hand, public
//! counts, bank, deck, phase: [`Game::observation`](crate::Game::observation), [`Batch::layout`] for its length and
//! bounds) as `f32`; [`Batch::observe`] the compact `i16` layout below.
//!
//! # Games, seeds and resets
//!
//! Game `i` starts with seed `seed + i`. When it ends (a win, or [`MAX_TURNS`](crate::sim::MAX_TURNS) turns with
//! no winner) [`Batch::step`] reports it and replaces it at once by a new game, keeping the
//! finished one until the next step for its final observation ([`Batch::final_observation`],
//! [`Batch::finished`]): the `e`-th
//! game played in slot `i` (from 0) has seed `seed + i + e·N` (wrapping), so no two games
//! of a batch share a seed and everything is independent of the thread count. Results
//! never depend on `threads`: each game's work is the same whichever thread does it.
//!
//! # Threads
//!
//! [`Batch::observe`] and the apply phase of [`Batch::step`] split the games into
//! contiguous chunks of at least [`MIN_GAMES_PER_THREAD`] games, run on a rayon pool of
//! `threads` workers that the batch keeps for its whole life (no threads are started per
//! call). The ids are checked on the calling thread first. Handing work to the pool costs a
//! few microseconds per call, so more threads pay off once a call has more than a few
//! dozen games of work (`docs/performance.md`).
//!
//! # Who acts
//!
//! Each game has one **acting seat** at a time, the seat the next id is for:
//!
//! * while discarding after a 7 (several seats owe cards at once), the lowest seat that
//!   still owes cards;
//! * while an offer is open, the lowest seat that has not answered yet, then, once everyone
//!   asked has answered, the offerer (who confirms with a partner or withdraws);
//! * otherwise the current player.
//!
//! The mask of a game is [`Game::legal_mask`](crate::Game::legal_mask) restricted to the acting seat's actions (the
//! per-seat blocks of other seats are cleared), so an agent never decides for another
//! seat and the mask, like the observation, shows only what the acting seat may know
//! (another seat's legal discards would tell its hand). When only one seat may act (almost
//! always) it is exactly [`Game::legal_mask`](crate::Game::legal_mask).
//!
//! A seat that owes a discard makes it one card at a time, one id per card
//! ([`crate::action_space`]), so a mask is never empty while a game is on.
//!
//! The domestic trade offers ([`Block::Offer`](crate::action_space::Block::Offer)) are left out of the masks unless
//! [`Batch::set_offers`] puts them in: random and learning play without them is the
//! default everywhere (the `simulate` example, `catan_rules.simulate`, the C and Python
//! batches and environments), since a random policy that may offer trades rarely finishes
//! a game: 3,000 steps of 64 games (seed 1, uniform random legal ids) finished none with
//! the offers and 156 without.
//!
//! # Both games
//!
//! [`Batch`] is written once over [`BatchGame`], which [`Game`](crate::Game) and
//! [`CardGame`](crate::cards::CardGame) implement: `Batch` is `Batch<Game>`, and
//! `Batch::<CardGame>::with_rules(CardRules::default(), seed, n, threads)` steps Card Games
//! with the same calls ([`Batch::observe_flat`], [`Batch::step`], [`Batch::returns`],
//! [`Batch::final_observation`], [`Batch::set_offers`], seeds and resets as above). In the
//! Card Game the acting seat is the one seat its ids are for (the player whose turn it is,
//! or the seat answering an offer or a pending step), its mask is
//! [`CardGame::legal_mask_for_with`](crate::cards::CardGame::legal_mask_for_with) as bit
//! words, and [`Batch::observe_flat`] writes [`crate::agents::cards_observation`]. A game
//! still on after [`BatchGame::BATCH_MAX_TURNS`] turns (1,000 for the Card Game) is
//! stopped without a winner. The compact `i16` observation ([`Batch::observe`],
//! [`Batch::obs_len`]) and the rest of these notes are the base game's.
//!
//! Card Game rules with external chance are refused ([`BatchError::ExternalChance`]): the
//! Card Game's ids name choices without their outcomes. (The base game's ids name
//! outcomes, so its batch plays external chance by id.)
//!
//! # Observation layout
//!
//! `i16` values, built only from what the acting seat may know (the information of
//! [`Game::view`](crate::Game::view) for that seat). Seats are **relative**: seat `r` is the seat `r` places
//! after the acting seat (`r = 0` is the acting seat itself); "rel" below is a relative seat
//! or `-1` for none. `P` players, `N` nodes, `E` edges (in board id order);
//! [`Batch::obs_len`] `= 47 + 10 P + N + E` (213 on the standard 4-player board; 296 for six
//! players on the 5–6 player island, with its 80 nodes and 109 edges; 286 for five).
//!
//! | index | value |
//! | --- | --- |
//! | 0 | acting seat (absolute seat number) |
//! | 1 | current player (rel) |
//! | 2 | phase: 0 set-up settlement, 1 set-up road, 2 roll, 3 discard, 4 move robber, 5 main, 6 road building, 7 game over, 8 Special Build Phase (the current player is the one building) |
//! | 3 | turn number (0 in set-up) |
//! | 4, 5 | the dice rolled this turn (0, 0 before the roll) |
//! | 6 | the robber's hex id (-1 off the board) |
//! | 7 | a development card was played this turn (0/1) |
//! | 8 | something was built or bought this turn (0/1) |
//! | 9 | Road Building roads still to place |
//! | 10..15 | the bank, by resource (brick, lumber, wool, grain, ore) |
//! | 15 | development cards left in the deck |
//! | 16 | Longest Road holder (rel) |
//! | 17 | Largest Army holder (rel) |
//! | 18..23 | own hand, by resource |
//! | 23..28 | own playable development cards (knight, road building, year of plenty, monopoly, victory point) |
//! | 28..33 | own development cards bought this turn, same order |
//! | 33 | own points, hidden victory point cards included |
//! | 34 | an offer is open (0/1) |
//! | 35 | the offerer (rel) |
//! | 36 | the one seat asked (rel; -1: everyone, or no offer) |
//! | 37..42 | what the offerer gives, by resource |
//! | 42..47 | what the offerer asks for, by resource |
//! | 47 + 10 r + k | relative seat `r`, `k` = 0 public points, 1 resource cards, 2 development cards (bought this turn included), 3 knights played, 4 road length, 5 cards owed to a discard, 6 roads, 7 settlements, 8 cities on the board, 9 answer to the open offer (0 not asked, 1 pending, 2 accepted, 3 rejected, 4 countered) |
//! | 47 + 10 P + n | node `n`: 0 empty, `1 + r` a settlement of seat `r`, `1 + P + r` a city |
//! | 47 + 10 P + N + e | edge `e`: 0 empty, `1 + r` a road of seat `r`, `1 + P + r` a ship of seat `r` (Seafarers) |
//!
//! Counter-offer terms are not included, nor whose turn a Special Build Phase follows (the
//! phase value 8 and the acting seat say who builds now). Values larger than `i16::MAX` (only the turn
//! number could be) are clamped.

use super::{FlatLayout, FlatObservation};
use crate::cards::CardRulesError;
use crate::engine::Engine;
use crate::game::NewGameError;
use crate::types::Player;
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::Arc;

mod board;
mod cards;

#[cfg(test)]
use crate::{action_space::Block, game::Game, rules::Rules};
#[cfg(test)]
use board::id_seat;
pub use board::{acting_seat, write_observation, OBS_HEADER, OBS_PER_SEAT};

/// Why a [`Batch`] call failed. On every error all games are unchanged and no output was
/// written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// A caller slice has the wrong length.
    #[error("`{name}` has length {got}, expected {expected}")]
    Length {
        /// Which argument.
        name: &'static str,
        /// Its length.
        got: usize,
        /// The length needed.
        expected: usize,
    },
    /// The id is not a legal action for the acting seat of game `game`.
    #[error("action id {id} is not legal in game {game} (acting seat {seat})")]
    Illegal {
        /// Which game of the batch.
        game: usize,
        /// The id.
        id: u32,
        /// The seat acting in that game.
        seat: u8,
    },
    /// A batch needs at least one game.
    #[error("a batch needs at least one game")]
    Empty,
    /// More games than [`MAX_BATCH_GAMES`].
    #[error("{games} games asked for, a batch holds at most {MAX_BATCH_GAMES}")]
    TooManyGames {
        /// The count asked for.
        games: usize,
    },
    /// The games could not be allocated.
    #[error("not enough memory for a batch of {games} games")]
    OutOfMemory {
        /// The count asked for.
        games: usize,
    },
    /// The rules cannot be played.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// The Card Game's rules cannot be played.
    #[error(transparent)]
    CardRules(#[from] CardRulesError),
    /// The Card Game's rules take chance from outside: its ids name choices without their
    /// outcomes, so a batch of them could not roll.
    #[error(
        "a batch of Card Games draws its own chance: rules with external chance cannot be batched"
    )]
    ExternalChance,
}

/// What the batch needs of a game beyond [`FlatObservation`] (and so [`Engine`] and
/// [`super::AgentGame`]): how to make one, who acts, the acting seat's mask and ids.
/// Implemented by [`crate::Game`] and [`crate::cards::CardGame`]; [`Batch`] is written
/// once over it.
pub trait BatchGame: FlatObservation {
    /// The rules every game of a batch is played by.
    type Rules: Copy + std::fmt::Debug + Send + Sync;

    /// A game still on after this many turns is stopped without a winner.
    const BATCH_MAX_TURNS: u32;

    /// A new game of `rules` with seed `seed`.
    ///
    /// # Errors
    /// The rules cannot be played.
    fn batch_new(rules: Self::Rules, seed: u64) -> Result<Self, BatchError>;

    /// The seat the next id is for (see the [module notes](self)).
    fn acting_seat(&self) -> Player;

    /// Writes the acting seat's legal ids into `row` (`ceil(space_len / 64)` words, bit
    /// `id % 64` of word `id / 64`), the offers to other seats only if `offers`.
    fn actor_mask(&self, space: &Self::Space, row: &mut [u64], offers: bool);

    /// The action of `id` if it is legal for the acting seat now (an id of a left-out
    /// offer included), else `None`.
    fn decode_acting(&self, space: &Self::Space, id: u32) -> Option<Self::Action>;

    /// The heap memory a game of the batch is reckoned to hold, on a generous estimate,
    /// with what a finished game kept beside its replacement holds.
    fn batch_heap_bytes(&self) -> usize;
}

#[derive(Clone, Debug)]
struct Slot<G: Engine> {
    game: G,
    episode: u64,
    /// The action chosen this step (validated before anything is applied).
    pending: Option<G::Action>,
    /// The game that finished in the last step (replaced by a new one) and the seat that
    /// made its last move, kept for its final observation until the next step.
    finished: Option<(G, Player)>,
}

/// `N` games advanced together (see the [module notes](self)); `G` is the game,
/// [`crate::Game`] unless named.
#[derive(Clone, Debug)]
pub struct Batch<G: BatchGame = crate::Game> {
    rules: G::Rules,
    seed: u64,
    threads: usize,
    /// The worker threads kept for this batch's calls (`None` for one thread).
    pool: Option<Arc<ThreadPool>>,
    space: G::Space,
    layout: G::Layout,
    slots: Vec<Slot<G>>,
    offers: bool,
}

/// Fewest games per thread: below this, spawning a thread costs more than it saves.
pub const MIN_GAMES_PER_THREAD: usize = 32;

/// The most games one batch holds: 2^20 (1,048,576; about 0.5 GB of game state, before the
/// caller's masks and observations).
pub const MAX_BATCH_GAMES: usize = 1 << 20;

/// The worker threads a batch of `n` games keeps when `threads` are asked for: no more
/// than [`crate::sim::useful_threads`] allows (the machine's hardware threads) and than
/// `n` games in chunks of [`MIN_GAMES_PER_THREAD`] can use.
pub fn batch_threads(n: usize, threads: usize) -> usize {
    threads_for(n, crate::sim::useful_threads(threads, n))
}

/// The memory a game of a batch is reckoned to hold: its slot, and twice its board (a
/// finished game is kept beside its replacement until the next step), on a generous
/// estimate ([`Batch::bytes_per_game`]).
/// The memory a game of a batch is reckoned to hold: its slot, and what
/// [`BatchGame::batch_heap_bytes`] reckons (a finished game is kept beside its replacement
/// until the next step), on a generous estimate ([`Batch::bytes_per_game`]).
fn bytes_per_game<G: BatchGame>(g: &G) -> usize {
    size_of::<Slot<G>>() + g.batch_heap_bytes()
}

/// Threads to use for `n` games: at most `threads`, each with at least
/// [`MIN_GAMES_PER_THREAD`] games.
fn pool_for(threads: usize) -> Option<Arc<ThreadPool>> {
    // A pool that cannot be built (no threads to be had) leaves the batch on one thread:
    // results never depend on the thread count.
    (threads > 1)
        .then(|| ThreadPoolBuilder::new().num_threads(threads).build().ok())
        .flatten()
        .map(Arc::new)
}

fn threads_for(n: usize, threads: usize) -> usize {
    threads.clamp(1, n.div_ceil(MIN_GAMES_PER_THREAD).max(1))
}

fn check_len(name: &'static str, got: usize, expected: usize) -> Result<(), BatchError> {
    if got == expected {
        Ok(())
    } else {
        Err(BatchError::Length {
            name,
            got,
            expected,
        })
    }
}

impl<G: BatchGame> Batch<G> {
    /// `n` games of `rules`, game `i` with seed `seed + i`, stepped on up to `threads`
    /// threads (`0` counts as 1; clamped by [`batch_threads`]). For the base game
    /// [`Batch::new`] says the same.
    ///
    /// ```
    /// use catan_rules::batch::Batch;
    /// use catan_rules::cards::{CardGame, CardRules};
    ///
    /// let env = Batch::<CardGame>::with_rules(CardRules::default(), 1, 8, 1).unwrap();
    /// assert_eq!((env.len(), env.players()), (8, 2));
    /// ```
    ///
    /// # Errors
    /// [`BatchError::Empty`] if `n` is 0, [`BatchError::TooManyGames`] if it is over
    /// [`MAX_BATCH_GAMES`], [`BatchError::OutOfMemory`] if the games cannot be allocated,
    /// [`BatchError::NewGame`] or [`BatchError::CardRules`] if the rules cannot be played,
    /// [`BatchError::ExternalChance`] for Card Game rules with external chance.
    pub fn with_rules(
        rules: G::Rules,
        seed: u64,
        n: usize,
        threads: usize,
    ) -> Result<Batch<G>, BatchError> {
        if n == 0 {
            return Err(BatchError::Empty);
        }
        if n > MAX_BATCH_GAMES {
            return Err(BatchError::TooManyGames { games: n });
        }
        let first = G::batch_new(rules, seed)?;
        let space = first.action_space();
        let layout = first.observation_layout();
        // The whole batch is sized before any game is built: games allocate their boards
        // infallibly, so a batch the memory cannot hold is refused here, not aborted
        // halfway (docs/security.md).
        let oom = BatchError::OutOfMemory { games: n };
        let total = bytes_per_game(&first)
            .checked_mul(n)
            .ok_or_else(|| oom.clone())?;
        let mut probe: Vec<u8> = Vec::new();
        probe.try_reserve_exact(total).map_err(|_| oom.clone())?;
        drop(probe);
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| oom)?;
        slots.push(Slot {
            game: first,
            episode: 0,
            pending: None,
            finished: None,
        });
        for i in 1..n {
            slots.push(Slot {
                game: G::batch_new(rules, seed.wrapping_add(i as u64))?,
                episode: 0,
                pending: None,
                finished: None,
            });
        }
        let threads = batch_threads(n, threads);
        let batch = Batch {
            rules,
            seed,
            threads,
            pool: pool_for(threads),
            space,
            layout,
            slots,
            offers: false,
        };
        Ok(batch)
    }

    /// The memory one game of the batch is reckoned to hold (its slot, and its heap twice
    /// over: a finished game is kept beside its replacement). [`Batch::with_rules`]
    /// reserves this much per game before it builds any, and refuses with
    /// [`BatchError::OutOfMemory`] when that fails.
    pub fn bytes_per_game(&self) -> usize {
        bytes_per_game(&self.slots[0].game)
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a batch has at least one game.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The shared action space (for the base game its [`crate::action_space::ActionSpace::words`] per mask).
    pub fn space(&self) -> &G::Space {
        &self.space
    }

    /// Number of action ids: every id is below it.
    pub fn space_len(&self) -> usize {
        G::space_len(&self.space)
    }

    /// `u64` words per mask: `ceil(space_len() / 64)`.
    pub fn mask_words(&self) -> usize {
        self.space_len().div_ceil(64)
    }

    /// Seats per game.
    pub fn players(&self) -> u8 {
        self.slots[0].game.players()
    }

    /// The rules every game is played by.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// The threads used per call.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Changes the threads used per call (`0` counts as 1; clamped by [`batch_threads`]);
    /// results do not change.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = batch_threads(self.slots.len(), threads);
        self.pool = pool_for(self.threads);
    }

    /// Game `i` as it is now.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn game(&self, i: usize) -> &G {
        &self.slots[i].game
    }

    /// The acting seat of every game, game 0 first.
    pub fn acting_seats(&self) -> impl Iterator<Item = Player> + '_ {
        self.slots.iter().map(|s| s.game.acting_seat())
    }

    /// The layout of [`Batch::observe_flat`]'s observations (for the base game the
    /// [`crate::observation`] encoding, with the board; for the Card Game
    /// [`crate::agents::cards_observation`]): length, bounds.
    pub fn layout(&self) -> &G::Layout {
        &self.layout
    }

    /// Writes every game's mask (`len() × mask_words()` words, game `i` at
    /// `i × mask_words()`) and the acting seat's flat observation
    /// ([`FlatObservation::write_observation`]: `len() × layout().len()` values, game `i`
    /// at `i × layout().len()`).
    ///
    /// # Errors
    /// [`BatchError::Length`] if a slice has the wrong length (nothing is written).
    pub fn observe_flat(&self, masks: &mut [u64], obs: &mut [f32]) -> Result<(), BatchError> {
        let (n, words, ol) = (self.len(), self.mask_words(), self.layout.len());
        check_len("masks", masks.len(), n * words)?;
        check_len("obs", obs.len(), n * ol)?;
        let (space, layout, offers) = (&self.space, &self.layout, self.offers);
        let work = |slots: &[Slot<G>], masks: &mut [u64], obs: &mut [f32]| {
            for ((s, m), o) in slots
                .iter()
                .zip(masks.chunks_mut(words))
                .zip(obs.chunks_mut(ol))
            {
                s.game.actor_mask(space, m, offers);
                s.game.write_observation(s.game.acting_seat(), layout, o);
            }
        };
        self.per_game(masks, words, obs, ol, &work);
        Ok(())
    }

    /// Runs `work` over the games in chunks, with each chunk's rows of `masks` (`words` per
    /// game) and `obs` (`ol` per game): on the batch's threads when it has several, else
    /// on this one. The lengths are checked by the caller.
    fn per_game<T: Send, W: Fn(&[Slot<G>], &mut [u64], &mut [T]) + Sync>(
        &self,
        masks: &mut [u64],
        words: usize,
        obs: &mut [T],
        ol: usize,
        work: &W,
    ) {
        let n = self.len();
        let threads = threads_for(n, self.threads);
        match &self.pool {
            Some(pool) if threads > 1 => {
                let c = n.div_ceil(threads);
                pool.install(|| {
                    self.slots
                        .par_chunks(c)
                        .zip(masks.par_chunks_mut(c * words))
                        .zip(obs.par_chunks_mut(c * ol))
                        .for_each(|((s, m), o)| work(s, m, o));
                });
            }
            _ => work(&self.slots, masks, obs),
        }
    }

    /// The game `i` that finished in the last [`Batch::step`] (the batch has already put a
    /// new game in its place) and the seat that made its last move; `None` if game `i`
    /// did not finish in the last step.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn finished(&self, i: usize) -> Option<(&G, Player)> {
        self.slots[i].finished.as_ref().map(|(g, p)| (g, *p))
    }

    /// Writes the final observation (as [`Batch::observe_flat`]) of the game `i` that
    /// finished in the last step, seen by the seat that made its last move; returns
    /// `false` (writing nothing) if game `i` did not finish in the last step.
    ///
    /// # Errors
    /// [`BatchError::Length`] if `out` is not `layout().len()` long.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn final_observation(&self, i: usize, out: &mut [f32]) -> Result<bool, BatchError> {
        check_len("obs", out.len(), self.layout.len())?;
        match &self.slots[i].finished {
            Some((g, p)) => {
                g.write_observation(*p, &self.layout, out);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Writes every seat's return from the last [`Batch::step`], `players` values per game
    /// (`len() × players()`, game `i` at `i × players`, seats in order): for a game
    /// that ended there with a win, +1 for the winner and -1 for every other seat (the
    /// returns of the PettingZoo environment); 0 for every seat of a game still on or
    /// stopped at the turn limit ([`BatchGame::BATCH_MAX_TURNS`]) without a winner.
    /// `step`'s `rewards[i]` is the entry of the seat that made the last move; these
    /// returns give the other seats theirs, for self-play that trains every seat.
    ///
    /// # Errors
    /// [`BatchError::Length`] if `out` has the wrong length (nothing is written).
    pub fn returns(&self, out: &mut [f32]) -> Result<(), BatchError> {
        let p = self.players() as usize;
        check_len("returns", out.len(), self.len() * p)?;
        for (slot, row) in self.slots.iter().zip(out.chunks_exact_mut(p)) {
            let winner = slot.finished.as_ref().and_then(|(g, _)| g.winner());
            for (seat, r) in row.iter_mut().enumerate() {
                *r = match winner {
                    Some(w) if w.0 as usize == seat => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
            }
        }
        Ok(())
    }

    /// Whether the masks include the trade offers to other seats (the base game's
    /// [`crate::action_space::Block::Offer`], the Card Game's `offer`).
    pub fn offers(&self) -> bool {
        self.offers
    }

    /// Puts the trade offers in the masks (`true`) or leaves them out (`false`, the
    /// default); an id of a left-out offer is still applied if legal.
    pub fn set_offers(&mut self, offers: bool) {
        self.offers = offers;
    }

    /// Applies `ids[i]` to game `i` for every game (each id for that game's acting seat,
    /// see the module notes), then writes per game: `rewards[i]` (+1 if the game ended
    /// with a win of the seat that acted, -1 with another seat's win, otherwise 0),
    /// `done[i]` (the game ended and was replaced by a new one) and `winners[i]` (the
    /// winner's seat, -1 for none or not done).
    ///
    /// # Errors
    /// [`BatchError::Length`] for a slice of the wrong length, [`BatchError::Illegal`] for
    /// the first game (lowest index) whose id is not legal for its acting seat. Every id is
    /// checked before any is applied: on error no game changes and nothing is written.
    pub fn step(
        &mut self,
        ids: &[u32],
        rewards: &mut [f32],
        done: &mut [bool],
        winners: &mut [i8],
    ) -> Result<(), BatchError> {
        let n = self.len();
        check_len("ids", ids.len(), n)?;
        check_len("rewards", rewards.len(), n)?;
        check_len("done", done.len(), n)?;
        check_len("winners", winners.len(), n)?;
        let space = &self.space;
        // 1. Check every id (on this thread: cheaper than starting threads), remembering
        //    the decoded action.
        for (i, (slot, &id)) in self.slots.iter_mut().zip(ids).enumerate() {
            slot.pending = slot.game.decode_acting(space, id);
            if slot.pending.is_none() {
                let seat = slot.game.acting_seat().0;
                for s in &mut self.slots[..i] {
                    s.pending = None;
                }
                return Err(BatchError::Illegal { game: i, id, seat });
            }
        }
        // 2. Apply, reset finished games.
        let (seed, stride, rules) = (self.seed, n as u64, self.rules);
        // Applies a chunk of games starting at game `first`.
        let work = |first: usize,
                    slots: &mut [Slot<G>],
                    rewards: &mut [f32],
                    done: &mut [bool],
                    winners: &mut [i8]| {
            for (k, (((slot, reward), done), winner)) in slots
                .iter_mut()
                .zip(rewards.iter_mut())
                .zip(done.iter_mut())
                .zip(winners.iter_mut())
                .enumerate()
            {
                let a = slot.pending.take().expect("checked above");
                // The seat the action names (a discard or an answer names its own).
                let actor = G::actor(&a);
                slot.game.apply_quiet(a).expect("checked legal above");
                let win = slot.game.winner();
                let over = win.is_some() || slot.game.turns() >= G::BATCH_MAX_TURNS;
                *reward = match win {
                    Some(w) if w == actor => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                *done = over;
                *winner = win.map_or(-1, |w| w.0 as i8);
                if over {
                    slot.episode += 1;
                    let s = seed
                        .wrapping_add((first + k) as u64)
                        .wrapping_add(slot.episode.wrapping_mul(stride));
                    let fresh = G::batch_new(rules, s).expect("the rules made the first game");
                    slot.finished = Some((std::mem::replace(&mut slot.game, fresh), actor));
                } else {
                    slot.finished = None;
                }
            }
        };
        let threads = threads_for(n, self.threads);
        match &self.pool {
            Some(pool) if threads > 1 => {
                let c = n.div_ceil(threads);
                pool.install(|| {
                    self.slots
                        .par_chunks_mut(c)
                        .zip(rewards.par_chunks_mut(c))
                        .zip(done.par_chunks_mut(c))
                        .zip(winners.par_chunks_mut(c))
                        .enumerate()
                        .for_each(|(i, (((s, r), d), w))| work(i * c, s, r, d, w))
                })
            }
            _ => work(0, &mut self.slots, rewards, done, winners),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
