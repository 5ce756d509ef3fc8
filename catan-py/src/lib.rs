//! The `catan_rules._catan` extension module: thin Python types over `catan-rules`.
//!
//! Skins translate and never decide: every rule lives in the core. This crate converts
//! arguments and results (serde JSON ⇄ Python objects), maps core errors to exception classes
//! (`errors`), and releases the GIL around bulk work (`simulate`, `BatchEnv`).

mod agents;
mod batch;
mod cards;
mod convert;
mod engine;
mod errors;
mod fast;
mod game;
mod ids;
mod objects;
mod svg;

use catan_rules::sim;
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

/// Plays `games` random games in Rust across threads (with the GIL released) and returns
/// one dict per game: `seed`, `winner`, `turns`, `actions`, `scores`, and counts of
/// `sevens`, `steals`, `discards`, `shortages`, `longest_road_changes`,
/// `largest_army_changes`, `trades` and `maritime_trades`.
///
/// Game `i` uses seed `seed + i`; results do not depend on `threads` (default: all cores;
/// never more threads than cores or games are started). At most `MAX_SIMULATE_GAMES`
/// (1,048,576) games per call (`ValueError` beyond; `MemoryError` if the results do not
/// fit). Other rules options can be given as keywords, as for `Game`.
///
/// >>> import catan_rules
/// >>> [g["winner"] is not None for g in catan_rules.simulate(3, seed=5)]
/// [True, True, True]
/// >>> catan_rules.simulate(2, threads=1) == catan_rules.simulate(2, threads=2)
/// True
#[pyfunction]
#[pyo3(signature = (games, seed = 1, players = 4, threads = None, map = "random", domestic_trade = false, **rules))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    games: usize,
    seed: u64,
    players: u8,
    threads: Option<usize>,
    map: &str,
    domestic_trade: bool,
    rules: Option<&Bound<'py, PyDict>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let r = game::rules_from_kwargs(
        py,
        &[("players", Value::from(players)), ("map", Value::from(map))],
        rules,
    )?;
    r.validate()
        .map_err(|e| errors::new_game_error(py, e.into()))?;
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if games > MAX_SIMULATE_GAMES {
        return Err(PyValueError::new_err(format!(
            "{games} games asked for, at most {MAX_SIMULATE_GAMES} per call"
        )));
    }
    let out = py
        .detach(move || sim::try_simulate(r, games, seed, threads, domestic_trade))
        .map_err(|e| PyMemoryError::new_err(e.to_string()))?;
    out.iter().map(|s| convert::ser_to_py(py, s)).collect()
}

/// The axial `(q, r)` of the hex with JSettlers2 grid id `id` (`0xRRCC`), as
/// `HexCoord::from_jsettlers` in Rust and `catan_hex_from_jsettlers` in C.
///
/// >>> hex_from_jsettlers(0x0B07)
/// (1, 5)
///
/// Raises `ValueError` for an id that names no hex (an even row, or a column of the wrong
/// parity).
#[pyfunction]
fn hex_from_jsettlers(id: u16) -> PyResult<(i8, i8)> {
    let c = catan_rules::board::HexCoord::from_jsettlers(id).ok_or_else(|| {
        PyValueError::new_err(format!("0x{id:04X} is not a hex of the JSettlers2 grid"))
    })?;
    Ok((c.q, c.r))
}

/// The JSettlers2 grid id (`0xRRCC`) of the hex at axial `(q, r)`, as
/// `HexCoord::to_jsettlers` in Rust and `catan_hex_to_jsettlers` in C.
///
/// >>> hex(hex_to_jsettlers(1, 5))
/// '0xb07'
///
/// Raises `ValueError` for a hex the grid has no id for.
#[pyfunction]
fn hex_to_jsettlers(q: i8, r: i8) -> PyResult<u16> {
    catan_rules::board::HexCoord::new(q, r)
        .to_jsettlers()
        .ok_or_else(|| PyValueError::new_err(format!("the hex ({q}, {r}) has no JSettlers2 id")))
}

/// The most games one `simulate` call plays (each becomes a dict).
const MAX_SIMULATE_GAMES: usize = 1 << 20;

/// The native module; `catan_rules/__init__.py` re-exports it.
#[pymodule]
fn _catan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::PyGame>()?;
    m.add_class::<cards::PyCardGame>()?;
    fast::install::<game::PyGame>(m.py())?;
    fast::install::<cards::PyCardGame>(m.py())?;
    m.add_class::<batch::PyBatchEnv>()?;
    m.add_class::<batch::PyCardBatchEnv>()?;
    m.add_class::<game::LegalActions>()?;
    m.add_class::<game::PyBoard>()?;
    m.add_class::<objects::PyAction>()?;
    m.add_class::<objects::PyEvent>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(hex_from_jsettlers, m)?)?;
    m.add_function(wrap_pyfunction!(hex_to_jsettlers, m)?)?;
    errors::register(m)?;
    agents::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_SIMULATE_GAMES", MAX_SIMULATE_GAMES)?;
    m.add("MAX_INPUT_BYTES", objects::MAX_INPUT_BYTES)?;
    Ok(())
}
