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
