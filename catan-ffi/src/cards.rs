//! The C ABI of the Catan Card Game (`catan_rules::cards`): an opaque `catan_cards_game`
//! handle with the same conventions as `catan_game` (status codes, outputs written only on
//! success, the game unchanged on failure, caller-owned strings, panics caught), JSON entry
//! points and the fixed integer action space with masks.

use crate::error::Failure;
use crate::io::{string_out, Out};
use crate::panic::guard;
use crate::skin::{self, handle, handle_mut, seat_arg, CEngine, Handle};
use crate::status::catan_status;
use catan_rules::cards::{
    action_from_id, CardEngineError, CardError, CardGame, CardPositionError, SvgStyle, ACTION_SPACE,
};
use catan_rules::Player;
use serde_json::Value;
use std::ffi::c_char;

/// A game of the Catan Card Game: an opaque handle made by `catan_cards_new` (or
/// `catan_cards_from_position_json`, `catan_cards_clone`) and freed by `catan_cards_free`.
/// Not thread-safe; separate handles are independent.
#[allow(non_camel_case_types)]
pub struct catan_cards_game {
    h: Handle<CardGame>,
}

skin::c_handle!(catan_cards_game, CardGame);

fn failure(e: CardError) -> Failure {
    let status = match e {
        CardError::GameOver => catan_status::GameOver,
        CardError::NotYourTurn { .. } => catan_status::NotYourTurn,
        CardError::NoSuchPlayer { .. } => catan_status::NoSuchPlayer,
        CardError::NotYourSeat { .. } => catan_status::NotYourSeat,
        _ => catan_status::IllegalAction,
    };
    Failure {
        status,
        message: e.to_string(),
        error: serde_json::to_value(e).unwrap_or(Value::Null),
    }
}

impl CEngine for CardGame {
    fn failure(e: CardEngineError, _input: &str, what: &str) -> Failure {
        match e {
            CardEngineError::Parse { message } => {
                let status = if message.starts_with("unknown field") {
                    catan_status::UnknownField
                } else if message.starts_with("unknown variant") {
                    catan_status::UnknownActionType
                } else {
                    catan_status::MalformedJson
                };
                Failure::new(status, format!("{what}: {message}"))
            }
            CardEngineError::Rules(e) => Failure {
                status: catan_status::InvalidRules,
                message: e.to_string(),
                error: serde_json::to_value(e).unwrap_or(Value::Null),
            },
            CardEngineError::Rule(e) => failure(e),
            CardEngineError::Load(e) => {
                let malformed =
                    e.0.iter()
                        .any(|p| matches!(p, CardPositionError::Malformed { .. }));
                Failure {
                    status: if malformed {
                        catan_status::MalformedJson
                    } else {
                        catan_status::InvalidPosition
                    },
                    message: e.to_string(),
                    error: serde_json::to_value(&e).unwrap_or(Value::Null),
                }
            }
            CardEngineError::UnknownId { id } => Failure::new(
                catan_status::IdOutOfRange,
                format!("{id} is not an action id (0..{ACTION_SPACE})"),
            ),
        }
    }
}

/// A new card game from rules as JSON (`"{}"` for the defaults: 12 VP, hand limit 3,
/// seeded chance; e.g. `{"vp_target": 8, "chance": "external"}`) and a seed. On success
/// `*out_game` receives a handle owned by the caller, freed with `catan_cards_free`.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`, `INVALID_RULES` (a
/// `vp_target` outside 3–14 or a `hand_limit` outside 1–7; docs/cards.md, "Rules").
///
/// # Safety
/// `rules_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for writing
/// one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_new(
    rules_json: *const c_char,
    seed: u64,
    out_game: *mut *mut catan_cards_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::new(rules_json, seed, out_game) }
}

/// Frees a handle (NULL is ignored).
///
/// # Safety
/// `game` is NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_free(game: *mut catan_cards_game) {
    // SAFETY: the caller's contract above.
    unsafe { skin::free(game) }
}

/// Copies a game (the future chance too): `*out_game` receives a new handle.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_game` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_clone(
    game: *const catan_cards_game,
    out_game: *mut *mut catan_cards_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::clone(game, out_game) }
}

