//! The C ABI of the Catan Card Game (`catan_rules::cards`): an opaque `catan_cards_game`
//! handle with the same conventions as `catan_game` (status codes, outputs written only on
//! success, the game unchanged on failure, caller-owned strings, panics caught), JSON entry
//! points and the fixed integer action space with masks.

use crate::error::Failure;
use crate::game::to_json;
use crate::io::{str_arg, string_out, Buf, Out};
use crate::panic::guard;
use crate::skin::{self, handle, handle_mut, seat_arg, CEngine, Handle};
use crate::status::catan_status;
use catan_rules::cards::{
    action_from_id, action_id, CardAction, CardDecision, CardEngineError, CardError, CardGame,
    CardPositionError, Phase, SvgStyle, ACTION_SPACE,
};
use catan_rules::engine::Engine;
use catan_rules::Player;
use serde::Serialize;
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

/// The number of legal actions now (the referee's list): valid indices are
/// `0 .. *out_count - 1`. The twin of `catan_game_legal_count`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_count` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_count(
    game: *const catan_cards_game,
    out_count: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_count(game, out_count) }
}

/// The indices of the legal actions now into `buf`, their number into `*out_len`: an index
/// points into the current list of `catan_cards_legal_actions_json` and means nothing once
/// the game has changed. Buffer protocol as for `catan_game_legal_indices`, its twin.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` `uint32_t`s;
/// `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_indices(
    game: *const catan_cards_game,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_indices(game, buf, cap, out_len) }
}

/// Applies the legal action at index `index` of the current list (events as for
/// `catan_cards_apply_json`; `out_events` may be NULL). Referee-only, like the list. The
/// twin of `catan_game_apply_index`.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (every index once the game is over). The
/// game is unchanged on error.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_apply_index(
    game: *mut catan_cards_game,
    index: u32,
    out_events: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_index(game, index, out_events) }
}

/// The action at index `index` of the current list, as JSON (caller-owned). The twin of
/// `catan_game_action_json_for_index`.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_action_json_for_index(
    game: *const catan_cards_game,
    index: u32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::action_json_for_index(game, index, out_json) }
}

/// The index in the current list of an action given as JSON. The twin of
/// `catan_game_index_for_action_json`.
///
/// Errors: the parse errors of `catan_cards_apply_json`; if the action is not in the list,
/// the rule it breaks (`GAME_OVER`, `NO_SUCH_PLAYER`, `NOT_YOUR_TURN`, `ILLEGAL_ACTION`),
/// or `ACTION_NOT_LISTED` when it is legal but outside the listed families (an offer other
/// than one card for one: apply it as JSON).
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_index` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_index_for_action_json(
    game: *const catan_cards_game,
    action_json: *const c_char,
    out_index: *mut u32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::index_for_action_json(game, action_json, out_index) }
}

/// The number of fixed action ids of the Card Game (one numbering for every game): every
/// fixed id is `< *out_len`, and a legal mask has `ceil(*out_len / 64)` words. The twin of
/// `catan_game_action_space_len`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_action_space_len(
    game: *const catan_cards_game,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let _ = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_len, "out_len") }?;
        out.set(ACTION_SPACE as usize);
        Ok(())
    })
}

/// A mask of booleans over the fixed ids as 64-bit words: bit `id % 64` of word `id / 64`.
fn mask_words(bits: &[bool]) -> impl ExactSizeIterator<Item = u64> + '_ {
    bits.chunks(64).map(|chunk| {
        chunk
            .iter()
            .enumerate()
            .fold(0u64, |w, (i, &b)| w | (u64::from(b) << i))
    })
}

/// Writes the legal actions of the seat to act as a bitset over the fixed ids: bit
/// `id % 64` of word `id / 64` is set when the action with that id is legal. `*out_len`
/// receives the number of words, `ceil(catan_cards_action_space_len / 64)`. Buffer
/// protocol as for `catan_game_legal_mask` (`words` may be NULL when `cap` is 0; when
/// `cap` is too small nothing is written to `words`, `*out_len` receives the number needed
/// and the result is `BUFFER_TOO_SMALL`). Referee-only, like the full list.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `words` is NULL or valid for writing `cap`
/// `uint64_t`s; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_mask(
    game: *const catan_cards_game,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { mask_into(game, words, cap, out_len, true) }
}

/// The legal mask of the seat to act (the offers only if `offers`) into the caller's
/// words, with the buffer protocol of `catan_cards_legal_mask`.
///
/// # Safety
/// As `catan_cards_legal_mask`.
unsafe fn mask_into(
    game: *const catan_cards_game,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
    offers: bool,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(words, cap, out_len) }?;
        let mut bits = vec![false; ACTION_SPACE as usize];
        h.game.legal_mask_with(&mut bits, offers);
        buf.fill(mask_words(&bits))
    })
}

/// As `catan_cards_legal_mask`, without the offers to the opponent (the ids of `offer`
/// actions): the usual mask for training, where offers only lengthen a game. The twin of
/// `catan_game_legal_mask_without_offers`.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `catan_cards_legal_mask`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_mask_without_offers(
    game: *const catan_cards_game,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { mask_into(game, words, cap, out_len, false) }
}

/// The action with fixed id `id` for the seat to act now.
fn action_for_id(game: &CardGame, id: u32) -> Result<CardAction, Failure> {
    let who = game.to_act().iter().next().unwrap_or(Player(0));
    action_from_id(id, who).ok_or_else(|| {
        Failure::new(
            catan_status::IdOutOfRange,
            format!(
                "action id {id} names no action here (the action space has {ACTION_SPACE} ids)"
            ),
        )
    })
}

/// Applies the action with fixed id `id` for the seat to act (see
/// `catan_cards_legal_mask`). Events as for `catan_cards_apply_json` (`out_events` may be
/// NULL). The twin of `catan_game_apply_id`; referee-only.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (not a fixed id), and the rule errors of
/// `catan_cards_apply_json`. The game is unchanged on error.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_apply_id(
    game: *mut catan_cards_game,
    id: u32,
    out_events: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle_mut(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::optional(out_events) };
        let a = action_for_id(&h.game, id)?;
        h.apply(a, out)
    })
}

/// The action with fixed id `id` in this game now (the seat to act filled in), as JSON,
/// legal or not. `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_action_json_for_id(
    game: *const catan_cards_game,
    id: u32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe {
        skin::string_query(
            game,
            out_json,
            |h| Ok(action_for_id(&h.game, id)?.to_json()),
        )
    }
}

