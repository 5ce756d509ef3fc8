//! The beginners' map: Base rules "Starting Set-up for Beginners", Illustration A and the
//! Game Overview; the printed beginners' map (Base rules, Illustration A) (terrain, tokens, harbours, printed pieces).

use super::*;
use crate::types::{Harbor, Terrain};

fn beginner_game(players: u8) -> Game {
    Game::new(rules(players), 7).expect("beginner game")
}

#[test]
fn beginner_terrain_and_numbers_match_facts_1_1() {
    // the printed beginners' map (Base rules, Illustration A): rows M10 P2 F9 / Fi12 H6 P4 H10 / Fi9 F11 D F3 M8 / F8 M3 Fi4
    // P5 / H5 Fi6 P11; the robber starts on the desert.
    use Terrain::*;
    let g = beginner_game(4);
    let want = [
        (M10, Mountains, Some(10)),
        (P2, Pasture, Some(2)),
        (F9, Forest, Some(9)),
        (FI12, Fields, Some(12)),
        (H6, Hills, Some(6)),
        (P4, Pasture, Some(4)),
        (H10, Hills, Some(10)),
        (FI9, Fields, Some(9)),
        (F11, Forest, Some(11)),
        (DESERT, Desert, None),
        (F3, Forest, Some(3)),
        (M8, Mountains, Some(8)),
        (F8, Forest, Some(8)),
        (M3, Mountains, Some(3)),
        (FI4, Fields, Some(4)),
        (P5, Pasture, Some(5)),
        (H5, Hills, Some(5)),
        (FI6, Fields, Some(6)),
        (P11, Pasture, Some(11)),
    ];
    for ((q, r), terrain, number) in want {
        let h = g.board.hex_at(HexCoord::new(q, r)).unwrap();
        let info = g.board.hex(h);
        assert_eq!(
            (info.terrain, info.number),
            (terrain, number),
            "hex ({q}, {r})"
        );
    }
    let desert = g.board.hex_at(HexCoord::new(0, 0)).unwrap();
    assert_eq!(g.robber(), Some(desert));
}

#[test]
fn beginner_harbours_match_facts_1_2() {
    // the harbours printed on the 5th-edition frame: the nine harbours and the Game Overview's [E] "at a sheep
    // harbor" (P5's SE corner).
    let pos = Pos::new(4);
    let want = [
        (M10, Corner::N, Corner::Nw, Harbor::Generic),
        (P2, Corner::N, Corner::Ne, Harbor::Grain),
        (H10, Corner::N, Corner::Ne, Harbor::Ore),
        (M8, Corner::Ne, Corner::Se, Harbor::Generic),
        (P5, Corner::Se, Corner::S, Harbor::Wool),
        (FI6, Corner::Se, Corner::S, Harbor::Generic),
        (H5, Corner::S, Corner::Sw, Harbor::Generic),
        (F8, Corner::Nw, Corner::Sw, Harbor::Brick),
        (FI12, Corner::Nw, Corner::Sw, Harbor::Lumber),
    ];
    for (h, a, b, kind) in want {
        for c in [a, b] {
            let n = pos.node(h, c);
            assert_eq!(pos.g.board.node(n).harbor, Some(kind), "{h:?} {c:?}");
        }
    }
    let with_harbour = pos
        .g
        .board
        .nodes()
        .iter()
        .filter(|n| n.harbor.is_some())
        .count();
    assert_eq!(with_harbour, 18);
}

