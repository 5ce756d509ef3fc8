//! Agents: the core's built-in bots, matches and tournaments between them, and per-seat
//! observations with the board (`catan_rules::bots`, `tournament`, `observation`).

use crate::cards::PyCardGame;
use crate::convert::ser_to_py;
use crate::errors::new_game_error;
use crate::game::{rules_from_kwargs, PyGame};
use crate::objects::PyAction;
use catan_rules::agents::cards_observation::{
    high as cards_high, observe as cards_observe, CARD_OBSERVATION_LEN,
};
use catan_rules::bots::{play_match as core_match, Bot, BotKind, Perspective};
use catan_rules::cards::{CardGame, CardRules};
use catan_rules::observation::{ObservationLayout, OBSERVATION_VERSION};
use catan_rules::tournament::{run, run_cards, TournamentConfig};
use catan_rules::{Board, Game, Player};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use std::cell::RefCell;
use std::io::Write;
use std::sync::Arc;

fn kinds(players: &[String]) -> PyResult<Vec<BotKind>> {
    players
        .iter()
        .map(|s| {
            s.parse::<BotKind>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect()
}

/// A built-in player. `kind` is `"random"` (uniform), `"weighted"` (random, weighted by the
/// kind of action), `"greedy"` (one-ply lookahead on a sample of the hidden information,
/// maximising a documented value of the position) or `"search"` / `"search:N"`
/// (Monte-Carlo search over samples of the hidden information, `N` playouts per decision;
/// `"search:Nms"`: `N` milliseconds per decision instead, not reproducible).
/// A bot sees only its seat's view: other hands, the deck and future dice are sampled, never
/// read. `seed` fixes its choices.
///
/// >>> import catan_rules
/// >>> game = catan_rules.Game(map="beginner", seed=7)
/// >>> bot = catan_rules.Bot("greedy", seed=1)
/// >>> action = bot.choose(game)
/// >>> action.type, game.is_legal(action)
/// ('roll', True)
#[pyclass(name = "Bot", module = "catan_rules")]
pub struct PyBot {
    kind: BotKind,
    seed: u64,
    bot: Box<dyn Bot>,
    /// The same bot for Card Games, made on first use.
    cards: Option<Box<dyn Bot<CardGame>>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (kind = "random", seed = 0))]
    fn new(kind: &str, seed: u64) -> PyResult<PyBot> {
        let kind = kind
            .parse::<BotKind>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBot {
            kind,
            seed,
            bot: kind.build(seed),
            cards: None,
        })
    }

    /// The bot's kind, as accepted by the constructor.
    #[getter]
    fn kind(&self) -> String {
        self.kind.to_string()
    }

    /// A legal action for `seat` (default: the first seat that must act) of `game` (a
    /// `Game` or a `CardGame`), or `None` when that seat has nothing to do: an `Action` for
    /// a `Game`, an action dict for a `CardGame`. Trade offers are never made (offers from
    /// others are answered). With `chance="external"` the action is the seat's choice
    /// without its outcome (a roll without dice, a steal or purchase without the card), as
    /// `legal_actions_for(seat)` lists it: the referee adds the outcome.
    ///
    /// Raises `NoSuchPlayerError` (a `ValueError`) if `seat` is not at the table, and
    /// `TypeError` for anything but a game.
    ///
    /// >>> import catan_rules
    /// >>> cards = catan_rules.CardGame(seed=7)
    /// >>> action = catan_rules.Bot("greedy", seed=1).choose(cards)
    /// >>> action in cards.legal_actions()
    /// True
    #[pyo3(signature = (game, seat = None))]
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
        seat: Option<u8>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if let Ok(cards) = game.cast::<PyCardGame>() {
            let g = cards.borrow().game.clone();
            let seat = match seat {
                Some(s @ 0..=1) => Player(s),
                Some(s) => return Err(crate::errors::no_such_player(py, s.into(), 2)),
                None => match g.to_act().iter().next() {
                    Some(p) => p,
                    None => return Ok(None),
                },
            };
            let (kind, seed) = (self.kind, self.seed);
            let bot = self
                .cards
                .get_or_insert_with(|| kind.build_for::<CardGame>(seed));
            let a = py.detach(|| bot.choose(&Perspective::new(&g, seat)));
            return a.map(|a| ser_to_py(py, &a)).transpose();
        }
        let game = game.cast::<PyGame>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("choose takes a Game or a CardGame")
        })?;
        let game = game.borrow();
        let g = game.core();
        let seat = match seat {
            Some(s) if s < g.players() => Player(s),
            Some(s) => return Err(crate::errors::no_such_player(py, s.into(), g.players())),
            None => match g.to_act().iter().next() {
                Some(p) => p,
                None => return Ok(None),
            },
        };
        let bot = &mut self.bot;
        let a = py.detach(|| bot.choose(&Perspective::new(g, seat)));
        a.map(|a| Ok(Bound::new(py, PyAction(a))?.into_any()))
            .transpose()
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.kind.to_string())
    }
}

