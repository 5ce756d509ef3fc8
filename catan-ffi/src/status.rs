//! The one numbered result type of the ABI, and its messages.

use std::ffi::c_char;

/// The result of every fallible function of the library.
///
/// The numbers are stable: a code keeps its number forever and new codes only ever get new
/// numbers. In C the type is `uint32_t`, so a caller may receive a number it does not know
/// (from a newer library); treat any code other than `CATAN_STATUS_OK` as a failure and
/// show `catan_status_message(code)` and `catan_last_error()`.
///
/// On any failure the function wrote none of its outputs (except for
/// `CATAN_STATUS_BUFFER_TOO_SMALL`, which writes the required length), and the game it was
/// given is unchanged.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(non_camel_case_types)]
pub enum catan_status {
    /// Success: the outputs were written.
    Ok = 0,
    /// A required pointer argument was NULL (`catan_last_error()` names it).
    NullArgument = 1,
    /// A string argument was not valid UTF-8.
    InvalidUtf8 = 2,
    /// The JSON could not be read: not JSON, truncated, a missing field, a value of the
    /// wrong type or out of range. `catan_last_error()` gives the line, column and cause.
    MalformedJson = 3,
    /// The JSON object has a field the format does not know (`catan_last_error()` names it).
    UnknownField = 4,
    /// The action's `"type"` is not an action the engine knows.
    UnknownActionType = 5,
    /// The rules JSON was read but describes a game that cannot be played (player count,
    /// victory target).
    InvalidRules = 6,
    /// The action is well formed but breaks a rule here (`catan_last_error()` names the
    /// rule, and `catan_last_error_json()` gives it as data).
    IllegalAction = 7,
    /// The action's player may not act now.
    NotYourTurn = 8,
    /// The game is over: no action is legal.
    GameOver = 9,
    /// The caller's buffer is too small: nothing was written to it, and the required number
    /// of elements was written to the length output.
    BufferTooSmall = 10,
    /// The index is not an index into the current legal-action list, or the fixed id names
    /// no action here.
    IdOutOfRange = 11,
    /// The library panicked (a bug). The panic was caught; the game is unchanged.
    Panic = 12,
    /// The action names a seat that is not in this game.
    NoSuchPlayer = 13,
    /// The action is legal but is not in the legal-action list (a domestic offer outside
    /// the enumerated family, or a counter-offer), so it has no id. Apply it as JSON.
    ActionNotListed = 14,
    /// The map cannot be built.
    InvalidMap = 15,
    /// `catan_game_from_position_json`: a position that is not a possible game.
    InvalidPosition = 16,
    /// An array argument has the wrong number of elements (batch calls).
    WrongLength = 17,
    /// A seat-scoped call (`catan_game_check_as_json`, `catan_game_apply_as_json`) was given
    /// another seat's action. Refused before the game is looked at: it says nothing about
    /// the game.
    NotYourSeat = 18,
    /// An argument is over a documented limit: a string longer than
    /// `CATAN_MAX_INPUT_BYTES`, or more games than a batch or a simulation takes.
    TooLarge = 19,
    /// The memory for the result could not be allocated. Nothing changed.
    OutOfMemory = 20,
    /// `catan_bot_new`, `catan_cards_bot_new`: not one of the built-in bot kinds
    /// (`random`, `weighted`, `greedy`, `search`, `search:N`, `search:Nms`).
    UnknownBot = 21,
}

/// Every status, by number.
const ALL: [catan_status; 22] = [
    catan_status::Ok,
    catan_status::NullArgument,
    catan_status::InvalidUtf8,
    catan_status::MalformedJson,
    catan_status::UnknownField,
    catan_status::UnknownActionType,
    catan_status::InvalidRules,
    catan_status::IllegalAction,
    catan_status::NotYourTurn,
    catan_status::GameOver,
    catan_status::BufferTooSmall,
    catan_status::IdOutOfRange,
    catan_status::Panic,
    catan_status::NoSuchPlayer,
    catan_status::ActionNotListed,
    catan_status::InvalidMap,
    catan_status::InvalidPosition,
    catan_status::WrongLength,
    catan_status::NotYourSeat,
    catan_status::TooLarge,
    catan_status::OutOfMemory,
    catan_status::UnknownBot,
];

