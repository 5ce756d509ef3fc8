//! The board and its pieces as a self-contained SVG document.

use super::{player_fill, resource_name, resource_terrain, terrain_name, Scene};
use crate::board::{Board, EdgeId, HexCoord, HexId, NodeId, Side};
use crate::rules::Vocabulary;
use crate::types::Terrain;
use core::fmt::Write as _;

/// Hex radius of the SVG picture, in pixels (centre to corner).
pub const HEX_RADIUS: f64 = 50.0;

const MARGIN: f64 = 12.0;
const SQRT3_2: f64 = 0.866_025_403_784_438_6;

/// What to draw besides the board and its pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Label every node with its id.
    pub node_ids: bool,
    /// Label every edge with its id.
    pub edge_ids: bool,
    /// Label every hex with its id.
    pub hex_ids: bool,
    /// Names on harbour markers (`2:1 grain` or `2:1 wheat`).
    pub vocabulary: Vocabulary,
    /// A panel beside the board (games only): each seat's colour and name, who is to
    /// move, public points, resource and development cards, knights, road length and the
    /// awards — only public information.
    pub legend: bool,
}

impl SvgOptions {
    /// Every id label on, in the standard vocabulary.
    pub const fn with_ids() -> SvgOptions {
        SvgOptions {
            node_ids: true,
            edge_ids: true,
            hex_ids: true,
            vocabulary: Vocabulary::Standard,
            legend: false,
        }
    }
}

/// Width of the seat legend and score panel, in pixels.
const LEGEND_WIDTH: f64 = 230.0;

/// The SVG fill of a terrain.
pub const fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "#c4633a",
        Terrain::Forest => "#2f7a3a",
        Terrain::Pasture => "#94cf5c",
        Terrain::Fields => "#e9c646",
        Terrain::Mountains => "#8d939c",
        Terrain::Desert => "#e2cf98",
        Terrain::Sea => "#3f83c4",
        Terrain::Gold => "#c8960c",
    }
}

/// How many of the 36 rolls of two dice give `n` (the pips printed on its token, Base rules
/// "Number Tokens"): 1 for 2 and 12, up to 5 for 6 and 8; 0 for anything impossible.
pub const fn pips(n: u8) -> u8 {
    match n {
        2..=7 => n - 1,
        8..=12 => 13 - n,
        _ => 0,
    }
}

/// Pixel frame: lattice → pixels.
struct Frame {
    min_x: f64,
    min_y: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn px(&self, x: f64, y: f64) -> (f64, f64) {
        (
            (x - self.min_x) * SQRT3_2 * HEX_RADIUS + MARGIN,
            (y - self.min_y) * 0.5 * HEX_RADIUS + MARGIN,
        )
    }
}

impl Frame {
    /// The frame that fits every hex and harbour marker of `board`.
    fn fit(board: &Board) -> Frame {
        let r = HEX_RADIUS;
        // Bounding box on the lattice: every hex's corners and every harbour marker.
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        let mut grow = |x: f64, y: f64, dx: f64, dy: f64| {
            min_x = min_x.min(x - dx);
            max_x = max_x.max(x + dx);
            min_y = min_y.min(y - dy);
            max_y = max_y.max(y + dy);
        };
        for h in board.hexes() {
            let (x, y) = h.coord.center();
            grow(x as f64, y as f64, 1.0, 2.0);
        }
        // Marker radius 0.36 R is 0.42 lattice steps across and 0.72 down.
        for hs in &board.spec().harbors {
            let (x, y) = harbor_anchor(HexCoord::new(hs.q, hs.r), hs.side);
            grow(x, y, 0.45, 0.75);
        }
        if min_x > max_x {
            (min_x, max_x, min_y, max_y) = (0.0, 0.0, 0.0, 0.0);
        }
        Frame {
            min_x,
            min_y,
            width: (max_x - min_x) * SQRT3_2 * r + 2.0 * MARGIN,
            height: (max_y - min_y) * 0.5 * r + 2.0 * MARGIN,
        }
    }

