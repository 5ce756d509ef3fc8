//! The Fog Islands' discoveries, each test citing its source: Seafarers rules, 'The Fog
//! Islands', docs/rulings.md §39 (our rulings on discoveries) and §26 (chance from outside).

use super::scenarios::{main_phase, printed};
use super::*;
use crate::scenario::Scenario;
use crate::types::Terrain;

/// A piece reaching an unexplored space's corner from a land node of a start area where `p`
/// may settle: the piece (a ship on the printed maps, whose unexplored spaces lie a sea
/// edge off the islands) and that node.
fn piece_into_fog(g: &Game, p: Player) -> (Action, NodeId) {
    for (i, e) in g.board.edges().iter().enumerate() {
        let [a, b] = e.nodes;
        for from in [a, b] {
            if g.board.node_fog(a) | g.board.node_fog(b) != 0
                && g.board.in_start_area(from)
                && g.board.node(from).on_land()
                && g.check_settlement_site(p.0, from, true).is_ok()
            {
                let edge = EdgeId(i as u16);
                let a = if e.touches_sea() {
                    Action::BuildShip { player: p, edge }
                } else {
                    Action::BuildRoad { player: p, edge }
                };
                return (a, from);
            }
        }
    }
    panic!("nothing reaches the fog");
}

fn edge_of(a: Action) -> EdgeId {
    match a {
        Action::BuildRoad { edge, .. } | Action::BuildShip { edge, .. } => edge,
        _ => unreachable!(),
    }
}

fn pay_for(g: &mut Game, p: u8, a: Action) {
    let cost = match a {
        Action::BuildRoad { .. } => crate::game::ROAD_COST,
        _ => crate::game::SHIP_COST,
    };
    g.bank.sub(&cost);
    g.seats[p as usize].hand.add(&cost);
}