/// A board, a player count and the observation layout of games like that.
type CachedLayout = (Arc<Board>, u8, Arc<ObservationLayout>);

thread_local! {
    /// The layout of the board last observed on this thread (kept alive with its board so
    /// the pointer cannot be reused).
    static LAYOUT: RefCell<Option<CachedLayout>> =
        const { RefCell::new(None) };
}

fn layout_for(g: &Game) -> Arc<ObservationLayout> {
    LAYOUT.with(|cell| {
        let mut c = cell.borrow_mut();
        if let Some((b, n, l)) = c.as_ref() {
            if Arc::ptr_eq(b, g.board()) && *n == g.players() {
                return Arc::clone(l);
            }
        }
        let l = Arc::new(ObservationLayout::new(g));
        *c = Some((Arc::clone(g.board()), g.players(), Arc::clone(&l)));
        l
    })
}

fn seat_arg(g: &Game, seat: u8) -> PyResult<Player> {
    if seat < g.players() {
        Ok(Player(seat))
    } else {
        Err(Python::attach(|py| {
            crate::errors::no_such_player(py, seat.into(), g.players())
        }))
    }
}

/// The observation of `game` from `seat`'s point of view: a flat `float32` vector with the
/// board (terrain, numbers, pips, harbours, pieces by relative seat, robber), the seat's own
/// cards, everyone's public counts, bank, deck size, phase, dice and the open offer — only
/// what that seat may know. The layout (its version in `observation_layout`) is documented in the
/// `catan_rules::observation` Rust module; `observation_layout(game)` gives its length and
/// bounds. Written into `out` (a contiguous `float32` array of that length) when given.
///
/// >>> import numpy as np, catan_rules
/// >>> game = catan_rules.Game(map="beginner", seed=7)
/// >>> obs = catan_rules.observation(game, 0)
/// >>> layout = catan_rules.observation_layout(game)
/// >>> obs.dtype, obs.shape == (layout["length"],), bool((obs <= layout["high"]).all())
/// (dtype('float32'), True, True)
#[pyfunction]
#[pyo3(signature = (game, seat, out = None))]
fn observation<'py>(
    py: Python<'py>,
    game: &PyGame,
    seat: u8,
    out: Option<Bound<'py, PyArray1<f32>>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    observe(py, game.core(), seat, out)
}

/// The flat observation of `g` for `seat` (the body of `observation` and
/// `Game.observation`).
pub(crate) fn observe<'py>(
    py: Python<'py>,
    g: &Game,
    seat: u8,
    out: Option<Bound<'py, PyArray1<f32>>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let p = seat_arg(g, seat)?;
    let l = layout_for(g);
    let arr = match out {
        Some(a) => {
            if a.len() != l.len() {
                return Err(PyValueError::new_err(format!(
                    "out has {} values, the observation {}",
                    a.len(),
                    l.len()
                )));
            }
            a
        }
        None => PyArray1::zeros(py, l.len(), false),
    };
    {
        let mut w = arr.try_readwrite()?;
        let s = w
            .as_slice_mut()
            .map_err(|_| PyValueError::new_err("out must be contiguous"))?;
        g.observation(p, &l, s)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(arr)
}

