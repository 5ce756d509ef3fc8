//! `BatchEnv`: the core's batched stepper (`catan_rules::batch::Batch`) with NumPy arrays.

use crate::cards::PyCardGame;
use crate::errors::new_error;
use crate::game::{rules_from_kwargs, PyGame};
use catan_rules::agents::FlatLayout;
use catan_rules::batch::{Batch, BatchError, BatchGame};
use catan_rules::cards::{CardGame, CardRules};
use catan_rules::ChanceMode;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// `(masks, obs)` with observations of `T`.
type MasksAndObs<'py, T> = (Bound<'py, PyArray2<bool>>, Bound<'py, PyArray2<T>>);
/// `(masks, obs)` of `BatchEnv.observe`.
type Observation<'py> = MasksAndObs<'py, i16>;
/// `(masks, obs)` of `observe_board` and `CardBatchEnv.observe`.
type BoardObservation<'py> = MasksAndObs<'py, f32>;
/// `(rewards, dones, winners)` of `BatchEnv.step`.
type StepResult<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i8>>,
);

/// `n` games stepped together for learning agents, with NumPy masks and observations and
/// no Python object per action (the Rust work runs with the GIL released, on `threads`
/// threads; results never depend on `threads`).
///
/// Game `i` starts with seed `seed + i`; a finished game is replaced at once by a new one.
/// Each id is for the game's *acting seat* (the current player; while discarding, the
/// lowest seat that owes cards; while an offer is open, the lowest seat that has not
/// answered, then the offerer). Masks and observations are that seat's, built only from
/// what it may know; the observation layout is documented in the `catan_rules::batch`
/// Rust module (`obs[:, 0]` is the acting seat). Rules options are keywords, as for
/// `Game` (default: the standard 4-player game on a random map).
///
/// >>> import numpy as np, catan_rules
/// >>> env = catan_rules.BatchEnv(4, seed=1, threads=2)
/// >>> masks, obs = env.observe()
/// >>> masks.shape == (4, env.action_space_size), obs.shape == (4, env.obs_len)
/// (True, True)
/// >>> ids = masks.argmax(axis=1)            # the lowest legal id of every game
/// >>> rewards, dones, winners = env.step(ids)
/// >>> rewards.dtype, dones.dtype, winners.dtype
/// (dtype('float32'), dtype('bool'), dtype('int8'))
#[pyclass(name = "BatchEnv", module = "catan_rules")]
pub struct PyBatchEnv {
    batch: Batch,
}

/// `len` default values, or `OutOfMemory` (for a batch of `games`) instead of an abort.
fn zeroed<T: Clone + Default>(len: usize, games: usize) -> Result<Vec<T>, BatchError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| BatchError::OutOfMemory { games })?;
    v.resize(len, T::default());
    Ok(v)
}

fn batch_error(py: Python<'_>, e: BatchError) -> PyErr {
    match e {
        BatchError::Illegal { game, id, seat } => {
            let detail = PyDict::new(py);
            let filled = detail
                .set_item("game", game)
                .and_then(|_| detail.set_item("id", id))
                .and_then(|_| detail.set_item("seat", seat));
            match filled {
                Ok(()) => new_error(
                    py,
                    "IllegalActionError",
                    e.to_string(),
                    "illegal_id",
                    detail.into_any(),
                ),
                Err(err) => err,
            }
        }
        BatchError::NewGame(g) => crate::errors::new_game_error(py, g),
        BatchError::CardRules(e) => <CardGame as crate::engine::PyEngine>::py_error(py, e.into()),
        BatchError::ExternalChance => PyValueError::new_err(e.to_string()),
        BatchError::Length { .. } | BatchError::Empty | BatchError::TooManyGames { .. } => {
            PyValueError::new_err(e.to_string())
        }
        BatchError::OutOfMemory { .. } => PyMemoryError::new_err(e.to_string()),
    }
}

/// `IndexError` unless `i` is a game of a batch of `n`.
fn check_index(i: usize, n: usize) -> PyResult<()> {
    if i < n {
        Ok(())
    } else {
        Err(PyIndexError::new_err(format!(
            "no game {i} in a batch of {n}"
        )))
    }
}

/// Masks (`n × words` words) as booleans, `a` per game.
fn mask_bits(masks: &[u64], words: usize, a: usize, n: usize) -> Result<Vec<bool>, BatchError> {
    let mut bits = zeroed::<bool>(n * a, n)?;
    for (row, m) in bits.chunks_mut(a).zip(masks.chunks(words)) {
        for (i, slot) in row.iter_mut().enumerate() {
            *slot = m[i / 64] >> (i % 64) & 1 != 0;
        }
    }
    Ok(bits)
}

