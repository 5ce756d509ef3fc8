//! The 5–6 player extension: its island (30 land hexes, two deserts, 28 tokens lettered A…Y,
//! Za, Zb, Zc, eleven harbours), its components (24 cards of each resource, 34 development
//! cards, 15 roads, 5 settlements and 4 cities per colour, two more colours) and the set-up
//! of six players. Sources: the printed 5–6 player extension board and its "Starting Set-up
//! for 5–6 New Players"; 5–6 player extension rules (2015), components; Clarifications,
//! "Resource gain" (24 of each resource); Base rules, "Set-up, Variable" and "Set-up Phase";
//! docs/rulings.md §6, §8, §12, §13, §23.

use super::*;
use crate::board::BoardSpec;
use crate::game::Decision;
use crate::layouts::{five_six_spiral, Island, FIVE_SIX_LAND, FIVE_SIX_TERRAINS, TOKENS_A_TO_ZC};
use crate::rules::RulesError;
use crate::types::{ByDevCard, Harbor, Terrain};

fn land(spec: &BoardSpec) -> Vec<(HexCoord, Terrain, Option<u8>)> {
    spec.hexes
        .iter()
        .filter(|h| h.terrain.is_land())
        .map(|h| (HexCoord::new(h.q, h.r), h.terrain, h.number))
        .collect()
}

/// Row (1–7) and position in the row (from 1, left to right) of a land hex, as the printed
/// layouts are described.
fn at(row: usize, pos: usize) -> HexCoord {
    let lens = [3, 4, 5, 6, 5, 4, 3];
    let before: usize = lens[..row - 1].iter().sum();
    assert!(pos >= 1 && pos <= lens[row - 1]);
    FIVE_SIX_LAND[before + pos - 1]
}

fn check_components(spec: &BoardSpec) {
    // 5–6 player extension rules (2015), components: with the base game, 30 terrain hexes
    // (6 forest, 6 pasture, 6 fields, 5 hills, 5 mountains, 2 deserts), the extension's 28
    // number tokens and 11 harbours: five 3:1, two 2:1 wool, one 2:1 for each other
    // resource.
    let l = land(spec);
    assert_eq!(l.len(), 30);
    let mut rows: Vec<i8> = l.iter().map(|x| x.0.r).collect();
    rows.dedup();
    assert_eq!(rows.len(), 7);
    let per_row: Vec<usize> = (-3..=3)
        .map(|r| l.iter().filter(|x| x.0.r == r).count())
        .collect();
    assert_eq!(per_row, [3, 4, 5, 6, 5, 4, 3], "rows 3-4-5-6-5-4-3");
    let mut terrains: Vec<Terrain> = l.iter().map(|x| x.1).collect();
    terrains.sort();
    let mut want = FIVE_SIX_TERRAINS.to_vec();
    want.sort();
    assert_eq!(terrains, want);
    assert_eq!(
        terrains.iter().filter(|&&t| t == Terrain::Desert).count(),
        2
    );
    let mut numbers: Vec<u8> = l.iter().filter_map(|x| x.2).collect();
    numbers.sort();
    let mut tokens = TOKENS_A_TO_ZC.to_vec();
    tokens.sort();
    assert_eq!(numbers, tokens, "28 tokens, no 7");
    for (_, t, n) in &l {
        assert_eq!(
            *t == Terrain::Desert,
            n.is_none(),
            "only deserts have no token"
        );
    }
    let mut harbors: Vec<Harbor> = spec.harbors.iter().map(|h| h.kind).collect();
    harbors.sort();
    use Harbor::*;
    assert_eq!(
        harbors,
        [Generic, Generic, Generic, Generic, Generic, Brick, Lumber, Wool, Wool, Grain, Ore]
    );
    // Every hex touching the island is sea: the frame.
    let board = Board::new(spec.clone()).expect("a valid board");
    for h in board.hexes() {
        if h.terrain == Terrain::Sea {
            assert!(l.iter().any(|x| x.0.distance(h.coord) == 1));
        }
    }
    let r = board.robber_start().expect("the robber starts on a desert");
    assert_eq!(board.hex(r).terrain, Terrain::Desert);
}

#[test]
fn token_letters_a_to_zc() {
    // The letters printed on the backs of the extension's tokens run A…Y, Za, Zb, Zc (no
    // plain Z): two 2s and 12s, three of every other number.
    assert_eq!(TOKENS_A_TO_ZC.len(), 28);
    for n in 2..=12u8 {
        let count = TOKENS_A_TO_ZC.iter().filter(|&&t| t == n).count();
        let want = match n {
            7 => 0,
            2 | 12 => 2,
            _ => 3,
        };
        assert_eq!(count, want, "{n}");
    }
    assert_eq!(TOKENS_A_TO_ZC[..5], [2, 5, 4, 6, 3], "A–E");
    assert_eq!(TOKENS_A_TO_ZC[25..], [3, 2, 6], "Za, Zb, Zc");
}

