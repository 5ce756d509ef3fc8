//! Victory: Base rules "Ending the Game", "Victory Points", "Development Cards"
//! (the VP-card exception); Clarifications (winning by breaking a road); docs/rulings.md §3, 4, 5.

use super::*;
use crate::game::{Decision, SETTLEMENT_COST};
use crate::types::PlayerSet;

fn won(ev: &[Event]) -> Option<(Player, u8)> {
    ev.iter().find_map(|e| match *e {
        Event::GameWon { player, points } => Some((player, points)),
        _ => None,
    })
}

/// p0 with 4 cities (8 points) on nodes away from the middle rows.
fn eight_points() -> Pos {
    let mut pos = Pos::new(3);
    for n in [
        pos.node(M10, Corner::N),
        pos.node(F9, Corner::Ne),
        pos.node(M8, Corner::Se),
        pos.node(H5, Corner::S),
    ] {
        pos.city(0, n);
    }
    assert_eq!(pos.g.points(P0), 8);
    pos
}

#[test]
fn ten_points_on_own_turn_wins_at_once() {
    // Base rules "Ending the Game": "If you have—or reach—10 victory points on your turn,
    // the game ends immediately and you win!"; docs/rulings.md §4.
    let mut pos = eight_points();
    let a = pos.node(DESERT, Corner::N);
    let b = pos.node(DESERT, Corner::Ne);
    let c = pos.node(DESERT, Corner::Se);
    pos.settle(0, a)
        .path(0, &[a, b, c])
        .give(0, SETTLEMENT_COST);
    assert_eq!(pos.g.points(P0), 9);
    assert_eq!(pos.g.winner(), None);
    let ev = ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: c,
        },
    );
    assert_eq!(won(&ev), Some((P0, 10)));
    assert_eq!(pos.g.winner(), Some(P0));
    assert_eq!(pos.g.phase(), Phase::GameOver);
    assert_eq!(pos.g.decision(), Decision::GameOver { winner: P0 });
}

#[test]
fn a_victory_point_card_bought_wins_at_once() {
    // Base rules "Development Cards", Exception: "If you buy a card and it is a victory point
    // card that brings you to 10 points, you may immediately reveal this card ... and win";
    // docs/rulings.md §5.
    let mut pos = eight_points();
    let a = pos.node(DESERT, Corner::N);
    pos.settle(0, a).give(0, res(0, 0, 1, 1, 1));
    let ev = ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::VictoryPoint),
        },
    );
    let bought = ev
        .iter()
        .position(|e| matches!(e, Event::DevelopmentCardBought { .. }))
        .unwrap();
    let win = ev
        .iter()
        .position(|e| matches!(e, Event::GameWon { .. }))
        .unwrap();
    assert!(bought < win);
    assert_eq!(pos.g.winner(), Some(P0));
}

#[test]
fn a_knight_resolves_fully_before_the_win() {
    // docs/rulings.md §4: the win is declared "after the action that caused it has fully resolved (a
    // knight's robber move and steal first)"; Base rules "Largest Army".
    let mut pos = eight_points();
    pos.g.seats[0].knights = 2;
    pos.dev(0, DevCard::Knight);
    let v = pos.node(H6, Corner::Ne);
    pos.settle(1, v).give(1, res(0, 0, 0, 0, 1));
    let h6 = pos.hex(H6);
    let ev = ok(
        &mut pos.g,
        Action::PlayKnight {
            player: P0,
            hex: h6,
            victim: Some(P1),
            resource: Some(Resource::Ore),
        },
    );
    let kinds: Vec<&str> = ev
        .iter()
        .map(|e| match e {
            Event::DevelopmentCardPlayed { .. } => "played",
            Event::RobberMoved { .. } => "robber",
            Event::Stole { .. } => "stole",
            Event::LargestArmyChanged { .. } => "army",
            Event::GameWon { .. } => "won",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["played", "robber", "stole", "army", "won"]);
    assert_eq!(won(&ev), Some((P0, 10)));
    assert_eq!(pos.g.robber(), Some(h6));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1), "the steal happened");
    assert!(pos.g.hand(P1).is_empty());
}

#[test]
fn ten_points_reached_off_turn_wins_at_the_start_of_own_turn_not_before() {
    // Base rules "Ending the Game": "If you reach 10 points when it is not your turn, the
    // game continues until any player (including you) has 10 points on his turn";
    // Clarifications: winning by breaking a road; docs/rulings.md §4.
    let mut pos = Pos::new(3);
    // p1 holds Longest Road with 7 along the middle row.
    let r = pos.top_path(0, -2, 2);
    pos.settle(1, r[0]).path(1, &r[..8]).holder(Some(1));
    // p2: a road of 6 and 8 points (3 cities, 1 settlement, 1 hidden VP card).
    let b = pos.bottom_path(2, -2, 0);
    pos.settle(2, b[6]).path(2, &b);
    for n in [
        pos.node(M10, Corner::N),
        pos.node(F9, Corner::Ne),
        pos.node(M8, Corner::Se),
    ] {
        pos.city(2, n);
    }
    pos.dev(2, DevCard::VictoryPoint);
    assert_eq!(pos.g.points(P2_), 8);
    // p0 breaks p1's road: the card passes to p2, who now has 10 on p0's turn.
    let (e, _) = pos.spur(&r, 4);
    pos.road(0, e).give(0, SETTLEMENT_COST);
    let ev = ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: r[4],
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P2_));
    assert_eq!(pos.g.points(P2_), 10);
    assert_eq!(won(&ev), None);
    assert_eq!(pos.g.winner(), None);
    assert_eq!(pos.g.phase(), Phase::Main);
    audit(&pos.g);
    // p1's turn: still no winner.
    let ev = ok(&mut pos.g, Action::EndTurn { player: P0 });
    assert_eq!(won(&ev), None);
    assert_eq!(pos.g.decision(), Decision::Roll { player: P1 });
    ok(&mut pos.g, roll(P1, 1, 1));
    // p2's turn begins: p2 wins before rolling.
    let ev = ok(&mut pos.g, Action::EndTurn { player: P1 });
    assert_eq!(won(&ev), Some((P2_, 10)));
    assert_eq!(pos.g.winner(), Some(P2_));
    assert_eq!(pos.g.dice(), None, "before the roll");
    assert!(matches!(ev.last(), Some(Event::GameWon { .. })));
}

