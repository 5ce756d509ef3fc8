//! `Game`, its live `LegalActions` view and `Board`.

use crate::convert::{from_py, ser_to_py};
use crate::engine as generic;
use crate::errors::{load_error, new_game_error, parse_error, rule_error};
use crate::fast::{FastCalls, Originals};
use crate::ids::{id_list, Listing};
use crate::objects::{action_arg, PyAction, PyEvent};
use crate::svg;
use catan_rules::action_space::{ActionSpace, IdError};
use catan_rules::event::EventSink;
use catan_rules::game::ListingMemo;
use catan_rules::{Action, Board, Game, Player, PlayerSet, Rules};
use numpy::{PyArray1, PyArrayDyn};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyString, PyTuple};
use serde_json::Value;
use std::sync::{Arc, OnceLock};

/// Rules from keyword arguments: `Rules::default()` with the given fields replaced.
///
/// Unknown keywords raise `TypeError`; bad values `ParseError`; unplayable rules are left to
/// `Game::new` (`RulesError`).
pub fn rules_from_kwargs(
    py: Python<'_>,
    fixed: &[(&str, Value)],
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Rules> {
    let Value::Object(mut m) = serde_json::to_value(Rules::default()).expect("rules serialize")
    else {
        unreachable!("rules are an object")
    };
    // Options left out of the JSON at their defaults are keywords too.
    for (k, v) in [
        ("island", Value::from("auto")),
        ("special_build_phase", Value::Null),
        ("scenario", Value::Null),
        ("older_edition", Value::from(false)),
        ("fog_setup_unpaid", Value::from(false)),
    ] {
        m.entry(k).or_insert(v);
    }
    let known: Vec<String> = m.keys().cloned().collect();
    // A scenario's target unless one is given (`Game(scenario="new_shores")` plays to 14).
    m.remove("vp_target");
    for (k, v) in fixed {
        m.insert((*k).to_owned(), v.clone());
    }
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let k: String = k.extract()?;
            if !known.contains(&k) {
                return Err(PyTypeError::new_err(format!(
                    "unexpected rules option '{k}' (options: {})",
                    known.join(", ")
                )));
            }
            m.insert(k, from_py(&v)?);
        }
    }
    serde_json::from_value(Value::Object(m)).map_err(|e| parse_error(py, e.into()))
}

/// A game of Catan: the rules engine's state, changed only by `apply` (all or nothing).
///
/// The seed decides the whole game (board, dice, deck order): without `seed=` a new game
/// draws one from the operating system, and the seed is a secret (it is not in the `repr`
/// nor in any view).
///
/// >>> import catan_rules
/// >>> game = catan_rules.Game(players=3, map="beginner", seed=7)
/// >>> game
/// <Game players=3 map='beginner' turn=1 phase='roll' to_act=[0] scores=[2, 2, 2]>
/// >>> game.apply({"type": "roll", "player": 0})[0]
/// Event('dice_rolled', player=0, dice=[4, 5], total=9)
/// >>> game.is_legal(catan_rules.Action("end_turn", player=0))
/// True
#[pyclass(name = "Game", module = "catan_rules")]
pub struct PyGame {
    game: Game,
    /// The seed the game was made with (`None` for a game loaded from a position).
    seed: Option<u64>,
    /// Legal actions of the current state, computed on demand.
    legal: Vec<Action>,
    legal_fresh: bool,
    /// The fixed action space of the board, made on first use.
    space: OnceLock<ActionSpace>,
    /// The ids of the last `legal_id_list`, and whether they are of the current state.
    listing: Listing,
    /// What the listing keeps from one state to the next while the pieces stand still
    /// (road spots, settlement sites, the buildings around each hex): same ids, less work.
    memo: ListingMemo,
}

impl FastCalls for PyGame {
    fn id_list<'py>(&mut self, py: Python<'py>, offers: bool) -> PyResult<Bound<'py, PyList>> {
        // The hot call of a Python playout loop: the ids are listed into a kept buffer
        // (which `step` then trusts for this state) and the list is a pooled one refilled
        // with shared int objects (`crate::ids`).
        let (game, cell) = (&self.game, &self.space);
        let space = cell.get_or_init(|| ActionSpace::new(game.board(), game.players()));
        let listing = &mut self.listing;
        game.legal_ids_memo(space, &mut self.memo, &mut listing.ids, offers);
        listing.fresh = true;
        id_list(py, listing.ids.iter().copied())
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

impl PyGame {
    /// The core game (read-only), for the other binding modules.
    pub(crate) fn core(&self) -> &Game {
        &self.game
    }

    /// The fixed action space of this game's board and player count.
    fn space(&self) -> &ActionSpace {
        self.space
            .get_or_init(|| ActionSpace::new(self.game.board(), self.game.players()))
    }

    /// The fixed ids of the legal actions, ascending; without the domestic offers unless
    /// `offers`.
    fn ids(&self, offers: bool) -> Vec<u32> {
        let mut ids = Vec::new();
        self.game.legal_ids_with(self.space(), &mut ids, offers);
        ids
    }

    pub(crate) fn from_game(game: Game, seed: Option<u64>) -> PyGame {
        PyGame {
            game,
            seed,
            legal: Vec::new(),
            legal_fresh: false,
            space: OnceLock::new(),
            listing: Listing::default(),
            memo: ListingMemo::lazy(),
        }
    }