/// `(masks, obs)` of either game's `observe` with `write` filling masks and observations
/// of `ol` values per game (the GIL released meanwhile).
fn observe_with<'py, G: BatchGame, T: numpy::Element + Clone + Default + Send>(
    py: Python<'py>,
    b: &Batch<G>,
    ol: usize,
    write: impl FnOnce(&Batch<G>, &mut [u64], &mut [T]) -> Result<(), BatchError> + Send,
) -> PyResult<MasksAndObs<'py, T>> {
    let (n, words, a) = (b.len(), b.mask_words(), b.space_len());
    let (bits, obs) = py
        .detach(|| -> Result<_, BatchError> {
            // Fallible: a failed allocation is a `MemoryError`, not an abort.
            let mut masks = zeroed::<u64>(n * words, n)?;
            let mut obs = zeroed::<T>(n * ol, n)?;
            write(b, &mut masks, &mut obs)?;
            Ok((mask_bits(&masks, words, a, n)?, obs))
        })
        .map_err(|e| batch_error(py, e))?;
    let masks = PyArray1::from_vec(py, bits).reshape([n, a])?;
    let obs = PyArray1::from_vec(py, obs).reshape([n, ol])?;
    Ok((masks, obs))
}

/// The final flat observation of game `i`, or `None`.
fn final_observation<'py, G: BatchGame>(
    py: Python<'py>,
    b: &Batch<G>,
    i: usize,
) -> PyResult<Option<Bound<'py, PyArray1<f32>>>> {
    check_index(i, b.len())?;
    let mut out = vec![0f32; b.layout().len()];
    let done = b
        .final_observation(i, &mut out)
        .map_err(|e| batch_error(py, e))?;
    Ok(done.then(|| PyArray1::from_vec(py, out)))
}

/// `step` of either game.
fn step<'py, G: BatchGame>(
    py: Python<'py>,
    b: &mut Batch<G>,
    ids: &Bound<'py, PyAny>,
) -> PyResult<StepResult<'py>> {
    let np = py.import("numpy")?;
    let arr = np.call_method1("ascontiguousarray", (ids, "int64"))?;
    let arr: PyReadonlyArray1<'_, i64> = arr
        .extract()
        .map_err(|_| PyValueError::new_err("ids must be a one-dimensional array of integers"))?;
    let ids: Vec<u32> = arr
        .as_slice()?
        .iter()
        .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    let n = b.len();
    let (r, d, w) = py
        .detach(move || -> Result<_, BatchError> {
            let (mut r, mut d, mut w) = (vec![0f32; n], vec![false; n], vec![0i8; n]);
            b.step(&ids, &mut r, &mut d, &mut w)?;
            Ok((r, d, w))
        })
        .map_err(|e| batch_error(py, e))?;
    Ok((
        PyArray1::from_vec(py, r),
        PyArray1::from_vec(py, d),
        PyArray1::from_vec(py, w),
    ))
}

/// `returns` of either game.
fn returns<'py, G: BatchGame>(
    py: Python<'py>,
    b: &Batch<G>,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let p = b.players() as usize;
    let mut out = vec![0f32; b.len() * p];
    b.returns(&mut out).map_err(|e| batch_error(py, e))?;
    PyArray1::from_vec(py, out).reshape([b.len(), p])
}

