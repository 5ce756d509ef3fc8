//! Development cards: Catan base rules, 5th ed., "Development Cards", "Playing Development Cards",
//! "Progress Cards" (Road Building, Year of Plenty, Monopoly), "Victory Point Cards";
//! the Settlers of Catan rules article with clarifications, "Development cards"; docs/rulings.md §2, 5, 7, 14.

use super::*;

fn knight(p: Player, hex: HexId) -> Action {
    Action::PlayKnight {
        player: p,
        hex,
        victim: None,
        resource: None,
    }
}

fn yop(p: Player, r: Resources) -> Action {
    Action::PlayYearOfPlenty {
        player: p,
        resources: r,
    }
}

/// Ends the current turn and plays the others' turns (rolling a 2, building nothing) until
/// it is `p`'s turn again, before the roll.
fn pass_round_to(g: &mut Game, p: Player) {
    let me = g.current_player();
    ok(g, Action::EndTurn { player: me });
    while g.current_player() != p {
        let q = g.current_player();
        ok(g, roll(q, 1, 1));
        ok(g, Action::EndTurn { player: q });
    }
    assert_eq!(g.phase(), Phase::Roll);
}

#[test]
fn card_bought_this_turn_cannot_be_played() {
    // Catan base rules, 5th ed., "Development Cards": "You may not, however, play a card that you bought
    // during the same turn"; docs/rulings.md §14.
    let mut pos = Pos::new(3);
    pos.give(0, res(0, 0, 1, 1, 1));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
    );
    let m10 = pos.hex(M10);
    rejects(
        &mut pos.g,
        knight(P0, m10),
        RuleError::CardBoughtThisTurn {
            card: DevCard::Knight,
        },
    );
    audit(&pos.g);
    // Next turn (even before the roll) it can be played.
    pass_round_to(&mut pos.g, P0);
    audit(&pos.g);
    ok(&mut pos.g, knight(P0, m10));
    assert_eq!(pos.g.knights_played(P0), 1);
}

#[test]
fn an_older_card_of_the_same_kind_can_be_played() {
    // Catan base rules, 5th ed., "Development Cards": only the card bought this turn is barred.
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::Monopoly).new_dev(0, DevCard::Monopoly);
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::PlayMonopoly {
            player: P0,
            resource: Resource::Ore,
        },
    );
    assert_eq!(pos.g.development_cards(P0).1[DevCard::Monopoly], 1);
}

#[test]
fn no_such_card() {
    // Catan base rules, 5th ed., "Playing Development Cards": you play a card from your hand ("put it face
    // up on the table"); without one there is nothing to play.
    let mut pos = Pos::new(3);
    rejects(
        &mut pos.g,
        Action::PlayRoadBuilding { player: P0 },
        RuleError::NoSuchCard {
            card: DevCard::RoadBuilding,
        },
    );
    rejects(
        &mut pos.g,
        yop(P0, res(1, 1, 0, 0, 0)),
        RuleError::NoSuchCard {
            card: DevCard::YearOfPlenty,
        },
    );
}

