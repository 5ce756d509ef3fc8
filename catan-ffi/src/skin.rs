//! The C entry points written once over [`Engine`]: one generic body per entry point that
//! both games share (new, free, clone, legal actions and apply as JSON, check, view,
//! position in and out, and the seat-scoped calls), which the `catan_game_*` and
//! `catan_cards_*` functions call in one line each (docs/architecture.md, 'The one
//! interface the skins use'). The JSON work is `catan_rules::engine::json`'s; what is left
//! here is the C side: arguments, handles, copies, statuses.
//!
//! A game's handle ([`CHandle`]) wraps a [`Handle`] of its engine; what differs between
//! the games — how their errors become statuses — is [`CEngine`]. What a game offers beyond
//! the trait (the base game's indices, masks and awards, the Card Game's SVG and masks)
//! stays in its own module.

use crate::error::Failure;
use crate::io::{str_arg, string_out, Buf, Out};
use crate::panic::{guard, guard_or};
use crate::status::catan_status;
use catan_rules::engine::{json, Engine};
use catan_rules::Player;
use std::cell::{Cell, OnceCell, Ref, RefCell};
use std::ffi::c_char;
use std::ops::DerefMut;

/// What the C skin needs from a game beyond [`Engine`]: how its errors become statuses.
pub trait CEngine: Engine {
    /// `e`, met while reading `input` (the argument named `what` in messages), as a status
    /// and its detail.
    fn failure(e: Self::Error, input: &str, what: &str) -> Failure;
}

/// The state behind a C handle of any game: the game, its legal actions cached per state
/// and its action space made on first use.
pub struct Handle<E: Engine> {
    /// The engine's game.
    pub(crate) game: E,
    /// The current legal-action list, valid while `legal_fresh` is set.
    pub(crate) legal: RefCell<Vec<E::Action>>,
    pub(crate) legal_fresh: Cell<bool>,
    /// The fixed action space of the game's setting, made on first use.
    pub(crate) space: OnceCell<E::Space>,
    /// The events of the last apply (a reused buffer).
    events: Vec<E::Event>,
}

impl<E: CEngine> Handle<E> {
    /// A handle's state for `game`.
    pub(crate) fn new(game: E) -> Handle<E> {
        Handle {
            game,
            legal: RefCell::new(Vec::new()),
            legal_fresh: Cell::new(false),
            space: OnceCell::new(),
            events: Vec::new(),
        }
    }

    /// The current legal actions, enumerated once per state into a reused buffer.
    pub(crate) fn legal(&self) -> Ref<'_, Vec<E::Action>> {
        if !self.legal_fresh.get() {
            self.game.legal_actions(&mut self.legal.borrow_mut());
            self.legal_fresh.set(true);
        }
        self.legal.borrow()
    }

    /// The fixed action space of this game's setting.
    pub(crate) fn space(&self) -> &E::Space {
        self.space.get_or_init(|| self.game.action_space())
    }

    /// Applies `action` (as seat `seat` sent it, with `Some`) on a copy and keeps the copy
    /// only when it succeeded, so that even a panic inside the engine leaves the handle as
    /// it was. The events go to `events` as a JSON array when it is given.
    pub(crate) fn apply_for(
        &mut self,
        seat: Option<Player>,
        action: E::Action,
        events: Option<Out<*mut c_char>>,
    ) -> Result<(), Failure> {
        let mut next = self.game.clone();
        self.events.clear();
        match seat {
            Some(seat) => next.apply_as(seat, action, &mut self.events),
            None if events.is_none() => next.apply_quiet(action),
            None => next.apply(action, &mut self.events),
        }
        .map_err(|e| E::failure(e, "", "action"))?;
        let text = events.map(|out| (out, json::events::<E>(&self.events)));
        self.game = next;
        self.legal_fresh.set(false);
        if let Some((out, t)) = text {
            string_out(out, t);
        }
        Ok(())
    }

    /// [`Handle::apply_for`] for the referee.
    pub(crate) fn apply(
        &mut self,
        action: E::Action,
        events: Option<Out<*mut c_char>>,
    ) -> Result<(), Failure> {
        self.apply_for(None, action, events)
    }
}