/// The fixed id of an action given as JSON, legal or not (the seat is not part of an id).
///
/// Errors: the parse errors of `catan_cards_apply_json`; `ACTION_NOT_LISTED` for an action
/// the fixed numbering has no id for (offers other than one card for one).
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_id` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_id_for_action_json(
    game: *const catan_cards_game,
    action_json: *const c_char,
    out_id: *mut u32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let _ = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let text = unsafe { str_arg(action_json, "action_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_id, "out_id") }?;
        let action = <CardGame as Engine>::parse_action(text)
            .map_err(|e| CardGame::failure(e, text, "action"))?;
        let id = action_id(&action).ok_or_else(|| {
            Failure::new(
                catan_status::ActionNotListed,
                format!("{} has no fixed action id", action.to_json()),
            )
        })?;
        out.set(id);
        Ok(())
    })
}

/// Checks an action given as JSON without applying it: `CATAN_STATUS_OK` exactly when
/// `catan_cards_apply_json` would succeed, otherwise the status it would return.
///
/// Referee-only: it takes either seat's action, so its answer about the other seat's
/// action tells what that seat holds. Answer a seat with `catan_cards_check_as_json`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_check_json(
    game: *const catan_cards_game,
    action_json: *const c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::check_json(game, None, action_json) }
}

/// The seats that may act now, as a bit mask (bit `i` set = seat `i` may act; 0 when
/// chance picks the starting player or the game is over). The twin of
/// `catan_game_to_act`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_mask` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_to_act(
    game: *const catan_cards_game,
    out_mask: *mut u32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::to_act(game, out_mask) }
}

/// The winner's seat (0 or 1), or -1 while the game goes on.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_winner` is NULL or valid for writing an
/// `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_winner(
    game: *const catan_cards_game,
    out_winner: *mut i32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::winner(game, out_winner) }
}

/// A seat as C sees it: its number, or -1 for none.
fn seat_or_none(p: Option<Player>) -> i32 {
    p.map_or(-1, |p| i32::from(p.0))
}

/// A count for a `uint8_t` output (the Card Game's counts are far below 255).
fn small(v: impl TryInto<u8>) -> u8 {
    v.try_into().unwrap_or(u8::MAX)
}

/// Victory points of both seats (tokens included; every point of the Card Game lies on the
/// table, so they are public): `buf[i]` is seat `i`'s points and `*out_len` 2. Buffer
/// protocol as for `catan_game_scores`.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` bytes;
/// `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_scores(
    game: *const catan_cards_game,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(buf, cap, out_len) }?;
        buf.fill(SEATS.iter().map(|&p| small(h.game.points(p))))
    })
}

/// Both seats, in order.
const SEATS: [Player; 2] = [Player(0), Player(1)];

/// The public part of the state JSON.
#[derive(Serialize)]
struct State {
    phase: Phase,
    decision: CardDecision,
    to_act: Vec<Player>,
    current_player: Player,
    turn: u16,
    dice: Option<(u8, u8)>,
    winner: Option<Player>,
    scores: Vec<u32>,
    players: u8,
    knight_token: Option<Player>,
    mill_token: Option<Player>,
}

/// Who must act and what kind of decision is pending, as one JSON object, the twin of
/// `catan_game_state_json`:
///
/// ```json
/// {"phase": "main", "decision": {"type": "main", "player": 1}, "to_act": [1],
///  "current_player": 1, "turn": 9, "dice": [3, 5], "winner": null, "scores": [5, 4],
///  "players": 2, "knight_token": 1, "mill_token": null}
/// ```
///
/// `phase` is `start`, `opening`, `roll`, `main` or `over`; `decision` is the engine's
/// (`starter`, `roll`, `main`, `step` with its `step`, `game_over`); `dice` is `[event
/// die, production die]`. Everything in it is public. `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_state_json(
    game: *const catan_cards_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::string_query(game, out_json, |h| to_json(&state(&h.game))) }
}