#[test]
fn any_card_may_be_played_before_the_roll() {
    // Catan base rules, 5th ed., "Development Cards": "You can play the card at any time, even before you
    // roll the dice"; Catan 3D rules; docs/rulings.md §2.
    let m10_knight = |pos: &Pos| knight(P0, pos.hex(M10));
    for card in [
        DevCard::Knight,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ] {
        let mut pos = Pos::new(3).turn(0, Phase::Roll);
        let a = pos.node(DESERT, Corner::N);
        pos.settle(0, a).dev(0, card);
        audit(&pos.g);
        let action = match card {
            DevCard::Knight => m10_knight(&pos),
            DevCard::RoadBuilding => Action::PlayRoadBuilding { player: P0 },
            DevCard::YearOfPlenty => yop(P0, res(0, 0, 0, 0, 2)),
            _ => Action::PlayMonopoly {
                player: P0,
                resource: Resource::Wool,
            },
        };
        ok(&mut pos.g, action);
        if card == DevCard::RoadBuilding {
            assert_eq!(pos.g.phase(), Phase::RoadBuilding);
            for _ in 0..2 {
                let e = pos.g.legal_actions_vec()[0];
                assert!(matches!(e, Action::BuildRoad { .. }));
                ok(&mut pos.g, e);
            }
        }
        assert_eq!(pos.g.phase(), Phase::Roll, "{card}: the roll still follows");
        assert!(!pos.g.rolled());
        // The roll is still mandatory before building or ending.
        rejects(
            &mut pos.g,
            Action::EndTurn { player: P0 },
            RuleError::WrongPhase {
                action: "end_turn",
                reason: "roll the dice first",
            },
        );
        audit(&pos.g);
        ok(&mut pos.g, roll(P0, 1, 1));
    }
}

#[test]
fn only_one_card_per_turn() {
    // Catan base rules, 5th ed., "Development Cards": "You may only play 1 development card during your
    // turn"; docs/rulings.md §14.
    let mut pos = Pos::new(3).turn(0, Phase::Roll);
    pos.dev(0, DevCard::Monopoly)
        .dev(0, DevCard::Knight)
        .dev(0, DevCard::YearOfPlenty);
    ok(
        &mut pos.g,
        Action::PlayMonopoly {
            player: P0,
            resource: Resource::Ore,
        },
    );
    let m10 = pos.hex(M10);
    rejects(&mut pos.g, knight(P0, m10), RuleError::CardAlreadyPlayed);
    audit(&pos.g);
    ok(&mut pos.g, roll(P0, 1, 1));
    // Still barred after the roll.
    rejects(
        &mut pos.g,
        yop(P0, res(1, 1, 0, 0, 0)),
        RuleError::CardAlreadyPlayed,
    );
    audit(&pos.g);
    // Next turn: one more.
    pass_round_to(&mut pos.g, P0);
    ok(&mut pos.g, knight(P0, m10));
}

#[test]
fn victory_point_cards_are_never_played_and_count_from_purchase() {
    // Catan base rules, 5th ed., "Development Cards": "either 1 knight card or 1 progress card"; "Victory
    // Point Cards": kept hidden; the Settlers of Catan rules article with clarifications: they "do not count towards the one per turn
    // playing limit"; docs/rulings.md §5.
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::VictoryPoint).dev(0, DevCard::Knight);
    assert_eq!(pos.g.points(P0), 1);
    assert_eq!(pos.g.public_points(P0), 0, "hidden");
    let legal = pos.g.legal_actions_vec();
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::PlayRoadBuilding { .. }
            | Action::PlayMonopoly { .. }
            | Action::PlayYearOfPlenty { .. }
    )));
    audit(&pos.g);
    // Holding (and having bought) VP cards does not use up the turn's card.
    pos.give(0, res(0, 0, 1, 1, 1));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::VictoryPoint),
        },
    );
    assert_eq!(pos.g.points(P0), 2, "counts at once");
    assert!(!pos.g.development_card_played());
    let m10 = pos.hex(M10);
    ok(&mut pos.g, knight(P0, m10));
    assert_eq!(pos.g.points(P0), 2);
}

