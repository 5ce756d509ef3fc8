//! Pictures and words for people: the board as SVG ([`board_svg`], [`Game::to_svg`]) and as
//! a terminal picture ([`board_ascii`], [`Game::to_ascii`]), and readable text for events
//! ([`describe_event`]) in either output vocabulary (`RULINGS` 22).
//!
//! Everything here is deterministic: the same board and pieces always give the same bytes.
//! Nothing here is on the engine's hot path.
//!
//! ```
//! use catan_rules::{Game, Rules, MapKind, Vocabulary, Resource};
//! use catan_rules::render::{self, resource_name};
//!
//! let game = Game::new(Rules { map: MapKind::Beginner, ..Rules::default() }, 7).unwrap();
//! let svg = game.to_svg();
//! assert!(svg.starts_with("<svg"));
//! let picture = game.to_ascii();
//! assert!(picture.contains("(11)"));
//! assert_eq!(resource_name(Resource::Grain, Vocabulary::Zip), "wheat");
//! # let _ = render::board_svg(game.board());
//! ```
//!
//! # Geometry
//! Both pictures follow the board's integer lattice (see [`crate::board`]): a hex centre is
//! at `x = 2q + r`, `y = 3r`. The SVG uses a hex radius of [`HEX_RADIUS`] pixels, so one
//! lattice step is `√3/2 · R` pixels across and `R/2` pixels down. The terminal picture uses
//! four columns per lattice step across and five rows per hex row.
//!
//! # SVG structure
//! The document is plain SVG 1.1 with no scripts, styles or external references, so it can
//! be styled or picked apart by a client. Each drawn thing carries a class and its ids:
//!
//! | element | class | data attributes |
//! | --- | --- | --- |
//! | `<polygon>` | `hex` | `data-hex`, `data-terrain` |
//! | `<g>` | `harbor` | `data-kind`; holds `<line class="pier" data-node>` to each node |
//! | `<g>` | `token` | `data-hex`, `data-number`; holds one `<circle class="pip">` per pip |
//! | `<g>` | `road` | `data-edge`, `data-player` |
//! | `<polygon>` | `settlement` or `city` | `data-node`, `data-player` |
//! | `<g>` | `robber` | `data-hex` |

use crate::board::{Board, EdgeId, HexCoord, HexId, NodeId, Side};
use crate::event::Event;
use crate::game::Game;
use crate::rules::Vocabulary;
use crate::types::{DevCard, Harbor, Player, Resource, Resources, Terrain, MAX_PLAYERS};
use core::fmt::Write as _;

// ============================================================================ vocabulary

/// The name of a resource in output: `Standard` says brick, lumber, wool, grain, ore;
/// `Zip` says brick, wood, wool, wheat, ore (`RULINGS` 22, `seeds/001`).
pub const fn resource_name(r: Resource, v: Vocabulary) -> &'static str {
    match (r, v) {
        (Resource::Brick, _) => "brick",
        (Resource::Lumber, Vocabulary::Standard) => "lumber",
        (Resource::Lumber, Vocabulary::Zip) => "wood",
        (Resource::Wool, _) => "wool",
        (Resource::Grain, Vocabulary::Standard) => "grain",
        (Resource::Grain, Vocabulary::Zip) => "wheat",
        (Resource::Ore, _) => "ore",
    }
}

/// The name of a development card in output: Year of Plenty is "Invention" in Zip!
/// (`RULINGS` 22).
pub const fn dev_card_name(c: DevCard, v: Vocabulary) -> &'static str {
    match (c, v) {
        (DevCard::Knight, _) => "Knight",
        (DevCard::RoadBuilding, _) => "Road Building",
        (DevCard::YearOfPlenty, Vocabulary::Standard) => "Year of Plenty",
        (DevCard::YearOfPlenty, Vocabulary::Zip) => "Invention",
        (DevCard::Monopoly, _) => "Monopoly",
        (DevCard::VictoryPoint, _) => "Victory Point",
    }
}

/// The name of the longest-road award: "Longest Road", or "Longest Route" in Zip!
/// (`RULINGS` 22).
pub const fn longest_road_name(v: Vocabulary) -> &'static str {
    match v {
        Vocabulary::Standard => "Longest Road",
        Vocabulary::Zip => "Longest Route",
    }
}

/// The name of the largest-army award (the same in both vocabularies).
pub const fn largest_army_name(_v: Vocabulary) -> &'static str {
    "Largest Army"
}

