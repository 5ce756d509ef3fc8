//! Nodes, edges, adjacency and the sea tables, derived from where a map's hexes are and
//! which are land, and shared by the boards of one shape.

use super::{
    lattice_key, lattice_of, Corner, EdgeInfo, HexCoord, HexId, HexSpec, Lattice, NodeId, NodeInfo,
    Side, MAX_EDGES, MAX_HEXES, MAX_NODES, NONE16, NONE8,
};
use crate::bits::EdgeBits;
use std::sync::{Arc, Mutex};

/// The part of a board that depends only on its shape (where its hexes are, which are
/// land, whether the sea is open): nodes, edges, adjacency, each hex's corners and sides,
/// and the sea tables. Boards of one shape share it (every random board of the standard
/// island, every deal of a Seafarers map), so it is built once per shape and kept in a
/// small process-wide cache ([`Shape::shared`]); a board fills in only what a deal varies.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Shape {
    /// Each hex's `(q, r, is land)` in id order: the cache's key, with `open_sea`.
    hexes: Vec<(i8, i8, bool)>,
    open_sea: bool,
    /// Packed lattice keys of the nodes, sorted (node id = index).
    pub(super) keys: Vec<u32>,
    /// Nodes and edges found (may exceed the limits; then `edges` is left empty).
    pub(super) node_count: usize,
    pub(super) edge_count: usize,
    /// Nodes with their hexes, neighbours and edges (no harbours: a board adds them).
    pub(super) nodes: Vec<NodeInfo>,
    pub(super) edges: Vec<EdgeInfo>,
    /// Corner nodes of each hex.
    pub(super) corners: Vec<[u8; 6]>,
    /// Each hex's corners as places in the game's node nibbles (`bits::NodeNibbles`):
    /// the words (`node / 16`) and the shifts (`4 * (node % 16)`), 0 for a corner that does
    /// not exist. Worked out once per shape; every board copies them into its hexes.
    pub(super) corner_nibbles: Vec<([u8; 6], [u8; 6])>,
    /// The land hexes, and the sea hexes, in id order.
    pub(super) land: Vec<HexId>,
    pub(super) sea_hexes: Vec<HexId>,
    /// Edges along the sea (where ships may stand), and edges along land.
    pub(super) sea_edges: EdgeBits,
    pub(super) land_edges: EdgeBits,
    /// Per hex, the edges along its sides that exist (N–NE first, clockwise), then
    /// `NONE16`.
    pub(super) hex_sides: Vec<[u16; 6]>,
    /// On an open-sea map, per edge, the sea hexes it is a side of (then `NONE8`); empty
    /// on other maps.
    pub(super) sea_sides_of: Vec<[u8; 2]>,
    /// Nodes on land, and the most neighbours a node has: the set-up room check's quick
    /// test on a map without land areas.
    pub(super) land_nodes: usize,
    pub(super) max_degree: usize,
}

/// Most shapes the cache keeps: a process plays few (the standard island, the 5–6 player
/// island, one per Seafarers map and player count, a user's maps); beyond that the oldest
/// is dropped (boards built on it keep it alive as long as they live).
const CACHED_SHAPES: usize = 32;

/// Shapes built before, shared between threads (games are made on several: the batch
/// stepper, `simulate`), at most [`CACHED_SHAPES`] of them.
pub(super) struct ShapeCache(Mutex<Vec<Arc<Shape>>>);

/// The process's shapes.
static SHAPES: ShapeCache = ShapeCache::new();

impl ShapeCache {
    /// An empty cache.
    pub(super) const fn new() -> ShapeCache {
        ShapeCache(Mutex::new(Vec::new()))
    }

    /// The shapes, even if a thread panicked while holding them: the list is only ever
    /// pushed to or shortened, so it always holds whole shapes.
    fn shapes(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Shape>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The shape of `hexes` (sorted in id order): one built before if the cache holds it,
    /// else built now (and kept when it fits the limits: a board beyond them is refused).
    pub(super) fn get(&self, hexes: &[HexSpec], open_sea: bool) -> Arc<Shape> {
        if let Some(s) = self.shapes().iter().find(|s| s.is(hexes, open_sea)) {
            return s.clone();
        }
        // Built without the lock held: another thread may build the same shape meanwhile,
        // and the first one kept wins.
        let shape = Arc::new(Shape::build(hexes, open_sea));
        if shape.too_large(hexes.len()) {
            return shape;
        }
        let mut shapes = self.shapes();
        if let Some(s) = shapes.iter().find(|s| s.is(hexes, open_sea)) {
            return s.clone();
        }
        if shapes.len() >= CACHED_SHAPES {
            shapes.remove(0);
        }
        shapes.push(shape.clone());
        shape
    }

    /// How many shapes the cache holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.shapes().len()
    }
}

impl Shape {
    /// The shape of `hexes` (sorted in id order): from the process-wide cache with `cache`,
    /// else built afresh. With `open_sea` (a Seafarers map) the corners and sides of sea
    /// hexes are nodes and edges too, so that ships can sail between two sea hexes.
    pub(super) fn shared(hexes: &[HexSpec], open_sea: bool, cache: bool) -> Arc<Shape> {
        if cache {
            SHAPES.get(hexes, open_sea)
        } else {
            Arc::new(Shape::build(hexes, open_sea))
        }
    }

