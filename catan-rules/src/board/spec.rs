//! A map as plain data ([`BoardSpec`]) and its validation into a [`Board`].

use super::topology::Shape;
use super::{
    lattice_key, Board, HexCoord, HexId, HexInfo, NodeInfo, Side, MAX_EDGES, MAX_HEXES, MAX_NODES,
    NONE8,
};
use crate::types::{Harbor, Terrain};
use serde::{Deserialize, Serialize};

/// One hex of a map as plain data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexSpec {
    /// Axial column.
    pub q: i8,
    /// Axial row.
    pub r: i8,
    /// Terrain.
    pub terrain: Terrain,
    /// Number token (2–6, 8–12) on producing hexes; absent on desert and sea.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
}

/// A harbour as plain data: the land hex it serves and the side of that hex facing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarborSpec {
    /// Axial column of the land hex.
    pub q: i8,
    /// Axial row of the land hex.
    pub r: i8,
    /// The side of that hex on the coast; its two corners get the harbour.
    pub side: Side,
    /// Kind of harbour.
    pub kind: Harbor,
}

/// A map as plain data (the user-map JSON format). Validated by [`Board::new`].
///
/// ```
/// use catan_rules::board::{Board, BoardSpec};
/// let spec: BoardSpec = serde_json::from_str(r#"{
///     "hexes": [
///         {"q": 0, "r": 0, "terrain": "forest", "number": 8},
///         {"q": 1, "r": 0, "terrain": "desert"}
///     ],
///     "harbors": [{"q": 0, "r": 0, "side": "w", "kind": "3:1"}]
/// }"#).unwrap();
/// let board = Board::new(spec).unwrap();
/// assert_eq!(board.nodes().len(), 10);
/// assert_eq!(board.edges().len(), 11);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Every hex, land and sea (sea hexes are optional; they are drawn and face harbours).
    pub hexes: Vec<HexSpec>,
    /// Harbours.
    #[serde(default)]
    pub harbors: Vec<HarborSpec>,
    /// Where the robber starts; default: the first desert in reading order, or off the
    /// board if there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber: Option<HexCoord>,
    /// A Seafarers map: the sea hexes listed are open water inside the frame, their corners
    /// and sides are nodes and edges (ships sail there), and the pirate may stand on them.
    /// Off (the default), sea hexes are only the frame around the land.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub open_sea: bool,
    /// Where the pirate starts on an open-sea map: a sea hex, or absent for off the board
    /// (on the frame, where it robs nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate: Option<HexCoord>,
    /// The land areas of a Seafarers map (islands or parts of one): where set-up
    /// settlements may go and which special victory points a player's first settlement
    /// in each pays. Empty (the default): set-up anywhere, no special points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<BoardArea>,
    /// The spaces that were unexplored when the game began (The Fog Islands): each is
    /// listed among `hexes` as `sea` until discovered, then with what was discovered
    /// there. Needs `open_sea`; at most [`MAX_FOG_SPACES`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fog: Vec<HexCoord>,
    /// Where the map comes from and how far it is trusted (the official Seafarers maps;
    /// left out when not known, as for a map of one's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<MapSource>,
}

/// Where a map comes from, and how far it is trusted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSource {
    /// The source, for people (e.g. "the printed Four Islands 3-player map, Seafarers
    /// rulebook (5th ed.)").
    pub name: String,
    /// How far the source is trusted.
    pub confidence: Confidence,
}

/// How far a map's source is trusted (docs/rulings.md §42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    /// A printed map of a rulebook, reproduced hex by hex.
    High,
    /// One public implementation's map, the printed one not found (the Seafarers 5–6
    /// player maps: JSettlers2).
    Lower,
}

/// Most unexplored spaces a board may have (The Fog Islands has 12, 25 on its 6-player
/// map).
pub const MAX_FOG_SPACES: usize = 32;
/// Most land areas a board may have.
pub const MAX_AREAS: usize = 16;
/// Most special victory points one land area may pay (the Seafarers scenarios pay 2, their
/// older editions 1). With at most [`MAX_AREAS`] areas a player's points stay far inside
/// a `u8`: 16 × 10 special points, 13 from buildings, 4 from the special cards and the
/// victory point cards.
pub const MAX_AREA_SPECIAL_VP: u8 = 10;

