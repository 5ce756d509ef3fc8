//! `Action` and `Event`: frozen, hashable Python values over the core's `Copy` enums.
//!
//! Each has `.type` (the wire name), its fields as attributes, `to_dict()`/`to_json()`,
//! `from_dict()`/`from_json()`, `==`, `hash`, pickling, and a `repr` that evaluates back
//! (`Action('build_road', player=1, edge=17)`).

use crate::convert::{from_py, ser_to_py};
use crate::errors::parse_error;
use catan_rules::{Action, Event};
use pyo3::exceptions::{PyAttributeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::{Map, Value};

/// Wire name and field names (in declaration order) of each variant. Exhaustive, so a new
/// core variant does not compile until it is described here.
pub const fn action_shape(a: &Action) -> (&'static str, &'static [&'static str]) {
    use Action as A;
    let fields: &'static [&'static str] = match a {
        A::Roll { .. } => &["player", "dice"],
        A::BuildSettlement { .. } | A::BuildCity { .. } => &["player", "node"],
        A::BuildRoad { .. } | A::BuildShip { .. } => &["player", "edge"],
        A::MoveShip { .. } => &["player", "from", "to"],
        A::BuyDevelopmentCard { .. } => &["player", "card"],
        A::Discard { .. } | A::PlayYearOfPlenty { .. } | A::ChooseGold { .. } => {
            &["player", "resources"]
        }
        A::MoveRobber { .. }
        | A::PlayKnight { .. }
        | A::MovePirate { .. }
        | A::PlayKnightPirate { .. } => &["player", "hex", "victim", "resource"],
        A::PlayMonopoly { .. } => &["player", "resource"],
        A::MaritimeTrade { .. } => &["player", "give", "get", "rate"],
        A::OfferTrade { .. } => &["player", "to", "give", "get"],
        A::CounterOffer { .. } => &["player", "give", "get"],
        A::ConfirmTrade { .. } => &["player", "with"],
        A::PlayRoadBuilding { .. }
        | A::FinishRoadBuilding { .. }
        | A::AcceptTrade { .. }
        | A::RejectTrade { .. }
        | A::CancelTrade { .. }
        | A::EndTurn { .. } => &["player"],
        A::RevealHex { .. } => &["player", "hex", "terrain", "number"],
    };
    (a.kind(), fields)
}

/// Wire name and field names (in declaration order) of each event variant. Exhaustive.
pub const fn event_shape(e: &Event) -> (&'static str, &'static [&'static str]) {
    use Event as E;
    match e {
        E::DiceRolled { .. } => ("dice_rolled", &["player", "dice", "total"]),
        E::ResourcesProduced { .. } => ("resources_produced", &["player", "resources"]),
        E::Shortage { .. } => ("shortage", &["resource", "claimants", "paid"]),
        E::RobberBlocked { .. } => ("robber_blocked", &["hex"]),
        E::StartingResources { .. } => ("starting_resources", &["player", "resources"]),
        E::DiscardsRequired { .. } => ("discards_required", &["amounts"]),
        E::Discarded { .. } => ("discarded", &["player", "resources"]),
        E::RobberMoved { .. } => ("robber_moved", &["player", "hex"]),
        E::Stole { .. } => ("stole", &["thief", "victim", "resource"]),
        E::SettlementBuilt { .. } => ("settlement_built", &["player", "node"]),
        E::CityBuilt { .. } => ("city_built", &["player", "node"]),
        E::RoadBuilt { .. } => ("road_built", &["player", "edge"]),
        E::ShipBuilt { .. } => ("ship_built", &["player", "edge"]),
        E::ShipMoved { .. } => ("ship_moved", &["player", "from", "to"]),
        E::PirateMoved { .. } => ("pirate_moved", &["player", "hex"]),
        E::GoldOwed { .. } => ("gold_owed", &["amounts"]),
        E::GoldChosen { .. } => ("gold_chosen", &["player", "resources"]),
        E::GoldShortage { .. } => ("gold_shortage", &["claimants", "paid"]),
        E::DevelopmentCardBought { .. } => ("development_card_bought", &["player", "card"]),
        E::DevelopmentCardPlayed { .. } => ("development_card_played", &["player", "card"]),
        E::RoadBuildingFinished { .. } => ("road_building_finished", &["player", "unplaced"]),
        E::YearOfPlentyTaken { .. } => ("year_of_plenty_taken", &["player", "resources"]),
        E::MonopolyTaken { .. } => ("monopoly_taken", &["player", "resource", "taken"]),
        E::MaritimeTraded { .. } => ("maritime_traded", &["player", "give", "get", "rate"]),
        E::TradeOffered { .. } => ("trade_offered", &["player", "to", "give", "get"]),
        E::TradeAccepted { .. } => ("trade_accepted", &["player"]),
        E::TradeRejected { .. } => ("trade_rejected", &["player"]),
        E::TradeCountered { .. } => ("trade_countered", &["player", "give", "get"]),
        E::TradeClosed { .. } => ("trade_closed", &["player"]),
        E::Traded { .. } => ("traded", &["player", "partner", "gave", "got"]),
        E::LongestRoadChanged { .. } => ("longest_road_changed", &["from", "to", "length"]),
        E::LargestArmyChanged { .. } => ("largest_army_changed", &["from", "to", "knights"]),
        E::TurnEnded { .. } => ("turn_ended", &["player"]),
        E::TurnStarted { .. } => ("turn_started", &["player", "turn"]),
        E::SetupFinished => ("setup_finished", &[]),
        E::GameWon { .. } => ("game_won", &["player", "points"]),
        E::SpecialBuildStarted { .. } => ("special_build_started", &["player"]),
        E::SpecialBuildPassed { .. } => ("special_build_passed", &["player"]),
        E::SpecialBuildEnded { .. } => ("special_build_ended", &["player"]),
        E::SpecialVictoryPoints { .. } => ("special_victory_points", &["player", "area", "points"]),
        E::HexDiscovered { .. } => (
            "hex_discovered",
            &["player", "hex", "terrain", "number", "resource"],
        ),
    }
}

/// The value's wire dict (`type` first, then the fields in declaration order; absent
/// optional fields left out).
fn wire_dict<'py, T: serde::Serialize>(py: Python<'py>, t: &T) -> PyResult<Bound<'py, PyDict>> {
    Ok(ser_to_py(py, t)?.cast_into::<PyDict>()?)
}

