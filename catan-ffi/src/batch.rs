//! Fixed action-space ids on a game handle, the batch handle for learning agents, and
//! random-playout simulation: the fast integer paths of the ABI.
//!
//! Fixed ids (`catan_game_action_space_len`, `catan_game_legal_mask`,
//! `catan_game_apply_id`, ...) number every action of a board and player count once
//! and for all (the numbering documented in the `catan_rules::action_space` module); they
//! stay valid while the game changes,
//! unlike the legal-list ids of `catan_game_legal_indices`, which index the current list.

use crate::error::Failure;
use crate::game::{catan_game, handle, handle_mut, parse_action, parse_rules, to_json};
use crate::io::{str_arg, string_out, Buf, Out};
use crate::panic::{guard, guard_or};
use crate::skin::CEngine;
use crate::status::catan_status;
use catan_rules::agents::FlatLayout;
use catan_rules::batch::{Batch, BatchError, BatchGame};
use catan_rules::cards::{CardGame, CardRules};
use catan_rules::sim;
use catan_rules::{Game, Rules};
use std::ffi::c_char;

/// The most games `catan_simulate` plays in one call: 2^20 (1,048,576; about 250 MB of
/// JSON). Call again for more.
pub const CATAN_MAX_SIMULATE_GAMES: usize = 1048576;

/// The most games a `catan_batch` holds: 2^20 (1,048,576).
pub const CATAN_MAX_BATCH_GAMES: usize = 1048576;
const _: () = assert!(CATAN_MAX_BATCH_GAMES == catan_rules::batch::MAX_BATCH_GAMES);

fn not_an_id(id: u32, len: usize) -> Failure {
    Failure::new(
        catan_status::IdOutOfRange,
        format!("action id {id} names no action here (the action space has {len} ids)"),
    )
}

/// The number of fixed action ids of this game's board and player count: every fixed id
/// is `< *out_len`, and a legal mask has `ceil(*out_len / 64)` words.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_action_space_len(
    game: *const catan_game,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_len, "out_len") }?;
        out.set(h.space().len());
        Ok(())
    })
}

/// Writes the legal actions now as a bitset over the fixed ids: bit `id % 64` of word
/// `id / 64` is set when the action with that id is legal. `*out_len` receives the number
/// of words, `ceil(catan_game_action_space_len / 64)`.
///
/// The bits are the fixed ids of the legal-action list (every seat that may act now),
/// except that discards are offered one card at a time (one id per card kind a seat that
/// owes cards holds; each reduces what it owes): the mask is never empty while the game is
/// on. `catan_game_legal_mask_without_offers` leaves the domestic offers out.
///
/// `words` may be NULL when `cap` is 0. If `cap` is smaller than the number of words,
/// nothing is written to `words`, `*out_len` receives the number needed, and the result is
/// `CATAN_STATUS_BUFFER_TOO_SMALL`.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `words` is NULL or valid for writing `cap`
/// `uint64_t`s; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_mask(
    game: *const catan_game,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(words, cap, out_len) }?;
        let space = h.space();
        let mut mask = vec![0u64; space.words()];
        h.game().legal_mask(space, &mut mask);
        buf.fill(mask.into_iter())
    })
}

/// As `catan_game_legal_mask`, without the domestic trade offers (the ids of the `offer`
/// block): the usual mask for training, where endless offers only lengthen a game.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `catan_game_legal_mask`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_mask_without_offers(
    game: *const catan_game,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(words, cap, out_len) }?;
        let space = h.space();
        let mut mask = vec![0u64; space.words()];
        h.game().legal_mask_with(space, &mut mask, false);
        buf.fill(mask.into_iter())
    })
}

