//! # catan-ffi
//!
//! The C ABI of the catan rules engine (`libcatan.a` / `libcatan.so`, header
//! `include/catan.h`, generated from this crate by cbindgen). A thin skin: every rule lives
//! in `catan-rules`. The entry points the base game (`catan_game_*`) and the Card Game
//! (`catan_cards_*`) share are one generic body each over the `Engine` trait ([`skin`]);
//! each game's module adds what only it offers.
//!
//! Conventions (the same for every function):
//!
//! * **Opaque handles.** A game is a `catan_game *` made by `catan_game_new` or
//!   `catan_game_clone` and freed by `catan_game_free` (NULL is ignored).
//! * **Status codes.** Every fallible function returns a [`catan_status`]
//!   (`CATAN_STATUS_OK` = 0). Numbers are stable. `catan_status_message(code)` gives a
//!   static text; `catan_last_error()` / `catan_last_error_json()` give the detail of the
//!   calling thread's last failure (which argument, which field, which rule).
//! * **Argument order**: the handle, then inputs, then outputs. Outputs are written only on
//!   success (the one exception: `CATAN_STATUS_BUFFER_TOO_SMALL` writes the needed length),
//!   and the game is unchanged on every failure.
//! * **NULL** is rejected with `CATAN_STATUS_NULL_ARGUMENT`, except where an output is
//!   documented as optional.
//! * **Strings** in are NUL-terminated UTF-8; strings out (`char **`) belong to the caller
//!   and are freed with `catan_string_free`. `const char *` results are static or
//!   library-owned and never freed.
//! * **Panics** never cross the boundary: they become `CATAN_STATUS_PANIC`.
//! * **Threads**: a handle is not thread-safe (not even for reading); separate handles
//!   are independent. The last error is per thread.
//! * **Indices and ids.** `*_index` functions (`catan_game_legal_indices`,
//!   `catan_game_apply_index`, ...) take an index into the current legal-action list, valid
//!   only until the game changes. `*_id` functions (`catan_game_action_space_len`,
//!   `catan_game_legal_mask`, `catan_game_apply_id`, ...) take a fixed action id, which
//!   numbers every action of a board once and for all (`catan_rules::action_space`), as in
//!   the Python package. A `catan_batch *` steps many games at once with masks and
//!   observation vectors; `catan_simulate` plays random games on several threads.
//!
//! * **Seats.** A game server gives each seat only what it may know: the seat-scoped calls
//!   (`catan_game_view_json`, `catan_game_legal_actions_for_json`,
//!   `catan_game_legal_mask_for`, `catan_game_check_as_json`, `catan_game_apply_as_json`,
//!   `catan_events_for_json`) are safe to relay to that seat; the others are the referee's
//!   (docs/security.md lists them).
//!
//! * **Sizes.** String arguments are at most `CATAN_MAX_INPUT_BYTES` (1 MiB), batches at
//!   most `CATAN_MAX_BATCH_GAMES` games, `catan_simulate` at most
//!   `CATAN_MAX_SIMULATE_GAMES` per call: beyond, `CATAN_STATUS_TOO_LARGE`. Error messages
//!   quote at most a few hundred bytes of any input.
//!
//! * **Positions and views**: `catan_game_from_position_json` / `catan_game_position_json`
//!   save and resume a whole game; `catan_game_view_json` gives what one seat may know;
//!   `catan_game_svg` draws the board.
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod batch;
pub mod bots;
pub mod cards;
pub mod error;
pub mod game;
pub mod io;
pub mod panic;
pub mod sea;
pub mod skin;
pub mod status;
pub mod version;

/// The repository README's Rust examples, compiled and run as doctests so they cannot
/// drift (here, not in `catan-rules`, whose published package holds only its own files).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

/// `docs/cards.md`'s Rust example, compiled and run as a doctest so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../../docs/cards.md")]
struct CardsDocDoctests;

pub use batch::{
    catan_batch, catan_batch_free, catan_batch_new, catan_batch_observe, catan_batch_returns,
    catan_batch_set_offers, catan_batch_sizes, catan_batch_step, catan_cards_batch,
    catan_cards_batch_free, catan_cards_batch_new, catan_cards_batch_observe,
    catan_cards_batch_returns, catan_cards_batch_set_offers, catan_cards_batch_sizes,
    catan_cards_batch_step, catan_game_action_json_for_id, catan_game_action_space_len,
    catan_game_action_table_json, catan_game_apply_id, catan_game_id_for_action_json,
    catan_game_legal_mask, catan_game_legal_mask_without_offers, catan_simulate,
    CATAN_MAX_BATCH_GAMES, CATAN_MAX_SIMULATE_GAMES,
};
pub use bots::{
    catan_bot, catan_bot_choose_id, catan_bot_choose_json, catan_bot_free, catan_bot_new,
    catan_cards_bot, catan_cards_bot_choose_id, catan_cards_bot_choose_json, catan_cards_bot_free,
    catan_cards_bot_new,
};
pub use error::{catan_last_error, catan_last_error_json, Failure};
pub use game::{
    catan_events_for_json, catan_game, catan_game_action_json_for_index, catan_game_apply_as_json,
    catan_game_apply_index, catan_game_apply_json, catan_game_award_holders, catan_game_board_json,
    catan_game_check_as_json, catan_game_check_json, catan_game_clone, catan_game_copy_from,
    catan_game_free, catan_game_from_position_json, catan_game_index_for_action_json,
    catan_game_legal_actions_for_json, catan_game_legal_actions_json, catan_game_legal_count,
    catan_game_legal_indices, catan_game_legal_mask_for, catan_game_new, catan_game_position_json,
    catan_game_rules_json, catan_game_scores, catan_game_seat_stats, catan_game_state_json,
    catan_game_svg, catan_game_to_act, catan_game_view_json, catan_game_winner, game_of,
};
pub use io::catan_string_free;
pub use io::CATAN_MAX_INPUT_BYTES;
pub use sea::{
    catan_game_new_sea_map, catan_game_pieces_left, catan_hex_from_jsettlers,
    catan_hex_to_jsettlers,
};
pub use status::{catan_status, catan_status_message};
pub use version::{catan_version, CATAN_VERSION_MAJOR, CATAN_VERSION_MINOR, CATAN_VERSION_PATCH};