/// A C handle type: a [`Handle`] of one game, made from a game.
pub trait CHandle: DerefMut<Target = Handle<Self::E>> + Sized {
    /// The game behind the handle.
    type E: CEngine;
    /// A new handle for `game`.
    fn wrap(game: Self::E) -> Self;
}

/// Makes `$handle`, a struct with one field `h: Handle<$engine>`, a C handle of that game:
/// [`CHandle`], and `Deref`/`DerefMut` to the [`Handle`] (so a game's own entry points use
/// `h.game`, `h.legal()`, `h.space()` and `h.apply(...)` as the generic bodies do).
macro_rules! c_handle {
    ($handle:ident, $engine:ty) => {
        impl std::ops::Deref for $handle {
            type Target = $crate::skin::Handle<$engine>;
            fn deref(&self) -> &$crate::skin::Handle<$engine> {
                &self.h
            }
        }

        impl std::ops::DerefMut for $handle {
            fn deref_mut(&mut self) -> &mut $crate::skin::Handle<$engine> {
                &mut self.h
            }
        }

        impl $crate::skin::CHandle for $handle {
            type E = $engine;
            fn wrap(game: $engine) -> $handle {
                $handle {
                    h: $crate::skin::Handle::new(game),
                }
            }
        }
    };
}
pub(crate) use c_handle;

/// # Safety
/// `p` is NULL or a live handle not used mutably during `'a`.
pub(crate) unsafe fn handle<'a, H>(p: *const H) -> Result<&'a H, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_ref() }.ok_or_else(|| Failure::null("game"))
}

/// # Safety
/// `p` is NULL or a live handle not otherwise used during `'a`.
pub(crate) unsafe fn handle_mut<'a, H>(p: *mut H) -> Result<&'a mut H, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("game"))
}

/// A seat number from C: a seat of a game with `players` seats.
pub(crate) fn seat_arg(players: u8, seat: i32) -> Result<Player, Failure> {
    if (0..i32::from(players)).contains(&seat) {
        Ok(Player(seat as u8))
    } else {
        Err(Failure::new(
            catan_status::NoSuchPlayer,
            format!(
                "{seat} is not a seat of this game (seats are 0 to {})",
                players - 1
            ),
        ))
    }
}

/// A viewer from C: a seat of a game with `players` seats, or -1 for a spectator.
pub(crate) fn viewer_arg(players: u8, viewer: i32) -> Result<Option<Player>, Failure> {
    match viewer {
        -1 => Ok(None),
        p if (0..i32::from(players)).contains(&p) => Ok(Some(Player(p as u8))),
        p => Err(Failure::new(
            catan_status::NoSuchPlayer,
            format!("{p} is not a seat of this game (use -1 for a spectator)"),
        )),
    }
}

/// A new handle from rules JSON and a seed, into `*out_game`.
///
/// # Safety
/// `rules_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for writing
/// one pointer.
pub(crate) unsafe fn new<H: CHandle>(
    rules_json: *const c_char,
    seed: u64,
    out_game: *mut *mut H,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(rules_json, "rules_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        let game = json::new::<H::E>(text, seed).map_err(|e| H::E::failure(e, text, "rules"))?;
        out.set(Box::into_raw(Box::new(H::wrap(game))));
        Ok(())
    })
}

/// Frees a handle (NULL is ignored).
///
/// # Safety
/// `game` is NULL or a handle from this library not yet freed.
pub(crate) unsafe fn free<H: CHandle>(game: *mut H) {
    guard_or((), || {
        if !game.is_null() {
            // SAFETY: the handle came from `Box::into_raw` here and is freed only once.
            drop(unsafe { Box::from_raw(game) });
        }
    })
}