/// Python's reserved words (some wire field names, like `with` and `from`, are among them).
const PY_KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

fn wire_repr<T: serde::Serialize>(py: Python<'_>, class: &str, t: &T) -> PyResult<String> {
    let d = wire_dict(py, t)?;
    let mut s = String::from(class);
    s.push('(');
    for (i, (k, v)) in d.iter().enumerate() {
        if i == 0 {
            s.push_str(&v.repr()?.to_cow()?);
        } else if !v.is_none() {
            let k = k.str()?;
            let k = k.to_cow()?;
            let v = v.repr()?;
            let v = v.to_cow()?;
            if PY_KEYWORDS.contains(&&*k) {
                // `with`, `from`: not valid keyword-argument names, so pass them unpacked.
                s.push_str(&format!(", **{{'{k}': {v}}}"));
            } else {
                s.push_str(&format!(", {k}={v}"));
            }
        }
    }
    s.push(')');
    Ok(s)
}

fn attribute<'py, T: serde::Serialize>(
    py: Python<'py>,
    t: &T,
    class: &str,
    kind: &str,
    names: &[&str],
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    if !names.contains(&name) {
        return Err(PyAttributeError::new_err(format!(
            "'{class}' of type '{kind}' has no attribute '{name}' (fields: {})",
            names.join(", ")
        )));
    }
    match wire_dict(py, t)?.get_item(name)? {
        Some(v) => Ok(v),
        None => Ok(py.None().into_bound(py)),
    }
}

/// Builds a core value from `type` plus keyword fields.
fn from_type_and_fields<T: serde::de::DeserializeOwned>(
    py: Python<'_>,
    kind: &str,
    fields: Option<&Bound<'_, PyDict>>,
) -> PyResult<T> {
    let mut m = Map::new();
    m.insert("type".to_owned(), Value::String(kind.to_owned()));
    if let Some(f) = fields {
        for (k, v) in f.iter() {
            let k: String = k.extract()?;
            if k == "type" {
                return Err(PyTypeError::new_err("`type` given twice"));
            }
            m.insert(k, from_py(&v)?);
        }
    }
    from_value(py, Value::Object(m))
}

fn from_value<T: serde::de::DeserializeOwned>(py: Python<'_>, v: Value) -> PyResult<T> {
    serde_json::from_value(v).map_err(|e| parse_error(py, e.into()))
}

/// Parses a dict into a core value.
pub fn from_dict<T: serde::de::DeserializeOwned>(
    py: Python<'_>,
    d: &Bound<'_, PyAny>,
) -> PyResult<T> {
    if !d.is_instance_of::<PyDict>() {
        return Err(PyTypeError::new_err(format!(
            "expected a dict, not {}",
            d.get_type().name()?
        )));
    }
    from_value(py, from_py(d)?)
}

/// Parses JSON text (at most [`MAX_INPUT_BYTES`]) into a core value.
pub fn from_json<T: serde::de::DeserializeOwned>(py: Python<'_>, s: &str) -> PyResult<T> {
    check_input_size(py, s)?;
    serde_json::from_str(s).map_err(|e| parse_error(py, e.into()))
}