#[test]
fn beginners_map_is_the_printed_starting_set_up() {
    // "Starting Set-up for 5–6 New Players" (5–6 player extension rules): terrain and
    // numbers row by row; the printed frame's harbours (the printed 5–6 player frame).
    use Terrain::*;
    let spec = layouts::five_six_beginner();
    check_components(&spec);
    let printed: [&[(Terrain, u8)]; 7] = [
        &[(Hills, 10), (Pasture, 6), (Desert, 0)],
        &[(Hills, 6), (Fields, 2), (Mountains, 9), (Hills, 11)],
        &[
            (Forest, 3),
            (Mountains, 11),
            (Forest, 5),
            (Fields, 10),
            (Pasture, 4),
        ],
        &[
            (Desert, 0),
            (Pasture, 5),
            (Fields, 4),
            (Mountains, 6),
            (Pasture, 3),
            (Fields, 8),
        ],
        &[
            (Forest, 12),
            (Mountains, 10),
            (Pasture, 2),
            (Hills, 4),
            (Forest, 11),
        ],
        &[(Forest, 8), (Fields, 3), (Forest, 9), (Fields, 5)],
        &[(Hills, 9), (Pasture, 12), (Mountains, 8)],
    ];
    let l = land(&spec);
    for (row, hexes) in printed.iter().enumerate() {
        for (pos, &(t, n)) in hexes.iter().enumerate() {
            let c = at(row + 1, pos + 1);
            let h = l.iter().find(|x| x.0 == c).unwrap();
            assert_eq!(
                (h.1, h.2),
                (t, (n != 0).then_some(n)),
                "row {} pos {}",
                row + 1,
                pos + 1
            );
        }
    }
    // The printed harbours, clockwise from the top left.
    use crate::board::Side::*;
    let harbours = [
        (at(1, 1), Nw, Harbor::Generic),
        (at(1, 2), Ne, Harbor::Wool),
        (at(2, 4), Ne, Harbor::Generic),
        (at(4, 6), E, Harbor::Generic),
        (at(5, 5), Se, Harbor::Brick),
        (at(7, 3), E, Harbor::Wool),
        (at(7, 2), Se, Harbor::Lumber),
        (at(7, 1), Sw, Harbor::Generic),
        (at(6, 1), W, Harbor::Grain),
        (at(4, 1), Sw, Harbor::Generic),
        (at(3, 1), W, Harbor::Ore),
    ];
    let got: Vec<_> = spec
        .harbors
        .iter()
        .map(|h| (HexCoord::new(h.q, h.r), h.side, h.kind))
        .collect();
    assert_eq!(got, harbours);
}

#[test]
fn beginners_map_for_six_starts_with_the_set_up_phase() {
    // No starting pieces are printed for the 5–6 player beginners' set-up: players place
    // their own (Base rules, "Set-up Phase").
    for players in [5, 6] {
        let g = Game::new(rules(players), 1).unwrap();
        assert_eq!(g.phase(), Phase::SetupSettlement);
        assert_eq!(g.board.land().len(), 30);
        assert!((0..players).all(|p| g.pieces_on_board(Player(p)) == (0, 0, 0)));
    }
}

#[test]
fn spiral_from_the_top_right_is_the_printed_example_order() {
    // The printed example layout of the 5–6 player extension lays A…Zc counter-clockwise
    // from the top-right corner hex, ring by ring, skipping both deserts: as (row, pos).
    let order = [
        (1, 3),
        (1, 2),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (7, 1),
        (7, 2),
        (7, 3),
        (6, 4),
        (5, 5),
        (4, 6),
        (3, 5),
        (2, 4),
        (2, 3),
        (2, 2),
        (3, 2),
        (4, 2),
        (5, 2),
        (6, 2),
        (6, 3),
        (5, 4),
        (4, 5),
        (3, 4),
        (3, 3),
        (4, 3),
        (5, 3),
        (4, 4),
    ];
    let want: Vec<HexCoord> = order.iter().map(|&(r, p)| at(r, p)).collect();
    assert_eq!(five_six_spiral(1).to_vec(), want);
    // Every corner's spiral covers the island once.
    for corner in 0..6 {
        let mut s = five_six_spiral(corner).to_vec();
        let corners = [at(1, 1), at(1, 3), at(4, 6), at(7, 3), at(7, 1), at(4, 1)];
        assert_eq!(s[0], corners[corner as usize]);
        s.sort_by_key(|c| (c.r, c.q));
        assert_eq!(s, FIVE_SIX_LAND.to_vec(), "corner {corner}");
    }
}

