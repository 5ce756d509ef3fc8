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

//!
//! # The code
//! This file holds ids, coordinates and the built [`Board`] with its queries; `spec.rs` the
//! map as plain data and its validation ([`Board::new`]); `topology.rs` the nodes, edges
//! and tables derived from where the hexes are (a board's shape, built once per shape and
//! shared by every board of it); `json.rs` the board described for drawing.

mod json;
mod sea;
mod spec;
#[cfg(test)]
mod tests;
mod topology;

pub use json::{
    AreaDescription, BoardDescription, EdgeDescription, EdgeKind, HexDescription, NodeDescription,
};
pub(crate) use sea::errors_field;
pub use sea::{AreaSpec, DealtMap, FogSpec, MapError, MapErrors, SeaHarbor, SeaHex, SeaMap};
pub(crate) use sea::{Deal, DealFrame};
pub use spec::{
    BoardArea, BoardError, BoardErrors, BoardSpec, Confidence, HarborSpec, HexSpec, MapSource,
    MAX_AREAS, MAX_AREA_SPECIAL_VP, MAX_FOG_SPACES,
};

use crate::types::{Harbor, Terrain};
use core::fmt;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use topology::Shape;

/// Most nodes a board may have: node ids are bytes, and 255 stands for "no node"
/// (a hex's missing corner, no set-up settlement), so it never names one.
pub const MAX_NODES: usize = 255;
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

    /// The hex at JSettlers2 `SOCBoardLarge` id `0xRRCC` (the grid the Seafarers facts
    /// and JSettlers2 use; see the `board` module's Seafarers notes): `r = (RR − 1) / 2`, `q = (CC − r) / 2`.
    /// `None` where the id is not a hex centre of that grid (even row, or a column of the
    /// wrong parity) or out of range.
    pub const fn from_jsettlers(id: u16) -> Option<HexCoord> {
        let row = (id >> 8) as i16;
        let col = (id & 0xff) as i16;
        if row % 2 == 0 {
            return None;
        }
        let r = (row - 1) / 2;
        if (col - r) % 2 != 0 || r > i8::MAX as i16 {
            return None;
        }
        let q = (col - r) / 2;
        Some(HexCoord::new(q as i8, r as i8))
    }

    /// The JSettlers2 id `0xRRCC` of this hex (the inverse of [`HexCoord::from_jsettlers`]),
    /// where it has one (both coordinates of that grid are non-negative).
    pub const fn to_jsettlers(self) -> Option<u16> {
        let row = 2 * self.r as i16 + 1;
        let col = 2 * self.q as i16 + self.r as i16;
        if self.r < 0 || col < 0 || col > 0xff || row > 0xff {
            return None;
        }
        Some(((row as u16) << 8) | col as u16)
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

impl fmt::Display for Side {
    /// The side in words (`north-east`, `east`, ...).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Ne => "north-east",
            Side::E => "east",
            Side::Se => "south-east",
            Side::Sw => "south-west",
            Side::W => "west",
            Side::Nw => "north-west",
        })
    }
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

/// A hex of a built board.
///
/// Aligned to 8 bytes, so that its 23 bytes take 24: a hex is found by id in two
/// instructions rather than three (production, the robber's listing and others read hexes
/// by id in their hot loops; docs/performance.md, "Tenth round").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(8))]
pub struct HexInfo {
    /// Axial coordinates.
    pub coord: HexCoord,
    /// Terrain.
    pub terrain: Terrain,
    /// Number token.
    pub number: Option<u8>,
    nodes: [u8; 6],
    /// Where each corner's owner sits in the game's node nibbles (`bits::NodeNibbles`):
    /// the word (`node / 16`) and the shift within it (`4 * (node % 16)`), worked out once
    /// with the board's shape so that production, which reads every corner of the rolled
    /// hexes, does not work them out on every roll. 0 for a corner that does not exist.
    nibble_words: [u8; 6],
    nibble_shifts: [u8; 6],
}

impl HexInfo {
    /// The node ids at a land hex's six corners, which all exist (N, NE, SE, S, SW, NW).
    #[inline]
    pub(crate) fn land_corners(&self) -> [u8; 6] {
        debug_assert!(self.terrain.is_land() && !self.nodes.contains(&NONE8));
        self.nodes
    }