    /// The game, to change it: every cached listing of the old state is dropped. Every
    /// call that may change the game takes it from here (or from [`PyGame::changing`]).
    fn game_mut(&mut self) -> &mut Game {
        self.legal_fresh = false;
        self.listing.fresh = false;
        &mut self.game
    }

    /// The game, to change it, and its action space (made on first use), as
    /// [`PyGame::game_mut`].
    fn changing(&mut self) -> (&mut Game, &ActionSpace) {
        self.legal_fresh = false;
        self.listing.fresh = false;
        let (game, cell) = (&mut self.game, &self.space);
        let space = cell.get_or_init(|| ActionSpace::new(game.board(), game.players()));
        (game, space)
    }

    /// Applies the action with fixed id `id`: an id of the mask listed for this very state
    /// without checking it again (every listed id applies), any other through the checked
    /// path, which raises its error and changes nothing.
    fn apply_id_into<S: EventSink>(
        &mut self,
        py: Python<'_>,
        id: u32,
        sink: &mut S,
    ) -> PyResult<()> {
        let listed = self.listing.has(id);
        let (game, space) = self.changing();
        if listed {
            game.apply_masked_id(space, id, sink);
            return Ok(());
        }
        game.apply_id(space, id, sink).map_err(|e| match e {
            IdError::Unknown(_) => PyValueError::new_err(e.to_string()),
            IdError::Rule(r) => rule_error(py, r),
        })
    }

    fn legal(&mut self) -> &[Action] {
        if !self.legal_fresh {
            self.game.legal_actions(&mut self.legal);
            self.legal_fresh = true;
        }
        &self.legal
    }

    /// A seat of this game, or `NoSuchPlayerError` (a `ValueError`).
    fn player(&self, p: i64) -> PyResult<Player> {
        if p < 0 || p >= i64::from(self.game.players()) {
            let players = self.game.players();
            return Err(Python::attach(|py| {
                crate::errors::no_such_player(py, p, players)
            }));
        }
        Ok(Player(p as u8))
    }

    /// The pickled state: the seed the game was made with and its position JSON (which
    /// holds everything, the generator's state included, so the game continues exactly).
    fn saved_state(&self) -> String {
        generic::saved_state("catan-py-game", 2, self.seed, &self.game.to_position())
    }

    fn clone_game(&self) -> PyGame {
        PyGame {
            game: self.game.clone(),
            seed: self.seed,
            legal: Vec::new(),
            legal_fresh: false,
            space: OnceLock::new(),
            listing: Listing::default(),
            memo: ListingMemo::lazy(),
        }
    }
}

/// Seats as a list of ints (`Vec<u8>` would become `bytes` in Python).
fn players_list(s: PlayerSet) -> Vec<u32> {
    s.iter().map(|p| u32::from(p.0)).collect()
}

/// A seed from the operating system's random source (`os.urandom`).
pub(crate) fn os_seed(py: Python<'_>) -> PyResult<u64> {
    let bytes: Vec<u8> = py.import("os")?.call_method1("urandom", (8,))?.extract()?;
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[..8]);
    Ok(u64::from_le_bytes(b))
}

/// The rules of `Game(players, map, **rules)` and the seed given, or one drawn from the
/// operating system.
fn rules_and_seed(
    py: Python<'_>,
    players: u8,
    map: &str,
    seed: Option<u64>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Rules, u64)> {
    let r = rules_from_kwargs(
        py,
        &[("players", Value::from(players)), ("map", Value::from(map))],
        rules,
    )?;
    let seed = match seed {
        Some(s) => s,
        None => os_seed(py)?,
    };
    Ok((r, seed))
}

/// A seat argument of a seat-scoped call: any seat number the core can name goes to the
/// core (which refuses seats outside the game with `NoSuchPlayerError`).
fn seat_arg(seat: i64) -> PyResult<Player> {
    u8::try_from(seat).map(Player).map_err(|_| {
        Python::attach(|py| {
            let detail = PyDict::new(py);
            if let Err(e) = detail.set_item("player", seat) {
                return e;
            }
            crate::errors::new_error(
                py,
                "NoSuchPlayerError",
                format!("{seat} is not a seat number"),
                "no_such_player",
                detail.into_any(),
            )
        })
    })
}

#[pymethods]
impl PyGame {
    /// A new game. Every rules option can be given as a keyword (`vp_target=8`,
    /// `strict_phases=True`, `friendly_robber=True`, `discard_limit=9`,
    /// `vocabulary="zip"`, `chance="external"`, and for a Seafarers scenario
    /// `scenario="new_shores"`, whose target applies unless `vp_target` is given).
    ///
    /// `seed=None` (the default) draws a seed from the operating system, so no two default
    /// games are alike; give a seed to replay a game exactly.
    ///
    /// Raises `RulesError` for rules that cannot be played, `ParseError` for a bad value,
    /// `TypeError` for an unknown option.
    #[new]
    #[pyo3(signature = (players = 4, map = "beginner", seed = None, **rules))]
    fn new(
        py: Python<'_>,
        players: u8,
        map: &str,
        seed: Option<u64>,
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        let (r, seed) = rules_and_seed(py, players, map, seed, rules)?;
        let g = Game::new(r, seed).map_err(|e| new_game_error(py, e))?;
        Ok(PyGame::from_game(g, Some(seed)))
    }

