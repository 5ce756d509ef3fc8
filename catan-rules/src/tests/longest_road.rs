//! Longest Road: Base rules "Longest Road" (with the broken-road special case and
//! Illustration I), "Road"; Clarifications "Longest Route"; docs/rulings.md §15.

use super::*;
use crate::game::{ROAD_COST, SETTLEMENT_COST};

fn lr_events(ev: &[Event]) -> Vec<Event> {
    ev.iter()
        .copied()
        .filter(|e| matches!(e, Event::LongestRoadChanged { .. }))
        .collect()
}

fn changed(from: Option<Player>, to: Option<Player>, length: u8) -> Event {
    Event::LongestRoadChanged { from, to, length }
}

/// `breaker` builds a road on the spur at `path[k]` (placed directly) and then, on its own
/// turn, a settlement at `path[k]` through `apply`.
fn break_at(pos: &mut Pos, breaker: u8, path: &[NodeId], k: usize) -> Vec<Event> {
    let (e, _) = pos.spur(path, k);
    pos.road(breaker, e).give(breaker, SETTLEMENT_COST);
    pos.set_turn(breaker, Phase::Main);
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: Player(breaker),
            node: path[k],
        },
    )
}

/// p0's road along the top of the middle row, `n` roads long, holding the card.
fn holder_with(n: usize) -> (Pos, Vec<NodeId>) {
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(0, r[0]).path(0, &r[..=n]).holder(Some(0));
    assert_eq!(pos.g.longest_road_of(P0), n as u8);
    (pos, r)
}

#[test]
fn exactly_five_takes_the_card_first_four_does_not() {
    // Base rules "Longest Road": "the first player to build a continuous road of at least 5
    // individual road pieces" takes the card. docs/rulings.md §15.
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(0, r[0]).path(0, &r[..4]); // 3 roads
    pos.give(0, res(2, 2, 0, 0, 0));
    let e4 = pos.edge(r[3], r[4]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e4,
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 4);
    assert_eq!(pos.g.longest_road_holder(), None, "4 is not enough");
    assert!(lr_events(&ev).is_empty());
    let e5 = pos.edge(r[4], r[5]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e5,
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
    assert_eq!(lr_events(&ev), vec![changed(None, Some(P0), 5)]);
    assert_eq!(pos.g.points(P0), 3);
}

#[test]
fn only_the_longest_branch_counts() {
    // Base rules "Longest Road" note: "If your road network branches, you may only count the
    // single longest branch"; Illustration I (branch roads are not counted).
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(0, r[0]).path(0, &r[..5]); // 4 roads
    let (s1, end1) = pos.spur(&r, 2);
    pos.road(0, s1);
    let s2 = pos
        .g
        .board
        .node(end1)
        .edges()
        .find(|&e| pos.g.edges.get(e.index()) == 0)
        .unwrap();
    pos.give(0, ROAD_COST);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: s2,
        },
    );
    assert_eq!(pos.g.pieces_on_board(P0).0, 6);
    assert_eq!(pos.g.longest_road_of(P0), 4);
    assert_eq!(pos.g.longest_road_holder(), None);
}

#[test]
fn a_loop_counts_every_road_once() {
    // docs/rulings.md §15: the longest trail, no road used twice.
    let mut pos = Pos::new(3);
    let ring: Vec<NodeId> = [
        Corner::N,
        Corner::Ne,
        Corner::Se,
        Corner::S,
        Corner::Sw,
        Corner::Nw,
    ]
    .iter()
    .map(|&c| pos.node(DESERT, c))
    .collect();
    pos.settle(0, ring[0]).path(0, &ring); // 5 roads
    pos.give(0, ROAD_COST);
    let close = pos.edge(ring[5], ring[0]);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: close,
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 6);
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
    // A tail of 2 from the loop: around the loop and out = 8.
    let (t1, m) = pos.spur(&ring, 3);
    pos.road(0, t1);
    let t2 = pos
        .g
        .board
        .node(m)
        .edges()
        .find(|&e| pos.g.edges.get(e.index()) == 0)
        .unwrap();
    pos.road(0, t2);
    assert_eq!(pos.g.road_length(0), 8);
}

#[test]
fn taking_the_card_needs_strictly_more() {
    // Base rules "Longest Road": "If another player builds a longer road ... he immediately
    // acquires" it; Clarifications: reaching "the same length ... does not change hands".
    let (mut pos, _r) = holder_with(5);
    let b = pos.bottom_path(2, -2, 0);
    pos.settle(1, b[0]).path(1, &b[..5]); // 4 roads
    pos.set_turn(1, Phase::Main);
    pos.give(1, res(2, 2, 0, 0, 0));
    let e5 = pos.edge(b[4], b[5]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: e5,
        },
    );
    assert_eq!(pos.g.longest_road_of(P1), 5);
    assert_eq!(pos.g.longest_road_holder(), Some(P0), "a tie keeps it");
    assert!(lr_events(&ev).is_empty());
    let e6 = pos.edge(b[5], b[6]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P1,
            edge: e6,
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P1));
    assert_eq!(lr_events(&ev), vec![changed(Some(P0), Some(P1), 6)]);
    assert_eq!(pos.g.points(P0), 1);
    assert_eq!(pos.g.points(P1), 3);
}

