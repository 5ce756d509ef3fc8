//! Board topology: hexes, nodes (intersections) and edges (paths) with dense ids and
//! precomputed adjacency, built once from a [`BoardSpec`] and shared by every clone of a
//! game.
//!
//! # Coordinates and ids
//! Hexes are pointy-top and addressed by axial coordinates `(q, r)`: `r` grows downwards
//! (one row per step) and `q` grows to the east. The standard island has its centre hex at
//! `(0, 0)`, its top row at `r = -2` with `q = 0..=2`, and its bottom row at `r = 2` with
//! `q = -2..=0`.
//!
//! Positions are measured on an integer lattice: a hex centre is at `x = 2q + r`,
//! `y = 3r` (x in units of `√3/2` hex radius, y in half radii); its corners are at
//! `(x, y-2)` N, `(x+1, y-1)` NE, `(x+1, y+1)` SE, `(x, y+2)` S, `(x-1, y+1)` SW,
//! `(x-1, y-1)` NW.
//!
//! Ids are dense and deterministic, all in reading order (top to bottom, then left to
//! right): hex ids by `(r, q)`, node ids by corner `(y, x)`, edge ids by midpoint `(y, x)`.
//! Nodes and edges are the corners and sides of land hexes. On the standard board that
//! makes hexes `0..37` (19 land, 18 sea), nodes `0..54` and edges `0..72`.

use crate::types::{Harbor, Terrain};
use core::fmt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most nodes a board may have (node ids fit in a byte).
pub const MAX_NODES: usize = 256;
/// Most edges a board may have.
pub const MAX_EDGES: usize = 384;
/// Most hexes a board may have (land and sea).
pub const MAX_HEXES: usize = 255;

/// A point on the integer lattice, as `(y, x)` for sorting in reading order.
type Lattice = (i16, i16);

/// A `u32` ordered like the lattice point `(y, x)` (cheap sort key).
#[inline]
fn lattice_key(y: i16, x: i16) -> u32 {
    ((y as u16 ^ 0x8000) as u32) << 16 | (x as u16 ^ 0x8000) as u32
}

/// The lattice point of a [`lattice_key`].
#[inline]
fn lattice_of(k: u32) -> (i16, i16) {
    (
        ((k >> 16) as u16 ^ 0x8000) as i16,
        (k as u16 ^ 0x8000) as i16,
    )
}

const NONE8: u8 = u8::MAX;
const NONE16: u16 = u16::MAX;

/// Dense id of a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HexId(pub u8);
/// Dense id of a node (an intersection, where settlements and cities stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeId(pub u8);
/// Dense id of an edge (a path, where roads stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EdgeId(pub u16);

macro_rules! id_display {
    ($($t:ident $n:literal),*) => {$(
        impl $t {
            /// The id as an index.
            #[inline]
            pub const fn index(self) -> usize { self.0 as usize }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, concat!($n, " {}"), self.0) }
        }
    )*};
}
id_display!(HexId "hex", NodeId "node", EdgeId "edge");

/// Axial coordinates of a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HexCoord {
    /// Column-like axis (grows to the east).
    pub q: i8,
    /// Row (grows downwards).
    pub r: i8,
}

impl HexCoord {
    /// `(q, r)`.
    pub const fn new(q: i8, r: i8) -> HexCoord {
        HexCoord { q, r }
    }

    /// The neighbour across a side.
    pub const fn neighbor(self, side: Side) -> HexCoord {
        let (dq, dr) = match side {
            Side::Ne => (1, -1),
            Side::E => (1, 0),
            Side::Se => (0, 1),
            Side::Sw => (-1, 1),
            Side::W => (-1, 0),
            Side::Nw => (0, -1),
        };
        HexCoord::new(self.q + dq, self.r + dr)
    }

    /// Centre on the integer lattice.
    pub const fn center(self) -> (i16, i16) {
        (2 * self.q as i16 + self.r as i16, 3 * self.r as i16)
    }

    /// A corner on the integer lattice.
    pub const fn corner(self, c: Corner) -> (i16, i16) {
        let (x, y) = self.center();
        match c {
            Corner::N => (x, y - 2),
            Corner::Ne => (x + 1, y - 1),
            Corner::Se => (x + 1, y + 1),
            Corner::S => (x, y + 2),
            Corner::Sw => (x - 1, y + 1),
            Corner::Nw => (x - 1, y - 1),
        }
    }