/// A land area of a board: its hexes, whether players may start there, and the special
/// victory points a player's first settlement there pays.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardArea {
    /// A name for people.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Set-up settlements may be placed here.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub start: bool,
    /// Special victory points for a player's first settlement here (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub special_vp: u8,
    /// The land hexes of the area.
    pub hexes: Vec<HexCoord>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// What is wrong with a [`BoardSpec`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BoardError {
    /// No land hex at all.
    #[error("the map has no land hex")]
    NoLand,
    /// Two hexes at one place.
    #[error("two hexes at {at}")]
    DuplicateHex {
        /// Where.
        at: HexCoord,
    },
    /// A producing hex without a number token.
    #[error("{terrain} hex at {at} needs a number token")]
    MissingNumber {
        /// Where.
        at: HexCoord,
        /// Its terrain.
        terrain: Terrain,
    },
    /// A number token where none belongs, or an impossible number.
    #[error("hex at {at} cannot carry number {number} (numbers are 2–6 and 8–12, on producing land only)")]
    BadNumber {
        /// Where.
        at: HexCoord,
        /// The number given.
        number: u8,
    },
    /// A harbour not on a land hex of the map.
    #[error("harbour at {at} is not on a land hex")]
    HarborNotOnLand {
        /// Where.
        at: HexCoord,
    },
    /// A harbour on a side that does not face the sea.
    #[error("the harbour on the {side} side of the hex at {at} does not face the sea")]
    HarborNotCoastal {
        /// Where.
        at: HexCoord,
        /// Which side.
        side: Side,
    },
    /// Two harbours share a node.
    #[error(
        "the harbour on the {side} side of the hex at {at} shares a corner with another harbour"
    )]
    HarborOverlap {
        /// Where.
        at: HexCoord,
        /// Which side.
        side: Side,
    },
    /// The robber's start is not a land hex.
    #[error("the robber must start on a land hex of the map, not {at}")]
    RobberNotOnLand {
        /// Where.
        at: HexCoord,
    },
    /// The pirate's start is not a sea hex of an open-sea map.
    #[error("the pirate must start on a sea hex of an open-sea map, not {at}")]
    PirateNotOnSea {
        /// Where.
        at: HexCoord,
    },
    /// A board with unexplored spaces (The Fog Islands) given to
    /// [`crate::Game::with_board`], which has no face-down stacks to discover them from:
    /// play its sea map with [`crate::Game::with_sea_map`], or the scenario.
    #[error("a board with unexplored spaces needs its face-down stacks: play its sea map with with_sea_map, or the scenario")]
    FogNeedsSeaMap,
    /// A land area names a hex that is not a land hex of the map, or a hex another area
    /// already holds.
    #[error("land area {area} cannot hold the hex at {at}: it is not a land hex of the map or belongs to another area")]
    BadAreaHex {
        /// The area's index.
        area: u8,
        /// The hex.
        at: HexCoord,
    },
    /// A land area paying more special victory points than [`MAX_AREA_SPECIAL_VP`].
    #[error("land area {area} pays {points} special victory points; at most {max} are supported")]
    SpecialVpTooHigh {
        /// The area's index.
        area: u8,
        /// The points given.
        points: u8,
        /// The limit.
        max: u8,
    },
    /// Land areas given, none of them a start area: set-up could not begin.
    #[error("the map's land areas include no start area")]
    NoStartArea,
    /// An unexplored space that is not a hex of an open-sea map, is listed twice, or is
    /// where the pirate starts.
    #[error("the unexplored space at {at} must be a hex of an open-sea map, listed once, and not the pirate's start")]
    BadFogSpace {
        /// Where.
        at: HexCoord,
    },
    /// The map is too big for the engine's fixed-size state.
    #[error("the map has {count} {what}; at most {max} are supported")]
    TooLarge {
        /// Hexes, nodes or edges.
        what: &'static str,
        /// How many the map has.
        count: usize,
        /// The limit.
        max: usize,
    },
}

/// Every problem found in a [`BoardSpec`], reported at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("invalid board: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
pub struct BoardErrors(pub Vec<BoardError>);

