//! Gold fields on a Seafarers map (the printed New Shores 4-player map), each test citing
//! its source: Seafarers rules, 'Gold fields' (each settlement next to a rolled gold field
//! takes one resource of its owner's choice, each city two) and docs/rulings.md §40 (how
//! the engine runs it: from what the bank holds, several players at once, one card at a
//! time or all at once, in set-up too, the choices public).
//!
//! The gold field used is `G10`, the gold 10 at axial `(5, 4)`.

use super::ships::sea;
use super::*;
use crate::action_space::{ActionSpace, Block};
use crate::game::Decision;
use crate::types::{PlayerSet, Terrain};

const G10: (i8, i8) = (5, 4);

fn gold(player: Player, resources: Resources) -> Action {
    Action::ChooseGold { player, resources }
}

/// New Shores, player 0 to roll; player 0 has a settlement on G10's north corner and
/// player 1 a city on its south corner.
fn rolling() -> Pos {
    let mut p = sea();
    assert_eq!(p.g.board.hex(p.hex(G10)).terrain, Terrain::Gold);
    let (n, s) = (p.node(G10, Corner::N), p.node(G10, Corner::S));
    p.settle(0, n).city(1, s);
    p.set_turn(0, Phase::Roll);
    p
}

fn owed(g: &Game) -> [u8; 6] {
    g.gold_owed()
}

#[test]
fn a_gold_field_pays_one_pick_per_settlement_and_two_per_city() {
    // Seafarers rules, 'Gold fields': 1 resource of the owner's choice per settlement, 2
    // per city; several owners choose at once, in any order, before the turn goes on
    // (docs/rulings.md §40).
    let mut p = rolling();
    let ev = ok(&mut p.g, roll(P0, 4, 6));
    assert!(ev.contains(&Event::GoldOwed {
        amounts: [1, 2, 0, 0, 0, 0]
    }));
    assert_eq!(
        p.g.decision(),
        Decision::GoldChoice {
            players: PlayerSet::EMPTY.with(P0).with(P1),
            amounts: [1, 2, 0, 0, 0, 0],
        }
    );
    assert_eq!(p.g.to_act(), PlayerSet::EMPTY.with(P0).with(P1));
    audit(&p.g);
    // Nothing else goes on meanwhile.
    rejects(
        &mut p.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "waiting for gold-field choices",
        },
    );
    rejects(
        &mut p.g,
        gold(P2_, res(0, 0, 0, 0, 1)),
        RuleError::NotYourTurn { player: P2_ },
    );
    rejects(
        &mut p.g,
        gold(P0, res(0, 0, 0, 1, 1)),
        RuleError::WrongGoldChoice { need: 1, given: 2 },
    );
    rejects(
        &mut p.g,
        gold(P0, Resources::EMPTY),
        RuleError::WrongGoldChoice { need: 1, given: 0 },
    );
    // The listed choices: each card for P0, each pair for P1.
    let listed = p.g.legal_actions_vec();
    let of = |q: Player| listed.iter().filter(|a| a.player() == q).count();
    assert_eq!((of(P0), of(P1)), (5, 15));
    // P1 first, one card of the two; then P0; then P1 again.
    let bank = p.g.bank();
    let ev = ok(&mut p.g, gold(P1, res(0, 0, 0, 0, 1)));
    assert_eq!(
        ev,
        vec![Event::GoldChosen {
            player: P1,
            resources: res(0, 0, 0, 0, 1)
        }]
    );
    assert_eq!(owed(&p.g), [1, 1, 0, 0, 0, 0]);
    audit(&p.g);
    ok(&mut p.g, gold(P0, res(0, 0, 0, 1, 0)));
    assert_eq!(p.g.to_act(), PlayerSet::EMPTY.with(P1));
    ok(&mut p.g, gold(P1, res(0, 0, 1, 0, 0)));
    assert_eq!(owed(&p.g), [0; 6]);
    assert_eq!(p.g.decision(), Decision::Main { player: P0 });
    assert_eq!(p.g.hand(P0), res(0, 0, 0, 1, 0));
    assert_eq!(p.g.hand(P1), res(0, 0, 1, 0, 1));
    let mut paid = bank;
    paid.sub(&res(0, 0, 1, 1, 1));
    assert_eq!(p.g.bank(), paid);
    assert_cards_conserved(&p.g);
    audit(&p.g);
}