/// Every legal action as a JSON array (the referee's list). `*out_json` is owned by the
/// caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_actions_json(
    game: *const catan_cards_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_actions_json(game, out_json) }
}

/// Applies an action given as JSON (`{"type": "roll", "player": 0}`). On success, when
/// `out_events` is not NULL, it receives the events as a JSON array (caller-owned).
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `UNKNOWN_ACTION_TYPE`, `ILLEGAL_ACTION`, `NOT_YOUR_TURN`, `NO_SUCH_PLAYER`, `GAME_OVER`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_events` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_apply_json(
    game: *mut catan_cards_game,
    action_json: *const c_char,
    out_events: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_json(game, None, action_json, out_events) }
}

/// The number of integer action ids (the length of a mask).
#[no_mangle]
pub extern "C" fn catan_cards_action_space_len() -> u32 {
    ACTION_SPACE
}

/// Fills `mask[0..len]` with 1 for each fixed action id legal for the seat to act, 0
/// otherwise. `len` must be `catan_cards_action_space_len()`.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH`.
///
/// # Safety
/// `game` is NULL or a live handle; `mask` is NULL or valid for writing `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_mask(
    game: *const catan_cards_game,
    mask: *mut u8,
    len: usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        if mask.is_null() {
            return Err(Failure::null("mask"));
        }
        if len != ACTION_SPACE as usize {
            return Err(Failure::new(
                catan_status::WrongLength,
                format!("the mask has {len} elements, the action space {ACTION_SPACE}"),
            ));
        }
        let mut m = vec![false; len];
        h.game.legal_mask(&mut m);
        // SAFETY: `mask` is valid for `len` bytes (the caller's contract).
        let out = unsafe { std::slice::from_raw_parts_mut(mask, len) };
        for (o, b) in out.iter_mut().zip(m) {
            *o = u8::from(b);
        }
        Ok(())
    })
}

/// Applies the fixed action id `id` for the seat to act (events as with
/// `catan_cards_apply_json`).
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE`, and the errors of a refused action.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_apply_action_id(
    game: *mut catan_cards_game,
    id: u32,
    out_events: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        let who = h.game.to_act().iter().next().unwrap_or(Player(0));
        let a = action_from_id(id, who).ok_or_else(|| {
            Failure::new(
                catan_status::IdOutOfRange,
                format!("{id} is not an action id (0..{ACTION_SPACE})"),
            )
        })?;
        // SAFETY: the caller's contract above.
        h.apply(a, unsafe { Out::optional(out_events) })
    })
}

/// The seat to act (0 or 1), or -1 when nobody may act (game over, or chance picks the
/// starting player).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_player` is NULL or valid for writing.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_to_act(
    game: *const catan_cards_game,
    out_player: *mut i32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_player, "out_player") }?;
        out.set(h.game.to_act().iter().next().map_or(-1, |p| i32::from(p.0)));
        Ok(())
    })
}

/// The winner (0 or 1), or -1 while the game goes on; `*out_points` (optional) receives
/// both seats' victory points.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_winner` is NULL or valid for writing;
/// `out_points` is NULL or valid for writing two `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_winner(
    game: *const catan_cards_game,
    out_winner: *mut i32,
    out_points: *mut u32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_winner, "out_winner") }?;
        out.set(h.game.winner().map_or(-1, |p| i32::from(p.0)));
        if !out_points.is_null() {
            // SAFETY: valid for two elements (the caller's contract).
            let pts = unsafe { std::slice::from_raw_parts_mut(out_points, 2) };
            pts[0] = h.game.points(Player(0));
            pts[1] = h.game.points(Player(1));
        }
        Ok(())
    })
}

/// What seat `player` may know (0, 1, or -1 for a spectator) as JSON (caller-owned).
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_view_json(
    game: *const catan_cards_game,
    player: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::view_json(game, player, out_json) }
}

/// The whole position as JSON (the referee's: both hands, every pile's order).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_position_json(
    game: *const catan_cards_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::position_json(game, out_json) }
}

