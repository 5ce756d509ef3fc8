//! The board described for clients that draw it.

use super::{Board, HarborSpec, MapSource, NONE8};
use crate::types::{Harbor, Terrain};
use serde::{Deserialize, Serialize};

impl Board {
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
                        jsettlers: self.spec.open_sea.then(|| h.coord.to_jsettlers()).flatten(),
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
                .edges()
                .iter()
                .enumerate()
                .map(|(i, e)| EdgeDescription {
                    id: i as u16,
                    nodes: [e.nodes[0].0, e.nodes[1].0],
                    kind: self.spec.open_sea.then_some(if e.is_inland() {
                        EdgeKind::Inland
                    } else if e.touches_land() {
                        EdgeKind::Coast
                    } else {
                        EdgeKind::Sea
                    }),
                })
                .collect(),
            harbors: self.spec.harbors.clone(),
            robber_start: self.robber_start.map(|h| h.0),
            open_sea: self.spec.open_sea,
            pirate_start: self.pirate_start.map(|h| h.0),
            areas: self
                .spec
                .areas
                .iter()
                .map(|a| AreaDescription {
                    name: a.name.clone(),
                    start: a.start,
                    special_vp: a.special_vp,
                    hexes: a
                        .hexes
                        .iter()
                        .filter_map(|&c| self.hex_at(c))
                        .map(|h| h.0)
                        .collect(),
                })
                .collect(),
            fog: self.fog_hexes.iter().map(|h| h.0).collect(),
            source: self.spec.source.clone(),
        }
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
    /// A Seafarers map: sea hexes are open water with nodes and edges (left out when
    /// false).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub open_sea: bool,
    /// The pirate's starting hex on an open-sea map (left out when off the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate_start: Option<u8>,
    /// The land areas of a Seafarers map, indexed as `settled_areas` and the
    /// `special_victory_points` events index them (left out when none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub areas: Vec<AreaDescription>,
    /// The hexes that were unexplored spaces when the game began (The Fog Islands; left
    /// out when none); which still are is the game's (`unexplored`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fog: Vec<u8>,
    /// Where the map comes from and how far it is trusted (the official Seafarers maps;
    /// left out when not known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<MapSource>,
}

/// A land area in a [`BoardDescription`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaDescription {
    /// A name for people.
    pub name: String,
    /// Set-up settlements may be placed here.
    pub start: bool,
    /// Special victory points for a player's first settlement here (0: none).
    pub special_vp: u8,
    /// Its land hexes (ids).
    pub hexes: Vec<u8>,
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
    /// On an open-sea map, the hex in the JSettlers2 grid (`0xRRCC`,
    /// [`super::HexCoord::to_jsettlers`]); left out on base-game maps and where the grid
    /// has no id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jsettlers: Option<u16>,
    /// Corner nodes N, NE, SE, S, SW, NW (`null` where a sea hex's corner touches no land;
    /// on an open-sea map every corner is a node).
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
    /// Land hexes around it (none for a node in open sea).
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
    /// On an open-sea map, where the edge runs: `"sea"` (ships only), `"coast"` (roads or
    /// ships) or `"inland"` (roads only); left out on base-game maps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<EdgeKind>,
}

/// Where an edge of an open-sea map runs (Seafarers rules, 'Ships').
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeKind {
    /// Between two sea hexes (or a sea hex and the frame): ships only.
    Sea,
    /// Between land and sea (or the frame): roads or ships.
    Coast,
    /// Between two land hexes: roads only.
    Inland,
}
