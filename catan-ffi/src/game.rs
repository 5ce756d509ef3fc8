//! The game handle and its entry points.

use crate::error::Failure;
use crate::io::{string_out, Buf, Out};
use crate::panic::guard;
use crate::skin::{self, CEngine, Handle};
use crate::status::catan_status;
use catan_rules::engine::EngineError;
use catan_rules::{Action, Decision, Game, HexId, ParseError, Phase, Player, Rules};
use serde::Serialize;
use std::cell::OnceCell;
use std::ffi::c_char;

/// A game in progress: an opaque handle.
///
/// Made by `catan_game_new` or `catan_game_clone`, freed by `catan_game_free`. The caller
/// owns the handle; the library never keeps a pointer to it after a call returns.
///
/// Thread-safety: a handle is not thread-safe. Never use one handle from two threads at
/// the same time, not even for reading (queries fill a cache inside the handle). Separate
/// handles are independent and may be used from different threads at once; a handle may
/// move between threads between calls.
#[allow(non_camel_case_types)]
pub struct catan_game {
    /// The game, its legal actions cached per state and its action space.
    h: Handle<Game>,
}

skin::c_handle!(catan_game, Game);

impl CEngine for Game {
    fn failure(e: EngineError, input: &str, what: &str) -> Failure {
        match e {
            EngineError::Parse(e) => Failure::parse(e, input, what),
            EngineError::NewGame(e) => Failure::new_game(e),
            EngineError::Rule(e) => Failure::rule(e),
            EngineError::Load(e) => Failure::load(e, input),
            EngineError::UnknownId { id } => Failure::new(
                catan_status::IdOutOfRange,
                format!("action id {id} names no action here"),
            ),
        }
    }
}

impl catan_game {
    /// The engine's game.
    pub(crate) fn game(&self) -> &Game {
        &self.h.game
    }
}

/// The engine behind a handle, for Rust code linking this crate (tests, Rust hosts that
/// receive handles from C). Not part of the C ABI.
///
/// # Safety
/// `game` is NULL or a live handle from `catan_game_new`/`catan_game_clone` that is not
/// used mutably during `'a`.
pub unsafe fn game_of<'a>(game: *const catan_game) -> Option<&'a Game> {
    // SAFETY: forwarded from the caller.
    unsafe { game.as_ref() }.map(|h| &h.game)
}

/// # Safety
/// `p` is NULL or a live handle not used mutably during `'a`.
pub(crate) unsafe fn handle<'a>(p: *const catan_game) -> Result<&'a catan_game, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_ref() }.ok_or_else(|| Failure::null("game"))
}

/// # Safety
/// `p` is NULL or a live handle not otherwise used during `'a`.
pub(crate) unsafe fn handle_mut<'a>(p: *mut catan_game) -> Result<&'a mut catan_game, Failure> {
    // SAFETY: forwarded from the caller.
    unsafe { p.as_mut() }.ok_or_else(|| Failure::null("game"))
}

pub(crate) fn to_json<T: Serialize + ?Sized>(v: &T) -> Result<String, Failure> {
    serde_json::to_string(v).map_err(|e| {
        Failure::new(
            catan_status::Panic,
            format!("internal error: cannot serialize: {e}"),
        )
    })
}

pub(crate) fn parse_action(json: &str) -> Result<Action, Failure> {
    Action::from_json(json).map_err(|e| Failure::parse(e, json, "action"))
}

pub(crate) fn parse_rules(json: &str) -> Result<Rules, Failure> {
    serde_json::from_str::<Rules>(json)
        .map_err(|e| Failure::parse(ParseError::from(e), json, "rules"))
}

/// Makes a new game: the rules as JSON (`"{}"` is the standard 4-player game on a random
/// board; see the wire-format docs for every field, e.g.
/// `{"players": 3, "map": "beginner", "chance": "external"}`) and a seed for everything
/// left to chance (board, dice, steals, card draws). Same rules and seed, same game.
///
/// On success `*out_game` receives a new handle, owned by the caller, to be freed with
/// `catan_game_free`. On failure `*out_game` is not written.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `INVALID_RULES`, `INVALID_MAP`.
///
/// # Safety
/// `rules_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for writing
/// one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_new(
    rules_json: *const c_char,
    seed: u64,
    out_game: *mut *mut catan_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::new(rules_json, seed, out_game) }
}