/// The board planes of `game` from `seat`'s point of view: a `float32` array of shape
/// `(channels, rows, cols)` where every hex, node and edge has one cell (layout in the
/// `catan_rules::observation` Rust module). Written into `out` when given.
///
/// >>> import catan_rules
/// >>> game = catan_rules.Game(map="beginner", seed=7)
/// >>> planes = catan_rules.observation_planes(game, 1)
/// >>> planes.shape == catan_rules.observation_layout(game)["planes_shape"]
/// True
#[pyfunction]
#[pyo3(signature = (game, seat, out = None))]
fn observation_planes<'py>(
    py: Python<'py>,
    game: &PyGame,
    seat: u8,
    out: Option<Bound<'py, PyArrayDyn<f32>>>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    observe_planes(py, game.core(), seat, out)
}

/// The board planes of `g` for `seat` (the body of `observation_planes` and
/// `Game.observation_planes`).
pub(crate) fn observe_planes<'py>(
    py: Python<'py>,
    g: &Game,
    seat: u8,
    out: Option<Bound<'py, PyArrayDyn<f32>>>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let p = seat_arg(g, seat)?;
    let l = layout_for(g);
    let (c, h, w) = l.planes_shape();
    let arr = match out {
        Some(a) => {
            if a.shape() != [c, h, w] {
                let shape: Vec<String> = a.shape().iter().map(|d| d.to_string()).collect();
                return Err(PyValueError::new_err(format!(
                    "out has shape ({}), the planes ({c}, {h}, {w})",
                    shape.join(", ")
                )));
            }
            a
        }
        None => PyArrayDyn::zeros(py, vec![c, h, w], false),
    };
    {
        let mut rw = arr.try_readwrite()?;
        let s = rw
            .as_slice_mut()
            .map_err(|_| PyValueError::new_err("out must be contiguous"))?;
        g.observation_planes(p, &l, s)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(arr)
}

/// The observation layout of games like `game`: a dict with `version`, `length`, `high`
/// (a `float32` array of upper bounds; every lower bound is 0), `planes_shape` and
/// `scalars` (the `(start, stop)` range of the non-board part of the flat vector).
///
/// >>> import catan_rules
/// >>> layout = catan_rules.observation_layout(catan_rules.Game(map="beginner"))
/// >>> layout["version"], layout["length"], layout["scalars"][1] == layout["length"]
/// (3, 2434, True)
#[pyfunction]
fn observation_layout<'py>(py: Python<'py>, game: &PyGame) -> PyResult<Bound<'py, PyDict>> {
    let l = layout_for(game.core());
    let d = PyDict::new(py);
    d.set_item("version", OBSERVATION_VERSION)?;
    d.set_item("length", l.len())?;
    d.set_item("high", PyArray1::from_slice(py, l.high()))?;
    d.set_item("planes_shape", l.planes_shape())?;
    let s = l.scalars();
    d.set_item("scalars", (s.start, s.end))?;
    Ok(d)
}

/// Plays one game between built-in bots (`players[i]` at seat `i`, bot kinds as for `Bot`)
/// and returns a dict: `winner`, `scores`, `turns`, `decisions` and `think_ns` per seat.
/// Other rules options are keywords, as for `Game`.
///
/// >>> import catan_rules
/// >>> r = catan_rules.play_match(["greedy", "random", "random"], seed=3)
/// >>> r["winner"], len(r["scores"])
/// (0, 3)
#[pyfunction]
#[pyo3(signature = (players, seed = 1, map = "random", **rules))]
fn play_match<'py>(
    py: Python<'py>,
    players: Vec<String>,
    seed: u64,
    map: &str,
    rules: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let k = kinds(&players)?;
    let r = rules_from_kwargs(
        py,
        &[("players", Value::from(k.len())), ("map", Value::from(map))],
        rules,
    )?;
    let res = py
        .detach(|| core_match(r, seed, &k))
        .map_err(|e| new_game_error(py, e))?;
    ser_to_py(py, &res)
}

