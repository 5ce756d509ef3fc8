//! The 7 and the robber: Base rules "Rolling a 7 and Activating the Robber", "Robber",
//! "Knight Cards", "Largest Army"; Clarifications (steal only when physically possible; robber
//! and harbours); docs/rulings.md §9, 10, 16; the friendly-robber house rule (`rules.rs`).

use super::*;

fn mv(p: Player, hex: HexId, victim: Option<Player>, resource: Option<Resource>) -> Action {
    Action::MoveRobber {
        player: p,
        hex,
        victim,
        resource,
    }
}

/// p1 settlement on H6 (S corner: H6, F11, desert... see below), p2 settlement on P4.
fn robber_position() -> Pos {
    let mut pos = Pos::new(3).turn(0, Phase::MoveRobber);
    // H6's NW corner: Fi12, H6, M10. H6's NE corner: H6, P2, P4.
    let a = pos.node(H6, Corner::Nw);
    let b = pos.node(H6, Corner::Ne);
    pos.settle(1, a).settle(2, b);
    pos
}

#[test]
fn discard_half_rounded_down_7_keeps_8_gives_4_9_gives_4_roller_too() {
    // Base rules "Rolling a 7": "Any player with more than 7 resource cards (i.e., 8 or more)
    // must choose and discard half of them ... if you have 9 resource cards, you discard 4";
    // the roller too. docs/rulings.md §9.
    let mut pos = Pos::new(4).turn(0, Phase::Roll);
    pos.give(0, res(2, 2, 2, 2, 1)) // 9: the roller
        .give(1, res(4, 4, 0, 0, 0)) // 8
        .give(2, res(1, 1, 1, 1, 3)) // 7: keeps all
        .give(3, res(0, 0, 5, 6, 0)); // 11: discards 5
    let ev = ok(&mut pos.g, roll(P0, 3, 4));
    assert!(ev.contains(&Event::DiscardsRequired {
        amounts: [4, 4, 0, 5, 0, 0]
    }));
    assert_eq!(pos.g.phase(), Phase::Discard);
    assert_eq!(pos.g.discards_owed(), [4, 4, 0, 5, 0, 0]);
    // Simultaneous: everyone who owes may act now, the others may not.
    assert_eq!(
        pos.g.to_act(),
        crate::types::PlayerSet::EMPTY.with(P0).with(P1).with(P3)
    );
    audit(&pos.g);
    // All discards come before the robber moves.
    let desert = pos.hex(DESERT);
    let m10 = pos.hex(M10);
    rejects(
        &mut pos.g,
        mv(P0, m10, None, None),
        RuleError::WrongPhase {
            action: "move_robber",
            reason: "waiting for discards",
        },
    );
    // Wrong sizes (nothing, more than owed), cards not held, players who owe nothing.
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(0, 0, 0, 0, 0),
        },
        RuleError::WrongDiscard { need: 4, given: 0 },
    );
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(2, 2, 1, 0, 0),
        },
        RuleError::WrongDiscard { need: 4, given: 5 },
    );
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P1,
            resources: res(0, 0, 4, 0, 0),
        },
        RuleError::NotEnoughResources {
            need: res(0, 0, 4, 0, 0),
        },
    );
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P2_,
            resources: res(1, 0, 0, 0, 0),
        },
        RuleError::NotYourTurn { player: P2_ },
    );
    // Discards are simultaneous: any order.
    ok(
        &mut pos.g,
        Action::Discard {
            player: P3,
            resources: res(0, 0, 2, 3, 0),
        },
    );
    ok(
        &mut pos.g,
        Action::Discard {
            player: P1,
            resources: res(4, 0, 0, 0, 0),
        },
    );
    assert_eq!(pos.g.phase(), Phase::Discard);
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P1,
            resources: res(0, 4, 0, 0, 0),
        },
        RuleError::NotYourTurn { player: P1 },
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(1, 1, 1, 1, 0),
        },
    );
    assert_eq!(pos.g.phase(), Phase::MoveRobber);
    assert_eq!(pos.g.hand(P0).total(), 5);
    assert_eq!(pos.g.hand(P1).total(), 4);
    assert_eq!(pos.g.hand(P2_).total(), 7);
    assert_eq!(pos.g.hand(P3).total(), 6);
    assert_cards_conserved(&pos.g);
    assert_eq!(pos.g.robber(), Some(desert));
    audit(&pos.g);
}