/// Frees a game handle. NULL is ignored. The handle must not be used afterwards.
///
/// # Safety
/// `game` is NULL or a handle from `catan_game_new`/`catan_game_clone` not yet freed and
/// not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn catan_game_free(game: *mut catan_game) {
    // SAFETY: the caller's contract above.
    unsafe { skin::free(game) }
}

/// Copies a game: `*out_game` receives a new, independent handle in the same state (same
/// future chance too: the seeded generator is copied), owned by the caller and freed with
/// `catan_game_free`. Cheap: a fixed-size copy; the board is shared.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_game` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_clone(
    game: *const catan_game,
    out_game: *mut *mut catan_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::clone(game, out_game) }
}

/// Copies the state of `src` into `dst`, an existing handle: the scratch copy of a tree
/// search. Nothing is allocated, and when both games are on the same board (a clone of
/// one another, however distant) only the fixed-size state is copied. Afterwards `dst`
/// is in `src`'s state, with the same future chance, exactly as if it were a fresh
/// `catan_game_clone` of it. `dst == src` is allowed and changes nothing.
///
/// Errors: `NULL_ARGUMENT` (and then `dst` is unchanged).
///
/// # Safety
/// `dst` is NULL or a live handle not in use by another thread; `src` is NULL or a live
/// handle not being changed by another thread.
#[no_mangle]
pub unsafe extern "C" fn catan_game_copy_from(
    dst: *mut catan_game,
    src: *const catan_game,
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
        let same_space = d.game.shares_action_space(&s.game);
        d.game.clone_from(&s.game);
        d.legal_fresh.set(false);
        if !same_space {
            d.space = OnceCell::new();
        }
        Ok(())
    })
}

/// Applies one action given as JSON (`{"type": "build_road", "player": 1, "edge": 17}`):
/// all of it or, on any error, nothing.
///
/// Referee-only: it takes any seat's action and its events are unredacted (the stolen
/// card, the card bought). For an action a seat sent, use `catan_game_apply_as_json`, and
/// give each seat `catan_events_for_json` of the events.
///
/// On success, if `out_events_json` is not NULL, it receives the events caused, as a JSON
/// array (`[{"type": "road_built", "player": 1, "edge": 17}, ...]`), owned by the caller
/// and freed with `catan_string_free`. Pass NULL when the events are not wanted.
///
/// Actions carry their chance outcome when the rules say `"chance": "external"` (`dice` on
/// `roll`, `resource` on a steal, `card` on `buy_development_card`); with seeded chance
/// they must not.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `UNKNOWN_ACTION_TYPE` (the action is malformed); `GAME_OVER`, `NO_SUCH_PLAYER`,
/// `NOT_YOUR_TURN`, `ILLEGAL_ACTION` (it breaks a rule; `catan_last_error_json()` names
/// the rule). The game is unchanged on every error.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_events_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_apply_json(
    game: *mut catan_game,
    action_json: *const c_char,
    out_events_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_json(game, None, action_json, out_events_json) }
}

/// Checks an action given as JSON without applying it: `CATAN_STATUS_OK` exactly when
/// `catan_game_apply_json` would succeed, otherwise the status it would return.
///
/// Referee-only: it takes any seat's action, so its answer about another seat's action
/// (can seat 1 buy a card now?) tells what that seat holds. Answer a seat with
/// `catan_game_check_as_json`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn catan_game_check_json(
    game: *const catan_game,
    action_json: *const c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::check_json(game, None, action_json) }
}

/// Every legal action now, as a JSON array of actions, in the engine's deterministic order:
/// element `i` is the action at index `i` (see `catan_game_legal_indices`). Empty (`[]`) when
/// the game is over. Several players may appear (simultaneous discards, trade answers).
///
/// Referee-only: during discards this list gives away each owing seat's hand, during
/// trade answers who can pay. Give a seat `catan_game_legal_actions_for_json` instead.
///
/// `*out_json` receives a string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_actions_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_actions_json(game, out_json) }
}

/// The number of legal actions now: valid indices are `0 .. *out_count - 1`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_count` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_count(
    game: *const catan_game,
    out_count: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_count(game, out_count) }
}