/// The name of a terrain in output (`"hills"`, `"forest"`, ...).
pub const fn terrain_name(t: Terrain) -> &'static str {
    t.name()
}

/// A harbour's label: `"3:1"` for a generic harbour, `"2:1 wheat"` (say) for the others.
pub fn harbor_name(h: Harbor, v: Vocabulary) -> String {
    match h.resource() {
        None => "3:1".to_owned(),
        Some(r) => format!("2:1 {}", resource_name(r, v)),
    }
}

/// A set of cards in words: `"2 grain, 1 ore"`, or `"nothing"` when empty. Resources are
/// listed in the fixed order brick, lumber, wool, grain, ore.
pub fn resources_text(rs: &Resources, v: Vocabulary) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|&&r| rs[r] > 0)
        .map(|&r| format!("{} {}", rs[r], resource_name(r, v)))
        .collect();
    if parts.is_empty() {
        "nothing".to_owned()
    } else {
        parts.join(", ")
    }
}

/// The colour of a seat, as a name and an SVG fill: seats 0..5 are red, blue, white,
/// orange, green and brown.
pub const PLAYER_COLOURS: [(&str, &str); MAX_PLAYERS] = [
    ("red", "#d62728"),
    ("blue", "#1f5fd6"),
    ("white", "#ffffff"),
    ("orange", "#f28c1c"),
    ("green", "#2ca02c"),
    ("brown", "#8b5a2b"),
];

/// The colour name of a seat (`"red"` for seat 0, ...; `"seat N"` beyond six).
pub fn player_colour_name(p: Player) -> String {
    match PLAYER_COLOURS.get(p.index()) {
        Some((name, _)) => (*name).to_owned(),
        None => format!("seat {}", p.0),
    }
}

fn player_fill(p: Player) -> &'static str {
    PLAYER_COLOURS.get(p.index()).map_or("#777777", |c| c.1)
}

/// One event as a line of English, in the given vocabulary: `"player 0 rolled 3 + 4 = 7"`,
/// `"player 2 received 2 wheat, 1 ore"`, `"player 1 played Invention"`, ...
///
/// Hexes, nodes and edges are named by id (`"hex 5"`), as in the board's JSON; see
/// [`describe_event_on`] to also say what is on a hex. Redacted fields (a stolen card or a
/// bought card hidden from the viewer) are said without the card.
pub fn describe_event(e: &Event, v: Vocabulary) -> String {
    describe(e, None, v)
}

/// [`describe_event`], naming hexes with their terrain and number token from `board`:
/// `"player 0 moved the robber to hex 12 (fields, 6)"`.
pub fn describe_event_on(e: &Event, board: &Board, v: Vocabulary) -> String {
    describe(e, Some(board), v)
}

/// `"hex 12"`, or `"hex 12 (fields, 6)"` with a board.
fn hex_text(h: HexId, board: Option<&Board>) -> String {
    match board.and_then(|b| b.hexes().get(h.index())) {
        Some(info) => match info.number {
            Some(n) => format!("{h} ({}, {n})", terrain_name(info.terrain)),
            None => format!("{h} ({})", terrain_name(info.terrain)),
        },
        None => h.to_string(),
    }
}