#[test]
fn beginner_four_players_starting_pieces_and_resources() {
    // Base rules Illustration A: "Blue receives 1 brick card, 1 lumber card, and 1 ore card
    // for his leftmost settlement (i.e., his settlement marked with a star)"; "Starting
    // Set-up for Beginners": each player receives the 3 resources from the hexes around the
    // starred settlement. Seats: red, blue, white, orange (layouts.rs; facts §1.3).
    let g = beginner_game(4);
    assert_eq!(g.hand(Player(1)), res(1, 1, 0, 0, 1), "blue");
    assert_eq!(g.hand(Player(0)), res(0, 2, 0, 1, 0), "red: Fi9, F11, F8");
    assert_eq!(g.hand(Player(2)), res(0, 1, 1, 0, 1), "white: F3, M8, P5");
    assert_eq!(
        g.hand(Player(3)),
        res(0, 0, 0, 2, 1),
        "orange: M3, Fi4, Fi6"
    );
    assert_cards_conserved(&g);
    for p in 0..4 {
        assert_eq!(g.pieces_on_board(Player(p)), (2, 2, 0));
        assert_eq!(g.points(Player(p)), 2);
    }
    // "The oldest player takes the first turn and rolls": play begins at once.
    assert_eq!(g.phase(), Phase::Roll);
    assert_eq!(g.turn(), 1);
    audit(&g);
}

#[test]
fn beginner_pieces_obey_the_building_rules() {
    // the pieces printed on Base rules, Illustration A: every printed piece passes the distance rule and every road
    // touches its colour's settlement.
    let g = beginner_game(4);
    for n in 0..g.board.nodes().len() {
        let node = NodeId(n as u8);
        if let Some((p, _)) = g.building(node) {
            for m in g.board.node(node).neighbors() {
                assert_eq!(g.building(m), None, "distance rule at {node}");
            }
            let own_road = g.board.node(node).edges().any(|e| g.road(e) == Some(p));
            assert!(own_road, "{p} settlement {node} has its road");
        }
    }
    // Blue's starred settlement is H5's N corner (F8/M3/H5), red's unstarred M10's SE.
    let pos = Pos::new(4);
    assert_eq!(
        g.building(pos.node(H5, Corner::N)),
        Some((Player(1), false))
    );
    assert_eq!(
        g.building(pos.node(M10, Corner::Se)),
        Some((Player(0), false))
    );
    assert_eq!(
        g.building(pos.node(F3, Corner::Se)),
        Some((Player(2), false))
    );
    assert_eq!(
        g.building(pos.node(F9, Corner::S)),
        Some((Player(3), false))
    );
}

#[test]
fn beginner_roll_of_ten_red_gets_ore_orange_gets_brick() {
    // Base rules Game Overview ¶6: "If a 10 is rolled, the red player receives 1 ore card and
    // the orange player receives 1 brick card"; Base rules, "Game Overview".
    let mut g = beginner_game(4);
    let before: Vec<Resources> = (0..4).map(|p| g.hand(Player(p))).collect();
    ok(&mut g, roll(Player(0), 6, 4));
    let gained = |p: u8| {
        let mut h = g.hand(Player(p));
        h.sub(&before[p as usize]);
        h
    };
    assert_eq!(gained(0), res(0, 0, 0, 0, 1), "red");
    assert_eq!(gained(3), res(1, 0, 0, 0, 0), "orange");
    assert!(gained(1).is_empty() && gained(2).is_empty());
    assert_cards_conserved(&g);
}

#[test]
fn beginner_three_players_leave_out_red() {
    // Base rules "Setting up the Game": "If you are playing a 3-player game, nobody plays the
    // red position"; "remove the red pieces".
    let mut g = beginner_game(3);
    let pos = Pos::new(3);
    assert_eq!(g.building(pos.node(M10, Corner::Se)), None, "no red");
    assert_eq!(g.hand(Player(0)), res(1, 1, 0, 0, 1), "blue now seat 0");
    // On a 10 only orange (seat 2) is paid.
    let before = g.hand(Player(2));
    ok(&mut g, roll(Player(0), 5, 5));
    let mut gained = g.hand(Player(2));
    gained.sub(&before);
    assert_eq!(gained, res(1, 0, 0, 0, 0));
    // Blue, white and orange each started with one ore; nobody takes ore from M10 now.
    assert_eq!(g.bank()[Resource::Ore], 19 - 3);
}

#[test]
fn beginner_overview_white_borders_forest_mountains_pasture() {
    // Base rules Game Overview ¶7: "the white settlement [C] borders on forest, mountains,
    // and pasture".
    let g = beginner_game(4);
    let pos = Pos::new(4);
    let n = pos.node(F3, Corner::Se);
    let mut terrains: Vec<Terrain> = g
        .board
        .node(n)
        .hexes()
        .map(|h| g.board.hex(h).terrain)
        .collect();
    terrains.sort();
    assert_eq!(
        terrains,
        [Terrain::Forest, Terrain::Pasture, Terrain::Mountains]
    );
}