/// Writes the indices of the legal actions now into `buf` and their number into
/// `*out_len`.
///
/// An index points into the current legal-action list (the order of
/// `catan_game_legal_actions_json`, deterministic for a given state), so the indices are
/// always `0, 1, ..., n-1`. They are only meaningful for the state they were listed in:
/// after any successful apply they index a new list. Use them with
/// `catan_game_apply_index` and `catan_game_action_json_for_index`. (Fixed action ids, the
/// same in every state, are the `*_id` functions: `catan_game_apply_id`, ...)
///
/// `buf` may be NULL when `cap` is 0. If the list has more than `cap` actions nothing is
/// written to `buf`, `*out_len` receives the number needed, and the result is
/// `CATAN_STATUS_BUFFER_TOO_SMALL`.
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` `uint32_t`s;
/// `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_indices(
    game: *const catan_game,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_indices(game, buf, cap, out_len) }
}

/// Applies the legal action at index `index` of the current legal-action list (see
/// `catan_game_legal_indices`). Events as for `catan_game_apply_json` (`out_events_json`
/// may be NULL). Referee-only, like the list.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (including every index once the game is
/// over: the list is then empty). The game is unchanged on error.
///
/// # Safety
/// `game` is NULL or a live handle; `out_events_json` is NULL or valid for writing one
/// pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_apply_index(
    game: *mut catan_game,
    index: u32,
    out_events_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_index(game, index, out_events_json) }
}

/// The action at index `index` of the current legal-action list, as JSON. `*out_json` receives
/// a string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_action_json_for_index(
    game: *const catan_game,
    index: u32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::action_json_for_index(game, index, out_json) }
}

/// The index in the current legal-action list of an action given as JSON.
///
/// Errors: the parse errors of `catan_game_apply_json`; if the action is not in the list,
/// the rule it breaks (`GAME_OVER`, `NO_SUCH_PLAYER`, `NOT_YOUR_TURN`, `ILLEGAL_ACTION`),
/// or `ACTION_NOT_LISTED` when it is legal but outside the enumerated families (apply
/// such an action with `catan_game_apply_json`).
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_index` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_index_for_action_json(
    game: *const catan_game,
    action_json: *const c_char,
    out_index: *mut u32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::index_for_action_json(game, action_json, out_index) }
}

/// The public part of the state JSON.
#[derive(Serialize)]
struct State {
    phase: Phase,
    decision: Decision,
    to_act: Vec<Player>,
    current_player: Player,
    turn: u32,
    dice: Option<[u8; 2]>,
    robber: Option<HexId>,
    winner: Option<Player>,
    scores: Vec<u8>,
    players: u8,
}

/// Who must act and what kind of decision is pending, as one JSON object:
///
/// ```json
/// {"phase": "main", "decision": {"type": "main", "player": 2}, "to_act": [2],
///  "current_player": 2, "turn": 9, "dice": [3, 5], "robber": 9, "winner": null,
///  "scores": [3, 4, 2, 5], "players": 4}
/// ```
///
/// `decision` is the engine's decision (`setup_settlement`, `setup_road`, `roll`,
/// `discard` with several players, `move_robber`, `main`, `road_building`,
/// `trade_responses`, `special_build` with the `player` building and the player `after`
/// whose turn it follows, `gold_choice` with several players on Seafarers maps,
/// `game_over`); `to_act` lists every seat that may act now; `scores`
/// counts hidden victory-point cards (this is the referee's view, not a player's).
/// `*out_json` receives a string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_state_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        let g = &h.game;
        let state = State {
            phase: g.phase(),
            decision: g.decision(),
            to_act: g.to_act().iter().collect(),
            current_player: g.current_player(),
            turn: g.turn(),
            dice: g.dice(),
            robber: g.robber(),
            winner: g.winner(),
            scores: g.scores(),
            players: g.players(),
        };
        string_out(out, to_json(&state)?);
        Ok(())
    })
}

/// The seats that may act now, as a bit mask (bit `i` set = seat `i` may act; 0 once the
/// game is over).
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_mask` is NULL or valid for writing a `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_to_act(
    game: *const catan_game,
    out_mask: *mut u32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::to_act(game, out_mask) }
}

/// The winner's seat (0-based), or -1 while the game goes on.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_winner` is NULL or valid for writing an
/// `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_winner(
    game: *const catan_game,
    out_winner: *mut i32,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::winner(game, out_winner) }
}

