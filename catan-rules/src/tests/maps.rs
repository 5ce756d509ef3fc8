//! The island: Base rules "Constructing the Island", "Set-up, Variable" (tokens A-R
//! counter-clockwise from a corner, skipping the desert; the fully random set-up with red
//! numbers apart), "Number Tokens"; Base rules, "Set-up, Variable".

use super::*;
use crate::board::BoardSpec;
use crate::layouts::{spiral, STANDARD_LAND, TOKENS_A_TO_R};
use crate::types::{Harbor, Terrain};

fn land(spec: &BoardSpec) -> Vec<(HexCoord, Terrain, Option<u8>)> {
    spec.hexes
        .iter()
        .filter(|h| h.terrain.is_land())
        .map(|h| (HexCoord::new(h.q, h.r), h.terrain, h.number))
        .collect()
}

fn check_components(spec: &BoardSpec) {
    // Base rules "Game Components": 19 terrain hexes, 18 number tokens, 9 harbours
    // (4 generic, one 2:1 per resource, facts §1.2).
    let l = land(spec);
    assert_eq!(l.len(), 19);
    let mut terrains: Vec<Terrain> = l.iter().map(|x| x.1).collect();
    terrains.sort();
    let mut want = crate::layouts::STANDARD_TERRAINS.to_vec();
    want.sort();
    assert_eq!(terrains, want);
    let mut numbers: Vec<u8> = l.iter().filter_map(|x| x.2).collect();
    numbers.sort();
    let mut tokens = TOKENS_A_TO_R.to_vec();
    tokens.sort();
    assert_eq!(numbers, tokens, "18 tokens, no 7");
    for (_, t, n) in &l {
        assert_eq!(
            *t == Terrain::Desert,
            n.is_none(),
            "only the desert has no token"
        );
    }
    let mut harbors: Vec<Harbor> = spec.harbors.iter().map(|h| h.kind).collect();
    harbors.sort();
    assert_eq!(
        harbors,
        [
            Harbor::Generic,
            Harbor::Generic,
            Harbor::Generic,
            Harbor::Generic,
            Harbor::Brick,
            Harbor::Lumber,
            Harbor::Wool,
            Harbor::Grain,
            Harbor::Ore
        ]
    );
    assert!(Board::new(spec.clone()).is_ok());
}

#[test]
fn fully_random_set_up_keeps_red_numbers_apart() {
    // Base rules "Set-up, Variable": "the tokens with the red numbers must not be next to
    // each other".
    for seed in 0..300 {
        let spec = layouts::random(&mut Rng::new(seed));
        check_components(&spec);
        let red: Vec<HexCoord> = land(&spec)
            .into_iter()
            .filter(|x| matches!(x.2, Some(6) | Some(8)))
            .map(|x| x.0)
            .collect();
        assert_eq!(red.len(), 4);
        for a in &red {
            for b in &red {
                assert!(a == b || a.distance(*b) > 1, "seed {seed}: {a} next to {b}");
            }
        }
    }
}

#[test]
fn variable_set_up_lays_tokens_a_to_r_counter_clockwise_skipping_the_desert() {
    // Base rules "Set-up, Variable" 3: "Start at a corner of the island ... in alphabetical
    // order, proceeding counter-clockwise toward the center. Skip the desert."
    // Base rules, "Set-up, Variable": from the top-left corner the order is reading-order tiles
    // 1, 4, 8, 13, 17, 18, 19, 16, 12, 7, 3, 2, 5, 9, 14, 15, 11, 6, 10.
    let order = [
        1, 4, 8, 13, 17, 18, 19, 16, 12, 7, 3, 2, 5, 9, 14, 15, 11, 6, 10,
    ];
    let want: Vec<HexCoord> = order.iter().map(|&i| STANDARD_LAND[i - 1]).collect();
    assert_eq!(spiral(0).to_vec(), want);
    for seed in 0..100 {
        let spec = layouts::variable(&mut Rng::new(seed));
        check_components(&spec);
        let l = land(&spec);
        let at = |c: HexCoord| l.iter().find(|x| x.0 == c).unwrap();
        let fits = (0..6).any(|corner| {
            let laid: Vec<u8> = spiral(corner).iter().filter_map(|&c| at(c).2).collect();
            laid == TOKENS_A_TO_R
        });
        assert!(
            fits,
            "seed {seed}: tokens follow the spiral from some corner"
        );
    }
}

#[test]
fn new_games_start_with_the_set_up_phase_and_the_robber_on_the_desert() {
    // Base rules "Set-up Phase": "Place the robber in the desert"; the set-up rounds follow.
    for map in [MapKind::Variable, MapKind::Random] {
        let g = Game::new(Rules { map, ..rules(4) }, 3).unwrap();
        assert_eq!(g.phase(), Phase::SetupSettlement);
        let r = g.robber().unwrap();
        assert_eq!(g.board.hex(r).terrain, Terrain::Desert);
        assert_eq!(g.bank(), Resources::splat(19));
    }
}
