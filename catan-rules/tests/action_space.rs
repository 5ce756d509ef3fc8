//! The integer action space against the enumeration: in many random games (every variant
//! of chance, phases and player count), every legal action encodes to an id that decodes
//! back to it, no two legal actions share an id, the mask's bits are exactly the encoded
//! legal actions, and applying by id is applying the action.

use catan_rules::action_space::{ActionSpace, Block};
use catan_rules::{Action, ChanceMode, Game, MapKind, Rng, Rules};
use std::collections::BTreeSet;

fn check_games(rules: Rules, games: u64, seed: u64) -> (u64, u64) {
    let mut legal: Vec<Action> = Vec::new();
    let mut rng = Rng::new(seed);
    let mut checked = 0u64;
    let mut over_cap = 0u64;
    for g in 0..games {
        let mut game = Game::new(rules, seed + g).unwrap();
        let space = ActionSpace::new(game.board(), game.players());
        let mut mask = vec![0u64; space.words()];
        let mut steps = 0;
        while game.winner().is_none() && steps < 3000 {
            game.legal_actions(&mut legal);
            let mut ids = BTreeSet::new();
            let mut missing = 0;
            for a in &legal {
                match space.encode(a) {
                    Some(id) => {
                        assert!((id as usize) < space.len());
                        assert_eq!(space.decode(&game, id), Some(*a), "id {id}");
                        assert!(ids.insert(id), "two legal actions share id {id}: {a:?}");
                        checked += 1;
                    }
                    None => {
                        assert!(
                            matches!(a, Action::Discard { resources, .. }
                                if resources.total() > space.discard_cap() as u32),
                            "only over-cap discards lack ids: {a:?}"
                        );
                        missing += 1;
                        over_cap += 1;
                    }
                }
            }
            mask.fill(u64::MAX);
            assert_eq!(game.legal_mask(&space, &mut mask), missing);
            let bits: BTreeSet<u32> = (0..space.len() as u32)
                .filter(|&i| mask[i as usize / 64] >> (i % 64) & 1 != 0)
                .collect();
            assert_eq!(bits, ids);
            for w in &mask[space.words()..] {
                assert_eq!(*w, u64::MAX, "words past the space are left alone");
            }
            let a = legal[rng.below(legal.len() as u32) as usize];
            match space.encode(&a) {
                Some(id) => {
                    let mut by_id = game.clone();
                    by_id.apply_id(&space, id, &mut ()).unwrap();
                    game.apply(a).unwrap();
                    assert_eq!(by_id, game);
                }
                None => {
                    game.apply(a).unwrap();
                }
            }
            steps += 1;
        }
    }
    (checked, over_cap)
}

#[test]
fn round_trip_and_mask_match_enumeration_standard() {
    let (checked, _) = check_games(Rules::default(), 15, 11);
    assert!(checked > 5_000);
}

#[test]
fn round_trip_and_mask_match_enumeration_variants() {
    for (players, map, strict, friendly, chance) in [
        (3, MapKind::Beginner, false, false, ChanceMode::External),
        (2, MapKind::Variable, true, true, ChanceMode::Seeded),
        (4, MapKind::Random, false, true, ChanceMode::External),
        // The 5–6 player extension: its island, six seats' blocks, the Special Build Phase.
        (5, MapKind::Variable, false, false, ChanceMode::Seeded),
        (6, MapKind::Random, true, false, ChanceMode::External),
    ] {
        let rules = Rules {
            players,
            map,
            strict_phases: strict,
            friendly_robber: friendly,
            chance,
            ..Rules::default()
        };
        check_games(rules, 6, 3);
    }
}

#[test]
fn every_id_decodes_to_something_that_encodes_back() {
    let mut game = Game::new(Rules::default(), 3).unwrap();
    let space = ActionSpace::new(game.board(), game.players());
    let mut legal = Vec::new();
    // Reach a position where seat 0 owes a discard, so discard ids decode too.
    let mut rng = Rng::new(1);
    while game.discards_owed()[0] == 0 && game.winner().is_none() {
        game.legal_actions(&mut legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        game.apply(a).unwrap();
    }
    for id in 0..space.len() as u32 {
        let (block, _) = space.block_of(id).unwrap();
        match space.decode(&game, id) {
            Some(a) => assert_eq!(space.encode(&a), Some(id), "{block:?} {a:?}"),
            None => assert_eq!(block, Block::Discard, "id {id}"),
        }
    }
}
