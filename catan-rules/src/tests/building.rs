//! Building: Base rules "Build", "Roads", "Settlements", "Distance Rule", "Cities",
//! "Building Costs Cards", "Development Cards" (buying); 3D rules "Road"; docs/rulings.md §12, 13.

use super::*;
use crate::game::{CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST};
use crate::types::Piece;

/// p0 settlement at the desert's N corner with one road going to the desert's NE corner.
fn start() -> (Pos, NodeId, NodeId) {
    let mut pos = Pos::new(3);
    let a = pos.node(DESERT, Corner::N);
    let b = pos.node(DESERT, Corner::Ne);
    pos.settle(0, a);
    let e = pos.edge(a, b);
    pos.road(0, e);
    (pos, a, b)
}

#[test]
fn costs_are_the_building_costs_card() {
    // Base rules "Build": road brick+lumber; settlement brick, lumber, wool, grain; city 3
    // ore + 2 grain; development card ore, wool, grain.
    assert_eq!(ROAD_COST, res(1, 1, 0, 0, 0));
    assert_eq!(SETTLEMENT_COST, res(1, 1, 1, 1, 0));
    assert_eq!(CITY_COST, res(0, 0, 0, 2, 3));
    assert_eq!(DEV_CARD_COST, res(0, 0, 1, 1, 1));
}

#[test]
fn road_must_connect_and_is_paid_for() {
    // Base rules "Road": "A new road must always connect to 1 of your existing roads,
    // settlements, or cities. Only 1 road can be built on any given path."
    let (mut pos, a, b) = start();
    let far = pos.side(M8, Side::E);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: far,
        },
        RuleError::NotEnoughResources { need: ROAD_COST },
    );
    pos.give(0, res(2, 2, 0, 0, 0));
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: far,
        },
        RuleError::RoadNotConnected { edge: far },
    );
    let taken = pos.edge(a, b);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: taken,
        },
        RuleError::EdgeOccupied { edge: taken },
    );
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: EdgeId(999),
        },
        RuleError::NoSuchEdge { edge: EdgeId(999) },
    );
    audit(&pos.g);
    // From the road's end, and from the settlement.
    let c = pos.node(DESERT, Corner::Se);
    let from_road = pos.edge(b, c);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: from_road,
        },
    );
    let from_settlement = pos.edge(a, pos.node(DESERT, Corner::Nw));
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: from_settlement,
        },
    );
    assert!(pos.g.hand(P0).is_empty());
    assert_eq!(pos.g.pieces_on_board(P0).0, 3);
    assert_cards_conserved(&pos.g);
}

#[test]
fn no_road_onward_through_an_opponents_building() {
    // 3D rules "Road", Clarifications "Roads may not be built past another player's settlement
    // or city"; Base rules "Roads" example K (the path outlined in red); docs/rulings.md §12.
    let (mut pos, _a, b) = start();
    let c = pos.node(DESERT, Corner::Se);
    let bc = pos.edge(b, c);
    pos.road(0, bc);
    pos.settle(1, c); // p1 settles on the open end of p0's road (two steps from p0's)
    pos.give(0, res(1, 1, 0, 0, 0));
    let d = pos.node(DESERT, Corner::S);
    let onward = pos.edge(c, d);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: onward,
        },
        RuleError::RoadNotConnected { edge: onward },
    );
    // The third path at c is blocked too.
    let third = pos
        .g
        .board
        .node(c)
        .edges()
        .find(|&e| e != onward && pos.g.edges.get(e.index()) == 0)
        .unwrap();
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: third,
        },
        RuleError::RoadNotConnected { edge: third },
    );
    audit(&pos.g);
    // p1 may build from its own settlement there.
    let mut pos = pos.turn(1, Phase::Main);
    pos.give(1, res(1, 1, 0, 0, 0));
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: onward,
        },
    );
}

#[test]
fn settlement_needs_own_road_and_distance_rule() {
    // Base rules "Settlements": (1) connect to one of your own roads, (2) the Distance Rule;
    // "Distance Rule": none of the 3 adjacent intersections occupied, "even yours".
    let (mut pos, a, b) = start();
    pos.give(0, res(2, 2, 2, 2, 0));
    // b is next to a: distance rule (own settlement counts).
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: b,
        },
        RuleError::DistanceRule { node: b },
    );
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: a,
        },
        RuleError::NodeOccupied { node: a },
    );
    let lonely = pos.node(M8, Corner::Se);
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: lonely,
        },
        RuleError::SettlementNotConnected { node: lonely },
    );
    // An opponent's road does not connect.
    let c = pos.node(DESERT, Corner::Se);
    let d = pos.node(DESERT, Corner::S);
    let e = pos.edge(c, d);
    pos.road(1, e);
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: c,
        },
        RuleError::SettlementNotConnected { node: c },
    );
    audit(&pos.g);
    // Two roads out: c is two steps from a.
    let bc = pos.edge(b, c);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: bc,
        },
    );
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: c,
        },
    );
    assert_eq!(pos.g.pieces_on_board(P0), (2, 2, 0));
    assert_eq!(pos.g.points(P0), 2);
    assert_eq!(pos.g.hand(P0), res(0, 0, 1, 1, 0));
    assert_cards_conserved(&pos.g);
}