    /// Distance in hex steps.
    pub const fn distance(self, o: HexCoord) -> i32 {
        let dq = self.q as i32 - o.q as i32;
        let dr = self.r as i32 - o.r as i32;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }
}

impl fmt::Display for HexCoord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// A side of a pointy-top hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// North-east.
    Ne,
    /// East (vertical).
    E,
    /// South-east.
    Se,
    /// South-west.
    Sw,
    /// West (vertical).
    W,
    /// North-west.
    Nw,
}

impl Side {
    /// All sides, clockwise from north-east.
    pub const ALL: [Side; 6] = [Side::Ne, Side::E, Side::Se, Side::Sw, Side::W, Side::Nw];

    /// The two corners at the ends of this side.
    pub const fn corners(self) -> [Corner; 2] {
        match self {
            Side::Ne => [Corner::N, Corner::Ne],
            Side::E => [Corner::Ne, Corner::Se],
            Side::Se => [Corner::Se, Corner::S],
            Side::Sw => [Corner::S, Corner::Sw],
            Side::W => [Corner::Sw, Corner::Nw],
            Side::Nw => [Corner::Nw, Corner::N],
        }
    }
}

/// A corner of a pointy-top hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    /// Top.
    N,
    /// Upper right.
    Ne,
    /// Lower right.
    Se,
    /// Bottom.
    S,
    /// Lower left.
    Sw,
    /// Upper left.
    Nw,
}

impl Corner {
    /// All corners, clockwise from north.
    pub const ALL: [Corner; 6] = [
        Corner::N,
        Corner::Ne,
        Corner::Se,
        Corner::S,
        Corner::Sw,
        Corner::Nw,
    ];
}

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
    #[error("harbour at {at} side {side:?} does not face the sea")]
    HarborNotCoastal {
        /// Where.
        at: HexCoord,
        /// Which side.
        side: Side,
    },
    /// Two harbours share a node.
    #[error("harbour at {at} side {side:?} shares a corner with another harbour")]
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

/// A hex of a built board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexInfo {
    /// Axial coordinates.
    pub coord: HexCoord,
    /// Terrain.
    pub terrain: Terrain,
    /// Number token.
    pub number: Option<u8>,
    nodes: [u8; 6],
}

impl HexInfo {
    /// The node ids at a land hex's six corners, which all exist (N, NE, SE, S, SW, NW).
    #[inline]
    pub(crate) fn land_corners(&self) -> [u8; 6] {
        debug_assert!(self.terrain.is_land() && !self.nodes.contains(&NONE8));
        self.nodes
    }
    /// The nodes at this hex's corners (N, NE, SE, S, SW, NW), where they exist (a sea hex
    /// may have corners that touch no land).
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes
            .iter()
            .filter(|&&n| n != NONE8)
            .map(|&n| NodeId(n))
    }

    /// The node at one corner, if it exists.
    pub fn corner(&self, c: Corner) -> Option<NodeId> {
        let n = self.nodes[c as usize];
        (n != NONE8).then_some(NodeId(n))
    }
}

/// A node (intersection) of a built board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    /// Position on the integer lattice.
    pub pos: (i16, i16),
    /// Harbour reached from this node.
    pub harbor: Option<Harbor>,
    hexes: [u8; 3],
    neighbors: [u8; 3],
    edges: [u16; 3],
}