    /// Whether this is the shape of `hexes` (sorted in id order) with `open_sea`.
    fn is(&self, hexes: &[HexSpec], open_sea: bool) -> bool {
        self.open_sea == open_sea
            && self.hexes.len() == hexes.len()
            && self
                .hexes
                .iter()
                .zip(hexes)
                .all(|(&k, h)| k == (h.q, h.r, h.terrain.is_land()))
    }

    /// Whether a map of this shape is beyond the engine's limits (its board is refused).
    fn too_large(&self, hexes: usize) -> bool {
        hexes > MAX_HEXES || self.node_count > MAX_NODES || self.edge_count > MAX_EDGES
    }

    /// The shape's bytes on the heap (32 bytes of allocator overhead per allocation).
    pub(super) fn heap_bytes(&self) -> usize {
        fn v<T>(x: &[T], cap: usize) -> usize {
            cap.max(x.len()) * size_of::<T>() + 32
        }
        size_of::<Shape>()
            + 32
            + v(&self.hexes, self.hexes.capacity())
            + v(&self.keys, self.keys.capacity())
            + v(&self.nodes, self.nodes.capacity())
            + v(&self.edges, self.edges.capacity())
            + v(&self.corners, self.corners.capacity())
            + v(&self.corner_nibbles, self.corner_nibbles.capacity())
            + v(&self.land, self.land.capacity())
            + v(&self.sea_hexes, self.sea_hexes.capacity())
            + v(&self.hex_sides, self.hex_sides.capacity())
            + v(&self.sea_sides_of, self.sea_sides_of.capacity())
    }