/// The id table of this game's board and player count as JSON: an array with one object
/// per fixed id, in id order, with the fields `id`, `block` (`"road"`, `"discard"`, ...),
/// `index` (within the block), `kind` (the action's `type`), `seat` (of a per-seat block
/// — accept, reject, discard — or the partner of a confirm; -1 for the seat the game waits
/// for), `node`, `edge`, `to_edge`, `hex`, `victim`, `resource`, `give`, `get`, `rate`, `card` (-1
/// where they do not apply), `dice` (2) and `resources` (5, by resource). The same table as
/// Python's `Game.action_table()` and Rust's `ActionSpace::table`. `*out_json` receives a
/// string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_action_table_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, to_json(&h.space().table())?);
        Ok(())
    })
}

/// Applies the action with fixed id `id` (see `catan_game_legal_mask`). Events as for
/// `catan_game_apply_json` (`out_events_json` may be NULL).
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (not a fixed id), and the rule errors of
/// `catan_game_apply_json` (`GAME_OVER`, `NOT_YOUR_TURN`, `ILLEGAL_ACTION`, ...). The game
/// is unchanged on error.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events_json` is NULL or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_apply_id(
    game: *mut catan_game,
    id: u32,
    out_events_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::optional(out_events_json) };
        let space = h.space();
        let action = space
            .decode(h.game(), id)
            .ok_or_else(|| not_an_id(id, space.len()))?;
        h.apply(action, out)
    })
}

/// The action with fixed id `id` in this game now (the acting player filled in), as JSON,
/// legal or not. `*out_json` receives a string owned by the caller, freed with
/// `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_action_json_for_id(
    game: *const catan_game,
    id: u32,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let space = h.space();
        let action = space
            .decode(h.game(), id)
            .ok_or_else(|| not_an_id(id, space.len()))?;
        string_out(out, action.to_json());
        Ok(())
    })
}

