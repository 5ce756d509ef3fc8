//! Resource production: Base rules "Resource Production", "Cities", "Robber", "Desert",
//! "Rolling a 7"; docs/rulings.md §6, 7; external chance (`rules.rs` `ChanceMode`).

use super::*;

/// p0 settlement on M10's N corner (ore only), p1 city on H10's NE corner (brick only).
fn ten_position(players: u8) -> Pos {
    let mut pos = Pos::new(players).turn(0, Phase::Roll);
    let a = pos.node(M10, Corner::N);
    let b = pos.node(H10, Corner::Ne);
    pos.settle(0, a).city(1, b);
    pos
}

#[test]
fn settlements_produce_one_cities_produce_two() {
    // Base rules "Resource Production": "Each settlement produces 1 resource card and each
    // city produces 2"; "Cities": "double resource production".
    let mut pos = ten_position(3);
    audit(&pos.g);
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
    assert_eq!(pos.g.hand(P1), res(2, 0, 0, 0, 0));
    assert!(pos.g.hand(P2_).is_empty());
    assert!(ev.contains(&Event::ResourcesProduced {
        player: P1,
        resources: res(2, 0, 0, 0, 0)
    }));
    assert_eq!(pos.g.phase(), Phase::Main);
    assert_cards_conserved(&pos.g);
    audit(&pos.g);
}

#[test]
fn a_roll_produces_for_every_player_and_only_matching_hexes() {
    // Base rules "Resource Production": "the result applies to all players"; a 2 pays
    // nothing to buildings on 10s.
    let mut pos = ten_position(3);
    ok(&mut pos.g, roll(P0, 1, 1));
    assert!(pos.g.hand(P0).is_empty() && pos.g.hand(P1).is_empty());
    // Also on another player's turn (p1 rolls, p0 is paid).
    let mut pos = ten_position(3).turn(1, Phase::Roll);
    ok(&mut pos.g, roll(P1, 5, 5));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
}

#[test]
fn settlement_on_three_hexes_gets_one_of_each_matching() {
    // Base rules "Resource Production" example: settlement B borders two 4-hexes (hills and
    // pasture) and takes one of each. Here F3/Fi4/P5 and a 4 pays grain only (Fi4 is 4).
    let mut pos = Pos::new(3).turn(0, Phase::Roll);
    let n = pos.node(F3, Corner::S);
    pos.settle(1, n);
    ok(&mut pos.g, roll(P0, 1, 3));
    assert_eq!(pos.g.hand(P1), res(0, 0, 0, 1, 0));
}

#[test]
fn robber_blocks_production() {
    // Base rules "Robber": owners next to the robber's hex "receive no resources from this
    // hex as long as the robber is in the hex"; the other 10 still produces.
    let mut pos = ten_position(3);
    pos.robber(M10);
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert!(pos.g.hand(P0).is_empty(), "robbed hex pays nothing");
    assert_eq!(pos.g.hand(P1), res(2, 0, 0, 0, 0));
    let m10 = pos.hex(M10);
    assert!(ev.contains(&Event::RobberBlocked { hex: m10 }));
    assert_cards_conserved(&pos.g);
}

#[test]
fn seven_produces_nothing() {
    // Base rules "Rolling a 7": "no one receives any resources".
    let mut pos = ten_position(3);
    ok(&mut pos.g, roll(P0, 3, 4));
    assert!(pos.g.hand(P0).is_empty() && pos.g.hand(P1).is_empty());
    assert_eq!(pos.g.phase(), Phase::MoveRobber);
}

#[test]
fn desert_produces_nothing_and_has_no_number() {
    // Base rules "Desert": "the only terrain hex that does not produce resources".
    let pos = Pos::new(3);
    let d = pos.hex(DESERT);
    assert_eq!(pos.g.board.hex(d).number, None);
    for n in 2..=12 {
        assert!(!pos.g.board.hexes_with_number(n).contains(&d));
    }
}

#[test]
fn shortage_for_one_player_pays_what_is_left() {
    // Base rules "Resource Production", Exception: "If the shortage of resource cards only
    // affects a single player, give that player as many of these resources as are left";
    // docs/rulings.md §6.
    let mut pos = ten_position(3);
    pos.bank(Resource::Brick, 1);
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert_eq!(pos.g.hand(P1), res(1, 0, 0, 0, 0), "city owed 2, 1 left");
    assert_eq!(pos.g.bank()[Resource::Brick], 0);
    assert!(ev.contains(&Event::Shortage {
        resource: Resource::Brick,
        claimants: 1,
        paid: Some(P1)
    }));
    // Other resources are paid normally.
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
}

