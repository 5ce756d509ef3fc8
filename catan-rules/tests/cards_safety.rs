//! Safety of the Catan Card Game against crafted input: positions whose pending steps,
//! seats, piles, phases or turns cannot be, rules out of range, outcomes only the referee
//! supplies, and what a seat or a spectator learns while a pile is shuffled from outside
//! or a Spy takes a card. Each regression test below failed before the loader and the
//! seat API were tightened; the property test plays on from randomly broken positions.

#[path = "common/cases.rs"]
mod cases;

use catan_rules::cards::{
    action_id, Attack, CardAction, CardDecision, CardEngineError, CardEvent, CardGame,
    CardPosition, CardPositionError, CardRules, CardRulesError, Effect, Pending, Phase, PileId,
    PosCell, Purpose, ACTION_SPACE,
};
use catan_rules::engine::Engine;
use catan_rules::{ChanceMode, Player, Rng};
use proptest::prelude::*;

fn external() -> CardRules {
    CardRules {
        chance: ChanceMode::External,
        ..CardRules::default()
    }
}

/// Plays random actions (the referee's outcomes included) until `stop` holds; `None` if the
/// game ends first.
fn play_until(
    mut g: CardGame,
    seed: u64,
    mut stop: impl FnMut(&CardGame) -> bool,
) -> Option<CardGame> {
    let mut r = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..5_000 {
        if stop(&g) {
            return Some(g);
        }
        if g.winner().is_some() {
            return None;
        }
        g.legal_actions(&mut legal);
        legal.retain(|a| !a.is_offer());
        let a = legal[r.below(legal.len() as u32) as usize];
        g.apply(a).unwrap();
    }
    None
}

fn load(pos: &CardPosition) -> Result<CardGame, Vec<CardPositionError>> {
    CardGame::from_json(&serde_json::to_string(pos).unwrap()).map_err(|e| e.0)
}

/// The position of a game in its main phase, turn 3 or later, nothing pending, the player
/// to move's principality not yet grown to the left of its start.
fn main_phase_position(seed: u64, rules: CardRules) -> (CardGame, Player) {
    for s in seed.. {
        let g = play_until(CardGame::new(rules, s), s, |g| {
            let p = g.current_player();
            g.turn() >= 3
                && g.decision() == CardDecision::Main { player: p }
                && g.cell(p, 2, 11).card.is_none()
                && !g.hand(p).is_empty()
        });
        if let Some(g) = g {
            let p = g.current_player();
            return (g, p);
        }
    }
    unreachable!()
}

fn card_name(g: &CardGame, effect: Effect) -> String {
    g.catalogue()
        .cards
        .iter()
        .find(|c| c.effect == effect)
        .map(|c| c.id.clone())
        .unwrap()
}

/// Puts a card named `name` at `hand[0]` of seat `p` (swapped with wherever it was).
fn give_card(pos: &mut CardPosition, p: Player, name: &str) {
    let mine = pos.hands[p.index()][0].card.clone();
    if mine == name {
        pos.hands[p.index()][0].fresh = false;
        return;
    }
    let spot = pos
        .piles
        .iter_mut()
        .flat_map(|pile| pile.iter_mut())
        .chain(
            pos.hands
                .iter_mut()
                .flat_map(|h| h.iter_mut().map(|c| &mut c.card)),
        )
        .find(|c| **c == name)
        .expect("a card of that kind outside the table");
    *spot = mine;
    pos.hands[p.index()][0].card = name.to_owned();
    pos.hands[p.index()][0].fresh = false;
}

/// `pos` with a road and a new settlement left of seat `p`'s start (column 10), its
/// landscapes pending.
fn with_new_settlement(pos: &mut CardPosition, p: Player) {
    let road = pos.piles[PileId::ROADS.index()].remove(0);
    let settlement = pos.piles[PileId::SETTLEMENTS.index()].remove(0);
    for (col, card) in [(11, road), (10, settlement)] {
        pos.principalities[p.index()].push(PosCell {
            row: 2,
            col,
            card,
            stock: 0,
            under: None,
        });
    }
    pos.built = true;
    pos.pending = vec![Pending::Landscapes { player: p, col: 10 }];
}

// ------------------------------------------------------------------ crafted positions

