//! The Python calls written once over [`Engine`]: parsing an action from a dict or JSON
//! text, check, apply (by value or id), the seat-scoped calls, views, positions, who acts
//! and the winner — one body for `Game` and `CardGame` (docs/architecture.md, 'The one
//! interface the skins use'). What differs between the games is how their errors become
//! exceptions ([`PyEngine`]) and how each class shows actions and events (the base game's
//! `Action`/`Event` objects, the Card Game's dicts); what a game offers beyond the trait
//! (the base game's board, masks and awards, the Card Game's SVG) stays in its class.

use crate::convert::{from_py, ser_to_py};
use crate::errors::{
    card_error, load_error, new_error, new_game_error, parse_error, parse_message, rule_error,
};
use catan_rules::cards::{CardEngineError, CardGame, CardPositionError};
use catan_rules::engine::{Engine, EngineError};
use catan_rules::{Game, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;

/// What the Python package needs from a game beyond [`Engine`]: its errors as exceptions.
pub(crate) trait PyEngine: Engine {
    /// `e` as the exception of the package's hierarchy (`errors.rs`).
    fn py_error(py: Python<'_>, e: Self::Error) -> PyErr;
}

impl PyEngine for Game {
    fn py_error(py: Python<'_>, e: EngineError) -> PyErr {
        match e {
            EngineError::Parse(e) => parse_error(py, e),
            EngineError::NewGame(e) => new_game_error(py, e),
            EngineError::Rule(e) => rule_error(py, e),
            EngineError::Load(e) => load_error(py, e),
            EngineError::UnknownId { .. } => PyValueError::new_err(e.to_string()),
        }
    }
}

impl PyEngine for CardGame {
    fn py_error(py: Python<'_>, e: CardEngineError) -> PyErr {
        match e {
            CardEngineError::Parse { message } => parse_message(py, message),
            CardEngineError::Rules(e) => match ser_to_py(py, &e) {
                Ok(detail) => {
                    let kind = detail
                        .get_item("type")
                        .and_then(|k| k.extract::<String>())
                        .unwrap_or_default();
                    new_error(py, "RulesError", e.to_string(), &kind, detail)
                }
                Err(err) => err,
            },
            CardEngineError::Rule(e) => card_error(py, e),
            // As the base game's `load_error`: malformed JSON is a `ParseError`, a position
            // that is not a possible game a `PositionError` with `.detail["errors"]`.
            CardEngineError::Load(e) => {
                if let Some(CardPositionError::Malformed { message }) =
                    e.0.iter()
                        .find(|p| matches!(p, CardPositionError::Malformed { .. }))
                {
                    return parse_message(py, message.clone());
                }
                let detail = (|| -> PyResult<Bound<'_, PyAny>> {
                    let d = PyDict::new(py);
                    d.set_item("errors", ser_to_py(py, &e.0)?)?;
                    Ok(d.into_any())
                })();
                match detail {
                    Ok(detail) => new_error(
                        py,
                        "PositionError",
                        e.to_string(),
                        "invalid_position",
                        detail,
                    ),
                    Err(err) => err,
                }
            }
            // As the base game's: an id that names no action is a `ValueError`.
            CardEngineError::UnknownId { .. } => PyValueError::new_err(e.to_string()),
        }
    }
}

/// An action from a dict or JSON text, in the game's wire format.
pub(crate) fn action_of<E: PyEngine>(o: &Bound<'_, PyAny>) -> PyResult<E::Action> {
    let py = o.py();
    if let Ok(s) = o.extract::<String>() {
        return E::parse_action(&s).map_err(|e| E::py_error(py, e));
    }
    serde_json::from_value::<E::Action>(from_py(o)?).map_err(|e| E::py_error(py, E::Error::from(e)))
}

/// Values (actions, events) as a list of dicts.
pub(crate) fn dicts<'py, T: Serialize>(
    py: Python<'py>,
    v: &[T],
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    v.iter().map(|x| ser_to_py(py, x)).collect()
}

/// Every legal action now.
pub(crate) fn legal_actions<E: Engine>(game: &E) -> Vec<E::Action> {
    let mut v = Vec::new();
    game.legal_actions(&mut v);
    v
}

/// Seat `seat`'s legal actions now.
pub(crate) fn legal_actions_for<E: Engine>(game: &E, seat: Player) -> Vec<E::Action> {
    let mut v = Vec::new();
    game.legal_actions_for(seat, &mut v);
    v
}

