//! The maps of the base game: the beginners' set-up, the official variable set-up and a fully
//! random set-up, all as [`BoardSpec`]s on the standard 19-hex island with its sea frame.
//!
//! Sources: `seeds/000` "Starting Set-up for Beginners", "Set-up, Variable", "Number
//! Tokens"; `facts/boards.md` §1 (beginners' terrain, tokens, harbours, starting pieces) and
//! §2 (token letters, spiral, harbour frame).

use crate::board::{BoardSpec, Corner, HarborSpec, HexCoord, HexSpec, Side};
use crate::rng::Rng;
use crate::types::{Harbor, Terrain};
use serde::{Deserialize, Serialize};

/// The land hexes of the standard island in reading order (row by row, left to right).
pub const STANDARD_LAND: [HexCoord; 19] = [
    HexCoord::new(0, -2),
    HexCoord::new(1, -2),
    HexCoord::new(2, -2),
    HexCoord::new(-1, -1),
    HexCoord::new(0, -1),
    HexCoord::new(1, -1),
    HexCoord::new(2, -1),
    HexCoord::new(-2, 0),
    HexCoord::new(-1, 0),
    HexCoord::new(0, 0),
    HexCoord::new(1, 0),
    HexCoord::new(2, 0),
    HexCoord::new(-2, 1),
    HexCoord::new(-1, 1),
    HexCoord::new(0, 1),
    HexCoord::new(1, 1),
    HexCoord::new(-2, 2),
    HexCoord::new(-1, 2),
    HexCoord::new(0, 2),
];

/// The nine harbour places of the 5th-edition frame, clockwise from the top left
/// (`facts/boards.md` §2.3): land hex and the side facing the harbour.
pub const STANDARD_HARBOR_PLACES: [(HexCoord, Side); 9] = [
    (HexCoord::new(0, -2), Side::Nw),
    (HexCoord::new(1, -2), Side::Ne),
    (HexCoord::new(2, -1), Side::Ne),
    (HexCoord::new(2, 0), Side::E),
    (HexCoord::new(1, 1), Side::Se),
    (HexCoord::new(-1, 2), Side::Se),
    (HexCoord::new(-2, 2), Side::Sw),
    (HexCoord::new(-2, 1), Side::W),
    (HexCoord::new(-1, -1), Side::W),
];

/// The beginners' harbour kinds on [`STANDARD_HARBOR_PLACES`] (`facts/boards.md` §1.2).
pub const BEGINNER_HARBORS: [Harbor; 9] = [
    Harbor::Generic,
    Harbor::Grain,
    Harbor::Ore,
    Harbor::Generic,
    Harbor::Wool,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Brick,
    Harbor::Lumber,
];

/// The 18 number tokens by letter A–R (`facts/boards.md` §2.1).
pub const TOKENS_A_TO_R: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// The 19 terrain hexes of the base game (`seeds/000` "Game Components").
pub const STANDARD_TERRAINS: [Terrain; 19] = {
    use Terrain::*;
    [
        Hills, Hills, Hills, Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture,
        Fields, Fields, Fields, Fields, Mountains, Mountains, Mountains, Desert,
    ]
};

/// Which map a new game is played on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MapKind {
    /// The beginners' map with its printed starting pieces (`seeds/000` "Starting Set-up
    /// for Beginners").
    Beginner,
    /// The official variable set-up: shuffled terrain and harbours, tokens A–R in a
    /// counter-clockwise spiral from a corner, skipping the desert (`seeds/000` "Set-up,
    /// Variable").
    Variable,
    /// Shuffled terrain, harbours and tokens, with no two red numbers (6, 8) adjacent
    /// (`seeds/000` "Set-up, Variable", last paragraph). Always succeeds.
    #[default]
    Random,
}

/// The sea hexes around the standard island (distance 3 from the centre), reading order.
pub fn standard_sea_ring() -> Vec<HexCoord> {
    let mut v = Vec::with_capacity(18);
    for r in -3i8..=3 {
        for q in -3i8..=3 {
            let c = HexCoord::new(q, r);
            if c.distance(HexCoord::new(0, 0)) == 3 {
                v.push(c);
            }
        }
    }
    v
}