impl Board {
    /// Validates a map and builds its topology, reporting every problem at once.
    ///
    /// # Errors
    /// [`BoardErrors`] listing each [`BoardError`] found.
    pub fn new(spec: BoardSpec) -> Result<Board, BoardErrors> {
        Board::build(spec, true)
    }

    /// [`Board::new`] with the shape built afresh, never taken from (nor put in) the cache
    /// of shapes: what the cache must give back.
    #[cfg(test)]
    pub(crate) fn new_uncached(spec: BoardSpec) -> Result<Board, BoardErrors> {
        Board::build(spec, false)
    }

    fn build(mut spec: BoardSpec, cache: bool) -> Result<Board, BoardErrors> {
        let mut errs = Vec::new();
        spec.hexes.sort_by_key(|h| (h.r, h.q));
        check_hexes(&spec, &mut errs);
        // A discovered unexplored space that became land makes a shape of its own, which
        // few other boards share: such boards are built without the cache.
        let fog_land = spec.fog.iter().any(|&c| {
            hex_id_at(&spec.hexes, c).is_some_and(|h| spec.hexes[h.index()].terrain.is_land())
        });
        let shape = Shape::shared(&spec.hexes, spec.open_sea, cache && !fog_land);
        if shape.node_count > MAX_NODES {
            errs.push(BoardError::TooLarge {
                what: "nodes",
                count: shape.node_count,
                max: MAX_NODES,
            });
        }
        if shape.edge_count > MAX_EDGES {
            errs.push(BoardError::TooLarge {
                what: "edges",
                count: shape.edge_count,
                max: MAX_EDGES,
            });
        }
        let mut nodes = shape.nodes.clone();
        let edges = shape.edges.clone();
        let sea_sides_of = shape.sea_sides_of.clone();
        let (hexes, by_number) = hex_infos(&spec, &shape);
        place_harbors(&spec, &shape, &mut nodes, &mut errs);
        let robber_start = robber_start(&spec, &mut errs);
        let scen = scenario_data(&spec, &hexes, nodes.len(), &mut errs);
        let pirate_start = spec.pirate.and_then(|at| match hex_id_at(&spec.hexes, at) {
            Some(id) if spec.open_sea && spec.hexes[id.index()].terrain == Terrain::Sea => Some(id),
            _ => {
                errs.push(BoardError::PirateNotOnSea { at });
                None
            }
        });
        if !errs.is_empty() {
            return Err(BoardErrors(errs));
        }
        Ok(Board {
            sea_edges: shape.sea_edges,
            land_edges: shape.land_edges,
            shape,
            node_areas: scen.node_areas,
            area_vp: scen.area_vp,
            start_areas: scen.start_areas,
            fog_hexes: scen.fog_hexes,
            node_fog: scen.node_fog,
            spec,
            hexes,
            nodes,
            edges,
            sea_sides_of,
            by_number,
            robber_start,
            pirate_start,
        })
    }
}

/// The id of the hex at `c` among `hexes` sorted in reading order: where two hexes share a
/// place (a map [`Board::new`] refuses), the last of them; ids past the last a board may
/// have are clamped to it, as a board being checked reports that.
pub(super) fn hex_id_at(hexes: &[HexSpec], c: HexCoord) -> Option<HexId> {
    hex_index_at(hexes, c).map(|i| HexId(i.min(254) as u8))
}

/// [`hex_id_at`] as a place in `hexes`, not clamped: one place for one coordinate.
fn hex_index_at(hexes: &[HexSpec], c: HexCoord) -> Option<usize> {
    let end = hexes.partition_point(|h| (h.r, h.q) <= (c.r, c.q));
    let i = end.checked_sub(1)?;
    (hexes[i].q == c.q && hexes[i].r == c.r).then_some(i)
}

/// What a board knows of its land areas and unexplored spaces.
struct ScenarioData {
    node_areas: Vec<u16>,
    area_vp: Vec<u8>,
    start_areas: u16,
    fog_hexes: Vec<HexId>,
    node_fog: Vec<u32>,
}