#[test]
fn road_building_places_two_free_roads() {
    // Catan base rules, 5th ed., "Progress Cards": "you may immediately place 2 free roads on the board
    // (according to normal building rules)".
    let mut pos = Pos::new(3);
    let a = pos.node(DESERT, Corner::N);
    pos.settle(0, a).dev(0, DevCard::RoadBuilding);
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert_eq!(pos.g.phase(), Phase::RoadBuilding);
    assert_eq!(
        pos.g.decision(),
        crate::game::Decision::RoadBuilding {
            player: P0,
            left: 2
        }
    );
    audit(&pos.g);
    // Normal rules: connected, free edge.
    let far = pos.side(M8, Side::E);
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: far,
        },
        RuleError::RoadNotConnected { edge: far },
    );
    rejects(
        &mut pos.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "place the Road Building roads first",
        },
    );
    let b = pos.node(DESERT, Corner::Ne);
    let c = pos.node(DESERT, Corner::Se);
    let (ab, bc) = (pos.edge(a, b), pos.edge(b, c));
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: ab,
        },
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: bc,
        },
    );
    assert_eq!(pos.g.phase(), Phase::Main);
    assert!(pos.g.hand(P0).is_empty(), "free");
    assert_eq!(pos.g.pieces_on_board(P0).0, 2);
    assert_cards_conserved(&pos.g);
}

#[test]
fn road_building_may_stop_after_one_road() {
    // Catan base rules, 5th ed., "Progress Cards": "you *may* immediately place 2 free
    // roads"; docs/rulings.md §29: the player may stop before the second.
    let mut pos = Pos::new(3);
    let a = pos.node(DESERT, Corner::N);
    pos.settle(0, a).dev(0, DevCard::RoadBuilding);
    let before = pos.g.clone();
    // Not before the card is played, nor by anyone else.
    rejects(
        &mut pos.g,
        Action::FinishRoadBuilding { player: P0 },
        RuleError::WrongPhase {
            action: "finish_road_building",
            reason: "no Road Building roads are being placed",
        },
    );
    assert_eq!(pos.g, before);
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    let legal = pos.g.legal_actions_vec();
    assert_eq!(
        legal.last(),
        Some(&Action::FinishRoadBuilding { player: P0 }),
        "listed after the free roads"
    );
    rejects(
        &mut pos.g,
        Action::FinishRoadBuilding { player: P1 },
        RuleError::NotYourTurn { player: P1 },
    );
    let b = pos.node(DESERT, Corner::Ne);
    let c = pos.node(DESERT, Corner::Se);
    let (ab, bc) = (pos.edge(a, b), pos.edge(b, c));
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: ab,
        },
    );
    assert_eq!(pos.g.phase(), Phase::RoadBuilding);
    let ev = ok(&mut pos.g, Action::FinishRoadBuilding { player: P0 });
    assert_eq!(
        ev,
        vec![Event::RoadBuildingFinished {
            player: P0,
            unplaced: 1
        }]
    );
    assert_eq!(pos.g.phase(), Phase::Main);
    assert_eq!(pos.g.pieces_on_board(P0).0, 1, "one free road placed");
    assert!(pos.g.hand(P0).is_empty(), "the road was free");
    assert!(pos.g.development_card_played(), "the card is used up");
    // The second road is not owed any more: building one now costs its price.
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: bc,
        },
        RuleError::NotEnoughResources {
            need: crate::game::ROAD_COST,
        },
    );
    rejects(
        &mut pos.g,
        Action::FinishRoadBuilding { player: P0 },
        RuleError::WrongPhase {
            action: "finish_road_building",
            reason: "no Road Building roads are being placed",
        },
    );
    audit(&pos.g);
    assert_cards_conserved(&pos.g);
}

#[test]
fn road_building_may_place_none_and_before_the_roll_returns_to_the_roll() {
    // Catan base rules, 5th ed., "Progress Cards" ("may") and "Development Cards" (a card
    // may be played before the roll); docs/rulings.md §28, §29: the card is used up, the
    // roll is still due.
    let mut pos = Pos::new(3).turn(0, Phase::Roll);
    let a = pos.node(DESERT, Corner::N);
    pos.settle(0, a).dev(0, DevCard::RoadBuilding);
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert_eq!(pos.g.phase(), Phase::RoadBuilding);
    let ev = ok(&mut pos.g, Action::FinishRoadBuilding { player: P0 });
    assert_eq!(
        ev,
        vec![Event::RoadBuildingFinished {
            player: P0,
            unplaced: 2
        }]
    );
    assert_eq!(pos.g.phase(), Phase::Roll);
    assert_eq!(pos.g.pieces_on_board(P0).0, 0);
    assert!(pos.g.development_card_played());
    audit(&pos.g);
}