#[test]
fn gold_comes_only_from_what_the_bank_holds() {
    // docs/rulings.md §7 and §40: a choice names only cards the bank holds; with fewer
    // cards in the bank than picks owed, one claimant takes what there is and several
    // take nothing (as the shortage rule, docs/rulings.md §6).
    let mut p = rolling();
    p.bank(Resource::Ore, 0);
    ok(&mut p.g, roll(P0, 4, 6));
    rejects(
        &mut p.g,
        gold(P0, res(0, 0, 0, 0, 1)),
        RuleError::BankEmpty {
            resource: Resource::Ore,
        },
    );
    assert!(!p.g.legal_actions_vec().iter().any(
        |a| matches!(a, Action::ChooseGold { resources, .. } if resources[Resource::Ore] > 0)
    ));
    audit(&p.g);

    // Two cards left for three picks of two players: nobody takes any.
    let mut p = rolling();
    for r in Resource::ALL {
        p.bank(r, 0);
    }
    p.bank(Resource::Wool, 2);
    let ev = ok(&mut p.g, roll(P0, 4, 6));
    assert!(ev.contains(&Event::GoldShortage {
        claimants: 2,
        paid: None
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::GoldOwed { .. })));
    assert_eq!(p.g.decision(), Decision::Main { player: P0 });

    // One card left for P1's city alone: P1 takes it.
    let mut p = sea();
    p.city(1, p.node(G10, Corner::S));
    p.set_turn(0, Phase::Roll);
    for r in Resource::ALL {
        p.bank(r, 0);
    }
    p.bank(Resource::Brick, 1);
    let ev = ok(&mut p.g, roll(P0, 5, 5));
    assert!(ev.contains(&Event::GoldShortage {
        claimants: 1,
        paid: Some(P1)
    }));
    assert_eq!(owed(&p.g), [0, 1, 0, 0, 0, 0]);
    assert_eq!(p.g.legal_actions_vec(), vec![gold(P1, res(1, 0, 0, 0, 0))]);
    ok(&mut p.g, gold(P1, res(1, 0, 0, 0, 0)));
    assert_eq!(p.g.bank().total(), 0);
}

#[test]
fn a_robbed_gold_field_pays_nothing() {
    // Catan base rules, 5th ed., 'Robber' (a hex under the robber produces nothing), for a
    // gold field as for any other (Seafarers rules, 'Gold fields').
    let mut p = rolling();
    p.robber(G10);
    let ev = ok(&mut p.g, roll(P0, 4, 6));
    assert!(ev.contains(&Event::RobberBlocked { hex: p.hex(G10) }));
    assert!(!ev.iter().any(|e| matches!(e, Event::GoldOwed { .. })));
    assert_eq!(owed(&p.g), [0; 6]);
    assert_eq!(p.g.decision(), Decision::Main { player: P0 });
}

#[test]
fn a_second_set_up_settlement_on_gold_takes_a_pick() {
    // Seafarers rules, 'Gold fields' with Base rules, 'Set-up Phase': the second
    // settlement's hexes pay one card each; a gold field pays one of the owner's choice,
    // chosen before the set-up road. The first settlement pays nothing.
    let sea_board = sea().g.board.clone();
    let r = rules(4);
    let first = |step: u8| {
        let mut g = Game::blank(r, sea_board.clone(), Rng::new(1));
        g.setup_step = step;
        g.current = g.setup_player(step);
        g
    };
    let node = sea().node(G10, Corner::N);
    let mut g = first(0);
    let ev = ok(&mut g, Action::BuildSettlement { player: P0, node });
    assert!(!ev.iter().any(|e| matches!(e, Event::GoldOwed { .. })));
    assert_eq!(g.phase(), Phase::SetupRoad);

    let mut g = first(4);
    let p3 = Player(3);
    let ev = ok(&mut g, Action::BuildSettlement { player: p3, node });
    let golds = g
        .board
        .node(node)
        .hexes()
        .filter(|&h| g.board.hex(h).terrain == Terrain::Gold)
        .count() as u8;
    assert!(golds >= 1);
    assert!(ev.contains(&Event::GoldOwed {
        amounts: [0, 0, 0, golds, 0, 0]
    }));
    assert_eq!(g.phase(), Phase::SetupRoad);
    assert!(matches!(g.decision(), Decision::GoldChoice { .. }));
    audit(&g);
    let road = g.board.node(node).edges().next().unwrap();
    assert!(matches!(
        g.apply(Action::BuildRoad {
            player: p3,
            edge: road
        }),
        Err(RuleError::WrongPhase { .. })
    ));
    let hand = g.hand(p3);
    for _ in 0..golds {
        ok(&mut g, gold(p3, res(0, 0, 0, 0, 1)));
    }
    assert_eq!(g.hand(p3)[Resource::Ore], hand[Resource::Ore] + golds);
    assert_eq!(g.decision(), Decision::SetupRoad { player: p3, node });
    assert_cards_conserved(&g);
    audit(&g);
}