/// The areas each node touches, each area's special points, the start areas, and the
/// unexplored spaces with the nodes at their corners; checked.
fn scenario_data(
    spec: &BoardSpec,
    hexes: &[HexInfo],
    node_count: usize,
    errs: &mut Vec<BoardError>,
) -> ScenarioData {
    // Left empty without areas (or unexplored spaces): the board reads a missing entry
    // as none.
    let mut node_areas = if spec.areas.is_empty() {
        Vec::new()
    } else {
        vec![0u16; node_count]
    };
    let mut area_vp = Vec::with_capacity(spec.areas.len());
    let mut start_areas = 0u16;
    if spec.areas.len() > MAX_AREAS {
        errs.push(BoardError::TooLarge {
            what: "land areas",
            count: spec.areas.len(),
            max: MAX_AREAS,
        });
    }
    // The hexes already in an area, by place in `spec.hexes` (a place is a coordinate).
    let mut taken = vec![
        false;
        if spec.areas.is_empty() {
            0
        } else {
            spec.hexes.len()
        }
    ];
    for (a, area) in spec.areas.iter().enumerate().take(MAX_AREAS) {
        if area.special_vp > MAX_AREA_SPECIAL_VP {
            errs.push(BoardError::SpecialVpTooHigh {
                area: a as u8,
                points: area.special_vp,
                max: MAX_AREA_SPECIAL_VP,
            });
        }
        area_vp.push(area.special_vp);
        if area.start {
            start_areas |= 1 << a;
        }
        for &at in &area.hexes {
            let at_index = hex_index_at(&spec.hexes, at);
            let land = at_index
                .map(|i| HexId(i.min(254) as u8))
                .filter(|h| hexes[h.index()].terrain.is_land());
            match (land, at_index) {
                (Some(h), Some(i)) if !std::mem::replace(&mut taken[i], true) => {
                    for n in hexes[h.index()].nodes() {
                        node_areas[n.index()] |= 1 << a;
                    }
                }
                _ => errs.push(BoardError::BadAreaHex { area: a as u8, at }),
            }
        }
    }
    if !spec.areas.is_empty() && start_areas == 0 {
        errs.push(BoardError::NoStartArea);
    }
    let mut fog_hexes = Vec::with_capacity(spec.fog.len());
    let mut node_fog = if spec.fog.is_empty() {
        Vec::new()
    } else {
        vec![0u32; node_count]
    };
    if spec.fog.len() > MAX_FOG_SPACES {
        errs.push(BoardError::TooLarge {
            what: "unexplored spaces",
            count: spec.fog.len(),
            max: MAX_FOG_SPACES,
        });
    }
    let mut fog: Vec<HexCoord> = spec.fog.clone();
    fog.sort_by_key(|c| (c.r, c.q));
    for (i, &at) in fog.iter().enumerate() {
        match hex_id_at(&spec.hexes, at) {
            // The pirate may not start on a space whose hex is not known yet.
            Some(h) if spec.open_sea && !fog_hexes.contains(&h) && spec.pirate != Some(at) => {
                fog_hexes.push(h);
                if i < MAX_FOG_SPACES {
                    for n in hexes[h.index()].nodes() {
                        node_fog[n.index()] |= 1 << i;
                    }
                }
            }
            _ => errs.push(BoardError::BadFogSpace { at }),
        }
    }
    ScenarioData {
        node_areas,
        area_vp,
        start_areas,
        fog_hexes,
        node_fog,
    }
}

/// Each hex once (`spec.hexes` sorted in reading order), with a number token exactly where
/// it produces; at least one land hex, not too many hexes.
fn check_hexes(spec: &BoardSpec, errs: &mut Vec<BoardError>) {
    let mut last = None;
    for h in &spec.hexes {
        let at = HexCoord::new(h.q, h.r);
        // Sorted, two hexes at one place are neighbours in the list.
        if last.replace(at) == Some(at) {
            errs.push(BoardError::DuplicateHex { at });
        }
        let produces = h.terrain.resource().is_some() || h.terrain == Terrain::Gold;
        match h.number {
            Some(n) if !produces || !(2..=12).contains(&n) || n == 7 => {
                errs.push(BoardError::BadNumber { at, number: n })
            }
            None if produces => errs.push(BoardError::MissingNumber {
                at,
                terrain: h.terrain,
            }),
            _ => {}
        }
    }
    if spec.hexes.len() > MAX_HEXES {
        errs.push(BoardError::TooLarge {
            what: "hexes",
            count: spec.hexes.len(),
            max: MAX_HEXES,
        });
    }
    if !spec.hexes.iter().any(|h| h.terrain.is_land()) {
        errs.push(BoardError::NoLand);
    }
}

