//! Reference counts of legal actions, kept as data (STYLE 7, after shakmaty's perft files):
//! `tests/data/legal_counts.txt`.
//!
//! Each line names a position and what is expected there:
//!
//! ```text
//! seed=12 players=4 map=random steps=150 decision=main legal=37 depth2=1234
//! ```
//!
//! * Inputs: `seed`, `players`, `map` (`beginner`, `variable`, `random`) and `steps`;
//!   optionally `chance=external`, `strict=1` (strict phases), `friendly=1` (friendly
//!   robber). Every other rule is the default.
//! * The position: `Game::new(rules, seed)`, then `steps` actions, where action number `i`
//!   (from 0) is `legal[(i * 7919) % legal.len()]` of `Game::legal_actions` in that position.
//!   So the file also pins the map generation, the random generator and the *order* of the
//!   enumeration: a change to any of them moves the positions and needs a regeneration.
//! * Expected: `decision` (the type of `Game::decision`, as in its JSON), `legal` (how many
//!   legal actions), and where the line has it, `depth2` (how many sequences of two legal
//!   actions, i.e. the sum over the legal actions of the legal actions after each).
//!
//! Lines starting with `#` and blank lines are comments. When the enumeration changes on
//! purpose, rewrite the expected values (inputs and comments are kept) with
//!
//! ```sh
//! REGENERATE=1 cargo test --all-features --test reference_counts
//! ```
//!
//! and review the diff. A few counts are also checked by hand below
//! (`hand_checked_counts`), so that the data file is anchored to reasoning, not only to the
//! engine's own output.

use catan_rules::{Action, ChanceMode, Game, MapKind, NodeId, Player, Rules};
use std::fmt::Write as _;
use std::path::PathBuf;

fn data_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/legal_counts.txt")
}

/// The documented rule for walking to a position: action `i` is `legal[(i * 7919) % len]`.
fn walk(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut g = Game::new(rules, seed).expect("playable rules");
    let mut legal = Vec::new();
    for i in 0..steps {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "game over after {i} of {steps} steps");
        let a = legal[(i * 7919) % legal.len()];
        g.apply(a).expect("enumerated actions are legal");
    }
    g
}

/// Number of sequences of two legal actions from `g`.
fn depth2(g: &Game) -> u64 {
    let mut buf = Vec::new();
    g.legal_actions_vec()
        .into_iter()
        .map(|a: Action| {
            let mut h = g.clone();
            h.apply(a).expect("enumerated actions are legal");
            h.legal_actions(&mut buf);
            buf.len() as u64
        })
        .sum()
}

/// The JSON tag of the decision (`"main"`, `"trade_responses"`, ...).
fn decision_name(g: &Game) -> String {
    let v = serde_json::to_value(g.decision()).expect("decisions serialize");
    v["type"].as_str().expect("tagged").to_string()
}

/// One line of the data file as ordered `key=value` pairs.
fn parse(line: &str) -> Vec<(String, String)> {
    line.split_whitespace()
        .map(|kv| {
            let (k, v) = kv
                .split_once('=')
                .unwrap_or_else(|| panic!("`{kv}` is not key=value in `{line}`"));
            (k.to_string(), v.to_string())
        })
        .collect()
}

fn get<'a>(kv: &'a [(String, String)], key: &str) -> Option<&'a str> {
    kv.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn rules_of(kv: &[(String, String)]) -> Rules {
    let map = match get(kv, "map").expect("map") {
        "beginner" => MapKind::Beginner,
        "variable" => MapKind::Variable,
        "random" => MapKind::Random,
        m => panic!("unknown map {m}"),
    };
    Rules {
        players: get(kv, "players").expect("players").parse().unwrap(),
        map,
        chance: match get(kv, "chance") {
            None | Some("seeded") => ChanceMode::Seeded,
            Some("external") => ChanceMode::External,
            Some(c) => panic!("unknown chance {c}"),
        },
        strict_phases: get(kv, "strict") == Some("1"),
        friendly_robber: get(kv, "friendly") == Some("1"),
        ..Rules::default()
    }
}

/// The values measured at the position a line names.
fn measure(kv: &[(String, String)]) -> Vec<(String, String)> {
    let rules = rules_of(kv);
    let seed: u64 = get(kv, "seed").expect("seed").parse().unwrap();
    let steps: usize = get(kv, "steps").expect("steps").parse().unwrap();
    let g = walk(rules, seed, steps);
    let mut out = vec![
        ("decision".to_string(), decision_name(&g)),
        ("legal".to_string(), g.legal_actions_vec().len().to_string()),
    ];
    if get(kv, "depth2").is_some() {
        out.push(("depth2".to_string(), depth2(&g).to_string()));
    }
    out
}

