//! The Seafarers scenario layer: start areas, special victory points, targets and the Fog
//! Islands' discoveries. Each test cites its source: Seafarers rules, 'Heading for New
//! Shores', 'The Four Islands', 'The Fog Islands', 'Through the Desert' (the current
//! rulebook; the older New Shores rules for `older_edition`), docs/rulings.md §4 (winning on
//! one's own turn) and §41 (our scenario rulings).

use super::*;
use crate::game::SHIP;
use crate::rules::RulesError;
use crate::scenario::Scenario;
use crate::types::Terrain;
use crate::NewGameError;

/// A game of `scenario` for `players` on the printed map, in the set-up phase.
pub(super) fn printed(scenario: Scenario, players: u8, chance: ChanceMode) -> Game {
    Game::new(
        Rules {
            players,
            map: MapKind::Beginner,
            chance,
            ..Rules::scenario(scenario)
        },
        3,
    )
    .unwrap()
}

/// The index of the area named `name`.
fn area(g: &Game, name: &str) -> usize {
    g.board
        .spec()
        .areas
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("no area {name}"))
}

/// Nodes whose hexes all belong to exactly the areas `mask`.
fn nodes_in(g: &Game, mask: u16) -> Vec<NodeId> {
    (0..g.board.nodes().len())
        .map(|n| NodeId(n as u8))
        .filter(|&n| g.board.node_areas(n) == mask && g.board.node(n).on_land())
        .collect()
}

/// Makes it `p`'s main phase after set-up.
pub(super) fn main_phase(g: &mut Game, p: u8) {
    g.setup_step = 2 * g.rules.players;
    g.turn = 2;
    g.current = p;
    g.phase = Phase::Main;
    g.flags = crate::game::F_ROLLED;
    g.dice = [1, 2];
}

/// Gives `p` a ship on an edge at `node` (so a settlement there is connected) and the
/// cards for a settlement.
fn ready_to_settle(g: &mut Game, p: u8, node: NodeId) {
    let e = g
        .board
        .node(node)
        .edges()
        .find(|&e| g.edges.get(e.index()) == 0 && g.board.edge(e).touches_sea())
        .or_else(|| {
            g.board
                .node(node)
                .edges()
                .find(|&e| g.edges.get(e.index()) == 0)
        })
        .expect("a free edge");
    let ship = g.board.edge(e).touches_sea();
    g.edges
        .set(e.index(), (p + 1) | if ship { SHIP } else { 0 });
    if ship {
        g.seats[p as usize].ships += 1;
    } else {
        g.seats[p as usize].roads += 1;
    }
    let cost = crate::game::SETTLEMENT_COST;
    g.bank.sub(&cost);
    g.seats[p as usize].hand.add(&cost);
}

fn settle(g: &mut Game, p: u8, node: NodeId) -> Vec<Event> {
    ready_to_settle(g, p, node);
    ok(
        g,
        Action::BuildSettlement {
            player: Player(p),
            node,
        },
    )
}

fn special(ev: &[Event]) -> Vec<(Player, u8, u8)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::SpecialVictoryPoints {
                player,
                area,
                points,
            } => Some((player, area, points)),
            _ => None,
        })
        .collect()
}

#[test]
fn new_shores_set_up_goes_on_the_main_island_only() {
    // Seafarers rules, 'Heading for New Shores': the starting settlements go on the main
    // island.
    for players in [3, 4] {
        let mut g = printed(Scenario::NewShores, players, ChanceMode::Seeded);
        let main = 1 << area(&g, "main island");
        let legal = g.legal_actions_vec();
        assert!(!legal.is_empty());
        for a in &legal {
            let Action::BuildSettlement { node, .. } = *a else {
                panic!("{a:?}")
            };
            assert!(
                g.board.node_areas(node) & main != 0,
                "{node} off the main island"
            );
        }
        let island = nodes_in(&g, 1 << area(&g, "north-east island"))[0];
        rejects(
            &mut g,
            Action::BuildSettlement {
                player: P0,
                node: island,
            },
            RuleError::NotStartArea { node: island },
        );
    }
}

/// Nodes of the list pairwise far enough apart for the distance rule, greedily.
fn apart(g: &Game, nodes: &[NodeId], k: usize) -> Vec<NodeId> {
    let mut picked: Vec<NodeId> = Vec::new();
    for &n in nodes {
        let near = |m: NodeId| m == n || g.board.edge_between(m, n).is_some();
        if picked.iter().all(|&m| !near(m)) {
            picked.push(n);
        }
    }
    assert!(
        picked.len() >= k,
        "{} nodes apart, {k} needed",
        picked.len()
    );
    picked.truncate(k);
    picked
}

