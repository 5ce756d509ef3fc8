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
        ("legal_id_list", list_entry::<T>, &originals.list),
        ("step", step_entry::<T>, &originals.step),
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

/// The entry of `legal_id_list`.
///
/// # Safety
/// Called by CPython only, as a `METH_FASTCALL | METH_KEYWORDS` method of `T`'s type.
unsafe extern "C" fn list_entry<T: FastCalls>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method with the thread attached and `args` holding `nargs`
    // (and the keywords') live objects.
    unsafe {
        let py = Python::assume_attached();
        guarded(py, || {
            let offers = match nargs {
                0 => Some(true),
                1 => {
                    let a = *args;
                    if a == ffi::Py_False() {
                        Some(false)
                    } else if a == ffi::Py_True() {
                        Some(true)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let (Some(offers), true) = (offers, kwnames.is_null()) {
                if let Some(mut game) = borrow::<T>(py, slf) {
                    return game.id_list(py, offers).map(Bound::into_ptr);
                }
            }
            call_original(py, &T::originals().list, slf, args, nargs, kwnames)
        })
    }
}

/// The entry of `step`.
///
/// # Safety
/// As [`list_entry`].
unsafe extern "C" fn step_entry<T: FastCalls>(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: as in `list_entry`.
    unsafe {
        let py = Python::assume_attached();
        guarded(py, || {
            if nargs == 1 && kwnames.is_null() {
                if let Some(id) = exact_u32(*args) {
                    if let Some(mut game) = borrow::<T>(py, slf) {
                        let done = game.step_id(py, id)?;
                        return Ok(ffi::Py_NewRef(if done {
                            ffi::Py_True()
                        } else {
                            ffi::Py_False()
                        }));
                    }
                }
            }
            call_original(py, &T::originals().step, slf, args, nargs, kwnames)
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
/// As [`list_entry`]: `args` holds `nargs` positional arguments followed by the values of
/// `kwnames` (a tuple of names, or null).
#[cold]
unsafe fn call_original(
    py: Python<'_>,
    original: &PyOnceLock<Py<PyAny>>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
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
