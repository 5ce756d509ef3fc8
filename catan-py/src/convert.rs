//! JSON values ⇄ Python objects. The wire format is the core's serde JSON; Python sees it as
//! dicts, lists, strings, ints, bools and `None`.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// A Python object (dict, list, tuple, str, int, float, bool, None) as a JSON value.
///
/// # Errors
/// `TypeError` for anything else, or a dict key that is not a string.
pub fn from_py(o: &Bound<'_, PyAny>) -> PyResult<Value> {
    if o.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = o.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if o.is_instance_of::<PyInt>() {
        if let Ok(i) = o.extract::<u64>() {
            return Ok(Value::Number(i.into()));
        }
        if let Ok(i) = o.extract::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        return Err(PyTypeError::new_err(format!(
            "integer out of range: {}",
            o.repr()?
        )));
    }
    if let Ok(f) = o.cast::<PyFloat>() {
        return Ok(Number::from_f64(f.value()).map_or(Value::Null, Value::Number));
    }
    if let Ok(s) = o.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = o.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d.iter() {
            let Ok(k) = k.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "dict keys must be strings, not {}",
                    k.get_type().name()?
                )));
            };
            m.insert(k.to_cow()?.into_owned(), from_py(&v)?);
        }
        return Ok(Value::Object(m));
    }
    if let Ok(l) = o.cast::<PyList>() {
        return l.iter().map(|x| from_py(&x)).collect();
    }
    if let Ok(t) = o.cast::<PyTuple>() {
        return t.iter().map(|x| from_py(&x)).collect();
    }
    Err(PyTypeError::new_err(format!(
        "cannot convert {} to JSON",
        o.get_type().name()?
    )))
}

static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// JSON text as Python objects (`json.loads`: dict keys keep the wire order).
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let f = LOADS.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("json")?.getattr("loads")?.unbind())
    })?;
    f.bind(py).call1((text,))
}

/// A core value as Python objects, keys in the wire format's order.
pub fn ser_to_py<'py, T: serde::Serialize>(py: Python<'py>, t: &T) -> PyResult<Bound<'py, PyAny>> {
    loads(
        py,
        &serde_json::to_string(t).expect("core types always serialize"),
    )
}