#[test]
fn discards_in_parts_reduce_what_is_owed() {
    // docs/rulings.md §38: a discard may be handed over in parts (at least one card, at most
    // what is still owed); the robber moves once nobody owes anything. Catan base rules,
    // 5th ed., "Rolling a 7" for the amount (half, rounded down).
    let mut pos = Pos::new(4).turn(0, Phase::Roll);
    pos.give(0, res(2, 2, 2, 2, 1)) // 9: owes 4
        .give(1, res(4, 4, 0, 0, 0)); // 8: owes 4
    ok(&mut pos.g, roll(P0, 3, 4));
    assert_eq!(pos.g.discards_owed(), [4, 4, 0, 0, 0, 0]);
    let ev = ok(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(0, 0, 0, 0, 1),
        },
    );
    assert_eq!(
        ev,
        vec![Event::Discarded {
            player: P0,
            resources: res(0, 0, 0, 0, 1)
        }]
    );
    assert_eq!(pos.g.discards_owed(), [3, 4, 0, 0, 0, 0]);
    assert_eq!(pos.g.hand(P0).total(), 8);
    // Now the most P0 may give is 3; the whole discards listed are of 3 cards.
    rejects(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(1, 1, 1, 1, 0),
        },
        RuleError::WrongDiscard { need: 3, given: 4 },
    );
    assert!(pos.g.legal_actions_vec().iter().all(
        |a| matches!(a, Action::Discard { player, resources }
            if *player == P1 && resources.total() == 4
            || *player == P0 && resources.total() == 3)
    ));
    // Interleaved with the other discarder; the phase ends with the last card.
    ok(
        &mut pos.g,
        Action::Discard {
            player: P1,
            resources: res(2, 1, 0, 0, 0),
        },
    );
    ok(
        &mut pos.g,
        Action::Discard {
            player: P0,
            resources: res(1, 1, 1, 0, 0),
        },
    );
    assert_eq!(pos.g.phase(), Phase::Discard);
    assert_eq!(pos.g.discards_owed(), [0, 1, 0, 0, 0, 0]);
    ok(
        &mut pos.g,
        Action::Discard {
            player: P1,
            resources: res(0, 1, 0, 0, 0),
        },
    );
    assert_eq!(pos.g.phase(), Phase::MoveRobber);
    assert_eq!(pos.g.hand(P0).total(), 5);
    assert_eq!(pos.g.hand(P1).total(), 4);
    assert_cards_conserved(&pos.g);
    audit(&pos.g);
}

#[test]
fn no_discard_phase_when_nobody_has_more_than_seven() {
    // Base rules "Rolling a 7" example: Alex has 6 cards and discards nothing.
    let mut pos = Pos::new(3).turn(0, Phase::Roll);
    pos.give(1, res(2, 2, 2, 1, 0));
    ok(&mut pos.g, roll(P0, 6, 1));
    assert_eq!(pos.g.phase(), Phase::MoveRobber);
    assert_eq!(pos.g.discards_owed(), [0; 6]);
}

#[test]
fn discard_limit_is_an_option() {
    // Clarifications: the 5-6 player house rule lets a player hold 9; docs/rulings.md §9.
    let mut pos = Pos::with_rules(Rules {
        discard_limit: 9,
        ..rules(3)
    })
    .turn(0, Phase::Roll);
    pos.give(1, res(3, 3, 3, 0, 0)).give(2, res(3, 3, 3, 1, 0));
    ok(&mut pos.g, roll(P0, 6, 1));
    assert_eq!(pos.g.discards_owed(), [0, 0, 5, 0, 0, 0]);
}

