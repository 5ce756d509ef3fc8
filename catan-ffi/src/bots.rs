//! The built-in bots (`catan_rules::bots`) from C: a bot handle chooses an action for one
//! seat from that seat's view only (hidden cards of the other seats are sampled, never
//! read), as JSON or as a fixed id. `catan_bot` plays the base game, `catan_cards_bot`
//! the Card Game; each call of one is a one-line twin of the other's, over one generic
//! body.

use crate::cards::catan_cards_game;
use crate::error::Failure;
use crate::game::catan_game;
use crate::io::{str_arg, string_out, Out};
use crate::panic::{guard, guard_or};
use crate::skin::{handle, seat_arg, CEngine, CHandle};
use crate::status::catan_status;
use catan_rules::agents::AgentGame;
use catan_rules::bots::{Bot, BotKind, Perspective};
use catan_rules::cards::{action_id, CardAction, CardGame, CardSpace};
use catan_rules::engine::Engine;
use catan_rules::{Action, Game, Resource, Resources};
use serde::Serialize;
use std::ffi::c_char;

/// A built-in bot for the base game: its kind and its own seeded generator. Made by
/// `catan_bot_new`, freed by `catan_bot_free`; not shared between threads while in use.
#[allow(non_camel_case_types)]
pub struct catan_bot {
    bot: Box<dyn Bot>,
}

/// A built-in bot for the Card Game, as `catan_bot`: made by `catan_cards_bot_new`, freed
/// by `catan_cards_bot_free`.
#[allow(non_camel_case_types)]
pub struct catan_cards_bot {
    bot: Box<dyn Bot<CardGame>>,
}

/// A C bot handle of one game: what the generic bodies below need.
trait CBot: Sized {
    /// The game the bot plays.
    type G: AgentGame + CEngine;
    /// The handle of that game.
    type H: CHandle<E = Self::G>;
    fn wrap(bot: Box<dyn Bot<Self::G>>) -> Self;
    fn bot(&mut self) -> &mut dyn Bot<Self::G>;
    /// The fixed id a chosen action is given by.
    fn id_of(space: &<Self::G as Engine>::Space, a: &<Self::G as Engine>::Action) -> Option<u32>;
}

impl CBot for catan_bot {
    type G = Game;
    type H = catan_game;
    fn wrap(bot: Box<dyn Bot>) -> catan_bot {
        catan_bot { bot }
    }
    fn bot(&mut self) -> &mut dyn Bot {
        &mut *self.bot
    }
    /// A whole discard is given as its first card (discards are made one card at a time by
    /// id).
    fn id_of(space: &catan_rules::action_space::ActionSpace, a: &Action) -> Option<u32> {
        space.encode(&first_card(*a))
    }
}

impl CBot for catan_cards_bot {
    type G = CardGame;
    type H = catan_cards_game;
    fn wrap(bot: Box<dyn Bot<CardGame>>) -> catan_cards_bot {
        catan_cards_bot { bot }
    }
    fn bot(&mut self) -> &mut dyn Bot<CardGame> {
        &mut *self.bot
    }
    fn id_of(_: &CardSpace, a: &CardAction) -> Option<u32> {
        action_id(a)
    }
}

/// The body of `catan_bot_new` and `catan_cards_bot_new`.
///
/// # Safety
/// As `catan_bot_new`.
unsafe fn new<B: CBot>(kind: *const c_char, seed: u64, out_bot: *mut *mut B) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let kind = unsafe { str_arg(kind, "kind") }?;
        // SAFETY: the caller's contract.
        let out = unsafe { Out::new(out_bot, "out_bot") }?;
        let kind: BotKind = kind.parse().map_err(|e: catan_rules::bots::UnknownBot| {
            Failure::new(catan_status::UnknownBot, e.to_string())
        })?;
        out.set(Box::into_raw(Box::new(B::wrap(
            kind.build_for::<B::G>(seed),
        ))));
        Ok(())
    })
}

/// The body of `catan_bot_free` and `catan_cards_bot_free`.
///
/// # Safety
/// As `catan_bot_free`.
unsafe fn free<B>(bot: *mut B) {
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
unsafe fn bot_mut<'a, B>(p: *mut B) -> Result<&'a mut B, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("bot"))
}

/// The bot's choice for `seat` (-1: the lowest seat that must act), or `None`.
fn choose<B: CBot>(
    bot: &mut B,
    g: &B::G,
    seat: i32,
) -> Result<Option<<B::G as Engine>::Action>, Failure> {
    let seat = if seat == -1 {
        match g.to_act().iter().next() {
            Some(p) => p,
            None => return Ok(None),
        }
    } else {
        seat_arg(g.players(), seat)?
    };
    Ok(bot.bot().choose(&Perspective::new(g, seat)))
}

