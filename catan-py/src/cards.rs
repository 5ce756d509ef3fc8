//! `catan_rules.CardGame`: the Catan Card Game (1996, two players) from Python, a thin skin
//! over `catan_rules::cards` (actions, events, views and positions as plain dicts).

use crate::convert::{from_py, ser_to_py};
use crate::engine::{self as generic, action_of, dicts};
use crate::errors::{new_error, parse_message};
use catan_rules::cards::{CardGame, CardRules, CardSpace, SvgStyle, ACTION_SPACE};
use catan_rules::{ChanceMode, Player};
use pyo3::prelude::*;

/// A game of the Catan Card Game, changed only by ``apply`` (all or nothing).
///
/// >>> import random, catan_rules
/// >>> game = catan_rules.CardGame(seed=7)
/// >>> rng = random.Random(1)
/// >>> while game.winner is None:
/// ...     events = game.apply(rng.choice([a for a in game.legal_actions() if a["type"] != "offer"]))
/// >>> max(game.points(0), game.points(1)) >= 12
/// True
#[pyclass(name = "CardGame", module = "catan_rules")]
#[derive(Clone)]
pub struct PyCardGame {
    pub(crate) game: CardGame,
}

fn seat_of(py: Python<'_>, p: Option<u8>) -> PyResult<Option<Player>> {
    match p {
        None => Ok(None),
        Some(p @ 0..=1) => Ok(Some(Player(p))),
        Some(p) => Err(new_error(
            py,
            "NotYourTurnError",
            format!("there is no seat {p} in the card game"),
            "no_such_player",
            pyo3::types::PyDict::new(py).into_any(),
        )),
    }
}

#[pymethods]
impl PyCardGame {
    /// A new game: ``seed`` fixes every shuffle and die; ``vp_target`` (default 12) and
    /// ``chance`` (``"seeded"`` or ``"external"``) are the rules.
    ///
    /// ``seed=None`` (the default) draws a seed from the operating system, so no two
    /// default games are alike; give a seed to replay a game exactly. A seed is a secret:
    /// whoever knows it knows every shuffle and die to come (docs/security.md), so it is
    /// not shown by ``repr``.
    #[new]
    #[pyo3(signature = (seed = None, vp_target = 12, chance = "seeded"))]
    fn new(py: Python<'_>, seed: Option<u64>, vp_target: u8, chance: &str) -> PyResult<Self> {
        let seed = match seed {
            Some(s) => s,
            None => crate::game::os_seed(py)?,
        };
        let chance = match chance {
            "seeded" => ChanceMode::Seeded,
            "external" => ChanceMode::External,
            c => return Err(parse_message(py, format!("unknown chance mode `{c}`"))),
        };
        let rules = CardRules {
            vp_target,
            chance,
            ..CardRules::default()
        };
        Ok(PyCardGame {
            game: CardGame::new(rules, seed),
        })
    }