/// Plays `games` games between built-in bots with seats rotated (entry `k` sits at seat
/// `(k + i) mod n` in game `i`, whose seed is `seed + i`), on `threads` threads with the GIL
/// released, and returns a dict: `games`, `unfinished`, `mean_turns`, `config` and
/// `players` (per entry: `bot`, `wins`, `win_rate` with its 95 % Wilson interval
/// `win_rate_low`/`win_rate_high`, `mean_vp`, `decisions`, `micros_per_decision`).
/// `progress=True` draws a progress bar on standard error. Results other than times do not
/// depend on `threads`.
///
/// `game="cards"` plays the Card Game (two players, its default rules; no other rules are
/// taken). `threads` is clamped to the machine's cores and the number of games.
///
/// >>> import catan_rules
/// >>> t = catan_rules.tournament(["greedy", "random"], games=4, seed=1)
/// >>> [p["wins"] for p in t["players"]]
/// [4, 0]
/// >>> t = catan_rules.tournament(["greedy", "random"], games=2, game="cards")
/// >>> [p["wins"] for p in t["players"]]
/// [2, 0]
#[pyfunction]
#[pyo3(signature = (players, games = 100, seed = 1, map = "random", threads = None, progress = false, game = "catan", **rules))]
#[allow(clippy::too_many_arguments)]
fn tournament<'py>(
    py: Python<'py>,
    players: Vec<String>,
    games: u32,
    seed: u64,
    map: &str,
    threads: Option<usize>,
    progress: bool,
    game: &str,
    rules: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let k = kinds(&players)?;
    let cards = match game {
        "catan" => false,
        "cards" => true,
        g => {
            return Err(PyValueError::new_err(format!(
                "unknown game {:?}: expected \"catan\" or \"cards\"",
                catan_rules::error::truncate_for_message(g, 32)
            )))
        }
    };
    if cards && rules.is_some_and(|r| !r.is_empty()) {
        return Err(PyValueError::new_err(
            "tournament(game=\"cards\") plays the Card Game's default rules: no rules are taken",
        ));
    }
    let r = if cards {
        catan_rules::Rules::default()
    } else {
        rules_from_kwargs(
            py,
            &[("players", Value::from(k.len())), ("map", Value::from(map))],
            rules,
        )?
    };
    let config = TournamentConfig {
        players: k,
        games,
        seed,
        rules: r,
        threads: threads.unwrap_or(0),
    };
    let show = |done: u32| {
        if progress {
            let width = 30usize;
            let filled = done as usize * width / games.max(1) as usize;
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r[{}{}] {done}/{games} games",
                "#".repeat(filled),
                " ".repeat(width - filled)
            );
            if done == games {
                let _ = writeln!(err);
            }
        }
    };
    let res = if cards {
        py.detach(|| run_cards(&config, CardRules::default(), show))
            .map_err(|e| PyValueError::new_err(e.to_string()))?
    } else {
        py.detach(|| run(&config, show))
            .map_err(|e| new_game_error(py, e))?
    };
    ser_to_py(py, &res)
}

/// The Card Game's observation of `game` from `seat`'s point of view: a flat `float32`
/// vector written from that seat's view alone (both principalities, its own hand, the
/// opponent's hand only while it may look, pile sizes and the piles it knows, dice, tokens,
/// the offer; layout in the `catan_rules::agents::cards_observation` Rust module). Its
/// bounds are `card_observation_high()` (lower bounds 0).
///
/// >>> import catan_rules
/// >>> game = catan_rules.CardGame(seed=1)
/// >>> obs = catan_rules.card_observation(game, 0)
/// >>> obs.shape == catan_rules.card_observation_high().shape
/// True
#[pyfunction]
fn card_observation<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyCardGame>,
    seat: u8,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    if seat > 1 {
        return Err(crate::errors::no_such_player(py, seat.into(), 2));
    }
    let mut v = vec![0.0f32; CARD_OBSERVATION_LEN];
    cards_observe(&game.game, Player(seat), &mut v);
    Ok(PyArray1::from_vec(py, v))
}

/// The upper bound of every value of `card_observation` (every lower bound is 0).
#[pyfunction]
fn card_observation_high(py: Python<'_>) -> Bound<'_, PyArray1<f32>> {
    PyArray1::from_vec(py, cards_high())
}

/// Adds the agents' classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBot>()?;
    m.add_function(wrap_pyfunction!(observation, m)?)?;
    m.add_function(wrap_pyfunction!(observation_planes, m)?)?;
    m.add_function(wrap_pyfunction!(observation_layout, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(tournament, m)?)?;
    m.add_function(wrap_pyfunction!(card_observation, m)?)?;
    m.add_function(wrap_pyfunction!(card_observation_high, m)?)?;
    Ok(())
}
