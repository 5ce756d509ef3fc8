//! The JSON face of any [`Engine`]: one body for every JSON entry point a skin offers —
//! a new game from rules, legal actions, apply, check, the seat-scoped calls (what a server
//! answers one seat), views, per-seat events and positions — written once over the trait.
//! The C library's `catan_game_*` and `catan_cards_*` JSON calls are thin wrappers of these
//! functions (docs/architecture.md, 'The one interface the skins use').
//!
//! Every function that reads input returns the game's [`Engine::Error`] and leaves the game
//! unchanged on error; the wire format is each game's serde form (docs/json.md for the base
//! game, docs/cards.md for the Card Game).
//!
//! ```
//! use catan_rules::cards::CardGame;
//! use catan_rules::engine::{json, Engine};
//! use catan_rules::{Game, Player};
//!
//! /// Plays the first legal action of any game, through JSON only.
//! fn first<E: Engine>(game: &mut E) -> String {
//!     let legal: Vec<serde_json::Value> =
//!         serde_json::from_str(&json::legal_actions(game)).unwrap();
//!     let mut events = Vec::new();
//!     json::apply(game, &legal[0].to_string(), &mut events).unwrap();
//!     json::events::<E>(&events)
//! }
//!
//! let mut base: Game = json::new(r#"{"players": 3, "map": "beginner"}"#, 7).unwrap();
//! let mut cards: CardGame = json::new("{}", 7).unwrap();
//! assert!(first(&mut base).contains("dice_rolled"));
//! assert!(first(&mut cards).starts_with('['));
//! // Bad input is the game's typed error, and changes nothing.
//! let before = json::position(&base);
//! assert!(json::apply(&mut base, r#"{"type": "fly"}"#, &mut Vec::new()).is_err());
//! assert_eq!(json::position(&base), before);
//! assert!(json::view(&cards, Some(Player(0))).starts_with('{'));
//! ```

use super::Engine;
use crate::types::Player;
use serde::Serialize;

/// `v` as JSON text. The engines' actions, events, views and positions always serialise
/// (no map has keys that are not strings), so a failure is a bug, reported as a panic
/// that every skin catches.
fn text<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).expect("engine values serialise to JSON")
}

/// A new game from rules JSON (`{}`: the default game) and a seed: [`Engine::from_rules_json`].
///
/// # Errors
/// Malformed rules JSON, or rules that cannot be played.
pub fn new<E: Engine>(rules_json: &str, seed: u64) -> Result<E, E::Error> {
    E::from_rules_json(rules_json, seed)
}

/// Every legal action as a JSON array, in the engine's order (the referee's list: it may
/// show what a seat holds).
pub fn legal_actions<E: Engine>(game: &E) -> String {
    let mut v = Vec::new();
    game.legal_actions(&mut v);
    actions::<E>(&v)
}

/// Actions as a JSON array (for a skin that keeps the legal list of a state in a buffer
/// of its own, as the C handle does).
pub fn actions<E: Engine>(actions: &[E::Action]) -> String {
    text(actions)
}

/// Seat `seat`'s legal actions as a JSON array ([`Engine::legal_actions_for`]): safe to
/// show that seat.
pub fn legal_actions_for<E: Engine>(game: &E, seat: Player) -> String {
    let mut v = Vec::new();
    game.legal_actions_for(seat, &mut v);
    text(&v)
}

/// Applies an action given as JSON, appending its events to `events` (the referee's
/// apply; [`events`] turns them into JSON).
///
/// # Errors
/// Malformed JSON, or the rule the action breaks; the game and `events` are then
/// unchanged.
pub fn apply<E: Engine>(
    game: &mut E,
    action_json: &str,
    events: &mut Vec<E::Event>,
) -> Result<(), E::Error> {
    let action = E::parse_action(action_json)?;
    game.apply(action, events)
}

/// Checks an action given as JSON without applying it ([`Engine::check`], the referee's).
///
/// # Errors
/// Malformed JSON, or the rule the action breaks.
pub fn check<E: Engine>(game: &E, action_json: &str) -> Result<(), E::Error> {
    game.check(&E::parse_action(action_json)?)
}

/// Checks an action (JSON) as seat `seat` sends it ([`Engine::check_as`]): what a server
/// answers that seat.
///
/// # Errors
/// Malformed JSON; another seat's action; the rule the action breaks.
pub fn check_as<E: Engine>(game: &E, seat: Player, action_json: &str) -> Result<(), E::Error> {
    game.check_as(seat, &E::parse_action(action_json)?)
}

/// Applies an action (JSON) that seat `seat` sent ([`Engine::apply_as`]), appending every
/// event, unredacted, to `events`: give each seat [`events_for`] of them.
///
/// # Errors
/// Those of [`check_as`], then of [`apply`]; the game and `events` are then unchanged.
pub fn apply_as<E: Engine>(
    game: &mut E,
    seat: Player,
    action_json: &str,
    events: &mut Vec<E::Event>,
) -> Result<(), E::Error> {
    let action = E::parse_action(action_json)?;
    game.apply_as(seat, action, events)
}

/// What `viewer` may know (`None`: a spectator) as JSON.
pub fn view<E: Engine>(game: &E, viewer: Option<Player>) -> String {
    text(&game.view(viewer))
}

/// Events as a JSON array (the form [`events_for`] reads back).
pub fn events<E: Engine>(events: &[E::Event]) -> String {
    text(events)
}

/// Events (a JSON array, as [`events`] writes them) as `viewer` may see them (`None`: a
/// spectator), as a JSON array.
///
/// # Errors
/// Malformed JSON, or something that is not an event of this game.
pub fn events_for<E: Engine>(
    events_json: &str,
    viewer: Option<Player>,
) -> Result<String, E::Error> {
    let events: Vec<E::Event> = serde_json::from_str(events_json)?;
    Ok(text(&E::events_for(&events, viewer)))
}

/// The whole game as position JSON ([`Engine::position_json`]: the referee's, for saving
/// and resuming).
pub fn position<E: Engine>(game: &E) -> String {
    game.position_json()
}

/// A game from position JSON ([`Engine::from_position_json`]), validated.
///
/// # Errors
/// Malformed JSON, or a position that cannot occur (every problem listed).
pub fn from_position<E: Engine>(position_json: &str) -> Result<E, E::Error> {
    E::from_position_json(position_json)
}