    /// A game from a position (JSON text), validated; every problem is in the error.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Self> {
        generic::from_position(py, text).map(|game| PyCardGame { game })
    }

    /// The whole position as JSON (the referee's: both hands, every pile's order).
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// Every legal action as a dict.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        dicts(py, &generic::legal_actions(&self.game))
    }

    /// Applies an action (a dict or JSON text) and returns its events as dicts.
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let a = action_of::<CardGame>(action)?;
        dicts(py, &generic::apply(py, &mut self.game, a)?)
    }

    /// Whether an action is legal now (exactly when ``apply`` would succeed).
    fn is_legal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let a = action_of::<CardGame>(action)?;
        Ok(generic::check(py, &self.game, &a).is_ok())
    }

    /// The size of the fixed action space.
    #[getter]
    fn action_space_size(&self) -> u32 {
        ACTION_SPACE
    }

    /// The legal ids of the fixed action space, for the seat to act.
    fn legal_mask(&self) -> Vec<bool> {
        let mut m = vec![false; ACTION_SPACE as usize];
        self.game.legal_mask(&mut m);
        m
    }

    /// Applies a fixed action id for the seat to act.
    fn apply_id<'py>(&mut self, py: Python<'py>, id: u32) -> PyResult<Vec<Bound<'py, PyAny>>> {
        dicts(py, &generic::apply_id(py, &mut self.game, &CardSpace, id)?)
    }

    /// Raises the error ``apply_as(seat, action)`` would raise, without applying it;
    /// ``None`` if the action is legal for ``seat`` (0 or 1). Another seat's action raises
    /// ``NotYourSeatError`` before the game is looked at, and no error names anything
    /// hidden from ``seat`` (docs/security.md, 'The Card Game'): this is what a server
    /// answers a seat. With external chance ``{"type": "roll"}`` is the seat's choice of
    /// rolling; the referee applies the ``roll_outcome`` it chose.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.CardGame(seed=7)
    /// >>> me = game.to_act[0]
    /// >>> game.check_as(1 - me, {"type": "roll", "player": me})
    /// Traceback (most recent call last):
    /// ...
    /// catan_rules.NotYourSeatError: player ... may not act for player ...
    fn check_as(&self, py: Python<'_>, seat: u8, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        generic::check_as(py, &self.game, seat, &action_of::<CardGame>(action)?)
    }

    /// Whether ``check_as(seat, action)`` accepts the action.
    fn is_legal_as(&self, py: Python<'_>, seat: u8, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let seat = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        let a = action_of::<CardGame>(action)?;
        Ok(generic::check_as(py, &self.game, seat, &a).is_ok())
    }

    /// Applies an action that ``seat`` sent: another seat's action raises
    /// ``NotYourSeatError`` first; on any error the game is unchanged. Returns every event,
    /// unredacted (the referee's record): give each seat ``CardGame.events_for(events,
    /// seat)``.
    fn apply_as<'py>(
        &mut self,
        py: Python<'py>,
        seat: u8,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let seat = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        let a = action_of::<CardGame>(action)?;
        dicts(py, &generic::apply_as(py, &mut self.game, seat, a)?)
    }

    /// ``seat``'s legal actions as dicts (empty when it has nothing to decide): safe to
    /// show that seat, unlike ``legal_actions`` (the referee's list). With external chance
    /// the outcomes are left out (``roll`` stands for the 36 dice; attack dice and shuffle
    /// steps are the referee's).
    fn legal_actions_for<'py>(
        &self,
        py: Python<'py>,
        seat: u8,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let seat = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        dicts(py, &generic::legal_actions_for(&self.game, seat))
    }

    /// ``legal_actions_for(seat)`` as booleans over the fixed action ids.
    fn legal_mask_for(&self, py: Python<'_>, seat: u8) -> PyResult<Vec<bool>> {
        let seat = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        let mut m = vec![false; ACTION_SPACE as usize];
        self.game.legal_mask_for(seat, &mut m);
        Ok(m)
    }

    /// Events (dicts, as ``apply`` returns them) as ``viewer`` may see them (``None``: a
    /// spectator): cards the other seat drew, took or put under a pile become ``None``.
    #[staticmethod]
    #[pyo3(signature = (events, viewer = None))]
    fn events_for<'py>(
        py: Python<'py>,
        events: Vec<Bound<'py, PyAny>>,
        viewer: Option<u8>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let viewer = seat_of(py, viewer)?;
        let mut parsed = Vec::with_capacity(events.len());
        for e in &events {
            let e: catan_rules::cards::CardEvent = serde_json::from_value(from_py(e)?)
                .map_err(|err| parse_message(py, err.to_string()))?;
            parsed.push(e);
        }
        dicts(py, &CardGame::events_for(&parsed, viewer))
    }

    /// What the game waits for, as a dict.
    #[getter]
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.decision())
    }

    /// The seats that may act now, as a list of ints.
    #[getter]
    fn to_act(&self) -> Vec<u32> {
        generic::to_act(&self.game)
    }

    /// The winner, or ``None``.
    #[getter]
    fn winner(&self) -> Option<u8> {
        generic::winner(&self.game)
    }

    /// The turn number.
    #[getter]
    fn turn(&self) -> u16 {
        self.game.turn()
    }

    /// Victory points of a seat.
    fn points(&self, py: Python<'_>, seat: u8) -> PyResult<u32> {
        let p = seat_of(py, Some(seat))?.unwrap_or(Player(0));
        Ok(self.game.points(p))
    }

    /// What ``seat`` may know (``None``: a spectator), as a dict.
    #[pyo3(signature = (seat = None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        generic::view(py, &self.game, seat_of(py, seat)?)
    }

    /// Both principalities as text.
    fn ascii(&self) -> String {
        self.game.to_ascii()
    }

    /// Both principalities as SVG (shown by notebooks).
    fn _repr_svg_(&self) -> String {
        self.game.to_svg(&SvgStyle::default())
    }

    /// An independent copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<CardGame turn {} points {}-{}>",
            self.game.turn(),
            self.game.points(Player(0)),
            self.game.points(Player(1))
        )
    }
}