/// The built hexes, and the hexes of each number token.
fn hex_infos(spec: &BoardSpec, shape: &Shape) -> (Vec<HexInfo>, [Vec<HexId>; 13]) {
    let mut hexes = Vec::with_capacity(spec.hexes.len());
    let mut by_number: [Vec<HexId>; 13] = Default::default();
    for (i, h) in spec.hexes.iter().enumerate() {
        if let Some(n) = h.number {
            if (2..=12).contains(&n) && i < MAX_HEXES {
                by_number[n as usize].push(HexId(i as u8));
            }
        }
        let (nibble_words, nibble_shifts) = shape.corner_nibbles[i];
        hexes.push(HexInfo {
            coord: HexCoord::new(h.q, h.r),
            terrain: h.terrain,
            number: h.number,
            nodes: shape.corners[i],
            nibble_words,
            nibble_shifts,
        });
    }
    (hexes, by_number)
}

/// Puts each harbour on the two nodes of its coastal side; a harbour must face the sea
/// from a land hex and share no node with another.
fn place_harbors(
    spec: &BoardSpec,
    shape: &Shape,
    nodes: &mut [NodeInfo],
    errs: &mut Vec<BoardError>,
) {
    let is_land = |c: HexCoord| {
        hex_id_at(&spec.hexes, c).is_some_and(|HexId(i)| spec.hexes[i as usize].terrain.is_land())
    };
    let keys = &shape.keys;
    let node_of = |y: i16, x: i16| keys.binary_search(&lattice_key(y, x)).ok();
    for hs in &spec.harbors {
        let at = HexCoord::new(hs.q, hs.r);
        // The hex's place, found once: its corners are the shape's (no search for them).
        let place = hex_index_at(&spec.hexes, at);
        if !place.is_some_and(|i| spec.hexes[i.min(254)].terrain.is_land()) {
            errs.push(BoardError::HarborNotOnLand { at });
            continue;
        }
        // A hex at the edge of the coordinate range faces nothing but sea that way
        // (and `neighbor` would overflow).
        let facing = HexCoord::new(0, 0).neighbor(hs.side);
        let beyond = at.q.checked_add(facing.q).zip(at.r.checked_add(facing.r));
        // A harbour may face an unexplored space that was discovered as land.
        if beyond.is_some_and(|(q, r)| {
            let c = HexCoord::new(q, r);
            is_land(c) && !spec.fog.contains(&c)
        }) {
            errs.push(BoardError::HarborNotCoastal { at, side: hs.side });
            continue;
        }
        let mut overlap = false;
        let corners = place.and_then(|i| shape.corners.get(i));
        for c in hs.side.corners() {
            // The shape's corner where it has one; searched for where it has none (a node
            // past the most a board may have, which the board then refuses).
            let n = match corners.map(|hn| hn[c as usize]) {
                Some(n) if n != NONE8 => Some(n as usize),
                _ => {
                    let (x, y) = at.corner(c);
                    node_of(y, x)
                }
            };
            if let Some(n) = n.filter(|&n| n < nodes.len()) {
                if nodes[n].harbor.is_some() {
                    overlap = true;
                }
                nodes[n].harbor = Some(hs.kind);
            }
        }
        if overlap {
            errs.push(BoardError::HarborOverlap { at, side: hs.side });
        }
    }
}

/// The robber's starting hex: the given land hex, or the first desert.
fn robber_start(spec: &BoardSpec, errs: &mut Vec<BoardError>) -> Option<HexId> {
    match spec.robber {
        Some(at) => match hex_id_at(&spec.hexes, at) {
            Some(id) if spec.hexes[id.index()].terrain.is_land() => Some(id),
            _ => {
                errs.push(BoardError::RobberNotOnLand { at });
                None
            }
        },
        None => spec
            .hexes
            .iter()
            .position(|h| h.terrain == Terrain::Desert)
            .map(|i| HexId(i as u8)),
    }
}