#[test]
fn road_capped_by_an_opponents_building_counts_up_to_it_but_not_through() {
    // Base rules "Longest Road": breaking a road with a settlement; docs/rulings.md §15: "a trail may
    // end at an opponent's building but not pass through it".
    let (mut pos, r) = holder_with(7);
    let ev = break_at(&mut pos, 1, &r, 5);
    // R0..R5 = 5 (ending at p1's settlement), R5..R7 = 2: not 7.
    assert_eq!(pos.g.longest_road_of(P0), 5);
    assert_eq!(pos.g.road_length(0), 5);
    assert_eq!(pos.g.longest_road_holder(), Some(P0), "still 5 and longest");
    assert!(lr_events(&ev).is_empty());
    // A road built up to an opponent's settlement counts that last piece too.
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(1, r[5]).settle(0, r[0]).path(0, &r[..5]);
    pos.give(0, ROAD_COST);
    let last = pos.edge(r[4], r[5]);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: last,
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 5);
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
}

#[test]
fn settlement_at_the_end_of_an_opponents_road_breaks_nothing() {
    // Base rules "Longest Road": only a settlement built on a road breaks it; docs/rulings.md
    // §15: a trail may end at an opponent's building. A settlement where one road of the
    // holder ends leaves every trail as it was (the game does not measure it again).
    let (mut pos, r) = holder_with(7);
    let ev = break_at(&mut pos, 1, &r, 7);
    assert_eq!(pos.g.longest_road_of(P0), 7);
    assert_eq!(pos.g.road_length(0), 7);
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
    assert!(lr_events(&ev).is_empty());
    // One step in, the same settlement breaks the line: 6 and 1.
    let (mut pos, r) = holder_with(7);
    break_at(&mut pos, 1, &r, 6);
    assert_eq!(pos.g.longest_road_of(P0), 6);
    assert_eq!(pos.g.road_length(0), 6);
}

#[test]
fn broken_road_holder_keeps_it_on_a_tie() {
    // Base rules "Longest Road", Special Case: "If your longest road is broken and you are
    // tied for longest road, you still keep the Longest Road card". docs/rulings.md §15.
    let (mut pos, r) = holder_with(8);
    let t = pos.top_path(2, -2, 0);
    pos.settle(2, t[0]).path(2, &t[..6]); // p2: 5
    let ev = break_at(&mut pos, 1, &r, 5);
    assert_eq!(pos.g.longest_road_of(P0), 5);
    assert_eq!(pos.g.longest_road_of(P2_), 5);
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
    assert!(lr_events(&ev).is_empty());
}

#[test]
fn broken_road_set_aside_when_others_tie_then_returns_to_one_strictly_longest() {
    // Base rules "Longest Road", Special Case: "if you no longer have the longest road, but
    // two or more players tie for the new longest road, set the Longest Road card aside
    // ... The Longest Road card comes into play again when only 1 player has the longest
    // road (of at least 5 road pieces)". docs/rulings.md §15.
    let (mut pos, r) = holder_with(7);
    let b = pos.bottom_path(2, -2, 0);
    let t = pos.top_path(2, -2, 0);
    pos.settle(1, b[6]).path(1, &b[..6]); // p1: 5
    pos.settle(2, t[0]).path(2, &t[..6]); // p2: 5
    let ev = break_at(&mut pos, 1, &r, 4);
    assert_eq!(pos.g.longest_road_of(P0), 4);
    assert_eq!(pos.g.longest_road_holder(), None, "set aside");
    assert_eq!(lr_events(&ev), vec![changed(Some(P0), None, 0)]);
    assert_eq!(pos.g.points(P0), 1);
    assert_eq!(pos.g.points(P1), 2);
    // p2 builds a sixth road: exactly one player is longest again.
    pos.set_turn(2, Phase::Main);
    pos.give(2, ROAD_COST);
    let e = pos.edge(t[5], t[6]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P2_,
            edge: e,
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P2_));
    assert_eq!(lr_events(&ev), vec![changed(None, Some(P2_), 6)]);
}

#[test]
fn broken_road_set_aside_when_nobody_has_five_then_returns() {
    // Base rules "Longest Road", Special Case: "Do the same if no one has a 5+ segment road."
    let (mut pos, r) = holder_with(6);
    let ev = break_at(&mut pos, 1, &r, 3);
    assert_eq!(pos.g.longest_road_of(P0), 3);
    assert_eq!(pos.g.longest_road_holder(), None);
    assert_eq!(lr_events(&ev), vec![changed(Some(P0), None, 0)]);
    // p0 extends R3..R6 to R3..R8: back at 5, the only one.
    pos.set_turn(0, Phase::Main);
    pos.give(0, res(2, 2, 0, 0, 0));
    let e7 = pos.edge(r[6], r[7]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e7,
        },
    );
    assert_eq!(pos.g.longest_road_holder(), None, "4 is not enough");
    assert!(lr_events(&ev).is_empty());
    let e8 = pos.edge(r[7], r[8]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e8,
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
    assert_eq!(lr_events(&ev), vec![changed(None, Some(P0), 5)]);
}

