//! `catan_rules.CardGame`: the Catan Card Game (1996, two players) from Python, a thin skin
//! over `catan_rules::cards` (actions, events, views and positions as plain dicts), with the
//! queries, exceptions and protocols (`copy`, `pickle`, `==`) of `Game` wherever the Card
//! Game has the same thing.

use crate::convert::{from_py, ser_to_py};
use crate::engine::{self as generic, action_of, dicts};
use crate::errors::{no_such_player, parse_message};
use crate::fast::{FastCalls, Originals};
use crate::ids::{id_list, Listing};
use catan_rules::cards::{
    action_from_id, action_id, CardEvent, CardEventSink, CardGame, CardResource, CardRules,
    CardSpace, SvgStyle, ACTION_SPACE,
};
use catan_rules::{ChanceMode, Player};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// A game of the Catan Card Game, changed only by ``apply`` (all or nothing).
///
/// >>> import random, catan_rules
/// >>> game = catan_rules.CardGame(seed=7)
/// >>> rng = random.Random(1)
/// >>> while game.winner is None:
/// ...     events = game.apply(rng.choice([a for a in game.legal_actions() if a["type"] != "offer"]))
/// >>> max(game.scores) >= 12
/// True
#[pyclass(name = "CardGame", module = "catan_rules")]
#[derive(Clone)]
pub struct PyCardGame {
    pub(crate) game: CardGame,
    /// The seed the game was made with (`None` after `from_json`): the referee's secret.
    seed: Option<u64>,
    /// The ids of the last `legal_id_list`, and whether they are of the current state.
    listing: Listing,
}

/// A seat of the Card Game (0 or 1), or `NoSuchPlayerError` (a `ValueError`), as `Game`'s
/// calls that take a seat.
fn seat(py: Python<'_>, p: i64) -> PyResult<Player> {
    match p {
        0 | 1 => Ok(Player(p as u8)),
        _ => Err(no_such_player(py, p, 2)),
    }
}

/// A viewer: a seat, or `None` for a spectator.
fn viewer(py: Python<'_>, p: Option<i64>) -> PyResult<Option<Player>> {
    p.map(|p| seat(py, p)).transpose()
}

/// A card game event from a dict (as `apply` returns them).
fn event_of(py: Python<'_>, e: &Bound<'_, PyAny>) -> PyResult<CardEvent> {
    serde_json::from_value(from_py(e)?).map_err(|err| parse_message(py, err.to_string()))
}

/// A mask of booleans as a NumPy array, as `Game`'s masks are.
fn bool_array(py: Python<'_>, bits: Vec<bool>) -> Bound<'_, PyArray1<bool>> {
    PyArray1::from_vec(py, bits)
}

impl FastCalls for PyCardGame {
    fn id_list<'py>(&mut self, py: Python<'py>, offers: bool) -> PyResult<Bound<'py, PyList>> {
        // As `Game.legal_id_list`: the ids are kept for `step`, the list is a pooled one.
        self.game.legal_ids_with(&mut self.listing.ids, offers);
        self.listing.fresh = true;
        id_list(py, self.listing.ids.iter().copied())
    }

    fn step_id(&mut self, py: Python<'_>, id: u32) -> PyResult<bool> {
        self.apply_id_into(py, id, &mut ())?;
        Ok(self.game.winner().is_some())
    }

    fn originals() -> &'static Originals {
        static ORIGINALS: Originals = Originals::new();
        &ORIGINALS
    }
}

impl PyCardGame {
    /// A game made elsewhere (a batch's), without its seed.
    pub(crate) fn from_game(game: CardGame) -> PyCardGame {
        PyCardGame::with_seed(game, None)
    }

    fn with_seed(game: CardGame, seed: Option<u64>) -> PyCardGame {
        PyCardGame {
            game,
            seed,
            listing: Listing::default(),
        }
    }

    /// The game, to change it: the ids listed for the old state are dropped. Every call that
    /// may change the game takes it from here.
    fn game_mut(&mut self) -> &mut CardGame {
        self.listing.fresh = false;
        &mut self.game
    }

    /// Applies the action with fixed id `id`: an id listed for this very state without
    /// checking it again (every listed id applies), any other through the checked path,
    /// which raises its error and changes nothing.
    fn apply_id_into<S: CardEventSink>(
        &mut self,
        py: Python<'_>,
        id: u32,
        sink: &mut S,
    ) -> PyResult<()> {
        let listed = self.listing.has(id);
        let game = self.game_mut();
        if listed {
            game.apply_listed_id(id, sink);
            return Ok(());
        }
        for e in generic::apply_id(py, game, &CardSpace, id)? {
            sink.push(e);
        }
        Ok(())
    }