fn describe(e: &Event, board: Option<&Board>, v: Vocabulary) -> String {
    let res = |r: &Resources| resources_text(r, v);
    let rname = |r: Resource| resource_name(r, v);
    match *e {
        Event::DiceRolled {
            player,
            dice,
            total,
        } => format!("{player} rolled {} + {} = {total}", dice[0], dice[1]),
        Event::ResourcesProduced { player, resources } => {
            format!("{player} received {}", res(&resources))
        }
        Event::Shortage {
            resource,
            claimants,
            paid,
        } => match paid {
            Some(p) => format!(
                "the bank is short of {}: only {p} was owed it and receives what is left",
                rname(resource)
            ),
            None => format!(
                "the bank is short of {}: {claimants} players were owed it, so nobody receives it",
                rname(resource)
            ),
        },
        Event::RobberBlocked { hex } => {
            format!("the robber blocks production on {}", hex_text(hex, board))
        }
        Event::StartingResources { player, resources } => {
            format!("{player} receives starting resources: {}", res(&resources))
        }
        Event::DiscardsRequired { amounts } => {
            let who: Vec<String> = amounts
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(i, &n)| format!("{} must discard {n}", Player(i as u8)))
                .collect();
            if who.is_empty() {
                "nobody must discard".to_owned()
            } else {
                who.join(", ")
            }
        }
        Event::Discarded { player, resources } => {
            format!("{player} discarded {}", res(&resources))
        }
        Event::RobberMoved { player, hex } => {
            format!("{player} moved the robber to {}", hex_text(hex, board))
        }
        Event::Stole {
            thief,
            victim,
            resource,
        } => match resource {
            Some(r) => format!("{thief} stole 1 {} from {victim}", rname(r)),
            None => format!("{thief} stole a card from {victim}"),
        },
        Event::SettlementBuilt { player, node } => {
            format!("{player} built a settlement on {node}")
        }
        Event::CityBuilt { player, node } => format!("{player} built a city on {node}"),
        Event::RoadBuilt { player, edge } => format!("{player} built a road on {edge}"),
        Event::DevelopmentCardBought { player, card } => match card {
            Some(c) => format!(
                "{player} bought a development card ({})",
                dev_card_name(c, v)
            ),
            None => format!("{player} bought a development card"),
        },
        Event::DevelopmentCardPlayed { player, card } => {
            format!("{player} played {}", dev_card_name(card, v))
        }
        Event::YearOfPlentyTaken { player, resources } => format!(
            "{player} took {} from the bank ({})",
            res(&resources),
            dev_card_name(DevCard::YearOfPlenty, v)
        ),
        Event::MonopolyTaken {
            player,
            resource,
            taken,
        } => {
            let total: u32 = taken.iter().map(|&n| n as u32).sum();
            let from: Vec<String> = taken
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(i, &n)| format!("{n} from {}", Player(i as u8)))
                .collect();
            if from.is_empty() {
                format!("{player} named {} but nobody had any", rname(resource))
            } else {
                format!(
                    "{player} took {total} {} ({})",
                    rname(resource),
                    from.join(", ")
                )
            }
        }
        Event::MaritimeTraded {
            player,
            give,
            get,
            rate,
        } => format!(
            "{player} traded {rate} {} for 1 {} with the bank ({rate}:1)",
            rname(give),
            rname(get)
        ),
        Event::TradeOffered {
            player,
            to,
            give,
            get,
        } => {
            let to = match to {
                Some(p) => p.to_string(),
                None => "everyone".to_owned(),
            };
            format!("{player} offers {} for {} to {to}", res(&give), res(&get))
        }
        Event::TradeAccepted { player } => format!("{player} accepts the offer"),
        Event::TradeRejected { player } => format!("{player} declines the offer"),
        Event::TradeCountered { player, give, get } => {
            format!("{player} counters: gives {} for {}", res(&give), res(&get))
        }
        Event::TradeClosed { player } => format!("{player}'s offer is closed without a trade"),
        Event::Traded {
            player,
            partner,
            gave,
            got,
        } => format!(
            "{player} traded {} to {partner} for {}",
            res(&gave),
            res(&got)
        ),
        Event::LongestRoadChanged { from, to, length } => {
            let award = longest_road_name(v);
            match (from, to) {
                (_, None) => format!("{award} is set aside (no single longest of 5 or more)"),
                (None, Some(p)) => format!("{p} takes {award} ({length} long)"),
                (Some(f), Some(p)) => format!("{p} takes {award} from {f} ({length} long)"),
            }
        }
        Event::LargestArmyChanged { from, to, knights } => {
            let award = largest_army_name(v);
            match from {
                None => format!("{to} takes {award} ({knights} knights)"),
                Some(f) => format!("{to} takes {award} from {f} ({knights} knights)"),
            }
        }
        Event::TurnEnded { player } => format!("{player} ends the turn"),
        Event::TurnStarted { player, turn } => format!("turn {turn}: {player} to play"),
        Event::SetupFinished => "set-up finished; play begins".to_owned(),
        Event::GameWon { player, points } => format!("{player} wins with {points} points"),
    }
}

// ============================================================================ SVG

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
}

impl SvgOptions {
    /// Every id label on, in the standard vocabulary.
    pub const fn with_ids() -> SvgOptions {
        SvgOptions {
            node_ids: true,
            edge_ids: true,
            hex_ids: true,
            vocabulary: Vocabulary::Standard,
        }
    }
}

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

/// How many of the 36 rolls of two dice give `n` (the pips printed on its token, `seeds/000`
/// "Number Tokens"): 1 for 2 and 12, up to 5 for 6 and 8; 0 for anything impossible.
pub const fn pips(n: u8) -> u8 {
    match n {
        2..=7 => n - 1,
        8..=12 => 13 - n,
        _ => 0,
    }
}