impl NodeInfo {
    /// The edges at this node, the first repeated where there are only two: for set
    /// operations, where a repeat changes nothing and a fixed count avoids a branch.
    #[inline(always)]
    pub(crate) fn edges_padded(&self) -> [u16; 3] {
        let [a, b, c] = self.edges;
        debug_assert!(a != NONE16 && b != NONE16);
        [a, b, if c == NONE16 { a } else { c }]
    }
    /// The adjacent nodes, padded like [`NodeInfo::edges_padded`].
    #[inline(always)]
    pub(crate) fn neighbors_padded(&self) -> [u8; 3] {
        let [a, b, c] = self.neighbors;
        debug_assert!(a != NONE8 && b != NONE8);
        [a, b, if c == NONE8 { a } else { c }]
    }
    /// The land hexes around this node, padded with the first.
    #[inline(always)]
    pub(crate) fn hexes_padded(&self) -> [u8; 3] {
        let [a, b, c] = self.hexes;
        debug_assert!(a != NONE8);
        [
            a,
            if b == NONE8 { a } else { b },
            if c == NONE8 { a } else { c },
        ]
    }
    /// The land hexes around this node (1 to 3).
    #[inline]
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.hexes
            .iter()
            .take_while(|&&h| h != NONE8)
            .map(|&h| HexId(h))
    }
    /// The adjacent nodes (2 or 3).
    #[inline]
    pub fn neighbors(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.neighbors
            .iter()
            .take_while(|&&n| n != NONE8)
            .map(|&n| NodeId(n))
    }
    /// The edges at this node (2 or 3).
    #[inline]
    pub fn edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        self.edges
            .iter()
            .take_while(|&&e| e != NONE16)
            .map(|&e| EdgeId(e))
    }
}

/// An edge (path) of a built board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeInfo {
    /// The two end nodes (lower id first).
    pub nodes: [NodeId; 2],
    /// Midpoint on the doubled lattice (`x1 + x2`, `y1 + y2`).
    pub mid2: (i16, i16),
}

impl EdgeInfo {
    /// The end that is not `n`.
    #[inline]
    pub fn other(&self, n: NodeId) -> NodeId {
        if self.nodes[0] == n {
            self.nodes[1]
        } else {
            self.nodes[0]
        }
    }
}

/// An immutable board: a validated map with its topology. Shared between clones of a game
/// through an `Arc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    spec: BoardSpec,
    hexes: Vec<HexInfo>,
    nodes: Vec<NodeInfo>,
    edges: Vec<EdgeInfo>,
    by_coord: BTreeMap<HexCoord, HexId>,
    by_number: [Vec<HexId>; 13],
    robber_start: Option<HexId>,
    land: Vec<HexId>,
}