fn discoveries(ev: &[Event]) -> Vec<(HexId, Terrain, Option<u8>, Option<Resource>)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::HexDiscovered {
                hex,
                terrain,
                number,
                resource,
                ..
            } => Some((hex, terrain, number, resource)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_road_reaching_unexplored_spaces_discovers_each_once_from_the_top_of_the_stacks() {
    // Seafarers rules, 'The Fog Islands': a road or ship touching a corner of an unexplored
    // space discovers it — the top hex of the stack is laid there, land takes the top
    // number token and pays its discoverer one resource of its kind; docs/rulings.md §39:
    // each newly reached space once, in hex-id order.
    for seed in 0..12 {
        let mut g = Game::new(
            Rules {
                players: 3,
                map: MapKind::Beginner,
                ..Rules::scenario(Scenario::FogIslands)
            },
            seed,
        )
        .unwrap();
        main_phase(&mut g, 0);
        let (piece, from) = piece_into_fog(&g, P0);
        let edge = edge_of(piece);
        g.put_settlement(0, from);
        pay_for(&mut g, 0, piece);
        let reached = {
            let [a, b] = g.board.edge(edge).nodes;
            g.board.node_fog(a) | g.board.node_fog(b)
        };
        let spaces: Vec<HexId> = g
            .unexplored()
            .enumerate()
            .filter(|(i, _)| reached >> i & 1 != 0)
            .map(|(_, h)| h)
            .collect();
        let mut stack: Vec<Terrain> = g.fog.terrain_stack().collect();
        let mut numbers: Vec<u8> = g.fog.number_stack().collect();
        let hand = g.hand(P0);
        let ev = ok(&mut g, piece);
        let found = discoveries(&ev);
        assert_eq!(found.len(), spaces.len(), "one discovery per space reached");
        let mut gained = Resources::EMPTY;
        for (k, &(hex, terrain, number, resource)) in found.iter().enumerate() {
            assert_eq!(hex, spaces[k]);
            assert_eq!(terrain, stack.remove(0), "the top hex");
            let info = g.board.hex(hex);
            assert_eq!((info.terrain, info.number), (terrain, number));
            if terrain.resource().is_some() || terrain == Terrain::Gold {
                assert_eq!(number, Some(numbers.remove(0)), "the top number");
            } else {
                assert_eq!(number, None);
            }
            assert_eq!(
                resource,
                terrain.resource(),
                "land pays one of its resource"
            );
            if let Some(r) = resource {
                gained[r] += 1;
            }
        }
        let mut expect = hand;
        expect.sub(&match piece {
            Action::BuildRoad { .. } => ROAD_COST_,
            _ => crate::game::SHIP_COST,
        });
        expect.add(&gained);
        assert_eq!(g.hand(P0), expect);
        assert_cards_conserved(&g);
        // A second piece at the same spaces discovers only what is still unexplored.
        g.bank.sub(&ROAD_COST_);
        g.seats[0].hand.add(&ROAD_COST_);
        g.bank.sub(&crate::game::SHIP_COST);
        g.seats[0].hand.add(&crate::game::SHIP_COST);
        let next = g.board.edge(edge).nodes.iter().flat_map(|&n| {
            g.board
                .node(n)
                .edges()
                .flat_map(|e| {
                    [
                        Action::BuildRoad {
                            player: P0,
                            edge: e,
                        },
                        Action::BuildShip {
                            player: P0,
                            edge: e,
                        },
                    ]
                })
                .collect::<Vec<_>>()
        });
        let next: Vec<Action> = next.filter(|a| g.is_legal(a)).collect();
        if let Some(&a) = next.first() {
            let e = match a {
                Action::BuildRoad { edge, .. } | Action::BuildShip { edge, .. } => edge,
                _ => unreachable!(),
            };
            let [x, y] = g.board.edge(e).nodes;
            let bits = g.board.node_fog(x) | g.board.node_fog(y);
            let newly = g
                .board
                .fog_hexes()
                .iter()
                .enumerate()
                .filter(|(i, h)| bits >> i & 1 != 0 && g.unexplored().any(|u| u == **h))
                .count();
            let ev = ok(&mut g, a);
            assert_eq!(
                discoveries(&ev).len(),
                newly,
                "only spaces not yet discovered"
            );
        }
        assert_cards_conserved(&g);
    }
}

const ROAD_COST_: Resources = crate::game::ROAD_COST;

#[test]
fn external_chance_waits_for_the_referee_to_reveal_the_hex() {
    // Seafarers rules, 'The Fog Islands', with chance from outside (docs/rulings.md §39):
    // the road is built, then the referee supplies the discovered hex and number.
    let mut g = printed(Scenario::FogIslands, 4, ChanceMode::External);
    main_phase(&mut g, 0);
    let (piece, from) = piece_into_fog(&g, P0);
    g.put_settlement(0, from);
    pay_for(&mut g, 0, piece);
    let ev = ok(&mut g, piece);
    assert!(discoveries(&ev).is_empty());
    let (hex, by) = g.reveal_pending().expect("a discovery waits");
    assert_eq!(by, P0);
    assert_eq!(
        g.decision(),
        crate::game::Decision::Reveal { player: P0, hex }
    );
    assert_eq!(
        g.to_act(),
        crate::types::PlayerSet::EMPTY,
        "the referee acts, no seat"
    );
    // Nothing else is legal meanwhile, and the seats list nothing.
    let end = Action::EndTurn { player: P0 };
    rejects(&mut g, end, RuleError::RevealPending { hex });
    let legal = g.legal_actions_vec();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|a| matches!(a, Action::RevealHex { .. })));
    let mut mine = Vec::new();
    g.legal_actions_for(P0, &mut mine);
    assert!(mine.is_empty());
    let pick = Action::RevealHex {
        player: P0,
        hex,
        terrain: Terrain::Pasture,
        number: Some(5),
    };
    assert_eq!(g.check_as(P0, &pick), Err(RuleError::RevealPending { hex }));
    // Outcomes the stacks cannot give are refused.
    rejects(
        &mut g,
        Action::RevealHex {
            player: P0,
            hex,
            terrain: Terrain::Desert,
            number: None,
        },
        RuleError::ImpossibleOutcome {
            reason: "that hex is not left in the face-down stack",
        },
    );
    rejects(
        &mut g,
        Action::RevealHex {
            player: P0,
            hex,
            terrain: Terrain::Pasture,
            number: None,
        },
        RuleError::ImpossibleOutcome {
            reason:
                "a producing hex takes a number token left in the face-down stack, any other none",
        },
    );
    let wool = g.hand(P0)[Resource::Wool];
    let ev = ok(&mut g, pick);
    assert_eq!(
        discoveries(&ev),
        vec![(hex, Terrain::Pasture, Some(5), Some(Resource::Wool))]
    );
    assert_eq!(g.hand(P0)[Resource::Wool], wool + 1);
    assert_eq!(g.board.hex(hex).terrain, Terrain::Pasture);
    assert!(!g.unexplored().any(|h| h == hex));
}

#[test]
fn views_never_show_the_face_down_stacks() {
    // Seafarers rules, 'The Fog Islands': the stacks lie face down; a view shows the
    // unexplored spaces as sea and the stacks as counts only.
    let g = printed(Scenario::FogIslands, 3, ChanceMode::Seeded);
    let view = g.view(Some(P0));
    assert_eq!(view.unexplored.len(), 12);
    assert_eq!(view.fog_stacks_left, Some([12, 10]));
    for h in &view.unexplored {
        assert_eq!(view.board.hexes[h.index()].terrain, Terrain::Sea);
    }
    let mut pos = g.to_position();
    pos.fog.as_mut().unwrap().hexes.reverse();
    pos.fog.as_mut().unwrap().numbers.reverse();
    let other = Game::from_position(pos).unwrap();
    assert_ne!(other, g);
    for seat in [None, Some(P0), Some(P1), Some(P2_)] {
        assert_eq!(other.view(seat), g.view(seat));
    }
}

