//! The limits the docs state, checked against the engine so that they cannot drift: every
//! row of the limits table in `docs/security.md` ("Inputs that cannot stop a game or its
//! host"), every "(default …; A–B accepted)" of `docs/rulings.md`, and the `validate` table
//! of `Rules`. A row or a statement this test does not know fails it: a new limit needs its
//! check here.

use catan_rules::batch::{batch_threads, Batch, BatchError, MAX_BATCH_GAMES};
use catan_rules::board::{MapError, MAX_AREA_SPECIAL_VP, MAX_EDGES, MAX_HEXES, MAX_NODES};
use catan_rules::error::MAX_ERROR_MESSAGE;
use catan_rules::scenario::Scenario;
use catan_rules::{sim, Game, Rules, RulesError};
use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every number written in `text`, in order: `2^20` as 1,048,576, `4,294,967,295` as one
/// number, and a range `A–B` as its two ends.
fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut n: u64 = 0;
        while i < b.len()
            && (b[i].is_ascii_digit()
                || (b[i] == b','
                    && b.get(i + 1).is_some_and(u8::is_ascii_digit)
                    && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit())))
        {
            if b[i] != b',' {
                n = n * 10 + u64::from(b[i] - b'0');
            }
            i += 1;
        }
        if b.get(i) == Some(&b'^') {
            i += 1;
            let mut e = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                e = e * 10 + u32::from(b[i] - b'0');
                i += 1;
            }
            n = n.pow(e);
        }
        out.push(n);
    }
    out
}

/// The first range `A–B` (en dash) in `text`.
fn range(text: &str) -> (u64, u64) {
    let dash = text
        .find('–')
        .unwrap_or_else(|| panic!("no range in {text:?}"));
    let before = numbers(&text[..dash]);
    let after = numbers(&text[dash..]);
    (*before.last().unwrap(), after[0])
}

fn rules(players: u64, vp_target: u64) -> Rules {
    Rules {
        players: players as u8,
        vp_target: vp_target as u8,
        ..Rules::default()
    }
}

/// `players` in `lo..=hi` is accepted, just outside refused.
fn check_players(lo: u64, hi: u64, what: &str) {
    for p in [lo, hi] {
        assert_eq!(rules(p, 10).validate(), Ok(()), "{what}: {p} players");
    }
    for p in [lo - 1, hi + 1] {
        assert!(
            matches!(rules(p, 10).validate(), Err(RulesError::Players { .. })),
            "{what}: {p} players"
        );
    }
}

/// `vp_target` in `lo..=hi` is accepted in the base game, just outside refused.
fn check_vp_target(lo: u64, hi: u64, what: &str) {
    assert_eq!(hi, u64::from(Rules::MAX_VP_TARGET), "{what}");
    for t in [lo, hi] {
        assert_eq!(rules(4, t).validate(), Ok(()), "{what}: target {t}");
    }
    for t in [lo - 1, hi + 1] {
        assert!(
            matches!(rules(4, t).validate(), Err(RulesError::VpTarget { .. })),
            "{what}: target {t}"
        );
    }
}

