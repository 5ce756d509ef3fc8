//! Failures inside the library, and the thread-local last-error detail that C reads.

use crate::status::catan_status;
use catan_rules::{LoadError, NewGameError, ParseError, ParseErrorKind, RuleError, RulesError};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::ffi::{c_char, CString};

/// Why a call failed: the status returned to C, and the detail kept for
/// `catan_last_error()` / `catan_last_error_json()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The status code returned.
    pub status: catan_status,
    /// Human-readable detail (the core error's `Display` text, or what was NULL).
    pub message: String,
    /// The core error as data (`null` when there is none).
    pub error: Value,
}

impl Failure {
    /// A failure with no structured detail.
    pub fn new(status: catan_status, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            error: Value::Null,
        }
    }

    /// A NULL pointer given for the argument `name`.
    pub fn null(name: &str) -> Failure {
        Failure::new(
            catan_status::NullArgument,
            format!("argument `{name}` is NULL"),
        )
    }

    /// A rule broken by an action.
    pub fn rule(e: RuleError) -> Failure {
        let status = match e {
            RuleError::GameOver => catan_status::GameOver,
            RuleError::NotYourTurn { .. } => catan_status::NotYourTurn,
            RuleError::NoSuchPlayer { .. } => catan_status::NoSuchPlayer,
            RuleError::NotYourSeat { .. } => catan_status::NotYourSeat,
            _ => catan_status::IllegalAction,
        };
        Failure {
            status,
            message: e.to_string(),
            error: serde_json::to_value(e).unwrap_or(Value::Null),
        }
    }

    /// Malformed JSON input. `input` is the text that failed, used to tell an unknown
    /// action type from an unknown value elsewhere.
    pub fn parse(e: ParseError, input: &str, what: &str) -> Failure {
        let status = if e.kind == ParseErrorKind::UnknownField {
            catan_status::UnknownField
        } else if is_unknown_type(&e, input) {
            catan_status::UnknownActionType
        } else {
            catan_status::MalformedJson
        };
        Failure {
            status,
            message: format!("{what}: {e}"),
            error: serde_json::to_value(&e).unwrap_or(Value::Null),
        }
    }

    /// Rules that cannot be played.
    pub fn rules(e: RulesError) -> Failure {
        Failure {
            status: catan_status::InvalidRules,
            message: e.to_string(),
            error: serde_json::to_value(&e).unwrap_or(Value::Null),
        }
    }

    /// A position that could not be loaded: malformed JSON, or a position that is not a
    /// possible game (every problem is listed in the detail).
    pub fn load(e: LoadError, input: &str) -> Failure {
        match e {
            LoadError::Parse { error } => Failure::parse(error, input, "position_json"),
            LoadError::Invalid { errors } => Failure {
                status: catan_status::InvalidPosition,
                message: errors.to_string(),
                error: serde_json::to_value(&errors).unwrap_or(Value::Null),
            },
        }
    }

    /// A game that could not be made.
    pub fn new_game(e: NewGameError) -> Failure {
        match e {
            NewGameError::Rules(r) => Failure::rules(r),
            e @ (NewGameError::Board(_)
            | NewGameError::Map(_)
            | NewGameError::SetupCannotFinish { .. }) => Failure {
                status: catan_status::InvalidMap,
                message: e.to_string(),
                error: serde_json::to_value(&e).unwrap_or(Value::Null),
            },
        }
    }
}

/// Whether serde rejected the value of the `"type"` tag itself (rather than an unknown
/// value in some other field, such as a resource name).
fn is_unknown_type(e: &ParseError, input: &str) -> bool {
    if e.kind == ParseErrorKind::UnknownType {
        return true;
    }
    if !e.message.starts_with("unknown variant") {
        return false;
    }
    match serde_json::from_str::<Value>(input) {
        Ok(Value::Object(m)) => match m.get("type") {
            Some(Value::String(t)) => e.message.starts_with(&format!("unknown variant `{t}`")),
            _ => false,
        },
        _ => false,
    }
}

struct LastError {
    message: CString,
    json: CString,
}

const NO_ERROR_JSON: &str = r#"{"code":0,"status":"ok","message":"","error":null}"#;

impl LastError {
    fn none() -> LastError {
        LastError {
            message: CString::default(),
            json: CString::new(NO_ERROR_JSON).unwrap_or_default(),
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<LastError> = RefCell::new(LastError::none());
}

/// Strips interior NULs so that the text fits a C string.
fn c_string(s: String) -> CString {
    CString::new(s.replace('\0', "\\0")).unwrap_or_default()
}

/// Records `f` as this thread's last error.
pub fn set_last_error(f: &Failure) {
    let json = json!({
        "code": f.status as u32,
        "status": f.status.name(),
        "message": f.message,
        "error": f.error,
    });
    let e = LastError {
        message: c_string(f.message.clone()),
        json: c_string(json.to_string()),
    };
    // `try_with`: during thread teardown the slot may be gone; then there is nobody to
    // tell anyway.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = e);
}

/// Clears this thread's last error (after a successful call).
pub fn clear_last_error() {
    let _ = LAST_ERROR.try_with(|slot| {
        let mut slot = slot.borrow_mut();
        if !slot.message.is_empty() {
            *slot = LastError::none();
        }
    });
}

/// A pointer into this thread's last-error slot.
fn last_error_ptr(json: bool) -> *const c_char {
    LAST_ERROR
        .try_with(|slot| {
            let slot = slot.borrow();
            if json {
                slot.json.as_ptr()
            } else {
                slot.message.as_ptr()
            }
        })
        .unwrap_or(c"".as_ptr())
}

/// Detail of the last failed call on the calling thread, as English text: which argument
/// was NULL, where the JSON is malformed and why, which rule the action breaks.
///
/// Every fallible function sets it when it fails and clears it (to `""`) when it succeeds.
/// Never returns NULL. The string belongs to the library: do not free it. It stays valid
/// until the next call to a fallible `catan_*` function on the same thread; copy it to keep
/// it. Each thread has its own, so this is thread-safe.
#[no_mangle]
pub extern "C" fn catan_last_error() -> *const c_char {
    crate::panic::guard_or(c"".as_ptr(), || last_error_ptr(false))
}

/// Detail of the last failed call on the calling thread, as one JSON object:
/// `{"code": 7, "status": "illegal_action", "message": "...", "error": {...}}`.
///
/// `"error"` is the engine's error as data: for an illegal action the rule broken
/// (`{"type": "distance_rule", "node": 12}`), for malformed JSON
/// `{"message": ..., "line": ..., "column": ...}`, for invalid rules the problem
/// (`{"type": "players", "players": 9}`); `null` when there is no such detail. After a
/// successful call it is `{"code":0,"status":"ok","message":"","error":null}`.
///
/// Never returns NULL; ownership and lifetime as for `catan_last_error()`.
#[no_mangle]
pub extern "C" fn catan_last_error_json() -> *const c_char {
    crate::panic::guard_or(c"".as_ptr(), || last_error_ptr(true))
}