    /// A node's pixel position.
    fn node_px(&self, board: &Board, n: NodeId) -> (f64, f64) {
        let (x, y) = board.node(n).pos;
        self.px(x as f64, y as f64)
    }
}

/// A number for SVG: one decimal, never `-0.0`.
fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".to_owned()
    } else if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Where a harbour's marker goes, on the lattice: out from the land hex's centre across the
/// side, most of the way to the neighbouring (sea) hex's centre.
fn harbor_anchor(at: HexCoord, side: Side) -> (f64, f64) {
    let (lx, ly) = at.center();
    let (nx, ny) = at.neighbor(side).center();
    let t = 0.84;
    (
        lx as f64 + t * (nx - lx) as f64,
        ly as f64 + t * (ny - ly) as f64,
    )
}

/// The board alone as a self-contained SVG document: terrain, number tokens with pips,
/// harbours and the robber on its starting hex.
pub fn board_svg(board: &Board) -> String {
    board_svg_with(board, &SvgOptions::default())
}

/// [`board_svg`] with id labels and a vocabulary.
pub fn board_svg_with(board: &Board, opts: &SvgOptions) -> String {
    svg(
        &Scene {
            board,
            game: None,
            robber: board.robber_start(),
            pirate: board.pirate_start(),
        },
        opts,
    )
}

pub(super) fn svg(scene: &Scene<'_>, opts: &SvgOptions) -> String {
    let board = scene.board;
    let frame = Frame::fit(board);
    let mut s = String::with_capacity(64 * 1024);
    let legend = scene.game.filter(|_| opts.legend);
    let extra = if legend.is_some() { LEGEND_WIDTH } else { 0.0 };
    let min_h = legend.map_or(0.0, |g| 40.0 + 92.0 * g.players() as f64);
    let (w, h) = (num(frame.width + extra), num(frame.height.max(min_h)));
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>Catan board</title>");
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{w}" height="{h}" fill="#1f4e79"/>"##
    );
    hexes(&mut s, scene, &frame);
    harbors(&mut s, board, &frame, opts.vocabulary);
    tokens(&mut s, board, &frame);
    roads(&mut s, scene, &frame);
    ships(&mut s, scene, &frame);
    buildings(&mut s, scene, &frame);
    robber(&mut s, scene, &frame);
    pirate(&mut s, scene, &frame);
    id_labels(&mut s, board, &frame, opts);
    if let Some(g) = legend {
        seat_legend(&mut s, g, frame.width);
    }
    s.push_str("</svg>\n");
    s
}