    /// A new game from rules given as JSON (`{"players": 3, "map": "variable"}`; missing
    /// fields take their defaults).
    ///
    /// >>> Game.from_rules_json('{"players": 3}', seed=1).rules["players"]
    /// 3
    #[staticmethod]
    #[pyo3(signature = (rules, seed = None))]
    fn from_rules_json(py: Python<'_>, rules: &str, seed: Option<u64>) -> PyResult<PyGame> {
        let r: Rules = crate::objects::from_json(py, rules)?;
        let seed = match seed {
            Some(s) => s,
            None => os_seed(py)?,
        };
        let g = Game::new(r, seed).map_err(|e| new_game_error(py, e))?;
        Ok(PyGame::from_game(g, Some(seed)))
    }

    /// A new game on a Seafarers map of one's own (`Game::with_sea_map` in Rust,
    /// `catan_game_new_sea_map` in C): `sea_map` as JSON text or a dict (its land areas,
    /// start areas, special points, unexplored spaces and target; the format is in the
    /// Seafarers docs, "Sea maps"), the rules as keywords as for `Game(...)`: `map="beginner"`
    /// plays the map as printed, `"random"` or `"variable"` deal its pools. The map's
    /// `victory_points` are the target.
    ///
    /// >>> islands = {"name": "two islands", "victory_points": 3, "hexes": [
    /// ...     {"q": 0, "r": 0, "terrain": "forest", "number": 8},
    /// ...     {"q": 1, "r": 0, "terrain": "sea"},
    /// ...     {"q": 2, "r": 0, "terrain": "gold", "number": 5}]}
    /// >>> game = Game.from_sea_map(islands, players=2, seed=1)
    /// >>> game.rules["vp_target"], game.pieces_left(0)["ships"]
    /// (3, 15)
    ///
    /// Raises `RulesError` (kind `"map"`, every problem in `.detail["errors"]`) for a map
    /// that is not a valid sea map, `RulesError` for rules that cannot be played (a
    /// `scenario` among them), `TypeError` for an unknown option.
    #[staticmethod]
    #[pyo3(signature = (sea_map, players = 4, map = "beginner", seed = None, **rules))]
    fn from_sea_map(
        py: Python<'_>,
        sea_map: &Bound<'_, PyAny>,
        players: u8,
        map: &str,
        seed: Option<u64>,
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyGame> {
        let (r, seed) = rules_and_seed(py, players, map, seed, rules)?;
        let text = match sea_map.cast::<PyString>() {
            Ok(s) => s.to_str()?.to_owned(),
            Err(_) => from_py(sea_map)?.to_string(),
        };
        crate::objects::check_input_size(py, &text)?;
        let sea_map = catan_rules::board::SeaMap::from_json(&text)
            .map_err(|e| new_game_error(py, e.into()))?;
        let g = Game::with_sea_map(r, &sea_map, seed).map_err(|e| new_game_error(py, e))?;
        Ok(PyGame::from_game(g, Some(seed)))
    }

    /// The pieces left in a seat's supply: `roads`, `settlements`, `cities` and `ships`
    /// (15 less those built on an open-sea map, 0 elsewhere). Public.
    fn pieces_left<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        let (roads, settlements, cities, ships) = self.game.pieces_left(self.player(player)?);
        let d = PyDict::new(py);
        d.set_item("roads", roads)?;
        d.set_item("settlements", settlements)?;
        d.set_item("cities", cities)?;
        d.set_item("ships", ships)?;
        Ok(d)
    }