#[test]
fn variable_set_up_lays_a_to_zc_along_the_spiral_skipping_both_deserts() {
    // 5–6 player extension rules (2015), set-up: the extension's tokens, letter side up,
    // from a corner spiralling inwards; the deserts get none. Base rules, "Set-up,
    // Variable": counter-clockwise.
    for seed in 0..150 {
        let spec = layouts::five_six_variable(&mut Rng::new(seed));
        check_components(&spec);
        let l = land(&spec);
        let find = |c: HexCoord| *l.iter().find(|x| x.0 == c).unwrap();
        let fits = (0..6).any(|corner| {
            let walk = five_six_spiral(corner);
            let laid: Vec<u8> = walk.iter().filter_map(|&c| find(c).2).collect();
            let deserts_skipped = walk
                .iter()
                .filter(|&&c| find(c).1 == Terrain::Desert)
                .all(|&c| find(c).2.is_none());
            laid == TOKENS_A_TO_ZC && deserts_skipped
        });
        assert!(
            fits,
            "seed {seed}: tokens follow the spiral from some corner"
        );
    }
}

#[test]
fn random_boards_never_put_six_and_eight_side_by_side() {
    // Base rules, "Set-up, Variable": the red numbers must not be next to each other; with
    // the extension there are three 6s and three 8s.
    for seed in 0..400 {
        let spec = layouts::five_six_random(&mut Rng::new(seed));
        check_components(&spec);
        let red: Vec<HexCoord> = land(&spec)
            .into_iter()
            .filter(|x| matches!(x.2, Some(6) | Some(8)))
            .map(|x| x.0)
            .collect();
        assert_eq!(red.len(), 6);
        for a in &red {
            for b in &red {
                assert!(a == b || a.distance(*b) > 1, "seed {seed}: {a} next to {b}");
            }
        }
    }
}

#[test]
fn new_games_pick_the_island_by_player_count() {
    // docs/rulings.md §23: 3–4 on the base island, 5–6 need the extension's board.
    for map in [MapKind::Beginner, MapKind::Variable, MapKind::Random] {
        for players in 2..=6u8 {
            let g = Game::new(
                Rules {
                    map,
                    ..rules(players)
                },
                11,
            )
            .unwrap();
            let want = if players > 4 { 30 } else { 19 };
            assert_eq!(g.board.land().len(), want, "{map:?} {players}");
            if players > 4 {
                check_components(g.board.spec());
            }
        }
    }
}

#[test]
fn five_six_components_bank_deck_and_pieces() {
    // Clarifications, "Resource gain": 24 of each resource with 5–6 players; 5–6 player
    // extension rules (2015), components: 34 development cards (20 knights, 3 Road
    // Building, 3 Year of Plenty, 3 Monopoly, 5 victory points); each colour 15 roads, 5
    // settlements, 4 cities (docs/rulings.md §6, §12, §13).
    for players in [5, 6] {
        let g = Game::new(
            Rules {
                map: MapKind::Random,
                ..rules(players)
            },
            2,
        )
        .unwrap();
        assert_eq!(g.bank(), Resources::splat(24));
        assert_eq!(g.deck(), ByDevCard([20, 3, 3, 3, 5]));
        assert_eq!(g.deck().0.iter().map(|&c| c as u32).sum::<u32>(), 34);
        assert_eq!(g.rules.pieces(), (15, 5, 4));
    }
    let g = Game::new(
        Rules {
            map: MapKind::Random,
            ..rules(4)
        },
        2,
    )
    .unwrap();
    assert_eq!(g.bank(), Resources::splat(19));
    assert_eq!(g.deck(), ByDevCard([14, 2, 2, 2, 5]));
}

#[test]
fn six_distinguishable_colours() {
    // 5–6 player extension rules (2015), components: the extension adds green and brown.
    let c = crate::render::PLAYER_COLOURS;
    assert_eq!(c.len(), 6);
    assert_eq!(c[4].0, "green");
    assert_eq!(c[5].0, "brown");
    for i in 0..6 {
        for j in 0..i {
            assert_ne!(c[i].1, c[j].1);
            assert_ne!(c[i].0, c[j].0);
        }
    }
}