impl Board {
    /// Validates a map and builds its topology, reporting every problem at once.
    ///
    /// # Errors
    /// [`BoardErrors`] listing each [`BoardError`] found.
    pub fn new(mut spec: BoardSpec) -> Result<Board, BoardErrors> {
        let mut errs = Vec::new();
        spec.hexes.sort_by_key(|h| (h.r, h.q));
        let mut by_coord = BTreeMap::new();
        for (i, h) in spec.hexes.iter().enumerate() {
            let at = HexCoord::new(h.q, h.r);
            if by_coord.insert(at, HexId(i.min(254) as u8)).is_some() {
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
        let is_land = |c: HexCoord| {
            by_coord
                .get(&c)
                .is_some_and(|&HexId(i)| spec.hexes[i as usize].terrain.is_land())
        };

        let topo = Topology::cached(&spec.hexes);
        if topo.node_count > MAX_NODES {
            errs.push(BoardError::TooLarge {
                what: "nodes",
                count: topo.node_count,
                max: MAX_NODES,
            });
        }
        if topo.edge_count > MAX_EDGES {
            errs.push(BoardError::TooLarge {
                what: "edges",
                count: topo.edge_count,
                max: MAX_EDGES,
            });
        }
        let keys = &topo.keys;
        let node_of = |y: i16, x: i16| keys.binary_search(&lattice_key(y, x)).ok();
        let mut nodes = topo.nodes.clone();
        let edges = topo.edges.clone();

        let mut hexes = Vec::with_capacity(spec.hexes.len());
        let mut by_number: [Vec<HexId>; 13] = Default::default();
        for (i, h) in spec.hexes.iter().enumerate() {
            let hc = HexCoord::new(h.q, h.r);
            if let Some(n) = h.number {
                if (2..=12).contains(&n) && i < MAX_HEXES {
                    by_number[n as usize].push(HexId(i as u8));
                }
            }
            hexes.push(HexInfo {
                coord: hc,
                terrain: h.terrain,
                number: h.number,
                nodes: topo.corners[i],
            });
        }

        for hs in &spec.harbors {
            let at = HexCoord::new(hs.q, hs.r);
            if !is_land(at) {
                errs.push(BoardError::HarborNotOnLand { at });
                continue;
            }
            // A hex at the edge of the coordinate range faces nothing but sea that way
            // (and `neighbor` would overflow).
            let facing = HexCoord::new(0, 0).neighbor(hs.side);
            let beyond = at.q.checked_add(facing.q).zip(at.r.checked_add(facing.r));
            if beyond.is_some_and(|(q, r)| is_land(HexCoord::new(q, r))) {
                errs.push(BoardError::HarborNotCoastal { at, side: hs.side });
                continue;
            }
            let mut overlap = false;
            for c in hs.side.corners() {
                let (x, y) = at.corner(c);
                if let Some(n) = node_of(y, x).filter(|&n| n < nodes.len()) {
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

        let robber_start = match spec.robber {
            Some(at) => match by_coord.get(&at) {
                Some(&id) if spec.hexes[id.index()].terrain.is_land() => Some(id),
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
        };

        if !errs.is_empty() {
            return Err(BoardErrors(errs));
        }
        let land = (0..hexes.len())
            .filter(|&i| hexes[i].terrain.is_land())
            .map(|i| HexId(i as u8))
            .collect();
        Ok(Board {
            land,
            spec,
            hexes,
            nodes,
            edges,
            by_coord,
            by_number,
            robber_start,
        })
    }

    /// The map this board was built from (hexes in id order).
    pub fn spec(&self) -> &BoardSpec {
        &self.spec
    }
    /// All hexes, by id.
    #[inline]
    pub fn hexes(&self) -> &[HexInfo] {
        &self.hexes
    }
    /// All nodes, by id.
    #[inline]
    pub fn nodes(&self) -> &[NodeInfo] {
        &self.nodes
    }
    /// All edges, by id.
    #[inline]
    pub fn edges(&self) -> &[EdgeInfo] {
        &self.edges
    }
    /// One hex.
    #[inline]
    pub fn hex(&self, h: HexId) -> &HexInfo {
        &self.hexes[h.index()]
    }
    /// One node.
    #[inline]
    pub fn node(&self, n: NodeId) -> &NodeInfo {
        &self.nodes[n.index()]
    }
    /// One edge.
    #[inline]
    pub fn edge(&self, e: EdgeId) -> &EdgeInfo {
        &self.edges[e.index()]
    }
    /// The hex at axial coordinates.
    pub fn hex_at(&self, c: HexCoord) -> Option<HexId> {
        self.by_coord.get(&c).copied()
    }
    /// The node at a hex's corner.
    pub fn node_at(&self, c: HexCoord, corner: Corner) -> Option<NodeId> {
        self.hex_at(c).and_then(|h| self.hex(h).corner(corner))
    }
    /// The edge between two nodes, if they are adjacent.
    pub fn edge_between(&self, a: NodeId, b: NodeId) -> Option<EdgeId> {
        self.node(a).edges().find(|&e| self.edge(e).other(a) == b)
    }
    /// The edge along a hex's side.
    pub fn edge_at(&self, c: HexCoord, side: Side) -> Option<EdgeId> {
        let [a, b] = side.corners();
        self.edge_between(self.node_at(c, a)?, self.node_at(c, b)?)
    }
    /// The hexes carrying a number token.
    #[inline]
    pub fn hexes_with_number(&self, n: u8) -> &[HexId] {
        self.by_number.get(n as usize).map_or(&[], |v| v.as_slice())
    }
    /// Where the robber starts.
    pub fn robber_start(&self) -> Option<HexId> {
        self.robber_start
    }
    /// Ids of the land hexes.
    pub fn land_hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.land.iter().copied()
    }
    /// Ids of the land hexes, as a slice.
    #[inline]
    pub(crate) fn land(&self) -> &[HexId] {
        &self.land
    }

    /// The board described for drawing: every hex, node and edge with its id and position.
    pub fn describe(&self) -> BoardDescription {
        BoardDescription {
            hexes: self
                .hexes
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let (x, y) = h.coord.center();
                    HexDescription {
                        id: i as u8,
                        q: h.coord.q,
                        r: h.coord.r,
                        x,
                        y,
                        terrain: h.terrain,
                        number: h.number,
                        nodes: h.nodes.iter().map(|&n| (n != NONE8).then_some(n)).collect(),
                    }
                })
                .collect(),
            nodes: self
                .nodes
                .iter()
                .enumerate()
                .map(|(i, n)| NodeDescription {
                    id: i as u8,
                    x: n.pos.0,
                    y: n.pos.1,
                    hexes: n.hexes().map(|h| h.0).collect(),
                    neighbors: n.neighbors().map(|h| h.0).collect(),
                    edges: n.edges().map(|h| h.0).collect(),
                    harbor: n.harbor,
                })
                .collect(),
            edges: self
                .edges
                .iter()
                .enumerate()
                .map(|(i, e)| EdgeDescription {
                    id: i as u16,
                    nodes: [e.nodes[0].0, e.nodes[1].0],
                })
                .collect(),
            harbors: self.spec.harbors.clone(),
            robber_start: self.robber_start.map(|h| h.0),
        }
    }
}

/// The part of a board that depends only on where its hexes are and which are land:
/// nodes, edges and adjacency. Random boards of one shape share it, so the last one built
/// on each thread is kept and reused (building it sorts every corner and side).
struct Topology {
    /// Packed lattice keys of the nodes, sorted (node id = index).
    keys: Vec<u32>,
    /// Nodes and edges found (may exceed the limits; then `edges` is left empty).
    node_count: usize,
    edge_count: usize,
    /// Nodes with their hexes, neighbours and edges (no harbours yet).
    nodes: Vec<NodeInfo>,
    edges: Vec<EdgeInfo>,
    /// Corner nodes of each hex.
    corners: Vec<[u8; 6]>,
}

/// One hex's place in a topology: `(q, r, is land)`.
type ShapeKey = Vec<(i8, i8, bool)>;

thread_local! {
    static LAST_TOPOLOGY: std::cell::RefCell<Option<(ShapeKey, std::rc::Rc<Topology>)>> =
        const { std::cell::RefCell::new(None) };
}

impl Topology {
    /// The topology of `hexes` (sorted in id order), reusing this thread's last one when
    /// the shape is the same.
    fn cached(hexes: &[HexSpec]) -> std::rc::Rc<Topology> {
        let key: ShapeKey = hexes
            .iter()
            .map(|h| (h.q, h.r, h.terrain.is_land()))
            .collect();
        LAST_TOPOLOGY.with(|cell| {
            if let Some((k, t)) = &*cell.borrow() {
                if *k == key {
                    return t.clone();
                }
            }
            let t = std::rc::Rc::new(Topology::build(hexes));
            *cell.borrow_mut() = Some((key, t.clone()));
            t
        })
    }

    fn build(hexes: &[HexSpec]) -> Topology {
        let spec_hexes = hexes;
        // Nodes: corners of land hexes, in (y, x) order.
        let mut node_pos: Vec<(i16, i16)> = Vec::new();
        for h in spec_hexes.iter().filter(|h| h.terrain.is_land()) {
            for c in Corner::ALL {
                let (x, y) = HexCoord::new(h.q, h.r).corner(c);
                node_pos.push((y, x));
            }
        }
        // Sorted as packed `u32` keys: much cheaper than sorting the tuples.
        let mut keys: Vec<u32> = node_pos.iter().map(|&(y, x)| lattice_key(y, x)).collect();
        keys.sort_unstable();
        keys.dedup();
        node_pos = keys.iter().map(|&k| lattice_of(k)).collect();
        // Edges: sides of land hexes, as node pairs, in midpoint (y, x) order.
        let mut edge_keys: Vec<(Lattice, Lattice, Lattice)> = Vec::new();
        for h in spec_hexes.iter().filter(|h| h.terrain.is_land()) {
            let hc = HexCoord::new(h.q, h.r);
            for s in Side::ALL {
                let [a, b] = s.corners();
                let (ax, ay) = hc.corner(a);
                let (bx, by) = hc.corner(b);
                let (p, q) = if (ay, ax) <= (by, bx) {
                    ((ay, ax), (by, bx))
                } else {
                    ((by, bx), (ay, ax))
                };
                edge_keys.push(((ay + by, ax + bx), p, q));
            }
        }
        // A midpoint names one edge, so ordering by midpoint alone is the full order: sort
        // (midpoint key, index) pairs packed in a `u64`, keep the first of each midpoint.
        let mut order: Vec<u64> = edge_keys
            .iter()
            .enumerate()
            .map(|(i, &((y, x), _, _))| (lattice_key(y, x) as u64) << 32 | i as u64)
            .collect();
        order.sort_unstable();
        order.dedup_by_key(|k| *k >> 32);
        edge_keys = order
            .iter()
            .map(|&k| edge_keys[(k & 0xffff_ffff) as usize])
            .collect();
        let node_count = node_pos.len();
        let edge_count = edge_keys.len();
        let too_large = hexes.len() > MAX_HEXES || node_count > MAX_NODES || edge_count > MAX_EDGES;
        let node_of = |y: i16, x: i16| keys.binary_search(&lattice_key(y, x)).ok();
        let mut nodes: Vec<NodeInfo> = node_pos
            .iter()
            .map(|&(y, x)| NodeInfo {
                pos: (x, y),
                harbor: None,
                hexes: [NONE8; 3],
                neighbors: [NONE8; 3],
                edges: [NONE16; 3],
            })
            .collect();
        let mut edges = Vec::with_capacity(edge_keys.len());
        if !too_large {
            for (i, &(mid, (ay, ax), (by, bx))) in edge_keys.iter().enumerate() {
                let a = node_of(ay, ax).expect("edge end is a node");
                let b = node_of(by, bx).expect("edge end is a node");
                edges.push(EdgeInfo {
                    nodes: [NodeId(a as u8), NodeId(b as u8)],
                    mid2: (mid.1, mid.0),
                });
                push_slot(&mut nodes[a].edges, i as u16, NONE16);
                push_slot(&mut nodes[b].edges, i as u16, NONE16);
                push_slot(&mut nodes[a].neighbors, b as u8, NONE8);
                push_slot(&mut nodes[b].neighbors, a as u8, NONE8);
            }
        }

        let mut corners = Vec::with_capacity(hexes.len());
        for (i, h) in hexes.iter().enumerate() {
            let hc = HexCoord::new(h.q, h.r);
            let mut hn = [NONE8; 6];
            for c in Corner::ALL {
                let (x, y) = hc.corner(c);
                if let Some(n) = node_of(y, x) {
                    if n < MAX_NODES {
                        hn[c as usize] = n as u8;
                        if h.terrain.is_land() && i < MAX_HEXES {
                            push_slot(&mut nodes[n].hexes, i as u8, NONE8);
                        }
                    }
                }
            }
            corners.push(hn);
        }
        Topology {
            keys,
            node_count,
            edge_count,
            nodes,
            edges,
            corners,
        }
    }
}

fn push_slot<T: PartialEq + Copy>(slots: &mut [T], v: T, none: T) {
    if slots.contains(&v) {
        return;
    }
    if let Some(s) = slots.iter_mut().find(|s| **s == none) {
        *s = v;
    }
}

/// The board as JSON for clients that draw it (see [`Board::describe`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardDescription {
    /// Hexes by id.
    pub hexes: Vec<HexDescription>,
    /// Nodes by id.
    pub nodes: Vec<NodeDescription>,
    /// Edges by id.
    pub edges: Vec<EdgeDescription>,
    /// Harbours as in the map.
    pub harbors: Vec<HarborSpec>,
    /// The robber's starting hex.
    pub robber_start: Option<u8>,
}

/// A hex in a [`BoardDescription`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexDescription {
    /// Hex id.
    pub id: u8,
    /// Axial q.
    pub q: i8,
    /// Axial r.
    pub r: i8,
    /// Centre x on the lattice (units of √3/2 radius).
    pub x: i16,
    /// Centre y on the lattice (units of 1/2 radius).
    pub y: i16,
    /// Terrain.
    pub terrain: Terrain,
    /// Number token.
    pub number: Option<u8>,
    /// Corner nodes N, NE, SE, S, SW, NW (`null` where a sea hex's corner touches no land).
    pub nodes: Vec<Option<u8>>,
}

/// A node in a [`BoardDescription`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NodeDescription {
    /// Node id.
    pub id: u8,
    /// x on the lattice.
    pub x: i16,
    /// y on the lattice.
    pub y: i16,
    /// Land hexes around it.
    pub hexes: Vec<u8>,
    /// Adjacent nodes.
    pub neighbors: Vec<u8>,
    /// Edges at it.
    pub edges: Vec<u16>,
    /// Harbour reached from it.
    pub harbor: Option<Harbor>,
}

/// An edge in a [`BoardDescription`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EdgeDescription {
    /// Edge id.
    pub id: u16,
    /// End nodes.
    pub nodes: [u8; 2],
}