#[test]
fn gold_choices_are_public() {
    // docs/rulings.md §40: the cards are taken from the supply in the open, so the choice,
    // and who still owes how many, are shown to every seat.
    let mut p = rolling();
    ok(&mut p.g, roll(P0, 4, 6));
    let ev = ok(&mut p.g, gold(P1, res(0, 1, 0, 0, 0)));
    for viewer in [None, Some(P0), Some(P2_)] {
        assert_eq!(Game::events_for(&ev, viewer), ev);
        let v = p.g.view(viewer);
        assert_eq!(v.players[0].gold_owed, 1);
        assert_eq!(v.players[1].gold_owed, 1);
        assert!(matches!(v.decision, Decision::GoldChoice { .. }));
    }
    // Each seat's own options are its own choices only.
    let mut mine = Vec::new();
    p.g.legal_actions_for(P0, &mut mine);
    assert!(!mine.is_empty() && mine.iter().all(|a| a.player() == P0));
    p.g.legal_actions_for(P2_, &mut mine);
    assert!(mine.is_empty());
}

#[test]
fn gold_ids_follow_every_other_block_one_card_at_a_time() {
    // docs/agents.md: the gold block comes last, empty on a map without gold; each seat
    // that owes picks has one id per resource the bank holds, and the mask is never empty
    // while someone must choose.
    let base = Pos::new(4);
    let s = ActionSpace::new(&base.g.board, 4);
    assert_eq!(s.offset(Block::Gold) as usize, s.len());
    let mut p = rolling();
    let s = ActionSpace::new(&p.g.board, 4);
    assert_eq!(s.len() - s.offset(Block::Gold) as usize, 5 * 4);
    ok(&mut p.g, roll(P0, 4, 6));
    let mut mask = vec![0u64; s.words()];
    assert_eq!(p.g.legal_mask(&s, &mut mask), 0);
    let ids: Vec<u32> = (0..s.len() as u32)
        .filter(|&i| mask[i as usize / 64] >> (i % 64) & 1 == 1)
        .collect();
    let base_id = s.offset(Block::Gold);
    assert_eq!(ids, (base_id..base_id + 10).collect::<Vec<_>>());
    for &id in &ids {
        let a = s.decode(&p.g, id).unwrap();
        assert_eq!(s.encode(&a), Some(id));
        assert_eq!(s.describe(id).unwrap().seat, (id - base_id) as i8 / 5);
    }
    p.g.legal_mask_for(P1, &s, &mut mask);
    let ones: u32 = mask.iter().map(|w| w.count_ones()).sum();
    assert_eq!(ones, 5);
    // Seat 1 takes its two cards by id, one at a time.
    p.g.apply_id(&s, base_id + 5 + 4, &mut ()).unwrap();
    p.g.apply_id(&s, base_id + 5 + 4, &mut ()).unwrap();
    assert_eq!(p.g.hand(P1), res(0, 0, 0, 0, 2));
    assert_eq!(owed(&p.g), [1, 0, 0, 0, 0, 0]);
}

#[test]
fn a_position_mid_gold_choice_round_trips() {
    // docs/position.md: picks owed are part of a position; ones that cannot occur are
    // refused.
    // A real game (random legal play on the map) up to its first gold choice.
    let board = sea().g.board.clone();
    let r = Rules {
        chance: ChanceMode::Seeded,
        ..rules(4)
    };
    let mut g = Game::blank(r, board, Rng::new(3));
    let mut pick = Rng::new(5);
    let mut legal = Vec::new();
    let mut steps = 0;
    while !g.gold_pending() {
        g.legal_actions(&mut legal);
        let a = legal[pick.below(legal.len() as u32) as usize];
        g.apply(a).unwrap();
        steps += 1;
        assert!(steps < 20_000 && g.winner().is_none(), "no gold rolled");
    }
    let pos = g.to_position();
    let owing: Vec<u8> = pos.players.iter().map(|q| q.gold_owed).collect();
    assert_eq!(owing, g.gold_owed()[..4].to_vec());
    assert!(serde_json::to_string(&pos)
        .unwrap()
        .contains("\"gold_owed\":"));
    let back = Game::from_position(pos.clone()).unwrap();
    assert_eq!(back, g);
    // Picks owed in the roll phase, or more than the bank holds, cannot occur.
    let mut bad = pos.clone();
    bad.phase = Phase::Roll;
    bad.dice = None;
    assert!(Game::from_position(bad).is_err());
    let mut bad = pos;
    bad.players[2].gold_owed = 120;
    let errs = Game::from_position(bad).unwrap_err();
    assert!(errs.0.iter().any(|e| matches!(
        e,
        crate::position::PositionError::PhaseInconsistent {
            reason: "more gold is owed than the bank holds",
            ..
        }
    )));
}