fn spec_from(
    terrains: &[Terrain; 19],
    numbers: &[Option<u8>; 19],
    harbors: &[Harbor; 9],
) -> BoardSpec {
    let mut hexes: Vec<HexSpec> = STANDARD_LAND
        .iter()
        .zip(terrains.iter().zip(numbers.iter()))
        .map(|(c, (&terrain, &number))| HexSpec {
            q: c.q,
            r: c.r,
            terrain,
            number,
        })
        .collect();
    hexes.extend(standard_sea_ring().into_iter().map(|c| HexSpec {
        q: c.q,
        r: c.r,
        terrain: Terrain::Sea,
        number: None,
    }));
    let harbors = STANDARD_HARBOR_PLACES
        .iter()
        .zip(harbors.iter())
        .map(|(&(c, side), &kind)| HarborSpec {
            q: c.q,
            r: c.r,
            side,
            kind,
        })
        .collect();
    BoardSpec {
        hexes,
        harbors,
        robber: None,
        ..Default::default()
    }
}

/// The beginners' map (`seeds/000` "Starting Set-up for Beginners"; `facts/boards.md` §1.1).
pub fn beginner() -> BoardSpec {
    use Terrain::*;
    let terrains = [
        Mountains, Pasture, Forest, //
        Fields, Hills, Pasture, Hills, //
        Fields, Forest, Desert, Forest, Mountains, //
        Forest, Mountains, Fields, Pasture, //
        Hills, Fields, Pasture,
    ];
    let n = [10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11];
    let numbers = n.map(|x| (x != 0).then_some(x));
    spec_from(&terrains, &numbers, &BEGINNER_HARBORS)
}

/// A printed starting piece of the beginners' map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeginnerPieces {
    /// Colour name as printed.
    pub colour: &'static str,
    /// The unstarred settlement: a hex and one of its corners.
    pub settlement: (HexCoord, Corner),
    /// The starred settlement (its neighbouring hexes give the starting resources).
    pub starred: (HexCoord, Corner),
    /// The two roads: a hex and one of its sides.
    pub roads: [(HexCoord, Side); 2],
}

/// The printed starting pieces by colour (`facts/boards.md` §1.3), in seat order for four
/// players: red, blue, white, orange. With three players red is left out (`seeds/000`
/// "Starting Set-up for Beginners": "nobody plays the red position").
pub const BEGINNER_PIECES: [BeginnerPieces; 4] = [
    BeginnerPieces {
        colour: "red",
        settlement: (HexCoord::new(0, -2), Corner::Se),
        starred: (HexCoord::new(-2, 0), Corner::Se),
        roads: [
            (HexCoord::new(1, -2), Side::Sw),
            (HexCoord::new(-1, 0), Side::Sw),
        ],
    },
    BeginnerPieces {
        colour: "blue",
        settlement: (HexCoord::new(0, 2), Corner::N),
        starred: (HexCoord::new(-2, 2), Corner::N),
        roads: [
            (HexCoord::new(0, 1), Side::E),
            (HexCoord::new(-1, 1), Side::Sw),
        ],
    },
    BeginnerPieces {
        colour: "white",
        settlement: (HexCoord::new(-1, 0), Corner::N),
        starred: (HexCoord::new(1, 0), Corner::Se),
        roads: [
            (HexCoord::new(-1, -1), Side::Se),
            (HexCoord::new(1, 0), Side::E),
        ],
    },
    BeginnerPieces {
        colour: "orange",
        settlement: (HexCoord::new(2, -2), Corner::S),
        starred: (HexCoord::new(-1, 2), Corner::N),
        roads: [
            (HexCoord::new(2, -2), Side::Sw),
            (HexCoord::new(0, 1), Side::Sw),
        ],
    },
];

/// The colours seated for a number of players on the beginners' map.
pub fn beginner_seats(players: u8) -> &'static [BeginnerPieces] {
    match players {
        3 => &BEGINNER_PIECES[1..],
        2 => &BEGINNER_PIECES[1..3],
        _ => &BEGINNER_PIECES[..],
    }
}

