//! The maps: the beginners' set-up, the official variable set-up and a fully random set-up,
//! all as [`BoardSpec`]s, on the standard 19-hex island with its sea frame and on the 30-hex
//! island of the 5–6 player extension.
//!
//! Sources: Base rules, "Starting Set-up for Beginners", "Set-up, Variable", "Number Tokens";
//! the printed beginners' map (Base rules, Illustration A, and the "Game Overview" sheet:
//! terrain, tokens, harbours, starting pieces); the letters printed on the backs of the number
//! tokens; the printed harbour frame; the printed 5–6 player extension board and its
//! "Starting Set-up for 5–6 New Players"; 5–6 player extension rules (2015), components and
//! set-up (docs/rulings.md §36).

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
/// (the printed harbour frame): land hex and the side facing the harbour.
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

/// The beginners' harbour kinds on [`STANDARD_HARBOR_PLACES`] (the printed beginners' map).
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

/// The 18 number tokens by letter A–R (the letters printed on the backs of the tokens).
pub const TOKENS_A_TO_R: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];

/// The 19 terrain hexes of the base game (Base rules, "Game Components").
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
    /// The beginners' map with its printed starting pieces (Base rules, "Starting Set-up
    /// for Beginners").
    Beginner,
    /// The official variable set-up: shuffled terrain and harbours, tokens A–R in a
    /// counter-clockwise spiral from a corner, skipping the desert (Base rules, "Set-up,
    /// Variable").
    Variable,
    /// Shuffled terrain, harbours and tokens, with no two red numbers (6, 8) adjacent
    /// (Base rules, "Set-up, Variable", last paragraph). Always succeeds.
    #[default]
    Random,
}

/// The sea hexes around the standard island (distance 3 from the centre), reading order.
pub fn standard_sea_ring() -> Vec<HexCoord> {
    STANDARD_SEA.to_vec()
}

/// [`standard_sea_ring`], worked out once at compile time.
const STANDARD_SEA: [HexCoord; 18] = {
    let mut out = [HexCoord::new(0, 0); 18];
    let mut i = 0;
    let mut r = -3i8;
    while r <= 3 {
        let mut q = -3i8;
        while q <= 3 {
            let c = HexCoord::new(q, r);
            if c.distance(HexCoord::new(0, 0)) == 3 {
                out[i] = c;
                i += 1;
            }
            q += 1;
        }
        r += 1;
    }
    out
};

/// The standard island and its sea frame in reading order (row by row, left to right):
/// land hex `i` of [`STANDARD_LAND`] as `i`, sea hex `j` of [`STANDARD_SEA`] as `19 + j`.
const STANDARD_READING_ORDER: [u8; 37] = {
    let mut out = [0u8; 37];
    let (mut i, mut land, mut sea) = (0, 0, 0);
    let mut r = -3i8;
    while r <= 3 {
        let mut q = -3i8;
        while q <= 3 {
            let d = HexCoord::new(q, r).distance(HexCoord::new(0, 0));
            if d < 3 {
                // Both lists are in reading order themselves.
                assert!(STANDARD_LAND[land].q == q && STANDARD_LAND[land].r == r);
                out[i] = land as u8;
                land += 1;
                i += 1;
            } else if d == 3 {
                assert!(STANDARD_SEA[sea].q == q && STANDARD_SEA[sea].r == r);
                out[i] = 19 + sea as u8;
                sea += 1;
                i += 1;
            }
            q += 1;
        }
        r += 1;
    }
    assert!(i == 37);
    out
};

/// The land hexes at `land` with their terrains and numbers.
fn land_specs<'a>(
    land: &'a [HexCoord],
    terrains: &'a [Terrain],
    numbers: &'a [Option<u8>],
) -> impl Iterator<Item = HexSpec> + 'a {
    land.iter()
        .zip(terrains.iter().zip(numbers.iter()))
        .map(|(c, (&terrain, &number))| HexSpec {
            q: c.q,
            r: c.r,
            terrain,
            number,
        })
}

