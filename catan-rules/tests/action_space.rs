//! The integer action space against the enumeration: in many random games (every map,
//! 2–4 players, every variant of chance, with and without domestic offers in the mask),
//! every legal action but a discard of several cards encodes to an id that decodes back to
//! it, no two legal actions share an id, the mask's bits are exactly the encoded legal
//! actions with discards offered one card at a time (docs/rulings.md §38), the mask is
//! never empty while the game is on, the id listings are the masks' bits, every masked id
//! applies (checked, and unchecked with the same result), and applying by id is applying
//! the action. Ids round-trip through the id table ([`ActionSpace::describe`]).

use catan_rules::action_space::{ActionSpace, Block};
use catan_rules::{Action, ChanceMode, Game, MapKind, Phase, Player, Resource, Rng, Rules};
use std::collections::BTreeSet;

fn bits(space: &ActionSpace, mask: &[u64]) -> BTreeSet<u32> {
    (0..space.len() as u32)
        .filter(|&i| mask[i as usize / 64] >> (i % 64) & 1 != 0)
        .collect()
}

/// Plays `games` random games, half the moves chosen from the mask (so that discards are
/// made card by card) and half from `legal_actions`; checks every state. Returns the
/// number of states checked and of one-card discards applied by id.
fn check_games(rules: Rules, games: u64, seed: u64) -> (u64, u64) {
    let mut legal: Vec<Action> = Vec::new();
    let mut rng = Rng::new(seed);
    let mut states = 0u64;
    let mut card_discards = 0u64;
    for g in 0..games {
        let mut game = Game::new(rules, seed + g).unwrap();
        let space = ActionSpace::new(game.board(), game.players());
        let mut mask = vec![0u64; space.words() + 1];
        let mut no_offers = vec![0u64; space.words()];
        let mut seat_mask = vec![0u64; space.words()];
        let mut id_list = Vec::new();
        let mut memo = catan_rules::game::ListingMemo::default();
        let mut steps = 0;
        while game.winner().is_none() && steps < 3000 {
            game.legal_actions(&mut legal);
            let mut ids = BTreeSet::new();
            for a in &legal {
                match space.encode(a) {
                    Some(id) => {
                        assert!((id as usize) < space.len());
                        assert_eq!(space.decode(&game, id), Some(*a), "id {id}");
                        assert!(ids.insert(id), "two legal actions share id {id}: {a:?}");
                        let row = space.describe(id).unwrap();
                        assert_eq!((row.id, row.kind), (id, a.kind()));
                    }
                    None => assert!(
                        matches!(a, Action::Discard { resources, .. } if resources.total() > 1),
                        "only discards of several cards lack ids: {a:?}"
                    ),
                }
            }
            // Discards: one id per card kind held, for every seat that owes cards.
            if game.phase() == Phase::Discard {
                ids.retain(|&id| space.block_of(id).unwrap().0 != Block::Discard);
                for q in 0..game.players() {
                    if game.discards_owed()[q as usize] == 0 {
                        continue;
                    }
                    let hand = game.hand(Player(q));
                    for r in Resource::ALL {
                        if hand[r] > 0 {
                            ids.insert(
                                space.offset(Block::Discard) + 5 * q as u32 + r.index() as u32,
                            );
                        }
                    }
                }
            }
            mask.fill(u64::MAX);
            assert_eq!(game.legal_mask(&space, &mut mask), 0);
            assert_eq!(
                mask[space.words()],
                u64::MAX,
                "words past the space are left alone"
            );
            let got = bits(&space, &mask);
            assert_eq!(got, ids);
            assert!(
                !got.is_empty(),
                "an empty mask while the game is on: {:?}",
                game.decision()
            );
            // Without offers: the same mask less the offer block, never empty either.
            game.legal_mask_with(&space, &mut no_offers, false);
            let plain = bits(&space, &no_offers);
            let offers = space.offset(Block::Offer)..space.offset(Block::Offer) + 20;
            let expect: BTreeSet<u32> = got
                .iter()
                .copied()
                .filter(|id| !offers.contains(id))
                .collect();
            assert_eq!(plain, expect);
            assert!(!plain.is_empty());
            // Every seat that must act has ids of its own.
            for seat in game.to_act().iter() {
                game.legal_mask_for(seat, &space, &mut seat_mask);
                assert!(
                    !bits(&space, &seat_mask).is_empty(),
                    "seat {seat:?} has no id"
                );
            }
            // The id listings are the masks' bits, ascending.
            game.legal_ids_with(&space, &mut id_list, true);
            assert_eq!(id_list, got.iter().copied().collect::<Vec<u32>>());
            game.legal_ids_with(&space, &mut id_list, false);
            assert_eq!(id_list, plain.iter().copied().collect::<Vec<u32>>());
            // The same with a listing memo kept along the game (as Python's `Game` keeps one).
            game.legal_ids_memo(&space, &mut memo, &mut id_list, false);
            assert_eq!(id_list, plain.iter().copied().collect::<Vec<u32>>());
            game.legal_ids_memo(&space, &mut memo, &mut id_list, true);
            assert_eq!(id_list, got.iter().copied().collect::<Vec<u32>>());
            // Every masked id applies, and applying it unchecked is applying it checked.
            for &id in &got {
                let mut h = game.clone();
                h.apply_id(&space, id, &mut ())
                    .unwrap_or_else(|e| panic!("masked id {id} fails: {e}"));
                let mut unchecked = game.clone();
                unchecked.apply_masked_id(&space, id, &mut ());
                assert_eq!(unchecked, h, "id {id} unchecked");
            }
            states += 1;
            if rng.below(2) == 0 {
                let list: Vec<u32> = plain.into_iter().collect();
                let id = list[rng.below(list.len() as u32) as usize];
                if space.block_of(id).unwrap().0 == Block::Discard {
                    card_discards += 1;
                }
                game.apply_id(&space, id, &mut ()).unwrap();
            } else {
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
            }
            steps += 1;
        }
    }
    (states, card_discards)
}