#[test]
fn rules_reject_seven_players_and_an_island_that_does_not_fit() {
    // docs/rulings.md §23: 2–6 players; 5–6 need the extension's board, 3–4 play on the
    // base island. A map of one's own may be any.
    let err = |r: Rules| Game::new(r, 1).err();
    assert_eq!(
        Rules {
            players: 7,
            ..Rules::default()
        }
        .validate(),
        Err(RulesError::Players { players: 7 })
    );
    assert!(matches!(
        Rules {
            players: 6,
            island: Island::Standard,
            ..Rules::default()
        }
        .validate(),
        Err(RulesError::Island {
            players: 6,
            island: Island::Standard,
            ..
        })
    ));
    assert!(matches!(
        Rules {
            players: 4,
            island: Island::FiveSix,
            ..Rules::default()
        }
        .validate(),
        Err(RulesError::Island {
            players: 4,
            island: Island::FiveSix,
            ..
        })
    ));
    assert!(err(Rules {
        players: 5,
        island: Island::Standard,
        ..Rules::default()
    })
    .is_some());
    for (players, island) in [
        (5, Island::FiveSix),
        (6, Island::Auto),
        (3, Island::Standard),
    ] {
        assert_eq!(
            Rules {
                players,
                island,
                ..Rules::default()
            }
            .validate(),
            Ok(())
        );
    }
    // The user's own map: 6 players on the 19-hex island is theirs to choose.
    let board = Arc::new(Board::new(layouts::beginner()).unwrap());
    assert!(Game::with_board(rules(6), board, 1).is_ok());
    // JSON names.
    let r: Rules = serde_json::from_str(r#"{"players": 6, "island": "five_six"}"#).unwrap();
    assert_eq!(r.island, Island::FiveSix);
    let e = Rules {
        players: 6,
        island: Island::Standard,
        ..Rules::default()
    }
    .validate()
    .unwrap_err();
    assert!(e.to_string().contains("30-hex"), "{e}");
}

#[test]
fn setup_snake_order_for_six() {
    // Base rules, "Set-up Phase": round one clockwise, round two counter-clockwise
    // (docs/rulings.md §8): 0..5 then 5..0, the last to place first settles twice in a row.
    let mut g = Game::new(rules(6), 5).unwrap();
    let mut order = Vec::new();
    let mut legal = Vec::new();
    while g.turn() == 0 {
        if let Decision::SetupSettlement { player, .. } = g.decision() {
            order.push(player.0);
        }
        g.legal_actions(&mut legal);
        g.apply(legal[legal.len() / 2]).unwrap();
    }
    assert_eq!(order, [0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0]);
    assert_eq!(g.decision(), Decision::Roll { player: P0 });
    for p in 0..6 {
        assert_eq!(g.pieces_on_board(Player(p)), (2, 2, 0));
    }
    assert_cards_conserved(&g);
}

#[test]
fn shortage_with_the_24_card_bank() {
    // Base rules, "Resource Production", exception, with the 24-card bank of the 5–6
    // player game (Clarifications, "Resource gain"; docs/rulings.md §6): two players owed
    // ore and the bank short: nobody gets it; one player owed: they get what is left.
    let mut pos = Pos::new(6).turn(0, Phase::Roll);
    assert_eq!(pos.g.bank(), Resources::splat(24));
    // Row 2 pos 3 is Mountains 9 on the 5–6 beginners' map.
    let m9 = (at(2, 3).q, at(2, 3).r);
    let (a, b) = (pos.node(m9, Corner::N), pos.node(m9, Corner::S));
    pos.city(4, a).city(5, b);
    // 24 ore less 21 elsewhere: 3 left, 4 owed.
    pos.give(0, res(0, 0, 0, 0, 21));
    let ev = ok(&mut pos.g, roll(P0, 4, 5));
    assert!(ev.contains(&Event::Shortage {
        resource: Resource::Ore,
        claimants: 2,
        paid: None
    }));
    assert!(pos.g.hand(Player(4)).is_empty() && pos.g.hand(Player(5)).is_empty());
    assert_cards_conserved(&pos.g);
    // Only seat 5 owed: paid the one card that is left.
    let mut pos = Pos::new(6).turn(0, Phase::Roll);
    pos.city(5, b);
    pos.give(0, res(0, 0, 0, 0, 23));
    let ev = ok(&mut pos.g, roll(P0, 4, 5));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Shortage {
            resource: Resource::Ore,
            ..
        }
    )));
    assert_eq!(pos.g.hand(Player(5)), res(0, 0, 0, 0, 1));
    assert_cards_conserved(&pos.g);
}
