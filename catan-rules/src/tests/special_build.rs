//! The Special Build Phase (5–6 player extension rules (2015), "Special Build Phase"; the
//! publisher's FAQ on catan.com; Clarifications, "Resource loss"; docs/rulings.md §4, §19):
//! after each player's turn every other player in turn, starting with the one to the left,
//! may build and buy development cards, or pass. No trade of any kind, no development card
//! played, nobody wins during it; a card bought there is playable on the buyer's next turn.

use super::*;
use crate::game::Decision;
use crate::layouts::FIVE_SIX_LAND;
use crate::types::PlayerSet;

/// Land hex `i` of the 5–6 island (reading order) as test coordinates.
fn hex(i: usize) -> (i8, i8) {
    (FIVE_SIX_LAND[i].q, FIVE_SIX_LAND[i].r)
}

/// A 6-player game after set-up: `p`'s main phase, dice rolled.
fn six(p: u8) -> Pos {
    Pos::new(6).turn(p, Phase::Main)
}

fn end(p: u8) -> Action {
    Action::EndTurn { player: Player(p) }
}

#[test]
fn builders_after_each_seat_are_the_others_from_the_left() {
    // 5–6 player extension rules, "Special Build Phase": after a player's turn, the others
    // build one after another, starting with the player to the left; the player whose
    // turn ended does not build. Seat 5 finishing: 0, 1, 2, 3, 4, then seat 0's turn.
    for seat in 0..6u8 {
        let mut pos = six(seat);
        let turn = pos.g.turn();
        let ev = ok(&mut pos.g, end(seat));
        assert_eq!(
            ev,
            [
                Event::TurnEnded {
                    player: Player(seat)
                },
                Event::SpecialBuildStarted {
                    player: Player(seat)
                }
            ]
        );
        let mut builders = Vec::new();
        while let Decision::SpecialBuild { player, after } = pos.g.decision() {
            assert_eq!(after, Player(seat));
            assert_eq!(pos.g.special_build_after(), Some(Player(seat)));
            assert_eq!(pos.g.to_act(), PlayerSet::EMPTY.with(player));
            assert_eq!(pos.g.turn(), turn, "the phase is not a turn");
            audit(&pos.g);
            builders.push(player.0);
            let ev = ok(&mut pos.g, end(player.0));
            assert_eq!(ev[0], Event::SpecialBuildPassed { player });
        }
        let want: Vec<u8> = (1..6).map(|k| (seat + k) % 6).collect();
        assert_eq!(builders, want, "after seat {seat}");
        let next = Player((seat + 1) % 6);
        assert_eq!(pos.g.decision(), Decision::Roll { player: next });
        assert_eq!(pos.g.turn(), turn + 1);
        assert_eq!(pos.g.special_build_after(), None);
    }
    // The closing events: the last pass, the end of the phase, the next turn.
    let mut pos = six(5);
    ok(&mut pos.g, end(5));
    for p in 0..4 {
        ok(&mut pos.g, end(p));
    }
    let ev = ok(&mut pos.g, end(4));
    assert_eq!(
        ev,
        [
            Event::SpecialBuildPassed { player: Player(4) },
            Event::SpecialBuildEnded { player: Player(5) },
            Event::TurnStarted {
                player: P0,
                turn: pos.g.turn()
            }
        ]
    );
}

#[test]
fn builders_build_roads_settlements_cities_and_buy_cards() {
    // 5–6 player extension rules, "Special Build Phase": build roads, settlements, cities
    // and buy development cards, paying as usual.
    let mut pos = six(5);
    let (a, b) = (pos.node(hex(0), Corner::N), pos.node(hex(0), Corner::Ne));
    let c = pos.node(hex(0), Corner::Se);
    pos.settle(0, a);
    let ab = pos.edge(a, b);
    let bc = pos.edge(b, c);
    pos.road(0, ab).road(0, bc);
    let all = res(3, 3, 3, 4, 4);
    pos.give(0, all);
    ok(&mut pos.g, end(5));
    assert_eq!(
        pos.g.decision(),
        Decision::SpecialBuild {
            player: P0,
            after: Player(5)
        }
    );
    audit(&pos.g);
    let e = pos.side(hex(1), Side::Nw);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
    );
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: c,
        },
    );
    ok(
        &mut pos.g,
        Action::BuildCity {
            player: P0,
            node: a,
        },
    );
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
    );
    // 3 brick, 3 lumber, 3 wool, 4 grain, 4 ore less road (1,1), settlement (1,1,1,1),
    // city (2 grain, 3 ore), card (wool, grain, ore).
    assert_eq!(pos.g.hand(P0), res(1, 1, 1, 0, 0));
    assert_eq!(pos.g.pieces_on_board(P0), (3, 1, 1));
    assert_cards_conserved(&pos.g);
    audit(&pos.g);
}

