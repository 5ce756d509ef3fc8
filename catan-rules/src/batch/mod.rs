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
//! [`Batch::observe_board`] writes the acting seat's observation of every game in the
//! [`crate::observation`] encoding (the board, pieces by relative seat, own hand, public
//! counts, bank, deck, phase: [`Game::observation`], [`Batch::layout`] for its length and
//! bounds) as `f32`; [`Batch::observe`] the compact `i16` layout below.
//!
//! # Games, seeds and resets
//!
//! Game `i` starts with seed `seed + i`. When it ends (a win, or [`MAX_TURNS`] turns with
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
//! The mask of a game is [`Game::legal_mask`] restricted to the acting seat's actions (the
//! per-seat blocks of other seats are cleared), so an agent never decides for another
//! seat and the mask, like the observation, shows only what the acting seat may know
//! (another seat's legal discards would tell its hand). When only one seat may act (almost
//! always) it is exactly [`Game::legal_mask`].
//!
//! A seat that owes a discard makes it one card at a time, one id per card
//! ([`crate::action_space`]), so a mask is never empty while a game is on.
//!
//! The domestic trade offers ([`Block::Offer`]) are left out of the masks unless
//! [`Batch::set_offers`] puts them in: random and learning play without them is the
//! default everywhere (the `simulate` example, `catan_rules.simulate`, the C and Python
//! batches and environments), since a random policy that may offer trades rarely finishes
//! a game: 3,000 steps of 64 games (seed 1, uniform random legal ids) finished none with
//! the offers and 156 without.
//!
//! # Observation layout
//!
//! `i16` values, built only from what the acting seat may know (the information of
//! [`Game::view`] for that seat). Seats are **relative**: seat `r` is the seat `r` places
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

use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::game::{answer, Game, NewGameError, Phase, F_BUILT, NONE};
use crate::observation::ObservationLayout;
use crate::rules::Rules;
use crate::sim::MAX_TURNS;
use crate::types::Player;
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::Arc;

/// Fixed part of the observation (before the per-seat values).
pub const OBS_HEADER: usize = 47;
/// Values per seat in the observation.
pub const OBS_PER_SEAT: usize = 10;

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
}

#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    episode: u64,
    /// The action chosen this step (validated before anything is applied).
    pending: Option<Action>,
    /// The game that finished in the last step (replaced by a new one) and the seat that
    /// made its last move, kept for its final observation until the next step.
    finished: Option<(Game, Player)>,
}

/// `N` games advanced together (see the [module notes](self)).
#[derive(Clone, Debug)]
pub struct Batch {
    rules: Rules,
    seed: u64,
    threads: usize,
    /// The worker threads kept for this batch's calls (`None` for one thread).
    pool: Option<Arc<ThreadPool>>,
    space: ActionSpace,
    obs_len: usize,
    layout: ObservationLayout,
    slots: Vec<Slot>,
    offers: bool,
}

/// The seat the next id of `g` is for (see the module notes).
pub fn acting_seat(g: &Game) -> Player {
    if g.phase == Phase::Discard {
        if let Some(p) = (0..g.rules.players).find(|&p| g.discard[p as usize] > 0) {
            return Player(p);
        }
    }
    if let Some(p) = (0..g.rules.players).find(|&p| g.gold[p as usize] > 0) {
        return Player(p);
    }
    if let Some(o) = &g.offer {
        if let Some(p) = (0..g.rules.players).find(|&p| o.answers[p as usize] == answer::PENDING) {
            return Player(p);
        }
        return Player(o.from);
    }
    Player(g.current)
}

/// The seat an id's action is taken by in `g`.
fn id_seat(space: &ActionSpace, g: &Game, id: u32) -> u8 {
    match space.block_of(id) {
        Some((Block::Accept | Block::Reject, i)) => i as u8,
        Some((Block::Discard | Block::Gold, i)) => (i / 5) as u8,
        _ => g.current,
    }
}