/// The fixed id of an action given as JSON, legal or not.
///
/// Errors: the parse errors of `catan_game_apply_json`; `ACTION_NOT_LISTED` for an action
/// the fixed numbering has no id for (offers other than one card for one to everyone,
/// counter-offers, discards of several cards at once — made one card at a time —,
/// out-of-board nodes or edges).
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_id` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_id_for_action_json(
    game: *const catan_game,
    action_json: *const c_char,
    out_id: *mut u32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let json = unsafe { str_arg(action_json, "action_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_id, "out_id") }?;
        let action = parse_action(json)?;
        let id = h.space().encode(&action).ok_or_else(|| {
            Failure::new(
                catan_status::ActionNotListed,
                format!("{} has no fixed action id", action.to_json()),
            )
        })?;
        out.set(id);
        Ok(())
    })
}

/// `N` games stepped together for learning agents: an opaque handle.
///
/// Made by `catan_batch_new`, freed by `catan_batch_free`. Game `i` starts with seed
/// `seed + i`; a finished game is replaced at once by a new one (the `e`-th game of slot
/// `i` has seed `seed + i + e * N`). Every id is for the game's *acting seat* (the current
/// player; while discarding, the lowest seat that owes cards; while an offer is open, the
/// lowest seat that has not answered, then the offerer), and masks and observations are
/// that seat's. The observation layout is documented in the `catan_rules::batch` module.
/// `catan_cards_batch` is the same for the Card Game.
///
/// Thread-safety: not thread-safe; never use one handle from two threads at once. The
/// library itself runs each call on up to `threads` threads and returns when they are
/// done. Results never depend on `threads`.
#[allow(non_camel_case_types)]
pub struct catan_batch {
    batch: Batch,
}

/// `N` Card Games stepped together for learning agents: an opaque handle, made by
/// `catan_cards_batch_new` and freed by `catan_cards_batch_free`, with the calls of
/// `catan_batch` (seeds, resets, acting seats, threads alike). The acting seat is the seat
/// the Card Game's ids are for (the player whose turn it is, or the seat answering an
/// offer or a pending step); observations are `float`s, the Card Game's observation
/// (`catan_rules::agents::cards_observation`, 650 values).
///
/// Thread-safety: as `catan_batch`.
#[allow(non_camel_case_types)]
pub struct catan_cards_batch {
    batch: Batch<CardGame>,
}

/// A C batch handle of one game: what the generic bodies below need.
trait CBatch: Sized {
    /// The game.
    type G: BatchGame;
    /// One value of an observation.
    type Obs: Copy + Default;
    fn wrap(batch: Batch<Self::G>) -> Self;
    fn batch(&self) -> &Batch<Self::G>;
    fn batch_mut(&mut self) -> &mut Batch<Self::G>;
    /// Rules from JSON, checked.
    fn rules(json: &str) -> Result<<Self::G as BatchGame>::Rules, Failure>;
    /// Values per observation.
    fn obs_len(b: &Batch<Self::G>) -> usize;
    /// Writes masks and observations.
    fn observe(
        b: &Batch<Self::G>,
        masks: &mut [u64],
        obs: &mut [Self::Obs],
    ) -> Result<(), BatchError>;
}

impl CBatch for catan_batch {
    type G = Game;
    type Obs = i16;
    fn wrap(batch: Batch) -> catan_batch {
        catan_batch { batch }
    }
    fn batch(&self) -> &Batch {
        &self.batch
    }
    fn batch_mut(&mut self) -> &mut Batch {
        &mut self.batch
    }
    fn rules(json: &str) -> Result<Rules, Failure> {
        let rules = parse_rules(json)?;
        rules.validate().map_err(Failure::rules)?;
        Ok(rules)
    }
    fn obs_len(b: &Batch) -> usize {
        b.obs_len()
    }
    fn observe(b: &Batch, masks: &mut [u64], obs: &mut [i16]) -> Result<(), BatchError> {
        b.observe(masks, obs)
    }
}

impl CBatch for catan_cards_batch {
    type G = CardGame;
    type Obs = f32;
    fn wrap(batch: Batch<CardGame>) -> catan_cards_batch {
        catan_cards_batch { batch }
    }
    fn batch(&self) -> &Batch<CardGame> {
        &self.batch
    }
    fn batch_mut(&mut self) -> &mut Batch<CardGame> {
        &mut self.batch
    }
    fn rules(json: &str) -> Result<CardRules, Failure> {
        let rules: CardRules = serde_json::from_str(json)
            .map_err(|e| CardGame::failure(e.into(), json, "rules_json"))?;
        rules
            .validate()
            .map_err(|e| CardGame::failure(e.into(), json, "rules_json"))?;
        Ok(rules)
    }
    fn obs_len(b: &Batch<CardGame>) -> usize {
        b.layout().len()
    }
    fn observe(b: &Batch<CardGame>, masks: &mut [u64], obs: &mut [f32]) -> Result<(), BatchError> {
        b.observe_flat(masks, obs)
    }
}

/// # Safety
/// `p` is NULL or a live handle not otherwise used during `'a`.
unsafe fn batch_mut<'a, B>(p: *mut B) -> Result<&'a mut B, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("batch"))
}

/// # Safety
/// `p` is NULL or a live handle not used mutably during `'a`.
unsafe fn batch_ref<'a, B>(p: *const B) -> Result<&'a B, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_ref() }.ok_or_else(|| Failure::null("batch"))
}

fn batch_failure(e: BatchError) -> Failure {
    match e {
        BatchError::Length { .. } => Failure::new(catan_status::WrongLength, e.to_string()),
        BatchError::Illegal { .. } => Failure::new(catan_status::IllegalAction, e.to_string()),
        BatchError::Empty | BatchError::ExternalChance => {
            Failure::new(catan_status::InvalidRules, e.to_string())
        }
        BatchError::TooManyGames { .. } => Failure::new(catan_status::TooLarge, e.to_string()),
        BatchError::OutOfMemory { .. } => Failure::new(catan_status::OutOfMemory, e.to_string()),
        BatchError::NewGame(e) => Failure::new_game(e),
        BatchError::CardRules(e) => CardGame::failure(e.into(), "", "rules_json"),
    }
}

