//! The agent layer: bots, determinization, observations and tournaments, over the one
//! engine interface.
//!
//! The crate is layered: the rules of each game ([`crate::game`] for the base game and its
//! extensions, [`crate::cards`] for the Card Game), the one interface every skin drives them
//! through ([`crate::engine::Engine`]), and the agents over it (this module). What an agent
//! needs beyond [`Engine`] is named by [`AgentGame`]: a seat's own choices, a game drawn
//! from what one seat knows, a value of a position, and a few facts a match reads. Both
//! games implement it; the bots ([`bots`]), matches ([`bots::play_match_of`]) and
//! tournaments ([`tournament`]) are written once over it, so a third game needs no new
//! agent code.
//!
//! | piece | what it is | games |
//! | --- | --- | --- |
//! | [`AgentGame`] | what agents need beyond [`Engine`] | both |
//! | [`bots`] | random, weighted, greedy and search bots over [`AgentGame`], behind a [`bots::Perspective`] that shows one seat's view only | both |
//! | [`determinize`] | the base game's draw of a game from one seat's view ([`crate::Game::resample_hidden`]) | base game |
//! | [`cards`] | the Card Game's draw of a game from one seat's view and its value of a position | Card Game |
//! | [`observation`] | flat observations with the board, their layout and bounds | base game |
//! | [`cards_observation`] | the Card Game's flat observation of one seat's view, its layout and bounds | Card Game |
//! | [`tournament`] | seat-rotated tournaments with 95 % intervals | both |
//! | [`FlatObservation`] | a flat `f32` observation of one seat's view and its layout ([`FlatLayout`]: length, bounds) | both |
//! | [`batch`] | many games stepped together: masks, observations, rewards, returns, auto-reset, threads ([`batch::BatchGame`]) | both |
//!
//! The module paths `catan_rules::batch`, `catan_rules::bots`, `catan_rules::determinize`,
//! `catan_rules::observation` and `catan_rules::tournament` stay as re-exports.

pub mod batch;
mod board;
pub mod bots;
pub mod cards;
pub mod cards_observation;
pub mod determinize;
pub mod observation;
pub mod tournament;

use crate::engine::Engine;
use crate::rng::Rng;
use crate::types::Player;

/// What agents need of a game beyond [`Engine`]. Implemented by [`crate::Game`] and
/// [`crate::cards::CardGame`].
///
/// Every method that a bot reaches through a [`bots::Perspective`] answers from what one
/// seat may know: [`AgentGame::choices`] lists the seat's own choices (with external chance
/// without their outcomes), and [`AgentGame::determinize`] draws the hidden information
/// afresh. [`AgentGame::value`] and [`AgentGame::weight`] are read on determinized samples
/// only.
pub trait AgentGame: Engine {
    /// Most turns a match plays before stopping without a winner.
    const MATCH_MAX_TURNS: u32;

    /// Whether `action` offers a trade to another seat. Bots never make offers (they
    /// answer them).
    fn is_offer(action: &Self::Action) -> bool;

    /// The seat that acts in `action`.
    fn actor(action: &Self::Action) -> Player;

    /// Writes `seat`'s choices now into `out` (cleared first): its legal actions, offers
    /// left out, and with external chance each choice once, without its outcome (the
    /// referee adds it). Empty when `seat` has nothing to do.
    fn choices(&self, seat: Player, out: &mut Vec<Self::Action>);

    /// Writes every seat's legal actions, offers left out, into `out` (cleared first): the
    /// list a playout draws from, on a determinized sample (whose chance is seeded).
    fn sample_actions(&self, out: &mut Vec<Self::Action>);

    /// A game drawn at random among those `seat` cannot tell apart from this one: `seat`'s
    /// view of it equals its view of this game, it is a valid game, and it draws its own
    /// chance (with a generator seeded from `rng`) even when this game's chance comes from
    /// outside.
    fn determinize(&self, seat: Player, rng: &mut Rng) -> Self;

    /// Applies an action listed by [`AgentGame::choices`] or [`AgentGame::sample_actions`]
    /// on a sample (a legal action: the fast path without a check where the game has one).
    fn apply_listed(&mut self, action: Self::Action);

    /// The value of the position for `p`, in "points × 100": the greedy bot maximises it,
    /// the search bot scores its playouts with it. Read on a determinized sample, it uses
    /// only `p`'s own cards and public facts.
    fn value(&self, p: Player) -> f64;

    /// The weight of an action's kind for the weighted random bot and weighted playouts
    /// (building first, ending the turn last).
    fn weight(action: &Self::Action) -> f64;

    /// A number for the kind of `action` ([`AgentGame::weight`] is per kind): the weighted
    /// bot draws a kind, then an action of that kind uniformly. Below 32.
    fn kind(action: &Self::Action) -> usize;

    /// The search bot's budget and shape for this game: [`bots::SearchBot::new`] and the
    /// `search` and `search:N` bots ([`bots::BotKind`]) start from it (`search:N` sets the
    /// playouts, `search:Nms` the time budget). By default [`bots::SearchConfig::default`].
    fn search_config() -> bots::SearchConfig {
        bots::SearchConfig::default()
    }

    /// Turns played so far.
    fn turns(&self) -> u32;

    /// Every seat's points (hidden ones included): the score of a finished match.
    fn scores(&self) -> Vec<u8>;
}

/// The length and bounds of a flat observation ([`FlatObservation`]): fixed for a game's
/// setting (its board and seats), the same for every game of it.
pub trait FlatLayout {
    /// Values per observation.
    fn len(&self) -> usize;

    /// Whether an observation has no values (never, for the layouts of this crate).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The upper bound of every value (every lower bound is 0), [`FlatLayout::len`] of
    /// them.
    fn high(&self) -> &[f32];
}

/// A flat `f32` observation of what one seat may know, with its layout: what a learning
/// agent reads, alike for every game. Implemented by [`crate::Game`] (the
/// [`observation`] encoding, with the board) and [`crate::cards::CardGame`]
/// ([`cards_observation`]); the batch ([`batch::Batch::observe_flat`]) writes it for
/// either.
pub trait FlatObservation: AgentGame {
    /// The layout of this game's observations.
    type Layout: FlatLayout + Clone + std::fmt::Debug + Send + Sync;

    /// The layout of this game's setting: it serves every game with the same setting.
    fn observation_layout(&self) -> Self::Layout;

    /// Writes `seat`'s observation into `out`, built only from what `seat` may know.
    ///
    /// # Panics
    /// If `layout` is not this game's setting's, `out` is not `layout.len()` long or
    /// `seat` is not at the table (the batch checks all three before it calls).
    fn write_observation(&self, seat: Player, layout: &Self::Layout, out: &mut [f32]);
}