#[test]
fn road_building_with_one_legal_edge() {
    // docs/rulings.md §14: "with fewer legal places or pieces it places what it can".
    let mut pos = Pos::new(3);
    let n = pos.node(M10, Corner::N); // coastal: two paths
    let ne = pos.node(M10, Corner::Ne);
    let nw = pos.node(M10, Corner::Nw);
    pos.settle(0, n).dev(0, DevCard::RoadBuilding);
    let west = pos.edge(n, nw);
    pos.road(1, west);
    // Block both paths beyond ne with p1's roads.
    let beyond: Vec<EdgeId> = pos
        .g
        .board
        .node(ne)
        .edges()
        .filter(|&e| pos.g.board.edge(e).other(ne) != n)
        .collect();
    for e in beyond {
        pos.road(1, e);
    }
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert_eq!(pos.g.phase(), Phase::RoadBuilding);
    let only = pos.edge(n, ne);
    let roads: Vec<Action> = pos.g.legal_actions_vec();
    assert_eq!(
        roads,
        vec![
            Action::BuildRoad {
                player: P0,
                edge: only
            },
            Action::FinishRoadBuilding { player: P0 }
        ]
    );
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: only,
        },
    );
    assert_eq!(pos.g.phase(), Phase::Main, "nothing left to place");
    audit(&pos.g);
}

#[test]
fn road_building_with_no_legal_edge() {
    // docs/rulings.md §14: the card is played and places nothing.
    let mut pos = Pos::new(3);
    let n = pos.node(M10, Corner::N);
    pos.settle(0, n).dev(0, DevCard::RoadBuilding);
    let edges: Vec<EdgeId> = pos.g.board.node(n).edges().collect();
    for e in edges {
        pos.road(1, e);
    }
    let ev = ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert!(ev.contains(&Event::DevelopmentCardPlayed {
        player: P0,
        card: DevCard::RoadBuilding
    }));
    assert_eq!(pos.g.phase(), Phase::Main);
    assert!(pos.g.development_card_played());
    audit(&pos.g);
}

#[test]
fn road_building_with_one_road_piece_left() {
    // docs/rulings.md §12 (15 roads) and 14.
    let mut pos = Pos::new(3);
    let row0 = pos.top_path(0, -2, 2);
    pos.path(0, &row0);
    let row2 = pos.top_path(2, -2, 0);
    pos.path(0, &row2[..5]); // 14 roads
    pos.dev(0, DevCard::RoadBuilding);
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert_eq!(
        pos.g.decision(),
        crate::game::Decision::RoadBuilding {
            player: P0,
            left: 1
        }
    );
    let e = pos.edge(row2[4], row2[5]);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
    );
    assert_eq!(pos.g.phase(), Phase::Main);
    assert_eq!(pos.g.pieces_on_board(P0).0, 15);
    // With none left the card places nothing.
    let mut pos = pos.turn(0, Phase::Main);
    pos.dev(0, DevCard::RoadBuilding);
    ok(&mut pos.g, Action::PlayRoadBuilding { player: P0 });
    assert_eq!(pos.g.phase(), Phase::Main);
}

#[test]
fn year_of_plenty_takes_two_of_any() {
    // Catan base rules, 5th ed., "Progress Cards": "take any 2 resource cards from the supply stacks. You may
    // use these cards to build in the same turn."
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::YearOfPlenty);
    rejects(
        &mut pos.g,
        yop(P0, res(1, 0, 0, 0, 0)),
        RuleError::WrongYearOfPlenty { need: 2, given: 1 },
    );
    rejects(
        &mut pos.g,
        yop(P0, res(1, 1, 1, 0, 0)),
        RuleError::WrongYearOfPlenty { need: 2, given: 3 },
    );
    audit(&pos.g);
    ok(&mut pos.g, yop(P0, res(0, 0, 0, 2, 0)));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 2, 0));
    assert_cards_conserved(&pos.g);
}