/// The body of `catan_batch_new` and `catan_cards_batch_new`.
///
/// # Safety
/// As `catan_batch_new`.
unsafe fn new<B: CBatch>(
    rules_json: *const c_char,
    seed: u64,
    n: usize,
    threads: usize,
    out_batch: *mut *mut B,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let json = unsafe { str_arg(rules_json, "rules_json") }?;
        // SAFETY: the caller's contract.
        let out = unsafe { Out::new(out_batch, "out_batch") }?;
        let rules = B::rules(json)?;
        let batch = Batch::with_rules(rules, seed, n, threads).map_err(batch_failure)?;
        out.set(Box::into_raw(Box::new(B::wrap(batch))));
        Ok(())
    })
}

/// The body of `catan_batch_free` and `catan_cards_batch_free`.
///
/// # Safety
/// As `catan_batch_free`.
unsafe fn free<B>(batch: *mut B) {
    guard_or((), || {
        if !batch.is_null() {
            // SAFETY: the caller guarantees the handle came from `Box::into_raw` in this
            // library and is freed only once.
            drop(unsafe { Box::from_raw(batch) });
        }
    })
}

/// The body of `catan_batch_sizes` and `catan_cards_batch_sizes`.
///
/// # Safety
/// As `catan_batch_sizes`.
unsafe fn sizes<B: CBatch>(batch: *const B, outs: [*mut usize; 4]) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { batch_ref(batch) }?.batch();
        let values = [b.len(), b.mask_words(), B::obs_len(b), b.space_len()];
        for (p, v) in outs.into_iter().zip(values) {
            // SAFETY: the caller's contract.
            if let Some(o) = unsafe { Out::optional(p) } {
                o.set(v);
            }
        }
        Ok(())
    })
}

/// The body of `catan_batch_set_offers` and `catan_cards_batch_set_offers`.
///
/// # Safety
/// As `catan_batch_set_offers`.
unsafe fn set_offers<B: CBatch>(batch: *mut B, offers: bool) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        unsafe { batch_mut(batch) }?.batch_mut().set_offers(offers);
        Ok(())
    })
}

/// The body of `catan_batch_observe` and `catan_cards_batch_observe`.
///
/// # Safety
/// As `catan_batch_observe`, with `obs` of `B::Obs`.
unsafe fn observe<B: CBatch>(
    batch: *mut B,
    masks: *mut u64,
    masks_len: usize,
    obs: *mut B::Obs,
    obs_len: usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { batch_mut(batch) }?.batch();
        if masks.is_null() {
            return Err(Failure::null("masks"));
        }
        if obs.is_null() {
            return Err(Failure::null("obs"));
        }
        // SAFETY: not NULL, and the caller guarantees `masks_len` writable, aligned
        // elements not aliased by `obs`.
        let masks = unsafe { std::slice::from_raw_parts_mut(masks, masks_len) };
        // SAFETY: as above for `obs`.
        let obs = unsafe { std::slice::from_raw_parts_mut(obs, obs_len) };
        B::observe(b, masks, obs).map_err(batch_failure)
    })
}

/// The body of `catan_batch_step` and `catan_cards_batch_step`.
///
/// # Safety
/// As `catan_batch_step`.
unsafe fn step<B: CBatch>(
    batch: *mut B,
    ids: *const u32,
    n: usize,
    winners: *mut i8,
    done: *mut u8,
    rewards: *mut f32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { batch_mut(batch) }?.batch_mut();
        // Checked before anything is allocated or read: `n` sizes the scratch below.
        if n != b.len() {
            return Err(Failure::new(
                catan_status::WrongLength,
                format!("`n` is {n}, the batch has {} games", b.len()),
            ));
        }
        for (p, name) in [
            (ids.is_null(), "ids"),
            (winners.is_null(), "winners"),
            (done.is_null(), "done"),
        ] {
            if p {
                return Err(Failure::null(name));
            }
        }
        // SAFETY: not NULL; the caller guarantees `n` readable elements.
        let ids = unsafe { std::slice::from_raw_parts(ids, n) };
        let mut r = vec![0f32; n];
        let mut d = vec![false; n];
        let mut w = vec![0i8; n];
        b.step(ids, &mut r, &mut d, &mut w).map_err(batch_failure)?;
        // SAFETY: not NULL; the caller guarantees `n` writable elements, not overlapping.
        unsafe { std::slice::from_raw_parts_mut(winners, n) }.copy_from_slice(&w);
        // SAFETY: as above.
        let done = unsafe { std::slice::from_raw_parts_mut(done, n) };
        for (o, v) in done.iter_mut().zip(d) {
            *o = v as u8;
        }
        if !rewards.is_null() {
            // SAFETY: as above.
            unsafe { std::slice::from_raw_parts_mut(rewards, n) }.copy_from_slice(&r);
        }
        Ok(())
    })
}