#[test]
fn broken_road_passes_to_the_one_strictly_longest() {
    // Base rules "Longest Road" example (Illustration I): Coleman's settlement breaks
    // Emily's road and "Emily must give the special card to Coleman".
    let (mut pos, r) = holder_with(7);
    let b = pos.bottom_path(2, -2, 0);
    pos.settle(1, b[6]).path(1, &b); // p1: 6
    let ev = break_at(&mut pos, 1, &r, 4);
    assert_eq!(pos.g.longest_road_holder(), Some(P1));
    assert_eq!(lr_events(&ev), vec![changed(Some(P0), Some(P1), 6)]);
    assert_eq!(pos.g.points(P1), 2 + 2);
}

#[test]
fn own_settlement_does_not_break_own_road() {
    // docs/rulings.md §15: only an opponent's building stops a trail.
    let (mut pos, r) = holder_with(6);
    pos.give(0, SETTLEMENT_COST);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: r[3],
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 6);
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
}

#[test]
fn broken_road_tied_below_five_is_set_aside() {
    // Base rules "Longest Road", Special Case: the holder keeps it when tied for longest, but
    // "Do the same [set it aside] if no one has a 5+ segment road" — a tie at 4 is no
    // Longest Road. docs/rulings.md §15.
    let (mut pos, r) = holder_with(6);
    let t = pos.top_path(2, -2, 0);
    pos.settle(2, t[0]).path(2, &t[..5]); // p2: 4
    let ev = break_at(&mut pos, 1, &r, 4);
    assert_eq!(pos.g.longest_road_of(P0), 4);
    assert_eq!(pos.g.longest_road_holder(), None);
    assert_eq!(lr_events(&ev), vec![changed(Some(P0), None, 0)]);
    // p2 reaches 5 first.
    pos.set_turn(2, Phase::Main);
    pos.give(2, ROAD_COST);
    let e = pos.edge(t[4], t[5]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P2_,
            edge: e,
        },
    );
    assert_eq!(lr_events(&ev), vec![changed(None, Some(P2_), 5)]);
}

#[test]
fn a_line_grown_from_its_dead_end_counts_exactly() {
    // Base rules "Longest Road": a continuous road of at least 5 road pieces takes the card;
    // a road built at the dead end of a line lengthens it by one, and a branch counts only
    // where it makes the longest single road (docs/rulings.md §15).
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(0, r[0]).path(0, &r[..4]); // 3 roads
    let (branch, _) = pos.spur(&r, 2);
    pos.road(0, branch);
    assert_eq!(pos.g.longest_road_of(P0), 3);
    for k in 4..=8 {
        pos.give(0, ROAD_COST);
        let edge = pos.edge(r[k - 1], r[k]);
        let ev = ok(&mut pos.g, Action::BuildRoad { player: P0, edge });
        assert_eq!(
            pos.g.longest_road_of(P0),
            k as u8,
            "{k} roads along the line"
        );
        assert_eq!(lr_events(&ev).len(), (k == 5) as usize);
    }
    assert_eq!(pos.g.longest_road_holder(), Some(P0));
}

#[test]
fn a_road_joining_two_lines_counts_both() {
    // Base rules "Longest Road": the longest continuous road counts, so a road that closes
    // the gap between two of a player's roads makes one road of both: 3 roads and 4 roads
    // joined by one are 8, four more than the longest before (docs/rulings.md §15).
    let mut pos = Pos::new(3);
    let r = pos.top_path(0, -2, 2);
    pos.settle(0, r[0]).path(0, &r[..4]); // 3 roads
    pos.settle(0, r[8]).path(0, &r[4..=8]); // 4 roads
    assert_eq!(pos.g.longest_road_of(P0), 4);
    pos.give(0, ROAD_COST);
    let gap = pos.edge(r[3], r[4]);
    let ev = ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: gap,
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 8);
    assert_eq!(lr_events(&ev), vec![changed(None, Some(P0), 8)]);

    // The same gap closed at an opponent's settlement: a road does not run through it
    // (Base rules "Longest Road"), so the two lines stay apart and the longer counts.
    let mut pos = Pos::new(3);
    pos.settle(0, r[0]).path(0, &r[..4]); // 3 roads
    pos.settle(1, r[4]).path(0, &r[4..=8]); // 4 roads, from p1's settlement
    pos.give(0, ROAD_COST);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: gap,
        },
    );
    assert_eq!(pos.g.longest_road_of(P0), 4);
}