/// Raises what [`apply`] would raise for `action`, without applying it.
pub(crate) fn check<E: PyEngine>(py: Python<'_>, game: &E, action: &E::Action) -> PyResult<()> {
    game.check(action).map_err(|e| E::py_error(py, e))
}

/// Raises what seat `seat` is answered for `action` ([`Engine::check_as`]).
pub(crate) fn check_as<E: PyEngine>(
    py: Python<'_>,
    game: &E,
    seat: Player,
    action: &E::Action,
) -> PyResult<()> {
    game.check_as(seat, action).map_err(|e| E::py_error(py, e))
}

/// Applies `action` (all or nothing) and returns its events.
pub(crate) fn apply<E: PyEngine>(
    py: Python<'_>,
    game: &mut E,
    action: E::Action,
) -> PyResult<Vec<E::Event>> {
    let mut events = Vec::new();
    game.apply(action, &mut events)
        .map_err(|e| E::py_error(py, e))?;
    Ok(events)
}

/// Applies the action with fixed id `id` (all or nothing) and returns its events.
pub(crate) fn apply_id<E: PyEngine>(
    py: Python<'_>,
    game: &mut E,
    space: &E::Space,
    id: u32,
) -> PyResult<Vec<E::Event>> {
    let mut events = Vec::new();
    game.apply_id(space, id, &mut events)
        .map_err(|e| E::py_error(py, e))?;
    Ok(events)
}

/// Applies an action seat `seat` sent ([`Engine::apply_as`]) and returns every event,
/// unredacted.
pub(crate) fn apply_as<E: PyEngine>(
    py: Python<'_>,
    game: &mut E,
    seat: Player,
    action: E::Action,
) -> PyResult<Vec<E::Event>> {
    let mut events = Vec::new();
    game.apply_as(seat, action, &mut events)
        .map_err(|e| E::py_error(py, e))?;
    Ok(events)
}

/// What `viewer` may know (`None`: a spectator), as a dict.
pub(crate) fn view<'py, E: Engine>(
    py: Python<'py>,
    game: &E,
    viewer: Option<Player>,
) -> PyResult<Bound<'py, PyAny>> {
    ser_to_py(py, &game.view(viewer))
}

/// A game from position JSON, validated.
pub(crate) fn from_position<E: PyEngine>(py: Python<'_>, text: &str) -> PyResult<E> {
    E::from_position_json(text).map_err(|e| E::py_error(py, e))
}

/// The seats that may act now, as a list of ints.
pub(crate) fn to_act<E: Engine>(game: &E) -> Vec<u32> {
    game.to_act().iter().map(|p| u32::from(p.0)).collect()
}

/// The winner's seat, or `None`.
pub(crate) fn winner<E: Engine>(game: &E) -> Option<u8> {
    game.winner().map(|p| p.0)
}

/// What `pickle` keeps of a game (`__reduce__`): `format` and `version` naming the class's
/// state, the seed it was made with (as text: JSON numbers are not exact above 2^53) and
/// its position, which holds the generator's state so the game continues exactly.
pub(crate) fn saved_state<P: Serialize>(
    format: &str,
    version: u32,
    seed: Option<u64>,
    position: &P,
) -> String {
    serde_json::json!({
        "format": format,
        "version": version,
        "seed": seed.map(|s| s.to_string()),
        "position": position,
    })
    .to_string()
}

/// The seed and the position of a state made by [`saved_state`] with this `format`;
/// `ParseError` for anything else.
pub(crate) fn load_saved_state(
    py: Python<'_>,
    state: &str,
    format: &str,
) -> PyResult<(Option<u64>, serde_json::Value)> {
    use serde_json::Value;
    let bad = |m: &str| parse_message(py, format!("bad game state: {m}"));
    let mut v: Value = serde_json::from_str(state).map_err(|e| parse_error(py, e.into()))?;
    if v.get("format").and_then(Value::as_str) != Some(format) {
        return Err(bad("unknown format"));
    }
    let seed: Option<u64> = match &v["seed"] {
        Value::Null => None,
        Value::String(s) => Some(s.parse().map_err(|_| bad("seed"))?),
        _ => return Err(bad("seed")),
    };
    Ok((seed, v["position"].take()))
}
