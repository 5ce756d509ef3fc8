//! Seafarers scenarios from C: the scenario is a field of the rules JSON (Seafarers rules,
//! 'Heading for New Shores', 'The Fog Islands'; docs/rulings.md §41), the game plays by ids,
//! positions round-trip, and a player count without a map is refused with a rules status.

#![deny(clippy::undocumented_unsafe_blocks)]

mod common;

use catan::*;
use common::*;
use std::ptr;

fn rules_json(g: *const catan_game) -> serde_json::Value {
    let mut out = ptr::null_mut();
    // SAFETY: live handle, valid out pointer.
    let st = unsafe { catan_game_rules_json(g, &mut out) };
    assert_eq!(st, catan_status::Ok);
    serde_json::from_str(&take(out)).unwrap()
}

#[test]
fn a_scenario_is_named_in_the_rules_and_plays() {
    for (rules, target) in [
        (r#"{"players": 3, "scenario": "new_shores"}"#, 14),
        (
            r#"{"players": 4, "scenario": "fog_islands", "map": "beginner"}"#,
            12,
        ),
        (
            r#"{"players": 4, "scenario": "new_shores", "older_edition": true}"#,
            13,
        ),
    ] {
        let g = new_game(rules, 5);
        let r = rules_json(g);
        assert_eq!(r["vp_target"], target, "{rules}");
        assert!(engine(g).board().open_sea());
        advance(g, 600);
        // The position (stacks included) loads back to the same game.
        let json = engine(g).to_json();
        let mut back = ptr::null_mut();
        // SAFETY: NUL-terminated position, valid out pointer.
        let st = unsafe { catan_game_from_position_json(c(&json).as_ptr(), &mut back) };
        assert_eq!(st, catan_status::Ok, "{}", last_error());
        assert!(*engine(back) == *engine(g));
        // SAFETY: handles made above, freed once.
        unsafe {
            catan_game_free(back);
            catan_game_free(g);
        }
    }
}

#[test]
fn a_scenario_for_two_players_is_refused() {
    let mut g = ptr::null_mut();
    let rules = c(r#"{"players": 2, "scenario": "four_islands"}"#);
    // SAFETY: NUL-terminated rules, valid out pointer.
    let st = unsafe { catan_game_new(rules.as_ptr(), 1, &mut g) };
    assert_eq!(st, catan_status::InvalidRules);
    assert!(g.is_null());
    assert_eq!(last_error_json()["error"]["type"], "scenario_players");
}

#[test]
fn a_sea_map_of_ones_own_plays_from_c_as_from_rust() {
    // `catan_game_new_sea_map` is `Game::with_sea_map` (docs/rulings.md §41): the same
    // rules, map and seed give the same game; a bad map is INVALID_MAP with every problem,
    // a scenario as well INVALID_RULES, and nothing is written on failure.
    use catan_rules::board::SeaMap;
    use catan_rules::scenario::Scenario;
    use catan_rules::{Game, MapKind, Rules};
    let map = Scenario::FourIslands.map(3).unwrap();
    let map_json = serde_json::to_string(&map).unwrap();
    let rules = r#"{"players": 3, "map": "variable"}"#;
    let mut g = ptr::null_mut();
    // SAFETY: C strings and an out pointer.
    let st = unsafe { catan_game_new_sea_map(c(rules).as_ptr(), c(&map_json).as_ptr(), 9, &mut g) };
    assert_eq!(st, catan_status::Ok);
    let want = Rules {
        players: 3,
        map: MapKind::Variable,
        ..Rules::default()
    };
    let rust = Game::with_sea_map(want, &SeaMap::from_json(&map_json).unwrap(), 9).unwrap();
    assert_eq!(*engine(g), rust);
    assert_eq!(engine(g).rules().vp_target, 13);
    advance(g, 300);
    // SAFETY: a handle from this library, freed once.
    unsafe { catan_game_free(g) };

    let mut out = ptr::null_mut();
    let mut bad = map.clone();
    bad.areas[0].special_vp = 200;
    bad.victory_points = 40;
    let bad = serde_json::to_string(&bad).unwrap();
    // SAFETY: C strings and an out pointer.
    let st = unsafe { catan_game_new_sea_map(c(rules).as_ptr(), c(&bad).as_ptr(), 9, &mut out) };
    assert_eq!(st, catan_status::InvalidMap);
    let detail = last_error_json().to_string();
    assert!(
        detail.contains("special_vp_too_high") && detail.contains("bad_target"),
        "{detail}"
    );
    // SAFETY: as above.
    let st = unsafe { catan_game_new_sea_map(c(rules).as_ptr(), c("{").as_ptr(), 9, &mut out) };
    assert_eq!(st, catan_status::InvalidMap);
    let scenario = r#"{"players": 3, "scenario": "new_shores"}"#;
    // SAFETY: as above.
    let st =
        unsafe { catan_game_new_sea_map(c(scenario).as_ptr(), c(&map_json).as_ptr(), 9, &mut out) };
    assert_eq!(st, catan_status::InvalidRules);
    // SAFETY: as above.
    let st = unsafe { catan_game_new_sea_map(c(rules).as_ptr(), ptr::null(), 9, &mut out) };
    assert_eq!(st, catan_status::NullArgument);
    assert!(out.is_null());
}

#[test]
fn jsettlers_ids_and_pieces_left_from_c() {
    // HexCoord::from_jsettlers / to_jsettlers and Game::pieces_left, from C: 0x0B07 is the
    // New Shores 4-player desert at (1, 5); an even row names no hex; ships (15 each,
    // Seafarers rules, 'Ships') only on open-sea maps.
    let (mut q, mut r, mut id) = (0i8, 0i8, 0u16);
    // SAFETY: valid out pointers.
    unsafe {
        assert_eq!(
            catan_hex_from_jsettlers(0x0B07, &mut q, &mut r),
            catan_status::Ok
        );
        assert_eq!((q, r), (1, 5));
        assert_eq!(catan_hex_to_jsettlers(q, r, &mut id), catan_status::Ok);
        assert_eq!(id, 0x0B07);
        assert_eq!(
            catan_hex_from_jsettlers(0x0A07, &mut q, &mut r),
            catan_status::IdOutOfRange
        );
        assert_eq!((q, r), (1, 5), "outputs written only on success");
        assert_eq!(
            catan_hex_to_jsettlers(0, -1, &mut id),
            catan_status::IdOutOfRange
        );
        assert_eq!(
            catan_hex_from_jsettlers(0x0B07, ptr::null_mut(), &mut r),
            catan_status::NullArgument
        );
    }
    for (rules, ships) in [
        (r#"{"players": 3, "scenario": "new_shores"}"#, 15u8),
        ("{}", 0),
    ] {
        let g = new_game(rules, 4);
        advance(g, 200);
        for seat in 0..engine(g).rules().players {
            let mut left = [0u8; 4];
            let [a, b, cc, d] = &mut left;
            // SAFETY: a live handle and valid out pointers.
            let st = unsafe { catan_game_pieces_left(g, i32::from(seat), a, b, cc, d) };
            assert_eq!(st, catan_status::Ok);
            let (roads, settlements, cities) = engine(g).pieces_on_board(catan_rules::Player(seat));
            let ships_built = (0..engine(g).board().edges().len())
                .filter(|&e| {
                    engine(g).ship(catan_rules::EdgeId(e as u16)) == Some(catan_rules::Player(seat))
                })
                .count() as u8;
            assert_eq!(
                left,
                [15 - roads, 5 - settlements, 4 - cities, ships - ships_built]
            );
        }
        // SAFETY: a live handle; NULL outputs are skipped.
        unsafe {
            let null = ptr::null_mut();
            assert_eq!(
                catan_game_pieces_left(g, 0, null, null, null, null),
                catan_status::Ok
            );
            assert_eq!(
                catan_game_pieces_left(g, 9, null, null, null, null),
                catan_status::NoSuchPlayer
            );
            catan_game_free(g);
        }
    }
}
