//! Reading C arguments and writing C outputs. Every raw pointer the ABI receives goes
//! through one of these helpers, so the `unsafe` of the crate is in a few audited places.

use crate::error::Failure;
use crate::status::catan_status;
use std::ffi::{c_char, CString};
use std::ptr::NonNull;

/// The longest string argument any function takes, in bytes before the terminating NUL:
/// 1 MiB. A position of the largest board is a few tens of kilobytes, an action a few
/// hundred bytes. Longer strings are refused with `CATAN_STATUS_TOO_LARGE` after reading at
/// most this many bytes and one more.
pub const CATAN_MAX_INPUT_BYTES: usize = 1048576;

/// Reads a NUL-terminated UTF-8 string argument of at most [`CATAN_MAX_INPUT_BYTES`]
/// bytes.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that stays valid and unchanged for
/// `'a`.
pub unsafe fn str_arg<'a>(p: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(Failure::null(name));
    }
    // Find the NUL, reading no further than the limit (and never past the NUL).
    let mut len = 0usize;
    loop {
        // SAFETY: not NULL; bytes `0..=len` are inside the caller's NUL-terminated string
        // because no NUL was found in `0..len`.
        if unsafe { *p.add(len) } == 0 {
            break;
        }
        if len == CATAN_MAX_INPUT_BYTES {
            return Err(Failure::new(
                catan_status::TooLarge,
                format!("argument `{name}` is longer than {CATAN_MAX_INPUT_BYTES} bytes"),
            ));
        }
        len += 1;
    }
    // SAFETY: `len` bytes followed by a NUL, valid for `'a` by the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::new(
            catan_status::InvalidUtf8,
            format!(
                "argument `{name}` is not valid UTF-8 (at byte {})",
                e.valid_up_to()
            ),
        )
    })
}

/// An output pointer checked for NULL before any work is done, written only on success.
pub struct Out<T>(NonNull<T>);

impl<T> Out<T> {
    /// Checks an output pointer.
    ///
    /// # Safety
    /// `p` is NULL or valid for a write of one properly aligned `T` (it may point to
    /// uninitialized memory: the old value is never read nor dropped).
    pub unsafe fn new(p: *mut T, name: &str) -> Result<Out<T>, Failure> {
        NonNull::new(p).map(Out).ok_or_else(|| Failure::null(name))
    }

    /// Like [`Out::new`] for an optional output: `None` when `p` is NULL.
    ///
    /// # Safety
    /// As for [`Out::new`].
    pub unsafe fn optional(p: *mut T) -> Option<Out<T>> {
        NonNull::new(p).map(Out)
    }

    /// Writes the output.
    pub fn set(self, v: T) {
        // SAFETY: `Out` is only made from a non-NULL pointer that the caller of `new`
        // guaranteed valid and aligned for a write of `T`; `write` neither reads nor drops
        // the old value.
        unsafe { self.0.as_ptr().write(v) }
    }
}

/// A caller's buffer: `cap` elements at `buf` (NULL allowed when `cap` is 0) and where to
/// write the length.
pub struct Buf<T> {
    buf: *mut T,
    cap: usize,
    len: Out<usize>,
}

impl<T: Copy> Buf<T> {
    /// Checks a buffer argument triple.
    ///
    /// # Safety
    /// `buf` is NULL or valid for writes of `cap` elements; `len` as for [`Out::new`].
    pub unsafe fn new(buf: *mut T, cap: usize, len: *mut usize) -> Result<Buf<T>, Failure> {
        // SAFETY: forwarded from the caller.
        let len = unsafe { Out::new(len, "out_len") }?;
        if buf.is_null() && cap > 0 {
            return Err(Failure::null("buf"));
        }
        Ok(Buf { buf, cap, len })
    }

    /// Writes `items` and their count, or — when they do not fit — only the count, failing
    /// with `CATAN_STATUS_BUFFER_TOO_SMALL`.
    pub fn fill(self, items: impl ExactSizeIterator<Item = T>) -> Result<(), Failure> {
        let n = items.len();
        if n > self.cap {
            self.len.set(n);
            return Err(Failure::new(
                catan_status::BufferTooSmall,
                format!("{n} elements needed, the buffer holds {}", self.cap),
            ));
        }
        if n > 0 {
            // SAFETY: n > 0 so cap > 0 and `buf` is not NULL; the caller guaranteed `cap`
            // writable elements and n <= cap. `T: Copy` has no destructor to skip.
            let out = unsafe { std::slice::from_raw_parts_mut(self.buf, n) };
            for (slot, v) in out.iter_mut().zip(items) {
                *slot = v;
            }
        }
        self.len.set(n);
        Ok(())
    }
}

/// Hands a string to C, to be freed with `catan_string_free`.
pub fn string_out(out: Out<*mut c_char>, s: String) {
    // JSON from serde never holds a raw NUL (it escapes U+0000), so this only replaces
    // something in text we did not make.
    let c = CString::new(s).unwrap_or_else(|e| {
        let mut v = e.into_vec();
        v.retain(|&b| b != 0);
        CString::new(v).unwrap_or_default()
    });
    out.set(c.into_raw());
}

/// Frees a string returned by the library (NULL is ignored).
///
/// Every `char *` that a `catan_*` function writes to an output argument is owned by the
/// caller and must be freed exactly once with this function (not with `free()`: the
/// library's allocator may differ). Passing any other pointer, or freeing twice, is
/// undefined behaviour. Thread-safe for distinct strings.
///
/// # Safety
/// `s` is NULL or a string returned by this library and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn catan_string_free(s: *mut c_char) {
    crate::panic::guard_or((), || {
        if !s.is_null() {
            // SAFETY: the caller guarantees `s` came from `CString::into_raw` in
            // `string_out` and was not freed before.
            drop(unsafe { CString::from_raw(s) });
        }
    })
}
