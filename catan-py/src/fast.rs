//! Raw `METH_FASTCALL` entries for the two calls of a Python playout loop,
//! `ids = game.legal_id_list(False)` and `done = game.step(ids[k])`, on `Game` and
//! `CardGame` alike.
//!
//! pyo3's generated method glue costs ~300 instructions a step (its trampoline, the generic
//! argument parser, the `bool`/`u32` extraction; docs/performance.md, "Eighth round: one
//! game stepped from Python"). At module start [`install`] puts an entry of its own in
//! front of each of the two methods. The entry takes the plain call (the game itself, no
//! keywords, one exact `int` id, or nothing or an exact `bool` for `offers`) straight to
//! the same Rust body as the pyo3 method ([`FastCalls`]), under the same borrow rules of
//! the class; any other call (keywords, another type, a negative or too large id, a game
//! already borrowed) goes to the pyo3 method it replaced, unchanged, so every error stays
//! the one of today, typed and worded alike.

use pyo3::exceptions::PyRuntimeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::{Borrowed, PyClass};
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicPtr, Ordering};

/// The methods a game class gives the fast entries: the bodies of its `legal_id_list` and
/// `step`, which its pyo3 methods call too.
pub(crate) trait FastCalls: PyClass<Frozen = pyo3::pyclass::boolean_struct::False> {
    /// `legal_id_list(offers)`.
    fn id_list<'py>(&mut self, py: Python<'py>, offers: bool) -> PyResult<Bound<'py, PyList>>;
    /// `step(id)`.
    fn step_id(&mut self, py: Python<'_>, id: u32) -> PyResult<bool>;
    /// The class's type object and the pyo3 methods the entries stand in front of.
    fn originals() -> &'static Originals;
}

/// One class's type object and its pyo3 methods `legal_id_list` and `step`, kept by
/// [`install`] for the calls the entries do not take themselves.
pub(crate) struct Originals {
    ty: AtomicPtr<ffi::PyTypeObject>,
    list: PyOnceLock<Py<PyAny>>,
    step: PyOnceLock<Py<PyAny>>,
}

impl Originals {
    pub(crate) const fn new() -> Originals {
        Originals {
            ty: AtomicPtr::new(std::ptr::null_mut()),
            list: PyOnceLock::new(),
            step: PyOnceLock::new(),
        }
    }
}

/// The signature of a `METH_FASTCALL | METH_KEYWORDS` function.
type Entry = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// Puts the fast entries in front of `T`'s `legal_id_list` and `step` (once per process).
/// Each new method keeps the old one's name, signature and docstring.
pub(crate) fn install<T: FastCalls>(py: Python<'_>) -> PyResult<()> {
    let originals = T::originals();
    if originals.step.get(py).is_some() {
        return Ok(());
    }
    let ty = py.get_type::<T>();
    let entries: [(&str, Entry, &PyOnceLock<Py<PyAny>>); 2] = [
        ("legal_id_list", entry::<T, false>, &originals.list),
        ("step", entry::<T, true>, &originals.step),
    ];
    for (name, entry, keep) in entries {
        let old = ty.getattr(name)?;
        let signature: String = old.getattr("__text_signature__")?.extract()?;
        let doc: String = old.getattr("__doc__")?.extract()?;
        let text = |s: String| CString::new(s).map_err(|e| PyRuntimeError::new_err(e.to_string()));
        // The method definition must outlive the type: made once per process, never freed.
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: text(name.to_owned())?.into_raw(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: entry,
            },
            ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: text(format!("{name}{signature}\n--\n\n{doc}"))?.into_raw(),
        }));
        // SAFETY: `ty` is a live type object and `def` lives for the rest of the process.
        let new = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(ty.as_type_ptr(), def))
        }?;
        let _ = keep.set(py, old.unbind());
        ty.setattr(name, new)?;
    }
    originals.ty.store(ty.as_type_ptr(), Ordering::Release);
    Ok(())
}

/// The plain call of `legal_id_list(offers=True)`, or `None` to leave the call to the pyo3
/// method (an argument this entry does not take, or a game it cannot borrow).
///
/// # Safety
/// The thread is attached and `slf` is live.
unsafe fn list_fast<T: FastCalls>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: &[*mut ffi::PyObject],
) -> Option<PyResult<*mut ffi::PyObject>> {
    // SAFETY: `True` and `False` are static objects.
    let (no, yes) = unsafe { (ffi::Py_False(), ffi::Py_True()) };
    let offers = match *args {
        [] => true,
        [a] if a == no => false,
        [a] if a == yes => true,
        _ => return None,
    };
    // SAFETY: the caller's promise.
    let mut game = unsafe { borrow::<T>(py, slf) }?;
    Some(game.id_list(py, offers).map(Bound::into_ptr))
}

/// The plain call of `step(id, /)`, or `None` as [`list_fast`].
///
/// # Safety
/// As [`list_fast`].
unsafe fn step_fast<T: FastCalls>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: &[*mut ffi::PyObject],
) -> Option<PyResult<*mut ffi::PyObject>> {
    let [arg] = *args else { return None };
    // SAFETY: the caller's promise; `arg` is a live object.
    let (id, mut game) = unsafe { (exact_u32(arg)?, borrow::<T>(py, slf)?) };
    Some(game.step_id(py, id).map(|done| {
        // SAFETY: `True` and `False` are static objects.
        unsafe {
            ffi::Py_NewRef(if done {
                ffi::Py_True()
            } else {
                ffi::Py_False()
            })
        }
    }))
}

