//! Pictures and words for people: the board as SVG ([`board_svg`], [`Game::to_svg`]) and as
//! a terminal picture ([`board_ascii`], [`Game::to_ascii`]), and readable text for events
//! ([`describe_event`]) in either output vocabulary (docs/rulings.md §22).
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
//! | `<g>` | `pirate` | `data-hex` (Seafarers: a black ship in the middle of its sea hex) |

//!
//! # The code
//! This file holds the names and colours both pictures and the text share; `svg.rs` draws
//! the SVG picture, `ascii.rs` the terminal picture and `text.rs` describes events.

mod ascii;
mod svg;
mod text;

pub use ascii::{board_ascii, board_ascii_with, terrain_abbreviation};
pub use svg::{board_svg, board_svg_with, pips, terrain_fill, SvgOptions, HEX_RADIUS};
pub use text::{describe_event, describe_event_on};

use crate::board::{Board, EdgeId, HexId, NodeId};
use crate::event::Event;
use crate::game::Game;
use crate::rules::Vocabulary;
use crate::types::{DevCard, Harbor, Player, Resource, Resources, Terrain, MAX_PLAYERS};

// ============================================================================ vocabulary

/// The name of a resource in output: `Standard` says brick, lumber, wool, grain, ore;
/// `Zip` says brick, wood, wool, wheat, ore (docs/rulings.md §22, Zip! rules).
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
/// (docs/rulings.md §22).
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
/// (docs/rulings.md §22).
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

/// What to draw on top of the board: the pieces and the robber.
struct Scene<'a> {
    board: &'a Board,
    game: Option<&'a Game>,
    robber: Option<HexId>,
    pirate: Option<HexId>,
}

impl Scene<'_> {
    fn building(&self, n: NodeId) -> Option<(Player, bool)> {
        self.game.and_then(|g| g.building(n))
    }
    fn road(&self, e: EdgeId) -> Option<Player> {
        self.game.and_then(|g| g.road(e))
    }
    fn ship(&self, e: EdgeId) -> Option<Player> {
        self.game.and_then(|g| g.ship(e))
    }
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

impl Game {
    /// The board with every piece and the robber as a self-contained SVG document, harbour
    /// names in the game's vocabulary. See [`board_svg`].
    pub fn to_svg(&self) -> String {
        self.to_svg_with(&SvgOptions {
            vocabulary: self.rules.vocabulary,
            ..SvgOptions::default()
        })
    }

    /// [`Game::to_svg`] with id labels and the seat legend and score panel, as the options ask
    /// (the options' vocabulary is used as given).
    pub fn to_svg_with(&self, opts: &SvgOptions) -> String {
        svg::svg(
            &Scene {
                board: self.board(),
                game: Some(self),
                robber: self.robber(),
                pirate: self.pirate(),
            },
            opts,
        )
    }

    /// The board with every piece and the robber as a terminal picture, in the game's
    /// vocabulary. See [`board_ascii_with`] for the legend.
    pub fn to_ascii(&self) -> String {
        ascii::ascii(
            &Scene {
                board: self.board(),
                game: Some(self),
                robber: self.robber(),
                pirate: self.pirate(),
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