const OUTPUTS: [&str; 3] = ["decision", "legal", "depth2"];

#[test]
fn legal_counts_match_reference() {
    let path = data_file();
    let text = std::fs::read_to_string(&path).expect("tests/data/legal_counts.txt");
    let regenerate = std::env::var_os("REGENERATE").is_some();
    let mut rewritten = String::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (no, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            writeln!(rewritten, "{line}").unwrap();
            continue;
        }
        let kv = parse(trimmed);
        let got = measure(&kv);
        checked += 1;
        let inputs: Vec<String> = kv
            .iter()
            .filter(|(k, _)| !OUTPUTS.contains(&k.as_str()))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let outputs: Vec<String> = got.iter().map(|(k, v)| format!("{k}={v}")).collect();
        writeln!(rewritten, "{} {}", inputs.join(" "), outputs.join(" ")).unwrap();
        for (k, v) in &got {
            if get(&kv, k) != Some(v.as_str()) {
                failures.push(format!(
                    "line {}: `{trimmed}`: {k} is {v}, expected {}",
                    no + 1,
                    get(&kv, k).unwrap_or("(missing)")
                ));
            }
        }
    }
    assert!(checked >= 30, "only {checked} reference lines");
    if regenerate {
        std::fs::write(&path, rewritten).expect("rewrite the reference file");
        eprintln!("rewrote {} ({} changes)", path.display(), failures.len());
    } else {
        assert!(
            failures.is_empty(),
            "{} reference count(s) differ (rerun with REGENERATE=1 if the change is \
             intended):\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

fn players_hand(g: &Game, p: u8) -> [u8; 5] {
    g.hand(Player(p)).0
}

/// Counts worked out by hand from the rules, the board and the hands, then asserted. Each
/// matches a line of the data file.
#[test]
fn hand_checked_counts() {
    let rules = Rules::default();

    // seed=12 steps=0: first set-up settlement on the standard board. All 54 nodes are free
    // and the distance rule excludes nothing yet (Base rules "Set-up Phase"): 54.
    let g = walk(rules, 12, 0);
    assert_eq!(g.board().nodes().len(), 54);
    assert_eq!(g.legal_actions_vec().len(), 54);
    // depth 2: after a settlement on node n the set-up road may go on any of n's edges
    // (docs/rulings.md §8), so the count is the sum of the node degrees = 2 × 72 edges = 144.
    assert_eq!(g.board().edges().len(), 72);
    assert_eq!(depth2(&g), 144);

    // seed=12 steps=1: the walk took legal[0], node 0, a coast corner with 2 edges: 2 roads.
    let g = walk(rules, 12, 1);
    assert_eq!(g.building(NodeId(0)), Some((Player(0), false)));
    assert_eq!(g.board().node(NodeId(0)).edges().count(), 2);
    assert_eq!(g.legal_actions_vec().len(), 2);

    // seed=12 steps=2: second settlement: 54 minus node 0 and its 2 neighbours = 51.
    assert_eq!(g.board().node(NodeId(0)).neighbors().count(), 2);
    assert_eq!(walk(rules, 12, 2).legal_actions_vec().len(), 51);

    // seed=12 steps=16: first roll, seeded chance, nobody holds a development card: the
    // roll is the only action: 1.
    assert_eq!(walk(rules, 12, 16).legal_actions_vec().len(), 1);

    // seed=12 steps=17: player 0 rolled and holds one lumber and a 3:1 harbour. No build is
    // affordable, no maritime trade (3 needed), so: one-for-one offers of the lumber for
    // each of the 4 other resources, and the end of the turn: 4 + 1 = 5.
    let g = walk(rules, 12, 17);
    assert_eq!(players_hand(&g, 0), [0, 1, 0, 0, 0]);
    assert_eq!(g.legal_actions_vec().len(), 5);

    // seed=3 players=3 map=beginner steps=1: player 0 rolled and holds brick, lumber and
    // ore: a road is affordable, a settlement, city and card are not. Offers: 3 resources ×
    // 4 = 12; end turn 1; roads: the beginners' set-up gives two separate settlement+road
    // pairs, each on inland nodes of degree 3, so each pair has 2 free edges at the
    // settlement and 2 at the road's far end: 8. Total 12 + 1 + 8 = 21.
    let beginner3 = Rules {
        players: 3,
        map: MapKind::Beginner,
        ..Rules::default()
    };
    let g = walk(beginner3, 3, 1);
    assert_eq!(players_hand(&g, 0), [1, 1, 0, 0, 1]);
    let roads = g
        .legal_actions_vec()
        .iter()
        .filter(|a| matches!(a, Action::BuildRoad { .. }))
        .count();
    assert_eq!(roads, 8);
    assert_eq!(g.legal_actions_vec().len(), 21);

    // seed=3 players=3 map=beginner steps=393: player 0 holds lumber 3, wool 3, ore 2 (8 >
    // 7) and must discard 4 (Base rules "Rolling a 7"). Solutions of l + w + o = 4 with
    // l ≤ 3, w ≤ 3, o ≤ 2: o = 0 → l ∈ 1..=3 (3); o = 1 → l ∈ 0..=3 (4); o = 2 → l ∈ 0..=2
    // (3): 10.
    let g = walk(beginner3, 3, 393);
    assert_eq!(players_hand(&g, 0), [0, 3, 3, 0, 2]);
    assert_eq!(g.discards_owed()[0], 4);
    assert_eq!(g.legal_actions_vec().len(), 10);
    // depth 2: every discard leads to the robber move, and the discarder keeps 4 cards so
    // the victims do not change: 10 × the 19 robber moves.
    let after = {
        let mut h = g.clone();
        h.apply(g.legal_actions_vec()[0]).unwrap();
        h.legal_actions_vec().len()
    };
    assert_eq!(after, 19);
    assert_eq!(depth2(&g), 190);

    // seed=5 players=4 map=random steps=733: player 1 holds lumber 2, wool 1, grain 2, ore 3
    // and discards 4: the coefficient of x⁴ in (1+x+x²)(1+x)(1+x+x²)(1+x+x²+x³); the first
    // three factors give 1 + 3x + 5x² + 5x³ + 3x⁴ + x⁵, so 3 + 5 + 5 + 3 = 16.
    let g = walk(rules, 5, 733);
    assert_eq!(players_hand(&g, 1), [0, 2, 1, 2, 3]);
    assert_eq!(g.discards_owed()[1], 4);
    assert_eq!(g.legal_actions_vec().len(), 16);

    // seed=12 steps=60: player 3 moves the robber: 19 land hexes minus the robber's own =
    // 18 moves (docs/rulings.md §10), one more for the one hex with two possible victims: 19.
    let g = walk(rules, 12, 60);
    let land = g.board().land_hexes().count();
    assert_eq!(land, 19);
    let hexes: std::collections::BTreeSet<_> = g
        .legal_actions_vec()
        .iter()
        .map(|a| match a {
            Action::MoveRobber { hex, .. } => *hex,
            _ => panic!("{a:?}"),
        })
        .collect();
    assert_eq!(hexes.len(), 18);
    assert_eq!(g.legal_actions_vec().len(), 19);

    // seed=12 steps=228: player 3 is to roll and holds one Year of Plenty; the bank has at
    // least 2 of every resource. Roll, or the card with any of the C(5+1, 2) = 15 multisets
    // of two resources (Base rules "Development Cards": one card before the roll): 16.
    let g = walk(rules, 12, 228);
    assert_eq!(g.phase(), catan_rules::Phase::Roll);
    assert_eq!(g.development_cards(Player(3)).0 .0, [0, 0, 1, 0, 0]);
    assert!(g.bank().0.iter().all(|&c| c >= 2));
    assert_eq!(g.legal_actions_vec().len(), 16);
    // depth 2: after the card only the roll is left (one card per turn, docs/rulings.md §14), so
    // 15 × 1 plus what follows the roll.
    let mut after_roll = g.clone();
    after_roll
        .apply(Action::Roll {
            player: Player(3),
            dice: None,
        })
        .unwrap();
    assert_eq!(depth2(&g), 15 + after_roll.legal_actions_vec().len() as u64);

    // Beginners' map: the printed pieces are placed, so the game starts at player 0's roll
    // (Base rules "Starting Set-up for Beginners"). With external chance every ordered pair
    // of dice is an action: 6 × 6 = 36.
    let external = Rules {
        players: 4,
        chance: ChanceMode::External,
        ..beginner3
    };
    assert_eq!(walk(external, 1, 0).legal_actions_vec().len(), 36);
}
