//! Set-up phase: Base rules "Set-up Phase" (rounds one and two), "Distance Rule";
//! docs/rulings.md §8 and 12.

use super::*;
use crate::game::Decision;

/// Eight well-separated set-up sites on the beginners' board, in placement order for four
/// players (0, 1, 2, 3, 3, 2, 1, 0).
fn sites(pos: &Pos) -> [NodeId; 8] {
    [
        pos.node(M10, Corner::N),    // p0, first: ore only
        pos.node(F9, Corner::Ne),    // p1
        pos.node(FI9, Corner::Nw),   // p2
        pos.node(M8, Corner::Se),    // p3
        pos.node(H5, Corner::S),     // p3, second
        pos.node(P11, Corner::Se),   // p2
        pos.node(DESERT, Corner::N), // p1: desert, hills 6, pasture 4
        pos.node(F3, Corner::S),     // p0: forest 3, fields 4, pasture 5
    ]
}

fn first_edge(g: &Game, n: NodeId) -> EdgeId {
    g.board.node(n).edges().next().unwrap()
}

#[test]
fn setup_snake_order_clockwise_then_counter_clockwise() {
    // Base rules "Set-up Phase": round one clockwise, round two counter-clockwise, the
    // starting player places last and then rolls first. docs/rulings.md §8.
    let mut pos = Pos::setup(rules(4));
    let s = sites(&pos);
    let mut order = Vec::new();
    for (i, &n) in s.iter().enumerate() {
        let Decision::SetupSettlement { player, round } = pos.g.decision() else {
            panic!("expected a set-up settlement, got {:?}", pos.g.decision())
        };
        assert_eq!(round, (i / 4) as u8);
        order.push(player.0);
        audit(&pos.g);
        ok(&mut pos.g, Action::BuildSettlement { player, node: n });
        assert_eq!(pos.g.decision(), Decision::SetupRoad { player, node: n });
        audit(&pos.g);
        let e = first_edge(&pos.g, n);
        ok(&mut pos.g, Action::BuildRoad { player, edge: e });
    }
    assert_eq!(order, [0, 1, 2, 3, 3, 2, 1, 0]);
    assert_eq!(pos.g.phase(), Phase::Roll);
    assert_eq!(pos.g.current_player(), P0);
    assert_eq!(pos.g.turn(), 1);
    for p in 0..4 {
        assert_eq!(pos.g.pieces_on_board(Player(p)), (2, 2, 0));
    }
}

#[test]
fn setup_resources_from_second_settlement_only() {
    // Base rules "Set-up Phase", Round Two: "Each player receives his starting resources
    // immediately after building his second settlement"; the desert gives nothing. docs/rulings.md §8.
    let mut pos = Pos::setup(rules(4));
    let s = sites(&pos);
    for (i, &n) in s.iter().enumerate() {
        let player = pos.g.current_player();
        let ev = ok(&mut pos.g, Action::BuildSettlement { player, node: n });
        let starting = ev
            .iter()
            .any(|e| matches!(e, Event::StartingResources { .. }));
        assert_eq!(starting, i >= 4, "only the second settlement pays");
        if i < 4 {
            assert!(
                pos.g.hand(player).is_empty(),
                "first settlement pays nothing"
            );
        }
        let e = first_edge(&pos.g, n);
        ok(&mut pos.g, Action::BuildRoad { player, edge: e });
    }
    // p0: first M10 (ore) paid nothing; second F3/Fi4/P5.
    assert_eq!(pos.g.hand(P0), res(0, 1, 1, 1, 0));
    // p1: desert N = desert, hills 6, pasture 4: one brick, one wool, nothing for the desert.
    assert_eq!(pos.g.hand(P1), res(1, 0, 1, 0, 0));
    // p3: H5 S corner borders hills 5 only.
    assert_eq!(pos.g.hand(P3), res(1, 0, 0, 0, 0));
    assert_cards_conserved(&pos.g);
}

#[test]
fn setup_distance_rule_and_occupied_node() {
    // Base rules "Set-up Phase": "the Distance Rule always applies"; docs/rulings.md §12.
    let mut pos = Pos::setup(rules(3));
    let n = pos.node(DESERT, Corner::N);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: n,
        },
    );
    let e = first_edge(&pos.g, n);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
    );
    let next = pos.node(DESERT, Corner::Ne);
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P1,
            node: next,
        },
        RuleError::DistanceRule { node: next },
    );
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P1,
            node: n,
        },
        RuleError::NodeOccupied { node: n },
    );
    // Two steps away is fine, and needs no road in the set-up phase.
    let far = pos.node(DESERT, Corner::Se);
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P1,
            node: far,
        },
    );
}

#[test]
fn setup_road_touches_the_settlement_just_placed() {
    // Base rules "Set-up Phase": "The second road must attach to the second settlement";
    // docs/rulings.md §8.
    let mut pos = Pos::setup(rules(2));
    let a = pos.node(DESERT, Corner::N);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: a,
        },
    );
    let elsewhere = pos.side(M8, Side::E);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: elsewhere,
        },
        RuleError::SetupRoadNotAtSettlement { node: a },
    );
    // Only the set-up road may follow: no second settlement, no roll.
    let b = pos.node(M8, Corner::Se);
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: b,
        },
        RuleError::WrongPhase {
            action: "build_settlement",
            reason: "waiting for a set-up road",
        },
    );
    rejects(
        &mut pos.g,
        roll(P0, 3, 4),
        RuleError::WrongPhase {
            action: "roll",
            reason: "waiting for a set-up road",
        },
    );
    let ea = first_edge(&pos.g, a);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: ea,
        },
    );
    // p1 places both (2 players: 0, 1, 1, 0).
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P1,
            node: b,
        },
    );
    let eb = first_edge(&pos.g, b);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: eb,
        },
    );
    let c = pos.node(H5, Corner::S);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P1,
            node: c,
        },
    );
    // In round two a road at the *first* settlement is not allowed either.
    let at_first = pos
        .g
        .board
        .node(b)
        .edges()
        .find(|&e| pos.g.edges.get(e.index()) == 0)
        .unwrap();
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: at_first,
        },
        RuleError::SetupRoadNotAtSettlement { node: c },
    );
    audit(&pos.g);
    // Not someone else's placement.
    let ec = first_edge(&pos.g, c);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: ec,
        },
        RuleError::NotYourTurn { player: P0 },
    );
}

#[test]
fn setup_no_turn_actions() {
    // Base rules "Set-up Phase": play starts only after both rounds.
    let mut pos = Pos::setup(rules(3));
    pos.give(0, res(1, 1, 1, 1, 0));
    rejects(
        &mut pos.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "waiting for a set-up settlement",
        },
    );
    rejects(
        &mut pos.g,
        Action::MaritimeTrade {
            player: P0,
            give: Resource::Brick,
            get: Resource::Ore,
            rate: 4,
        },
        RuleError::WrongPhase {
            action: "maritime_trade",
            reason: "waiting for a set-up settlement",
        },
    );
}