    /// A land hex's six corners as places in the game's node nibbles: the word and the
    /// shift of each (`bits::NodeNibbles`), in the order of [`HexInfo::land_corners`].
    #[inline(always)]
    pub(crate) fn land_corner_nibbles(&self) -> ([u8; 6], [u8; 6]) {
        debug_assert!(self.terrain.is_land() && !self.nodes.contains(&NONE8));
        (self.nibble_words, self.nibble_shifts)
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
    /// The edges at this node, each with the node at its other end (2 or 3 pairs), in
    /// one pass over the node's own arrays: no look-up of each edge.
    #[inline(always)]
    pub(crate) fn paths(&self) -> impl Iterator<Item = (EdgeId, NodeId)> + '_ {
        self.edges
            .iter()
            .zip(self.neighbors)
            .take_while(|&(&e, _)| e != NONE16)
            .map(|(&e, n)| (EdgeId(e), NodeId(n)))
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
    /// Whether the node is a corner of a land hex (where a settlement may stand). On a
    /// Seafarers map some nodes lie in open sea and carry only ships.
    #[inline]
    pub fn on_land(&self) -> bool {
        self.hexes[0] != NONE8
    }
    /// The land hexes around this node (0 in open sea, else 1 to 3).
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
    /// How many land hexes the edge runs along: 0 (open sea), 1 (coast), 2 (inland).
    land_sides: u8,
}

impl EdgeInfo {
    /// Between two land hexes: roads only (Seafarers: "never between two land hexes" for
    /// ships).
    #[inline]
    pub fn is_inland(&self) -> bool {
        self.land_sides >= 2
    }
    /// Along at least one land hex: a road may stand here.
    #[inline]
    pub fn touches_land(&self) -> bool {
        self.land_sides >= 1
    }
    /// Along at least one sea hex (or the sea frame): a ship may stand here (Seafarers
    /// rules, 'Ships': on a sea edge or a coast, never between two land hexes).
    #[inline]
    pub fn touches_sea(&self) -> bool {
        self.land_sides < 2
    }
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
/// through an `Arc`; what depends only on the map's shape (nodes, edges, adjacency, hex
/// sides, sea tables) is shared further, by every board of that shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// What every board of this shape shares.
    shape: Arc<Shape>,
    spec: BoardSpec,
    hexes: Vec<HexInfo>,
    /// The shape's nodes with this map's harbours.
    nodes: Vec<NodeInfo>,
    /// The shape's edges, copied: the hot loops read them without going through the shape.
    edges: Vec<EdgeInfo>,
    /// The shape's sea hexes of each edge (open-sea maps only), copied for the same reason:
    /// the pirate's victims read them for every ship.
    sea_sides_of: Vec<[u8; 2]>,
    /// The hexes carrying each number token (one list per number: production reads them
    /// on every roll, and a list of its own reads faster than a range of a shared one).
    by_number: [Vec<HexId>; 13],
    robber_start: Option<HexId>,
    pirate_start: Option<HexId>,
    /// Edges along the sea (where ships may stand), and along land (where roads may):
    /// copied from the shape, to be read without going through it.
    sea_edges: crate::bits::EdgeBits,
    land_edges: crate::bits::EdgeBits,
    /// Per node, the land areas (bit `a`: area `a`) of the hexes at its corners; empty
    /// when the map has no areas.
    node_areas: Vec<u16>,
    /// Special victory points of each land area.
    area_vp: Vec<u8>,
    /// The start areas (bit `a`: area `a`); 0 when the map has no areas.
    start_areas: u16,
    /// The spaces unexplored at the start, in hex-id order (fog index = position).
    fog_hexes: Vec<HexId>,
    /// Per node, the unexplored spaces (bit `i`: fog index `i`) it is a corner of; empty
    /// when the map has none.
    node_fog: Vec<u32>,
}

impl Board {
    /// A generous estimate of the memory this board holds (itself, its map and tables, 32
    /// bytes of allocator overhead per allocation): what a batch reckons per board when it
    /// sizes itself before allocating (`batch::Batch::new`). The tables its shape shares
    /// with other boards are counted in full.
    pub(crate) fn heap_bytes(&self) -> usize {
        fn v<T>(x: &[T], cap: usize) -> usize {
            cap.max(x.len()) * size_of::<T>() + 32
        }
        let s = &self.spec;
        let areas: usize = s
            .areas
            .iter()
            .map(|a| {
                size_of::<BoardArea>() + a.name.capacity() + v(&a.hexes, a.hexes.capacity()) + 64
            })
            .sum();
        size_of::<Board>()
            + 32
            + self.shape.heap_bytes()
            + v(&s.hexes, s.hexes.capacity())
            + v(&s.harbors, s.harbors.capacity())
            + v(&s.fog, s.fog.capacity())
            + areas
            + v(&self.hexes, self.hexes.capacity())
            + v(&self.nodes, self.nodes.capacity())
            + v(&self.edges, self.edges.capacity())
            + v(&self.sea_sides_of, self.sea_sides_of.capacity())
            + self
                .by_number
                .iter()
                .map(|b| v(b, b.capacity()))
                .sum::<usize>()
            + v(&self.node_areas, self.node_areas.capacity())
            + v(&self.area_vp, self.area_vp.capacity())
            + v(&self.fog_hexes, self.fog_hexes.capacity())
            + v(&self.node_fog, self.node_fog.capacity())
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
        spec::hex_id_at(&self.spec.hexes, c)
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
    /// Where the pirate starts (Seafarers maps; `None`: off the board, on the frame).
    pub fn pirate_start(&self) -> Option<HexId> {
        self.pirate_start
    }
    /// Whether the sea is open: a Seafarers map, whose sea hexes carry nodes and edges for
    /// ships (`false` on base-game maps, where the sea is only the frame).
    pub fn open_sea(&self) -> bool {
        self.spec.open_sea
    }
    /// Ids of the land hexes.
    pub fn land_hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        self.shape.land.iter().copied()
    }
    /// The edges along a hex's sides that exist, clockwise from its N–NE side.
    #[inline]
    pub(crate) fn hex_sides(&self, h: HexId) -> impl Iterator<Item = EdgeId> + '_ {
        self.shape.hex_sides[h.index()]
            .iter()
            .take_while(|&&e| e != NONE16)
            .map(|&e| EdgeId(e))
    }
    /// On an open-sea map, the sea hexes `e` is a side of, padded with `u8::MAX` (see
    /// [`Board::open_sea`]; nothing on other maps).
    #[inline]
    pub(crate) fn sea_sides_of(&self, e: EdgeId) -> [u8; 2] {
        self.sea_sides_of[e.index()]
    }
    /// The sea hexes, in id order.
    #[inline]
    pub(crate) fn sea_hexes(&self) -> &[HexId] {
        &self.shape.sea_hexes
    }
    /// Edges along the sea (or the frame): where a ship may stand.
    #[inline]
    pub(crate) fn sea_edges(&self) -> &crate::bits::EdgeBits {
        &self.sea_edges
    }
    /// Edges along at least one land hex: where a road may stand.
    #[inline]
    pub(crate) fn land_edges(&self) -> &crate::bits::EdgeBits {
        &self.land_edges
    }
    /// The land areas (bit `a`: area `a` of [`BoardSpec::areas`]) a node touches.
    #[inline]
    pub fn node_areas(&self, n: NodeId) -> u16 {
        self.node_areas.get(n.index()).copied().unwrap_or(0)
    }
    /// The special victory points of each land area.
    pub fn area_special_vp(&self) -> &[u8] {
        &self.area_vp
    }
    /// Where every node on land may take a set-up settlement (no land areas, so no start
    /// areas): the nodes on land and the most neighbours a node has, kept with the shape.
    /// `None` on a map with land areas.
    pub(crate) fn open_setup_ground(&self) -> Option<(usize, usize)> {
        self.area_vp
            .is_empty()
            .then_some((self.shape.land_nodes, self.shape.max_degree))
    }
    /// Whether a set-up settlement may stand on `n` as far as land areas go: the map has
    /// no areas, or `n` touches a start area (Seafarers rules, each scenario's set-up).
    #[inline]
    pub fn in_start_area(&self, n: NodeId) -> bool {
        self.area_vp.is_empty() || self.node_areas(n) & self.start_areas != 0
    }
    /// The spaces unexplored when the game began (The Fog Islands), in hex-id order; a
    /// game's [`crate::Game::unexplored`] says which still are.
    pub fn fog_hexes(&self) -> &[HexId] {
        &self.fog_hexes
    }
    /// The unexplored spaces (bit `i`: the `i`-th of [`Board::fog_hexes`]) at whose corner
    /// `n` lies.
    #[inline]
    pub fn node_fog(&self, n: NodeId) -> u32 {
        self.node_fog.get(n.index()).copied().unwrap_or(0)
    }
    /// Ids of the land hexes, as a slice.
    #[inline]
    pub(crate) fn land(&self) -> &[HexId] {
        &self.shape.land
    }
}
