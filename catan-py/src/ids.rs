//! The hot calls of a Python playout loop, shared by `Game` and `CardGame`:
//! `ids = game.legal_id_list(False); done = game.step(ids[k])`.
//!
//! Three things keep a step cheap (docs/performance.md, "Seventh round: one game stepped
//! from Python"):
//! - ids are shared Python ints made once ([`small_ints`]), so a list costs a reference count
//!   per id instead of an int object;
//! - the list is a pooled one of its length, refilled in place, when nobody but the pool
//!   holds it any more ([`id_list`]): a loop that rebinds `ids` drops the list of the step
//!   before, so no list is allocated or freed once the pool has one of each length;
//! - the ids behind the last list are kept with the state they were listed for
//!   ([`Listing`]), so `step` applies one of them without checking it again (the core lists
//!   exactly the ids that apply); any other id goes through the checked path and gets its
//!   error.

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The most ids kept as ready-made Python ints (every id of the base game's spaces and the
/// Card Game's, and of larger boards up to this many).
const INT_CACHE: usize = 8192;

/// Python ints `0..INT_CACHE`, made once (CPython itself keeps only `-5..=256`).
static SMALL_INTS: pyo3::sync::PyOnceLock<Vec<Py<PyAny>>> = pyo3::sync::PyOnceLock::new();

/// The shared ints `0..INT_CACHE`.
pub(crate) fn small_ints(py: Python<'_>) -> &'static [Py<PyAny>] {
    SMALL_INTS.get_or_init(py, || {
        (0..INT_CACHE as u32)
            .map(|k| {
                let Ok(o) = k.into_pyobject(py);
                o.into_any().unbind()
            })
            .collect()
    })
}

/// The Python int `i` (a new reference), shared when cached.
fn id_int<'py>(py: Python<'py>, ints: &[Py<PyAny>], i: u32) -> Bound<'py, PyAny> {
    match ints.get(i as usize) {
        Some(o) => o.bind(py).clone(),
        None => {
            let Ok(o) = i.into_pyobject(py);
            o.into_any()
        }
    }
}

/// The legal ids a game last listed, ascending, and whether they are still those of the
/// game's state: every call that changes the game clears `fresh`.
#[derive(Clone, Default)]
pub(crate) struct Listing {
    pub(crate) ids: Vec<u32>,
    pub(crate) fresh: bool,
}

impl Listing {
    /// Whether `id` was listed for the current state: then it applies exactly (the core
    /// lists only ids that apply).
    #[inline]
    pub(crate) fn has(&self, id: u32) -> bool {
        self.fresh && self.ids.binary_search(&id).is_ok()
    }
}

/// The longest id list kept for reuse (longer lists are made afresh: a handful of states
/// list more ids than this).
const POOLED_LEN: usize = 64;

/// Lists of ids kept for reuse, two per length `0..=POOLED_LEN`, shared by every game.
///
/// A list is reused only while the pool holds its one and only reference: no Python code
/// can reach it then, so refilling it is invisible, and each call still returns a list of
/// its own while the caller keeps an earlier one. Two lists of each length cover the loop
/// `ids = game.legal_id_list(False)`, where the caller still holds the last list while it
/// asks for the next; a list kept elsewhere for good is replaced in the pool by the next
/// new list of its length. At most `2 (POOLED_LEN + 1)` lists (about 40 KiB) are kept.
struct Pool {
    lists: [[Option<Py<PyList>>; 2]; POOLED_LEN + 1],
    /// Per length, the slot a new list goes into when neither list is free.
    next: [u8; POOLED_LEN + 1],
}

const NO_LIST: Option<Py<PyList>> = None;
const NO_LISTS: [Option<Py<PyList>>; 2] = [NO_LIST, NO_LIST];

/// The pool. Its lock is never held across a call into Python (refilling a list may drop
/// objects a caller put into it, which runs their finalizers).
static POOL: Mutex<Pool> = Mutex::new(Pool {
    lists: [NO_LISTS; POOLED_LEN + 1],
    next: [0; POOLED_LEN + 1],
});

fn pool() -> MutexGuard<'static, Pool> {
    POOL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A list of `ids`, ascending: a pooled list of that length refilled, or a new one.
pub(crate) fn id_list<'py>(
    py: Python<'py>,
    ids: impl ExactSizeIterator<Item = u32>,
) -> PyResult<Bound<'py, PyList>> {
    let ints = small_ints(py);
    let n = ids.len();
    if n > POOLED_LEN {
        return PyList::new(py, ids.map(|i| id_int(py, ints, i)));
    }
    // A free list of length `n`: the pool's reference is its only one. Our reference then
    // keeps it from being taken again (by a finalizer run while it is refilled) until the
    // caller has it.
    let free = pool().lists[n].iter().flatten().find_map(|l| {
        // SAFETY: a pooled list is a live object: the pool holds a reference to it.
        let unshared = unsafe { ffi::Py_REFCNT(l.as_ptr()) } == 1;
        unshared.then(|| l.bind(py).clone())
    });
    // A caller may have resized a list before dropping it: such a list is replaced.
    if let Some(list) = free.filter(|l| l.len() == n) {
        for (k, id) in ids.enumerate() {
            let item = id_int(py, ints, id).into_ptr();
            // SAFETY: `list` is a live list of length `n > k`; `PyList_SetItem` takes over
            // the new reference `item` and drops the old item.
            if unsafe { ffi::PyList_SetItem(list.as_ptr(), k as ffi::Py_ssize_t, item) } != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        return Ok(list);
    }
    let list = PyList::new(py, ids.map(|i| id_int(py, ints, i)))?;
    let replaced = {
        let mut guard = pool();
        let pool = &mut *guard;
        let (lists, next) = (&mut pool.lists[n], &mut pool.next[n]);
        // An empty slot, else a list of a wrong length nobody holds, else the older slot.
        let slot = lists
            .iter()
            .position(|l| {
                l.as_ref().is_none_or(|l| {
                    // SAFETY: as above.
                    let count = unsafe { ffi::Py_REFCNT(l.as_ptr()) };
                    count == 1
                })
            })
            .unwrap_or_else(|| {
                *next ^= 1;
                usize::from(*next)
            });
        lists[slot].replace(list.clone().unbind())
    };
    // Dropped outside the lock: it may be the last reference to a list a caller filled.
    // Dropped as a `Bound`, at once (a `Py` dropped where pyo3 does not know the thread is
    // attached, as in `crate::fast`'s entries, would be queued for later instead).
    drop(replaced.map(|l| l.into_bound(py)));
    Ok(list)
}