/// The threads to use when none are asked for: the machine's.
fn default_threads(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[pymethods]
impl PyBatchEnv {
    #[new]
    #[pyo3(signature = (n, seed = 1, threads = None, offers = false, **rules))]
    fn new(
        py: Python<'_>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
        offers: bool,
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyBatchEnv> {
        let r = rules_from_kwargs(py, &[], rules)?;
        r.validate()
            .map_err(|e| crate::errors::new_game_error(py, e.into()))?;
        let threads = default_threads(threads);
        let mut batch = py
            .detach(move || Batch::new(r, seed, n, threads))
            .map_err(|e| batch_error(py, e))?;
        batch.set_offers(offers);
        Ok(PyBatchEnv { batch })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// The number of fixed action ids (columns of the masks).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.batch.space().len()
    }

    /// Values per observation (columns of `obs`).
    #[getter]
    fn obs_len(&self) -> usize {
        self.batch.obs_len()
    }

    /// Threads used per call.
    #[getter]
    fn threads(&self) -> usize {
        self.batch.threads()
    }

    /// The acting seat of every game (the seat its next id is for), an `int8` array.
    fn acting_seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_vec(py, self.batch.acting_seats().map(|p| p.0 as i8).collect())
    }

    /// Whether the masks include the domestic trade offers (the `offers` argument).
    #[getter]
    fn offers(&self) -> bool {
        self.batch.offers()
    }

    /// Values per board observation (columns of `observe_board`'s `obs`): the
    /// `catan_rules.observation` encoding.
    #[getter]
    fn board_obs_len(&self) -> usize {
        self.batch.layout().len()
    }

    /// Upper bounds of `observe_board`'s observations (`float32`, lower bounds are 0), for
    /// a Gymnasium `Box`.
    fn board_obs_high<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        PyArray1::from_slice(py, self.batch.layout().high())
    }

    /// `(masks, obs)` like `observe`, with the observation with the board of the acting
    /// seat of every game (the `catan_rules.observation` encoding; its version is `catan_rules.observation_layout(...)["version"]`): a `float32`
    /// array of shape `(n, board_obs_len)`.
    fn observe_board<'py>(&self, py: Python<'py>) -> PyResult<BoardObservation<'py>> {
        let ol = self.batch.layout().len();
        observe_with(py, &self.batch, ol, |b, m, o| b.observe_board(m, o))
    }

    /// The final observation (with the board, as `observe_board`) of game `i` if it
    /// finished in the last `step` — seen by the seat that made its last move — else
    /// `None`. The batch has already replaced it with a new game.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn final_observation<'py>(
        &self,
        py: Python<'py>,
        i: usize,
    ) -> PyResult<Option<Bound<'py, PyArray1<f32>>>> {
        final_observation(py, &self.batch, i)
    }

    /// A copy of the game `i` that finished in the last `step`, or `None`.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn finished_game(&self, i: usize) -> PyResult<Option<PyGame>> {
        check_index(i, self.batch.len())?;
        Ok(self
            .batch
            .finished(i)
            .map(|(g, _)| PyGame::from_game(g.clone(), None)))
    }

    /// A copy of game `i` as it is now.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn game(&self, i: usize) -> PyResult<PyGame> {
        check_index(i, self.batch.len())?;
        Ok(PyGame::from_game(self.batch.game(i).clone(), None))
    }

    /// `(masks, obs)`: a `bool` array of shape `(n, action_space_size)` (the acting seat's
    /// legal ids of every game) and an `int16` array of shape `(n, obs_len)`.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Observation<'py>> {
        let ol = self.batch.obs_len();
        observe_with(py, &self.batch, ol, |b, m, o| b.observe(m, o))
    }

    /// Applies `ids[i]` to game `i` (any integer array-like of length `n`) and returns
    /// `(rewards, dones, winners)`: `float32` (+1 if the game ended with a win of the seat
    /// that acted, -1 with another seat's win, else 0), `bool` (the game ended and was
    /// replaced by a new one) and `int8` (the winner's seat, -1 for none) arrays.
    ///
    /// Every id is checked before any is applied: raises `IllegalActionError` (`kind`
    /// `"illegal_id"`, `detail` with `game`, `id` and `seat` of the first bad game) for an
    /// id not legal for its game's acting seat, `ValueError` for a wrong length; every game
    /// is then unchanged.
    fn step<'py>(&mut self, py: Python<'py>, ids: &Bound<'py, PyAny>) -> PyResult<StepResult<'py>> {
        step(py, &mut self.batch, ids)
    }

    /// Every seat's return from the last `step`: a `float32` array `(n, players)`, row `i`
    /// for game `i`, seats in order. A game that ended in that step with a win: +1 for the
    /// winner and -1 for every other seat (as the PettingZoo environment); a game still on,
    /// or stopped at the turn limit without a winner: 0 for every seat. `step`'s reward of
    /// game `i` is the entry of the seat that moved last; these give the other seats
    /// theirs, for self-play that trains every seat.
    ///
    /// >>> import catan_rules
    /// >>> env = catan_rules.BatchEnv(2, seed=1, players=3)
    /// >>> env.returns().shape, float(abs(env.returns()).sum())
    /// ((2, 3), 0.0)
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        returns(py, &self.batch)
    }

    fn __repr__(&self) -> String {
        format!(
            "<BatchEnv n={} action_space_size={} obs_len={} threads={}>",
            self.batch.len(),
            self.batch.space().len(),
            self.batch.obs_len(),
            self.batch.threads()
        )
    }
}