/// Steps naming seat 7 or pile 200 are refused, each named, all at once (before, the
/// position loaded and every listing call panicked).
#[test]
fn steps_naming_a_seat_or_pile_that_does_not_exist_are_refused_together() {
    let (g, p) = main_phase_position(1, CardRules::default());
    let mut pos = g.to_position();
    pos.pending = vec![
        Pending::Gain {
            player: Player(7),
            n: 1,
        },
        Pending::Search {
            player: p,
            pile: PileId(200),
            purpose: Purpose::Replenish,
            n: 1,
        },
        Pending::Spend { player: p, n: 200 },
    ];
    let errs = load(&pos).unwrap_err();
    for index in 0..3 {
        assert!(
            errs.iter()
                .any(|e| matches!(e, CardPositionError::BadStep { index: i, .. } if *i == index)),
            "step {index} not named: {errs:?}"
        );
    }
}

/// A turn that does not fit the starter and the player to move, and a main phase without
/// dice, are refused (Card Game rules, 'Course of the Game: Overview': the players take
/// turns, each beginning with the roll of both dice).
#[test]
fn a_turn_that_does_not_fit_is_refused() {
    let (g, p) = main_phase_position(2, CardRules::default());
    let mut pos = g.to_position();
    pos.current = catan_rules::cards::opponent(p);
    pos.dice = None;
    let errs = load(&pos).unwrap_err();
    let text: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert!(
        text.iter().any(|t| t.contains("player to move")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|t| t.contains("after the dice")),
        "{text:?}"
    );
    let mut pos = g.to_position();
    pos.turn = 0;
    assert!(load(&pos).is_err());
}

/// A position in which an automatic step is due (production waiting first) is not one the
/// game ever waits in, and is refused rather than left stuck.
#[test]
fn a_position_with_an_automatic_step_due_is_refused() {
    let (g, _) = main_phase_position(3, CardRules::default());
    let mut pos = g.to_position();
    pos.pending = vec![Pending::Production];
    assert!(load(&pos).is_err());
}

/// Victory targets and hand limits out of range are a typed error in every entry point:
/// 0 or 2 points are reached before anyone acts (two starting settlements: Card Game
/// rules, 'Laying Out the Playing Area'), 255 never, and a hand limit of 0 leaves nothing
/// to play (Card Game rules, 'Replenishing Your Hand': the limit is 3).
#[test]
fn rules_out_of_range_are_refused() {
    for (rules, err) in [
        (
            CardRules {
                vp_target: 0,
                ..CardRules::default()
            },
            CardRulesError::VpTarget { vp_target: 0 },
        ),
        (
            CardRules {
                vp_target: 2,
                ..CardRules::default()
            },
            CardRulesError::VpTarget { vp_target: 2 },
        ),
        (
            CardRules {
                vp_target: 255,
                ..CardRules::default()
            },
            CardRulesError::VpTarget { vp_target: 255 },
        ),
        (
            CardRules {
                hand_limit: 0,
                ..CardRules::default()
            },
            CardRulesError::HandLimit { hand_limit: 0 },
        ),
        (
            CardRules {
                hand_limit: CardRules::MAX_HAND_LIMIT + 1,
                ..CardRules::default()
            },
            CardRulesError::HandLimit {
                hand_limit: CardRules::MAX_HAND_LIMIT + 1,
            },
        ),
    ] {
        assert_eq!(rules.validate(), Err(err));
        assert_eq!(CardGame::try_new(rules, 1).err(), Some(err));
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(
            <CardGame as Engine>::from_rules_json(&json, 1).err(),
            Some(CardEngineError::Rules(err))
        );
        let mut pos = CardGame::new(CardRules::default(), 1).to_position();
        pos.rules = rules;
        let errs = load(&pos).unwrap_err();
        assert!(
            errs.contains(&CardPositionError::Rules { error: err }),
            "{errs:?}"
        );
    }
    for vp_target in CardRules::MIN_VP_TARGET..=CardRules::MAX_VP_TARGET {
        let r = CardRules {
            vp_target,
            ..CardRules::default()
        };
        assert_eq!(r.validate(), Ok(()));
    }
}

// ------------------------------------------------------------------ the referee's outcomes

