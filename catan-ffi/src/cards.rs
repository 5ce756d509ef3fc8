//! The C ABI of the Catan Card Game (`catan_rules::cards`): an opaque `catan_cards_game`
//! handle with the same conventions as `catan_game` (status codes, outputs written only on
//! success, the game unchanged on failure, caller-owned strings, panics caught), JSON entry
//! points and the fixed integer action space with masks.

use crate::error::Failure;
use crate::io::{str_arg, string_out, Out};
use crate::panic::{guard, guard_or};
use crate::status::catan_status;
use catan_rules::cards::{
    action_from_id, CardAction, CardError, CardEvent, CardGame, CardRules, SvgStyle, ACTION_SPACE,
};
use catan_rules::Player;
use serde_json::Value;
use std::ffi::c_char;

/// A game of the Catan Card Game: an opaque handle made by `catan_cards_new` (or
/// `catan_cards_from_position_json`, `catan_cards_clone`) and freed by `catan_cards_free`.
/// Not thread-safe; separate handles are independent.
#[allow(non_camel_case_types)]
pub struct catan_cards_game {
    game: CardGame,
}

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

fn malformed(e: serde_json::Error, what: &str) -> Failure {
    let status = if e.to_string().starts_with("unknown field") {
        catan_status::UnknownField
    } else if e.to_string().starts_with("unknown variant") {
        catan_status::UnknownActionType
    } else {
        catan_status::MalformedJson
    };
    Failure::new(status, format!("{what}: {e}"))
}

fn json<T: serde::Serialize + ?Sized>(v: &T) -> Result<String, Failure> {
    serde_json::to_string(v)
        .map_err(|e| Failure::new(catan_status::Panic, format!("cannot serialize: {e}")))
}

/// # Safety
/// `p` is NULL or a live handle not used mutably during `'a`.
unsafe fn handle<'a>(p: *const catan_cards_game) -> Result<&'a catan_cards_game, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_ref() }.ok_or_else(|| Failure::null("game"))
}

/// # Safety
/// `p` is NULL or a live handle not otherwise used during `'a`.
unsafe fn handle_mut<'a>(p: *mut catan_cards_game) -> Result<&'a mut catan_cards_game, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("game"))
}

/// Applies on a copy, kept only on success (a panic leaves the handle as it was); with
/// `seat`, through the seat-scoped `apply_as`.
fn apply_for(
    h: &mut catan_cards_game,
    seat: Option<Player>,
    a: CardAction,
    events: Option<Out<*mut c_char>>,
) -> Result<(), Failure> {
    let mut next = h.game.clone();
    let ev: Vec<CardEvent> = match seat {
        Some(seat) => next.apply_as(seat, a),
        None => next.apply(a),
    }
    .map_err(failure)?;
    let text = match events {
        Some(_) => Some(json(&ev)?),
        None => None,
    };
    h.game = next;
    if let (Some(out), Some(t)) = (events, text) {
        string_out(out, t);
    }
    Ok(())
}

/// Applies on a copy, kept only on success (the referee's apply).
fn apply(
    h: &mut catan_cards_game,
    a: CardAction,
    events: Option<Out<*mut c_char>>,
) -> Result<(), Failure> {
    apply_for(h, None, a, events)
}

/// A seat of the seat-scoped calls: 0 or 1 (a spectator does not act).
fn acting_seat(p: i32) -> Result<Player, Failure> {
    match seat(p)? {
        Some(p) => Ok(p),
        None => Err(Failure::new(
            catan_status::NoSuchPlayer,
            "a spectator (-1) does not act: give seat 0 or 1".to_string(),
        )),
    }
}

fn seat(p: i32) -> Result<Option<Player>, Failure> {
    match p {
        -1 => Ok(None),
        0 | 1 => Ok(Some(Player(p as u8))),
        p => Err(Failure::new(
            catan_status::NoSuchPlayer,
            format!("player {p} is not a seat of the card game (0, 1, or -1 for a spectator)"),
        )),
    }
}

/// A new card game from rules as JSON (`"{}"` for the defaults: 12 VP, hand limit 3,
/// seeded chance; e.g. `{"vp_target": 8, "chance": "external"}`) and a seed. On success
/// `*out_game` receives a handle owned by the caller, freed with `catan_cards_free`.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`.
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(rules_json, "rules_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        let rules: CardRules = serde_json::from_str(text).map_err(|e| malformed(e, "rules"))?;
        let game = CardGame::new(rules, seed);
        out.set(Box::into_raw(Box::new(catan_cards_game { game })));
        Ok(())
    })
}

/// Frees a handle (NULL is ignored).
///
/// # Safety
/// `game` is NULL or a handle from this library not yet freed.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_free(game: *mut catan_cards_game) {
    guard_or((), || {
        if !game.is_null() {
            // SAFETY: the handle came from `Box::into_raw` here and is freed only once.
            drop(unsafe { Box::from_raw(game) });
        }
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        out.set(Box::into_raw(Box::new(catan_cards_game {
            game: h.game.clone(),
        })));
        Ok(())
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let mut v = Vec::new();
        h.game.legal_actions(&mut v);
        string_out(out, json(&v)?);
        Ok(())
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        let a = CardAction::from_json(text).map_err(|e| malformed(e, "action"))?;
        // SAFETY: the caller's contract above.
        apply(h, a, unsafe { Out::optional(out_events) })
    })
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
        apply(h, a, unsafe { Out::optional(out_events) })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, json(&h.game.view(seat(player)?))?);
        Ok(())
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, h.game.to_json());
        Ok(())
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(position_json, "position_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        let game = CardGame::from_json(text).map_err(|e| {
            let malformed =
                e.0.iter()
                    .any(|p| matches!(p, catan_rules::cards::CardPositionError::Malformed { .. }));
            Failure {
                status: if malformed {
                    catan_status::MalformedJson
                } else {
                    catan_status::InvalidPosition
                },
                message: e.to_string(),
                error: serde_json::to_value(&e).unwrap_or(Value::Null),
            }
        })?;
        out.set(Box::into_raw(Box::new(catan_cards_game { game })));
        Ok(())
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        let seat = acting_seat(seat)?;
        let a = CardAction::from_json(text).map_err(|e| malformed(e, "action"))?;
        h.game.check_as(seat, &a).map_err(failure)
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        let seat = acting_seat(seat)?;
        let a = CardAction::from_json(text).map_err(|e| malformed(e, "action"))?;
        // SAFETY: the caller's contract above.
        apply_for(h, Some(seat), a, unsafe { Out::optional(out_events) })
    })
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let seat = acting_seat(seat)?;
        let mut v = Vec::new();
        h.game.legal_actions_for(seat, &mut v);
        string_out(out, json(&v)?);
        Ok(())
    })
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
        let seat = acting_seat(seat)?;
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
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(events_json, "events_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let viewer = seat(viewer)?;
        let events: Vec<CardEvent> =
            serde_json::from_str(text).map_err(|e| malformed(e, "events"))?;
        string_out(out, json(&CardGame::events_for(&events, viewer))?);
        Ok(())
    })
}