/// What to draw on top of the board: the pieces and the robber.
struct Scene<'a> {
    board: &'a Board,
    game: Option<&'a Game>,
    robber: Option<HexId>,
}

impl Scene<'_> {
    fn building(&self, n: NodeId) -> Option<(Player, bool)> {
        self.game.and_then(|g| g.building(n))
    }
    fn road(&self, e: EdgeId) -> Option<Player> {
        self.game.and_then(|g| g.road(e))
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
        },
        opts,
    )
}

fn svg(scene: &Scene<'_>, opts: &SvgOptions) -> String {
    let board = scene.board;
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
    let frame = Frame {
        min_x,
        min_y,
        width: (max_x - min_x) * SQRT3_2 * r + 2.0 * MARGIN,
        height: (max_y - min_y) * 0.5 * r + 2.0 * MARGIN,
    };
    let node_px = |n: NodeId| {
        let (x, y) = board.node(n).pos;
        frame.px(x as f64, y as f64)
    };

    let mut s = String::with_capacity(64 * 1024);
    let (w, h) = (num(frame.width), num(frame.height));
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#
    );
    let _ = writeln!(s, "<title>Catan board</title>");
    let _ = writeln!(
        s,
        r##"<rect class="background" x="0" y="0" width="{w}" height="{h}" fill="#1f4e79"/>"##
    );

    // Hexes.
    let _ = writeln!(s, r#"<g class="hexes">"#);
    for (i, hex) in board.hexes().iter().enumerate() {
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

    // Harbours: dashed piers to the two nodes, then a marker.
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
                    xml_escape(resource_name(res, opts.vocabulary))
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");

    // Number tokens.
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

    // Roads: a dark casing under the player's colour.
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

    // Settlements and cities.
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

    // The robber: a dark pawn to the left of the token.
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

    // Id labels.
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
    s.push_str("</svg>\n");
    s
}

fn resource_terrain(r: Resource) -> Terrain {
    match r {
        Resource::Brick => Terrain::Hills,
        Resource::Lumber => Terrain::Forest,
        Resource::Wool => Terrain::Pasture,
        Resource::Grain => Terrain::Fields,
        Resource::Ore => Terrain::Mountains,
    }
}

// ============================================================================ ASCII

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
/// for sea) over its number token (`(10)`), `R` marks the robber's hex, `.` a free corner,
/// `*` a free corner with a harbour; harbour kinds are written in the sea they face.
pub fn board_ascii_with(board: &Board, v: Vocabulary) -> String {
    ascii(
        &Scene {
            board,
            game: None,
            robber: board.robber_start(),
        },
        v,
    )
}

fn ascii(scene: &Scene<'_>, v: Vocabulary) -> String {
    let board = scene.board;
    let mut cv = Canvas {
        cells: Default::default(),
    };
    // Hex outlines: every hex, land or sea.
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
    // Hex contents.
    let mut harbor_slots: std::collections::BTreeMap<HexCoord, u8> = Default::default();
    let mut unplaced: Vec<String> = Vec::new();
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
    // Harbours, written in the sea they face (if free).
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
    // Roads: the owner's seat digit on the side.
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
    // Nodes: free corners, harbours, buildings.
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

// ============================================================================ Game

impl Game {
    /// The board with every piece and the robber as a self-contained SVG document, harbour
    /// names in the game's vocabulary. See [`board_svg`].
    pub fn to_svg(&self) -> String {
        self.to_svg_with(&SvgOptions {
            vocabulary: self.rules.vocabulary,
            ..SvgOptions::default()
        })
    }

    /// [`Game::to_svg`] with id labels (the options' vocabulary is used as given).
    pub fn to_svg_with(&self, opts: &SvgOptions) -> String {
        svg(
            &Scene {
                board: self.board(),
                game: Some(self),
                robber: self.robber(),
            },
            opts,
        )
    }

    /// The board with every piece and the robber as a terminal picture, in the game's
    /// vocabulary. See [`board_ascii_with`] for the legend.
    pub fn to_ascii(&self) -> String {
        ascii(
            &Scene {
                board: self.board(),
                game: Some(self),
                robber: self.robber(),
            },
            self.rules.vocabulary,
        )
    }

    /// One event as a line of text in the game's vocabulary, hexes named with their terrain
    /// and number ([`describe_event_on`]).
    pub fn describe_event(&self, e: &Event) -> String {
        describe_event_on(e, self.board(), self.rules.vocabulary)
    }
}