/// The entry CPython calls for `step` (`STEP`) or `legal_id_list` of class `T`, as a
/// `METH_FASTCALL | METH_KEYWORDS` method: the plain call (no keywords) goes to
/// [`step_fast`] or [`list_fast`], and what they decline to the pyo3 method this entry
/// stands in front of.
///
/// # Safety
/// Called by CPython only, as a method of `T`'s type: the thread is attached, `slf` is live
/// and `args` holds `nargs` live objects followed by the values of `kwnames` (a tuple of
/// names, or null).
unsafe extern "C" fn entry<T: FastCalls, const STEP: bool>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython's call of a method (the caller's promise).
    unsafe {
        let py = Python::assume_attached();
        guarded(py, || {
            if kwnames.is_null() {
                let positional = match nargs {
                    0 => &[][..],
                    n => std::slice::from_raw_parts(args, n as usize),
                };
                let out = if STEP {
                    step_fast::<T>(py, slf, positional)
                } else {
                    list_fast::<T>(py, slf, positional)
                };
                if let Some(out) = out {
                    return out;
                }
            }
            let originals = T::originals();
            let original = if STEP {
                &originals.step
            } else {
                &originals.list
            };
            call_original(py, original, (slf, args, nargs, kwnames))
        })
    }
}

/// Runs an entry's body as pyo3's trampoline does: an error is raised, a panic becomes
/// `PanicException` (never unwinds into CPython).
fn guarded(
    py: Python<'_>,
    body: impl FnOnce() -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    let err = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(out)) => return out,
        Ok(Err(e)) => e,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic in a fast call".to_owned());
            pyo3::panic::PanicException::new_err(what)
        }
    };
    err.restore(py);
    std::ptr::null_mut()
}

/// The game behind `slf`, borrowed mutably: `None` if `slf` is not exactly `T` (it always
/// is: CPython checks a method's `self`, and the classes cannot be subclassed) or the game
/// is already borrowed (the original method then raises pyo3's error).
///
/// # Safety
/// `slf` is a live object and the thread is attached.
unsafe fn borrow<'py, T: FastCalls>(
    py: Python<'py>,
    slf: *mut ffi::PyObject,
) -> Option<PyRefMut<'py, T>> {
    // SAFETY: `slf` is live (the caller's promise); a `T` when its type is `T`'s.
    unsafe {
        if ffi::Py_TYPE(slf) != T::originals().ty.load(Ordering::Acquire) {
            return None;
        }
        let obj = Borrowed::from_ptr(py, slf).cast_unchecked::<T>();
        obj.try_borrow_mut().ok()
    }
}

/// The value of an exact `int` in `0..=u32::MAX`; `None` for anything else (a `bool`, an
/// `int` subclass, a negative or too large int), which the original method then takes.
///
/// # Safety
/// `o` is a live object and the thread is attached.
unsafe fn exact_u32(o: *mut ffi::PyObject) -> Option<u32> {
    // SAFETY: `o` is live (the caller's promise).
    unsafe {
        if ffi::Py_TYPE(o) != &raw mut ffi::PyLong_Type {
            return None;
        }
        let v = ffi::PyLong_AsLong(o);
        if v == -1 && !ffi::PyErr_Occurred().is_null() {
            // Too large for a C long: the original method raises its `OverflowError`.
            ffi::PyErr_Clear();
        }
        u32::try_from(v).ok()
    }
}

/// Calls the pyo3 method `original` with the entry's arguments (`slf` first), for every
/// call the entry does not take itself.
///
/// # Safety
/// As [`entry`].
#[cold]
unsafe fn call_original(
    py: Python<'_>,
    original: &PyOnceLock<Py<PyAny>>,
    (slf, args, nargs, kwnames): (
        *mut ffi::PyObject,
        *const *mut ffi::PyObject,
        ffi::Py_ssize_t,
        *mut ffi::PyObject,
    ),
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: the caller's promise: every pointer is a live object.
    unsafe {
        let original = original
            .get(py)
            .ok_or_else(|| PyRuntimeError::new_err("the fast calls are not installed"))?;
        let arg = |k: isize| Borrowed::from_ptr(py, *args.offset(k));
        let kwnames = Borrowed::from_ptr_or_opt(py, kwnames);
        let positional = std::iter::once(Borrowed::from_ptr(py, slf))
            .chain((0..nargs).map(arg))
            .collect::<Vec<_>>();
        let kwargs = match kwnames {
            None => None,
            Some(names) => {
                let d = PyDict::new(py);
                for (k, name) in names.try_iter()?.enumerate() {
                    d.set_item(name?, arg(nargs + k as isize))?;
                }
                Some(d)
            }
        };
        let out = original
            .bind(py)
            .call(PyTuple::new(py, positional)?, kwargs.as_ref())?;
        Ok(out.into_ptr())
    }
}