#[test]
fn new_shores_pays_two_special_points_once_per_island_and_player() {
    // Seafarers rules, 'Heading for New Shores': 2 special victory points for one's first
    // settlement on each small island; each player earns them, whoever came first.
    let mut g = printed(Scenario::NewShores, 4, ChanceMode::External);
    main_phase(&mut g, 0);
    let ne = area(&g, "north-east island");
    let spots = apart(&g, &nodes_in(&g, 1 << ne), 3);
    let ev = settle(&mut g, 0, spots[0]);
    assert_eq!(special(&ev), vec![(P0, ne as u8, 2)]);
    assert_eq!(g.special_victory_points(P0), 2);
    assert_eq!(g.public_points(P0), 1 + 2);
    // Another player's first settlement there pays them too.
    main_phase(&mut g, 1);
    let ev = settle(&mut g, 1, spots[1]);
    assert_eq!(special(&ev), vec![(P1, ne as u8, 2)]);
    // A second settlement on the same island pays nothing.
    main_phase(&mut g, 0);
    let ev = settle(&mut g, 0, spots[2]);
    assert!(special(&ev).is_empty());
    assert_eq!(g.public_points(P0), 2 + 2);
    // A settlement on the main island never pays.
    let m = nodes_in(&g, 1 << area(&g, "main island"))[0];
    assert!(special(&settle(&mut g, 0, m)).is_empty());
    assert_eq!(g.special_victory_points(P0), 2);
    assert_eq!(g.special_victory_points(P1), 2);
    assert_cards_conserved(&g);
}