/// Victory points of every seat, hidden victory-point cards included: `buf[i]` is seat
/// `i`'s score and `*out_len` the number of players. Buffer protocol as for
/// `catan_game_legal_indices` (6 is always enough).
///
/// Errors: `NULL_ARGUMENT`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `buf` is NULL or valid for writing `cap` bytes;
/// `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_scores(
    game: *const catan_game,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let buf = unsafe { Buf::new(buf, cap, out_len) }?;
        buf.fill(h.game.scores().into_iter())
    })
}

/// The board for drawing it: every hex, node and edge with ids, coordinates and adjacency,
/// the harbours and the robber's start, as JSON. `*out_json` receives a string owned by
/// the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_board_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, to_json(&h.game.board().describe())?);
        Ok(())
    })
}

/// The rules of the game, as JSON with every field filled in. `*out_json` receives a
/// string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_rules_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_json, "out_json") }?;
        string_out(out, to_json(h.game.rules())?);
        Ok(())
    })
}

/// Loads a game from a position JSON (the format of `catan_game_position_json` and
/// `docs/position.md`), checking that it is a possible game. `*out_game` receives a new
/// handle, freed with `catan_game_free`.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`,
/// `INVALID_POSITION` (the last error lists every problem found, as text and as JSON).
///
/// # Safety
/// `position_json` is NULL or a NUL-terminated string; `out_game` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_from_position_json(
    position_json: *const c_char,
    out_game: *mut *mut catan_game,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::from_position_json(position_json, out_game) }
}

/// The whole game as a position JSON (everything, hidden cards and the generator's state
/// included: for saving and resuming, not for showing to a player). Loading it with
/// `catan_game_from_position_json` gives a game that continues identically. `*out_json`
/// receives a string owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_position_json(
    game: *const catan_game,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::position_json(game, out_json) }
}

/// What one seat may know, as JSON: its own hand and development cards, every other
/// seat's card counts, the board and pieces; never the deck order or the generator's
/// state. `player` is a seat, or -1 for a spectator. `*out_json` receives a string owned
/// by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER` (a seat outside the game other than -1).
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_view_json(
    game: *const catan_game,
    player: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::view_json(game, player, out_json) }
}

/// The board and pieces as a self-contained SVG picture. `*out_svg` receives a string
/// owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_svg` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_svg(
    game: *const catan_game,
    out_svg: *mut *mut c_char,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_svg, "out_svg") }?;
        string_out(out, h.game.to_svg());
        Ok(())
    })
}

// ------------------------------------------------------------------ seat-scoped calls

/// A seat number from C: a seat of this game.
pub(crate) fn seat_arg(g: &Game, seat: i32) -> Result<Player, Failure> {
    skin::seat_arg(g.players(), seat)
}

/// Checks an action (JSON) as seat `seat` sends it, without applying it: what a server
/// answers a seat. Another seat's action is refused with `NOT_YOUR_SEAT` before the game is
/// looked at, and every other error concerns the seat's own action and names nothing
/// hidden from it (never another hand, never its own hand either: only what the action
/// needs). `CATAN_STATUS_OK` exactly when `catan_game_apply_as_json` would succeed —
/// except with external chance, where the action is checked as the seat's choice: its
/// outcome (dice, stolen card, card drawn) is not looked at, and the answer is `OK` when
/// some outcome would make it legal; the referee adds the outcome before applying it.
///
/// Errors: the parse errors of `catan_game_apply_json`; `NO_SUCH_PLAYER` (`seat` is not a
/// seat), `NOT_YOUR_SEAT`, `GAME_OVER`, `NOT_YOUR_TURN`, `ILLEGAL_ACTION`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn catan_game_check_as_json(
    game: *const catan_game,
    seat: i32,
    action_json: *const c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::check_json(game, Some(seat), action_json) }
}

/// Applies an action (JSON) that seat `seat` sent: another seat's action is refused with
/// `NOT_YOUR_SEAT` first, and on any error the game is unchanged. Errors are those of
/// `catan_game_check_as_json` and may be shown to the seat — except, with external chance,
/// errors about the outcome the referee added (`outcome_required`, `impossible_outcome`),
/// which are the referee's.
///
/// `*out_events_json` (optional: NULL to skip) receives every event, unredacted: the
/// referee's record, for the server only. Give each seat its own stream with
/// `catan_events_for_json(events, seat, ...)`.
///
/// # Safety
/// `game` is NULL or a live handle; `action_json` is NULL or a NUL-terminated string;
/// `out_events_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_apply_as_json(
    game: *mut catan_game,
    seat: i32,
    action_json: *const c_char,
    out_events_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::apply_json(game, Some(seat), action_json, out_events_json) }
}