/// The body of `catan_bot_choose_json` and `catan_cards_bot_choose_json`.
///
/// # Safety
/// As `catan_bot_choose_json`.
unsafe fn choose_json<B: CBot>(
    bot: *mut B,
    game: *const B::H,
    seat: i32,
    out_action_json: *mut *mut c_char,
) -> catan_status
where
    <B::G as Engine>::Action: Serialize,
{
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { bot_mut(bot) }?;
        // SAFETY: the caller's contract.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { Out::new(out_action_json, "out_action_json") }?;
        match choose(b, &h.game, seat)? {
            Some(a) => string_out(out, crate::game::to_json(&a)?),
            None => out.set(std::ptr::null_mut()),
        }
        Ok(())
    })
}

/// The body of `catan_bot_choose_id` and `catan_cards_bot_choose_id`.
///
/// # Safety
/// As `catan_bot_choose_id`.
unsafe fn choose_id<B: CBot>(
    bot: *mut B,
    game: *const B::H,
    seat: i32,
    out_id: *mut u32,
    out_found: *mut u8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { bot_mut(bot) }?;
        // SAFETY: the caller's contract.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract.
        let out = unsafe { Out::new(out_id, "out_id") }?;
        // SAFETY: the caller's contract.
        let found = unsafe { Out::new(out_found, "out_found") }?;
        match choose(b, &h.game, seat)? {
            Some(a) => {
                let id = B::id_of(h.space(), &a).ok_or_else(|| {
                    Failure::new(
                        catan_status::ActionNotListed,
                        format!(
                            "{} has no fixed id",
                            serde_json::to_string(&a).unwrap_or_default()
                        ),
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
    // SAFETY: the caller's contract above.
    unsafe { new(kind, seed, out_bot) }
}

/// `catan_bot_new` for the Card Game: a bot of the same kinds that plays a
/// `catan_cards_game`, freed with `catan_cards_bot_free`.
///
/// Errors: as `catan_bot_new`.
///
/// # Safety
/// As `catan_bot_new`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_bot_new(
    kind: *const c_char,
    seed: u64,
    out_bot: *mut *mut catan_cards_bot,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { new(kind, seed, out_bot) }
}

/// Frees a bot made by `catan_bot_new`. NULL is ignored.
///
/// # Safety
/// `bot` is NULL or a live handle, not used again.
#[no_mangle]
pub unsafe extern "C" fn catan_bot_free(bot: *mut catan_bot) {
    // SAFETY: the caller's contract above.
    unsafe { free(bot) }
}

/// Frees a bot made by `catan_cards_bot_new`. NULL is ignored.
///
/// # Safety
/// `bot` is NULL or a live handle, not used again.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_bot_free(bot: *mut catan_cards_bot) {
    // SAFETY: the caller's contract above.
    unsafe { free(bot) }
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
    // SAFETY: the caller's contract above.
    unsafe { choose_json(bot, game, seat, out_action_json) }
}

/// `catan_bot_choose_json` for the Card Game: the bot's action for seat `seat` (0 or 1;
/// -1: the seat that must act) as JSON, or NULL when that seat has nothing to do. Offers
/// to the opponent are never made (offers from it are answered).
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// As `catan_bot_choose_json`, with a `catan_cards_bot` and a `catan_cards_game`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_bot_choose_json(
    bot: *mut catan_cards_bot,
    game: *const catan_cards_game,
    seat: i32,
    out_action_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { choose_json(bot, game, seat, out_action_json) }
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
    // SAFETY: the caller's contract above.
    unsafe { choose_id(bot, game, seat, out_id, out_found) }
}

/// `catan_bot_choose_id` for the Card Game: the bot's action for seat `seat` (-1: the
/// seat that must act) as a fixed id (`catan_cards_legal_mask`'s numbering), with
/// `*out_found` 1, or `*out_found` 0 when the seat has nothing to do.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`, `ACTION_NOT_LISTED` (an action the fixed
/// numbering has no id for).
///
/// # Safety
/// As `catan_bot_choose_id`, with a `catan_cards_bot` and a `catan_cards_game`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_bot_choose_id(
    bot: *mut catan_cards_bot,
    game: *const catan_cards_game,
    seat: i32,
    out_id: *mut u32,
    out_found: *mut u8,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { choose_id(bot, game, seat, out_id, out_found) }
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