/// A new handle with a copy of the game (its future chance too).
///
/// # Safety
/// `game` is NULL or a live handle; `out_game` is NULL or valid for writing one pointer.
pub(crate) unsafe fn clone<H: CHandle>(game: *const H, out_game: *mut *mut H) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        out.set(Box::into_raw(Box::new(H::wrap(h.game.clone()))));
        Ok(())
    })
}

/// A query of a handle that answers a string: the handle and `*out_json` checked, then the
/// text `f` makes of the handle handed to C (the shape of every `*_json` query).
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn string_query<H>(
    game: *const H,
    out_json: *mut *mut c_char,
    f: impl FnOnce(&H) -> Result<String, Failure>,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, f(h)?);
        Ok(())
    })
}

/// Every legal action as a JSON array.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn legal_actions_json<H: CHandle>(
    game: *const H,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        // The handle's list of this state (enumerated once into a reused buffer).
        string_out(out, json::actions::<H::E>(&h.legal()));
        Ok(())
    })
}

/// The seats that may act now, as a bit mask (bit `i` = seat `i`).
///
/// # Safety
/// `game` is NULL or a live handle; `out_mask` is NULL or valid for writing a `uint32_t`.
pub(crate) unsafe fn to_act<H: CHandle>(game: *const H, out_mask: *mut u32) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_mask, "out_mask") }?;
        out.set(u32::from(h.game.to_act().0));
        Ok(())
    })
}

/// The winner's seat, or -1 while the game goes on.
///
/// # Safety
/// `game` is NULL or a live handle; `out_winner` is NULL or valid for writing an `int32_t`.
pub(crate) unsafe fn winner<H: CHandle>(game: *const H, out_winner: *mut i32) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_winner, "out_winner") }?;
        out.set(h.game.winner().map_or(-1, |p| i32::from(p.0)));
        Ok(())
    })
}

/// The legal action at `index` of the handle's current list.
fn action_at<H: CHandle>(h: &H, index: u32) -> Result<<H::E as Engine>::Action, Failure> {
    let legal = h.legal();
    legal.get(index as usize).copied().ok_or_else(|| {
        Failure::new(
            catan_status::IdOutOfRange,
            format!(
                "index {index} is out of range: {} legal actions",
                legal.len()
            ),
        )
    })
}

/// The number of legal actions now.
///
/// # Safety
/// `game` is NULL or a live handle; `out_count` is NULL or valid for writing a `size_t`.
pub(crate) unsafe fn legal_count<H: CHandle>(
    game: *const H,
    out_count: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_count, "out_count") }?;
        out.set(h.legal().len());
        Ok(())
    })
}

/// The indices of the legal actions now (`0 .. n-1`) into the caller's buffer.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` `uint32_t`s;
/// `out_len` is NULL or valid for writing a `size_t`.
pub(crate) unsafe fn legal_indices<H: CHandle>(
    game: *const H,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(buf, cap, out_len) }?;
        let n = h.legal().len();
        // Indices fit in u32: every game's list is far shorter.
        buf.fill((0..n).map(|i| i as u32))
    })
}

/// Applies the legal action at `index`; events to `*out_events` when it is not NULL.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events` is NULL or valid for writing one pointer.
pub(crate) unsafe fn apply_index<H: CHandle>(
    game: *mut H,
    index: u32,
    out_events: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::optional(out_events) };
        let action = action_at(h, index)?;
        h.apply(action, out)
    })
}

/// The legal action at `index`, as JSON.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn action_json_for_index<H: CHandle>(
    game: *const H,
    index: u32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { string_query(game, out_json, |h| json_of(&action_at(h, index)?)) }
}

/// A value as JSON text.
fn json_of<T: serde::Serialize>(v: &T) -> Result<String, Failure> {
    serde_json::to_string(v).map_err(|e| {
        Failure::new(
            catan_status::Panic,
            format!("internal error: cannot serialize: {e}"),
        )
    })
}