fn spec_from(
    terrains: &[Terrain; 19],
    numbers: &[Option<u8>; 19],
    harbors: &[Harbor; 9],
) -> BoardSpec {
    // In reading order, as a board keeps its hexes: the board's sort then finds them sorted.
    let hexes: Vec<HexSpec> = STANDARD_READING_ORDER
        .iter()
        .map(|&k| match STANDARD_LAND.get(k as usize) {
            Some(c) => HexSpec {
                q: c.q,
                r: c.r,
                terrain: terrains[k as usize],
                number: numbers[k as usize],
            },
            None => {
                let c = STANDARD_SEA[k as usize - STANDARD_LAND.len()];
                HexSpec {
                    q: c.q,
                    r: c.r,
                    terrain: Terrain::Sea,
                    number: None,
                }
            }
        })
        .collect();
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

/// The beginners' map (Base rules, "Starting Set-up for Beginners"; Illustration A).
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

/// The printed starting pieces by colour (the "Game Overview" sheet), in seat order for four
/// players: red, blue, white, orange. With three players red is left out (Base rules,
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

/// The official variable set-up (Base rules, "Set-up, Variable"): terrain and harbours
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

/// A fully random set-up in which no 6 or 8 touches another 6 or 8 (Base rules, "Set-up,
/// Variable": "the red numbers must not be next to each other"). Placement is a randomised
/// exhaustive search, so it always finds a valid board; it never gives up.
pub fn random(rng: &mut Rng) -> BoardSpec {
    let mut terrains = STANDARD_TERRAINS;
    rng.shuffle(&mut terrains);
    let harbors = shuffled_harbors(rng);
    // The 18 hexes that are not the desert, in order (no allocation: a new game deals
    // one of these boards).
    let mut candidates = [0usize; 18];
    for (slot, i) in candidates
        .iter_mut()
        .zip((0..19).filter(|&i| terrains[i] != Terrain::Desert))
    {
        *slot = i;
    }
    rng.shuffle(&mut candidates);
    let mut red = [0usize; 4];
    let found = place_red(&candidates, 0, &mut red, 0);
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
    let mut rest = [0u8; 14];
    for (slot, n) in rest
        .iter_mut()
        .zip(TOKENS_A_TO_R.iter().filter(|&&n| n != 6 && n != 8))
    {
        *slot = *n;
    }
    rng.shuffle(&mut rest);
    let mut rest = rest.into_iter();
    for &i in &candidates {
        if numbers[i].is_none() {
            numbers[i] = rest.next();
        }
    }
    spec_from(&terrains, &numbers, &harbors)
}

/// Four of `candidates` (land hex indices), none next to another, the first such in
/// order: `chosen[..count]` are placed already, the rest are taken from `from` on.
fn place_red(candidates: &[usize], from: usize, chosen: &mut [usize; 4], count: usize) -> bool {
    if count == 4 {
        return true;
    }
    for k in from..candidates.len() {
        let i = candidates[k];
        if chosen[..count]
            .iter()
            .all(|&j| STANDARD_LAND[i].distance(STANDARD_LAND[j]) > 1)
        {
            chosen[count] = i;
            if place_red(candidates, k + 1, chosen, count + 1) {
                return true;
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------------------
// The 5–6 player extension board.

/// The 30 land hexes of the 5–6 player island in reading order: rows of 3, 4, 5, 6, 5, 4
/// and 3 hexes (the printed 5–6 player extension board).
pub const FIVE_SIX_LAND: [HexCoord; 30] = {
    const ROWS: [(i8, i8, i8); 7] = [
        (-3, 0, 2),
        (-2, -1, 2),
        (-1, -2, 2),
        (0, -3, 2),
        (1, -3, 1),
        (2, -3, 0),
        (3, -3, -1),
    ];
    let mut out = [HexCoord::new(0, 0); 30];
    let mut i = 0;
    let mut row = 0;
    while row < ROWS.len() {
        let (r, q0, q1) = ROWS[row];
        let mut q = q0;
        while q <= q1 {
            out[i] = HexCoord::new(q, r);
            i += 1;
            q += 1;
        }
        row += 1;
    }
    out
};

/// The eleven harbour places of the printed 5–6 player frame, clockwise from the top left:
/// land hex and the side facing the harbour.
pub const FIVE_SIX_HARBOR_PLACES: [(HexCoord, Side); 11] = [
    (HexCoord::new(0, -3), Side::Nw),
    (HexCoord::new(1, -3), Side::Ne),
    (HexCoord::new(2, -2), Side::Ne),
    (HexCoord::new(2, 0), Side::E),
    (HexCoord::new(1, 1), Side::Se),
    (HexCoord::new(-1, 3), Side::E),
    (HexCoord::new(-2, 3), Side::Se),
    (HexCoord::new(-3, 3), Side::Sw),
    (HexCoord::new(-3, 2), Side::W),
    (HexCoord::new(-3, 0), Side::Sw),
    (HexCoord::new(-2, -1), Side::W),
];

/// The harbour kinds printed on [`FIVE_SIX_HARBOR_PLACES`]: five 3:1, two 2:1 wool and one
/// 2:1 harbour for each other resource (the printed 5–6 player frame).
pub const FIVE_SIX_HARBORS: [Harbor; 11] = [
    Harbor::Generic,
    Harbor::Wool,
    Harbor::Generic,
    Harbor::Generic,
    Harbor::Brick,
    Harbor::Wool,
    Harbor::Lumber,
    Harbor::Generic,
    Harbor::Grain,
    Harbor::Generic,
    Harbor::Ore,
];

/// The 28 number tokens of the 5–6 player extension by letter: A to Y, then Za, Zb, Zc
/// (the letters printed on the backs of the extension's tokens).
pub const TOKENS_A_TO_ZC: [u8; 28] = [
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
];

/// The 30 terrain hexes of the base game with the 5–6 player extension: 6 forest, 6
/// pasture, 6 fields, 5 hills, 5 mountains and 2 deserts (5–6 player extension rules
/// (2015), components).
pub const FIVE_SIX_TERRAINS: [Terrain; 30] = {
    use Terrain::*;
    [
        Hills, Hills, Hills, Hills, Hills, Forest, Forest, Forest, Forest, Forest, Forest, Pasture,
        Pasture, Pasture, Pasture, Pasture, Pasture, Fields, Fields, Fields, Fields, Fields,
        Fields, Mountains, Mountains, Mountains, Mountains, Mountains, Desert, Desert,
    ]
};

/// The sea hexes around a set of land hexes (every hex touching land that is not land),
/// in reading order.
fn sea_around(land: &[HexCoord]) -> Vec<HexCoord> {
    let mut v: Vec<HexCoord> = land
        .iter()
        .flat_map(|&c| Side::ALL.map(|s| c.neighbor(s)))
        .filter(|c| !land.contains(c))
        .collect();
    v.sort_by_key(|c| (c.r, c.q));
    v.dedup();
    v
}

fn five_six_spec(
    terrains: &[Terrain; 30],
    numbers: &[Option<u8>; 30],
    harbors: &[Harbor; 11],
) -> BoardSpec {
    let mut hexes: Vec<HexSpec> = land_specs(&FIVE_SIX_LAND, terrains, numbers).collect();
    // The frame is the same for every 5–6 board: found once (a new game is dealt often).
    static FRAME: std::sync::OnceLock<Vec<HexCoord>> = std::sync::OnceLock::new();
    let frame = FRAME.get_or_init(|| sea_around(&FIVE_SIX_LAND));
    hexes.reserve_exact(frame.len());
    hexes.extend(frame.iter().map(|c| HexSpec {
        q: c.q,
        r: c.r,
        terrain: Terrain::Sea,
        number: None,
    }));
    let harbors = FIVE_SIX_HARBOR_PLACES
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

/// The 5–6 player beginners' map: the terrain and numbers of the printed "Starting Set-up
/// for 5–6 New Players" (5–6 player extension rules) with the printed harbours. No
/// starting pieces are printed for it: players place their own in the set-up phase.
pub fn five_six_beginner() -> BoardSpec {
    use Terrain::*;
    let rows: [(Terrain, u8); 30] = [
        (Hills, 10),
        (Pasture, 6),
        (Desert, 0),
        (Hills, 6),
        (Fields, 2),
        (Mountains, 9),
        (Hills, 11),
        (Forest, 3),
        (Mountains, 11),
        (Forest, 5),
        (Fields, 10),
        (Pasture, 4),
        (Desert, 0),
        (Pasture, 5),
        (Fields, 4),
        (Mountains, 6),
        (Pasture, 3),
        (Fields, 8),
        (Forest, 12),
        (Mountains, 10),
        (Pasture, 2),
        (Hills, 4),
        (Forest, 11),
        (Forest, 8),
        (Fields, 3),
        (Forest, 9),
        (Fields, 5),
        (Hills, 9),
        (Pasture, 12),
        (Mountains, 8),
    ];
    let terrains = rows.map(|x| x.0);
    let numbers = rows.map(|x| (x.1 != 0).then_some(x.1));
    five_six_spec(&terrains, &numbers, &FIVE_SIX_HARBORS)
}

/// The six corner hexes of the 5–6 player island, clockwise from the top left, each with
/// the direction a counter-clockwise walk along the coast leaves it.
const FIVE_SIX_CORNERS: [(HexCoord, Side); 6] = [
    (HexCoord::new(0, -3), Side::Sw),
    (HexCoord::new(2, -3), Side::W),
    (HexCoord::new(2, 0), Side::Nw),
    (HexCoord::new(-1, 3), Side::Ne),
    (HexCoord::new(-3, 3), Side::E),
    (HexCoord::new(-3, 0), Side::Se),
];

/// The 30 land hexes of the 5–6 player island in the counter-clockwise spiral from one of
/// its six corners (`corner` 0 = top left, then clockwise), ring by ring to the middle.
///
/// The walk keeps the coast, then the hexes already passed, on its right: from each hex it
/// takes the first unvisited land hex trying the directions from the sharpest right turn
/// round to a left turn. From the top-right corner this is the order of the printed
/// example layout (5–6 player extension rules, variable set-up).
pub fn five_six_spiral(corner: u8) -> [HexCoord; 30] {
    let (start, mut dir) = FIVE_SIX_CORNERS[corner as usize % 6];
    let mut out = [start; 30];
    let mut seen = [false; 30];
    let index = |c: HexCoord| FIVE_SIX_LAND.iter().position(|&x| x == c);
    seen[index(start).expect("corner on the island")] = true;
    let mut here = start;
    for slot in out.iter_mut().skip(1) {
        let d = dir as usize;
        // Right turn first: `Side::ALL` runs clockwise.
        let next = (0..6).map(|k| Side::ALL[(d + 7 - k) % 6]).find_map(|s| {
            let c = here.neighbor(s);
            index(c).filter(|&i| !seen[i]).map(|i| (s, c, i))
        });
        let (s, c, i) = next.expect("the spiral walk covers the island");
        seen[i] = true;
        *slot = c;
        here = c;
        dir = s;
    }
    out
}

fn shuffled_five_six_harbors(rng: &mut Rng) -> [Harbor; 11] {
    let mut h = FIVE_SIX_HARBORS;
    rng.shuffle(&mut h);
    h
}

fn five_six_index(c: HexCoord) -> usize {
    FIVE_SIX_LAND
        .iter()
        .position(|&x| x == c)
        .expect("5–6 land hex")
}

/// The variable set-up of the 5–6 player extension: terrain and harbours shuffled, tokens
/// A…Y, Za, Zb, Zc laid counter-clockwise from a random corner towards the middle, skipping
/// both deserts; the robber starts on a desert (5–6 player extension rules (2015), set-up;
/// Base rules, "Set-up, Variable").
pub fn five_six_variable(rng: &mut Rng) -> BoardSpec {
    let mut terrains = FIVE_SIX_TERRAINS;
    rng.shuffle(&mut terrains);
    let harbors = shuffled_five_six_harbors(rng);
    let corner = rng.below(6) as u8;
    let mut numbers = [None; 30];
    let mut tokens = TOKENS_A_TO_ZC.iter();
    for c in five_six_spiral(corner) {
        let i = five_six_index(c);
        if terrains[i] != Terrain::Desert {
            numbers[i] = tokens.next().copied();
        }
    }
    five_six_spec(&terrains, &numbers, &harbors)
}

/// A fully random 5–6 player set-up: terrain, harbours and the 28 tokens shuffled, with no
/// 6 or 8 next to another 6 or 8 (Base rules, "Set-up, Variable"). Always succeeds.
pub fn five_six_random(rng: &mut Rng) -> BoardSpec {
    let mut terrains = FIVE_SIX_TERRAINS;
    rng.shuffle(&mut terrains);
    let harbors = shuffled_five_six_harbors(rng);
    let mut candidates: Vec<usize> = (0..30)
        .filter(|&i| terrains[i] != Terrain::Desert)
        .collect();
    rng.shuffle(&mut candidates);
    let mut reds: Vec<u8> = TOKENS_A_TO_ZC
        .iter()
        .copied()
        .filter(|&n| n == 6 || n == 8)
        .collect();
    rng.shuffle(&mut reds);
    let mut red = Vec::with_capacity(reds.len());
    let found = place_apart(&FIVE_SIX_LAND, &candidates, 0, reds.len(), &mut red);
    debug_assert!(
        found,
        "the 5–6 island always has room for six apart red numbers"
    );
    let mut numbers = [None; 30];
    for (&i, &n) in red.iter().zip(reds.iter()) {
        numbers[i] = Some(n);
    }
    let mut rest: Vec<u8> = TOKENS_A_TO_ZC
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
    five_six_spec(&terrains, &numbers, &harbors)
}

/// Chooses `count` of `candidates` (indices into `land`), no two adjacent, by exhaustive
/// search in the candidates' order.
fn place_apart(
    land: &[HexCoord],
    candidates: &[usize],
    from: usize,
    count: usize,
    chosen: &mut Vec<usize>,
) -> bool {
    if chosen.len() == count {
        return true;
    }
    for k in from..candidates.len() {
        let i = candidates[k];
        if chosen.iter().all(|&j| land[i].distance(land[j]) > 1) {
            chosen.push(i);
            if place_apart(land, candidates, k + 1, count, chosen) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

/// The island a game with these rules is dealt on when no map is supplied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Island {
    /// The island that fits the player count: 19 hexes for 2–4 players, 30 for 5–6.
    #[default]
    Auto,
    /// The base game's 19-hex island (2–4 players).
    Standard,
    /// The 30-hex island of the 5–6 player extension (5–6 players).
    FiveSix,
}

impl Island {
    /// Whether this island, for `players`, is the 30-hex one.
    pub const fn is_five_six(self, players: u8) -> bool {
        match self {
            Island::Auto => players > 4,
            Island::Standard => false,
            Island::FiveSix => true,
        }
    }
}

impl core::fmt::Display for Island {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Island::Auto => "automatic",
            Island::Standard => "standard 19-hex",
            Island::FiveSix => "5–6 player 30-hex",
        })
    }
}

/// The map a new game with these rules is dealt on: `map` on the island that `island`
/// and the player count name.
pub fn for_rules(rules: &crate::rules::Rules, rng: &mut Rng) -> BoardSpec {
    let five_six = rules.island.is_five_six(rules.players);
    match (rules.map, five_six) {
        (MapKind::Beginner, false) => beginner(),
        (MapKind::Variable, false) => variable(rng),
        (MapKind::Random, false) => random(rng),
        (MapKind::Beginner, true) => five_six_beginner(),
        (MapKind::Variable, true) => five_six_variable(rng),
        (MapKind::Random, true) => five_six_random(rng),
    }
}
