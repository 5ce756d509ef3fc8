//! The panic boundary: every exported function runs its body through one of these helpers,
//! so a panic never unwinds into C.

use crate::error::{clear_last_error, set_last_error, Failure};
use crate::status::catan_status;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs the body of a fallible exported function: returns `CATAN_STATUS_OK` and clears the
/// last error on success, records the failure and returns its status otherwise, and turns a
/// panic into `CATAN_STATUS_PANIC` with the panic message as the last error.
///
/// `AssertUnwindSafe` is sound here because the bodies never leave a handle half-changed:
/// a game is changed by replacing it whole after the new state was built, and caches are
/// marked valid only after they are filled.
pub fn guard(body: impl FnOnce() -> Result<(), Failure>) -> catan_status {
    let run = AssertUnwindSafe(|| match body() {
        Ok(()) => {
            clear_last_error();
            catan_status::Ok
        }
        Err(f) => {
            set_last_error(&f);
            f.status
        }
    });
    match catch_unwind(run) {
        Ok(status) => status,
        Err(payload) => {
            // Recording the detail allocates; if even that panics, the status still says it.
            let _ = catch_unwind(AssertUnwindSafe(|| {
                set_last_error(&Failure::new(
                    catan_status::Panic,
                    format!("panic in the catan library: {}", panic_text(&*payload)),
                ));
            }));
            // The payload is dropped here; its destructor is ours (a String or &str).
            catan_status::Panic
        }
    }
}

/// Runs the body of an infallible exported function (free, getters of static strings),
/// returning `default` if it panics.
pub fn guard_or<T>(default: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(default)
}

fn panic_text(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "(no message)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::catan_last_error;
    use std::ffi::CStr;

    fn last() -> String {
        // SAFETY: catan_last_error never returns NULL and the string lives until the next
        // fallible call on this thread.
        unsafe { CStr::from_ptr(catan_last_error()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_panic_becomes_a_status() {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let s = guard(|| panic!("boom {}", 42));
        let boom = last();
        let s2 = guard(|| std::panic::panic_any(7_u32));
        let opaque = last();
        let d = guard_or(5, || -> i32 { panic!("x") });
        std::panic::set_hook(prev);
        assert_eq!(s, catan_status::Panic);
        assert!(boom.contains("boom 42"), "{boom}");
        assert_eq!(s2, catan_status::Panic);
        assert!(opaque.contains("(no message)"), "{opaque}");
        assert_eq!(d, 5);
        assert_eq!(guard(|| Ok(())), catan_status::Ok);
        assert_eq!(last(), "");
    }

    #[test]
    fn failures_are_recorded() {
        let s = guard(|| Err(Failure::null("game")));
        assert_eq!(s, catan_status::NullArgument);
        assert_eq!(last(), "argument `game` is NULL");
    }
}
