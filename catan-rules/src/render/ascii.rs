//! The board and its pieces as a terminal picture.

use super::{harbor_name, resource_name, Scene};
use crate::board::{Board, EdgeId, HexCoord, HexId, NodeId};
use crate::rules::Vocabulary;
use crate::types::Terrain;
use core::fmt::Write as _;
use std::collections::BTreeMap;

/// A short terrain label for the terminal picture (three letters, `~~~` for sea).
pub const fn terrain_abbreviation(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "HIL",
        Terrain::Forest => "FOR",
        Terrain::Pasture => "PAS",
        Terrain::Fields => "FLD",
        Terrain::Mountains => "MTN",
        Terrain::Desert => "DES",
        Terrain::Sea => "~~~",
        Terrain::Gold => "GLD",
    }
}

/// A character grid with signed coordinates, grown on demand.
struct Canvas {
    cells: std::collections::BTreeMap<(i32, i32), char>,
}

impl Canvas {
    fn put(&mut self, row: i32, col: i32, c: char) {
        self.cells.insert((row, col), c);
    }
    fn text(&mut self, row: i32, col: i32, s: &str) {
        for (k, c) in s.chars().enumerate() {
            self.put(row, col + k as i32, c);
        }
    }
    /// Writes `s` centred on `col` (left of centre when the length is even).
    fn centred(&mut self, row: i32, col: i32, s: &str) {
        let len = s.chars().count() as i32;
        self.text(row, col - (len - 1) / 2, s);
    }
    fn render(&self) -> String {
        let Some(min_row) = self.cells.keys().map(|k| k.0).min() else {
            return String::new();
        };
        let max_row = self.cells.keys().map(|k| k.0).max().unwrap_or(min_row);
        let min_col = self.cells.keys().map(|k| k.1).min().unwrap_or(0);
        let mut out = String::new();
        for row in min_row..=max_row {
            let mut line = String::new();
            let mut col = min_col;
            for (&(_, c), &ch) in self.cells.range((row, i32::MIN)..=(row, i32::MAX)) {
                while col < c {
                    line.push(' ');
                    col += 1;
                }
                line.push(ch);
                col += 1;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Row of a node's lattice `y` (levels `3m+1` and `3m+2`; five rows per hex row).
fn node_row(y: i16) -> i32 {
    let y = y as i32;
    let m = y.div_euclid(3);
    match y.rem_euclid(3) {
        1 => 5 * m + 3,
        2 => 5 * (m + 1),
        _ => 5 * m + 1, // a hex centre's level (not a node); not used for nodes
    }
}

/// The board alone as a terminal picture in the standard vocabulary (see
/// [`board_ascii_with`]).
pub fn board_ascii(board: &Board) -> String {
    board_ascii_with(board, Vocabulary::Standard)
}

/// The board as a terminal picture: each hex shows its terrain (`FOR`, `HIL`, ...; `~~~`
/// for sea) over its number token (`(10)`), `R` marks the robber's hex (`P`, under a sea
/// hex's top corner, the pirate's on a Seafarers map), `.` a free corner,
/// `*` a free corner with a harbour; harbour kinds are written in the sea they face.
pub fn board_ascii_with(board: &Board, v: Vocabulary) -> String {
    ascii(
        &Scene {
            board,
            game: None,
            robber: board.robber_start(),
            pirate: board.pirate_start(),
        },
        v,
    )
}

pub(super) fn ascii(scene: &Scene<'_>, v: Vocabulary) -> String {
    let board = scene.board;
    let mut cv = Canvas {
        cells: Default::default(),
    };
    outlines(&mut cv, board);
    let mut harbor_slots = hex_contents(&mut cv, scene);
    let unplaced = harbors(&mut cv, board, &mut harbor_slots, v);
    pirate(&mut cv, scene);
    roads(&mut cv, scene);
    ships(&mut cv, scene);
    corners(&mut cv, scene);
    let mut out = finish(&cv, unplaced);
    if board.open_sea() {
        out.push_str("~ ~ sea  P the pirate  a, b, c... on a side: ship of seat 0, 1, 2...\n");
    }
    out
}

/// The pirate (Seafarers): `P` under the top corner of its sea hex, where no harbour label
/// goes.
fn pirate(cv: &mut Canvas, scene: &Scene<'_>) {
    if let Some(h) = scene.pirate {
        let coord = scene.board.hex(h).coord;
        let (x, _) = coord.center();
        cv.put(5 * coord.r as i32 - 1, 4 * x as i32, 'P');
    }
}

/// Hex outlines: every hex, land or sea.
fn outlines(cv: &mut Canvas, board: &Board) {
    for hex in board.hexes() {
        let (x, _) = hex.coord.center();
        let c = 4 * x as i32;
        let r = hex.coord.r as i32;
        cv.put(5 * r - 1, c - 2, '/');
        cv.put(5 * r - 1, c + 2, '\\');
        for row in [5 * r + 1, 5 * r + 2] {
            cv.put(row, c - 4, '|');
            cv.put(row, c + 4, '|');
        }
        cv.put(5 * r + 4, c - 2, '\\');
        cv.put(5 * r + 4, c + 2, '/');
    }
}

/// Hex contents: terrain, number token, the robber; sea hexes drawn as waves. Returns the
/// sea hexes, each a free slot for a harbour label.
fn hex_contents(cv: &mut Canvas, scene: &Scene<'_>) -> BTreeMap<HexCoord, u8> {
    let board = scene.board;
    let mut harbor_slots: BTreeMap<HexCoord, u8> = Default::default();
    for (i, hex) in board.hexes().iter().enumerate() {
        let (x, _) = hex.coord.center();
        let c = 4 * x as i32;
        let r = hex.coord.r as i32;
        let mut top = terrain_abbreviation(hex.terrain).to_owned();
        if scene.robber == Some(HexId(i as u8)) {
            top.push_str(" R");
        }
        if hex.terrain.is_land() {
            cv.centred(5 * r + 1, c, &top);
            if let Some(n) = hex.number {
                cv.centred(5 * r + 2, c, &format!("({n})"));
            }
        } else {
            harbor_slots.insert(hex.coord, 0);
            cv.centred(5 * r + 1, c, "~ ~");
            cv.centred(5 * r + 2, c, " ~ ~");
        }
    }
    harbor_slots
}

/// Harbours, written in the sea they face (if free); returns those with no free sea, to be
/// listed under the picture.
fn harbors(
    cv: &mut Canvas,
    board: &Board,
    harbor_slots: &mut BTreeMap<HexCoord, u8>,
    v: Vocabulary,
) -> Vec<String> {
    let mut unplaced: Vec<String> = Vec::new();
    for hs in &board.spec().harbors {
        let at = HexCoord::new(hs.q, hs.r);
        let sea = at.neighbor(hs.side);
        let used = harbor_slots.entry(sea).or_insert(0);
        let label = match hs.kind.resource() {
            None => ("3:1", "any".to_owned()),
            Some(res) => ("2:1", resource_name(res, v).to_owned()),
        };
        if *used == 0 {
            *used = 1;
            let (x, _) = sea.center();
            let (c, r) = (4 * x as i32, sea.r as i32);
            cv.text(5 * r + 1, c - 3, "       ");
            cv.text(5 * r + 2, c - 3, "       ");
            cv.centred(5 * r + 1, c, label.0);
            cv.centred(5 * r + 2, c, &label.1);
        } else {
            let nodes: Vec<String> = hs
                .side
                .corners()
                .iter()
                .filter_map(|&k| board.node_at(at, k))
                .map(|n| n.0.to_string())
                .collect();
            unplaced.push(format!(
                "{} at nodes {}",
                harbor_name(hs.kind, v),
                nodes.join(" and ")
            ));
        }
    }
    unplaced
}

/// Roads: the owner's seat digit on the side.
fn roads(cv: &mut Canvas, scene: &Scene<'_>) {
    let board = scene.board;
    for (i, e) in board.edges().iter().enumerate() {
        let Some(p) = scene.road(EdgeId(i as u16)) else {
            continue;
        };
        let d = char::from_digit(p.0 as u32 % 10, 10).unwrap_or('?');
        let a = board.node(e.nodes[0]).pos;
        let b = board.node(e.nodes[1]).pos;
        if a.0 == b.0 {
            // Vertical side: both rows between its ends.
            let col = 4 * a.0 as i32;
            let top = node_row(a.1.min(b.1));
            for row in top + 1..node_row(a.1.max(b.1)) {
                cv.put(row, col, d);
            }
        } else {
            let col = 2 * (a.0 as i32 + b.0 as i32);
            let row = node_row(a.1.min(b.1)) + 1;
            cv.put(row, col, d);
        }
    }
}

/// Ships (Seafarers): the owner's seat as a letter (`a` seat 0, `b` seat 1, ...) on the
/// side.
fn ships(cv: &mut Canvas, scene: &Scene<'_>) {
    let board = scene.board;
    for (i, e) in board.edges().iter().enumerate() {
        let Some(p) = scene.ship(EdgeId(i as u16)) else {
            continue;
        };
        let d = (b'a' + p.0 % 26) as char;
        let a = board.node(e.nodes[0]).pos;
        let b = board.node(e.nodes[1]).pos;
        if a.0 == b.0 {
            let col = 4 * a.0 as i32;
            let top = node_row(a.1.min(b.1));
            for row in top + 1..node_row(a.1.max(b.1)) {
                cv.put(row, col, d);
            }
        } else {
            let col = 2 * (a.0 as i32 + b.0 as i32);
            let row = node_row(a.1.min(b.1)) + 1;
            cv.put(row, col, d);
        }
    }
}

/// Nodes: free corners, harbours, buildings.
fn corners(cv: &mut Canvas, scene: &Scene<'_>) {
    let board = scene.board;
    for (i, n) in board.nodes().iter().enumerate() {
        let (x, y) = n.pos;
        let (row, col) = (node_row(y), 4 * x as i32);
        match scene.building(NodeId(i as u8)) {
            Some((p, city)) => {
                let k = if city { 'C' } else { 's' };
                cv.put(row, col, k);
                cv.put(
                    row,
                    col + 1,
                    char::from_digit(p.0 as u32 % 10, 10).unwrap_or('?'),
                );
            }
            None => cv.put(row, col, if n.harbor.is_some() { '*' } else { '.' }),
        }
    }
}

/// The canvas as text without the common left margin, then the unplaced harbours and the
/// legend.
fn finish(cv: &Canvas, unplaced: Vec<String>) -> String {
    let mut out = cv.render();
    // Drop the common left margin.
    let indent = out
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    out = out
        .lines()
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    out.push('\n');
    for u in unplaced {
        let _ = writeln!(out, "harbour {u}");
    }
    out.push_str(
        "R robber  sN/CN settlement/city of seat N  N on a side: road of seat N  * harbour corner\n",
    );
    out
}