    /// Applies an action (an `Action`, a dict or a JSON string) and returns the events it
    /// caused. All or nothing: on error the game is unchanged.
    ///
    /// Raises `ParseError` if the action is malformed, an `IllegalActionError` subclass if
    /// the rules do not allow it now.
    fn apply(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Vec<PyEvent>> {
        let a = action_arg(py, action)?;
        let events = self.game_mut().apply(a).map_err(|e| rule_error(py, e))?;
        Ok(events.into_iter().map(PyEvent).collect())
    }

    /// The number of fixed action ids of this board and player count: every id is in
    /// `range(action_space_size)`. Ids are fixed for the whole game (unlike positions in
    /// `legal_actions`); the numbering is documented in the `catan_rules::action_space`
    /// Rust module.
    ///
    /// >>> import catan_rules
    /// >>> catan_rules.Game(map="beginner").action_space_size
    /// 3275
    #[getter]
    fn action_space_size(&self) -> usize {
        self.space().len()
    }

    /// The legal actions now as a boolean NumPy array over the fixed ids
    /// (`mask[id]` is true when the action with that id is legal), with no Python object
    /// per action. Discards are offered one card at a time (one id per card kind held);
    /// the mask is never empty while the game is on. `offers=False` leaves out the
    /// domestic trade offers.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> mask = game.legal_mask()
    /// >>> mask.dtype, mask.shape, int(mask.sum()) == len(game.legal_actions)
    /// (dtype('bool'), (1315,), True)
    #[pyo3(signature = (offers = true))]
    fn legal_mask<'py>(&self, py: Python<'py>, offers: bool) -> Bound<'py, PyArray1<bool>> {
        let space = self.space();
        let mut words = vec![0u64; space.words()];
        self.game.legal_mask_with(space, &mut words, offers);
        let bits: Vec<bool> = (0..space.len())
            .map(|i| words[i / 64] >> (i % 64) & 1 != 0)
            .collect();
        PyArray1::from_vec(py, bits)
    }

    /// The fixed ids of the legal actions now, ascending, as a NumPy `uint32` array.
    /// `offers=False` leaves out the domestic trade offers (the workload of random
    /// playouts, where endless offers would only slow a game down).
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> ids = game.legal_ids()
    /// >>> game.action_for_id(int(ids[0]))
    /// Action('roll', player=0)
    #[pyo3(signature = (offers = true))]
    fn legal_ids<'py>(&self, py: Python<'py>, offers: bool) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_vec(py, self.ids(offers))
    }

    /// The same ids as `legal_ids`, as a plain list of ints: faster than an array when a
    /// Python loop picks one of a handful of ids at every step.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> game.legal_id_list() == [int(i) for i in game.legal_ids()]
    /// True
    #[pyo3(signature = (offers = true))]
    fn legal_id_list<'py>(
        &mut self,
        py: Python<'py>,
        offers: bool,
    ) -> PyResult<Bound<'py, PyList>> {
        // The plain call comes through `crate::fast` to the same body.
        FastCalls::id_list(self, py, offers)
    }

    /// Applies the action with fixed id `id` and returns its events, like `apply`
    /// (`events=False` returns `None` instead: the fastest way to step a game).
    ///
    /// Raises `ValueError` if the id is out of range and the `IllegalActionError` subclass
    /// of `apply` if the action is illegal; the game is then unchanged.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> game.apply_id(game.id_for_action({"type": "roll", "player": 0}))[0].type
    /// 'dice_rolled'
    #[pyo3(signature = (id, events = true))]
    fn apply_id(
        &mut self,
        py: Python<'_>,
        id: u32,
        events: bool,
    ) -> PyResult<Option<Vec<PyEvent>>> {
        if events {
            let mut sink = Vec::new();
            self.apply_id_into(py, id, &mut sink)?;
            Ok(Some(sink.into_iter().map(PyEvent).collect()))
        } else {
            self.apply_id_into(py, id, &mut ())?;
            Ok(None)
        }
    }

    /// Applies the action with fixed id `id`, dropping its events, and returns whether the
    /// game is now over: `apply_id(id, events=False)` and `winner is not None` in one call,
    /// the shape of a playout loop (`done = game.step(ids[k])`). The argument is positional
    /// only, which spares the keyword parsing of `apply_id`.
    ///
    /// Raises as `apply_id` does (`ValueError` for an id that names no action now, the
    /// `IllegalActionError` subclass for an illegal action); the game is then unchanged.
    ///
    /// >>> import random
    /// >>> import catan_rules
    /// >>> game, rng, done = catan_rules.Game(map="beginner", seed=7), random.Random(1), False
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

    /// The id table: one row per fixed id, as a NumPy structured array with fields `id`,
    /// `block` (the id's block, e.g. `"road"`, `"discard"`), `index` (within the block),
    /// `kind` (the action type, as in `Action.type`), `seat` (of a per-seat block —
    /// accept, reject, discard — or the partner of a confirm; -1: the seat the game waits
    /// for), `node`, `edge`, `hex`, `victim`, `resource`, `give`, `get`, `rate`, `card`
    /// (-1 where they do not apply), `dice` (2) and `resources` (5, by resource).
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> table = game.action_table()
    /// >>> len(table) == game.action_space_size
    /// True
    /// >>> row = table[game.id_for_action({"type": "build_road", "player": 0, "edge": 5})]
    /// >>> str(row["kind"]), int(row["edge"])
    /// ('build_road', 5)
    fn action_table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let rows = PyList::empty(py);
        for r in self.space().table() {
            let fields: [Bound<'py, PyAny>; 17] = [
                r.id.into_pyobject(py)?.into_any(),
                r.block.name().into_pyobject(py)?.into_any(),
                r.index.into_pyobject(py)?.into_any(),
                r.kind.into_pyobject(py)?.into_any(),
                r.seat.into_pyobject(py)?.into_any(),
                r.node.into_pyobject(py)?.into_any(),
                r.edge.into_pyobject(py)?.into_any(),
                r.to_edge.into_pyobject(py)?.into_any(),
                r.hex.into_pyobject(py)?.into_any(),
                r.victim.into_pyobject(py)?.into_any(),
                r.resource.into_pyobject(py)?.into_any(),
                r.give.into_pyobject(py)?.into_any(),
                r.get.into_pyobject(py)?.into_any(),
                r.rate.into_pyobject(py)?.into_any(),
                r.card.into_pyobject(py)?.into_any(),
                (r.dice[0], r.dice[1]).into_pyobject(py)?.into_any(),
                PyTuple::new(py, r.resources)?.into_any(),
            ];
            rows.append(PyTuple::new(py, fields)?)?;
        }
        let np = py.import("numpy")?;
        let dtype = vec![
            ("id", "u4", 1usize),
            ("block", "U20", 1),
            ("index", "u4", 1),
            ("kind", "U24", 1),
            ("seat", "i1", 1),
            ("node", "i2", 1),
            ("edge", "i2", 1),
            ("to_edge", "i2", 1),
            ("hex", "i2", 1),
            ("victim", "i1", 1),
            ("resource", "i1", 1),
            ("give", "i1", 1),
            ("get", "i1", 1),
            ("rate", "i1", 1),
            ("card", "i1", 1),
            ("dice", "i1", 2),
            ("resources", "u1", 5),
        ];
        let dtype = PyList::new(
            py,
            dtype
                .into_iter()
                .map(|(n, t, k)| {
                    if k == 1 {
                        (n, t).into_pyobject(py).map(|o| o.into_any())
                    } else {
                        (n, t, k).into_pyobject(py).map(|o| o.into_any())
                    }
                })
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", dtype)?;
        np.call_method("array", (rows,), Some(&kwargs))
    }

    /// The observation of this game from `seat`'s point of view, with the board (as
    /// `catan_rules.observation(game, seat, out)`): a flat `float32` vector, written into
    /// `out` when given.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> bool((game.observation(1) == catan_rules.observation(game, 1)).all())
    /// True
    #[pyo3(signature = (seat, out = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: u8,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        crate::agents::observe(py, &self.game, seat, out)
    }

    /// The board planes of this game from `seat`'s point of view (as
    /// `catan_rules.observation_planes(game, seat, out)`).
    #[pyo3(signature = (seat, out = None))]
    fn observation_planes<'py>(
        &self,
        py: Python<'py>,
        seat: u8,
        out: Option<Bound<'py, PyArrayDyn<f32>>>,
    ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
        crate::agents::observe_planes(py, &self.game, seat, out)
    }

    /// The action with fixed id `id` in this game now (the acting player filled in),
    /// legal or not.
    ///
    /// Raises `ValueError` if the id names no action now.
    fn action_for_id(&self, id: u32) -> PyResult<PyAction> {
        self.space()
            .decode(&self.game, id)
            .map(PyAction)
            .ok_or_else(|| PyValueError::new_err(format!("action id {id} names no action here")))
    }

    /// The fixed id of an action (an `Action`, a dict or JSON text), legal or not.
    ///
    /// Raises `ParseError` if it is malformed and `ValueError` if the numbering gives it no
    /// id (offers other than one card for one to everyone, counter-offers, discards of
    /// several cards at once: those are made one card at a time).
    fn id_for_action(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<u32> {
        let a = action_arg(py, action)?;
        self.space()
            .encode(&a)
            .ok_or_else(|| PyValueError::new_err(format!("{} has no fixed action id", a.to_json())))
    }

    /// Whether `action` is legal now: exactly when `apply` would succeed.
    ///
    /// Raises `ParseError` if the action is malformed.
    fn is_legal(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.game.is_legal(&action_arg(py, action)?))
    }

    /// Raises the error `apply` would raise for `action`, without applying it; returns
    /// `None` if it is legal.
    fn check(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        generic::check(py, &self.game, &action_arg(py, action)?)
    }

    /// Raises the error `apply_as(seat, action)` would raise, without applying it; returns
    /// `None` if the action is legal for `seat`. Another seat's action raises
    /// `NotYourSeatError` before the game is looked at, and no error names anything hidden
    /// from `seat` (see docs/security.md): this is what a server answers a seat. With
    /// external chance the action is checked as the seat's choice: an outcome in it (dice,
    /// stolen card, card drawn) is not looked at.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> game.check_as(1, {"type": "roll", "player": 0})
    /// Traceback (most recent call last):
    /// ...
    /// catan_rules.NotYourSeatError: player 1 may not act for player 0
    fn check_as(&self, py: Python<'_>, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = seat_arg(seat)?;
        let a = action_arg(py, action)?;
        generic::check_as(py, &self.game, seat, &a)
    }

    /// Whether `check_as(seat, action)` accepts the action.
    fn is_legal_as(&self, py: Python<'_>, seat: i64, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        let seat = seat_arg(seat)?;
        Ok(self.game.is_legal_as(seat, &action_arg(py, action)?))
    }

    /// Applies an action that seat `seat` sent: another seat's action raises
    /// `NotYourSeatError` first; on any error the game is unchanged, and the error may be
    /// shown to the seat. Returns every event, unredacted (the referee's record): give each
    /// seat `Game.events_for(events, seat)`.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> events = game.apply_as(0, {"type": "roll", "player": 0})
    /// >>> catan_rules.Game.events_for(events, 2) == events
    /// True
    fn apply_as(
        &mut self,
        py: Python<'_>,
        seat: i64,
        action: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyEvent>> {
        let seat = seat_arg(seat)?;
        let a = action_arg(py, action)?;
        let events = self
            .game_mut()
            .apply_as(seat, a)
            .map_err(|e| rule_error(py, e))?;
        Ok(events.into_iter().map(PyEvent).collect())
    }

    /// Seat `seat`'s legal actions now, as a list (empty when it has nothing to decide):
    /// they follow from the public state and the seat's own cards only, so the list may be
    /// shown to that seat, unlike `legal_actions` (every seat's options: during discards
    /// they give away each owing seat's hand). With external chance each choice appears
    /// once, without its outcome.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> game.legal_actions_for(0), game.legal_actions_for(1)
    /// ([Action('roll', player=0)], [])
    fn legal_actions_for(&self, seat: i64) -> PyResult<Vec<PyAction>> {
        let seat = self.player(seat)?;
        Ok(generic::legal_actions_for(&self.game, seat)
            .into_iter()
            .map(PyAction)
            .collect())
    }

    /// `legal_actions_for(seat)` as a boolean NumPy array over the fixed ids, like
    /// `legal_mask` (discards one card at a time; `offers=False` leaves out the domestic
    /// offers).
    #[pyo3(signature = (seat, offers = true))]
    fn legal_mask_for<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
        offers: bool,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = self.player(seat)?;
        let space = self.space();
        let mut words = vec![0u64; space.words()];
        self.game
            .legal_mask_for_with(seat, space, &mut words, offers);
        let bits: Vec<bool> = (0..space.len())
            .map(|i| words[i / 64] >> (i % 64) & 1 != 0)
            .collect();
        Ok(PyArray1::from_vec(py, bits))
    }

    /// Events as `viewer` may see them (`None`: a spectator): a stolen card only for thief
    /// and victim, a bought card only for the buyer.
    ///
    /// >>> from catan_rules import Event, Game
    /// >>> bought = [Event("development_card_bought", player=1, card="knight")]
    /// >>> Game.events_for(bought, 0)
    /// [Event('development_card_bought', player=1)]
    #[staticmethod]
    #[pyo3(signature = (events, viewer = None))]
    fn events_for(events: Vec<Bound<'_, PyAny>>, viewer: Option<i64>) -> PyResult<Vec<PyEvent>> {
        let viewer = viewer.map(seat_arg).transpose()?;
        let events = events
            .iter()
            .map(|e| Ok(e.cast::<PyEvent>()?.get().0))
            .collect::<PyResult<Vec<catan_rules::Event>>>()?;
        Ok(Game::events_for(&events, viewer)
            .into_iter()
            .map(PyEvent)
            .collect())
    }

    /// The seat holding Longest Road, or `None`.
    #[getter]
    fn longest_road_holder(&self) -> Option<u8> {
        self.game.longest_road_holder().map(|p| p.0)
    }

    /// The seat holding Largest Army, or `None`.
    #[getter]
    fn largest_army_holder(&self) -> Option<u8> {
        self.game.largest_army_holder().map(|p| p.0)
    }

    /// The length of a seat's longest road.
    fn road_length(&self, player: i64) -> PyResult<u8> {
        Ok(self.game.longest_road_of(self.player(player)?))
    }

    /// The knights a seat has played.
    fn knights_played(&self, player: i64) -> PyResult<u8> {
        Ok(self.game.knights_played(self.player(player)?))
    }

    /// Every legal action now, as a live view: it always reflects the current state.
    /// Supports `len`, iteration, indexing and `in` (which checks legality exactly, so it
    /// also accepts domestic offers outside the listed family; malformed input is simply not
    /// in it).
    ///
    /// >>> game = Game(players=4, map="beginner", seed=7)
    /// >>> list(game.legal_actions)
    /// [Action('roll', player=0)]
    #[getter]
    fn legal_actions(slf: Bound<'_, Self>) -> LegalActions {
        LegalActions { game: slf.unbind() }
    }

    /// What the game waits for, as a dict with `type` (`"roll"`, `"main"`, `"discard"`, ...)
    /// and who must act.
    #[getter]
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        // Sets of seats are lists of seat numbers, as on the wire.
        let d = ser_to_py(py, &self.game.decision())?.cast_into::<PyDict>()?;
        if let Some(a) = d.get_item("amounts")? {
            let mut a: Vec<u32> = a.extract()?;
            a.truncate(self.game.players() as usize);
            d.set_item("amounts", a)?;
        }
        Ok(d.into_any())
    }

    /// The seats that may act now (several while discarding, answering an offer or choosing gold).
    #[getter]
    fn to_act(&self) -> Vec<u32> {
        generic::to_act(&self.game)
    }

    /// The phase: `"setup_settlement"`, `"setup_road"`, `"roll"`, `"discard"`,
    /// `"move_robber"`, `"main"`, `"road_building"` or `"game_over"`.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.phase())
    }

    /// Whose turn it is.
    #[getter]
    fn current_player(&self) -> u8 {
        self.game.current_player().0
    }

    /// Turn number: 0 during set-up, then 1, 2, ...
    #[getter]
    fn turn(&self) -> u32 {
        self.game.turn()
    }

    /// The winner's seat, or `None` while the game goes on.
    #[getter]
    fn winner(&self) -> Option<u8> {
        generic::winner(&self.game)
    }

    /// Every seat's points, hidden victory point cards included.
    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.game.scores().into_iter().map(u32::from).collect()
    }

    /// A seat's points, hidden victory point cards included.
    fn points(&self, player: i64) -> PyResult<u8> {
        Ok(self.game.points(self.player(player)?))
    }

    /// A seat's resource cards, as `{"brick": n, "lumber": n, "wool": n, "grain": n, "ore": n}`.
    fn hand<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.hand(self.player(player)?))
    }

    /// The dice rolled this turn, or `None`.
    #[getter]
    fn dice(&self) -> Option<Vec<u32>> {
        self.game.dice().map(|d| d.map(u32::from).to_vec())
    }

    /// The robber's hex id, or `None`.
    #[getter]
    fn robber(&self) -> Option<u8> {
        self.game.robber().map(|h| h.0)
    }

    /// Cards left in the bank.
    #[getter]
    fn bank<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.game.bank())
    }

    /// The rules of this game, as a dict.
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, self.game.rules())
    }

    /// The seed the game was created with (`None` for a game loaded with `from_json`: a
    /// position does not record it). The seed decides every future roll and draw: it is a
    /// secret of whoever runs the game, never shown to a seat.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The board: hexes, nodes (intersections) and edges (paths), with ids and coordinates.
    #[getter]
    fn board(&self) -> PyBoard {
        PyBoard(Arc::clone(self.game.board()))
    }

    /// The whole game as a position JSON string (hidden cards and the generator's state
    /// included: for saving and resuming, not for showing to a player). See
    /// `docs/position.md`.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(players=3, seed=1)
    /// >>> catan_rules.Game.from_json(game.to_json()) == game
    /// True
    fn to_json(&self) -> String {
        self.game.to_json()
    }

    /// A game resumed from a position JSON string (at most 1 MiB). Its `seed` is the one
    /// given, if any (a position holds the generator's state, not the seed it came from).
    /// Raises `ParseError` for malformed JSON and `PositionError` (listing every problem in
    /// `.detail["errors"]`) for a position that is not a possible game.
    #[staticmethod]
    #[pyo3(signature = (position, seed = None))]
    fn from_json(py: Python<'_>, position: &str, seed: Option<u64>) -> PyResult<PyGame> {
        crate::objects::check_input_size(py, position)?;
        let game = generic::from_position(py, position)?;
        Ok(PyGame::from_game(game, seed))
    }

    /// What one seat may know, as a dict: its own hand and development cards, every other
    /// seat's card counts, the board and pieces; never the deck order or the generator's
    /// state. `player=None` is a spectator.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(players=3, map="beginner", seed=7)
    /// >>> view = game.view(1)
    /// >>> view["own"]["hand"] == game.hand(1), "rng" in view
    /// (True, False)
    #[pyo3(signature = (player = None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = player.map(|p| self.player(p)).transpose()?;
        generic::view(py, &self.game, viewer)
    }

    /// The board with the pieces, as SVG text. `ids=True` labels every node, edge and hex
    /// with its id (or choose with `node_ids`, `edge_ids`, `hex_ids`) — the numbers of the
    /// `build_settlement`, `build_road` and robber actions, so a person can pick a move from
    /// the picture; `legend=True` adds a panel with each seat's colour, who is to move and
    /// the public scores and counts.
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> svg = game.to_svg(ids=True, legend=True)
    /// >>> 'class="node-ids"' in svg, 'class="legend"' in svg, 'class="legend"' in game.to_svg()
    /// (True, True, False)
    #[pyo3(signature = (ids = false, legend = false, node_ids = None, edge_ids = None, hex_ids = None))]
    fn to_svg(
        &self,
        ids: bool,
        legend: bool,
        node_ids: Option<bool>,
        edge_ids: Option<bool>,
        hex_ids: Option<bool>,
    ) -> String {
        svg::game_svg_with(
            &self.game,
            node_ids.unwrap_or(ids),
            edge_ids.unwrap_or(ids),
            hex_ids.unwrap_or(ids),
            legend,
        )
    }

    fn _repr_svg_(&self) -> String {
        svg::game_svg(&self.game)
    }

    /// One event as a sentence, in the game's vocabulary, hexes named by terrain and
    /// number (`catan_rules::render::describe_event_on`).
    ///
    /// >>> import catan_rules
    /// >>> game = catan_rules.Game(map="beginner", seed=7)
    /// >>> events = game.apply({"type": "roll", "player": 0})
    /// >>> game.describe_event(events[0]).startswith("player 0 rolled")
    /// True
    fn describe_event(&self, event: &Bound<'_, PyAny>) -> PyResult<String> {
        let e = event.cast::<PyEvent>()?.get().0;
        Ok(self.game.describe_event(&e))
    }

    /// An independent copy that continues exactly like this game.
    fn copy(&self) -> PyGame {
        self.clone_game()
    }

    /// Puts this game in `other`'s state, in place: the scratch copy of a tree search.
    /// Nothing is allocated, and when the two games share a board (one is a copy of the
    /// other, however distant) only the fixed-size state is copied. Afterwards this game
    /// continues exactly like `other`.
    ///
    /// >>> import catan_rules
    /// >>> root = catan_rules.Game(seed=3)
    /// >>> scratch = root.copy()
    /// >>> _ = root.apply(root.legal_actions[0])
    /// >>> scratch.copy_from(root)
    /// >>> scratch == root
    /// True
    fn copy_from(slf: &Bound<'_, Self>, other: &Bound<'_, Self>) -> PyResult<()> {
        if slf.is(other) {
            return Ok(());
        }
        let src = other.try_borrow()?;
        let mut dst = slf.try_borrow_mut()?;
        let same_space = dst.game.shares_action_space(&src.game);
        dst.game_mut().clone_from(&src.game);
        dst.seed = src.seed;
        if !same_space {
            dst.space = OnceLock::new();
        }
        Ok(())
    }

    fn __copy__(&self) -> PyGame {
        self.clone_game()
    }

    #[pyo3(signature = (memo = None))]
    fn __deepcopy__(&self, memo: Option<&Bound<'_, PyAny>>) -> PyGame {
        let _ = memo;
        self.clone_game()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let state = slf.borrow().saved_state();
        let f = py.get_type::<PyGame>().getattr("_from_state")?;
        Ok((f, PyTuple::new(py, [PyString::new(py, &state)])?))
    }

    /// Rebuilds a game from `__reduce__`'s state (private: the format may change).
    #[staticmethod]
    fn _from_state(py: Python<'_>, state: &str) -> PyResult<PyGame> {
        let (seed, position) = generic::load_saved_state(py, state, "catan-py-game")?;
        let position: catan_rules::Position =
            serde_json::from_value(position).map_err(|e| parse_error(py, e.into()))?;
        let game = Game::from_position(position)
            .map_err(|e| load_error(py, catan_rules::LoadError::Invalid { errors: e }))?;
        Ok(PyGame::from_game(game, seed))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyGame>() {
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

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let map = ser_to_py(py, &self.game.rules().map)?.repr()?;
        let phase = ser_to_py(py, &self.game.phase())?.repr()?;
        // No seed: it decides the whole future of the game.
        Ok(format!(
            "<Game players={} map={map} turn={} phase={phase} to_act={:?} scores={:?}>",
            self.game.players(),
            self.game.turn(),
            players_list(self.game.to_act()),
            self.game.scores()
        ))
    }
}

