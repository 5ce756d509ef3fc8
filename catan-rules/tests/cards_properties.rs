//! Property tests of the card game: cards conserved, 0–3 units per landscape, listed ⇔
//! applicable, atomic errors, determinism, position round trips, and views that leak
//! neither the opponent's hand nor an unseen pile order.

use catan_rules::cards::{
    action_from_id, action_id, CardAction, CardEvent, CardGame, CardPosition, CardRules, PileId,
    ACTION_SPACE, MAX_STOCK,
};
use catan_rules::{ChanceMode, Player};
use proptest::prelude::*;

fn next(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *x >> 33
}

/// A random legal action (offers now and then).
fn choose(g: &CardGame, x: &mut u64, legal: &mut Vec<CardAction>) -> CardAction {
    g.legal_actions(legal);
    assert!(
        !legal.is_empty(),
        "a decision with no legal action: {:?}",
        g.decision()
    );
    let plain: Vec<_> = legal.iter().copied().filter(|a| !a.is_offer()).collect();
    if plain.is_empty() || next(x) % 25 == 0 {
        legal[next(x) as usize % legal.len()]
    } else {
        plain[next(x) as usize % plain.len()]
    }
}

fn rules(external: bool) -> CardRules {
    CardRules {
        chance: if external {
            ChanceMode::External
        } else {
            ChanceMode::Seeded
        },
        ..CardRules::default()
    }
}

/// Invariants after every step: 120 cards, 0–3 units on landscapes.
fn invariants(g: &CardGame) {
    assert_eq!(g.total_cards(), 120);
    for p in [Player(0), Player(1)] {
        for (_, _, _, stock, _) in &g.view(None).principalities[p.index()].cells {
            assert!(*stock <= MAX_STOCK);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Along a random game: every listed action applies; every id of the fixed action
    /// space is legal exactly when it is listed; refused actions change nothing. With and
    /// without the rule `choose_landscapes` (its picks are steps like any other).
    #[test]
    fn listed_iff_applicable_and_errors_are_atomic(seed in 0u64..10_000, external in any::<bool>(), by_steps in any::<bool>()) {
        let rules = CardRules { choose_landscapes: by_steps, ..rules(external) };
        let mut g = CardGame::new(rules, seed);
        let mut legal = Vec::new();
        let mut x = seed ^ 0x5555;
        for step in 0..400 {
            if g.winner().is_some() { break; }
            g.legal_actions(&mut legal);
            for a in &legal {
                prop_assert!(g.clone().apply(*a).is_ok(), "{a:?} listed but refused");
                if !a.is_offer() {
                    let id = action_id(a).expect("listed actions have ids");
                    prop_assert_eq!(action_from_id(id, a.player()), Some(*a));
                }
            }
            let seat = g.to_act().iter().next().unwrap_or(Player(0));
            for _ in 0..60 {
                let id = (next(&mut x) % ACTION_SPACE as u64) as u32;
                let Some(a) = action_from_id(id, seat) else { continue };
                // Every action of the id space, the one-for-one offers included: an offer
                // with a resource on both sides is refused, and a search's payment has one
                // id, lower resource first (docs/cards.md, "Where the rules are silent", 10).
                prop_assert_eq!(g.is_legal(&a), legal.contains(&a), "{:?} at step {}", a, step);
                if !g.is_legal(&a) {
                    let before = g.clone();
                    prop_assert!(g.apply(a).is_err());
                    prop_assert_eq!(&g, &before);
                }
            }
            let a = choose(&g, &mut x, &mut legal);
            g.apply(a).unwrap();
            invariants(&g);
        }
    }

    /// Same seed and same choices ⇒ same events and the same position.
    #[test]
    fn deterministic(seed in 0u64..10_000) {
        let run = || {
            let mut g = CardGame::new(rules(false), seed);
            let mut legal = Vec::new();
            let mut x = seed;
            let mut events: Vec<CardEvent> = Vec::new();
            for _ in 0..600 {
                if g.winner().is_some() { break; }
                let a = choose(&g, &mut x, &mut legal);
                events.extend(g.apply(a).unwrap());
            }
            (events, g.to_json())
        };
        prop_assert_eq!(run(), run());
    }

    /// A position written out and read back is the same game, and plays on the same.
    #[test]
    fn positions_round_trip(seed in 0u64..10_000, steps in 0usize..500) {
        let rules = CardRules { choose_landscapes: seed % 3 == 0, ..rules(seed % 2 == 0) };
        let mut g = CardGame::new(rules, seed);
        let mut legal = Vec::new();
        let mut x = seed;
        for _ in 0..steps {
            if g.winner().is_some() { break; }
            let a = choose(&g, &mut x, &mut legal);
            g.apply(a).unwrap();
        }
        let back = CardGame::from_json(&g.to_json()).unwrap();
        prop_assert_eq!(&back, &g);
        let mut a = g.clone();
        let mut b = back;
        let (mut xa, mut xb) = (seed, seed);
        for _ in 0..50 {
            if a.winner().is_some() { break; }
            let m = choose(&a, &mut xa, &mut legal);
            prop_assert_eq!(m, choose(&b, &mut xb, &mut legal));
            prop_assert_eq!(a.apply(m).unwrap(), b.apply(m).unwrap());
        }
    }

    /// A seat's view does not change when only what it may not know changes: the
    /// opponent's hand swapped with cards of a pile it has not seen, or that pile reordered.
    #[test]
    fn views_leak_neither_hand_nor_unseen_pile_order(seed in 0u64..10_000, steps in 10usize..400) {
        let mut g = CardGame::new(rules(false), seed);
        let mut legal = Vec::new();
        let mut x = seed;
        for _ in 0..steps {
            if g.winner().is_some() { break; }
            let a = choose(&g, &mut x, &mut legal);
            g.apply(a).unwrap();
        }
        for seat in [Player(0), Player(1)] {
            let view = g.view(Some(seat));
            if view.opponent_hand.is_some() { continue; }
            let known: Vec<PileId> = view.known_piles.iter().map(|(p, _)| *p).collect();
            let Some(hidden) = (5..10).map(PileId).find(|p| !known.contains(p) && g.pile(*p).len() >= 2) else { continue };
            let mut pos: CardPosition = g.to_position();
            let opp = 1 - seat.index();
            // Reorder the unseen pile, and swap the opponent's first card with its top.
            pos.piles[hidden.index()].reverse();
            if let Some(h) = pos.hands[opp].first_mut() {
                std::mem::swap(&mut h.card, &mut pos.piles[hidden.index()][0]);
            }
            let changed = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
            prop_assert_eq!(changed.view(Some(seat)), view);
            // The seat's redacted events of the opponent's draws hide the card too.
            let ev = CardEvent::DrewCard { player: Player(opp as u8), pile: hidden, card: Some(g.pile(hidden)[0]) };
            prop_assert_eq!(ev.redacted_for(Some(seat)), CardEvent::DrewCard { player: Player(opp as u8), pile: hidden, card: None });
        }
    }
}

/// Random games end with a winner (the 12 VP are reached) within a bounded number of
/// actions, in both chance modes.
#[test]
fn random_games_end_with_a_winner() {
    for seed in 0..6 {
        for external in [false, true] {
            let mut g = CardGame::new(rules(external), seed);
            let mut legal = Vec::new();
            let mut x = seed;
            let mut n = 0;
            while g.winner().is_none() && n < 40_000 {
                let a = choose(&g, &mut x, &mut legal);
                g.apply(a).unwrap();
                n += 1;
            }
            let w = g.winner().expect("a winner");
            assert!(g.points(w) >= 12);
        }
    }
}
