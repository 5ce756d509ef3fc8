//! # catan-rules
//!
//! A complete, fast rules engine for the base game of Catan (3–4 players, 2 as a house
//! rule) and its 5–6 player extension (the 30-hex island and the Special Build Phase), built
//! to grow into Seafarers and the Card Game.
//!
//! * [`Rules`] says which game is played; [`Game::new`] deals a board and starts it.
//! * [`Game::legal_actions`] lists every legal [`Action`]; [`Game::apply`] applies one
//!   atomically (on error the game is unchanged) and returns the [`Event`]s it caused.
//! * [`Game::decision`] and [`Game::to_act`] say who must act now (several players at once
//!   while discarding or answering a trade offer).
//! * Chance (dice, steals, card draws) comes from a seeded generator stored in the game, or
//!   from outside ([`ChanceMode::External`]) for a physical table.
//! * Everything is serde JSON: actions, events, errors, rules and boards.
//! * [`action_space::ActionSpace`] numbers every action for masks and integer ids
//!   ([`Game::legal_mask`], [`Game::apply_id`]), for learning agents and search.
//!
//! ```
//! use catan_rules::{Game, Rules, Action};
//!
//! let mut game = Game::new(Rules::default(), 7).unwrap();
//! let mut legal: Vec<Action> = Vec::new();
//! let mut pick = 0usize;
//! while game.winner().is_none() {
//!     game.legal_actions(&mut legal);
//!     // A poor man's random player: always legal, never trading with other players.
//!     let choices: Vec<_> = legal.iter().filter(|a| !a.is_trade_offer()).collect();
//!     pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
//!     let a = *choices[(pick >> 33) as usize % choices.len()];
//!     game.apply(a).unwrap();
//! }
//! assert!(game.points(game.winner().unwrap()) >= 10);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod action;
pub mod action_space;
pub mod agents;
mod bits;
pub mod board;
pub mod cards;
pub mod engine;
pub mod error;
pub mod event;
pub mod game;
pub mod layouts;
pub mod position;
pub mod render;
pub mod rng;
mod roads;
pub mod rules;
pub mod scenario;
pub mod seat;
pub mod sim;
#[cfg(feature = "proptest")]
pub mod strategies;
pub mod types;
pub mod view;

#[cfg(test)]
mod tests;

pub use agents::{batch, bots, determinize, observation, tournament};

pub use action::Action;
pub use board::{Board, BoardSpec, EdgeId, HexId, NodeId};
pub use error::{ParseError, ParseErrorKind, RuleError};
pub use event::{Event, EventSink};
pub use game::{Decision, Game, NewGameError, Phase};
pub use layouts::{Island, MapKind};
pub use position::{LoadError, Position, PositionError, PositionErrors};
pub use render::{describe_event, SvgOptions};
pub use rng::Rng;
pub use rules::{ChanceMode, Rules, RulesError, Vocabulary};
pub use scenario::Scenario;
pub use types::{
    ByDevCard, ByPlayer, ByResource, DevCard, Harbor, Piece, Player, PlayerSet, Resource,
    Resources, Terrain, MAX_PLAYERS,
};
pub use view::PlayerView;

/// The version of this crate (`"X.Y.Z"`, the workspace version), which the C library
/// (`catan_version()`, the header's `CATAN_VERSION_*` macros) and the Python package
/// (`catan_rules.__version__`) report too.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The crate's README (the page of the published crate), compiled and run as a doctest so
/// it cannot drift. The repository's README and `docs/cards.md` are doctested by
/// `catan-ffi`, since this crate's package holds only its own files.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