#[test]
fn the_security_limits_table_is_what_the_engine_does() {
    let doc = read("docs/security.md");
    let start = doc
        .find("## Inputs that cannot stop a game or its host")
        .expect("the limits section");
    let rows: Vec<&str> = doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| limit |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(rows.len() >= 10, "{rows:?}");
    for row in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (limit, value) = (cells[1], cells[2]);
        let n = numbers(value);
        match limit {
            "`players`" => {
                let (lo, hi) = range(value);
                check_players(lo, hi, row);
                // A scenario: 3–6.
                let (slo, shi) = range(&value[value.find("scenario").unwrap()..]);
                for p in [slo, shi] {
                    let r = Rules {
                        players: p as u8,
                        ..Rules::scenario(Scenario::NewShores)
                    };
                    assert_eq!(r.validate(), Ok(()), "{row}");
                }
                let r = Rules {
                    players: (slo - 1) as u8,
                    ..Rules::scenario(Scenario::NewShores)
                };
                assert!(matches!(
                    r.validate(),
                    Err(RulesError::ScenarioPlayers { .. })
                ));
            }
            "`vp_target`" => {
                let (lo, hi) = range(value);
                check_vp_target(lo, hi, row);
                // "with a scenario 1–15 (…), 1–13 for The Fog Islands with 5 or 6 players"
                let m = numbers(&value[value.find("with a scenario").unwrap()..]);
                let (scenario_hi, fog_hi) = (m[1], m[3]);
                assert_eq!(
                    scenario_hi,
                    u64::from(Rules::MAX_SCENARIO_VP_TARGET),
                    "{row}"
                );
                assert_eq!(
                    fog_hi,
                    u64::from(Rules::MAX_FOG_FIVE_SIX_VP_TARGET),
                    "{row}"
                );
                for (players, s, max) in [
                    (4, Scenario::NewShores, scenario_hi),
                    (6, Scenario::FogIslands, fog_hi),
                ] {
                    let at = |t: u64| Rules {
                        players,
                        vp_target: t as u8,
                        ..Rules::scenario(s)
                    };
                    assert_eq!(at(max).validate(), Ok(()), "{row}");
                    assert!(at(max + 1).validate().is_err(), "{row}");
                }
            }
            "a sea map's `victory_points`" => {
                let (lo, hi) = range(value);
                assert_eq!(hi, u64::from(Rules::MAX_SEA_MAP_VP_TARGET));
                let mut map = Scenario::NewShores.map(3).unwrap();
                for t in [lo, hi] {
                    map.victory_points = t as u8;
                    assert_eq!(map.validate(), Ok(()), "{row}");
                }
                for t in [lo - 1, hi + 1] {
                    map.victory_points = t as u8;
                    let errs = map.validate().unwrap_err().0;
                    assert!(errs.iter().any(|e| matches!(e, MapError::BadTarget { .. })));
                }
            }
            "`discard_limit`" => {
                assert!(value.starts_with("at least"), "{row}");
                assert_eq!(n[0], u64::from(Rules::MIN_DISCARD_LIMIT));
                let at = |d: u64| Rules {
                    discard_limit: d as u8,
                    ..Rules::default()
                };
                assert_eq!(at(n[0]).validate(), Ok(()));
                assert!(matches!(
                    at(n[0] - 1).validate(),
                    Err(RulesError::DiscardLimit { .. })
                ));
            }
            "a string argument (C, Python)" => {
                // 1 MiB; the C and Python constants are checked in their own tests
                // against this value (catan-ffi `CATAN_MAX_INPUT_BYTES`).
                assert!(value.starts_with("1 MiB"), "{row}");
            }
            "games per `simulate`" => {
                assert_eq!(n[0], sim::MAX_GAMES as u64, "{row}");
                assert_eq!(n[1], 1 << 20, "{row}");
                assert!(
                    sim::try_simulate(Rules::default(), sim::MAX_GAMES + 1, 1, 1, false).is_err()
                );
            }
            "games per batch" => {
                assert_eq!(n[0], MAX_BATCH_GAMES as u64, "{row}");
                assert!(matches!(
                    Batch::new(Rules::default(), 1, MAX_BATCH_GAMES + 1, 1),
                    Err(BatchError::TooManyGames { .. })
                ));
            }
            "threads" => {
                assert!(value.contains("clamped"), "{row}");
                assert_eq!(batch_threads(4, 2001), 1);
            }
            "a board" => {
                assert_eq!(
                    (n[0], n[2], n[3]),
                    (MAX_NODES as u64, MAX_EDGES as u64, MAX_HEXES as u64),
                    "{row}"
                );
            }
            "special victory points of a land area (Seafarers boards and sea maps)" => {
                let (lo, hi) = range(value);
                assert_eq!((lo, hi), (0, u64::from(MAX_AREA_SPECIAL_VP)), "{row}");
            }
            "turns" => {
                assert!(value.contains("32 bits"), "{row}");
                assert_eq!(n[1], u64::from(Game::MAX_TURN), "{row}");
            }
            "error messages" => {
                assert_eq!(n[0], MAX_ERROR_MESSAGE as u64, "{row}");
            }
            other => panic!("docs/security.md states a limit this test does not check: {other}"),
        }
    }
}

#[test]
fn the_ranges_the_rulings_and_the_rules_docs_state_are_accepted() {
    // docs/rulings.md: "Option: `name` (default D; A–B accepted …)".
    let doc = read("docs/rulings.md");
    let mut seen = Vec::new();
    for (at, _) in doc.match_indices(" accepted") {
        let before = &doc[..at];
        // Only a range's "A–B accepted", not the word in prose.
        if !before.ends_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let open = before
            .rfind("(default")
            .expect("a default before 'accepted'");
        let name_end = before[..open].rfind('`').unwrap();
        let name_start = before[..name_end].rfind('`').unwrap() + 1;
        let name = &before[name_start..name_end];
        let (lo, hi) = range(&before[open..]);
        match name {
            "players" => check_players(lo, hi, name),
            "vp_target" => check_vp_target(lo, hi, name),
            other => panic!("docs/rulings.md states a range this test does not check: {other}"),
        }
        seen.push(name.to_owned());
    }
    seen.sort();
    assert_eq!(seen, ["players", "vp_target"]);
    // The `Rules::validate` table (its rustdoc, shown on docs.rs).
    let src = read("catan-rules/src/rules.rs");
    let row = src
        .lines()
        .find(|l| l.trim_start().starts_with("/// | `players` |"))
        .unwrap();
    let (lo, hi) = range(row);
    check_players(lo, hi, row);
    let row = src
        .lines()
        .find(|l| l.trim_start().starts_with("/// | `vp_target` |"))
        .unwrap();
    let (lo, hi) = range(row.replace(" to ", "–").as_str());
    check_vp_target(lo, hi, row);
}
