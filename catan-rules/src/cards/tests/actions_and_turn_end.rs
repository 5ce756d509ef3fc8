//! Rule tests: action cards and counters, the end of the turn, the win, the event cards
//! and chance from outside.

use super::*;
// ------------------------------------------------------------------ action cards

/// Card Game rules, 'Laying Out the Playing Area' (ATTENTION): action cards cannot be
/// played until each player has had a turn; 'Changing a Card': cards taken this turn cannot
/// be played; 'Action Cards': played until the build phase.
#[test]
fn action_card_timing() {
    let mut g = setup();
    clear_hands(&mut g);
    let h = give(&mut g, P0, "trader");
    roll(&mut g, 6, 6);
    assert_eq!(
        g.check(&CardAction::PlayCard {
            player: P0,
            hand: h
        }),
        Err(CardError::FirstRound)
    );
    later_turn(&mut g);
    assert_eq!(
        g.check(&CardAction::PlayCard {
            player: P0,
            hand: h
        }),
        Ok(())
    );
    g.s.hands[0][h as usize].fresh = true;
    assert_eq!(
        g.check(&CardAction::PlayCard {
            player: P0,
            hand: h
        }),
        Err(CardError::NewCard)
    );
    g.s.hands[0][h as usize].fresh = false;
    fill(&mut g, P0, 3);
    g.apply(CardAction::BuildRoad {
        player: P0,
        side: Side::Left,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(
        g.check(&CardAction::PlayCard {
            player: P0,
            hand: h
        }),
        Err(CardError::AfterBuilding)
    );
}

/// Card Game rules, 'List of Action cards' (Black Knight, Herbalist) and 'Action Cards'
/// (counter cards answer immediately): a 4 succeeds alone, fails against a Herbalist; on a
/// failure the attacker loses a knight of the defender's choice.
#[test]
fn black_knight_and_herbalist() {
    for (counter, die, success) in [
        (false, 4, true),
        (true, 4, false),
        (true, 3, true),
        (false, 6, false),
    ] {
        let mut g = setup();
        later_turn(&mut g);
        clear_hands(&mut g);
        let bk = give(&mut g, P0, "black_knight");
        let herb = give(&mut g, P1, "herbalist");
        lay(&mut g, P1, UP, START_COL, "gotz");
        lay(&mut g, P0, UP, START_COL, "siegfried");
        roll(&mut g, 6, 6);
        g.apply(CardAction::PlayCard {
            player: P0,
            hand: bk,
        })
        .unwrap();
        assert_eq!(
            g.to_act(),
            crate::PlayerSet::EMPTY.with(P1),
            "the defender decides mid-turn"
        );
        if counter {
            g.apply(CardAction::Counter {
                player: P1,
                hand: herb,
            })
            .unwrap();
        } else {
            g.apply(CardAction::NoCounter { player: P1 }).unwrap();
        }
        let ev = g
            .apply(CardAction::DieOutcome {
                player: P0,
                value: die,
            })
            .unwrap();
        assert!(ev
            .iter()
            .any(|e| matches!(e, CardEvent::AttackRolled { success: s, .. } if *s == success)));
        let (chooser, owner, col) = if success {
            (P0, P1, START_COL)
        } else {
            (P1, P0, START_COL)
        };
        g.apply(CardAction::ChooseCard {
            player: chooser,
            col: col as u8,
            row: UP as u8,
        })
        .unwrap();
        assert!(g.cell(owner, UP, col).card.is_none(), "{counter} {die}");
        assert!(g
            .hand(owner)
            .iter()
            .any(|h| g.s.spec(h.card).class == Some(UpgradeClass::Knight) && h.fresh));
    }
}

/// Card Game rules, 'List of Action cards' (Bishop against Robbery or Firedevil): the
/// attacker also fails on 3, 4, 5; a failed Raid lets the defender take two.
#[test]
fn raid_and_bishop() {
    let mut g = setup();
    later_turn(&mut g);
    clear_hands(&mut g);
    let raid = give(&mut g, P0, "raid");
    let bishop = give(&mut g, P1, "bishop");
    roll(&mut g, 6, 6);
    g.apply(CardAction::PlayCard {
        player: P0,
        hand: raid,
    })
    .unwrap();
    g.apply(CardAction::Counter {
        player: P1,
        hand: bishop,
    })
    .unwrap();
    g.apply(CardAction::DieOutcome {
        player: P0,
        value: 3,
    })
    .unwrap();
    assert_eq!(
        g.decision(),
        CardDecision::Step {
            player: P1,
            step: Pending::Steal {
                taker: P1,
                victim: P0,
                n: 2
            }
        }
    );
    let before = g.stock(P1).total();
    g.apply(CardAction::ChooseResource {
        player: P1,
        resource: CardResource::Ore,
        landscapes: Turns::NONE,
    })
    .unwrap();
    g.apply(CardAction::ChooseResource {
        player: P1,
        resource: CardResource::Wool,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.stock(P1).total(), before + 2);
    assert_eq!(g.decision(), CardDecision::Main { player: P0 });
    assert_eq!(g.played(P1).len(), 1);
}

/// Card Game rules, 'List of Action cards' (the Spy): take a card from the opponent's hand
/// that can be played at once; the spy sees the hand while choosing.
#[test]
fn spy_sees_and_takes() {
    let mut g = setup();
    later_turn(&mut g);
    clear_hands(&mut g);
    let spy = give(&mut g, P0, "spy");
    give(&mut g, P1, "market");
    give(&mut g, P1, "caravan");
    roll(&mut g, 6, 6);
    assert!(g.view(Some(P0)).opponent_hand.is_none());
    g.apply(CardAction::PlayCard {
        player: P0,
        hand: spy,
    })
    .unwrap();
    assert_eq!(
        g.view(Some(P0)).opponent_hand.as_ref().map(Vec::len),
        Some(2)
    );
    assert!(g.view(Some(P1)).opponent_hand.is_none());
    assert_eq!(
        g.check(&CardAction::TakeFromHand {
            player: P0,
            index: 0
        }),
        Err(CardError::WrongCard)
    );
    g.apply(CardAction::TakeFromHand {
        player: P0,
        index: 1,
    })
    .unwrap();
    assert_eq!(g.hand(P0).len(), 1);
    assert!(!g.hand(P0)[0].fresh, "a spied card can be played at once");
    assert_eq!(
        g.check(&CardAction::PlayCard {
            player: P0,
            hand: 0
        }),
        Ok(())
    );
}

// ------------------------------------------------------------------ the end of the turn

/// Card Game rules, 'Replenishing Your Hand': the top card free, or 2 resources to search a
/// pile and take any card, the order kept; the turn ends with a full hand.
#[test]
fn replenish_both_ways_keeping_order() {
    let mut g = setup();
    clear_hands(&mut g);
    give(&mut g, P0, "market");
    roll(&mut g, 6, 6);
    let pile = PileId::development(3);
    let top = g.pile(pile)[0];
    g.apply(CardAction::Draw { player: P0, pile }).unwrap();
    assert_eq!(g.hand(P0)[1].card, top);
    assert!(g.hand(P0)[1].fresh);
    assert!(
        matches!(
            g.check(&CardAction::BuildRoad {
                player: P0,
                side: Side::Left,
                landscapes: Turns::NONE
            }),
            Err(CardError::WrongPhase { .. })
        ),
        "no building once replenishing has begun"
    );
    let before_stock = g.stock(P0).total();
    let pay = [Some(CardResource::Gold), Some(CardResource::Ore)];
    g.apply(CardAction::Search {
        player: P0,
        pile,
        pay,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.stock(P0).total(), before_stock - 2);
    let order = g.pile(pile).to_vec();
    let seen = g.view(Some(P0)).known_piles;
    assert!(seen.contains(&(pile, order.clone())));
    assert!(!g.view(Some(P1)).known_piles.iter().any(|(p, _)| *p == pile));
    g.apply(CardAction::Take {
        player: P0,
        index: 5,
    })
    .unwrap();
    let mut rest = order.clone();
    let taken = rest.remove(5);
    assert_eq!(g.pile(pile), &rest[..]);
    assert_eq!(g.hand(P0)[2].card, taken);
    assert_eq!(g.current_player(), P1, "a full hand ends the turn");
    // Seat 0 still knows the order (the change happened in its sight).
    assert!(g.view(Some(P0)).known_piles.contains(&(pile, rest.clone())));
    // Seat 1 draws its top card in plain sight: still known; it searches: forgotten.
    clear_hands(&mut g);
    roll(&mut g, 6, 6);
    g.apply(CardAction::Draw { player: P1, pile }).unwrap();
    assert!(g
        .view(Some(P0))
        .known_piles
        .iter()
        .any(|(p, c)| *p == pile && *c == rest[1..]));
    fill(&mut g, P1, 2);
    g.apply(CardAction::Search {
        player: P1,
        pile,
        pay,
        landscapes: Turns::NONE,
    })
    .unwrap();
    g.apply(CardAction::Take {
        player: P1,
        index: 3,
    })
    .unwrap();
    assert!(!g.view(Some(P0)).known_piles.iter().any(|(p, _)| *p == pile));
}

/// Card Game rules, 'Changing a Card': with a full hand, one card may be changed (slipped
/// under a pile, then a new one taken); newly taken cards are not playable this turn.
#[test]
fn changing_a_card() {
    let mut g = setup();
    later_turn(&mut g);
    clear_hands(&mut g);
    for c in ["market", "smithy", "cloister"] {
        give(&mut g, P0, c);
    }
    roll(&mut g, 6, 6);
    assert_eq!(
        g.check(&CardAction::Draw {
            player: P0,
            pile: PileId::development(0)
        }),
        Err(CardError::HandFull)
    );
    let pile = PileId::development(1);
    g.apply(CardAction::Exchange {
        player: P0,
        hand: 1,
        pile,
    })
    .unwrap();
    assert_eq!(*g.pile(pile).last().unwrap(), id(&g, "smithy"));
    assert_eq!(
        g.check(&CardAction::EndTurn { player: P0 }),
        Err(CardError::CannotEndTurn)
    );
    assert_eq!(
        g.check(&CardAction::Exchange {
            player: P0,
            hand: 0,
            pile
        }),
        Err(CardError::AlreadyExchanged)
    );
    g.apply(CardAction::Draw {
        player: P0,
        pile: PileId::development(2),
    })
    .unwrap();
    assert_eq!(g.current_player(), P1);
}

/// Card Game rules, 'Obeying the Event Die Roll' e) and 'Action Cards': above the hand
/// limit the surplus is discarded at once under a development pile of one's choice.
#[test]
fn discard_down_to_the_limit() {
    let mut g = setup();
    clear_hands(&mut g);
    for c in ["market", "smithy", "cloister"] {
        give(&mut g, P1, c);
    }
    lay(&mut g, P1, UP, START_COL, "gotz");
    let cw = from_piles(&mut g, "civil_war");
    g.s.piles[0].insert(0, cw);
    roll(&mut g, 5, 6);
    // Seat 1 chooses seat 0's unit (none), then seat 0 chooses seat 1's.
    g.apply(CardAction::ChooseCard {
        player: P0,
        col: START_COL as u8,
        row: UP as u8,
    })
    .unwrap();
    assert_eq!(g.hand(P1).len(), 4);
    assert_eq!(
        g.decision(),
        CardDecision::Step {
            player: P1,
            step: Pending::Discard { player: P1 }
        }
    );
    let pile = PileId::development(4);
    g.apply(CardAction::Discard {
        player: P1,
        hand: 0,
        pile,
    })
    .unwrap();
    assert_eq!(g.hand(P1).len(), 3);
    assert_eq!(*g.pile(pile).last().unwrap(), id(&g, "market"));
    assert_eq!(g.decision(), CardDecision::Main { player: P0 });
}

/// Card Game rules, 'End of the Game': the game ends the moment a player reaches 12.
#[test]
fn win_at_twelve_the_moment_it_is_reached() {
    let mut g = setup();
    clear_hands(&mut g);
    let colossus = give(&mut g, P0, "colossus");
    for col in [START_COL, START_COL + 2] {
        make_town(&mut g, P0, col);
    }
    lay(&mut g, P0, 0, START_COL, "library");
    lay(&mut g, P0, 4, START_COL, "town_hall");
    lay(&mut g, P0, 0, START_COL + 2, "church");
    lay(&mut g, P0, 4, START_COL + 2, "bath_house");
    lay(&mut g, P0, 1, START_COL + 2, "konrad"); // Knight token: 1
    roll(&mut g, 6, 6);
    assert_eq!(g.points(P0), 9);
    fill(&mut g, P0, 3);
    g.apply(CardAction::Expand {
        player: P0,
        hand: colossus,
        col: START_COL as u8,
        row: 1,
        landscapes: Turns::NONE,
    })
    .unwrap();
    assert_eq!(g.points(P0), 11);
    assert!(g.winner().is_none());
    // One more settlement makes 12: the game ends on the spot, before its landscapes.
    fill(&mut g, P0, 3);
    g.apply(CardAction::BuildRoad {
        player: P0,
        side: Side::Right,
        landscapes: Turns::NONE,
    })
    .unwrap();
    fill(&mut g, P0, 3);
    let ev = g
        .apply(CardAction::BuildSettlement {
            player: P0,
            side: Side::Right,
            landscapes: Turns::NONE,
        })
        .unwrap();
    assert_eq!(g.winner(), Some(P0));
    assert!(ev.contains(&CardEvent::Won {
        player: P0,
        points: 12
    }));
    assert_eq!(g.decision(), CardDecision::GameOver { winner: P0 });
    // A shorter game (the rules' tip): the target is an option.
    let mut g2 = setup();
    g2.s.rules.vp_target = 3;
    roll(&mut g2, 6, 6);
    fill(&mut g2, P0, 3);
    let ev = g2
        .apply(CardAction::BuildTown {
            player: P0,
            col: START_COL as u8,
            landscapes: Turns::NONE,
        })
        .unwrap();
    assert_eq!(g2.winner(), Some(P0));
    assert!(ev.contains(&CardEvent::Won {
        player: P0,
        points: 3
    }));
    assert_eq!(
        g2.check(&CardAction::EndTurn { player: P0 }),
        Err(CardError::GameOver)
    );
    let mut legal = Vec::new();
    g2.legal_actions(&mut legal);
    assert!(legal.is_empty());
}

/// Card Game rules, 'List of Action cards' (Alchemist): before the roll, the production die
/// is chosen; with external dice the outcome must agree.
#[test]
fn alchemist_sets_the_production_die() {
    let mut g = setup();
    later_turn(&mut g);
    clear_hands(&mut g);
    let h = give(&mut g, P0, "alchemist");
    g.apply(CardAction::PlayAlchemist {
        player: P0,
        hand: h,
        production: 4,
    })
    .unwrap();
    let roll = |e, p| CardAction::RollOutcome {
        player: P0,
        event: e,
        production: p,
    };
    assert_eq!(
        g.check(&roll(6, 5)),
        Err(CardError::AlchemistSet { chosen: 4 })
    );
    let ev = g.apply(roll(6, 4)).unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e, CardEvent::DiceRolled { production: 4, .. })));
}

fn top_event(g: &mut CardGame, name: &str) {
    let c = from_piles(g, name);
    g.s.piles[0].insert(0, c);
}

/// Card Game rules, 'List of Event cards': Bumper Harvest (+1 next to a warehouse),
/// Progress (a resource per cloister / library), Conflict (the Knight token holder returns
/// two of the opponent's cards), Master Builder (take one, give one back), New Year
/// (shuffle the event pile).
#[test]
fn event_cards() {
    // Bumper Harvest.
    let mut g = setup();
    lay(&mut g, P0, UP, START_COL, "fortified_warehouse"); // gold 6 and grain 1
    top_event(&mut g, "bumper_harvest");
    roll(&mut g, 5, 3);
    assert_eq!(g.s.grid()[0][UP][11].stock, 2);
    assert_eq!(g.s.grid()[0][UP][13].stock, 2);
    assert_eq!(g.s.grid()[0][UP][15].stock, 1);
    // Progress.
    let mut g = setup();
    lay(&mut g, P1, UP, START_COL, "cloister");
    top_event(&mut g, "progress");
    roll(&mut g, 5, 3);
    assert_eq!(
        g.decision(),
        CardDecision::Step {
            player: P1,
            step: Pending::Gain { player: P1, n: 1 }
        }
    );
    // Conflict.
    let mut g = setup();
    lay(&mut g, P0, UP, START_COL, "konrad");
    g.s.knight_token = Some(P0);
    top_event(&mut g, "conflict");
    roll(&mut g, 5, 3);
    assert_eq!(g.view(Some(P0)).opponent_hand.map(|h| h.len()), Some(3));
    let pile = PileId::development(2);
    for _ in 0..2 {
        g.apply(CardAction::ReturnFromHand {
            player: P0,
            index: 0,
            pile,
        })
        .unwrap();
    }
    assert_eq!(g.hand(P1).len(), 1);
    assert_eq!(g.decision(), CardDecision::Main { player: P0 });
    // Master Builder: the roller first.
    let mut g = setup();
    top_event(&mut g, "master_builder");
    roll(&mut g, 5, 3);
    for p in [P0, P1] {
        let pile = PileId::development(3);
        g.apply(CardAction::OpenPile { player: p, pile }).unwrap();
        g.apply(CardAction::Take {
            player: p,
            index: 2,
        })
        .unwrap();
        assert_eq!(g.hand(p).len(), 4);
        g.apply(CardAction::Discard {
            player: p,
            hand: 0,
            pile: PileId::development(4),
        })
        .unwrap();
        assert_eq!(g.hand(p).len(), 3);
    }
    assert_eq!(g.decision(), CardDecision::Main { player: P0 });
    // New Year with seeded chance: the generator shuffles at once.
    let mut g = CardGame::new(CardRules::default(), 4);
    let mut legal = Vec::new();
    while g.turn() == 0 {
        g.legal_actions(&mut legal);
        g.apply(legal[0]).unwrap();
    }
    top_event(&mut g, "new_year");
    let p = g.current_player();
    let mut found = false;
    for seed in 0..200 {
        let mut t = g.clone();
        t.s.rng = crate::Rng::new(seed);
        let e = t.apply(CardAction::Roll { player: p }).unwrap();
        if e.iter()
            .any(|x| matches!(x, CardEvent::EventCardDrawn { .. }))
        {
            assert!(e.contains(&CardEvent::Shuffled {
                pile: PileId::EVENTS
            }));
            assert_eq!(t.pile(PileId::EVENTS).len(), 10);
            found = true;
            break;
        }
    }
    assert!(found);
}

/// Chance from outside: with external chance the New Year's shuffle is supplied one
/// position at a time (each step picks among the cards not yet placed), so a referee or a
/// search decides the order; every step is listed.
#[test]
fn external_shuffle_step_by_step() {
    let mut g = setup();
    top_event(&mut g, "new_year");
    roll(&mut g, 5, 3);
    let before = g.pile(PileId::EVENTS).to_vec();
    assert!(matches!(
        g.decision(),
        CardDecision::Step {
            player: P0,
            step: Pending::Shuffle {
                pile: PileId::EVENTS,
                placed: 0,
                ..
            }
        }
    ));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal.len(), 10);
    // Each step puts the last card not yet placed into the next position.
    let mut ev = Vec::new();
    let mut expect = before.clone();
    for k in 0..9u8 {
        let last = 9 - k;
        expect.swap(k as usize, (k + last) as usize);
        ev = g
            .apply(CardAction::ShuffleStep {
                player: P0,
                index: last,
            })
            .unwrap();
    }
    assert!(ev.contains(&CardEvent::Shuffled {
        pile: PileId::EVENTS
    }));
    assert_eq!(g.pile(PileId::EVENTS), &expect[..]);
    assert_ne!(expect, before);
    assert_eq!(g.decision(), CardDecision::Main { player: P0 });
}