/// The legal actions of a game, always those of its current state.
#[pyclass(name = "LegalActions", module = "catan_rules", frozen)]
pub struct LegalActions {
    game: Py<PyGame>,
}

#[pymethods]
impl LegalActions {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.game.borrow_mut(py).legal().len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.to_list(py)?.as_any().get_item(slice);
        }
        let index: isize = index.extract()?;
        let mut g = self.game.borrow_mut(py);
        let legal = g.legal();
        let n = legal.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(PyIndexError::new_err("legal action index out of range"));
        }
        Ok(Bound::new(py, PyAction(legal[i as usize]))?.into_any())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.to_list(py)?;
        list.try_iter().map(Bound::into_any)
    }

    fn __contains__(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        // Like any container, `in` answers for every object: malformed input is not legal.
        let Ok(a) = action_arg(py, action) else {
            return Ok(false);
        };
        Ok(self.game.borrow(py).game.is_legal(&a))
    }

    /// The legal actions now, as a list.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut g = self.game.borrow_mut(py);
        PyList::new(py, g.legal().iter().map(|&a| PyAction(a)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let list = self.to_list(py)?;
        let n = list.len();
        let shown: Vec<String> = list
            .iter()
            .take(5)
            .map(|a| a.repr().map(|r| r.to_string()))
            .collect::<PyResult<_>>()?;
        let more = if n > 5 {
            format!(", ... {} more", n - 5)
        } else {
            String::new()
        };
        Ok(format!("<LegalActions [{}{more}]>", shown.join(", ")))
    }
}