#[test]
fn robber_must_move_and_may_go_back_to_the_desert() {
    // Base rules "Rolling a 7": "You may not choose to leave the robber on the same hex";
    // "to the number token of any other terrain hex (or to the desert hex)". docs/rulings.md §10.
    let mut pos = Pos::new(3).turn(0, Phase::MoveRobber);
    pos.robber(M10);
    let m10 = pos.hex(M10);
    let desert = pos.hex(DESERT);
    rejects(
        &mut pos.g,
        mv(P0, m10, None, None),
        RuleError::RobberMustMove,
    );
    // Not onto the sea.
    let sea = pos
        .g
        .board
        .hexes()
        .iter()
        .position(|h| !h.terrain.is_land())
        .map(|i| HexId(i as u8))
        .unwrap();
    rejects(
        &mut pos.g,
        mv(P0, sea, None, None),
        RuleError::NoSuchHex { hex: sea },
    );
    rejects(
        &mut pos.g,
        mv(P0, HexId(200), None, None),
        RuleError::NoSuchHex { hex: HexId(200) },
    );
    // Nothing else first: the robber must be moved now.
    rejects(
        &mut pos.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "the robber must be moved",
        },
    );
    audit(&pos.g);
    let ev = ok(&mut pos.g, mv(P0, desert, None, None));
    assert_eq!(pos.g.robber(), Some(desert));
    assert!(ev.contains(&Event::RobberMoved {
        player: P0,
        hex: desert
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::Stole { .. })));
    assert_eq!(pos.g.phase(), Phase::Main, "the turn continues");
}

#[test]
fn steal_one_card_from_a_chosen_victim_with_a_building_there() {
    // Base rules "Rolling a 7" (2): steal 1 random card from an opponent with a settlement
    // or city on the hex; with several, the mover chooses. docs/rulings.md §10.
    let mut pos = robber_position();
    pos.give(1, res(0, 0, 2, 0, 0)).give(2, res(0, 1, 0, 0, 0));
    let h6 = pos.hex(H6);
    audit(&pos.g);
    rejects(
        &mut pos.g,
        mv(P0, h6, None, None),
        RuleError::VictimRequired,
    );
    rejects(
        &mut pos.g,
        mv(P0, h6, Some(P1), None),
        RuleError::OutcomeRequired,
    );
    rejects(
        &mut pos.g,
        mv(P0, h6, Some(P1), Some(Resource::Ore)),
        RuleError::ImpossibleOutcome {
            reason: "the victim holds no such card",
        },
    );
    let ev = ok(&mut pos.g, mv(P0, h6, Some(P2_), Some(Resource::Lumber)));
    assert!(ev.contains(&Event::Stole {
        thief: P0,
        victim: P2_,
        resource: Some(Resource::Lumber)
    }));
    assert_eq!(pos.g.hand(P0), res(0, 1, 0, 0, 0));
    assert!(pos.g.hand(P2_).is_empty());
    assert_eq!(pos.g.hand(P1), res(0, 0, 2, 0, 0), "only one victim");
    assert_cards_conserved(&pos.g);
}

#[test]
fn steal_with_no_eligible_victim() {
    // Base rules "Knight Cards": "If he has no cards, you get nothing!"; Clarifications: steal
    // "when it is physically possible". docs/rulings.md §10.
    let mut pos = robber_position();
    let h6 = pos.hex(H6);
    let fi9 = pos.hex(FI9);
    // Buildings but no cards: no victim, and naming one is refused.
    rejects(
        &mut pos.g,
        mv(P0, h6, Some(P1), Some(Resource::Brick)),
        RuleError::InvalidVictim { victim: P1 },
    );
    audit(&pos.g);
    // An opponent with cards but no building on the hex is not a victim either.
    pos.give(1, res(1, 0, 0, 0, 0));
    rejects(
        &mut pos.g,
        mv(P0, fi9, Some(P1), Some(Resource::Brick)),
        RuleError::InvalidVictim { victim: P1 },
    );
    // External chance: no outcome may be given when nothing is stolen.
    rejects(
        &mut pos.g,
        mv(P0, fi9, None, Some(Resource::Brick)),
        RuleError::ImpossibleOutcome {
            reason: "nothing is stolen here",
        },
    );
    ok(&mut pos.g, mv(P0, fi9, None, None));
    assert_eq!(pos.g.hand(P1), res(1, 0, 0, 0, 0));
}