macro_rules! wire_class {
    ($py_name:literal, $rust:ident, $core:ty, $shape:path, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(name = $py_name, module = "catan_rules", frozen, eq, hash)]
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $rust(pub $core);

        #[pymethods]
        impl $rust {
            #[new]
            #[pyo3(signature = (r#type, /, **fields))]
            fn new(
                py: Python<'_>,
                r#type: &str,
                fields: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Self> {
                from_type_and_fields(py, r#type, fields).map($rust)
            }

            /// The wire name of the type (`"build_road"`, ...).
            #[getter(r#type)]
            fn kind(&self) -> &'static str {
                $shape(&self.0).0
            }

            /// The names of this value's fields, in order.
            #[getter]
            fn fields(&self) -> Vec<&'static str> {
                $shape(&self.0).1.to_vec()
            }

            fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
                let (kind, names) = $shape(&self.0);
                attribute(py, &self.0, $py_name, kind, names, name)
            }

            /// The value as a dict: `type` first, then the fields in order.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                wire_dict(py, &self.0)
            }

            /// The value in the JSON wire format.
            fn to_json(&self) -> String {
                serde_json::to_string(&self.0).expect("core values always serialize")
            }

            /// Parses a dict in the wire format.
            ///
            /// Raises `ParseError` if it is malformed.
            #[staticmethod]
            fn from_dict(py: Python<'_>, d: &Bound<'_, PyAny>) -> PyResult<Self> {
                from_dict(py, d).map($rust)
            }

            /// Parses JSON text in the wire format.
            ///
            /// Raises `ParseError` if it is malformed.
            #[staticmethod]
            fn from_json(py: Python<'_>, s: &str) -> PyResult<Self> {
                from_json(py, s).map($rust)
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                wire_repr(py, $py_name, &self.0)
            }

            fn __dir__(&self, py: Python<'_>) -> PyResult<Vec<String>> {
                let class = py.get_type::<$rust>();
                let mut v: Vec<String> = class.dir()?.extract()?;
                v.extend($shape(&self.0).1.iter().map(|s| s.to_string()));
                Ok(v)
            }

            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let f = py.get_type::<$rust>().getattr("from_json")?;
                Ok((f, PyTuple::new(py, [PyString::new(py, &self.to_json())])?))
            }
        }
    };
}

wire_class!(
    "Action",
    PyAction,
    Action,
    action_shape,
    "One player's decision, as a frozen value: the wire `type` and its fields.

`Action(type, **fields)` builds one; fields read as attributes; `to_dict`/`to_json` and
`from_dict`/`from_json` convert to and from the wire format; actions compare and hash by
value, and their `repr` evaluates back.

>>> from catan_rules import Action
>>> a = Action('build_road', player=1, edge=17)
>>> a.type, a.player, a.edge
('build_road', 1, 17)
>>> a.to_json()
'{\"type\":\"build_road\",\"player\":1,\"edge\":17}'
>>> Action.from_dict({'type': 'build_road', 'player': 1, 'edge': 17}) == a
True
>>> Action('confirm_trade', player=0, **{'with': 2})
Action('confirm_trade', player=0, **{'with': 2})"
);
wire_class!(
    "Event",
    PyEvent,
    Event,
    event_shape,
    "Something that happened, as a frozen value: the wire `type` and its fields.

`Game.apply` returns them in order. Same conversions as `Action`.

>>> from catan_rules import Event, Game
>>> game = Game(players=4, map='beginner', seed=7)
>>> events = game.apply({'type': 'roll', 'player': 0})
>>> events[0]
Event('dice_rolled', player=0, dice=[4, 5], total=9)
>>> events[0].total, events[1].resources['grain']
(9, 1)
>>> Event.from_json(events[0].to_json()) == events[0]
True"
);

/// The longest JSON text any call reads: 1 MiB (a position is a few tens of kilobytes).
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Refuses JSON text over [`MAX_INPUT_BYTES`] with a `ParseError` that does not quote it.
pub fn check_input_size(py: Python<'_>, s: &str) -> PyResult<()> {
    if s.len() > MAX_INPUT_BYTES {
        return Err(crate::errors::parse_message(
            py,
            format!(
                "the text is {} bytes long, more than the {MAX_INPUT_BYTES} accepted",
                s.len()
            ),
        ));
    }
    Ok(())
}

/// Reads an action given as an `Action`, a dict or a JSON string.
pub fn action_arg(py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Action> {
    if let Ok(a) = o.cast::<PyAction>() {
        return Ok(a.get().0);
    }
    if o.is_instance_of::<PyDict>() {
        return from_dict(py, o);
    }
    if let Ok(s) = o.cast::<PyString>() {
        return from_json(py, &s.to_cow()?);
    }
    Err(PyTypeError::new_err(format!(
        "an action is an Action, a dict or a JSON string, not {}",
        o.get_type().name()?
    )))
}