/// The board of a game: hexes, nodes (intersections) and edges (paths), each with its id
/// and lattice coordinates (`x` in units of √3/2 hex radius, `y` in half radii).
///
/// >>> board = Game().board
/// >>> len(board.hexes), len(board.nodes), len(board.edges)
/// (37, 54, 72)
/// >>> board.nodes[0]["id"]
/// 0
#[pyclass(name = "Board", module = "catan_rules", frozen)]
pub struct PyBoard(Arc<Board>);

#[pymethods]
impl PyBoard {
    /// Hexes by id (land and sea): `id`, axial `q`/`r`, centre `x`/`y`, `terrain`, `number`
    /// and the corner `nodes` (N, NE, SE, S, SW, NW).
    #[getter]
    fn hexes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.0.describe().hexes)
    }

    /// Nodes by id: `id`, `x`/`y`, adjacent `hexes`, `neighbors`, `edges` and `harbor`.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.0.describe().nodes)
    }

    /// Edges by id: `id` and its two end `nodes`.
    #[getter]
    fn edges<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.0.describe().edges)
    }

    /// Harbours as in the map: hex `q`/`r`, `side` and `kind`.
    #[getter]
    fn harbors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.0.describe().harbors)
    }

    /// The robber's starting hex id.
    #[getter]
    fn robber_start(&self) -> Option<u8> {
        self.0.robber_start().map(|h| h.0)
    }

    /// The whole description as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        ser_to_py(py, &self.0.describe())
    }

    /// The whole description as JSON.
    fn to_json(&self) -> String {
        serde_json::to_string(&self.0.describe()).expect("boards serialize")
    }

    /// The board as SVG text; `ids=True` labels every node, edge and hex with its id (or
    /// choose with `node_ids`, `edge_ids`, `hex_ids`).
    #[pyo3(signature = (ids = false, node_ids = None, edge_ids = None, hex_ids = None))]
    fn to_svg(
        &self,
        ids: bool,
        node_ids: Option<bool>,
        edge_ids: Option<bool>,
        hex_ids: Option<bool>,
    ) -> String {
        svg::board_svg_with(
            &self.0,
            node_ids.unwrap_or(ids),
            edge_ids.unwrap_or(ids),
            hex_ids.unwrap_or(ids),
        )
    }

    fn _repr_svg_(&self) -> String {
        svg::board_svg(&self.0)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<PyBoard>() {
            Ok(o) => Ok((*o.get().0 == *self.0)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __repr__(&self) -> String {
        let land = self.0.land_hexes().count();
        format!(
            "<Board {land} land hexes, {} hexes, {} nodes, {} edges>",
            self.0.hexes().len(),
            self.0.nodes().len(),
            self.0.edges().len()
        )
    }
}