/// A game from a position (default catalogue), validated: on `INVALID_POSITION` the last
/// error lists every problem.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `INVALID_POSITION`.
///
/// # Safety
/// `position_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_from_position_json(
    position_json: *const c_char,
    out_game: *mut *mut catan_cards_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::from_position_json(position_json, out_game) }
}

/// Both principalities as an SVG picture (caller-owned string).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_svg` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_svg(
    game: *const catan_cards_game,
    out_svg: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_svg, "out_svg") }?;
        string_out(out, h.game.to_svg(&SvgStyle::default()));
        Ok(())
    })
}

// ------------------------------------------------------------------ seat-scoped calls

/// Checks an action (JSON) as seat `seat` (0 or 1) sends it, without applying it: what a
/// server answers a seat. Another seat's action is refused with `NOT_YOUR_SEAT` before the
/// game is looked at; `choose_starter` is never a seat's (`NOT_YOUR_TURN`); every other
/// error concerns the seat's own action and names nothing hidden from it. With external
/// chance `{"type": "roll", ...}` is the seat's choice of rolling, `OK` when some dice
/// would make it legal; the referee applies the `roll_outcome` it chose.
///
/// Errors: the parse errors of `catan_cards_apply_json`; `NO_SUCH_PLAYER`,
/// `NOT_YOUR_SEAT`, `GAME_OVER`, `NOT_YOUR_TURN`, `ILLEGAL_ACTION`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_check_as_json(
    game: *const catan_cards_game,
    seat: i32,
    action_json: *const c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::check_json(game, Some(seat), action_json) }
}

/// Applies an action (JSON) that seat `seat` sent: refused as by
/// `catan_cards_check_as_json` first, and on any error the game is unchanged.
/// `*out_events` (optional) receives every event, unredacted — the referee's record: give
/// each seat `catan_cards_events_for_json(events, seat, ...)`.
///
/// Errors: those of `catan_cards_check_as_json`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_events` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_apply_as_json(
    game: *mut catan_cards_game,
    seat: i32,
    action_json: *const c_char,
    out_events: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_json(game, Some(seat), action_json, out_events) }
}

/// Seat `seat`'s legal actions as a JSON array in the engine's order (`[]` when it has
/// nothing to decide): safe to show that seat. With external chance the outcomes are left
/// out (`roll` stands for the 36 dice; attack dice and shuffle steps are the referee's).
/// `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_actions_for_json(
    game: *const catan_cards_game,
    seat: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_actions_for_json(game, seat, out_json) }
}

/// Fills `mask[0..len]` with 1 for each fixed action id in seat `seat`'s legal list
/// (`catan_cards_legal_actions_for_json`), 0 otherwise. `len` must be
/// `catan_cards_action_space_len()`.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; `mask` is NULL or valid for writing `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_mask_for(
    game: *const catan_cards_game,
    seat: i32,
    mask: *mut u8,
    len: usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        if mask.is_null() {
            return Err(Failure::null("mask"));
        }
        if len != ACTION_SPACE as usize {
            return Err(Failure::new(
                catan_status::WrongLength,
                format!("the mask has {len} elements, the action space {ACTION_SPACE}"),
            ));
        }
        let seat = seat_arg(2, seat)?;
        let mut m = vec![false; len];
        h.game.legal_mask_for(seat, &mut m);
        // SAFETY: `mask` is valid for `len` bytes (the caller's contract).
        let out = unsafe { std::slice::from_raw_parts_mut(mask, len) };
        for (o, b) in out.iter_mut().zip(m) {
            *o = u8::from(b);
        }
        Ok(())
    })
}

/// Card game events (a JSON array, as `catan_cards_apply_json` returns them) as seat
/// `viewer` may see them (0, 1, or -1 for a spectator): cards the other seat drew, took or
/// put under a pile are hidden (`"card": null`). `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `events_json` is NULL or a NUL-terminated string; `out_json` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_events_for_json(
    events_json: *const c_char,
    viewer: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::events_for_json::<CardGame>(events_json, viewer, out_json) }
}
