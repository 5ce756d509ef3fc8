//! A minimal SVG picture for notebooks (`_repr_svg_`), drawn only from the board's public
//! description and the game's public queries.
//!
//! LEAD(render): when the core's `Game::to_svg()` lands, make [`game_svg`] return it (and
//! [`board_svg`] the core's board-only picture, if it has one); nothing else here changes.

use catan_rules::{Board, EdgeId, Game, NodeId, Terrain};
use std::fmt::Write;

/// Hex radius in pixels.
const R: f64 = 32.0;

fn px(x: i16, y: i16) -> (f64, f64) {
    (f64::from(x) * R * 3f64.sqrt() / 2.0, f64::from(y) * R / 2.0)
}

const fn fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Hills => "#c8643c",
        Terrain::Forest => "#2e7d32",
        Terrain::Pasture => "#9ccc65",
        Terrain::Fields => "#f2c744",
        Terrain::Mountains => "#8d8d8d",
        Terrain::Desert => "#e6d3a3",
        Terrain::Sea => "#4f8fc9",
        Terrain::Gold => "#e0b000",
    }
}

const PLAYER_COLOURS: [&str; 6] = [
    "#d32f2f", "#1976d2", "#f5f5f5", "#ef6c00", "#2e7d32", "#6d4c41",
];

/// The board alone: terrain, number tokens and hex ids.
pub fn board_svg(board: &Board) -> String {
    draw(board, None)
}

/// The board with the game's roads, settlements, cities and robber.
pub fn game_svg(game: &Game) -> String {
    // LEAD(render): replace with `game.to_svg()`.
    draw(game.board(), Some(game))
}

fn draw(board: &Board, game: Option<&Game>) -> String {
    let d = board.describe();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for h in &d.hexes {
        let (x, y) = px(h.x, h.y);
        x0 = x0.min(x - R);
        x1 = x1.max(x + R);
        y0 = y0.min(y - R);
        y1 = y1.max(y + R);
    }
    if d.hexes.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 1.0, 1.0);
    }
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{:.1} {:.1} {:.1} {:.1}" width="{:.0}" height="{:.0}" font-family="sans-serif" text-anchor="middle">"#,
        x0 - 4.0,
        y0 - 4.0,
        x1 - x0 + 8.0,
        y1 - y0 + 8.0,
        x1 - x0 + 8.0,
        y1 - y0 + 8.0
    );
    for h in &d.hexes {
        let (cx, cy) = px(h.x, h.y);
        let corners: [(i16, i16); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];
        let points: Vec<String> = corners
            .iter()
            .map(|&(dx, dy)| {
                let (x, y) = px(h.x + dx, h.y + dy);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = write!(
            s,
            r##"<polygon class="hex {t}" points="{p}" fill="{f}" stroke="#fff8e1" stroke-width="2"><title>hex {id} {t}</title></polygon>"##,
            t = h.terrain,
            p = points.join(" "),
            f = fill(h.terrain),
            id = h.id
        );
        if let Some(n) = h.number {
            let red = if n == 6 || n == 8 {
                "#c62828"
            } else {
                "#212121"
            };
            let _ = write!(
                s,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#fff8e1"/><text x="{cx:.1}" y="{ty:.1}" font-size="{fs:.0}" fill="{red}">{n}</text>"##,
                r = R * 0.36,
                ty = cy + R * 0.14,
                fs = R * 0.4
            );
        }
    }
    if let Some(g) = game {
        for e in &d.edges {
            if let Some(p) = g.road(EdgeId(e.id)) {
                let a = &d.nodes[e.nodes[0] as usize];
                let b = &d.nodes[e.nodes[1] as usize];
                let (ax, ay) = px(a.x, a.y);
                let (bx, by) = px(b.x, b.y);
                let _ = write!(
                    s,
                    r##"<line class="road" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{c}" stroke-width="{w:.1}" stroke-linecap="round"><title>edge {id}: road of player {pl}</title></line>"##,
                    c = PLAYER_COLOURS[p.index() % 6],
                    w = R * 0.18,
                    id = e.id,
                    pl = p.0
                );
            }
        }
        for n in &d.nodes {
            if let Some((p, city)) = g.building(NodeId(n.id)) {
                let (x, y) = px(n.x, n.y);
                let size = if city { R * 0.3 } else { R * 0.2 };
                let _ = write!(
                    s,
                    r##"<rect class="{k}" x="{rx:.1}" y="{ry:.1}" width="{w:.1}" height="{w:.1}" fill="{c}" stroke="#212121"><title>node {id}: {k} of player {pl}</title></rect>"##,
                    k = if city { "city" } else { "settlement" },
                    rx = x - size,
                    ry = y - size,
                    w = 2.0 * size,
                    c = PLAYER_COLOURS[p.index() % 6],
                    id = n.id,
                    pl = p.0
                );
            }
        }
        if let Some(h) = g.robber() {
            let h = &d.hexes[h.index()];
            let (x, y) = px(h.x, h.y);
            let _ = write!(
                s,
                r##"<circle class="robber" cx="{x:.1}" cy="{cy:.1}" r="{r:.1}" fill="#212121"><title>robber</title></circle>"##,
                cy = y - R * 0.55,
                r = R * 0.16
            );
        }
    }
    s.push_str("</svg>");
    s
}
