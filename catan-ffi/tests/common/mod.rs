//! Helpers shared by the integration tests: calling the C ABI from Rust as C would.
#![allow(dead_code)]

use catan::*;
use catan_rules::{Game, RuleError};
use std::ffi::{c_char, CStr, CString};
use std::ptr;

pub mod cards;

/// A NUL-terminated copy of `bytes` (interior NULs dropped, as C could not pass them).
pub fn c(bytes: impl AsRef<[u8]>) -> CString {
    let v: Vec<u8> = bytes.as_ref().iter().copied().filter(|&b| b != 0).collect();
    CString::new(v).unwrap()
}

/// A new game through the ABI.
pub fn new_game(rules: &str, seed: u64) -> *mut catan_game {
    let mut g = ptr::null_mut();
    // SAFETY: valid C string and out pointer.
    let st = unsafe { catan_game_new(c(rules).as_ptr(), seed, &mut g) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    assert!(!g.is_null());
    g
}

/// Takes and frees a string returned by the library.
pub fn take(s: *mut c_char) -> String {
    assert!(!s.is_null());
    // SAFETY: a live string from the library, freed once right after.
    let out = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_owned();
    // SAFETY: as above.
    unsafe { catan_string_free(s) };
    out
}

/// This thread's last error text.
pub fn last_error() -> String {
    // SAFETY: never NULL, valid until the next fallible call on this thread.
    unsafe { CStr::from_ptr(catan_last_error()) }
        .to_str()
        .unwrap()
        .to_owned()
}

/// This thread's last error as JSON.
pub fn last_error_json() -> serde_json::Value {
    // SAFETY: as for `last_error`.
    let s = unsafe { CStr::from_ptr(catan_last_error_json()) };
    serde_json::from_str(s.to_str().unwrap()).unwrap()
}

/// The engine behind a handle.
pub fn engine<'a>(g: *const catan_game) -> &'a Game {
    // SAFETY: the tests pass live handles only and do not mutate them meanwhile.
    unsafe { game_of(g) }.unwrap()
}

/// The state JSON through the ABI.
pub fn state_json(g: *const catan_game) -> String {
    let mut s = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handle, valid out pointer.
        unsafe { catan_game_state_json(g, &mut s) },
        catan_status::Ok
    );
    take(s)
}

/// The legal actions JSON through the ABI.
pub fn legal_json(g: *const catan_game) -> String {
    let mut s = ptr::null_mut();
    assert_eq!(
        // SAFETY: live handle, valid out pointer.
        unsafe { catan_game_legal_actions_json(g, &mut s) },
        catan_status::Ok
    );
    take(s)
}

/// Everything observable about a game, to check that a failed call changed nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub game: Game,
    pub state: String,
    pub legal: String,
}

pub fn snapshot(g: *const catan_game) -> Snapshot {
    Snapshot {
        game: engine(g).clone(),
        state: state_json(g),
        legal: legal_json(g),
    }
}

/// The status the ABI must return for a rule broken.
pub fn rule_status(e: RuleError) -> catan_status {
    match e {
        RuleError::GameOver => catan_status::GameOver,
        RuleError::NotYourTurn { .. } => catan_status::NotYourTurn,
        RuleError::NoSuchPlayer { .. } => catan_status::NoSuchPlayer,
        RuleError::NotYourSeat { .. } => catan_status::NotYourSeat,
        _ => catan_status::IllegalAction,
    }
}

/// The statuses that mean "this text is not a well-formed action".
pub const PARSE_STATUSES: [catan_status; 4] = [
    catan_status::InvalidUtf8,
    catan_status::MalformedJson,
    catan_status::UnknownField,
    catan_status::UnknownActionType,
];

/// A small deterministic generator (splitmix64) so failures reproduce.
pub struct Rand(pub u64);

impl Rand {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next() as u8).collect()
    }
}

/// Plays `steps` actions of the id rule `(step * 7919) % n` (stopping at game over).
pub fn advance(g: *mut catan_game, steps: u64) {
    for step in 0..steps {
        let mut n = 0usize;
        assert_eq!(
            // SAFETY: live handle, valid out pointer.
            unsafe { catan_game_legal_count(g, &mut n) },
            catan_status::Ok
        );
        if n == 0 {
            return;
        }
        let id = ((step * 7919) % n as u64) as u32;
        // SAFETY: live handle; events not wanted.
        let st = unsafe { catan_game_apply_index(g, id, ptr::null_mut()) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
    }
}