#[test]
fn city_upgrades_own_settlement_returns_it_and_counts_two() {
    // Base rules "Cities": "You can only upgrade an existing settlement ... return the
    // settlement to your supply"; a city is worth 2 victory points.
    let (mut pos, a, b) = start();
    pos.give(0, res(0, 0, 0, 4, 6));
    let p1s = pos.node(M8, Corner::Se);
    pos.settle(1, p1s);
    rejects(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: b,
        },
        RuleError::NotYourSettlement { node: b },
    );
    rejects(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: p1s,
        },
        RuleError::NotYourSettlement { node: p1s },
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: a,
        },
    );
    assert_eq!(pos.g.building(a), Some((P0, true)));
    assert_eq!(pos.g.pieces_on_board(P0), (1, 0, 1));
    assert_eq!(pos.g.points(P0), 2);
    // A city cannot be upgraded again.
    rejects(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: a,
        },
        RuleError::NotYourSettlement { node: a },
    );
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 2, 3));
    assert_cards_conserved(&pos.g);
}

#[test]
fn sixth_settlement_needs_a_city_first() {
    // Base rules "Settlements" note: "If you have built all 5 of your settlements, you must
    // upgrade 1 of your settlements to a city before you can build another"; docs/rulings.md §12.
    let mut pos = Pos::new(3);
    let sites = [
        pos.node(M10, Corner::N),
        pos.node(F9, Corner::Ne),
        pos.node(FI9, Corner::Nw),
        pos.node(M8, Corner::Se),
        pos.node(H5, Corner::S),
    ];
    for n in sites {
        pos.settle(0, n);
    }
    let a = pos.node(DESERT, Corner::N);
    let b = pos.node(DESERT, Corner::Ne);
    let e = pos.edge(a, b);
    pos.road(0, e);
    pos.give(0, res(1, 1, 1, 3, 3));
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: a,
        },
        RuleError::NoPieceLeft {
            piece: Piece::Settlement,
        },
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: sites[0],
        },
    );
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: a,
        },
    );
    assert_eq!(pos.g.pieces_on_board(P0), (1, 5, 1));
}

#[test]
fn piece_limits_15_roads_4_cities() {
    // Base rules "Build": "a maximum of 5 settlements, 4 cities, and 15 roads"; docs/rulings.md §12.
    let mut pos = Pos::new(3);
    let row0 = pos.top_path(0, -2, 2); // 10 roads
    pos.path(0, &row0);
    let row2 = pos.top_path(2, -2, 0); // 6 roads: 16 > 15, leave the last off
    pos.path(0, &row2[..6]);
    assert_eq!(pos.g.pieces_on_board(P0).0, 15);
    pos.give(0, res(1, 1, 0, 0, 0));
    let next = pos.edge(row2[5], row2[6]);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: next,
        },
        RuleError::NoPieceLeft { piece: Piece::Road },
    );
    audit(&pos.g);
    // Cities: 4 on the board, a 5th is refused.
    let mut pos = Pos::new(3);
    for n in [
        pos.node(M10, Corner::N),
        pos.node(F9, Corner::Ne),
        pos.node(FI9, Corner::Nw),
        pos.node(M8, Corner::Se),
    ] {
        pos.city(0, n);
    }
    let fifth = pos.node(H5, Corner::S);
    pos.settle(0, fifth).give(0, res(0, 0, 0, 2, 3));
    rejects(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: fifth,
        },
        RuleError::NoPieceLeft { piece: Piece::City },
    );
    audit(&pos.g);
}

#[test]
fn build_several_in_a_turn() {
    // Base rules "Build": "You can build as many items and buy as many cards as you desire".
    let (mut pos, a, b) = start();
    pos.give(0, res(2, 2, 0, 0, 0));
    let c = pos.node(DESERT, Corner::Se);
    let d = pos.node(DESERT, Corner::Nw);
    let (bc, ad) = (pos.edge(b, c), pos.edge(a, d));
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: bc,
        },
    );
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: ad,
        },
    );
    assert_eq!(pos.g.pieces_on_board(P0).0, 3);
}

#[test]
fn buy_development_card_and_empty_deck() {
    // Base rules "Buying a Development Card": ore, wool, grain; "you cannot buy development
    // cards if the supply is empty"; docs/rulings.md §13 (25 cards: 14/2/2/2/5).
    let mut pos = Pos::new(3);
    assert_eq!(pos.g.deck().0, [14, 2, 2, 2, 5]);
    pos.give(0, res(0, 0, 2, 2, 2));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
    );
    assert_eq!(pos.g.development_cards(P0).1[DevCard::Knight], 1);
    assert_eq!(pos.g.deck()[DevCard::Knight], 13);
    assert_eq!(pos.g.hand(P0), res(0, 0, 1, 1, 1));
    pos.g.deck = crate::types::ByDevCard([0; 5]);
    rejects(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
        RuleError::DeckEmpty,
    );
    audit(&pos.g);
}

#[test]
fn only_the_current_player_builds() {
    // Base rules "Turn Overview": building is part of one's own turn (the Special Build Phase
    // is 5-6 players only).
    let (mut pos, _a, b) = start();
    let p1 = pos.node(M8, Corner::Se);
    pos.settle(1, p1).give(1, res(1, 1, 0, 0, 0));
    let e = pos.g.board.node(p1).edges().next().unwrap();
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: e,
        },
        RuleError::NotYourTurn { player: P1 },
    );
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: Player(3),
            edge: e,
        },
        RuleError::NoSuchPlayer { player: Player(3) },
    );
    let _ = b;
}
