//! Rule tests: building, upgrades, tokens and trade ("Card Game rules, 'Development of the
//! Principality'", "'Exchanging Raw Materials'").

use super::*;
// ------------------------------------------------------------------ building

/// Card Game rules, 'Development of the Principality', Roads: next to a settlement, never
/// next to another road; settlements only beyond a road.
#[test]
fn road_adjacency_and_settlement_sites() {
    let mut g = setup();
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    for side in [Side::Left, Side::Right] {
        assert_eq!(
            g.check(&CardAction::BuildSettlement {
                player: P0,
                side,
                landscapes: Turns::NONE
            }),
            Err(CardError::BadSite)
        );
    }
    g.apply(CardAction::BuildRoad {
        player: P0,
        side: Side::Right,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(
        g.s.spec(g.cell(P0, MIDDLE, START_COL + 3).card.unwrap())
            .kind,
        CardKind::Road
    );
    assert_eq!(
        g.check(&CardAction::BuildRoad {
            player: P0,
            side: Side::Right,
            landscapes: Turns::NONE
        }),
        Err(CardError::BadSite),
        "two roads never next to each other"
    );
    fill(&mut g, P0, 3);
    assert_eq!(
        g.check(&CardAction::BuildSettlement {
            player: P0,
            side: Side::Right,
            landscapes: Turns::NONE
        }),
        Ok(())
    );
    assert_eq!(
        g.check(&CardAction::BuildRoad {
            player: P0,
            side: Side::Left,
            landscapes: Turns::NONE
        }),
        Ok(())
    );
    // Costs: road 2 brick + 1 lumber (catalogue).
    let mut g = setup();
    roll(&mut g, 6, 6);
    assert_eq!(
        g.check(&CardAction::BuildRoad {
            player: P0,
            side: Side::Left,
            landscapes: Turns::NONE
        }),
        Err(CardError::CannotAfford)
    );
}

/// Card Game rules, 'Development of the Principality', Settlements: two landscapes drawn
/// from the pile, laid above and below by the builder's choice, with no units; 1 VP.
#[test]
fn settlement_draws_two_landscapes_placed_by_the_builder() {
    let mut g = setup();
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    g.apply(CardAction::BuildRoad {
        player: P0,
        side: Side::Left,
        landscapes: Turns::NONE,
    })
    .unwrap();
    g.apply(CardAction::BuildSettlement {
        player: P0,
        side: Side::Left,
        landscapes: Turns::NONE,
    })
    .unwrap();
    let col = START_COL - 2;
    assert_eq!(
        g.decision(),
        CardDecision::Step {
            player: P0,
            step: Pending::Landscapes {
                player: P0,
                col: col as u8
            }
        }
    );
    let top2 = [g.pile(PileId::LANDSCAPES)[0], g.pile(PileId::LANDSCAPES)[1]];
    g.apply(CardAction::DrawLandscapes { player: P0 }).unwrap();
    assert_eq!(g.view(Some(P0)).drawn, top2.to_vec());
    assert!(g.view(Some(P1)).drawn.is_empty());
    g.apply(CardAction::PlaceLandscapes {
        player: P0,
        swap: true,
    })
    .unwrap();
    assert_eq!(g.cell(P0, UP, col - 1).card, Some(top2[1]));
    assert_eq!(g.cell(P0, DOWN, col - 1).card, Some(top2[0]));
    assert_eq!(g.cell(P0, UP, col - 1).stock, 0);
    assert_eq!(g.pile(PileId::LANDSCAPES).len(), 9);
    assert_eq!(g.points(P0), 3);
    assert_eq!(g.total_cards(), 120);
}

/// Card Game rules, 'List of Action cards' (Scout): pick the two landscapes from the pile,
/// which is shuffled afterwards.
#[test]
fn scout_picks_landscapes() {
    let mut g = setup();
    later_turn(&mut g);
    clear_hands(&mut g);
    let h = give(&mut g, P0, "scout");
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    g.apply(CardAction::BuildRoad {
        player: P0,
        side: Side::Right,
        landscapes: Turns::NONE,
    })
    .unwrap();
    g.apply(CardAction::BuildSettlement {
        player: P0,
        side: Side::Right,
        landscapes: Turns::NONE,
    })
    .unwrap();
    g.apply(CardAction::PlayScout {
        player: P0,
        hand: h,
    })
    .unwrap();
    let pile = g.pile(PileId::LANDSCAPES).to_vec();
    assert!(g
        .view(Some(P0))
        .known_piles
        .iter()
        .any(|(p, c)| *p == PileId::LANDSCAPES && *c == pile));
    g.apply(CardAction::ScoutPick {
        player: P0,
        above: 7,
        below: 2,
    })
    .unwrap();
    // External chance: the shuffle afterwards comes from outside, step by step.
    while let CardDecision::Step {
        step: Pending::Shuffle { .. },
        ..
    } = g.decision()
    {
        g.apply(CardAction::ShuffleStep {
            player: P0,
            index: 0,
        })
        .unwrap();
    }
    let col = START_COL + 5;
    assert_eq!(g.cell(P0, UP, col).card, Some(pile[7]));
    assert_eq!(g.cell(P0, DOWN, col).card, Some(pile[2]));
    assert!(
        g.view(Some(P0))
            .known_piles
            .iter()
            .all(|(p, _)| *p != PileId::LANDSCAPES),
        "shuffled: order unknown again"
    );
}

/// Card Game rules, 'Development of the Principality', Towns: on a settlement, 2 VP.
#[test]
fn town_on_settlement() {
    let mut g = setup();
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    assert_eq!(
        g.check(&CardAction::BuildTown {
            player: P0,
            col: (START_COL + 1) as u8,
            landscapes: Turns::NONE
        }),
        Err(CardError::BadSite)
    );
    g.apply(CardAction::BuildTown {
        player: P0,
        col: START_COL as u8,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.points(P0), 3);
    assert!(g.cell(P0, MIDDLE, START_COL).under.is_some());
    assert_eq!(
        g.check(&CardAction::BuildTown {
            player: P0,
            col: START_COL as u8,
            landscapes: Turns::NONE
        }),
        Err(CardError::BadSite)
    );
}

/// Card Game rules, 'Development of the Principality', Settlements / Towns / Red
/// Upgrades: a settlement takes 2 green upgrades (above and below), a town 4; red
/// upgrades on towns only.
#[test]
fn upgrade_slots_and_red_on_towns_only() {
    let mut g = setup();
    clear_hands(&mut g);
    let knight = give(&mut g, P0, "siegfried");
    let red = give(&mut g, P0, "market");
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    let c = START_COL as u8;
    let expand = |hand, row| CardAction::Expand {
        player: P0,
        hand,
        col: c,
        row,
        landscapes: Turns::NONE,
    };
    assert_eq!(
        g.check(&expand(red, 1)),
        Err(CardError::BadSlot),
        "red needs a town"
    );
    assert_eq!(
        g.check(&expand(knight, 0)),
        Err(CardError::BadSlot),
        "outer slot needs a town"
    );
    assert_eq!(
        g.check(&CardAction::Expand {
            player: P0,
            hand: knight,
            col: c + 1,
            row: 1,
            landscapes: Turns::NONE
        }),
        Err(CardError::BadSlot)
    );
    assert_eq!(g.check(&expand(knight, 1)), Ok(()));
    assert_eq!(g.check(&expand(knight, 3)), Ok(()));
    g.apply(CardAction::BuildTown {
        player: P0,
        col: c,
        landscapes: Turns::NONE,
    })
    .unwrap();
    fill(&mut g, P0, 3);
    for row in [0, 1, 3, 4] {
        assert_eq!(g.check(&expand(knight, row)), Ok(()), "row {row}");
        assert_eq!(g.check(&expand(red, row)), Ok(()), "row {row}");
    }
    g.apply(expand(knight, 1)).unwrap();
    assert_eq!(
        g.check(&expand(0, 1)),
        Err(CardError::BadSlot),
        "slot taken"
    );
    assert_eq!(g.strength(P0), 1);
}

/// Card Game rules, 'Course of the Game: Overview' (Knight and Mill tokens): more strength
/// takes the Knight token; a town and more trade points the Mill token; a tie sets a token
/// aside. Each is 1 VP.
#[test]
fn tokens_and_ties() {
    let mut g = setup();
    clear_hands(&mut g);
    let k = give(&mut g, P0, "konrad"); // strength 2
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 3);
    g.apply(CardAction::Expand {
        player: P0,
        hand: k,
        col: START_COL as u8,
        row: 1,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.knight_token(), Some(P0));
    assert_eq!(g.points(P0), 3);
    lay(
        &mut g,
        P1,
        UP,
        START_COL,
        "konrad".replace("konrad", "hagen").as_str(),
    ); // 1
    lay(&mut g, P1, DOWN, START_COL, "siegfried"); // 1: a tie at 2
    fill(&mut g, P0, 3);
    g.apply(CardAction::BankTrade {
        player: P0,
        give: CardResource::Ore,
        get: CardResource::Ore,
        landscapes: Turns::NONE,
    })
    .unwrap_err();
    g.apply(CardAction::BankTrade {
        player: P0,
        give: CardResource::Gold,
        get: CardResource::Brick,
        landscapes: Turns::NONE,
    })
    .unwrap_err();
    g.s.set_stock(P0, UP, 11, 3);
    set_stock(&mut g, P0, CardResource::Brick, 0);
    g.apply(CardAction::BankTrade {
        player: P0,
        give: CardResource::Gold,
        get: CardResource::Brick,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.knight_token(), None, "a tie sets the token aside");
    assert_eq!(g.points(P0), 2);
    // Trade points count only with a town.
    let mut g = setup();
    lay(&mut g, P0, UP, START_COL, "wool_fleet");
    roll(&mut g, 6, 6);
    assert_eq!(g.mill_token(), None);
    assert_eq!(g.trade_points(P0), 0);
    make_town(&mut g, P0, START_COL + 2);
    g.apply(CardAction::EndTurn { player: P0 }).unwrap();
    assert_eq!(g.mill_token(), Some(P0));
}

// ------------------------------------------------------------------ trade

/// Card Game rules, 'Exchanging Raw Materials', a) Trade: 3:1, 2:1 with the fleet of that
/// resource; the opponent trades freely by offer and answer.
#[test]
fn trade_rates_and_offers() {
    let mut g = setup();
    roll(&mut g, 6, 6);
    fill(&mut g, P0, 0);
    set_stock(&mut g, P0, CardResource::Lumber, 2);
    let t = CardAction::BankTrade {
        player: P0,
        give: CardResource::Lumber,
        get: CardResource::Ore,
        landscapes: Turns::NONE,
    };
    assert_eq!(g.check(&t), Err(CardError::CannotAfford));
    lay(&mut g, P0, DOWN, START_COL, "lumber_fleet");
    g.apply(t).unwrap();
    assert_eq!(g.stock(P0).get(CardResource::Lumber), 0);
    assert_eq!(g.stock(P0).get(CardResource::Ore), 1);
    let offer = CardAction::Offer {
        player: P0,
        give: CardResources::one(CardResource::Ore),
        get: CardResources::one(CardResource::Wool),
    };
    g.apply(offer).unwrap();
    assert_eq!(g.to_act(), crate::PlayerSet::EMPTY.with(P1));
    g.apply(CardAction::Accept { player: P1 }).unwrap();
    assert_eq!(g.stock(P0).get(CardResource::Wool), 1);
    assert_eq!(g.stock(P1).get(CardResource::Ore), 2);
}