/// The seat legend and score panel at `x0`: public information only.
fn seat_legend(s: &mut String, g: &crate::Game, x0: f64) {
    use crate::types::Player;
    let view = g.view(None);
    let to_act = g.to_act();
    let _ = writeln!(s, r#"<g class="legend">"#);
    let _ = writeln!(
        s,
        r##"<text x="{}" y="26" font-size="16" font-weight="bold" fill="#ffffff">Turn {}{}</text>"##,
        num(x0 + 10.0),
        g.turn(),
        match g.winner() {
            Some(w) => format!(
                " \u{2014} {} wins",
                xml_escape(&super::player_colour_name(w))
            ),
            None => String::new(),
        }
    );
    for (i, p) in view.players.iter().enumerate() {
        let seat = Player(i as u8);
        let y = 40.0 + 92.0 * i as f64;
        let acting = to_act.contains(seat);
        let _ = writeln!(
            s,
            r##"<g class="seat" data-player="{i}"><rect x="{}" y="{}" width="{}" height="84" rx="6" fill="#f7f0dc" stroke="{}" stroke-width="{}"/>"##,
            num(x0 + 6.0),
            num(y),
            num(LEGEND_WIDTH - 14.0),
            if acting { "#ffd400" } else { "#5a4630" },
            if acting { "4" } else { "1.5" },
        );
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="18" height="18" fill="{}" stroke="#1a1a1a" stroke-width="1.5"/>"##,
            num(x0 + 14.0),
            num(y + 8.0),
            player_fill(seat)
        );
        let mut awards = String::new();
        if g.longest_road_holder() == Some(seat) {
            awards.push_str(" \u{b7} Longest Road");
        }
        if g.largest_army_holder() == Some(seat) {
            awards.push_str(" \u{b7} Largest Army");
        }
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="14" font-weight="bold" fill="#1a1a1a">Seat {i} ({}){}: {} points</text>"##,
            num(x0 + 38.0),
            num(y + 22.0),
            xml_escape(&super::player_colour_name(seat)),
            if acting { " \u{25c0}" } else { "" },
            p.public_points,
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" fill="#1a1a1a">{} cards, {} development cards</text>"##,
            num(x0 + 14.0),
            num(y + 46.0),
            p.resource_cards,
            p.dev_cards,
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" fill="#1a1a1a">{} knights, road {}{}</text></g>"##,
            num(x0 + 14.0),
            num(y + 66.0),
            g.knights_played(seat),
            g.longest_road_of(seat),
            awards,
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The fill of an unexplored space (The Fog Islands): grey, not the sea's blue.
const UNEXPLORED_FILL: &str = "#9aa3a8";

/// Hexes: terrain fill and name; an unexplored space (sea on the board until discovered:
/// the game's, or a board's spaces unexplored at the start) as unexplored, with a `?`.
fn hexes(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let board = scene.board;
    let r = HEX_RADIUS;
    let _ = writeln!(s, r#"<g class="hexes">"#);
    for (i, hex) in board.hexes().iter().enumerate() {
        let id = HexId(i as u8);
        let unexplored = match scene.game {
            Some(g) => g.is_unexplored(id),
            None => board.fog_hexes().contains(&id),
        };
        let (cx, cy) = hex.coord.center();
        let corners = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];
        let points: Vec<String> = corners
            .iter()
            .map(|&(dx, dy)| {
                let (px, py) = frame.px((cx + dx) as f64, (cy + dy) as f64);
                format!("{},{}", num(px), num(py))
            })
            .collect();
        let (stroke, sw) = if hex.terrain.is_land() {
            ("#f1e4bd", "2.5")
        } else {
            ("#356fa8", "1.5")
        };
        if unexplored {
            let _ = writeln!(
                s,
                r##"<polygon class="hex unexplored" data-hex="{i}" data-terrain="unexplored" points="{p}" fill="{UNEXPLORED_FILL}" stroke="#6d767b" stroke-width="1.5" stroke-dasharray="6 4" stroke-linejoin="round"/>"##,
                p = points.join(" "),
            );
            let (px, py) = frame.px(cx as f64, cy as f64);
            let _ = writeln!(
                s,
                r##"<text class="unexplored" x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#f4f6f7">?</text>"##,
                num(px),
                num(py + 0.15 * r),
                num(0.45 * r),
            );
            continue;
        }
        let _ = writeln!(
            s,
            r#"<polygon class="hex" data-hex="{i}" data-terrain="{t}" points="{p}" fill="{f}" stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"/>"#,
            t = hex.terrain.name(),
            p = points.join(" "),
            f = terrain_fill(hex.terrain),
        );
        if hex.terrain.is_land() {
            let (px, py) = frame.px(cx as f64, cy as f64);
            let _ = writeln!(
                s,
                r##"<text class="terrain" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{}" fill-opacity="0.6">{}</text>"##,
                num(px),
                num(py - 0.5 * r),
                num(0.19 * r),
                if hex.terrain == Terrain::Forest {
                    "#ffffff"
                } else {
                    "#000000"
                },
                terrain_name(hex.terrain)
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

/// Harbours: dashed piers to the two nodes, then a marker.
fn harbors(s: &mut String, board: &Board, frame: &Frame, vocabulary: Vocabulary) {
    let r = HEX_RADIUS;
    let node_px = |n: NodeId| frame.node_px(board, n);
    let _ = writeln!(s, r#"<g class="harbors">"#);
    for hs in &board.spec().harbors {
        let at = HexCoord::new(hs.q, hs.r);
        let (ax, ay) = harbor_anchor(at, hs.side);
        let (mx, my) = frame.px(ax, ay);
        let _ = writeln!(s, r#"<g class="harbor" data-kind="{}">"#, hs.kind.name());
        for c in hs.side.corners() {
            if let Some(n) = board.node_at(at, c) {
                let (nx, ny) = node_px(n);
                let _ = writeln!(
                    s,
                    r##"<line class="pier" data-node="{}" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#7a5230" stroke-width="3" stroke-dasharray="4 3"/>"##,
                    n.0,
                    num(mx),
                    num(my),
                    num(nx),
                    num(ny)
                );
            }
        }
        let ring = match hs.kind.resource() {
            Some(res) => terrain_fill(resource_terrain(res)),
            None => "#7a5230",
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="{}" fill="#f7f0dc" stroke="{ring}" stroke-width="3.5"/>"##,
            num(mx),
            num(my),
            num(0.36 * r)
        );
        match hs.kind.resource() {
            None => {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#3b2a1a">3:1</text>"##,
                    num(mx),
                    num(my + 0.1 * r),
                    num(0.26 * r)
                );
            }
            Some(res) => {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#3b2a1a">2:1</text>"##,
                    num(mx),
                    num(my - 0.01 * r),
                    num(0.22 * r)
                );
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#3b2a1a">{}</text>"##,
                    num(mx),
                    num(my + 0.2 * r),
                    num(0.15 * r),
                    xml_escape(resource_name(res, vocabulary))
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

/// Number tokens with their pips.
fn tokens(s: &mut String, board: &Board, frame: &Frame) {
    let r = HEX_RADIUS;
    let _ = writeln!(s, r#"<g class="tokens">"#);
    for (i, hex) in board.hexes().iter().enumerate() {
        let Some(n) = hex.number else { continue };
        let (cx, cy) = hex.coord.center();
        let (px, py) = frame.px(cx as f64, cy as f64);
        let red = n == 6 || n == 8;
        let ink = if red { "#c0161b" } else { "#222222" };
        let _ = writeln!(s, r#"<g class="token" data-hex="{i}" data-number="{n}">"#);
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="{}" fill="#f6ecd0" stroke="#5a4630" stroke-width="1.5"/>"##,
            num(px),
            num(py),
            num(0.34 * r)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{n}</text>"#,
            num(px),
            num(py + 0.07 * r),
            num(if red { 0.33 } else { 0.3 } * r),
        );
        let k = pips(n);
        let gap = 0.085 * r;
        let x0 = px - gap * (k as f64 - 1.0) / 2.0;
        for j in 0..k {
            let _ = writeln!(
                s,
                r#"<circle class="pip" cx="{}" cy="{}" r="{}" fill="{ink}"/>"#,
                num(x0 + gap * j as f64),
                num(py + 0.2 * r),
                num(0.032 * r)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

/// Roads: a dark casing under the player's colour.
fn roads(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let r = HEX_RADIUS;
    let board = scene.board;
    let node_px = |n: NodeId| frame.node_px(board, n);
    let _ = writeln!(s, r#"<g class="roads">"#);
    for (i, e) in board.edges().iter().enumerate() {
        let Some(p) = scene.road(EdgeId(i as u16)) else {
            continue;
        };
        let (ax, ay) = node_px(e.nodes[0]);
        let (bx, by) = node_px(e.nodes[1]);
        let (t0, t1) = (0.2, 0.8);
        let (x1, y1) = (ax + t0 * (bx - ax), ay + t0 * (by - ay));
        let (x2, y2) = (ax + t1 * (bx - ax), ay + t1 * (by - ay));
        let _ = writeln!(
            s,
            r##"<g class="road" data-edge="{i}" data-player="{p}"><line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#1a1a1a" stroke-width="{w1}" stroke-linecap="round"/><line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="{f}" stroke-width="{w2}" stroke-linecap="round"/></g>"##,
            p = p.0,
            a = num(x1),
            b = num(y1),
            c = num(x2),
            d = num(y2),
            w1 = num(0.17 * r),
            w2 = num(0.11 * r),
            f = player_fill(p),
        );
    }
    let _ = writeln!(s, "</g>");
}

/// Ships (Seafarers): a hull in the player's colour across the middle of the edge.
fn ships(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let r = HEX_RADIUS;
    let board = scene.board;
    if !board.open_sea() {
        return;
    }
    let node_px = |n: NodeId| frame.node_px(board, n);
    let _ = writeln!(s, r#"<g class="ships">"#);
    for (i, e) in board.edges().iter().enumerate() {
        let Some(p) = scene.ship(EdgeId(i as u16)) else {
            continue;
        };
        let (ax, ay) = node_px(e.nodes[0]);
        let (bx, by) = node_px(e.nodes[1]);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-9);
        let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
        let (nx, ny) = (-uy, ux);
        // Deck along the edge, keel below it, a mast above.
        let pt = |along: f64, across: f64| {
            format!(
                "{},{}",
                num(mx + along * ux * r + across * nx * r),
                num(my + along * uy * r + across * ny * r)
            )
        };
        let hull = [pt(-0.32, 0.0), pt(0.32, 0.0), pt(0.2, 0.14), pt(-0.2, 0.14)].join(" ");
        let _ = writeln!(
            s,
            r##"<g class="ship" data-edge="{i}" data-player="{p}"><polygon points="{hull}" fill="{f}" stroke="#1a1a1a" stroke-width="{w}"/><line x1="{a}" y1="{b}" x2="{c}" y2="{d}" stroke="#1a1a1a" stroke-width="{w}"/></g>"##,
            p = p.0,
            f = player_fill(p),
            w = num(0.03 * r),
            a = num(mx),
            b = num(my),
            c = num(mx - 0.22 * nx * r),
            d = num(my - 0.22 * ny * r),
        );
    }
    let _ = writeln!(s, "</g>");
}

/// Settlements and cities.
fn buildings(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let r = HEX_RADIUS;
    let board = scene.board;
    let node_px = |n: NodeId| frame.node_px(board, n);
    let _ = writeln!(s, r#"<g class="buildings">"#);
    for i in 0..board.nodes().len() {
        let n = NodeId(i as u8);
        let Some((p, city)) = scene.building(n) else {
            continue;
        };
        let (px, py) = node_px(n);
        let u = 0.2 * r;
        let shape: &[(f64, f64)] = if city {
            &[
                (-1.3, 0.9),
                (-1.3, -0.4),
                (-0.65, -1.1),
                (0.0, -0.4),
                (0.0, -0.1),
                (1.3, -0.1),
                (1.3, 0.9),
            ]
        } else {
            &[
                (-0.9, 0.8),
                (-0.9, -0.2),
                (0.0, -1.0),
                (0.9, -0.2),
                (0.9, 0.8),
            ]
        };
        let points: Vec<String> = shape
            .iter()
            .map(|&(dx, dy)| format!("{},{}", num(px + dx * u), num(py + dy * u)))
            .collect();
        let _ = writeln!(
            s,
            r##"<polygon class="{k}" data-node="{i}" data-player="{pl}" points="{pts}" fill="{f}" stroke="#1a1a1a" stroke-width="{sw}" stroke-linejoin="round"/>"##,
            k = if city { "city" } else { "settlement" },
            pl = p.0,
            pts = points.join(" "),
            f = player_fill(p),
            sw = if p.0 == 2 { "2.2" } else { "1.5" },
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The robber: a dark pawn to the left of the token.
fn robber(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let r = HEX_RADIUS;
    let board = scene.board;
    if let Some(hid) = scene.robber {
        let (cx, cy) = board.hex(hid).coord.center();
        let (px, py) = frame.px(cx as f64, cy as f64);
        let x = px - 0.6 * r;
        let y = py + 0.05 * r;
        let _ = writeln!(
            s,
            r##"<g class="robber" data-hex="{}"><path d="M {} {} Q {} {} {} {} L {} {} Q {} {} {} {} Z" fill="#3a3a3a" stroke="#111111" stroke-width="1.2"/><circle cx="{}" cy="{}" r="{}" fill="#3a3a3a" stroke="#111111" stroke-width="1.2"/></g>"##,
            hid.0,
            // body: from bottom left, bulging up to the neck, down to bottom right
            num(x - 0.15 * r),
            num(y + 0.3 * r),
            num(x - 0.19 * r),
            num(y - 0.12 * r),
            num(x),
            num(y - 0.1 * r),
            num(x),
            num(y - 0.1 * r),
            num(x + 0.19 * r),
            num(y - 0.12 * r),
            num(x + 0.15 * r),
            num(y + 0.3 * r),
            num(x),
            num(y - 0.2 * r),
            num(0.11 * r),
        );
    }
}

/// The pirate (Seafarers): a black ship with a black sail in the middle of its sea hex.
fn pirate(s: &mut String, scene: &Scene<'_>, frame: &Frame) {
    let r = HEX_RADIUS;
    let Some(hid) = scene.pirate else {
        return;
    };
    let (cx, cy) = scene.board.hex(hid).coord.center();
    let (x, y) = frame.px(cx as f64, cy as f64);
    let pt = |dx: f64, dy: f64| format!("{},{}", num(x + dx * r), num(y + dy * r));
    let hull = [pt(-0.4, 0.1), pt(0.4, 0.1), pt(0.28, 0.3), pt(-0.28, 0.3)].join(" ");
    let sail = [pt(-0.02, -0.4), pt(-0.02, 0.06), pt(-0.3, 0.06)].join(" ");
    let _ = writeln!(
        s,
        r##"<g class="pirate" data-hex="{}"><polygon points="{hull}" fill="#111111" stroke="#000000" stroke-width="1.2"/><polygon points="{sail}" fill="#111111" stroke="#000000" stroke-width="1.2"/></g>"##,
        hid.0
    );
}

/// Id labels of hexes, edges and nodes, as the options ask.
fn id_labels(s: &mut String, board: &Board, frame: &Frame, opts: &SvgOptions) {
    let r = HEX_RADIUS;
    let node_px = |n: NodeId| frame.node_px(board, n);
    let halo = r##"stroke="#ffffff" stroke-width="2.5" paint-order="stroke""##;
    if opts.hex_ids {
        let _ = writeln!(s, r#"<g class="hex-ids">"#);
        for (i, hex) in board.hexes().iter().enumerate() {
            let (cx, cy) = hex.coord.center();
            let (px, py) = frame.px(cx as f64, cy as f64);
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#4a1d7a" {halo}>h{i}</text>"##,
                num(px),
                num(py + 0.66 * r),
                num(0.2 * r)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    if opts.edge_ids {
        let _ = writeln!(s, r#"<g class="edge-ids">"#);
        for (i, e) in board.edges().iter().enumerate() {
            let (px, py) = frame.px(e.mid2.0 as f64 / 2.0, e.mid2.1 as f64 / 2.0);
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#0b5d1e" {halo}>{i}</text>"##,
                num(px),
                num(py + 0.06 * r),
                num(0.17 * r)
            );
        }
        let _ = writeln!(s, "</g>");
    }
    if opts.node_ids {
        let _ = writeln!(s, r#"<g class="node-ids">"#);
        for i in 0..board.nodes().len() {
            let (px, py) = node_px(NodeId(i as u8));
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#000000" {halo}>{i}</text>"##,
                num(px),
                num(py + 0.07 * r),
                num(0.19 * r)
            );
        }
        let _ = writeln!(s, "</g>");
    }
}