/// The node whose land hexes are exactly `hexes`.
fn node_of(g: &Game, hexes: &[(i8, i8)]) -> NodeId {
    let mut want: Vec<HexId> = hexes
        .iter()
        .map(|&(q, r)| g.board.hex_at(HexCoord::new(q, r)).unwrap())
        .collect();
    want.sort();
    (0..g.board.nodes().len())
        .map(|n| NodeId(n as u8))
        .find(|&n| {
            let mut hs: Vec<HexId> = g.board.node(n).hexes().collect();
            hs.sort();
            hs == want
        })
        .expect("a node at those hexes")
}

/// The edge along the side shared by two land hexes.
fn edge_of(g: &Game, a: (i8, i8), b: (i8, i8)) -> EdgeId {
    let ha = g
        .board
        .hex(g.board.hex_at(HexCoord::new(a.0, a.1)).unwrap());
    let hb = g
        .board
        .hex(g.board.hex_at(HexCoord::new(b.0, b.1)).unwrap());
    let common: Vec<NodeId> = ha.nodes().filter(|n| hb.nodes().any(|m| m == *n)).collect();
    assert_eq!(common.len(), 2);
    g.board.edge_between(common[0], common[1]).unwrap()
}

#[test]
fn beginner_pieces_match_facts_1_3() {
    // the pieces printed on Base rules, Illustration A: every printed settlement (by the hexes at its corner) and road
    // (by the two hexes it lies between), in seat order red, blue, white, orange.
    let g = beginner_game(4);
    let settlements: [(u8, [(i8, i8); 3]); 8] = [
        (0, [M10, P2, H6]),
        (0, [FI9, F11, F8]),
        (1, [FI4, P5, P11]),
        (1, [F8, M3, H5]),
        (2, [FI12, H6, F11]),
        (2, [F3, M8, P5]),
        (3, [F9, P4, H10]),
        (3, [M3, FI4, FI6]),
    ];
    for (p, hexes) in settlements {
        let n = node_of(&g, &hexes);
        assert_eq!(g.building(n), Some((Player(p), false)), "{hexes:?}");
    }
    type Road = (u8, (i8, i8), (i8, i8));
    let roads: [Road; 8] = [
        (0, P2, H6),
        (0, F11, F8),
        (1, FI4, P5),
        (1, M3, H5),
        (2, FI12, F11),
        (2, F3, M8),
        (3, F9, P4),
        (3, FI4, FI6),
    ];
    for (p, a, b) in roads {
        assert_eq!(g.road(edge_of(&g, a, b)), Some(Player(p)), "{a:?}/{b:?}");
    }
    let total_roads: usize = (0..g.board.edges().len())
        .filter(|&e| g.road(EdgeId(e as u16)).is_some())
        .count();
    assert_eq!(total_roads, 8);
}

#[test]
fn beginner_overview_d_and_e_sites() {
    // Base rules Game Overview ¶7: "A settlement at [D] would only harvest ... hills and
    // mountains"; "[E] would only harvest ... pasture. However [E] is also at a sheep
    // harbor" (Base rules, "Game Overview": H10's SE corner and P5's SE corner).
    let pos = Pos::new(4);
    let terr = |n: NodeId| -> Vec<Terrain> {
        let mut v: Vec<Terrain> = pos
            .g
            .board
            .node(n)
            .hexes()
            .map(|h| pos.g.board.hex(h).terrain)
            .filter(|t| *t != Terrain::Sea)
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        terr(pos.node(H10, Corner::Se)),
        [Terrain::Hills, Terrain::Mountains]
    );
    let e = pos.node(P5, Corner::Se);
    assert_eq!(terr(e), [Terrain::Pasture]);
    assert_eq!(pos.g.board.node(e).harbor, Some(Harbor::Wool));
}