/// The index in the current list of an action given as JSON; if it is not listed, the rule
/// it breaks, or `ACTION_NOT_LISTED` when it is legal but outside the listed families.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_index` is NULL or valid for writing a `uint32_t`.
pub(crate) unsafe fn index_for_action_json<H: CHandle>(
    game: *const H,
    action_json: *const c_char,
    out_index: *mut u32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_index, "out_index") }?;
        let action = H::E::parse_action(text).map_err(|e| H::E::failure(e, text, "action"))?;
        let pos = h.legal().iter().position(|a| *a == action);
        match pos {
            Some(i) => {
                out.set(i as u32);
                Ok(())
            }
            None => {
                h.game
                    .check(&action)
                    .map_err(|e| H::E::failure(e, text, "action"))?;
                Err(Failure::new(
                    catan_status::ActionNotListed,
                    format!(
                        "{} is legal but not in the legal-action list; apply it as JSON",
                        json_of(&action)?
                    ),
                ))
            }
        }
    })
}

/// Applies an action given as JSON (as seat `seat` sent it, with `Some`); events to
/// `*out_events` when it is not NULL.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_events` is NULL or valid for writing one pointer.
pub(crate) unsafe fn apply_json<H: CHandle>(
    game: *mut H,
    seat: Option<i32>,
    action_json: *const c_char,
    out_events: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::optional(out_events) };
        let seat = seat.map(|s| seat_arg(h.game.players(), s)).transpose()?;
        let action = H::E::parse_action(text).map_err(|e| H::E::failure(e, text, "action"))?;
        h.apply_for(seat, action, out)
    })
}

/// Checks an action given as JSON (as seat `seat` sends it, with `Some`) without applying
/// it.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string.
pub(crate) unsafe fn check_json<H: CHandle>(
    game: *const H,
    seat: Option<i32>,
    action_json: *const c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        let result = match seat {
            Some(s) => {
                let seat = seat_arg(h.game.players(), s)?;
                json::check_as(&h.game, seat, text)
            }
            None => json::check(&h.game, text),
        };
        result.map_err(|e| H::E::failure(e, text, "action"))
    })
}

/// Seat `seat`'s legal actions as a JSON array.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn legal_actions_for_json<H: CHandle>(
    game: *const H,
    seat: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let seat = seat_arg(h.game.players(), seat)?;
        string_out(out, json::legal_actions_for(&h.game, seat));
        Ok(())
    })
}

/// What `player` (a seat, or -1 for a spectator) may know, as JSON.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn view_json<H: CHandle>(
    game: *const H,
    player: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let viewer = viewer_arg(h.game.players(), player)?;
        string_out(out, json::view(&h.game, viewer));
        Ok(())
    })
}

/// Events (a JSON array) as `viewer` (a seat of any game of this kind, or -1) may see them.
///
/// # Safety
/// `events_json` is NULL or a NUL-terminated string; `out_json` is NULL or valid for
/// writing one pointer.
pub(crate) unsafe fn events_for_json<E: CEngine>(
    events_json: *const c_char,
    viewer: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(events_json, "events_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let viewer = viewer_arg(E::MAX_SEATS, viewer)?;
        let redacted =
            json::events_for::<E>(text, viewer).map_err(|e| E::failure(e, text, "events_json"))?;
        string_out(out, redacted);
        Ok(())
    })
}

/// The whole position as JSON.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
pub(crate) unsafe fn position_json<H: CHandle>(
    game: *const H,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, json::position(&h.game));
        Ok(())
    })
}

/// A new handle from position JSON, validated.
///
/// # Safety
/// `position_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for
/// writing one pointer.
pub(crate) unsafe fn from_position_json<H: CHandle>(
    position_json: *const c_char,
    out_game: *mut *mut H,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(position_json, "position_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        let game = json::from_position::<H::E>(text)
            .map_err(|e| H::E::failure(e, text, "position_json"))?;
        out.set(Box::into_raw(Box::new(H::wrap(game))));
        Ok(())
    })
}