#[test]
fn year_of_plenty_with_a_short_bank() {
    // docs/rulings.md §7: "Year of Plenty/Invention takes only what the bank has".
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::YearOfPlenty);
    for r in Resource::ALL {
        pos.bank(r, 0);
    }
    pos.bank(Resource::Ore, 1);
    rejects(
        &mut pos.g,
        yop(P0, res(0, 0, 0, 0, 2)),
        RuleError::WrongYearOfPlenty { need: 1, given: 2 },
    );
    rejects(
        &mut pos.g,
        yop(P0, res(1, 0, 0, 0, 0)),
        RuleError::BankEmpty {
            resource: Resource::Brick,
        },
    );
    audit(&pos.g);
    ok(&mut pos.g, yop(P0, res(0, 0, 0, 0, 1)));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
    // One resource gone, others plenty: two of what is there.
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::YearOfPlenty).bank(Resource::Grain, 0);
    rejects(
        &mut pos.g,
        yop(P0, res(0, 0, 0, 1, 1)),
        RuleError::BankEmpty {
            resource: Resource::Grain,
        },
    );
    audit(&pos.g);
    // Empty bank: the card is played for nothing.
    let mut pos = Pos::new(3);
    pos.dev(0, DevCard::YearOfPlenty);
    for r in Resource::ALL {
        pos.bank(r, 0);
    }
    audit(&pos.g);
    ok(&mut pos.g, yop(P0, Resources::EMPTY));
}

#[test]
fn monopoly_takes_every_card_of_one_resource() {
    // Catan base rules, 5th ed., "Progress Cards": "All the other players must give you all of the resource
    // cards of this type ... If an opponent does not have a resource card of the specified
    // type, he does not have to give you anything."
    let mut pos = Pos::new(4);
    pos.dev(0, DevCard::Monopoly)
        .give(0, res(0, 0, 1, 0, 0))
        .give(1, res(1, 0, 3, 0, 0))
        .give(2, res(0, 2, 0, 0, 0))
        .give(3, res(0, 0, 2, 0, 5));
    audit(&pos.g);
    let ev = ok(
        &mut pos.g,
        Action::PlayMonopoly {
            player: P0,
            resource: Resource::Wool,
        },
    );
    assert_eq!(pos.g.hand(P0), res(0, 0, 6, 0, 0));
    assert_eq!(pos.g.hand(P1), res(1, 0, 0, 0, 0));
    assert_eq!(pos.g.hand(P2_), res(0, 2, 0, 0, 0));
    assert_eq!(pos.g.hand(P3), res(0, 0, 0, 0, 5));
    assert!(ev.contains(&Event::MonopolyTaken {
        player: P0,
        resource: Resource::Wool,
        taken: [0, 3, 0, 2, 0, 0]
    }));
    assert_cards_conserved(&pos.g);
}

#[test]
fn cards_only_in_roll_or_main_phase() {
    // Catan base rules, 5th ed., "Rolling a 7": the robber is moved before anything else; docs/rulings.md §9.
    let mut pos = Pos::new(3).turn(0, Phase::MoveRobber);
    pos.dev(0, DevCard::Monopoly);
    rejects(
        &mut pos.g,
        Action::PlayMonopoly {
            player: P0,
            resource: Resource::Ore,
        },
        RuleError::WrongPhase {
            action: "play_monopoly",
            reason: "the robber must be moved",
        },
    );
    // Never on another player's turn.
    let mut pos = Pos::new(3);
    pos.dev(1, DevCard::Monopoly);
    rejects(
        &mut pos.g,
        Action::PlayMonopoly {
            player: P1,
            resource: Resource::Ore,
        },
        RuleError::NotYourTurn { player: P1 },
    );
}