    fn build(hexes: &[HexSpec], open_sea: bool) -> Shape {
        let keys = node_keys(hexes, open_sea);
        let node_pos: Vec<(i16, i16)> = keys.iter().map(|&k| lattice_of(k)).collect();
        let edge_keys = edge_keys(hexes, open_sea);
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
                    land_sides: 0,
                });
                push_slot(&mut nodes[a].edges, i as u16, NONE16);
                push_slot(&mut nodes[b].edges, i as u16, NONE16);
                push_slot(&mut nodes[a].neighbors, b as u8, NONE8);
                push_slot(&mut nodes[b].neighbors, a as u8, NONE8);
            }
        }

        let edge_mids: Vec<u32> = edge_keys
            .iter()
            .map(|&((y, x), _, _)| lattice_key(y, x))
            .collect();
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
            // Count the land hexes along each edge (0 open sea, 1 coast, 2 inland).
            if h.terrain.is_land() && !edges.is_empty() {
                for s in Side::ALL {
                    let [a, b] = s.corners();
                    let (ax, ay) = hc.corner(a);
                    let (bx, by) = hc.corner(b);
                    let mid = lattice_key(ay + by, ax + bx);
                    if let Ok(e) = edge_mids.binary_search(&mid) {
                        edges[e].land_sides += 1;
                    }
                }
            }
            corners.push(hn);
        }
        let corner_nibbles = corners
            .iter()
            .map(|hn| {
                let at = |f: fn(u8) -> u8| hn.map(|n| if n == NONE8 { 0 } else { f(n) });
                (at(|n| n >> 4), at(|n| (n & 15) * 4))
            })
            .collect();
        let mut shape = Shape {
            hexes: hexes
                .iter()
                .map(|h| (h.q, h.r, h.terrain.is_land()))
                .collect(),
            open_sea,
            keys,
            node_count,
            edge_count,
            nodes,
            edges,
            corners,
            corner_nibbles,
            land: Vec::new(),
            sea_hexes: Vec::new(),
            sea_edges: EdgeBits::empty(0),
            land_edges: EdgeBits::empty(0),
            hex_sides: Vec::new(),
            sea_sides_of: Vec::new(),
            land_nodes: 0,
            max_degree: 0,
        };
        shape.land_nodes = shape.nodes.iter().filter(|n| n.on_land()).count();
        shape.max_degree = shape
            .nodes
            .iter()
            .map(|n| n.neighbors().count())
            .max()
            .unwrap_or(0);
        // A board of a shape beyond the limits is refused: its tables are never read.
        if !too_large {
            shape.tables();
        }
        shape
    }

    /// The land and sea hexes, the sea and land edges, each hex's sides and the sea hexes
    /// of each edge.
    fn tables(&mut self) {
        let (nodes, edges) = (&self.nodes, &self.edges);
        self.land = (0..self.hexes.len())
            .filter(|&i| self.hexes[i].2)
            .map(|i| HexId(i as u8))
            .collect();
        self.sea_hexes = (0..self.hexes.len())
            .filter(|&i| !self.hexes[i].2)
            .map(|i| HexId(i as u8))
            .collect();
        self.sea_edges = EdgeBits::empty(edges.len());
        self.land_edges = EdgeBits::empty(edges.len());
        for (i, e) in edges.iter().enumerate() {
            if e.touches_sea() {
                self.sea_edges.insert(i);
            }
            if e.touches_land() {
                self.land_edges.insert(i);
            }
        }
        // Each hex's sides: the edge between consecutive corners, where both exist.
        let edge_between = |a: u8, b: u8| {
            nodes[a as usize]
                .edges()
                .find(|&e| edges[e.index()].other(NodeId(a)) == NodeId(b))
        };
        self.hex_sides = self
            .corners
            .iter()
            .map(|hn| {
                let mut sides = [NONE16; 6];
                let mut k = 0;
                for i in 0..6 {
                    let (a, b) = (hn[i], hn[(i + 1) % 6]);
                    if a != NONE8 && b != NONE8 {
                        if let Some(e) = edge_between(a, b) {
                            sides[k] = e.0;
                            k += 1;
                        }
                    }
                }
                sides
            })
            .collect();
        // Only an open-sea map has a pirate (and so a use for this table).
        if self.open_sea {
            let mut sea_sides_of = vec![[NONE8; 2]; edges.len()];
            for &h in &self.sea_hexes {
                for &e in self.hex_sides[h.index()]
                    .iter()
                    .take_while(|&&e| e != NONE16)
                {
                    let slot = &mut sea_sides_of[e as usize];
                    slot[usize::from(slot[0] != NONE8)] = h.0;
                }
            }
            self.sea_sides_of = sea_sides_of;
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

/// The nodes, corners of land hexes (and of sea hexes with `open_sea`), as sorted packed
/// lattice keys (node id = index).
fn node_keys(hexes: &[HexSpec], open_sea: bool) -> Vec<u32> {
    let mut keys: Vec<u32> = Vec::new();
    for h in hexes.iter().filter(|h| open_sea || h.terrain.is_land()) {
        for c in Corner::ALL {
            let (x, y) = HexCoord::new(h.q, h.r).corner(c);
            // Packed `u32` keys sort much more cheaply than the tuples.
            keys.push(lattice_key(y, x));
        }
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The edges, sides of land hexes (and of sea hexes with `open_sea`), as (doubled
/// midpoint, end, end) in midpoint `(y, x)` order (edge id = index).
fn edge_keys(hexes: &[HexSpec], open_sea: bool) -> Vec<(Lattice, Lattice, Lattice)> {
    let mut edge_keys: Vec<(Lattice, Lattice, Lattice)> = Vec::new();
    for h in hexes.iter().filter(|h| open_sea || h.terrain.is_land()) {
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
    order
        .iter()
        .map(|&k| edge_keys[(k & 0xffff_ffff) as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts;

    /// The standard island with hex `i` (in id order) turned to sea or land.
    fn variant(i: usize) -> Vec<HexSpec> {
        let mut spec = layouts::beginner();
        spec.hexes.sort_by_key(|h| (h.r, h.q));
        let h = &mut spec.hexes[i];
        h.terrain = if h.terrain.is_land() {
            crate::types::Terrain::Sea
        } else {
            crate::types::Terrain::Forest
        };
        spec.hexes
    }

    #[test]
    fn boards_of_one_shape_share_it_and_the_cache_stays_bounded() {
        let cache = ShapeCache::new();
        let mut standard = layouts::beginner().hexes;
        standard.sort_by_key(|h| (h.r, h.q));
        let first = cache.get(&standard, false);
        // Other terrain, same land and sea: the same shape, not built again.
        let mut other = layouts::random(&mut crate::Rng::new(3)).hexes;
        other.sort_by_key(|h| (h.r, h.q));
        assert!(Arc::ptr_eq(&first, &cache.get(&other, false)));
        // Open sea, or one hex turned to sea: shapes of their own.
        assert!(!Arc::ptr_eq(&first, &cache.get(&standard, true)));
        assert!(!Arc::ptr_eq(&first, &cache.get(&variant(0), false)));
        assert_eq!(cache.len(), 3);
        // Many more shapes than it keeps: the oldest go, the cache stays at its bound,
        // and a dropped shape is built again (equal, not the same).
        for i in 1..=CACHED_SHAPES {
            cache.get(&variant(i), false);
            assert!(cache.len() <= CACHED_SHAPES);
        }
        assert_eq!(cache.len(), CACHED_SHAPES);
        let again = cache.get(&standard, false);
        assert!(!Arc::ptr_eq(&first, &again));
        assert_eq!(*first, *again);
    }

    #[test]
    fn a_shape_beyond_the_limits_is_not_kept() {
        let cache = ShapeCache::new();
        let hexes: Vec<HexSpec> = (-20i8..20)
            .flat_map(|r| (-20i8..20).map(move |q| (q, r)))
            .map(|(q, r)| HexSpec {
                q,
                r,
                terrain: crate::types::Terrain::Forest,
                number: Some(8),
            })
            .collect();
        let shape = cache.get(&hexes, false);
        assert!(shape.too_large(hexes.len()));
        assert_eq!(cache.len(), 0);
    }
}
