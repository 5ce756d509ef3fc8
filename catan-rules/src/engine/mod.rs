//! [`Engine`]: the one interface every skin can drive a game through, whichever game it
//! is.
//!
//! The C library, the Python package, the simulator and the batch runner each need the
//! same few things from a game: make one from rules JSON and a seed, ask who acts, list and
//! apply legal actions (as values, JSON or integer ids), show one seat what it may know,
//! save and load a position, and read the result. [`Engine`] names exactly those. The base
//! game ([`Game`]) and the 1996 Card Game ([`crate::cards::CardGame`]) implement it, so a
//! skin written against [`Engine`] serves both. See `docs/architecture.md`.
//!
//! Chance comes from the seeded generator inside the game, or from outside: with
//! `"chance": "external"` in the rules every chance outcome (dice, a stolen card, a card
//! drawn) travels inside the action that causes it, and [`Engine::legal_actions`] lists one
//! action per possible outcome, so a table, a referee or a search picks the outcome.
//!
//! The [`json`] module is the one body of every JSON entry point written over the trait
//! (new game, legal actions, apply, check, the seat-scoped calls, views, events, positions),
//! which the C library calls for both games.
//!
//! ```
//! use catan_rules::engine::Engine;
//! use catan_rules::Game;
//!
//! /// Plays any engine's game to its end, always taking the first legal action that is
//! /// not a trade offer (a skin-independent random player would pick at random).
//! fn first_legal<E: Engine>(mut game: E, is_offer: impl Fn(&E::Action) -> bool) -> E {
//!     let mut legal = Vec::new();
//!     let mut events = Vec::new();
//!     let mut steps = 0;
//!     while game.winner().is_none() && steps < 20_000 {
//!         game.legal_actions(&mut legal);
//!         let a = *legal.iter().find(|a| !is_offer(a)).unwrap_or(&legal[0]);
//!         game.apply(a, &mut events).unwrap();
//!         steps += 1;
//!     }
//!     game
//! }
//!
//! let game = <Game as Engine>::from_rules_json(r#"{"players": 3}"#, 7).unwrap();
//! let done = first_legal(game, |a| a.is_trade_offer());
//! let returns = done.returns();
//! assert_eq!(returns.iter().sum::<f64>(), if done.winner().is_some() { 1.0 } else { 0.0 });
//! ```

pub mod json;