/// The body of `catan_batch_returns` and `catan_cards_batch_returns`.
///
/// # Safety
/// As `catan_batch_returns`.
unsafe fn returns<B: CBatch>(batch: *const B, returns: *mut f32, len: usize) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract.
        let b = unsafe { batch_ref(batch) }?.batch();
        let expected = b.len() * b.players() as usize;
        if len != expected {
            return Err(Failure::new(
                catan_status::WrongLength,
                format!("`len` is {len}, the batch has {expected} seats in all"),
            ));
        }
        if returns.is_null() {
            return Err(Failure::null("returns"));
        }
        // SAFETY: not NULL; the caller guarantees `len` writable elements.
        let out = unsafe { std::slice::from_raw_parts_mut(returns, len) };
        b.returns(out).map_err(batch_failure)
    })
}

/// Makes `n` games of the rules given as JSON (as for `catan_game_new`), game `i` with seed
/// `seed + i`, stepped on up to `threads` threads (0 counts as 1; no more than the
/// machine's hardware threads, and one per 32 games, are started, whatever is asked).
///
/// On success `*out_batch` receives a new handle owned by the caller, freed with
/// `catan_batch_free`; on failure it is not written.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `INVALID_RULES` (also for `n` = 0), `INVALID_MAP`, `TOO_LARGE`
/// (`n` over `CATAN_MAX_BATCH_GAMES`), `OUT_OF_MEMORY`.
///
/// # Safety
/// `rules_json` is NULL or a NUL-terminated string; `out_batch` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_new(
    rules_json: *const c_char,
    seed: u64,
    n: usize,
    threads: usize,
    out_batch: *mut *mut catan_batch,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { new(rules_json, seed, n, threads, out_batch) }
}

/// `catan_batch_new` for the Card Game: `n` Card Games of the rules given as JSON (as for
/// `catan_cards_new`), freed with `catan_cards_batch_free`.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `INVALID_RULES` (also for `n` = 0 and for external chance), `TOO_LARGE`,
/// `OUT_OF_MEMORY`.
///
/// # Safety
/// As `catan_batch_new`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_new(
    rules_json: *const c_char,
    seed: u64,
    n: usize,
    threads: usize,
    out_batch: *mut *mut catan_cards_batch,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { new(rules_json, seed, n, threads, out_batch) }
}

/// Frees a batch handle. NULL is ignored. The handle must not be used afterwards.
///
/// # Safety
/// `batch` is NULL or a handle from `catan_batch_new` not yet freed and not in use by
/// another thread.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_free(batch: *mut catan_batch) {
    // SAFETY: the caller's contract above.
    unsafe { free(batch) }
}

/// Frees a Card Game batch handle. NULL is ignored.
///
/// # Safety
/// `batch` is NULL or a handle from `catan_cards_batch_new` not yet freed and not in use
/// by another thread.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_free(batch: *mut catan_cards_batch) {
    // SAFETY: the caller's contract above.
    unsafe { free(batch) }
}