/// With external chance, while the die of an attack is owed nobody is to act, and no seat
/// may send the outcome; the referee applies it (Card Game rules, 'Action Cards': the
/// attacker's die decides a Black Knight, Arsonist or Raid).
#[test]
fn an_attack_die_is_the_referees_alone() {
    let (g, p) = main_phase_position(4, external());
    let mut pos = g.to_position();
    pos.pending = vec![Pending::AttackDie {
        attacker: p,
        attack: Attack::Raid,
        countered: true,
    }];
    let mut g = load(&pos).unwrap();
    assert!(g.to_act().is_empty());
    let die = CardAction::DieOutcome {
        player: p,
        value: 3,
    };
    for seat in [Player(0), Player(1)] {
        assert_eq!(
            g.check_as(seat, &die),
            Err(catan_rules::cards::CardError::NotYourTurn { player: seat })
        );
        let mut v = Vec::new();
        g.legal_actions_for(seat, &mut v);
        assert!(v.is_empty());
    }
    let mut by_id = g.clone();
    by_id.apply_id(action_id(&die).unwrap()).unwrap();
    g.apply(die).unwrap();
    assert_eq!(by_id, g);
    assert!(!g.to_act().is_empty());
}

/// The Scout's seat looks through the landscape pile (Card Game rules, 'Action Cards',
/// Scout), which is then shuffled. With external chance the order it saw means nothing once
/// the shuffle is queued: no seat's view lists the pile during or after the shuffle, and
/// nobody is to act while the referee sends the steps.
#[test]
fn a_seat_forgets_a_pile_as_soon_as_its_shuffle_is_queued() {
    let (g, p) = main_phase_position(5, external());
    let mut pos = g.to_position();
    give_card(
        &mut pos,
        p,
        &card_name(&g, Effect::ChooseSettlementLandscapes),
    );
    with_new_settlement(&mut pos, p);
    let mut g = load(&pos).unwrap();
    g.apply(CardAction::PlayScout { player: p, hand: 0 })
        .unwrap();
    let knows = |g: &CardGame, seat: Player| {
        g.view(Some(seat))
            .known_piles
            .iter()
            .any(|(pile, _)| *pile == PileId::LANDSCAPES)
    };
    assert!(knows(&g, p));
    g.apply(CardAction::ScoutPick {
        player: p,
        above: 0,
        below: 1,
    })
    .unwrap();
    let mut steps = 0;
    while let CardDecision::Step {
        step: Pending::Shuffle { .. },
        ..
    } = g.decision()
    {
        assert!(!knows(&g, p) && !knows(&g, catan_rules::cards::opponent(p)));
        assert!(g.to_act().is_empty());
        g.apply(CardAction::ShuffleStep {
            player: p,
            index: 0,
        })
        .unwrap();
        steps += 1;
    }
    assert!(
        steps > 2,
        "the landscape pile was shuffled in {steps} steps"
    );
    assert!(!knows(&g, p));
}

/// The card a Spy takes is seen by both seats (one chose it, the other held it) and by no
/// spectator (Card Game rules, 'Action Cards', Spy).
#[test]
fn a_spectator_does_not_see_the_card_a_spy_takes() {
    let (g, p) = main_phase_position(6, CardRules::default());
    let mut pos = g.to_position();
    give_card(&mut pos, p, &card_name(&g, Effect::StealPlayableCard));
    let other = catan_rules::cards::opponent(p);
    let knight = g
        .catalogue()
        .cards
        .iter()
        .find(|c| c.class == Some(catan_rules::cards::UpgradeClass::Knight))
        .map(|c| c.id.clone())
        .unwrap();
    give_card(&mut pos, other, &knight);
    let mut g = load(&pos).unwrap();
    g.apply(CardAction::PlayCard { player: p, hand: 0 })
        .unwrap();
    let ev = g
        .apply(CardAction::TakeFromHand {
            player: p,
            index: 0,
        })
        .unwrap();
    let took = *ev
        .iter()
        .find(|e| matches!(e, CardEvent::TookFromHand { .. }))
        .unwrap();
    let hidden = CardEvent::TookFromHand {
        player: p,
        card: None,
    };
    assert_eq!(CardGame::events_for(&[took], None), vec![hidden]);
    for seat in [p, other] {
        assert_eq!(CardGame::events_for(&[took], Some(seat)), vec![took]);
    }
    assert!(matches!(
        took,
        CardEvent::TookFromHand { card: Some(_), .. }
    ));
}

// ------------------------------------------------------------------ crafted positions, at random

