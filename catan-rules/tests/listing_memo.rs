//! The listing memo (`catan_rules::game::ListingMemo`) changes how fast a listing is, never
//! what it lists: random games are played to the end with one memo shared by two games
//! stepped in turn (so that it sees both boards, and pieces of each game that the other
//! lacks), and at every step the list with the memo is the list without it, with and
//! without domestic offers. Every rule the listing follows is the one the other property
//! tests check against the rulebooks; this file checks only that the memo is invisible.
//! A debug build also compares every result the memo reuses with the one worked out again.

use catan_rules::game::ListingMemo;
use catan_rules::{ChanceMode, Game, MapKind, Rng, Rules, Scenario};
use proptest::prelude::*;

#[path = "common/cases.rs"]
mod cases;
use cases::config;

/// Steps `a` and `b` in turn with random choices until both are over (or `steps` actions
/// each), asserting at every step that one shared memo lists what no memo lists. Returns
/// the actions applied.
fn play_pair(mut a: Game, mut b: Game, seed: u64, steps: u32) -> u32 {
    let mut applied = 0;
    // Either memo, the one that allocates its robber moves at once or at their first use.
    let mut memo = if seed % 2 == 0 {
        ListingMemo::new()
    } else {
        ListingMemo::lazy()
    };
    let mut policy = Rng::new(seed);
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for step in 0..steps {
        let mut moved = false;
        for g in [&mut a, &mut b] {
            if g.winner().is_some() {
                continue;
            }
            g.legal_actions_with(&mut memo, &mut with);
            g.legal_actions(&mut without);
            assert_eq!(with, without, "step {step}: all actions");
            g.legal_actions_without_offers_with(&mut memo, &mut with);
            g.legal_actions_without_offers(&mut without);
            assert_eq!(with, without, "step {step}: without offers");
            if without.is_empty() {
                continue;
            }
            let pick = without[policy.below(without.len() as u32) as usize];
            g.apply(pick).expect("a listed action applies");
            applied += 1;
            moved = true;
        }
        if !moved {
            break;
        }
    }
    applied
}

fn rules_for(kind: u8, players: u8, friendly: bool, external: bool) -> Rules {
    let mut rules = match kind {
        0 => Rules::default(),
        1 => Rules {
            map: MapKind::Beginner,
            ..Rules::default()
        },
        k => Rules::scenario(Scenario::ALL[(k - 2) as usize % Scenario::ALL.len()]),
    };
    rules.players = players;
    rules.friendly_robber = friendly;
    if external {
        rules.chance = ChanceMode::External;
    }
    rules
}

proptest! {
    #![proptest_config(config(6))]

    /// Base and Seafarers boards, 3 to 6 players, the friendly robber: the memo's lists are
    /// the plain lists at every step of two games sharing it.
    #[test]
    fn a_memo_lists_what_no_memo_lists(
        seed in any::<u64>(),
        kind in 0u8..6,
        players in 3u8..=6,
        friendly in any::<bool>(),
    ) {
        let mut rules = rules_for(kind, players, friendly, false);
        if Game::new(rules, seed).is_err() {
            // A map without room for this many seats: four, as printed.
            rules.players = 4;
        }
        let a = Game::new(rules, seed).expect("valid rules");
        let b = Game::new(rules, seed.wrapping_add(1)).expect("the same rules");
        // Both games are played past the set-up into building and robbing.
        prop_assert!(play_pair(a, b, seed, 3_000) > 400);
    }
}

/// External chance lists every stolen card, and a game's board may be dealt twice: the
/// same games with one memo throughout.
#[test]
fn a_memo_follows_external_chance_and_a_new_game_on_the_same_memo() {
    for (seed, kind) in [(3, 0), (4, 1), (5, 2)] {
        let rules = rules_for(kind, 4, false, true);
        let a = Game::new(rules, seed).expect("valid rules");
        let b = Game::new(rules, seed).expect("valid rules");
        // Two games of the same seed: the same pieces at the same steps on two boards.
        assert_eq!(play_pair(a, b, seed, 400), 800);
    }
}
