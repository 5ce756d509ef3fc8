//! Seafarers entry points: a game on a sea map of one's own, the JSettlers2 hex grid, and
//! the pieces (ships among them) left in a seat's supply — the same calls as in Rust
//! (`Game::with_sea_map`, `HexCoord::from_jsettlers` / `to_jsettlers`, `Game::pieces_left`)
//! and Python.

use crate::error::Failure;
use crate::game::handle;
use crate::game::{catan_game, parse_rules, seat_arg};
use crate::io::{str_arg, Out};
use crate::panic::guard;
use crate::skin::CHandle;
use crate::status::catan_status;
use catan_rules::board::{HexCoord, SeaMap};
use catan_rules::{Game, NewGameError};
use std::ffi::c_char;

/// Makes a new game on a Seafarers map of one's own (`Game::with_sea_map`): the rules as
/// JSON (as for `catan_game_new`, without `scenario`; `"map": "beginner"` plays the map as
/// printed, `"random"` or `"variable"` deal its pools), the map as sea-map JSON (its land
/// areas, start areas, special points, unexplored spaces and target; the format is in the
/// Seafarers docs, "Sea maps"), and a seed. The map's `victory_points` replace `vp_target`.
///
/// On success `*out_game` receives a new handle, owned by the caller, to be freed with
/// `catan_game_free`. On failure `*out_game` is not written.
///
/// Errors: `NULL_ARGUMENT`, `INVALID_UTF8`, `TOO_LARGE`, `MALFORMED_JSON`, `UNKNOWN_FIELD`
/// (the rules), `INVALID_RULES` (also with `scenario` set), `INVALID_MAP` (every problem of
/// the map, or text that is not a sea map, in `catan_last_error_json()`).
///
/// # Safety
/// `rules_json` and `map_json` are NULL or NUL-terminated strings; `out_game` is NULL or
/// valid for writing one pointer.
#[no_mangle]
pub unsafe extern "C" fn catan_game_new_sea_map(
    rules_json: *const c_char,
    map_json: *const c_char,
    seed: u64,
    out_game: *mut *mut catan_game,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let rules = unsafe { str_arg(rules_json, "rules_json") }?;
        // SAFETY: the caller's contract above.
        let map = unsafe { str_arg(map_json, "map_json") }?;
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_game, "out_game") }?;
        let rules = parse_rules(rules)?;
        let map = SeaMap::from_json(map).map_err(|e| Failure::new_game(NewGameError::Map(e)))?;
        let game = Game::with_sea_map(rules, &map, seed).map_err(Failure::new_game)?;
        out.set(Box::into_raw(Box::new(catan_game::wrap(game))));
        Ok(())
    })
}

/// The hex of JSettlers2 grid id `id` (`0xRRCC`: odd row `RR`, column `CC` in half-hex
/// units) in axial coordinates. Thread-safe (no handle involved).
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (an id that names no hex: an even row, or a
/// column of the wrong parity). Outputs are written only on success.
///
/// # Safety
/// `out_q` and `out_r` are NULL or valid for writing an `int8_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_hex_from_jsettlers(
    id: u16,
    out_q: *mut i8,
    out_r: *mut i8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let q = unsafe { Out::new(out_q, "out_q") }?;
        // SAFETY: the caller's contract above.
        let r = unsafe { Out::new(out_r, "out_r") }?;
        let c = HexCoord::from_jsettlers(id).ok_or_else(|| {
            Failure::new(
                catan_status::IdOutOfRange,
                format!("0x{id:04X} is not a hex of the JSettlers2 grid (odd rows, columns of the row's parity)"),
            )
        })?;
        q.set(c.q);
        r.set(c.r);
        Ok(())
    })
}

/// The JSettlers2 grid id (`0xRRCC`) of the hex at axial `(q, r)`. Thread-safe (no handle
/// involved).
///
/// Errors: `NULL_ARGUMENT`, `ID_OUT_OF_RANGE` (a hex the grid has no id for: north or west
/// of its origin). The output is written only on success.
///
/// # Safety
/// `out_id` is NULL or valid for writing a `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_hex_to_jsettlers(q: i8, r: i8, out_id: *mut u16) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let out = unsafe { Out::new(out_id, "out_id") }?;
        let id = HexCoord::new(q, r).to_jsettlers().ok_or_else(|| {
            Failure::new(
                catan_status::IdOutOfRange,
                format!("the hex ({q}, {r}) has no id in the JSettlers2 grid"),
            )
        })?;
        out.set(id);
        Ok(())
    })
}

/// The pieces left in seat `seat`'s supply: roads, settlements, cities and ships (ships
/// only on an open-sea map: 0 elsewhere). Public. Each output may be NULL (not written).
///
/// Errors: `NULL_ARGUMENT` (only for `game`), `NO_SUCH_PLAYER`.
///
/// # Safety
/// `game` is NULL or a live handle; each output is NULL or valid for writing a `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn catan_game_pieces_left(
    game: *const catan_game,
    seat: i32,
    out_roads: *mut u8,
    out_settlements: *mut u8,
    out_cities: *mut u8,
    out_ships: *mut u8,
) -> catan_status {
    guard(|| {
        // SAFETY: the caller's contract above.
        let h = unsafe { handle(game) }?;
        let seat = seat_arg(&h.game, seat)?;
        let (roads, settlements, cities, ships) = h.game.pieces_left(seat);
        for (out, n) in [
            (out_roads, roads),
            (out_settlements, settlements),
            (out_cities, cities),
            (out_ships, ships),
        ] {
            // SAFETY: the caller's contract above.
            if let Some(o) = unsafe { Out::optional(out) } {
                o.set(n);
            }
        }
        Ok(())
    })
}