/// Seat `seat`'s legal actions now, as a JSON array in the engine's order (`[]` when the
/// seat has nothing to decide). It follows from the public state and the seat's own cards
/// only, so it may be shown to that seat. With external chance each choice appears once,
/// without its outcome (`dice`, `resource`, `card`), which the referee supplies.
/// `*out_json` is owned by the caller, freed with `catan_string_free`.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; `out_json` is NULL or valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_actions_for_json(
    game: *const catan_game,
    seat: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::legal_actions_for_json(game, seat, out_json) }
}

/// Seat `seat`'s legal actions as a bitset over the fixed ids (the layout of
/// `catan_game_legal_mask`, restricted to `catan_game_legal_actions_for_json`'s list, with
/// discards offered one card at a time); buffer protocol as for `catan_game_legal_mask`.
/// Allocation-free.
///
/// Errors: `NULL_ARGUMENT`, `NO_SUCH_PLAYER`, `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `game` is NULL or a live handle; `words` is NULL or valid for writing `cap`
/// `uint64_t`s; `out_len` is NULL or valid for writing a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_legal_mask_for(
    game: *const catan_game,
    seat: i32,
    words: *mut u64,
    cap: usize,
    out_len: *mut usize,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        // SAFETY: the caller's contract above.
        let len = unsafe { Out::new(out_len, "out_len") }?;
        let seat = seat_arg(&h.game, seat)?;
        let space = h.space();
        let n = space.words();
        if n > cap {
            len.set(n);
            return Err(Failure::new(
                catan_status::BufferTooSmall,
                format!("{n} words needed, the buffer holds {cap}"),
            ));
        }
        if words.is_null() {
            return Err(Failure::null("words"));
        }
        // SAFETY: not NULL, and the caller guarantees `cap >= n` writable words.
        let mask = unsafe { std::slice::from_raw_parts_mut(words, n) };
        // Written only on success: the mask is built into the caller's buffer, which no
        // failure can follow.
        h.game.legal_mask_for(seat, space, mask);
        len.set(n);
        Ok(())
    })
}

/// Events (a JSON array, as `catan_game_apply_json` writes them) as `viewer` may see them:
/// a stolen card only for thief and victim, a bought card only for the buyer. `viewer` is
/// a seat (0–5) or -1 for a spectator. `*out_json` is owned by the caller, freed with
/// `catan_string_free`. Thread-safe (no handle involved).
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `MALFORMED_JSON`, `UNKNOWN_FIELD`, `TOO_LARGE`,
/// `NO_SUCH_PLAYER` (a viewer outside 0–5 other than -1).
///
/// # Safety
/// `events_json` is NULL or a NUL-terminated string; `out_json` is NULL or valid for
/// writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_events_for_json(
    events_json: *const c_char,
    viewer: i32,
    out_json: *mut *mut c_char,
) -> catan_status {
    // SAFETY: the caller's contract above.
    unsafe { skin::events_for_json::<Game>(events_json, viewer, out_json) }
}

/// Who holds Longest Road and Largest Army (a seat, or -1 for nobody). Either output may
/// be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `game`).
///
/// # Safety
/// `game` is NULL or a live handle; each output is NULL or valid for writing an `int32_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_award_holders(
    game: *const catan_game,
    out_longest_road: *mut i32,
    out_largest_army: *mut i32,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        let seat = |p: Option<Player>| p.map_or(-1, |p| i32::from(p.0));
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_longest_road) } {
            o.set(seat(h.game.longest_road_holder()));
        }
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_largest_army) } {
            o.set(seat(h.game.largest_army_holder()));
        }
        Ok(())
    })
}

/// Public facts about seat `seat`: the length of its longest road and the knights it has
/// played. Either output may be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `game`), `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; each output is NULL or valid for writing a `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_seat_stats(
    game: *const catan_game,
    seat: i32,
    out_road_length: *mut u8,
    out_knights_played: *mut u8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        let seat = seat_arg(&h.game, seat)?;
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_road_length) } {
            o.set(h.game.longest_road_of(seat));
        }
        // SAFETY: the caller's contract above.
        if let Some(o) = unsafe { Out::optional(out_knights_played) } {
            o.set(h.game.knights_played(seat));
        }
        Ok(())
    })
}
