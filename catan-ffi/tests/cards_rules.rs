//! Card Game rules out of range through C: `catan_cards_new` answers `INVALID_RULES` with
//! the typed error and writes no handle (docs/cards.md, "Rules").

mod common;

use catan::cards::*;
use catan::*;
use common::*;
use std::ptr;

#[test]
fn rules_out_of_range_are_invalid_rules() {
    for (rules, kind) in [
        (r#"{"vp_target": 0}"#, "vp_target"),
        (r#"{"vp_target": 255}"#, "vp_target"),
        (r#"{"hand_limit": 0}"#, "hand_limit"),
    ] {
        let mut g = ptr::null_mut();
        // SAFETY: a valid C string and out pointer.
        let st = unsafe { catan_cards_new(c(rules).as_ptr(), 1, &mut g) };
        assert_eq!(st, catan_status::InvalidRules, "{rules}: {}", last_error());
        assert!(g.is_null());
        assert_eq!(
            last_error_json()["error"]["type"],
            kind,
            "{}",
            last_error_json()
        );
    }
    let mut g = ptr::null_mut();
    // SAFETY: as above; the handle is freed below.
    let st = unsafe {
        catan_cards_new(
            c(r#"{"vp_target": 14, "hand_limit": 7}"#).as_ptr(),
            1,
            &mut g,
        )
    };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    // SAFETY: a live handle from `catan_cards_new`.
    unsafe { catan_cards_free(g) };
}
