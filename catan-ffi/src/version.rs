//! The library's version, one number for every skin: the workspace version in
//! `Cargo.toml`, which `catan_rules::VERSION` (Rust) and `catan_rules.__version__`
//! (Python) report too. The header carries it as macros for compile-time checks and
//! [`catan_version`] at run time, so a program can tell a header from another release than
//! the library it loaded. (`CATAN_VERSION_STRING`, the same as a string literal, is made
//! of the three numbers by the header itself: `catan-ffi/cbindgen.toml`.)

use std::ffi::c_char;

use crate::panic::guard_or;

/// The major version of this header (`X` of `X.Y.Z`). Compare with `catan_version()` at
/// run time to detect a library from another release.
pub const CATAN_VERSION_MAJOR: u32 = 0;

/// The minor version of this header (`Y` of `X.Y.Z`). Before 1.0 a new minor version may
/// change the ABI (the shared library's SONAME is `libcatan.so.0.Y`).
pub const CATAN_VERSION_MINOR: u32 = 1;

/// The patch version of this header (`Z` of `X.Y.Z`).
pub const CATAN_VERSION_PATCH: u32 = 0;

/// Parses a decimal version component at compile time.
const fn number(s: &str) -> u32 {
    let (bytes, mut i, mut n) = (s.as_bytes(), 0, 0u32);
    while i < bytes.len() {
        n = n * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    n
}

/// Whether two strings are equal, at compile time.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// cbindgen copies only literals into the header, so the constants above are written out;
// these checks stop the build if they ever differ from the workspace version.
const _: () = assert!(
    CATAN_VERSION_MAJOR == number(env!("CARGO_PKG_VERSION_MAJOR"))
        && CATAN_VERSION_MINOR == number(env!("CARGO_PKG_VERSION_MINOR"))
        && CATAN_VERSION_PATCH == number(env!("CARGO_PKG_VERSION_PATCH"))
        && same(env!("CARGO_PKG_VERSION"), catan_rules::VERSION),
    "the CATAN_VERSION_* constants differ from the workspace version: update them and run \
     scripts/gen-header"
);

/// The version of the library, `"X.Y.Z"`, a static NUL-terminated string: the header's
/// `CATAN_VERSION_STRING` when the header and the library are of the same release.
///
/// Never NULL; owned by the library, do not free. Thread-safe.
#[no_mangle]
pub extern "C" fn catan_version() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    guard_or(VERSION.as_ptr().cast(), || VERSION.as_ptr().cast())
}
