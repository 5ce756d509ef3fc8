//! The exception hierarchy, mirroring the core's error types.
//!
//! ```text
//! CatanError(Exception)
//! ├── ParseError(CatanError, ValueError)        malformed input (core `ParseError`)
//! ├── RulesError(CatanError, ValueError)        unplayable rules (core `NewGameError`)
//! ├── PositionError(CatanError, ValueError)     impossible positions (core `PositionErrors`)
//! └── IllegalActionError(CatanError)            well formed, not allowed now (core `RuleError`)
//!     ├── GameOverError, NotYourTurnError, NoSuchPlayerError (also a ValueError), NotYourSeatError,
//!     ├── WrongPhaseError, NotEnoughResourcesError,
//!     └── PlacementError, SupplyError, DevelopmentCardError, RobberError, TradeError, ...
//! ```
//!
//! Every instance carries `.kind` (the core variant's `snake_case` name) and `.detail` (its
//! fields as a dict). [`rule_error_class`] is the one exhaustive `match` from `RuleError`
//! variants to classes, and [`card_error_class`] the one from the Card Game's `CardError`
//! variants to the same classes: a new core variant does not compile until it is given a
//! class here.

use crate::convert::ser_to_py;
use catan_rules::cards::CardError;
use catan_rules::{LoadError, NewGameError, ParseError, RuleError};
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// Every exception class, by name, with its bases (names of earlier entries, or the
/// builtins `Exception`/`ValueError`) and docstring. Order matters: bases come first.
const CLASSES: &[(&str, &[&str], &str)] = &[
    ("CatanError", &["Exception"], "Base class of every error raised by catan_rules."),
    (
        "ParseError",
        &["CatanError", "ValueError"],
        "Malformed input: not JSON, an unknown action type, a missing or unknown field, a wrong value.",
    ),
    (
        "RulesError",
        &["CatanError", "ValueError"],
        "Rules that cannot be played (player count, victory target, invalid map).",
    ),
    (
        "PositionError",
        &["CatanError", "ValueError"],
        "A position that is not a possible game; `.detail[\"errors\"]` lists every problem.",
    ),
    (
        "IllegalActionError",
        &["CatanError"],
        "A well-formed action the rules do not allow now. The game is left unchanged.",
    ),
    ("GameOverError", &["IllegalActionError"], "The game is over: nothing is legal."),
    (
        "NotYourTurnError",
        &["IllegalActionError"],
        "The acting player may not act now.",
    ),
    (
        "NoSuchPlayerError",
        &["IllegalActionError", "ValueError"],
        "A seat that is not in this game: named by an action, or given to a call that takes a seat (view, hand, legal_actions_for, ...).",
    ),
    (
        "NotYourSeatError",
        &["IllegalActionError"],
        "A seat-scoped call (check_as, apply_as) was given another seat's action; says nothing about the game.",
    ),
    (
        "WrongPhaseError",
        &["IllegalActionError"],
        "This kind of action is not allowed at this point of the turn.",
    ),
    ("NotEnoughResourcesError", &["IllegalActionError"], "The player lacks the cards."),
    (
        "PlacementError",
        &["IllegalActionError"],
        "A settlement, city or road cannot go there (occupied, distance rule, not connected, no such place).",
    ),
    (
        "SupplyError",
        &["IllegalActionError"],
        "The supply is out: no piece left, empty development deck, or the bank lacks the resource.",
    ),
    (
        "DevelopmentCardError",
        &["IllegalActionError"],
        "The development card cannot be played (none held, bought this turn, one already played, wrong Year of Plenty).",
    ),
    (
        "DiscardError",
        &["IllegalActionError"],
        "A discard of the wrong size after a 7.",
    ),
    (
        "RobberError",
        &["IllegalActionError"],
        "The robber cannot go there, or the victim is wrong or missing.",
    ),
    (
        "TradeError",
        &["IllegalActionError"],
        "The trade is not allowed (terms, rate, no open offer, not asked, not accepted, after building).",
    ),
    (
        "ChanceError",
        &["IllegalActionError"],
        "A chance outcome is missing, not allowed, or impossible.",
    ),
];

static TYPES: PyOnceLock<Vec<(&'static str, Py<PyType>)>> = PyOnceLock::new();

/// Creates the classes (once) and adds them to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    for (name, ty) in types(m.py())? {
        m.add(*name, ty.bind(m.py()))?;
    }
    Ok(())
}

