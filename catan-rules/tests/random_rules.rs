//! Every `Rules` value is either refused or gives games that reach an end: random values of
//! every field (the whole range of each integer, every map, every switch) are validated,
//! and the accepted ones are played to a winner by random players, from Rust and through
//! the simulator. `discard_limit: 0` once stalled 181 of 300 random games and panicked
//! inside `sim`; a victory target beyond reach left games that no seat could win.

use catan_rules::{sim, ChanceMode, Game, Island, MapKind, Rules, RulesError, Vocabulary};
use proptest::prelude::*;

#[path = "common/cases.rs"]
mod cases;
use cases::config;

fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![1 => any::<u8>(), 4 => 2u8..=6],
        prop_oneof![
            Just(MapKind::Random),
            Just(MapKind::Variable),
            Just(MapKind::Beginner)
        ],
        prop_oneof![1 => any::<u8>(), 4 => 0u8..=14],
        prop_oneof![1 => any::<u8>(), 4 => 0u8..=12],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(Vocabulary::Standard), Just(Vocabulary::Zip)],
        prop_oneof![Just(ChanceMode::Seeded), Just(ChanceMode::External)],
        prop_oneof![
            4 => Just(Island::Auto),
            1 => Just(Island::Standard),
            1 => Just(Island::FiveSix)
        ],
        prop_oneof![Just(None), Just(Some(false)), Just(Some(true))],
    )
        .prop_map(
            |(
                players,
                map,
                vp_target,
                discard_limit,
                strict_phases,
                friendly_robber,
                vocabulary,
                chance,
                island,
                special_build_phase,
            )| Rules {
                players,
                map,
                vp_target,
                discard_limit,
                strict_phases,
                friendly_robber,
                vocabulary,
                chance,
                island,
                special_build_phase,
                ..Rules::default()
            },
        )
}

/// The shared configuration; about half the values drawn are refused (`prop_assume!`
/// skips them), so more rejects are allowed.
fn config_allowing_rejects(cases: u32) -> ProptestConfig {
    let c = config(cases);
    ProptestConfig {
        max_global_rejects: c.cases.saturating_mul(20).max(1024),
        ..c
    }
}

/// Random players (external chance: the player's generator supplies the outcomes, since
/// outcomes are part of the listed actions) until someone wins; `None` if `limit` actions
/// pass first or no action is listed.
fn play(rules: Rules, seed: u64, limit: usize) -> Option<u64> {
    let mut g = Game::new(rules, seed).ok()?;
    let mut legal = Vec::new();
    let mut x = seed | 1;
    for n in 0..limit as u64 {
        if g.winner().is_some() {
            return Some(n);
        }
        g.legal_actions_without_offers(&mut legal);
        if legal.is_empty() {
            return None;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let a = legal[(x % legal.len() as u64) as usize];
        g.apply(a).expect("listed actions are legal");
    }
    None
}

/// Games played per accepted value before it counts as one that gives no winner.
const GAMES_PER_VALUE: u64 = 3;

proptest! {
    #![proptest_config(config_allowing_rejects(64))]

    /// A value is refused exactly when a field is out of its documented range, and
    /// `Game::new` agrees with `Rules::validate`.
    #[test]
    fn refused_exactly_out_of_range(rules in any_rules(), seed in any::<u64>()) {
        let five_six = rules.players > 4;
        let expected = if !(2..=6).contains(&rules.players) {
            Err(RulesError::Players { players: rules.players })
        } else if rules.island != Island::Auto && rules.island.is_five_six(rules.players) != five_six {
            // The island must fit the count (5–6 player extension rules, components).
            Err(RulesError::Island {
                players: rules.players,
                island: rules.island,
                need: if five_six {
                    "5–6 players need the 5–6 player extension's 30-hex island"
                } else {
                    "the 30-hex island is for 5–6 players"
                },
            })
        } else if !(1..=Rules::MAX_VP_TARGET).contains(&rules.vp_target) {
            Err(RulesError::VpTarget { vp_target: rules.vp_target })
        } else if rules.discard_limit < Rules::MIN_DISCARD_LIMIT {
            Err(RulesError::DiscardLimit { discard_limit: rules.discard_limit })
        } else {
            Ok(())
        };
        prop_assert_eq!(rules.validate(), expected.clone());
        prop_assert_eq!(Game::new(rules, seed).is_ok(), expected.is_ok());
    }

    /// Accepted values give games that random players finish. One game of random play
    /// may lock itself with a target above 10: every seat short of the target, every
    /// settlement spot taken or cut off, no road that can still be placed and the deck
    /// empty, so that only rolls, maritime trades and the robber remain (about 1 game in
    /// 100 at a target of 12, with 4 or 6 players). Such a game is a position the rules
    /// allow, not a fault of the value; a value no game can finish fails all of its
    /// [`GAMES_PER_VALUE`] games.
    #[test]
    fn accepted_rules_give_games_that_end(rules in any_rules(), seed in any::<u64>()) {
        prop_assume!(rules.validate().is_ok());
        let seeds = || (0..GAMES_PER_VALUE).map(|k| seed.wrapping_add(k));
        let ended = seeds().any(|s| play(rules, s, 400_000).is_some());
        prop_assert!(ended, "no winner in {} games: {:?} seed {}", GAMES_PER_VALUE, rules, seed);
        if rules.chance == ChanceMode::Seeded {
            let ended = seeds().any(|s| sim::play_random(rules, s, false).winner.is_some());
            prop_assert!(ended, "sim: no winner in {} games: {:?} seed {}", GAMES_PER_VALUE, rules, seed);
        }
    }
}

/// The limits themselves: the highest target and the lowest discard limit, with the
/// fewest players, are played to the end.
#[test]
fn the_extremes_are_playable() {
    for players in [2, 4, 6] {
        let rules = Rules {
            players,
            vp_target: Rules::MAX_VP_TARGET,
            discard_limit: Rules::MIN_DISCARD_LIMIT,
            ..Rules::default()
        };
        for seed in 0..4 {
            assert!(
                play(rules, seed, 1_000_000).is_some(),
                "{players} players, seed {seed}"
            );
        }
    }
    for bad in [
        Rules {
            discard_limit: 0,
            ..Rules::default()
        },
        Rules {
            vp_target: Rules::MAX_VP_TARGET + 1,
            ..Rules::default()
        },
        Rules {
            vp_target: 0,
            ..Rules::default()
        },
        Rules {
            players: 7,
            ..Rules::default()
        },
        Rules {
            players: 5,
            island: Island::Standard,
            ..Rules::default()
        },
    ] {
        assert!(bad.validate().is_err());
        assert!(Game::new(bad, 1).is_err());
        assert_eq!(sim::play_random(bad, 1, false).actions, 0);
    }
}