#[test]
fn hidden_victory_point_cards_count_toward_the_win() {
    // Base rules "Ending the Game" example: Siobhán reveals 2 VP cards to reach 10; docs/rulings.md §5.
    let mut pos = Pos::new(3);
    for n in [
        pos.node(M10, Corner::N),
        pos.node(F9, Corner::Ne),
        pos.node(M8, Corner::Se),
        pos.node(H5, Corner::S),
    ] {
        pos.city(1, n);
    }
    pos.dev(1, DevCard::VictoryPoint)
        .dev(1, DevCard::VictoryPoint);
    assert_eq!(pos.g.public_points(P1), 8);
    assert_eq!(pos.g.points(P1), 10);
    assert_eq!(pos.g.winner(), None, "not on p0's turn");
    let ev = ok(&mut pos.g, Action::EndTurn { player: P0 });
    assert_eq!(won(&ev), Some((P1, 10)));
}

#[test]
fn nothing_is_legal_after_the_game_ends() {
    // docs/rulings.md §3: "Game over ends everything: no action is legal after a win."
    let mut pos = eight_points();
    let a = pos.node(DESERT, Corner::N);
    pos.settle(0, a)
        .give(0, res(2, 2, 1, 1, 0))
        .give(1, res(1, 0, 0, 0, 0));
    pos.dev(0, DevCard::VictoryPoint);
    // Reaching 10 at the start of the turn: p0 wins when its turn begins.
    let mut pos = pos.turn(2, Phase::Main);
    ok(&mut pos.g, Action::EndTurn { player: P2_ });
    assert_eq!(pos.g.winner(), Some(P0));
    assert!(pos.g.legal_actions_vec().is_empty());
    assert_eq!(pos.g.to_act(), PlayerSet::EMPTY);
    let b = pos.node(DESERT, Corner::Ne);
    let e = pos.edge(a, b);
    for act in [
        roll(P0, 1, 2),
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
        Action::EndTurn { player: P0 },
        Action::EndTurn { player: P1 },
        Action::MaritimeTrade {
            player: P0,
            give: Resource::Brick,
            get: Resource::Ore,
            rate: 4,
        },
        Action::PlayMonopoly {
            player: P1,
            resource: Resource::Ore,
        },
    ] {
        rejects(&mut pos.g, act, RuleError::GameOver);
    }
    for a in candidates(&pos.g) {
        assert_eq!(pos.g.check(&a), Err(RuleError::GameOver));
    }
}

#[test]
fn the_victory_target_is_a_rule() {
    // rules.rs `vp_target` (Base rules: 10; other targets for scenarios, docs/rulings.md §20).
    let mut pos = Pos::with_rules(Rules {
        vp_target: 3,
        ..rules(3)
    });
    let a = pos.node(DESERT, Corner::N);
    let b = pos.node(DESERT, Corner::Ne);
    let c = pos.node(DESERT, Corner::Se);
    let m = pos.node(M10, Corner::N);
    pos.settle(0, a).settle(0, m).path(0, &[a, b, c]);
    pos.give(0, SETTLEMENT_COST);
    let ev = ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: c,
        },
    );
    assert_eq!(won(&ev), Some((P0, 3)));
}

#[test]
fn breaking_a_road_can_win_for_the_breaker_even_if_an_opponent_also_reaches_ten() {
    // Clarifications: "A player may win the game by earning his final victory point by placing a
    // settlement that breaks a road, such that one of his opponents now holds 10 or more
    // victory points with the Longest Route in hand, since the win must be declared on a
    // player's own turn." docs/rulings.md §4.
    let mut pos = eight_points();
    let extra = pos.node(P11, Corner::Se);
    pos.settle(0, extra);
    assert_eq!(pos.g.points(P0), 9);
    // p1 holds Longest Road with 7 along the middle row.
    let r = pos.top_path(0, -2, 2);
    pos.settle(1, r[0]).path(1, &r[..8]).holder(Some(1));
    // p2: a road of 6 and 8 points without the card.
    let t = pos.top_path(2, -2, 0);
    let far = pos.node(FI12, Corner::Nw);
    pos.city(2, t[0]).settle(2, far).path(2, &t);
    for _ in 0..5 {
        pos.dev(2, DevCard::VictoryPoint);
    }
    assert_eq!(pos.g.points(P2_), 8);
    let (e, _) = pos.spur(&r, 4);
    pos.road(0, e).give(0, SETTLEMENT_COST);
    audit(&pos.g);
    let ev = ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: r[4],
        },
    );
    assert_eq!(pos.g.longest_road_holder(), Some(P2_));
    assert_eq!(pos.g.points(P2_), 10);
    assert_eq!(won(&ev), Some((P0, 10)));
    assert_eq!(pos.g.winner(), Some(P0));
}
