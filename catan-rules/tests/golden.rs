//! A golden game shared by every skin: the events of one seeded game under a fixed choice
//! rule, stored in `tests/data/golden_seed7.jsonl` and replayed by the Python tests too.
//!
//! The game: `{"players": 4, "map": "beginner"}`, seed 7. At step `i` (from 0) the action
//! taken is `legal[(i * 7919) % legal.len()]` of the legal-action list without domestic
//! trade offers (with them this fixed rule keeps offering and withdrawing). Each line is `{"step": i, "action": ..., "events": [...]}`; the game is
//! played to its end, or to [`MAX_STEPS`] steps.
//!
//! `REGENERATE=1 cargo test --test golden` rewrites the file (review the diff!).

use catan_rules::{Action, Game, MapKind, Rules};
use std::path::PathBuf;

const MAX_STEPS: usize = 4000;

fn golden_lines() -> Vec<String> {
    let rules = Rules {
        players: 4,
        map: MapKind::Beginner,
        ..Rules::default()
    };
    let mut game = Game::new(rules, 7).expect("valid rules");
    let mut legal: Vec<Action> = Vec::new();
    let mut lines = Vec::new();
    for step in 0..MAX_STEPS {
        if game.winner().is_some() {
            break;
        }
        game.legal_actions(&mut legal);
        legal.retain(|a| !a.is_trade_offer());
        let action = legal[(step * 7919) % legal.len()];
        let events = game.apply(action).expect("enumerated actions are legal");
        // Written field by field so the keys keep the wire format's order.
        lines.push(format!(
            r#"{{"step":{step},"action":{},"events":{}}}"#,
            serde_json::to_string(&action).unwrap(),
            serde_json::to_string(&events).unwrap()
        ));
    }
    lines
}

#[test]
fn golden_seed7_matches_the_stored_game() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden_seed7.jsonl");
    let lines = golden_lines();
    let mut text = lines.join("\n");
    text.push('\n');
    if std::env::var_os("REGENERATE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with REGENERATE=1 to create it)",
            path.display()
        )
    });
    for (i, (want, got)) in stored.lines().zip(lines.iter()).enumerate() {
        assert_eq!(want, got, "step {i} differs from {}", path.display());
    }
    assert_eq!(
        stored.lines().count(),
        lines.len(),
        "number of steps differs"
    );
}