/// Breaks one field of a position's JSON, chosen by `kind`, with `v` as the new value's
/// randomness: seats, piles, counts and columns of pending steps, new steps, the phase, the
/// turn, the seats, the dice, the rules, pile knowledge, offers and drawn cards.
fn mutate(pos: &mut serde_json::Value, kind: u8, v: u64, names: &[String]) {
    use serde_json::json;
    let small = |v: u64| -> u64 {
        match v % 4 {
            0 => v >> 8 & 0xff,
            _ => v >> 8 & 3,
        }
    };
    let steps = [
        json!({"step": "gain", "player": small(v), "n": small(v >> 3)}),
        json!({"step": "steal", "taker": small(v), "victim": small(v >> 5), "n": small(v >> 3)}),
        json!({"step": "discard", "player": small(v)}),
        json!({"step": "search", "player": small(v), "pile": v >> 7 & 0xff, "purpose": "replenish", "n": small(v >> 3)}),
        json!({"step": "choose_card", "chooser": small(v), "owner": small(v >> 5), "target": "knight"}),
        json!({"step": "counter", "defender": small(v), "attack": "raid"}),
        json!({"step": "attack_die", "attacker": small(v), "attack": "black_knight", "countered": v & 1 == 1}),
        json!({"step": "spy", "player": small(v)}),
        json!({"step": "conflict", "chooser": small(v), "n": small(v >> 3)}),
        json!({"step": "landscapes", "player": small(v), "col": v >> 7 & 0x1f}),
        json!({"step": "place_drawn", "player": small(v), "col": v >> 7 & 0x1f}),
        json!({"step": "scout_pick", "player": small(v), "col": v >> 7 & 0x1f}),
        json!({"step": "shuffle", "player": small(v), "pile": small(v >> 5), "placed": v >> 7 & 0x3f}),
        json!({"step": "answer", "player": small(v)}),
        json!({"step": "choose_pile", "player": small(v), "purpose": "master_builder"}),
        json!({"step": "put_back", "player": small(v)}),
        json!({"step": "production"}),
    ];
    let step = steps[(v >> 20) as usize % steps.len()].clone();
    let o = pos.as_object_mut().unwrap();
    match kind % 14 {
        0 | 1 => {
            let pending = o["pending"].as_array_mut().unwrap();
            let at = (v >> 40) as usize % (pending.len() + 1);
            pending.insert(at, step);
        }
        2 => o["pending"] = json!([step]),
        3 => {
            let phases = ["start", "opening", "roll", "main", "over"];
            o["phase"] = json!(phases[v as usize % 5]);
        }
        4 => o["turn"] = json!(v % 8),
        5 => o["current"] = json!(small(v)),
        6 => {
            o["starter"] = if v & 1 == 0 {
                json!(null)
            } else {
                json!(small(v >> 1))
            }
        }
        7 => {
            o["dice"] = if v & 1 == 0 {
                json!(null)
            } else {
                json!([v >> 1 & 7, v >> 4 & 7])
            }
        }
        8 => o["rules"]["vp_target"] = json!(v % 20),
        9 => o["rules"]["hand_limit"] = json!(v % 10),
        10 => o["known"][(v & 1) as usize] = json!(v >> 1 & 0xffff),
        11 => {
            // A card swapped between a hand and a pile, or renamed.
            let p = (v & 1) as usize;
            let hand = o["hands"][p].as_array_mut().unwrap();
            let at = (v >> 1) as usize % hand.len().max(1);
            if let Some(c) = hand.get_mut(at) {
                c["card"] = json!(names[(v >> 9) as usize % names.len()]);
            }
        }
        12 => {
            o["offer"] = json!({"give": {"brick": v & 3}, "get": {"ore": v >> 2 & 3}});
        }
        _ => {
            o["drawn"] = json!([names[v as usize % names.len()]]);
            o["alchemist"] = json!(v >> 8 & 7);
        }
    }
}