    /// The legal fixed ids, ascending; without the offers unless `offers`.
    fn ids(&self, offers: bool) -> Vec<u32> {
        let mut ids = Vec::new();
        self.game.legal_ids_with(&mut ids, offers);
        ids
    }

    /// The pickled state: the seed and the position (which holds the generator's state, so
    /// the game continues exactly).
    fn saved_state(&self) -> String {
        generic::saved_state("catan-py-card-game", 1, self.seed, &self.game.to_position())
    }
}

#[pymethods]
impl PyCardGame {
    /// A new game: ``seed`` fixes every shuffle and die; the keywords are the rules, one
    /// per field of ``CardRules`` (docs/cards.md, "Rules"): ``vp_target`` (3–14, default
    /// 12), ``hand_limit`` (1–7, default 3), ``chance`` (``"seeded"`` or ``"external"``)
    /// and ``choose_landscapes`` (default ``False``: with ``True`` the seat picks the
    /// landscape card each unit paid or received turns, by ``choose_card`` steps). Rules
    /// out of range raise ``RulesError``.
    ///
    /// ``seed=None`` (the default) draws a seed from the operating system, so no two
    /// default games are alike; give a seed to replay a game exactly. A seed is a secret:
    /// whoever knows it knows every shuffle and die to come (docs/security.md), so it is
    /// not shown by ``repr``.
    #[new]
    #[pyo3(signature = (
        seed = None,
        vp_target = 12,
        chance = "seeded",
        hand_limit = 3,
        choose_landscapes = false
    ))]
    fn new(
        py: Python<'_>,
        seed: Option<u64>,
        vp_target: u8,
        chance: &str,
        hand_limit: u8,
        choose_landscapes: bool,
    ) -> PyResult<Self> {
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
            hand_limit,
            chance,
            choose_landscapes,
        };
        let game = CardGame::try_new(rules, seed)
            .map_err(|e| <CardGame as crate::engine::PyEngine>::py_error(py, e.into()))?;
        Ok(PyCardGame::with_seed(game, Some(seed)))
    }

    /// A game from a position (JSON text, at most 1 MiB), validated: ``ParseError`` for
    /// malformed JSON, ``PositionError`` listing every problem in ``.detail["errors"]`` for
    /// a position that is not a possible game. Its ``seed`` is the one given, if any.
    #[staticmethod]
    #[pyo3(signature = (position, seed = None))]
    fn from_json(py: Python<'_>, position: &str, seed: Option<u64>) -> PyResult<Self> {
        crate::objects::check_input_size(py, position)?;
        generic::from_position(py, position).map(|game| PyCardGame::with_seed(game, seed))
    }

    /// The whole position as JSON (the referee's: both hands, every pile's order).
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// Every legal action as a dict (the referee's list: both seats' options).
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
        dicts(py, &generic::apply(py, self.game_mut(), a)?)
    }

    /// Whether an action is legal now (exactly when ``apply`` would succeed).
    fn is_legal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let a = action_of::<CardGame>(action)?;
        Ok(generic::check(py, &self.game, &a).is_ok())
    }

    /// Raises the error ``apply`` would raise for ``action``, without applying it; returns
    /// ``None`` if it is legal. The referee's: it takes either seat's action.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.CardGame(seed=7)
    /// >>> game.check({"type": "roll", "player": 1 - game.to_act[0]})
    /// Traceback (most recent call last):
    /// ...
    /// catan_rules.NotYourTurnError: it is not player ...'s decision now
    fn check(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        generic::check(py, &self.game, &action_of::<CardGame>(action)?)
    }

    /// The size of the fixed action space.
    #[getter]
    fn action_space_size(&self) -> u32 {
        ACTION_SPACE
    }

    /// The legal ids of the fixed action space (for the seat to act), as a NumPy ``bool``
    /// array of length ``action_space_size``; ``offers=False`` leaves out the offers to the
    /// opponent (the usual mask for training).
    #[pyo3(signature = (offers = true))]
    fn legal_mask<'py>(&self, py: Python<'py>, offers: bool) -> Bound<'py, PyArray1<bool>> {
        let mut m = vec![false; ACTION_SPACE as usize];
        self.game.legal_mask_with(&mut m, offers);
        bool_array(py, m)
    }

    /// The legal fixed ids (the ``True`` entries of ``legal_mask``), ascending, as a NumPy
    /// ``uint32`` array.
    #[pyo3(signature = (offers = true))]
    fn legal_ids<'py>(&self, py: Python<'py>, offers: bool) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_vec(py, self.ids(offers))
    }

    /// ``legal_ids()`` as a list of ints (faster for a Python loop over a few ids).
    #[pyo3(signature = (offers = true))]
    fn legal_id_list<'py>(
        &mut self,
        py: Python<'py>,
        offers: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        // The plain call comes through `crate::fast` to the same body.
        FastCalls::id_list(self, py, offers)
    }

    /// Applies a fixed action id for the seat to act. An id that names no action raises
    /// ``ValueError``, an illegal one the ``IllegalActionError`` of ``apply``.
    fn apply_id<'py>(&mut self, py: Python<'py>, id: u32) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let mut events = Vec::new();
        self.apply_id_into(py, id, &mut events)?;
        dicts(py, &events)
    }

    /// Applies a fixed action id, dropping its events, and returns whether the game is now
    /// over: ``apply_id(id)`` and ``winner is not None`` in one call, the shape of a playout
    /// loop (``done = game.step(ids[k])``), as ``Game.step``. Raises as ``apply_id`` does;
    /// the game is then unchanged.
    ///
    /// >>> import random
    /// >>> import catan_rules
    /// >>> game, rng, done = catan_rules.CardGame(seed=7), random.Random(1), False
    /// >>> while not done:
    /// ...     ids = game.legal_id_list(False)
    /// ...     done = game.step(ids[rng.randrange(len(ids))])
    /// >>> game.winner is not None
    /// True
    #[pyo3(signature = (id, /))]
    fn step(&mut self, py: Python<'_>, id: u32) -> PyResult<bool> {
        // The plain call comes through `crate::fast` to the same body.
        self.step_id(py, id)
    }

    /// The action with fixed id ``id`` now (the seat to act filled in), as a dict, legal or
    /// not; ``ValueError`` for an id that names no action.
    fn action_for_id<'py>(&self, py: Python<'py>, id: u32) -> PyResult<Bound<'py, PyAny>> {
        let who = self.game.to_act().iter().next().unwrap_or(Player(0));
        let a = action_from_id(id, who)
            .ok_or_else(|| PyValueError::new_err(format!("action id {id} names no action here")))?;
        ser_to_py(py, &a)
    }

    /// The fixed id of an action (a dict or JSON text), legal or not; ``ValueError`` if the
    /// numbering gives it none (offers other than one card for one).
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.CardGame(seed=7)
    /// >>> first = game.legal_actions()[0]
    /// >>> game.action_for_id(game.id_for_action(first)) == first
    /// True
    fn id_for_action(&self, action: &Bound<'_, PyAny>) -> PyResult<u32> {
        let a = action_of::<CardGame>(action)?;
        action_id(&a)
            .ok_or_else(|| PyValueError::new_err(format!("{} has no fixed action id", a.to_json())))
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
    fn check_as(&self, py: Python<'_>, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self::seat(py, seat)?;
        generic::check_as(py, &self.game, seat, &action_of::<CardGame>(action)?)
    }

    /// Whether ``check_as(seat, action)`` accepts the action.
    fn is_legal_as(&self, py: Python<'_>, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let seat = self::seat(py, seat)?;
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
        seat: i64,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let seat = self::seat(py, seat)?;
        let a = action_of::<CardGame>(action)?;
        dicts(py, &generic::apply_as(py, self.game_mut(), seat, a)?)
    }

    /// ``seat``'s legal actions as dicts (empty when it has nothing to decide): safe to
    /// show that seat, unlike ``legal_actions`` (the referee's list). With external chance
    /// the outcomes are left out (``roll`` stands for the 36 dice; attack dice and shuffle
    /// steps are the referee's).
    fn legal_actions_for<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let seat = self::seat(py, seat)?;
        dicts(py, &generic::legal_actions_for(&self.game, seat))
    }

    /// ``legal_actions_for(seat)`` as a NumPy ``bool`` array over the fixed action ids
    /// (``offers=False`` leaves out the offers).
    #[pyo3(signature = (seat, offers = true))]
    fn legal_mask_for<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
        offers: bool,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = self::seat(py, seat)?;
        let mut m = vec![false; ACTION_SPACE as usize];
        self.game.legal_mask_for_with(seat, &mut m, offers);
        Ok(bool_array(py, m))
    }

    /// Events (dicts, as ``apply`` returns them) as ``viewer`` may see them (``None``: a
    /// spectator): cards the other seat drew, took or put under a pile become ``None``.
    #[staticmethod]
    #[pyo3(signature = (events, viewer = None))]
    fn events_for<'py>(
        py: Python<'py>,
        events: Vec<Bound<'py, PyAny>>,
        viewer: Option<i64>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let viewer = self::viewer(py, viewer)?;
        let parsed = events
            .iter()
            .map(|e| event_of(py, e))
            .collect::<PyResult<Vec<_>>>()?;
        dicts(py, &CardGame::events_for(&parsed, viewer))
    }

    /// What the game waits for, as a dict with ``type`` (``"starter"``, ``"roll"``,
    /// ``"main"``, ``"step"`` with its ``step``, ``"game_over"``) and who decides.
    #[getter]
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.decision())
    }

    /// The seats that may act now, as a list of ints (empty when chance picks the starting
    /// player or the game is over).
    #[getter]
    fn to_act(&self) -> Vec<u32> {
        generic::to_act(&self.game)
    }

    /// The phase: ``"start"``, ``"opening"``, ``"roll"``, ``"main"`` or ``"over"``.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.phase())
    }

    /// Whose turn it is.
    #[getter]
    fn current_player(&self) -> u8 {
        self.game.current_player().0
    }

    /// The turn number: 0 before the starting player's first turn, then 1, 2, ...
    #[getter]
    fn turn(&self) -> u16 {
        self.game.turn()
    }

    /// The dice of this turn as ``[event die, production die]``, or ``None``.
    #[getter]
    fn dice(&self) -> Option<Vec<u32>> {
        // `u32`, not `u8`: a `Vec<u8>` would become `bytes` in Python.
        self.game
            .dice()
            .map(|(e, p)| vec![u32::from(e), u32::from(p)])
    }

    /// The winner's seat, or ``None`` while the game goes on.
    #[getter]
    fn winner(&self) -> Option<u8> {
        generic::winner(&self.game)
    }

    /// Both seats' victory points (tokens included; all on the table, so public).
    #[getter]
    fn scores(&self) -> Vec<u32> {
        [Player(0), Player(1)]
            .into_iter()
            .map(|p| self.game.points(p))
            .collect()
    }

    /// A seat's victory points (tokens included).
    fn points(&self, py: Python<'_>, seat: i64) -> PyResult<u32> {
        Ok(self.game.points(self::seat(py, seat)?))
    }

    /// A seat's stock: the resources stored on its landscapes, as a dict with all six
    /// (``brick``, ``lumber``, ``wool``, ``grain``, ``ore``, ``gold``).
    fn stock<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyDict>> {
        let stock = self.game.stock(self::seat(py, seat)?);
        let d = PyDict::new(py);
        for r in CardResource::ALL {
            d.set_item(r.name(), stock.get(r))?;
        }
        Ok(d)
    }

    /// A seat's strength points (who has the most, at least 3, holds the Knight token).
    fn strength(&self, py: Python<'_>, seat: i64) -> PyResult<u32> {
        Ok(self.game.strength(self::seat(py, seat)?))
    }

    /// A seat's tournament points.
    fn tournament_points(&self, py: Python<'_>, seat: i64) -> PyResult<u32> {
        Ok(self.game.tournament_points(self::seat(py, seat)?))
    }

    /// A seat's trade points (who has the most, at least 3, holds the Mill token).
    fn trade_points(&self, py: Python<'_>, seat: i64) -> PyResult<u32> {
        Ok(self.game.trade_points(self::seat(py, seat)?))
    }

    /// A seat's hand limit.
    fn hand_limit(&self, py: Python<'_>, seat: i64) -> PyResult<usize> {
        Ok(self.game.hand_limit(self::seat(py, seat)?))
    }

    /// The seat holding the Knight token, or ``None``.
    #[getter]
    fn knight_token(&self) -> Option<u8> {
        self.game.knight_token().map(|p| p.0)
    }

    /// The seat holding the Mill token, or ``None``.
    #[getter]
    fn mill_token(&self) -> Option<u8> {
        self.game.mill_token().map(|p| p.0)
    }

    /// A seat's hand as a list of ``{"card": n}`` (``"fresh": True`` for a card taken this
    /// turn): the referee's; a seat sees its own in ``view(seat)``.
    fn hand<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.hand(self::seat(py, seat)?))
    }

    /// The rules of this game, as a dict (``vp_target``, ``hand_limit``, ``chance``).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, self.game.rules())
    }

    /// The seed the game was created with (``None`` for a game loaded with ``from_json``).
    /// It decides every future shuffle and die: the referee's secret.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Every card of the game's catalogue, as a list of dicts: entry ``n`` is card number
    /// ``n`` of views, events, actions and positions, with its ``id`` (a stable key),
    /// ``name``, ``kind``, ``cost``, ``victory_points``, ``strength``, ``tournament``,
    /// ``trade``, ``effect``, ``count`` and, where it has them, ``resource`` and ``die``.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.CardGame(seed=7)
    /// >>> cells = game.view(0)["principalities"][0]["cells"]
    /// >>> row, col, card, stock, under = cells[0]
    /// >>> game.catalogue[card]["name"] == game.card_name(card)
    /// True
    #[getter]
    fn catalogue<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.catalogue().cards)
    }

    /// The English name of card number ``card`` (as views and events give it);
    /// ``ValueError`` for a number the catalogue does not have.
    fn card_name(&self, card: i64) -> PyResult<String> {
        usize::try_from(card)
            .ok()
            .and_then(|i| self.game.catalogue().cards.get(i))
            .map(|c| c.name.clone())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no card {card} in the catalogue (cards are 0 to {})",
                    self.game.catalogue().cards.len().saturating_sub(1)
                ))
            })
    }

    /// What ``seat`` may know (``None``: a spectator), as a dict; cards are catalogue
    /// numbers (``catalogue``, ``card_name``).
    #[pyo3(signature = (seat = None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        generic::view(py, &self.game, viewer(py, seat)?)
    }

    /// One event (a dict, as ``apply`` returns them) as a sentence, cards named.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.CardGame(seed=7)
    /// >>> events = game.apply(game.legal_actions()[0])
    /// >>> isinstance(game.describe_event(events[0]), str)
    /// True
    fn describe_event(&self, py: Python<'_>, event: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.game.describe(&event_of(py, event)?))
    }

    /// Both principalities as text.
    fn ascii(&self) -> String {
        self.game.to_ascii()
    }

    /// Both principalities as SVG text.
    fn to_svg(&self) -> String {
        self.game.to_svg(&SvgStyle::default())
    }

    /// Both principalities as SVG (shown by notebooks).
    fn _repr_svg_(&self) -> String {
        self.game.to_svg(&SvgStyle::default())
    }

    /// An independent copy that continues exactly like this game.
    fn copy(&self) -> Self {
        self.clone()
    }

    /// Puts this game in ``other``'s state, in place (a tree search's scratch copy):
    /// afterwards it continues exactly like ``other``.
    ///
    /// >>> import catan_rules
    /// >>> root = catan_rules.CardGame(seed=3)
    /// >>> scratch = root.copy()
    /// >>> _ = root.apply(root.legal_actions()[0])
    /// >>> scratch.copy_from(root)
    /// >>> scratch == root
    /// True
    fn copy_from(slf: &Bound<'_, Self>, other: &Bound<'_, Self>) -> PyResult<()> {
        if slf.is(other) {
            return Ok(());
        }
        let src = other.try_borrow()?;
        let mut dst = slf.try_borrow_mut()?;
        dst.game_mut().clone_from(&src.game);
        dst.seed = src.seed;
        Ok(())
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    #[pyo3(signature = (memo = None))]
    fn __deepcopy__(&self, memo: Option<&Bound<'_, PyAny>>) -> Self {
        let _ = memo;
        self.clone()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let state = slf.borrow().saved_state();
        let f = py.get_type::<PyCardGame>().getattr("_from_state")?;
        Ok((f, PyTuple::new(py, [PyString::new(py, &state)])?))
    }

    /// Rebuilds a game from `__reduce__`'s state (private: the format may change).
    #[staticmethod]
    fn _from_state(py: Python<'_>, state: &str) -> PyResult<Self> {
        let (seed, position) = generic::load_saved_state(py, state, "catan-py-card-game")?;
        let game = generic::from_position(py, &position.to_string())?;
        Ok(PyCardGame::with_seed(game, seed))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyCardGame>() {
            Ok(o) => {
                let eq = match o.try_borrow() {
                    Ok(o) => o.game == self.game,
                    Err(_) => false,
                };
                Ok(eq.into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __repr__(&self) -> String {
        // No seed: it decides the whole future of the game.
        format!(
            "<CardGame turn {} points {}-{}>",
            self.game.turn(),
            self.game.points(Player(0)),
            self.game.points(Player(1))
        )
    }
}