#[test]
fn no_trade_no_card_play_no_roll_in_the_phase_and_only_the_builder_acts() {
    // 5–6 player extension rules and the FAQ on catan.com: no trade with players or the
    // bank, no development card played ("only on your own turn"); docs/rulings.md §19.
    let mut pos = six(2);
    pos.give(3, res(4, 4, 4, 4, 4));
    pos.dev(3, DevCard::Knight)
        .dev(3, DevCard::Monopoly)
        .dev(3, DevCard::RoadBuilding);
    pos.dev(3, DevCard::YearOfPlenty);
    ok(&mut pos.g, end(2));
    let p3 = Player(3);
    let wrong = |action: &'static str| RuleError::WrongPhase {
        action,
        reason: "only building and buying in the Special Build Phase",
    };
    let g = &mut pos.g;
    rejects(
        g,
        Action::MaritimeTrade {
            player: p3,
            give: Resource::Brick,
            get: Resource::Ore,
            rate: 4,
        },
        wrong("maritime_trade"),
    );
    rejects(
        g,
        Action::OfferTrade {
            player: p3,
            to: None,
            give: res(1, 0, 0, 0, 0),
            get: res(0, 1, 0, 0, 0),
        },
        wrong("offer_trade"),
    );
    let hex_id = HexId(pos_hex(g, hex(10)));
    rejects(
        g,
        Action::PlayKnight {
            player: p3,
            hex: hex_id,
            victim: None,
            resource: None,
        },
        wrong("play_knight"),
    );
    rejects(
        g,
        Action::PlayRoadBuilding { player: p3 },
        wrong("play_road_building"),
    );
    rejects(
        g,
        Action::PlayMonopoly {
            player: p3,
            resource: Resource::Ore,
        },
        wrong("play_monopoly"),
    );
    rejects(
        g,
        Action::PlayYearOfPlenty {
            player: p3,
            resources: res(1, 1, 0, 0, 0),
        },
        wrong("play_year_of_plenty"),
    );
    rejects(g, roll(p3, 3, 4), wrong("roll"));
    // The player whose turn ended, and those still waiting, may not build now.
    for q in [0u8, 1, 2, 4, 5] {
        rejects(
            g,
            Action::BuyDevelopmentCard {
                player: Player(q),
                card: Some(DevCard::Knight),
            },
            RuleError::NotYourTurn { player: Player(q) },
        );
    }
    audit(g);
}

fn pos_hex(g: &Game, h: (i8, i8)) -> u8 {
    g.board.hex_at(HexCoord::new(h.0, h.1)).unwrap().0
}

#[test]
fn nobody_wins_in_the_phase_the_win_comes_at_the_start_of_the_own_turn() {
    // docs/rulings.md §4, §19; the FAQ on catan.com: "you cannot win during the special
    // building phase", only on your own turn. Seat 0 reaches 10 in the phase after seat
    // 5's turn (a victory point card, which also stays hidden) and wins when its turn
    // starts, before the roll.
    let mut pos = six(5);
    for i in [0, 5, 12, 20] {
        let n = pos.node(hex(i), Corner::N);
        pos.city(0, n);
    }
    pos.dev(0, DevCard::VictoryPoint);
    pos.give(0, res(0, 0, 1, 1, 1));
    assert_eq!(pos.g.points(P0), 9);
    ok(&mut pos.g, end(5));
    let ev = ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::VictoryPoint),
        },
    );
    assert_eq!(pos.g.points(P0), 10);
    assert!(!ev.iter().any(|e| matches!(e, Event::GameWon { .. })));
    assert_eq!(pos.g.winner(), None);
    assert_eq!(pos.g.phase(), Phase::SpecialBuild);
    // The purchase stays hidden from the others: the card in the event, the points.
    let seen = Game::events_for(&ev, Some(P1));
    assert_eq!(
        seen,
        [Event::DevelopmentCardBought {
            player: P0,
            card: None
        }]
    );
    assert_eq!(pos.g.view(Some(P1)).players[0].public_points, 8);
    assert_eq!(pos.g.view(Some(P0)).own.unwrap().points, 10);
    ok(&mut pos.g, end(0));
    for p in 1..4 {
        ok(&mut pos.g, end(p));
    }
    let ev = ok(&mut pos.g, end(4));
    assert_eq!(
        ev.last(),
        Some(&Event::GameWon {
            player: P0,
            points: 10
        })
    );
    assert_eq!(pos.g.winner(), Some(P0));
    assert!(pos.g.dice().is_none(), "won before the roll");
}

