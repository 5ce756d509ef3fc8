//! The built-in bots (`catan_rules::bots`) from C: a bot handle chooses an action for one
//! seat from that seat's view only (hidden cards of the other seats are sampled, never
//! read), as JSON or as a fixed id.

use crate::error::Failure;
use crate::game::{catan_game, handle, seat_arg};
use crate::io::{str_arg, string_out, Out};
use crate::panic::{guard, guard_or};
use crate::status::catan_status;
use catan_rules::bots::{Bot, BotKind, Perspective};
use catan_rules::{Action, Game, Resource, Resources};
use std::ffi::c_char;

/// A built-in bot: its kind and its own seeded generator. Made by `catan_bot_new`, freed
/// by `catan_bot_free`; not shared between threads while in use.
#[allow(non_camel_case_types)]
pub struct catan_bot {
    bot: Box<dyn Bot>,
}

/// Makes a bot of kind `kind` (`"random"`, `"weighted"`, `"greedy"`, `"search"`,
/// `"search:N"` for `N` playouts per decision or `"search:Nms"` for `N` milliseconds; the
/// kinds of `docs/agents.md`) with its own generator seeded by `seed`. On success
/// `*out_bot` receives a new handle owned by the caller, freed with `catan_bot_free`.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `TOO_LARGE`, `UNKNOWN_BOT`.
///
/// # Safety
/// `kind` is NULL or a NUL-terminated string; `out_bot` is NULL or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_bot_new(
    kind: *const c_char,
    seed: u64,
    out_bot: *mut *mut catan_bot,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let kind = unsafe { str_arg(kind, "kind") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_bot, "out_bot") }?;
        let kind: BotKind = kind.parse().map_err(|e: catan_rules::bots::UnknownBot| {
            Failure::new(catan_status::UnknownBot, e.to_string())
        })?;
        out.set(Box::into_raw(Box::new(catan_bot {
            bot: kind.build(seed),
        })));
        Ok(())
    })
}

/// Frees a bot made by `catan_bot_new`. NULL is ignored.
///
/// # Safety
/// `bot` is NULL or a live handle, not used again.
#[no_mangle]
pub unsafe extern "C" fn catan_bot_free(bot: *mut catan_bot) {
    guard_or((), || {
        if !bot.is_null() {
            // SAFETY: the caller guarantees the handle came from `Box::into_raw` in this
            // library and is freed only once.
            drop(unsafe { Box::from_raw(bot) });
        }
    })
}

/// # Safety
/// `p` is NULL or a live handle not otherwise used during `'a`.
unsafe fn bot_mut<'a>(p: *mut catan_bot) -> Result<&'a mut catan_bot, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("bot"))
}

/// The bot's choice for `seat` (-1: the lowest seat that must act), or `None`.
fn choose(bot: &mut catan_bot, g: &Game, seat: i32) -> Result<Option<Action>, Failure> {
    let seat = if seat == -1 {
        match g.to_act().iter().next() {
            Some(p) => p,
            None => return Ok(None),
        }
    } else {
        seat_arg(g, seat)?
    };
    Ok(bot.bot.choose(&Perspective::new(g, seat)))
}

/// The bot's action for seat `seat` of `game` (-1: the lowest seat that must act), as
/// JSON: `*out_action_json` receives a string owned by the caller (freed with
/// `catan_string_free`), or NULL when that seat has nothing to do. The bot sees only the
/// seat's view. Domestic offers are never made (offers from others are answered).
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `bot` and `game` are NULL or live handles; `out_action_json` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_bot_choose_json(
    bot: *mut catan_bot,
    game: *const catan_game,
    seat: i32,
    out_action_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let b = unsafe { bot_mut(bot) }?;
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_action_json, "out_action_json") }?;
        match choose(b, h.game(), seat)? {
            Some(a) => string_out(out, a.to_json()),
            None => out.set(std::ptr::null_mut()),
        }
        Ok(())
    })
}

/// The bot's action for seat `seat` (-1: the lowest seat that must act) as a fixed id
/// (`catan_game_legal_mask`'s numbering): `*out_id` receives it and `*out_found` 1, or
/// `*out_found` 0 (and `*out_id` is not written) when the seat has nothing to do. A whole
/// discard the bot chooses is given as the id of its first card (discards are made one
/// card at a time by id; ask again for the next card).
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `bot` and `game` are NULL or live handles; `out_id` is NULL or valid for writing a
/// `uint32_t`; `out_found` is NULL or valid for writing a `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_bot_choose_id(
    bot: *mut catan_bot,
    game: *const catan_game,
    seat: i32,
    out_id: *mut u32,
    out_found: *mut u8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let b = unsafe { bot_mut(bot) }?;
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_id, "out_id") }?;
        // SAFETY: the caller's contract above.
        let found = unsafe { Out::new(out_found, "out_found") }?;
        match choose(b, h.game(), seat)? {
            Some(a) => {
                let id = h.space().encode(&first_card(a)).ok_or_else(|| {
                    Failure::new(
                        catan_status::ActionNotListed,
                        format!("{} has no fixed id", a.to_json()),
                    )
                })?;
                out.set(id);
                found.set(1);
            }
            None => found.set(0),
        }
        Ok(())
    })
}

/// A discard of several cards as its first card; any other action as it is.
fn first_card(a: Action) -> Action {
    match a {
        Action::Discard { player, resources } if resources.total() > 1 => {
            let r = Resource::ALL
                .into_iter()
                .find(|&r| resources[r] > 0)
                .expect("a discard of several cards has a card");
            Action::Discard {
                player,
                resources: Resources::one(r),
            }
        }
        a => a,
    }
}
