//! Nodes, edges and adjacency, derived from where a map's hexes are and which are land.

use super::{
    lattice_key, lattice_of, Corner, EdgeInfo, HexCoord, HexSpec, Lattice, NodeId, NodeInfo, Side,
    MAX_EDGES, MAX_HEXES, MAX_NODES, NONE16, NONE8,
};

/// The part of a board that depends only on where its hexes are and which are land:
/// nodes, edges and adjacency. Random boards of one shape share it, so the last one built
/// on each thread is kept and reused (building it sorts every corner and side).
pub(super) struct Topology {
    /// Packed lattice keys of the nodes, sorted (node id = index).
    pub(super) keys: Vec<u32>,
    /// Nodes and edges found (may exceed the limits; then `edges` is left empty).
    pub(super) node_count: usize,
    pub(super) edge_count: usize,
    /// Nodes with their hexes, neighbours and edges (no harbours yet).
    pub(super) nodes: Vec<NodeInfo>,
    pub(super) edges: Vec<EdgeInfo>,
    /// Corner nodes of each hex.
    pub(super) corners: Vec<[u8; 6]>,
}

/// One hex's place in a topology: `(q, r, is land)`, and whether the sea is open.
type ShapeKey = (Vec<(i8, i8, bool)>, bool);

thread_local! {
    static LAST_TOPOLOGY: std::cell::RefCell<Option<(ShapeKey, std::rc::Rc<Topology>)>> =
        const { std::cell::RefCell::new(None) };
}

impl Topology {
    /// The topology of `hexes` (sorted in id order), reusing this thread's last one when
    /// the shape is the same. With `open_sea` (a Seafarers map) the corners and sides of sea
    /// hexes are nodes and edges too, so that ships can sail between two sea hexes.
    pub(super) fn cached(hexes: &[HexSpec], open_sea: bool) -> std::rc::Rc<Topology> {
        let key: ShapeKey = (
            hexes
                .iter()
                .map(|h| (h.q, h.r, h.terrain.is_land()))
                .collect(),
            open_sea,
        );
        LAST_TOPOLOGY.with(|cell| {
            if let Some((k, t)) = &*cell.borrow() {
                if *k == key {
                    return t.clone();
                }
            }
            let t = std::rc::Rc::new(Topology::build(hexes, open_sea));
            *cell.borrow_mut() = Some((key, t.clone()));
            t
        })
    }

    fn build(hexes: &[HexSpec], open_sea: bool) -> Topology {
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