/// Rotates axial coordinates by 60° clockwise about the centre.
const fn rotate(c: HexCoord) -> HexCoord {
    HexCoord::new(-c.r, c.q + c.r)
}

/// The 19 standard land hexes in the counter-clockwise spiral from one of the six outer
/// corners (`corner` 0 = top left, then clockwise), ending at the centre.
pub fn spiral(corner: u8) -> [HexCoord; 19] {
    // From the top-left corner (0, -R), counter-clockwise: SW, SE, E, NE, NW, W, R steps each.
    const DIRS: [Side; 6] = [Side::Sw, Side::Se, Side::E, Side::Ne, Side::Nw, Side::W];
    let mut out = [HexCoord::new(0, 0); 19];
    let mut i = 0;
    for radius in (1..=2i8).rev() {
        let mut c = HexCoord::new(0, -radius);
        for d in DIRS {
            for _ in 0..radius {
                out[i] = c;
                i += 1;
                c = c.neighbor(d);
            }
        }
    }
    for c in out.iter_mut() {
        for _ in 0..corner % 6 {
            *c = rotate(*c);
        }
    }
    out
}

fn land_index(c: HexCoord) -> usize {
    STANDARD_LAND
        .iter()
        .position(|&x| x == c)
        .expect("standard land hex")
}

fn shuffled_harbors(rng: &mut Rng) -> [Harbor; 9] {
    let mut h = BEGINNER_HARBORS;
    rng.shuffle(&mut h);
    h
}

/// The official variable set-up (`seeds/000` "Set-up, Variable"): terrain and harbours
/// shuffled, tokens A–R laid counter-clockwise from a random corner towards the centre,
/// skipping the desert.
pub fn variable(rng: &mut Rng) -> BoardSpec {
    let mut terrains = STANDARD_TERRAINS;
    rng.shuffle(&mut terrains);
    let harbors = shuffled_harbors(rng);
    let corner = rng.below(6) as u8;
    let mut numbers = [None; 19];
    let mut tokens = TOKENS_A_TO_R.iter();
    for c in spiral(corner) {
        let i = land_index(c);
        if terrains[i] != Terrain::Desert {
            numbers[i] = tokens.next().copied();
        }
    }
    spec_from(&terrains, &numbers, &harbors)
}

/// A fully random set-up in which no 6 or 8 touches another 6 or 8 (`seeds/000` "Set-up,
/// Variable": "the red numbers must not be next to each other"). Placement is a randomised
/// exhaustive search, so it always finds a valid board; it never gives up.
pub fn random(rng: &mut Rng) -> BoardSpec {
    let mut terrains = STANDARD_TERRAINS;
    rng.shuffle(&mut terrains);
    let harbors = shuffled_harbors(rng);
    let mut candidates: Vec<usize> = (0..19)
        .filter(|&i| terrains[i] != Terrain::Desert)
        .collect();
    rng.shuffle(&mut candidates);
    let mut red = Vec::with_capacity(4);
    let found = place_red(&candidates, 0, &mut red);
    debug_assert!(
        found,
        "the standard island always has room for four apart red numbers"
    );
    let mut numbers = [None; 19];
    let mut reds = [6u8, 6, 8, 8];
    rng.shuffle(&mut reds);
    for (&i, &n) in red.iter().zip(reds.iter()) {
        numbers[i] = Some(n);
    }
    let mut rest: Vec<u8> = TOKENS_A_TO_R
        .iter()
        .copied()
        .filter(|&n| n != 6 && n != 8)
        .collect();
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    for &i in &candidates {
        if numbers[i].is_none() {
            numbers[i] = rest.next();
        }
    }
    spec_from(&terrains, &numbers, &harbors)
}

fn place_red(candidates: &[usize], from: usize, chosen: &mut Vec<usize>) -> bool {
    if chosen.len() == 4 {
        return true;
    }
    for k in from..candidates.len() {
        let i = candidates[k];
        if chosen
            .iter()
            .all(|&j| STANDARD_LAND[i].distance(STANDARD_LAND[j]) > 1)
        {
            chosen.push(i);
            if place_red(candidates, k + 1, chosen) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}