/// `n` Card Games stepped together for learning agents: ``BatchEnv``'s calls for the Card
/// Game, with NumPy masks and observations and no Python object per action.
///
/// Game `i` starts with seed `seed + i`; a finished game is replaced at once by a new one.
/// Each id (the Card Game's fixed ids, ``CardGame.legal_mask``'s numbering) is for the
/// game's *acting seat*: the seat the Card Game's ids are for (the player whose turn it
/// is, or the seat answering an offer or a pending step). Masks and observations are that
/// seat's; the observation is ``CardGame.observation``'s (``float32``, bounds
/// ``obs_high()``). Offers to the opponent are left out of the masks unless ``offers``.
/// ``vp_target`` is the rule (chance is always the batch's own).
///
/// >>> import catan_rules
/// >>> env = catan_rules.CardBatchEnv(4, seed=1, threads=1, vp_target=5)
/// >>> masks, obs = env.observe()
/// >>> masks.shape == (4, env.action_space_size), obs.shape == (4, env.obs_len)
/// (True, True)
/// >>> rewards, dones, winners = env.step(masks.argmax(axis=1))
/// >>> env.returns().shape
/// (4, 2)
#[pyclass(name = "CardBatchEnv", module = "catan_rules")]
pub struct PyCardBatchEnv {
    batch: Batch<CardGame>,
}

#[pymethods]
impl PyCardBatchEnv {
    #[new]
    #[pyo3(signature = (n, seed = 1, threads = None, offers = false, vp_target = 12))]
    fn new(
        py: Python<'_>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
        offers: bool,
        vp_target: u8,
    ) -> PyResult<PyCardBatchEnv> {
        let rules = CardRules {
            vp_target,
            chance: ChanceMode::Seeded,
            ..CardRules::default()
        };
        let threads = default_threads(threads);
        let mut batch = py
            .detach(move || Batch::<CardGame>::with_rules(rules, seed, n, threads))
            .map_err(|e| batch_error(py, e))?;
        batch.set_offers(offers);
        Ok(PyCardBatchEnv { batch })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// The number of fixed action ids (columns of the masks).
    #[getter]
    fn action_space_size(&self) -> usize {
        self.batch.space_len()
    }

    /// Values per observation (columns of `obs`).
    #[getter]
    fn obs_len(&self) -> usize {
        self.batch.layout().len()
    }

    /// Upper bounds of the observations (`float32`, lower bounds are 0), for a Gymnasium
    /// `Box`.
    fn obs_high<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        PyArray1::from_slice(py, self.batch.layout().high())
    }

    /// Threads used per call.
    #[getter]
    fn threads(&self) -> usize {
        self.batch.threads()
    }

    /// The acting seat of every game (the seat its next id is for), an `int8` array.
    fn acting_seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        PyArray1::from_vec(py, self.batch.acting_seats().map(|p| p.0 as i8).collect())
    }

    /// Whether the masks include the offers to the opponent (the `offers` argument).
    #[getter]
    fn offers(&self) -> bool {
        self.batch.offers()
    }

    /// `(masks, obs)`: a `bool` array of shape `(n, action_space_size)` (the acting seat's
    /// legal ids of every game) and a `float32` array of shape `(n, obs_len)` (its
    /// observation).
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<BoardObservation<'py>> {
        let ol = self.batch.layout().len();
        observe_with(py, &self.batch, ol, |b, m, o| b.observe_flat(m, o))
    }

    /// Applies `ids[i]` to game `i` and returns `(rewards, dones, winners)`, as
    /// ``BatchEnv.step`` (a game still on after 1,000 turns is stopped without a winner).
    ///
    /// Raises `IllegalActionError` (`kind` `"illegal_id"`) for an id not legal for its
    /// game's acting seat, `ValueError` for a wrong length; every game is then unchanged.
    fn step<'py>(&mut self, py: Python<'py>, ids: &Bound<'py, PyAny>) -> PyResult<StepResult<'py>> {
        step(py, &mut self.batch, ids)
    }

    /// Every seat's return from the last `step`, as ``BatchEnv.returns``: a `float32`
    /// array `(n, 2)`.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        returns(py, &self.batch)
    }

    /// The final observation of game `i` if it finished in the last `step` (seen by the
    /// seat that made its last move), else `None`.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn final_observation<'py>(
        &self,
        py: Python<'py>,
        i: usize,
    ) -> PyResult<Option<Bound<'py, PyArray1<f32>>>> {
        final_observation(py, &self.batch, i)
    }

    /// A copy of the game `i` that finished in the last `step`, or `None`.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn finished_game(&self, i: usize) -> PyResult<Option<PyCardGame>> {
        check_index(i, self.batch.len())?;
        Ok(self
            .batch
            .finished(i)
            .map(|(g, _)| PyCardGame::from_game(g.clone())))
    }

    /// A copy of game `i` as it is now.
    ///
    /// Raises `IndexError` if there is no game `i`.
    fn game(&self, i: usize) -> PyResult<PyCardGame> {
        check_index(i, self.batch.len())?;
        Ok(PyCardGame::from_game(self.batch.game(i).clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "<CardBatchEnv n={} action_space_size={} obs_len={} threads={}>",
            self.batch.len(),
            self.batch.space_len(),
            self.batch.layout().len(),
            self.batch.threads()
        )
    }
}