#[test]
fn older_edition_new_shores_pays_one_point_and_plays_to_thirteen() {
    // The older rules of New Shores: 13 points to win, 1 special victory point per island.
    let r: Rules =
        serde_json::from_str(r#"{"players": 4, "scenario": "new_shores", "older_edition": true}"#)
            .unwrap();
    assert_eq!(r.vp_target, 13);
    let mut g = Game::new(r, 1).unwrap();
    main_phase(&mut g, 0);
    let nw = area(&g, "north-west island");
    let n = nodes_in(&g, 1 << nw)[0];
    assert_eq!(special(&settle(&mut g, 0, n)), vec![(P0, nw as u8, 1)]);
    // Only New Shores has an older edition here.
    let bad = Rules {
        older_edition: true,
        ..Rules::scenario(Scenario::FourIslands)
    };
    assert_eq!(bad.validate(), Err(RulesError::OlderEdition));
}

#[test]
fn four_islands_home_islands_pay_nothing_and_the_others_do() {
    // Seafarers rules, 'The Four Islands': the islands of one's starting settlements are
    // one's home islands; 2 special victory points for one's first settlement on each
    // other island.
    let mut g = printed(Scenario::FourIslands, 4, ChanceMode::External);
    let nw = area(&g, "north-west island");
    let ne = area(&g, "north-east island");
    let home = nodes_in(&g, 1 << nw);
    let spots = apart(&g, &home, 2);
    let (h1, h2) = (spots[0], spots[1]);
    // The set-up settlement makes the north-west island home and pays nothing.
    let ev = ok(
        &mut g,
        Action::BuildSettlement {
            player: P0,
            node: h1,
        },
    );
    assert!(special(&ev).is_empty());
    assert_eq!(g.settled_areas(P0), 1 << nw);
    main_phase(&mut g, 0);
    assert!(special(&settle(&mut g, 0, h2)).is_empty(), "home island");
    let far = nodes_in(&g, 1 << ne)[0];
    assert_eq!(special(&settle(&mut g, 0, far)), vec![(P0, ne as u8, 2)]);
    // Another player, whose home is elsewhere, earns the north-west island.
    main_phase(&mut g, 1);
    let n = home
        .iter()
        .copied()
        .find(|&n| g.check_settlement_site(1, n, true).is_ok())
        .unwrap();
    assert_eq!(special(&settle(&mut g, 1, n)), vec![(P1, nw as u8, 2)]);
}

#[test]
fn through_the_desert_pays_the_strip_beyond_and_not_the_desert_belt() {
    // Seafarers rules, 'Through the Desert': 2 special victory points for one's first
    // settlement in each foreign region — each small island and the strip beyond the
    // deserts; the deserts themselves pay nothing (docs/rulings.md §41: a settlement is in
    // every area whose hex it touches).
    for players in [3, 4] {
        let mut g = printed(Scenario::ThroughTheDesert, players, ChanceMode::External);
        main_phase(&mut g, 0);
        let strip = area(&g, "strip beyond the deserts");
        let belt = area(&g, "desert belt");
        let only_belt = nodes_in(&g, 1 << belt);
        assert!(!only_belt.is_empty());
        assert!(special(&settle(&mut g, 0, only_belt[0])).is_empty());
        assert_eq!(g.settled_areas(P0) & 1 << belt, 1 << belt);
        let strip_node = (0..g.board.nodes().len())
            .map(|n| NodeId(n as u8))
            .find(|&n| {
                g.board.node_areas(n) & 1 << strip != 0
                    && g.check_settlement_site(0, n, true)
                        != Err(RuleError::DistanceRule { node: n })
                    && g.building(n).is_none()
            })
            .unwrap();
        assert_eq!(
            special(&settle(&mut g, 0, strip_node)),
            vec![(P0, strip as u8, 2)]
        );
        // The start area (the main part) does not touch a paying region.
        let main = 1u16 << area(&g, "main island");
        for n in 0..g.board.nodes().len() {
            let m = g.board.node_areas(NodeId(n as u8));
            if m & main != 0 {
                let paying = (0..g.board.area_special_vp().len())
                    .any(|a| m >> a & 1 != 0 && g.board.area_special_vp()[a] > 0);
                assert!(!paying, "node {n} joins the main part to a paying region");
            }
        }
    }
}

#[test]
fn the_scenario_target_wins_on_ones_own_turn_only() {
    // Seafarers rules, 'Heading for New Shores': 14 points win, special victory points
    // included, on one's own turn (as the base game's 10; docs/rulings.md §4).
    let mut g = printed(Scenario::NewShores, 3, ChanceMode::External);
    assert_eq!(g.rules.vp_target, 14);
    main_phase(&mut g, 0);
    // Player 1 holds 14 points during player 0's turn; player 0 has 11.
    g.special_vp[1] = 14;
    g.special_vp[0] = 11;
    let main = nodes_in(&g, 1 << area(&g, "main island"));
    let m = main[0];
    let ev = settle(&mut g, 0, m);
    assert_eq!(g.points(P0), 12);
    assert!(!ev.iter().any(|e| matches!(e, Event::GameWon { .. })));
    assert_eq!(
        g.winner(),
        None,
        "player 1's 14 points do not win on player 0's turn"
    );
    // Player 0's first settlement on an island: 1 + 2 points, 15 — a win at once.
    let isle = nodes_in(&g, 1 << area(&g, "south-east island"))[0];
    let ev = settle(&mut g, 0, isle);
    assert!(ev.contains(&Event::GameWon {
        player: P0,
        points: 15
    }));
    assert_eq!(g.winner(), Some(P0));

    // Points reached on another's turn win when one's own turn starts.
    let mut g = printed(Scenario::NewShores, 3, ChanceMode::External);
    main_phase(&mut g, 0);
    g.special_vp[1] = 14;
    let ev = ok(&mut g, Action::EndTurn { player: P0 });
    assert!(ev.contains(&Event::GameWon {
        player: P1,
        points: 14
    }));
}

#[test]
fn scenario_rules_are_checked() {
    // Seafarers rules: the scenarios' maps are for 3 and 4 players; targets 14, 13, 12, 14.
    for (s, t) in [
        (Scenario::NewShores, 14),
        (Scenario::FourIslands, 13),
        (Scenario::FogIslands, 12),
        (Scenario::ThroughTheDesert, 14),
    ] {
        let r: Rules = serde_json::from_str(&format!(r#"{{"scenario": "{}"}}"#, s.name())).unwrap();
        assert_eq!(r.vp_target, t);
        assert_eq!(r, Rules::scenario(s));
        // A target given in JSON is kept, and the rules round-trip.
        let back: Rules = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
        for players in [2, 7] {
            let bad = Rules {
                players,
                ..Rules::scenario(s)
            };
            assert_eq!(
                Game::new(bad, 1).unwrap_err(),
                NewGameError::Rules(RulesError::ScenarioPlayers {
                    scenario: s,
                    players
                })
            );
        }
    }
    let r: Rules = serde_json::from_str(r#"{"scenario": "fog_islands", "vp_target": 15}"#).unwrap();
    assert_eq!(r.vp_target, 15);
    assert_eq!(r.validate(), Ok(()));
    let too_high = Rules {
        vp_target: Rules::MAX_SCENARIO_VP_TARGET + 1,
        ..Rules::scenario(Scenario::NewShores)
    };
    assert_eq!(
        too_high.validate(),
        Err(RulesError::VpTarget { vp_target: 16 })
    );
    // Without a scenario the base game's limit stands.
    let base = Rules {
        vp_target: 13,
        ..Rules::default()
    };
    assert_eq!(base.validate(), Err(RulesError::VpTarget { vp_target: 13 }));
}

#[test]
fn a_sea_map_of_ones_own_brings_its_areas_and_target() {
    // docs/rulings.md §41: a user's sea map is played with its start areas, special points
    // and target.
    let map = crate::board::SeaMap::from_json(
        r#"{"name": "two isles", "victory_points": 11,
            "hexes": [
              {"q": 0, "r": 0, "terrain": "forest", "number": 8, "area": 0},
              {"q": 1, "r": 0, "terrain": "hills", "number": 5, "area": 0},
              {"q": 0, "r": 1, "terrain": "fields", "number": 9, "area": 0},
              {"q": -1, "r": 1, "terrain": "pasture", "number": 4, "area": 0},
              {"q": 2, "r": 0, "terrain": "sea"},
              {"q": 1, "r": 1, "terrain": "sea"},
              {"q": 3, "r": 0, "terrain": "mountains", "number": 6, "area": 1},
              {"q": 2, "r": 1, "terrain": "mountains", "number": 10, "area": 1}
            ],
            "areas": [{"name": "home", "start": true}, {"name": "ore isle", "special_vp": 3}]}"#,
    )
    .unwrap();
    let rules = Rules {
        players: 2,
        map: MapKind::Beginner,
        ..Rules::default()
    };
    let mut g = Game::with_sea_map(rules, &map, 4).unwrap();
    assert_eq!(g.rules.vp_target, 11);
    let isle = nodes_in(&g, 2)[0];
    rejects(
        &mut g,
        Action::BuildSettlement {
            player: P0,
            node: isle,
        },
        RuleError::NotStartArea { node: isle },
    );
    main_phase(&mut g, 0);
    assert_eq!(special(&settle(&mut g, 0, isle)), vec![(P0, 1, 3)]);
    assert_eq!(
        Game::with_sea_map(Rules::scenario(Scenario::NewShores), &map, 1).unwrap_err(),
        NewGameError::Rules(RulesError::ScenarioAndMap)
    );
}

#[test]
fn bad_areas_and_fog_spaces_are_named() {
    // docs/rulings.md §41: a board's areas hold land hexes of the map, once; unexplored
    // spaces are hexes of an open-sea map, not the pirate's start.
    use crate::board::{BoardArea, BoardError, BoardSpec, HexSpec};
    let hex = |q, r, terrain, number| HexSpec {
        q,
        r,
        terrain,
        number,
    };
    let spec = BoardSpec {
        hexes: vec![
            hex(0, 0, Terrain::Forest, Some(8)),
            hex(1, 0, Terrain::Sea, None),
            hex(2, 0, Terrain::Sea, None),
        ],
        open_sea: true,
        pirate: Some(HexCoord::new(2, 0)),
        areas: vec![BoardArea {
            name: "isle".into(),
            start: false,
            special_vp: 2,
            hexes: vec![HexCoord::new(0, 0), HexCoord::new(1, 0)],
        }],
        fog: vec![HexCoord::new(2, 0), HexCoord::new(5, 5)],
        ..BoardSpec::default()
    };
    let errs = Board::new(spec).unwrap_err().0;
    assert!(errs.contains(&BoardError::BadAreaHex {
        area: 0,
        at: HexCoord::new(1, 0)
    }));
    assert!(errs.contains(&BoardError::NoStartArea));
    assert!(errs.contains(&BoardError::BadFogSpace {
        at: HexCoord::new(2, 0)
    }));
    assert!(errs.contains(&BoardError::BadFogSpace {
        at: HexCoord::new(5, 5)
    }));
}

#[test]
fn points_never_wrap() {
    // A host safety bound, not a rule: boards refuse areas paying more than
    // MAX_AREA_SPECIAL_VP (tests/sea_maps.rs), and points are counted in a wider type, so
    // even a total past u8::MAX (which no valid board reaches) stops there instead of
    // wrapping (a debug build would panic).
    let mut g = printed(Scenario::NewShores, 3, ChanceMode::External);
    main_phase(&mut g, 0);
    g.special_vp[0] = 250;
    let settlements = g.seats[0].settlements;
    assert_eq!(g.public_points(P0), 250 + settlements);
    g.special_vp[0] = u8::MAX;
    assert_eq!(g.public_points(P0), u8::MAX);
    assert_eq!(g.points(P0), u8::MAX);
}