/// The sizes of a batch: the number of games, `uint64_t` words per mask, `int16_t` values
/// per observation and fixed action ids. Any output may be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `batch`).
///
/// # Safety
/// `batch` is NULL or a live handle; each output is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_sizes(
    batch: *const catan_batch,
    out_games: *mut usize,
    out_mask_words: *mut usize,
    out_obs_len: *mut usize,
    out_action_space_len: *mut usize,
) -> catan_status {
    let outs = [out_games, out_mask_words, out_obs_len, out_action_space_len];
    // SAFETY: the caller's contract above.
    unsafe { sizes(batch, outs) }
}

/// `catan_batch_sizes` for the Card Game: games, `uint64_t` words per mask, `float` values
/// per observation and action ids (as `catan_cards_action_space_len`).
///
/// Errors: `NULL_ARGUMENT` (only for `batch`).
///
/// # Safety
/// As `catan_batch_sizes`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_sizes(
    batch: *const catan_cards_batch,
    out_games: *mut usize,
    out_mask_words: *mut usize,
    out_obs_len: *mut usize,
    out_action_space_len: *mut usize,
) -> catan_status {
    let outs = [out_games, out_mask_words, out_obs_len, out_action_space_len];
    // SAFETY: the caller's contract above.
    unsafe { sizes(batch, outs) }
}

/// Puts the domestic trade offers in the batch's masks (`offers` true) or leaves them out
/// (false, the default: random and learning play leave them out everywhere).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `batch` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_set_offers(
    batch: *mut catan_batch,
    offers: bool,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { set_offers(batch, offers) }
}

/// `catan_batch_set_offers` for the Card Game: its offers to the opponent in the masks
/// (`offers` true) or not (false, the default).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `batch` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_set_offers(
    batch: *mut catan_cards_batch,
    offers: bool,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { set_offers(batch, offers) }
}

/// Writes every game's legal mask over the fixed ids (`games × mask_words` words, game `i`
/// from word `i × mask_words`, bit `id % 64` of word `id / 64`) and observation (`games ×
/// obs_len` values, game `i` from `i × obs_len`), for each game's acting seat. Sizes from
/// `catan_batch_sizes`; `masks_len` and `obs_len` must be exactly those products.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH` (nothing is written).
///
/// # Safety
/// `batch` is NULL or a live handle; `masks` is NULL or valid for writing `masks_len`
/// `uint64_t`s; `obs` is NULL or valid for writing `obs_len` `int16_t`s; the two do not
/// overlap.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_observe(
    batch: *mut catan_batch,
    masks: *mut u64,
    masks_len: usize,
    obs: *mut i16,
    obs_len: usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { observe(batch, masks, masks_len, obs, obs_len) }
}

/// `catan_batch_observe` for the Card Game: masks as there, and every acting seat's Card
/// Game observation as `float`s (`games × obs_len`; every value within its bound, 0 to
/// the bounds of `catan_rules::agents::cards_observation`).
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH` (nothing is written).
///
/// # Safety
/// As `catan_batch_observe`, with `obs` valid for writing `obs_len` `float`s.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_observe(
    batch: *mut catan_cards_batch,
    masks: *mut u64,
    masks_len: usize,
    obs: *mut f32,
    obs_len: usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { observe(batch, masks, masks_len, obs, obs_len) }
}

/// Applies `ids[i]` (a fixed id for game `i`'s acting seat, one of its mask's bits) to
/// every game `i < n` (`n` must be the number of games), then writes per game:
/// `winners[i]` (the winner's seat if game `i` ended with a win, otherwise -1), `done[i]`
/// (1 if game `i` ended, by a win or after the turn limit; it was then replaced by a new
/// game) and, when `rewards` is not NULL, `rewards[i]` (+1 if the game ended with a win of
/// the seat that acted, -1 with another seat's win, else 0).
///
/// Every id is checked before any is applied: on error no game changes and no output is
/// written.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH` (`n` is not the number of games),
/// `ILLEGAL_ACTION` (some id is not legal for its game's acting seat; the detail names the
/// first such game).
///
/// # Safety
/// `batch` is NULL or a live handle; `ids` is NULL or valid for reading `n` `uint32_t`s;
/// `winners`, `done` and `rewards` are NULL or valid for writing `n` elements each, none
/// overlapping another.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_step(
    batch: *mut catan_batch,
    ids: *const u32,
    n: usize,
    winners: *mut i8,
    done: *mut u8,
    rewards: *mut f32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { step(batch, ids, n, winners, done, rewards) }
}