/// A loaded game stays playable: every query answers, the decision has a legal action (or
/// is an outcome the referee supplies), every listed action applies, and the positions it
/// goes through load again.
fn plays_on(mut g: CardGame, seed: u64) -> Result<(), TestCaseError> {
    let mut legal = Vec::new();
    let mut mask = vec![false; ACTION_SPACE as usize];
    let mut r = Rng::new(seed);
    for _ in 0..12 {
        for seat in [None, Some(Player(0)), Some(Player(1)), Some(Player(9))] {
            let _ = g.view(seat);
        }
        for seat in [Player(0), Player(1)] {
            g.legal_actions_for(seat, &mut legal);
            let _ = g.legal_mask_for(seat, &mut mask);
        }
        g.legal_mask(&mut mask);
        let _ = (g.to_act(), g.decision(), g.to_ascii(), g.to_json());
        g.legal_actions(&mut legal);
        if g.winner().is_some() {
            prop_assert!(legal.is_empty());
            return Ok(());
        }
        prop_assert!(!legal.is_empty(), "stuck at {:?}", g.decision());
        let a = legal[r.below(legal.len() as u32) as usize];
        g.apply(a)
            .map_err(|e| TestCaseError::fail(format!("{a:?}: {e}")))?;
        if let Err(e) = CardGame::from_json(&g.to_json()) {
            return Err(TestCaseError::fail(format!("own position refused: {e}")));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases::config(48))]

    /// Randomly broken positions either load and play on without a panic, or are refused
    /// with at least one problem per broken part named.
    #[test]
    fn crafted_positions_load_and_play_or_are_refused(
        seed in 0u64..5_000,
        steps in 0usize..200,
        ext in any::<bool>(),
        muts in proptest::collection::vec((any::<u8>(), any::<u64>()), 1..4),
    ) {
        let rules = if ext { external() } else { CardRules::default() };
        let mut g = CardGame::new(rules, seed);
        let mut r = Rng::new(seed);
        let mut legal = Vec::new();
        for _ in 0..steps {
            if g.winner().is_some() { break; }
            g.legal_actions(&mut legal);
            legal.retain(|a| !a.is_offer());
            g.apply(legal[r.below(legal.len() as u32) as usize]).unwrap();
        }
        let names: Vec<String> = g.catalogue().cards.iter().map(|c| c.id.clone()).collect();
        let mut pos = serde_json::to_value(g.to_position()).unwrap();
        for &(kind, v) in &muts {
            mutate(&mut pos, kind, v, &names);
        }
        match CardGame::from_json(&pos.to_string()) {
            Err(e) => {
                prop_assert!(!e.0.is_empty());
                prop_assert!(e.0.iter().all(|p| !p.to_string().is_empty()));
            }
            Ok(g) => plays_on(g, seed)?,
        }
    }
}

/// Every problem at once: broken rules, a broken step and a broken turn in one position
/// give three errors, one of each family.
#[test]
fn every_problem_of_a_crafted_position_is_named_at_once() {
    let (g, _) = main_phase_position(7, CardRules::default());
    let mut pos = g.to_position();
    pos.rules.vp_target = 200;
    pos.pending = vec![Pending::Discard { player: Player(5) }];
    pos.phase = Phase::Roll;
    let errs = load(&pos).unwrap_err();
    assert!(errs
        .iter()
        .any(|e| matches!(e, CardPositionError::Rules { .. })));
    assert!(errs
        .iter()
        .any(|e| matches!(e, CardPositionError::BadStep { index: 0, .. })));
    assert!(errs
        .iter()
        .any(|e| matches!(e, CardPositionError::Inconsistent { .. })));
}

/// A card changed while the hand is above its limit (a Spy's card, a knight sent home) is
/// still replaced: the player "slips the card face down under any one of the development
/// piles, then he can take a new card" (Card Game rules, 'Changing a Card'). Before, neither the draw nor the end of the turn was legal and the
/// game could not go on (found by the crafted-position property).
#[test]
fn a_changed_card_is_replaced_above_the_hand_limit() {
    let (g, p) = main_phase_position(8, CardRules::default());
    let mut pos = g.to_position();
    let limit = g.hand_limit(p);
    while pos.hands[p.index()].len() <= limit {
        let card = pos.piles[5].pop().unwrap();
        pos.hands[p.index()].push(catan_rules::cards::PosHandCard { card, fresh: false });
    }
    let mut g = load(&pos).unwrap();
    g.apply(CardAction::Exchange {
        player: p,
        hand: 0,
        pile: PileId::development(0),
    })
    .unwrap();
    assert!(g.hand(p).len() >= limit);
    let draw = CardAction::Draw {
        player: p,
        pile: PileId::development(1),
    };
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&draw), "{legal:?}");
    g.apply(draw).unwrap();
    assert_ne!(g.current_player(), p);
}