use crate::action::Action;
use crate::action_space::{ActionSpace, IdError, IdsOut};
use crate::error::{ParseError, RuleError};
use crate::event::Event;
use crate::game::{Game, NewGameError};
use crate::position::LoadError;
use crate::rules::{ChanceMode, Rules};
use crate::types::{Player, PlayerSet};
use crate::view::PlayerView;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A game as every skin sees it: rules JSON and a seed in; who acts; legal actions as
/// values, JSON or ids; apply; a seat's view; positions in and out; the result.
///
/// Implemented by [`Game`] (the base game) and [`crate::cards::CardGame`]. Everything on
/// the hot path ([`Engine::legal_actions`], [`Engine::apply`], [`Engine::legal_ids`],
/// [`Engine::apply_id`]) writes into the caller's buffers and allocates nothing once they
/// have grown.
///
/// Every method that takes input from outside returns [`Engine::Error`] on bad input and
/// leaves the game unchanged.
pub trait Engine: Clone + Send + Sync + Sized + 'static {
    /// The game's name, as skins report it (`"catan"` for the base game).
    const NAME: &'static str;
    /// The most seats a game of this kind has: the seats `0..MAX_SEATS` are the viewers
    /// [`Engine::events_for`] accepts when no game is at hand.
    const MAX_SEATS: u8;
    /// One action (its JSON form is the wire format).
    type Action: Copy + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One thing that happened, as [`Engine::apply`] reports it (and as a skin reads it back
    /// to redact it for a seat).
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one seat (or a spectator) may know.
    type View: Serialize;
    /// The fixed integer numbering of actions for one game's setting (board and seats).
    type Space: Clone + Debug + Send + Sync;
    /// Why an input was refused (malformed JSON among the reasons).
    type Error: std::error::Error + Serialize + From<serde_json::Error> + Send + Sync + 'static;

    /// A new game from rules JSON (`{}` is the default game) with all seeded chance drawn
    /// from `seed`.
    ///
    /// # Errors
    /// Malformed rules JSON, or rules that cannot be played.
    fn from_rules_json(rules: &str, seed: u64) -> Result<Self, Self::Error>;

    /// Number of seats.
    fn players(&self) -> u8;

    /// Everyone who may act now: one seat, several at once (answering a trade, discarding),
    /// or nobody once the game is over. With external chance, also nobody while the
    /// outcome to supply belongs to no seat's action (the Card Game's choice of starting
    /// player): [`Engine::legal_actions`] then lists the outcomes.
    fn to_act(&self) -> PlayerSet;

    /// Whether chance outcomes come from outside, inside the actions (see the
    /// [module notes](self)).
    fn external_chance(&self) -> bool;

    /// Writes every legal action into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// An action from its JSON form (context-free: legality is checked on apply).
    ///
    /// # Errors
    /// Malformed JSON.
    fn parse_action(json: &str) -> Result<Self::Action, Self::Error>;

    /// Applies `action`, appending the events it caused to `events`.
    ///
    /// # Errors
    /// The rule the action breaks; the game and `events` are then unchanged.
    fn apply(
        &mut self,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Applies `action` and drops its events (a game builds none where it can: the fast
    /// path of a skin that does not want them).
    ///
    /// # Errors
    /// As [`Engine::apply`]; the game is then unchanged.
    fn apply_quiet(&mut self, action: Self::Action) -> Result<(), Self::Error> {
        self.apply(action, &mut Vec::new())
    }

    /// Checks `action` without applying it: `Ok` exactly when [`Engine::apply`] would
    /// succeed. The referee's check: it answers about any seat's action.
    ///
    /// # Errors
    /// The rule the action breaks.
    fn check(&self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Checks `action` as seat `seat` sends it: another seat's action is refused before the
    /// game is looked at, and no error names what `seat` may not know. With external
    /// chance the action is the seat's choice, its outcome not looked at.
    ///
    /// # Errors
    /// The seat's action is not its own, or breaks a rule.
    fn check_as(&self, seat: Player, action: &Self::Action) -> Result<(), Self::Error>;

    /// Applies an action seat `seat` sent: refused as by [`Engine::check_as`] first, then
    /// applied as by [`Engine::apply`] (which, with external chance, needs the outcome the
    /// referee added). The events are the referee's record, unredacted.
    ///
    /// # Errors
    /// Those of [`Engine::check_as`], then of [`Engine::apply`]; the game and `events` are
    /// then unchanged.
    fn apply_as(
        &mut self,
        seat: Player,
        action: Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        self.check_as(seat, &action)?;
        self.apply(action, events)
    }

    /// Writes seat `seat`'s legal actions into `out` (cleared first), in the order of
    /// [`Engine::legal_actions`]: what may be shown to that seat (with external chance
    /// each choice once, without its outcome).
    fn legal_actions_for(&self, seat: Player, out: &mut Vec<Self::Action>);

    /// `events` as `viewer` may see them (`None`: a spectator).
    fn events_for(events: &[Self::Event], viewer: Option<Player>) -> Vec<Self::Event>;

    /// The integer action space of this game's setting; it serves every copy of the game.
    fn action_space(&self) -> Self::Space;

    /// Number of ids in `space`: every id is below it.
    fn space_len(space: &Self::Space) -> usize;

    /// Writes the ids of the legal actions into `out` (cleared first), in the order of
    /// [`Engine::legal_actions`]. Returns how many legal actions have no id (normally 0;
    /// the game documents which ones).
    fn legal_ids(&self, space: &Self::Space, out: &mut Vec<u32>) -> u32;

    /// Applies the action with id `id`, appending its events to `events`.
    ///
    /// # Errors
    /// An id that names no action now, or an illegal action; the game and `events` are
    /// then unchanged.
    fn apply_id(
        &mut self,
        space: &Self::Space,
        id: u32,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// What `seat` may know (`None`: a spectator).
    fn view(&self, seat: Option<Player>) -> Self::View;

    /// The whole game state as position JSON, which [`Engine::from_position_json`] turns
    /// back into an equal game that continues identically.
    fn position_json(&self) -> String;

    /// A game from position JSON.
    ///
    /// # Errors
    /// Malformed JSON, or a position that cannot occur (every problem listed).
    fn from_position_json(json: &str) -> Result<Self, Self::Error>;

    /// The winner, once the game is over.
    fn winner(&self) -> Option<Player>;

    /// The result per seat: 1 for the winner, 0 for everyone else (and for everyone while
    /// the game goes on).
    fn returns(&self) -> Vec<f64> {
        let w = self.winner();
        (0..self.players())
            .map(|p| f64::from(u8::from(w == Some(Player(p)))))
            .collect()
    }
}

/// Why the base game refused an input given through [`Engine`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", content = "error", rename_all = "snake_case")]
pub enum EngineError {
    /// Malformed JSON (rules or an action).
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Rules that cannot be played, or a map that is invalid.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// A legal-looking action that breaks a rule now.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// Position JSON that is malformed or describes an impossible game.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// An id that names no action now.
    #[error("action id {id} names no action here")]
    UnknownId {
        /// The id given.
        id: u32,
    },
}

impl From<serde_json::Error> for EngineError {
    fn from(e: serde_json::Error) -> EngineError {
        EngineError::Parse(ParseError::from(e))
    }
}

impl From<IdError> for EngineError {
    fn from(e: IdError) -> EngineError {
        match e {
            IdError::Unknown(id) => EngineError::UnknownId { id },
            IdError::Rule(r) => EngineError::Rule(r),
        }
    }
}

impl Engine for Game {
    const NAME: &'static str = "catan";
    const MAX_SEATS: u8 = crate::types::MAX_PLAYERS as u8;
    type Action = Action;
    type Event = Event;
    type View = PlayerView;
    type Space = ActionSpace;
    type Error = EngineError;

    fn from_rules_json(rules: &str, seed: u64) -> Result<Game, EngineError> {
        let rules: Rules = serde_json::from_str(rules).map_err(ParseError::from)?;
        Ok(Game::new(rules, seed)?)
    }

    #[inline]
    fn players(&self) -> u8 {
        Game::players(self)
    }

    #[inline]
    fn to_act(&self) -> PlayerSet {
        Game::to_act(self)
    }

    fn external_chance(&self) -> bool {
        self.rules().chance == ChanceMode::External
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        Game::legal_actions(self, out);
    }

    fn parse_action(json: &str) -> Result<Action, EngineError> {
        Ok(Action::from_json(json)?)
    }

    #[inline]
    fn apply(&mut self, action: Action, events: &mut Vec<Event>) -> Result<(), EngineError> {
        Ok(self.apply_with(action, events)?)
    }

    #[inline]
    fn apply_quiet(&mut self, action: Action) -> Result<(), EngineError> {
        Ok(self.apply_with(action, &mut ())?)
    }

    fn check(&self, action: &Action) -> Result<(), EngineError> {
        Ok(Game::check(self, action)?)
    }

    fn check_as(&self, seat: Player, action: &Action) -> Result<(), EngineError> {
        Ok(Game::check_as(self, seat, action)?)
    }

    fn legal_actions_for(&self, seat: Player, out: &mut Vec<Action>) {
        Game::legal_actions_for(self, seat, out);
    }

    fn events_for(events: &[Event], viewer: Option<Player>) -> Vec<Event> {
        Game::events_for(events, viewer)
    }

    fn action_space(&self) -> ActionSpace {
        ActionSpace::new(self.board(), Game::players(self))
    }

    fn space_len(space: &ActionSpace) -> usize {
        space.len()
    }

    fn legal_ids(&self, space: &ActionSpace, out: &mut Vec<u32>) -> u32 {
        out.clear();
        let mut ids = IdsOut::<false> {
            space,
            out,
            missing: 0,
            offers: true,
        };
        self.enumerate(&mut ids);
        ids.missing
    }

    #[inline]
    fn apply_id(
        &mut self,
        space: &ActionSpace,
        id: u32,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        Ok(Game::apply_id(self, space, id, events)?)
    }

    fn view(&self, seat: Option<Player>) -> PlayerView {
        Game::view(self, seat)
    }

    fn position_json(&self) -> String {
        self.to_json()
    }

    fn from_position_json(json: &str) -> Result<Game, EngineError> {
        Ok(Game::from_json(json)?)
    }

    #[inline]
    fn winner(&self) -> Option<Player> {
        Game::winner(self)
    }
}