fn types(py: Python<'_>) -> PyResult<&Vec<(&'static str, Py<PyType>)>> {
    TYPES.get_or_try_init(py, || {
        let mut made: Vec<(&'static str, Py<PyType>)> = Vec::new();
        let type_ = py.get_type::<PyType>();
        for &(name, bases, doc) in CLASSES {
            let bases = bases
                .iter()
                .map(|b| match *b {
                    "Exception" => Ok(py.get_type::<PyException>()),
                    "ValueError" => Ok(py.get_type::<PyValueError>()),
                    b => made
                        .iter()
                        .find(|(n, _)| *n == b)
                        .map(|(_, t)| t.bind(py).clone())
                        .ok_or_else(|| PyValueError::new_err(format!("unknown base {b}"))),
                })
                .collect::<PyResult<Vec<_>>>()?;
            let ns = PyDict::new(py);
            ns.set_item("__module__", "catan_rules")?;
            ns.set_item("__doc__", doc)?;
            ns.set_item("kind", "")?;
            ns.set_item("detail", PyDict::new(py))?;
            let t = type_.call1((name, PyTuple::new(py, bases)?, ns))?;
            made.push((name, t.cast_into::<PyType>()?.unbind()));
        }
        Ok(made)
    })
}

pub(crate) fn new_error(
    py: Python<'_>,
    class: &str,
    message: String,
    kind: &str,
    detail: Bound<'_, PyAny>,
) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let ty = types(py)?
            .iter()
            .find(|(n, _)| *n == class)
            .map(|(_, t)| t.bind(py).clone())
            .expect("every class is registered");
        let e = ty.call1((message,))?;
        e.setattr("kind", kind)?;
        e.setattr("detail", detail)?;
        Ok(PyErr::from_value(e))
    };
    build().unwrap_or_else(|e| e)
}

/// The value of a serde-tagged error as (`kind`, `detail` dict).
fn kind_and_detail<'py, T: serde::Serialize>(
    py: Python<'py>,
    e: &T,
) -> PyResult<(String, Bound<'py, PyAny>)> {
    let d = ser_to_py(py, e)?.cast_into::<PyDict>()?;
    let kind: String = match d.get_item("type")? {
        Some(k) => k.extract()?,
        None => String::new(),
    };
    if d.contains("type")? {
        d.del_item("type")?;
    }
    Ok((kind, d.into_any()))
}

/// The exception class for a core rule error: one exhaustive `match`.
pub const fn rule_error_class(e: &RuleError) -> &'static str {
    use RuleError as E;
    match e {
        E::GameOver => "GameOverError",
        E::NotYourTurn { .. } => "NotYourTurnError",
        E::NoSuchPlayer { .. } => "NoSuchPlayerError",
        E::NotYourSeat { .. } => "NotYourSeatError",
        E::WrongPhase { .. } => "WrongPhaseError",
        E::NotEnoughResources { .. } => "NotEnoughResourcesError",
        E::NoSuchNode { .. }
        | E::NoSuchEdge { .. }
        | E::NodeOccupied { .. }
        | E::DistanceRule { .. }
        | E::SettlementNotConnected { .. }
        | E::EdgeOccupied { .. }
        | E::RoadNotConnected { .. }
        | E::SetupRoadNotAtSettlement { .. }
        | E::NotYourSettlement { .. }
        | E::ShipsNotInPlay
        | E::RoadAtSea { .. }
        | E::SettlementAtSea { .. }
        | E::ShipOnLand { .. }
        | E::ShipNotConnected { .. }
        | E::ShipAlreadyMoved
        | E::ShipNotMovable { .. }
        | E::PirateBlocksShip { .. } => "PlacementError",
        E::NotStartArea { .. } => "PlacementError",
        E::NoPieceLeft { .. } | E::DeckEmpty | E::BankEmpty { .. } => "SupplyError",
        E::NoSuchCard { .. }
        | E::CardBoughtThisTurn { .. }
        | E::CardAlreadyPlayed
        | E::VictoryPointNotPlayable
        | E::WrongYearOfPlenty { .. } => "DevelopmentCardError",
        E::WrongDiscard { .. } | E::WrongGoldChoice { .. } => "DiscardError",
        E::NoSuchHex { .. }
        | E::RobberMustMove
        | E::PirateMustMove
        | E::RobberProtectedHex { .. }
        | E::InvalidVictim { .. }
        | E::VictimRequired => "RobberError",
        E::RateUnavailable { .. }
        | E::InvalidTrade { .. }
        | E::NoOpenOffer
        | E::CannotAnswer { .. }
        | E::NotAccepted { .. }
        | E::TradeAfterBuild => "TradeError",
        E::OutcomeRequired
        | E::OutcomeNotAllowed
        | E::ImpossibleOutcome { .. }
        | E::RevealPending { .. }
        | E::NothingToReveal { .. } => "ChanceError",
    }
}

/// A core rule error as a Python exception.
pub fn rule_error(py: Python<'_>, e: RuleError) -> PyErr {
    match kind_and_detail(py, &e) {
        Ok((kind, detail)) => new_error(py, rule_error_class(&e), e.to_string(), &kind, detail),
        Err(err) => err,
    }
}