#[test]
fn a_card_bought_in_the_phase_is_playable_on_the_buyers_next_turn() {
    // The FAQ on catan.com: a card bought in the Special Build Phase just before your turn
    // may be played on that turn (docs/rulings.md §19), before or after the roll.
    let mut pos = six(0);
    pos.give(1, res(0, 0, 1, 1, 1));
    ok(&mut pos.g, end(0));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P1,
            card: Some(DevCard::Monopoly),
        },
    );
    let monopoly = Action::PlayMonopoly {
        player: P1,
        resource: Resource::Ore,
    };
    assert!(!pos.g.is_legal(&monopoly), "not in the phase");
    for p in 1..6 {
        ok(&mut pos.g, end(p));
    }
    assert_eq!(pos.g.decision(), Decision::Roll { player: P1 });
    assert_eq!(pos.g.development_cards(P1).0[DevCard::Monopoly], 1);
    ok(&mut pos.g, monopoly);
}

#[test]
fn piece_limits_hold_in_the_phase() {
    // docs/rulings.md §12 (15 roads, 5 settlements, 4 cities a colour; the same for the
    // extension's colours, 5–6 player extension rules (2015), components), in the phase
    // as on one's own turn.
    let mut pos = six(3);
    let a = pos.node(hex(7), Corner::N);
    let b = pos.node(hex(7), Corner::Ne);
    pos.settle(4, a);
    let ab = pos.edge(a, b);
    pos.road(4, ab);
    pos.give(4, res(5, 5, 5, 5, 5));
    pos.g.seats[4].roads = 15;
    pos.g.seats[4].settlements = 5;
    pos.g.seats[4].cities = 4;
    ok(&mut pos.g, end(3));
    let p4 = Player(4);
    let e = pos.g.board.node(b).edges().find(|&e| e != ab).unwrap();
    rejects(
        &mut pos.g,
        Action::BuildRoad {
            player: p4,
            edge: e,
        },
        RuleError::NoPieceLeft {
            piece: crate::types::Piece::Road,
        },
    );
    rejects(
        &mut pos.g,
        Action::BuildCity {
            player: p4,
            node: a,
        },
        RuleError::NoPieceLeft {
            piece: crate::types::Piece::City,
        },
    );
    let far = pos.node(hex(29), Corner::S);
    rejects(
        &mut pos.g,
        Action::BuildSettlement {
            player: p4,
            node: far,
        },
        RuleError::NoPieceLeft {
            piece: crate::types::Piece::Settlement,
        },
    );
    audit(&pos.g);
    // One road back in the supply and the road is legal again.
    pos.g.seats[4].roads = 14;
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: p4,
            edge: e,
        },
    );
}

#[test]
fn the_phase_is_on_with_five_and_six_and_an_option_for_any_count() {
    // 5–6 player extension rules: the phase belongs to the 5–6 player game; the option
    // `special_build_phase` turns it on or off for any count (docs/rulings.md §19).
    for (players, option, on) in [
        (3, None, false),
        (4, None, false),
        (5, None, true),
        (6, None, true),
        (4, Some(true), true),
        (2, Some(true), true),
        (6, Some(false), false),
    ] {
        let r = Rules {
            special_build_phase: option,
            ..rules(players)
        };
        let mut pos = Pos::with_rules(r);
        ok(&mut pos.g, end(0));
        let want = if on {
            Decision::SpecialBuild {
                player: P1,
                after: P0,
            }
        } else {
            Decision::Roll { player: P1 }
        };
        assert_eq!(
            pos.g.decision(),
            want,
            "{players} players, option {option:?}"
        );
    }
    // With two players the one other player builds, then takes their turn.
    let r = Rules {
        special_build_phase: Some(true),
        ..rules(2)
    };
    let mut pos = Pos::with_rules(r);
    ok(&mut pos.g, end(0));
    ok(&mut pos.g, end(1));
    assert_eq!(pos.g.decision(), Decision::Roll { player: P1 });
}

#[test]
fn random_six_player_games_with_the_phase_end_with_a_winner() {
    // The whole game with six: set-up snake, turns and phases, no action out of order;
    // cards conserved with 24 of each (docs/rulings.md §6).
    for seed in 0..6 {
        let mut g = Game::new(
            Rules {
                map: MapKind::Random,
                ..Rules {
                    players: 6,
                    ..Rules::default()
                }
            },
            seed,
        )
        .unwrap();
        let mut legal = Vec::new();
        let mut rng = Rng::new(seed + 100);
        let mut saw_phase = false;
        let mut steps = 0;
        while g.winner().is_none() && steps < 60_000 {
            g.legal_actions_without_offers(&mut legal);
            let a = legal[rng.below(legal.len() as u32) as usize];
            let before = g.phase();
            g.apply(a).unwrap();
            saw_phase |= before == Phase::SpecialBuild;
            assert_cards_conserved(&g);
            steps += 1;
        }
        assert!(saw_phase);
        assert!(g.winner().is_some(), "seed {seed}: a winner");
    }
}