/// The state JSON's value.
fn state(g: &CardGame) -> State {
    State {
        phase: g.phase(),
        decision: g.decision(),
        to_act: g.to_act().iter().collect(),
        current_player: g.current_player(),
        turn: g.turn(),
        dice: g.dice(),
        winner: g.winner(),
        scores: SEATS.iter().map(|&p| g.points(p)).collect(),
        players: 2,
        knight_token: g.knight_token(),
        mill_token: g.mill_token(),
    }
}

/// The rules of the game, as JSON with every field filled in (`vp_target`, `hand_limit`,
/// `chance`; `choose_landscapes` only when it is on). `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_rules_json(
    game: *const catan_cards_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::string_query(game, out_json, |h| to_json(h.game.rules())) }
}

/// The game's catalogue as JSON (the format `docs/cards.md` describes): its `cards` array
/// names every card number that views, events, actions and positions use — card `n` of a
/// view or an event is `cards[n]`, with its `id`, `name`, `kind`, `cost`, points and
/// `effect`. Public. `*out_json` is caller-owned.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_catalogue_json(
    game: *const catan_cards_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::string_query(game, out_json, |h| to_json(&**h.game.catalogue())) }
}

/// Who holds the Knight token and the Mill token (a seat, or -1 for nobody): the twin of
/// `catan_game_award_holders`. Either output may be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `game`).
///
/// # Safety
/// `game` is NULL or a live handle; each output is NULL or valid for writing an `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_token_holders(
    game: *const catan_cards_game,
    out_knight_token: *mut i32,
    out_mill_token: *mut i32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_knight_token) } {
            o.set(seat_or_none(h.game.knight_token()));
        }
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_mill_token) } {
            o.set(seat_or_none(h.game.mill_token()));
        }
        Ok(())
    })
}

/// Public facts about seat `seat`, the twin of `catan_game_seat_stats`: its strength
/// points (the Knight token), tournament points, trade points (the Mill token) and hand
/// limit. Any output may be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `game`), `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; each output is NULL or valid for writing a `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_seat_stats(
    game: *const catan_cards_game,
    seat: i32,
    out_strength: *mut u8,
    out_tournament: *mut u8,
    out_trade: *mut u8,
    out_hand_limit: *mut u8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        let seat = seat_arg(2, seat)?;
        let g = &h.game;
        let outs = [
            (out_strength, g.strength(seat)),
            (out_tournament, g.tournament_points(seat)),
            (out_trade, g.trade_points(seat)),
            (out_hand_limit, small(g.hand_limit(seat)).into()),
        ];
        for (p, v) in outs {
            // SAFETY: the caller's contract above.
            if let Some(o) = unsafe { Out::optional(p) } {
                o.set(small(v));
            }
        }
        Ok(())
    })
}

/// Seat `seat`'s stock (the resources stored on its landscapes, public): `buf[r]` for each
/// resource in the order brick, lumber, wool, grain, ore, gold, and `*out_len` 6. Buffer
/// protocol as for `catan_game_scores`.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` bytes;
/// `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_stock(
    game: *const catan_cards_game,
    seat: i32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(buf, cap, out_len) }?;
        let seat = seat_arg(2, seat)?;
        buf.fill(h.game.stock(seat).0.into_iter())
    })
}

/// Copies the state of `src` into `dst`, an existing handle (a tree search's scratch
/// copy): afterwards `dst` continues exactly as a fresh `catan_cards_clone` of `src`
/// would. `dst == src` is allowed and changes nothing. The twin of
/// `catan_game_copy_from`.
///
/// Errors: `NULL_ARGUMENT` (and then `dst` is unchanged).
///
/// # Safety
/// `dst` is NULL or a live handle not in use by another thread; `src` is NULL or a live
/// handle not being changed by another thread.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_copy_from(
    dst: *mut catan_cards_game,
    src: *const catan_cards_game,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let s = unsafe { handle(src) }?;
        if std::ptr::eq(dst.cast_const(), src) {
            return Ok(());
        }
        // SAFETY: the caller's contract above; `dst` is not `src`, so the two references
        // do not alias.
        let d = unsafe { handle_mut(dst) }?;
        d.game.clone_from(&s.game);
        d.legal_fresh.set(false);
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

/// Seat `seat`'s legal actions as a bitset over the fixed ids (the layout of
/// `catan_cards_legal_mask`, restricted to `catan_cards_legal_actions_for_json`'s list);
/// buffer protocol as for `catan_cards_legal_mask`. The twin of
/// `catan_game_legal_mask_for`.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `words` is NULL or valid for writing `cap`
/// `uint64_t`s; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_cards_legal_mask_for(
    game: *const catan_cards_game,
    seat: i32,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(words, cap, out_len) }?;
        let seat = seat_arg(2, seat)?;
        let mut bits = vec![false; ACTION_SPACE as usize];
        h.game.legal_mask_for(seat, &mut bits);
        buf.fill(mask_words(&bits))
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