impl catan_status {
    /// Every status, by number.
    pub fn all() -> &'static [catan_status] {
        &ALL
    }

    /// The status with this number.
    pub fn from_code(code: u32) -> Option<catan_status> {
        ALL.get(code as usize).copied()
    }

    /// The `snake_case` name used in `catan_last_error_json()`.
    pub const fn name(self) -> &'static str {
        match self {
            catan_status::Ok => "ok",
            catan_status::NullArgument => "null_argument",
            catan_status::InvalidUtf8 => "invalid_utf8",
            catan_status::MalformedJson => "malformed_json",
            catan_status::UnknownField => "unknown_field",
            catan_status::UnknownActionType => "unknown_action_type",
            catan_status::InvalidRules => "invalid_rules",
            catan_status::IllegalAction => "illegal_action",
            catan_status::NotYourTurn => "not_your_turn",
            catan_status::GameOver => "game_over",
            catan_status::BufferTooSmall => "buffer_too_small",
            catan_status::IdOutOfRange => "id_out_of_range",
            catan_status::Panic => "panic",
            catan_status::NoSuchPlayer => "no_such_player",
            catan_status::ActionNotListed => "action_not_listed",
            catan_status::InvalidMap => "invalid_map",
            catan_status::InvalidPosition => "invalid_position",
            catan_status::WrongLength => "wrong_length",
            catan_status::NotYourSeat => "not_your_seat",
            catan_status::TooLarge => "too_large",
            catan_status::OutOfMemory => "out_of_memory",
            catan_status::UnknownBot => "unknown_bot",
        }
    }

    /// A one-line description, NUL-terminated.
    pub const fn message_with_nul(self) -> &'static str {
        match self {
            catan_status::Ok => "success\0",
            catan_status::NullArgument => "a required pointer argument was NULL\0",
            catan_status::InvalidUtf8 => "a string argument is not valid UTF-8\0",
            catan_status::MalformedJson => "malformed JSON\0",
            catan_status::UnknownField => "unknown field in JSON object\0",
            catan_status::UnknownActionType => "unknown action type\0",
            catan_status::InvalidRules => "the rules describe a game that cannot be played\0",
            catan_status::IllegalAction => "the action breaks a rule\0",
            catan_status::NotYourTurn => "it is not this player's decision now\0",
            catan_status::GameOver => "the game is over\0",
            catan_status::BufferTooSmall => "the buffer is too small\0",
            catan_status::IdOutOfRange => {
                "no action has this index in the legal-action list, or this fixed id here\0"
            }
            catan_status::Panic => "internal error: the library panicked\0",
            catan_status::NoSuchPlayer => "no such player in this game\0",
            catan_status::ActionNotListed => {
                "the action is legal but has no id (not in the legal-action list)\0"
            }
            catan_status::InvalidMap => "the map cannot be built\0",
            catan_status::InvalidPosition => "the position is not a valid game\0",
            catan_status::WrongLength => "an array argument has the wrong length\0",
            catan_status::NotYourSeat => "the action is another seat's\0",
            catan_status::TooLarge => "an argument is over a documented size limit\0",
            catan_status::OutOfMemory => "out of memory\0",
            catan_status::UnknownBot => "not a built-in bot kind\0",
        }
    }

    /// A one-line description.
    pub fn message(self) -> &'static str {
        let m = self.message_with_nul();
        &m[..m.len() - 1]
    }
}

const UNKNOWN_STATUS: &str = "unknown status code\0";

/// A static, NUL-terminated English description of a status code.
///
/// Never returns NULL; a number that is not a known code gives `"unknown status code"`.
/// The string is owned by the library and lives for the whole program: do not free it.
/// Thread-safe.
#[no_mangle]
pub extern "C" fn catan_status_message(code: u32) -> *const c_char {
    crate::panic::guard_or(UNKNOWN_STATUS.as_ptr().cast(), || {
        let s = match catan_status::from_code(code) {
            Some(s) => s.message_with_nul(),
            None => UNKNOWN_STATUS,
        };
        s.as_ptr().cast()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stable_and_dense() {
        for (i, s) in catan_status::all().iter().enumerate() {
            assert_eq!(*s as u32, i as u32);
            assert_eq!(catan_status::from_code(i as u32), Some(*s));
            assert!(s.message_with_nul().ends_with('\0'));
            assert!(!s.message().contains('\0'));
        }
        assert_eq!(catan_status::from_code(22), None);
        assert_eq!(catan_status::Ok as u32, 0);
        assert_eq!(catan_status::Panic as u32, 12);
    }
}

#[cfg(test)]
mod readme {
    use super::catan_status;

    /// The status table in the README lists every code with its number and name.
    #[test]
    fn the_readme_table_matches_the_codes() {
        let readme = include_str!("../README.md");
        for s in catan_status::all() {
            let row = format!(
                "| {} | `CATAN_STATUS_{}` |",
                *s as u32,
                s.name().to_ascii_uppercase()
            );
            assert!(readme.contains(&row), "README lacks the row {row}");
        }
    }

    /// The generated header spells every code as `CATAN_STATUS_<NAME> = <number>`.
    #[test]
    fn the_header_matches_the_codes() {
        let header = include_str!("../../include/catan.h");
        for s in catan_status::all() {
            let item = format!(
                "CATAN_STATUS_{} = {},",
                s.name().to_ascii_uppercase(),
                *s as u32
            );
            assert!(header.contains(&item), "catan.h lacks {item}");
        }
    }
}