/// Writes the acting seat's mask of `g` into `row` (`space.words()` words), with or
/// without the domestic offers.
fn actor_mask(space: &ActionSpace, g: &Game, row: &mut [u64], offers: bool) {
    g.legal_mask_with(space, row, offers);
    let actor = acting_seat(g).0;
    if g.to_act().len() <= 1 && actor == g.current {
        return;
    }
    for (w, word) in row.iter_mut().enumerate() {
        let mut bits = *word;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            let id = (w * 64) as u32 + b;
            if id_seat(space, g, id) != actor {
                *word &= !(1u64 << b);
            }
        }
    }
}

#[inline]
fn rel(p: u8, actor: u8, players: u8) -> i16 {
    if p == NONE {
        -1
    } else {
        ((p + players - actor) % players) as i16
    }
}

/// Writes the acting seat's observation of `g` into `out` ([`Batch::obs_len`] values).
pub fn write_observation(g: &Game, out: &mut [i16]) {
    let n = g.rules.players;
    let actor = acting_seat(g).0;
    let r = |p: u8| rel(p, actor, n);
    let clamp = |v: u32| v.min(i16::MAX as u32) as i16;
    out.fill(0);
    let me = &g.seats[actor as usize];
    out[0] = actor as i16;
    out[1] = r(g.current);
    out[2] = g.phase as i16;
    out[3] = clamp(g.turn);
    out[4] = g.dice[0] as i16;
    out[5] = g.dice[1] as i16;
    out[6] = if g.robber == NONE {
        -1
    } else {
        g.robber as i16
    };
    out[7] = g.development_card_played() as i16;
    out[8] = (g.flags & F_BUILT != 0) as i16;
    out[9] = g.road_building_left as i16;
    for k in 0..5 {
        out[10 + k] = g.bank.0[k] as i16;
        out[18 + k] = me.hand.0[k] as i16;
        out[23 + k] = me.dev.0[k] as i16;
        out[28 + k] = me.new_dev.0[k] as i16;
    }
    out[15] = clamp(g.deck.0.iter().map(|&c| c as u32).sum());
    out[16] = r(g.longest_road);
    out[17] = r(g.largest_army);
    out[33] = g.points(Player(actor)) as i16;
    out[35] = -1;
    out[36] = -1;
    if let Some(o) = &g.offer {
        out[34] = 1;
        out[35] = r(o.from);
        out[36] = o.to.map_or(-1, r);
        for k in 0..5 {
            out[37 + k] = o.give.0[k] as i16;
            out[42 + k] = o.get.0[k] as i16;
        }
    }
    for p in 0..n {
        let s = &g.seats[p as usize];
        let base = OBS_HEADER + OBS_PER_SEAT * r(p) as usize;
        let v = &mut out[base..base + OBS_PER_SEAT];
        v[0] = g.public_points(Player(p)) as i16;
        v[1] = clamp(s.hand.total());
        v[2] = clamp(s.dev.0.iter().chain(&s.new_dev.0).map(|&c| c as u32).sum());
        v[3] = s.knights as i16;
        v[4] = s.road_len as i16;
        v[5] = g.discard[p as usize] as i16;
        v[6] = s.roads as i16;
        v[7] = s.settlements as i16;
        v[8] = s.cities as i16;
        v[9] = g.offer.as_ref().map_or(0, |o| o.answers[p as usize] as i16);
    }
    let nodes = OBS_HEADER + OBS_PER_SEAT * n as usize;
    let node_count = g.board.nodes().len();
    for (k, slot) in out[nodes..nodes + node_count].iter_mut().enumerate() {
        if let Some((p, city)) = g.building(crate::board::NodeId(k as u8)) {
            *slot = 1 + r(p.0) + if city { n as i16 } else { 0 };
        }
    }
    let edges = nodes + node_count;
    let edge_count = g.board.edges().len();
    for (k, slot) in out[edges..edges + edge_count].iter_mut().enumerate() {
        let e = crate::board::EdgeId(k as u16);
        if let Some(p) = g.road(e) {
            *slot = 1 + r(p.0);
        } else if let Some(p) = g.ship(e) {
            *slot = 1 + r(p.0) + n as i16;
        }
    }
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
fn bytes_per_game(g: &Game) -> usize {
    size_of::<Slot>() + 2 * g.board().heap_bytes()
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

impl Batch {
    /// `n` games of `rules`, game `i` with seed `seed + i`, stepped on up to `threads`
    /// threads (`0` counts as 1; clamped by [`batch_threads`]).
    ///
    /// # Errors
    /// [`BatchError::Empty`] if `n` is 0, [`BatchError::TooManyGames`] if it is over
    /// [`MAX_BATCH_GAMES`], [`BatchError::OutOfMemory`] if the games cannot be allocated,
    /// [`BatchError::NewGame`] if the rules cannot be played.
    pub fn new(rules: Rules, seed: u64, n: usize, threads: usize) -> Result<Batch, BatchError> {
        if n == 0 {
            return Err(BatchError::Empty);
        }
        if n > MAX_BATCH_GAMES {
            return Err(BatchError::TooManyGames { games: n });
        }
        let first = Game::new(rules, seed)?;
        let space = ActionSpace::new(first.board(), rules.players);
        let layout = ObservationLayout::new(&first);
        let obs_len = OBS_HEADER
            + OBS_PER_SEAT * rules.players as usize
            + first.board().nodes().len()
            + first.board().edges().len();
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
                game: Game::new(rules, seed.wrapping_add(i as u64))?,
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
            obs_len,
            layout,
            slots,
            offers: false,
        };
        Ok(batch)
    }

    /// The memory one game of the batch is reckoned to hold (its slot, and twice its board:
    /// a finished game is kept beside its replacement). [`Batch::new`] reserves this much
    /// per game before it builds any, and refuses with [`BatchError::OutOfMemory`] when
    /// that fails.
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

    /// The shared action space (ids, [`ActionSpace::words`] per mask).
    pub fn space(&self) -> &ActionSpace {
        &self.space
    }

    /// Values per observation (see the [module notes](self)).
    pub fn obs_len(&self) -> usize {
        self.obs_len
    }

    /// The rules every game is played by.
    pub fn rules(&self) -> &Rules {
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
    pub fn game(&self, i: usize) -> &Game {
        &self.slots[i].game
    }

    /// The acting seat of every game, game 0 first.
    pub fn acting_seats(&self) -> impl Iterator<Item = Player> + '_ {
        self.slots.iter().map(|s| acting_seat(&s.game))
    }

    /// The layout of [`Batch::observe_board`]'s observations (the
    /// [`crate::observation`] encoding, with the board): length, bounds, planes.
    pub fn layout(&self) -> &ObservationLayout {
        &self.layout
    }

    /// Writes every game's mask (as [`Batch::observe`]) and the acting seat's observation
    /// with the board ([`Game::observation`], [`crate::observation`]: `len() ×
    /// layout().len()` values, game `i` at `i × layout().len()`).
    ///
    /// # Errors
    /// [`BatchError::Length`] if a slice has the wrong length (nothing is written).
    pub fn observe_board(&self, masks: &mut [u64], obs: &mut [f32]) -> Result<(), BatchError> {
        let (n, words, ol) = (self.len(), self.space.words(), self.layout.len());
        check_len("masks", masks.len(), n * words)?;
        check_len("obs", obs.len(), n * ol)?;
        let (space, layout, offers) = (&self.space, &self.layout, self.offers);
        let work = |slots: &[Slot], masks: &mut [u64], obs: &mut [f32]| {
            for ((s, m), o) in slots
                .iter()
                .zip(masks.chunks_mut(words))
                .zip(obs.chunks_mut(ol))
            {
                actor_mask(space, &s.game, m, offers);
                s.game
                    .observation(acting_seat(&s.game), layout, o)
                    .expect("the layout is this batch's");
            }
        };
        self.per_game(masks, words, obs, ol, &work);
        Ok(())
    }

    /// Runs `work` over the games in chunks, with each chunk's rows of `masks` (`words` per
    /// game) and `obs` (`ol` per game): on the batch's threads when it has several, else
    /// on this one. The lengths are checked by the caller.
    fn per_game<T: Send, W: Fn(&[Slot], &mut [u64], &mut [T]) + Sync>(
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
    pub fn finished(&self, i: usize) -> Option<(&Game, Player)> {
        self.slots[i].finished.as_ref().map(|(g, p)| (g, *p))
    }

    /// Writes the final observation (with the board, as [`Batch::observe_board`]) of the
    /// game `i` that finished in the last step, seen by the seat that made its last move;
    /// returns `false` (writing nothing) if game `i` did not finish in the last step.
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
                g.observation(*p, &self.layout, out)
                    .expect("the layout is this batch's");
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Writes every seat's return from the last [`Batch::step`], `players` values per game
    /// (`len() × rules().players`, game `i` at `i × players`, seats in order): for a game
    /// that ended there with a win, +1 for the winner and -1 for every other seat (the
    /// returns of the PettingZoo environment); 0 for every seat of a game still on or
    /// stopped at [`MAX_TURNS`] without a winner. `step`'s `rewards[i]` is the entry of the
    /// seat that made the last move; these returns give the other seats theirs, for
    /// self-play that trains every seat.
    ///
    /// # Errors
    /// [`BatchError::Length`] if `out` has the wrong length (nothing is written).
    pub fn returns(&self, out: &mut [f32]) -> Result<(), BatchError> {
        let p = self.rules.players as usize;
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

    /// Whether the masks include the domestic trade offers ([`Block::Offer`]).
    pub fn offers(&self) -> bool {
        self.offers
    }

    /// Puts the domestic trade offers in the masks (`true`) or leaves them out (`false`, the
    /// default); an id of a left-out offer is still applied if legal.
    pub fn set_offers(&mut self, offers: bool) {
        self.offers = offers;
    }

    /// Writes every game's mask (`len() × space().words()` words, game `i` at
    /// `i × words`) and observation (`len() × obs_len()` values).
    ///
    /// # Errors
    /// [`BatchError::Length`] if a slice has the wrong length (nothing is written).
    pub fn observe(&self, masks: &mut [u64], obs: &mut [i16]) -> Result<(), BatchError> {
        let (n, words) = (self.len(), self.space.words());
        check_len("masks", masks.len(), n * words)?;
        check_len("obs", obs.len(), n * self.obs_len)?;
        let (space, ol, offers) = (&self.space, self.obs_len, self.offers);
        let work = |slots: &[Slot], masks: &mut [u64], obs: &mut [i16]| {
            for ((s, m), o) in slots
                .iter()
                .zip(masks.chunks_mut(words))
                .zip(obs.chunks_mut(ol))
            {
                actor_mask(space, &s.game, m, offers);
                write_observation(&s.game, o);
            }
        };
        self.per_game(masks, words, obs, ol, &work);
        Ok(())
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
            let g = &slot.game;
            let actor = acting_seat(g);
            slot.pending = space.decode(g, id).filter(|a| {
                id_seat(space, g, id) == actor.0
                    && g.is_legal(a)
                    // Only ids the mask lists (maritime trades at their best rate).
                    && !matches!(a, Action::MaritimeTrade { give, rate, .. }
                        if *rate != g.best_rate(actor, *give))
            });
            if slot.pending.is_none() {
                for s in &mut self.slots[..i] {
                    s.pending = None;
                }
                return Err(BatchError::Illegal {
                    game: i,
                    id,
                    seat: actor.0,
                });
            }
        }
        // 2. Apply, reset finished games.
        let (seed, stride, rules) = (self.seed, n as u64, self.rules);
        // Applies a chunk of games starting at game `first`.
        let work = |first: usize,
                    slots: &mut [Slot],
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
                // Discards and answers name their seat; every other action the current
                // player's.
                let actor = a.player();
                slot.game
                    .apply_with(a, &mut ())
                    .expect("checked legal above");
                let win = slot.game.winner();
                let over = win.is_some() || slot.game.turn() >= MAX_TURNS;
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
                    let fresh = Game::new(rules, s).expect("the rules made the first game");
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