#[test]
fn set_up_discoveries_pay_unless_the_option_says_otherwise() {
    // docs/rulings.md §39: a set-up road or ship discovers and pays like any other; with
    // `fog_setup_unpaid` (older rules) it discovers without paying.
    for unpaid in [false, true] {
        let mut paid = 0;
        let mut found = 0;
        for seed in 0..8 {
            let mut g = Game::new(
                Rules {
                    players: 3,
                    fog_setup_unpaid: unpaid,
                    ..Rules::scenario(Scenario::FogIslands)
                },
                seed,
            )
            .unwrap();
            let (piece, from) = piece_into_fog(&g, P0);
            ok(
                &mut g,
                Action::BuildSettlement {
                    player: P0,
                    node: from,
                },
            );
            let ev = ok(&mut g, piece);
            for (_, t, _, r) in discoveries(&ev) {
                found += 1;
                if t.resource().is_some() {
                    paid += usize::from(r.is_some());
                    assert_eq!(r.is_some(), !unpaid);
                }
            }
            assert_cards_conserved(&g);
        }
        assert!(found > 0);
        if !unpaid {
            assert!(paid > 0);
        }
    }
}

#[test]
fn a_search_sample_reshuffles_the_face_down_stacks() {
    // Seafarers rules, 'The Fog Islands': the stacks lie face down, so a seat's sample of
    // the game (determinization) keeps their contents and draws their order afresh; two
    // games that differ only in that order give the same sample.
    let g = printed(Scenario::FogIslands, 3, ChanceMode::Seeded);
    let mut pos = g.to_position();
    pos.fog.as_mut().unwrap().hexes.reverse();
    let other = Game::from_position(pos).unwrap();
    let a = g.resample_hidden(P1, &mut Rng::new(9));
    let b = other.resample_hidden(P1, &mut Rng::new(9));
    assert_eq!(a, b);
    assert_eq!(a.view(Some(P1)), g.view(Some(P1)));
    let sorted = |g: &Game| {
        let mut t: Vec<Terrain> = g.fog.terrain_stack().collect();
        t.sort();
        t
    };
    assert_eq!(sorted(&a), sorted(&g));
    let orders: HashSet<Vec<Terrain>> = (0..8)
        .map(|s| {
            g.resample_hidden(P1, &mut Rng::new(s))
                .fog
                .terrain_stack()
                .collect()
        })
        .collect();
    assert!(orders.len() > 1, "the order is drawn afresh");
}

#[test]
fn a_road_along_an_unexplored_space_discovers_it() {
    // Seafarers rules, 'The Fog Islands': "a road or ship" touching a corner of an unexplored
    // space discovers it. On a map of one's own whose unexplored space borders the island,
    // a road along that border discovers it; the land found pays and turns the coast into
    // an inland edge.
    let map = crate::board::SeaMap::from_json(
        r#"{"victory_points": 10,
            "hexes": [
              {"q": 0, "r": 0, "terrain": "forest", "number": 8},
              {"q": 1, "r": 0, "terrain": "hills", "number": 5},
              {"q": 0, "r": 1, "terrain": "fields", "number": 9},
              {"q": -1, "r": 1, "terrain": "pasture", "number": 4},
              {"q": -1, "r": 0, "terrain": "mountains", "number": 10},
              {"q": 0, "r": -1, "terrain": "pasture", "number": 3},
              {"q": 1, "r": -1, "terrain": "sea"}
            ],
            "fog": {"spaces": [{"q": 2, "r": 0}], "terrains": ["mountains"], "numbers": [6]}}"#,
    )
    .unwrap();
    let rules = Rules {
        players: 2,
        map: MapKind::Beginner,
        chance: ChanceMode::Seeded,
        ..Rules::default()
    };
    let mut g = Game::with_sea_map(rules, &map, 1).unwrap();
    main_phase(&mut g, 0);
    let fog = g.board.fog_hexes()[0];
    let hills = g.board.hex_at(HexCoord::new(1, 0)).unwrap();
    // The west side of the unexplored space is the hills' east side: a coast.
    let edge = g.board.edge_at(HexCoord::new(1, 0), Side::E).unwrap();
    assert!(g.board.edge(edge).touches_land() && g.board.edge(edge).touches_sea());
    let [a, _] = g.board.edge(edge).nodes;
    g.put_settlement(0, a);
    g.bank.sub(&ROAD_COST_);
    g.seats[0].hand.add(&ROAD_COST_);
    let ore = g.hand(P0)[Resource::Ore];
    let ev = ok(&mut g, Action::BuildRoad { player: P0, edge });
    assert_eq!(
        discoveries(&ev),
        vec![(fog, Terrain::Mountains, Some(6), Some(Resource::Ore))]
    );
    assert_eq!(g.hand(P0)[Resource::Ore], ore + 1);
    assert!(g.board.edge(edge).is_inland(), "the coast became inland");
    assert_eq!(g.board.hex(fog).number, Some(6));
    assert!(
        g.board.hexes_with_number(6).contains(&fog),
        "the new hex produces"
    );
    assert!(g.board.hex(hills).terrain.is_land());
    assert_eq!(g.unexplored().count(), 0);
}