/// `catan_batch_step` for the Card Game (a game still on after 1,000 turns is stopped
/// without a winner).
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH`, `ILLEGAL_ACTION`.
///
/// # Safety
/// As `catan_batch_step`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_step(
    batch: *mut catan_cards_batch,
    ids: *const u32,
    n: usize,
    winners: *mut i8,
    done: *mut u8,
    rewards: *mut f32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { step(batch, ids, n, winners, done, rewards) }
}

/// Writes every seat's return from the last `catan_batch_step`, `players` values per game
/// (`len` must be games × players; game `i`'s seats at `i × players`): for a game that
/// ended there with a win, +1 for the winner and -1 for every other seat; 0 for every
/// seat of a game still on or stopped at the turn limit. `catan_batch_step`'s `rewards[i]`
/// is the entry of the seat that moved last; these give every other seat its return.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH` (nothing written).
///
/// # Safety
/// `batch` is NULL or a live handle; `returns` is NULL or valid for writing `len` `float`s.
#[no_mangle]
pub unsafe extern "C" fn catan_batch_returns(
    batch: *const catan_batch,
    returns: *mut f32,
    len: usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { self::returns(batch, returns, len) }
}

/// `catan_batch_returns` for the Card Game: `len` must be games × 2.
///
/// Errors: `NULL_ARGUMENT`, `WRONG_LENGTH` (nothing written).
///
/// # Safety
/// As `catan_batch_returns`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_batch_returns(
    batch: *const catan_cards_batch,
    returns: *mut f32,
    len: usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { self::returns(batch, returns, len) }
}

/// Plays `games` random games (game `i` with seed `seed + i`, uniformly random legal
/// actions; domestic offers only when `domestic_trade`) on up to `threads` threads (0
/// counts as 1) and writes their summaries to `*out_json` as a JSON array, game 0 first:
/// `[{"seed": 1, "winner": 2, "turns": 71, "actions": 480, "scores": [5, 6, 10, 4],
/// "sevens": 12, "steals": 9, "discards": 7, "shortages": 0, "longest_road_changes": 2,
/// "largest_army_changes": 1, "trades": 0, "maritime_trades": 20}, ...]`. The result
/// does not depend on `threads`. `*out_json` is owned by the caller, freed with
/// `catan_string_free`. Thread-safe (no handle involved).
///
/// At most `CATAN_MAX_SIMULATE_GAMES` games per call (their JSON is about 250 bytes a
/// game); threads are clamped to the games and the machine's hardware threads.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `INVALID_RULES`, `TOO_LARGE` (more games than `CATAN_MAX_SIMULATE_GAMES`),
/// `OUT_OF_MEMORY`.
///
/// # Safety
/// `rules_json` is NULL or a NUL-terminated string; `out_json` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_simulate(
    rules_json: *const c_char,
    games: usize,
    seed: u64,
    threads: usize,
    domestic_trade: bool,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let json = unsafe { str_arg(rules_json, "rules_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let rules = parse_rules(json)?;
        rules.validate().map_err(Failure::rules)?;
        if games > CATAN_MAX_SIMULATE_GAMES {
            return Err(Failure::new(
                catan_status::TooLarge,
                format!("{games} games asked for, at most {CATAN_MAX_SIMULATE_GAMES} per call"),
            ));
        }
        let summaries = sim::try_simulate(rules, games, seed, threads, domestic_trade)
            .map_err(|e| Failure::new(catan_status::OutOfMemory, e.to_string()))?;
        string_out(out, to_json(&summaries)?);
        Ok(())
    })
}