/// The exception class for a Card Game rule error: one exhaustive `match`, onto the classes
/// of the base game's failures of the same meaning (a missing seat is `NoSuchPlayerError`
/// in both games, a cost not met `NotEnoughResourcesError`, ...). The Card Game's own
/// failures (a card that cannot be played now, a full hand, ...) are `IllegalActionError`
/// with their `.kind`.
pub const fn card_error_class(e: &CardError) -> &'static str {
    use CardError as E;
    match e {
        E::GameOver => "GameOverError",
        E::NoSuchPlayer { .. } => "NoSuchPlayerError",
        E::NotYourTurn { .. } => "NotYourTurnError",
        E::NotYourSeat { .. } => "NotYourSeatError",
        E::WrongPhase { .. } => "WrongPhaseError",
        E::CannotAfford => "NotEnoughResourcesError",
        E::BadSite | E::BadSlot | E::PrincipalityFull => "PlacementError",
        E::SupplyEmpty | E::EmptyPile { .. } => "SupplyError",
        E::BadTrade => "TradeError",
        E::WrongChanceMode { .. } | E::BadDie { .. } | E::AlchemistSet { .. } => "ChanceError",
        E::NoSuchHandCard { .. }
        | E::NoSuchOpponentCard { .. }
        | E::NoSuchPileCard { .. }
        | E::BadPile { .. }
        | E::WrongCard
        | E::NewCard
        | E::FirstRound
        | E::AfterBuilding
        | E::NoTarget
        | E::NoRoom
        | E::NoSuchResource
        | E::BadChoice
        | E::HandFull
        | E::NotFull
        | E::AlreadyExchanged
        | E::CannotEndTurn => "IllegalActionError",
    }
}

/// A Card Game rule error as a Python exception.
pub fn card_error(py: Python<'_>, e: CardError) -> PyErr {
    match kind_and_detail(py, &e) {
        Ok((kind, detail)) => new_error(py, card_error_class(&e), e.to_string(), &kind, detail),
        Err(err) => err,
    }
}

/// `NoSuchPlayerError` for a seat number the game does not have (any integer, so that
/// negative and huge numbers are refused the same way).
pub fn no_such_player(py: Python<'_>, seat: i64, players: u8) -> PyErr {
    let detail = PyDict::new(py);
    if let Err(e) = detail.set_item("player", seat) {
        return e;
    }
    new_error(
        py,
        "NoSuchPlayerError",
        format!(
            "no player {seat} in a {players}-player game (seats are 0 to {})",
            players.saturating_sub(1)
        ),
        "no_such_player",
        detail.into_any(),
    )
}

/// Malformed input as a `ParseError`.
pub fn parse_error(py: Python<'_>, e: ParseError) -> PyErr {
    // Values parsed from Python objects have no line or column.
    let message = if e.line == 0 {
        format!("malformed input: {}", e.message)
    } else {
        e.to_string()
    };
    match ser_to_py(py, &e) {
        Ok(detail) => new_error(py, "ParseError", message, "parse", detail),
        Err(err) => err,
    }
}

/// A `ParseError` from a message only (input that never reached serde).
pub fn parse_message(py: Python<'_>, message: String) -> PyErr {
    parse_error(
        py,
        ParseError {
            kind: catan_rules::ParseErrorKind::InvalidValue,
            message,
            line: 0,
            column: 0,
        },
    )
}

/// Unplayable rules as a `RulesError`.
pub fn new_game_error(py: Python<'_>, e: NewGameError) -> PyErr {
    let parts = match &e {
        NewGameError::Rules(r) => kind_and_detail(py, r),
        NewGameError::Board(b) => (|| {
            let d = PyDict::new(py);
            d.set_item("errors", ser_to_py(py, &b.0)?)?;
            Ok(("board".to_owned(), d.into_any()))
        })(),
        NewGameError::SetupCannotFinish { .. } => kind_and_detail(py, &e),
        NewGameError::Map(m) => (|| {
            let d = PyDict::new(py);
            d.set_item("errors", ser_to_py(py, &m.0)?)?;
            Ok(("map".to_owned(), d.into_any()))
        })(),
    };
    match parts {
        Ok((kind, detail)) => new_error(py, "RulesError", e.to_string(), &kind, detail),
        Err(err) => err,
    }
}

/// A position that could not be loaded: `ParseError` when malformed, `PositionError` (with
/// every problem in `.detail["errors"]`) when it is not a possible game.
pub fn load_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Parse { error } => parse_error(py, error),
        LoadError::Invalid { errors } => {
            let message = errors.to_string();
            let detail = (|| -> PyResult<Bound<'_, PyAny>> {
                let d = PyDict::new(py);
                d.set_item("errors", ser_to_py(py, &errors)?)?;
                Ok(d.into_any())
            })();
            match detail {
                Ok(detail) => new_error(py, "PositionError", message, "invalid_position", detail),
                Err(err) => err,
            }
        }
    }
}