#[test]
fn never_steal_from_yourself() {
    // Base rules "Rolling a 7": steal "from an opponent"; docs/rulings.md §10.
    let mut pos = robber_position();
    let own = pos.node(FI12, Corner::Sw);
    pos.settle(0, own).give(0, res(3, 0, 0, 0, 0));
    let fi12 = pos.hex(FI12);
    // p1's H6 NW settlement also borders Fi12, but p1 has no cards.
    rejects(
        &mut pos.g,
        mv(P0, fi12, Some(P0), Some(Resource::Brick)),
        RuleError::InvalidVictim { victim: P0 },
    );
    audit(&pos.g);
    ok(&mut pos.g, mv(P0, fi12, None, None));
    assert_eq!(pos.g.hand(P0), res(3, 0, 0, 0, 0));
    // A seat that does not exist is not a victim.
    let mut pos = robber_position();
    let h6 = pos.hex(H6);
    rejects(
        &mut pos.g,
        mv(P0, h6, Some(Player(5)), Some(Resource::Brick)),
        RuleError::InvalidVictim { victim: Player(5) },
    );
}

#[test]
fn robber_only_by_seven_or_knight() {
    // Base rules "Robber": "It is moved only by rolling a 7 or playing a Knight card".
    let mut pos = Pos::new(3);
    let m10 = pos.hex(M10);
    rejects(
        &mut pos.g,
        mv(P0, m10, None, None),
        RuleError::WrongPhase {
            action: "move_robber",
            reason: "the dice are already rolled",
        },
    );
}

#[test]
fn knight_moves_robber_and_steals() {
    // Base rules "Knight Cards": move the robber, steal, the card stays face up.
    let mut pos = robber_position().turn(0, Phase::Main);
    pos.dev(0, DevCard::Knight).give(1, res(0, 0, 0, 1, 0));
    let h6 = pos.hex(H6);
    let desert = pos.hex(DESERT);
    rejects(
        &mut pos.g,
        Action::PlayKnight {
            player: P0,
            hex: desert,
            victim: None,
            resource: None,
        },
        RuleError::RobberMustMove,
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::PlayKnight {
            player: P0,
            hex: h6,
            victim: Some(P1),
            resource: Some(Resource::Grain),
        },
    );
    assert_eq!(pos.g.robber(), Some(h6));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 1, 0));
    assert_eq!(pos.g.knights_played(P0), 1);
    assert_eq!(pos.g.development_cards(P0).0[DevCard::Knight], 0);
    assert_eq!(pos.g.phase(), Phase::Main);
}

#[test]
fn largest_army_first_to_three_then_strictly_more() {
    // Base rules "Largest Army": first to 3 knights; another player must have more;
    // Clarifications "If a player's army reaches the same size ... does not change hands";
    // docs/rulings.md §16.
    let mut pos = Pos::new(3);
    let hexes = [pos.hex(M10), pos.hex(P2), pos.hex(F9), pos.hex(H10)];
    let knight = |p: Player, hex: HexId| Action::PlayKnight {
        player: p,
        hex,
        victim: None,
        resource: None,
    };
    pos.g.seats[0].knights = 2;
    pos.dev(0, DevCard::Knight);
    ok(&mut pos.g, knight(P0, hexes[0]));
    assert_eq!(pos.g.largest_army_holder(), Some(P0));
    assert_eq!(pos.g.points(P0), 2);
    // p1 reaches 3 too: ties do not take it.
    let mut pos = pos.turn(1, Phase::Main);
    pos.g.seats[1].knights = 2;
    pos.dev(1, DevCard::Knight).dev(1, DevCard::Knight);
    ok(&mut pos.g, knight(P1, hexes[1]));
    assert_eq!(pos.g.largest_army_holder(), Some(P0));
    // Next turn p1 plays a 4th: strictly more takes it.
    let mut pos = pos.turn(1, Phase::Main);
    let ev = ok(&mut pos.g, knight(P1, hexes[2]));
    assert_eq!(pos.g.largest_army_holder(), Some(P1));
    assert!(ev.contains(&Event::LargestArmyChanged {
        from: Some(P0),
        to: P1,
        knights: 4
    }));
    assert_eq!(pos.g.points(P0), 0);
    assert_eq!(pos.g.points(P1), 2);
}