#[test]
fn masks_match_enumeration_and_are_never_empty_standard() {
    let (states, card_discards) = check_games(Rules::default(), 8, 11);
    assert!(states > 2_000);
    assert!(card_discards > 0, "discards were made card by card");
}

#[test]
fn masks_are_never_empty_on_every_map_and_player_count() {
    let mut card_discards = 0;
    for map in [MapKind::Beginner, MapKind::Variable, MapKind::Random] {
        for players in 2..=4 {
            let rules = Rules {
                players,
                map,
                ..Rules::default()
            };
            card_discards += check_games(rules, 2, 5 + players as u64).1;
        }
    }
    assert!(card_discards > 0);
}

#[test]
fn masks_match_enumeration_variants() {
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
        check_games(rules, 3, 3);
    }
}

/// Every id decodes to an action that encodes back to it, and the id table's row names
/// that action's fields.
#[test]
fn every_id_round_trips_through_decode_and_the_id_table() {
    for players in 2..=4u8 {
        let rules = Rules {
            players,
            ..Rules::default()
        };
        let game = Game::new(rules, 3).unwrap();
        let space = ActionSpace::new(game.board(), game.players());
        let table = space.table();
        assert_eq!(table.len(), space.len());
        for id in 0..space.len() as u32 {
            let (block, index) = space.block_of(id).unwrap();
            let a = space.decode(&game, id).expect("every id decodes");
            assert_eq!(space.encode(&a), Some(id), "{block:?} {a:?}");
            let row = table[id as usize];
            assert_eq!(
                (row.id, row.block, row.index, row.kind),
                (id, block, index, a.kind())
            );
            match a {
                Action::BuildSettlement { node, .. } | Action::BuildCity { node, .. } => {
                    assert_eq!(row.node, node.0 as i16)
                }
                Action::BuildRoad { edge, .. } => assert_eq!(row.edge, edge.0 as i16),
                Action::MoveRobber { hex, victim, .. } | Action::PlayKnight { hex, victim, .. } => {
                    assert_eq!(row.hex, hex.0 as i16);
                    assert_eq!(row.victim, victim.map_or(-1, |v| v.0 as i8));
                }
                Action::Discard { player, resources } => {
                    assert_eq!(row.seat, player.0 as i8);
                    assert_eq!(resources.total(), 1);
                    assert_eq!(row.resources, resources.0);
                }
                Action::MaritimeTrade {
                    give, get, rate, ..
                } => {
                    assert_eq!(
                        (row.give, row.get, row.rate),
                        (give.index() as i8, get.index() as i8, rate as i8)
                    );
                }
                _ => {}
            }
        }
        assert_eq!(space.describe(space.len() as u32), None);
    }
}