#[test]
fn shortage_for_several_players_nobody_gets_it_other_resources_paid() {
    // Base rules "Resource Production": "no player receives any of that resource that turn
    // ... production of other types of resources is not affected"; docs/rulings.md §6.
    let mut pos = ten_position(3);
    let s = pos.node(M10, Corner::S);
    pos.settle(2, s);
    pos.bank(Resource::Ore, 1);
    let brick = pos.g.bank()[Resource::Brick];
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert!(pos.g.hand(P0).is_empty());
    assert!(pos.g.hand(P2_).is_empty());
    assert_eq!(pos.g.bank()[Resource::Ore], 1, "nobody takes the last ore");
    assert!(ev.contains(&Event::Shortage {
        resource: Resource::Ore,
        claimants: 2,
        paid: None
    }));
    assert_eq!(pos.g.hand(P1), res(2, 0, 0, 0, 0), "brick still paid");
    assert_eq!(pos.g.bank()[Resource::Brick], brick - 2, "from the bank");
}

#[test]
fn exactly_enough_in_the_bank_is_no_shortage() {
    // Base rules "Resource Production": the shortage rule applies only when the bank cannot
    // pay everyone.
    let mut pos = ten_position(3);
    let s = pos.node(M10, Corner::S);
    pos.settle(2, s);
    pos.bank(Resource::Ore, 2);
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
    assert_eq!(pos.g.hand(P2_), res(0, 0, 0, 0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::Shortage { .. })));
}

#[test]
fn roll_is_mandatory_before_trade_and_build() {
    // Base rules "Turn Overview": "You must roll for resource production"; docs/rulings.md §2.
    let mut pos = ten_position(3);
    pos.give(0, res(4, 1, 0, 0, 0));
    let e = pos
        .g
        .board
        .node(pos.node(M10, Corner::N))
        .edges()
        .next()
        .unwrap();
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
        RuleError::WrongPhase {
            action: "build_road",
            reason: "roll the dice first",
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
            reason: "roll the dice first",
        },
    );
    rejects(
        &mut pos.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "roll the dice first",
        },
    );
    ok(&mut pos.g, roll(P0, 1, 1));
    rejects(
        &mut pos.g,
        roll(P0, 1, 1),
        RuleError::WrongPhase {
            action: "roll",
            reason: "the dice are already rolled",
        },
    );
}

#[test]
fn external_chance_rejects_impossible_or_missing_outcomes() {
    // rules.rs ChanceMode::External: every roll, steal and purchase carries its outcome, and
    // an outcome that cannot happen is rejected.
    let mut pos = ten_position(3);
    for d in [[0, 3], [7, 1], [3, 9]] {
        rejects(
            &mut pos.g,
            Action::Roll {
                player: P0,
                dice: Some(d),
            },
            RuleError::ImpossibleOutcome {
                reason: "each die shows 1 to 6",
            },
        );
    }
    rejects(
        &mut pos.g,
        Action::Roll {
            player: P0,
            dice: None,
        },
        RuleError::OutcomeRequired,
    );
    // A card no longer in the deck cannot be drawn.
    let mut pos = Pos::new(3);
    pos.give(0, res(0, 0, 2, 2, 2));
    for _ in 0..2 {
        pos.dev(1, DevCard::Monopoly);
    }
    rejects(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Monopoly),
        },
        RuleError::ImpossibleOutcome {
            reason: "that card is not left in the deck",
        },
    );
    rejects(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: None,
        },
        RuleError::OutcomeRequired,
    );
    audit(&pos.g);
    // Seeded games refuse outcomes from outside.
    let mut seeded = Pos::with_rules(Rules {
        chance: ChanceMode::Seeded,
        ..rules(3)
    })
    .turn(0, Phase::Roll);
    rejects(&mut seeded.g, roll(P0, 3, 3), RuleError::OutcomeNotAllowed);
    let n = seeded.node(H6, Corner::Nw);
    seeded.settle(1, n).give(1, res(1, 0, 0, 0, 0));
    seeded.give(0, res(0, 0, 1, 1, 1));
    let mut seeded = seeded.turn(0, Phase::Main);
    rejects(
        &mut seeded.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
        RuleError::OutcomeNotAllowed,
    );
    let h6 = seeded.hex(H6);
    let mut robbing = seeded.turn(0, Phase::MoveRobber);
    rejects(
        &mut robbing.g,
        Action::MoveRobber {
            player: P0,
            hex: h6,
            victim: Some(P1),
            resource: Some(Resource::Brick),
        },
        RuleError::OutcomeNotAllowed,
    );
    ok(
        &mut robbing.g,
        Action::MoveRobber {
            player: P0,
            hex: h6,
            victim: Some(P1),
            resource: None,
        },
    );
    assert_eq!(
        robbing.g.hand(P0),
        res(1, 0, 1, 1, 1),
        "the only card is stolen"
    );
    let mut seeded = robbing.turn(0, Phase::Roll);
    ok(
        &mut seeded.g,
        Action::Roll {
            player: P0,
            dice: None,
        },
    );
}

#[test]
fn the_roll_never_fails_on_an_empty_bank() {
    // docs/rulings.md §7: "the roll itself never fails because the bank is empty".
    let mut pos = ten_position(3);
    for r in Resource::ALL {
        pos.bank(r, 0);
    }
    let ev = ok(&mut pos.g, roll(P0, 4, 6));
    assert!(pos.g.hand(P0).is_empty() && pos.g.hand(P1).is_empty());
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::ResourcesProduced { .. })));
    assert_eq!(pos.g.phase(), Phase::Main);
}