#[test]
fn two_knights_are_not_an_army() {
    // Base rules "Largest Army": "the first player to play 3 knight cards".
    let mut pos = Pos::new(3);
    pos.g.seats[0].knights = 1;
    pos.dev(0, DevCard::Knight);
    let m10 = pos.hex(M10);
    ok(
        &mut pos.g,
        Action::PlayKnight {
            player: P0,
            hex: m10,
            victim: None,
            resource: None,
        },
    );
    assert_eq!(pos.g.largest_army_holder(), None);
}

#[test]
fn friendly_robber_option() {
    // rules.rs `friendly_robber` (house rule): not next to a player with fewer than 3
    // visible points, unless every hex is so protected. Default: allowed.
    let friendly = Rules {
        friendly_robber: true,
        ..rules(3)
    };
    let mut pos = Pos::with_rules(friendly).turn(0, Phase::MoveRobber);
    let a = pos.node(H6, Corner::Nw);
    pos.settle(1, a).give(1, res(1, 0, 0, 0, 0));
    let h6 = pos.hex(H6);
    let m10 = pos.hex(M10);
    let f3 = pos.hex(F3);
    rejects(
        &mut pos.g,
        mv(P0, h6, Some(P1), Some(Resource::Brick)),
        RuleError::RobberProtectedHex { hex: h6 },
    );
    rejects(
        &mut pos.g,
        mv(P0, m10, Some(P1), Some(Resource::Brick)),
        RuleError::RobberProtectedHex { hex: m10 },
    );
    audit(&pos.g);
    ok(&mut pos.g, mv(P0, f3, None, None));
    // With 3 visible points (a city and a settlement) the hex is fair game.
    let mut pos = Pos::with_rules(friendly).turn(0, Phase::MoveRobber);
    let b = pos.node(M8, Corner::Se);
    pos.settle(1, a).city(1, b).give(1, res(1, 0, 0, 0, 0));
    audit(&pos.g);
    ok(&mut pos.g, mv(P0, h6, Some(P1), Some(Resource::Brick)));
    // Default rules: the same move is legal at 1 point.
    let mut pos = Pos::new(3).turn(0, Phase::MoveRobber);
    pos.settle(1, a).give(1, res(1, 0, 0, 0, 0));
    ok(&mut pos.g, mv(P0, h6, Some(P1), Some(Resource::Brick)));
}

#[test]
fn friendly_robber_when_every_hex_is_protected() {
    // rules.rs `friendly_robber`: "unless every hex is so protected".
    let mut pos = Pos::with_rules(Rules {
        friendly_robber: true,
        ..rules(2)
    })
    .turn(0, Phase::MoveRobber);
    // p1 settlements touching every land hex but the desert (robber's hex): impossible with
    // the distance rule, so protect via p1 at every hex by direct placement.
    let land: Vec<HexId> = pos.g.board.land_hexes().collect();
    for &h in &land {
        if h.0 == pos.g.robber {
            continue;
        }
        if !pos.g.hex_protected(0, h) {
            let n = pos
                .g
                .board
                .hex(h)
                .nodes()
                .find(|n| pos.g.nodes.get(n.index()) == 0)
                .unwrap();
            pos.g.nodes.set(n.index(), 2); // p1 settlement (distance rule ignored on purpose)
            pos.g.seats[1].settlements = 2; // keep p1 under 3 visible points
        }
    }
    assert!(!pos.g.robber_targets_unprotected(0));
    let h6 = pos.hex(H6);
    audit(&pos.g);
    ok(&mut pos.g, mv(P0, h6, None, None));
}
