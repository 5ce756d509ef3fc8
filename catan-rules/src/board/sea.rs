//! Seafarers maps: land, open sea and gold fields, several islands, where players may
//! start, the robber's and the pirate's start, harbours fixed or dealt, terrain and number
//! pools dealt at random, the victory target and the special victory points of each land
//! area. A [`SeaMap`] is plain data (JSON); [`SeaMap::deal`] turns it into a [`BoardSpec`]
//! plus the land area of every hex.
//!
//! # The JSettlers2 grid
//! The published Seafarers maps are recorded in the JSettlers2 `SOCBoardLarge` grid: a hex
//! is `0xRRCC`, rows run north to south and columns west to east in half-hex units, hex
//! rows are odd, hexes are pointy-topped with vertical west and east sides. That grid is
//! ours turned into integers: hex `0xRRCC` is axial `r = (RR − 1) / 2`, `q = (CC − r) / 2`
//! ([`HexCoord::from_jsettlers`]), and its centre on our lattice is `x = CC`, `y = 3r`. Its
//! directions are ours (NE, E, SE, SW, W, NW), so a harbour given there as "the W side of
//! hex 0x0705" is `{q, r, side: "w"}` here.

use super::{
    Board, BoardArea, BoardErrors, BoardSpec, HarborSpec, HexCoord, HexSpec, MapSource, Side,
};
use crate::rng::Rng;
use crate::types::{Harbor, Terrain};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One hex of a Seafarers map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaHex {
    /// Axial column.
    pub q: i8,
    /// Axial row.
    pub r: i8,
    /// Terrain as printed (in a pool: one of the pool's terrains).
    pub terrain: Terrain,
    /// Number token as printed, on producing land (gold fields included).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
    /// The land area (index into [`SeaMap::areas`]) of a land hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<u8>,
    /// A pool of land hexes dealt at random together: when the map is dealt, the terrains
    /// of the pool's hexes are shuffled among them, then the number tokens among those that
    /// produce.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<u8>,
}

/// A harbour of a Seafarers map: the land hex it serves, the side facing it, its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaHarbor {
    /// Axial column of the land hex.
    pub q: i8,
    /// Axial row of the land hex.
    pub r: i8,
    /// The side of that hex on the coast.
    pub side: Side,
    /// Kind (when harbours are dealt, one of the kinds shuffled over the places).
    pub kind: Harbor,
}

/// A land area (an island, or part of one) of a Seafarers map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaSpec {
    /// A name for people.
    pub name: String,
    /// Players may place their set-up settlements here.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub start: bool,
    /// Special victory points for a player's first settlement here (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub special_vp: u8,
}

/// A rule of a map's variable set-up: a terrain that may not get some numbers when dealt
/// (e.g. The Four Islands: no 2, 3, 11 or 12 on forest or pasture; Through the Desert: no 6
/// or 8 on a gold field).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberBan {
    /// The terrain.
    pub terrain: Terrain,
    /// The numbers it may not get.
    pub numbers: Vec<u8>,
}

/// The unexplored spaces of a map (The Fog Islands) and the face-down stacks that fill
/// them: a space is discovered when a road or ship reaches one of its corners, and takes
/// the top hex of the stack, and a land hex the top number token (Seafarers rulebook, 'The
/// Fog Islands').
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FogSpec {
    /// The unexplored spaces (not listed among the map's hexes).
    pub spaces: Vec<HexCoord>,
    /// The face-down hex stack: one terrain per space (sea included), so it never runs out.
    pub terrains: Vec<Terrain>,
    /// The face-down number stack: one token per producing terrain of the hex stack.
    pub numbers: Vec<u8>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A Seafarers map as plain data (the JSON format of scenario maps and user sea maps).
///
/// Land areas are given by each land hex's `area`; when no hex names one and `areas` is
/// empty, every island (land hexes joined side to side) is its own area, players may start
/// anywhere and no area pays special victory points.
///
/// ```
/// use catan_rules::board::SeaMap;
/// let map = SeaMap::from_json(r#"{
///     "name": "two islands",
///     "victory_points": 10,
///     "hexes": [
///         {"q": 0, "r": 0, "terrain": "forest", "number": 8, "area": 0},
///         {"q": 1, "r": 0, "terrain": "sea"},
///         {"q": 2, "r": 0, "terrain": "gold", "number": 5, "area": 1}
///     ],
///     "areas": [{"name": "home", "start": true}, {"name": "gold isle", "special_vp": 2}],
///     "pirate": {"q": 1, "r": 0}
/// }"#).unwrap();
/// let dealt = map.deal(None).unwrap();
/// assert!(dealt.board.open_sea);
/// assert_eq!(dealt.hex_area, vec![Some(0), None, Some(1)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeaMap {
    /// The map's name.
    #[serde(default)]
    pub name: String,
    /// Where it comes from and what was chosen, for people.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Where it comes from and how far it is trusted, for programs (each official map
    /// names its own; the dealt board carries it as its `source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<MapSource>,
    /// Points needed to win.
    pub victory_points: u8,
    /// Every hex inside the frame: land, gold fields and open sea. The frame itself is not
    /// listed.
    pub hexes: Vec<SeaHex>,
    /// Harbours.
    #[serde(default)]
    pub harbors: Vec<SeaHarbor>,
    /// Deal the harbours' kinds at random over their places.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub deal_harbors: bool,
    /// The land areas.
    #[serde(default)]
    pub areas: Vec<AreaSpec>,
    /// Dealing may put a 6 or 8 next to another (The Fog Islands' variable set-up allows
    /// it); by default it may not.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub red_may_touch: bool,
    /// Unexplored spaces and their face-down stacks (The Fog Islands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fog: Option<FogSpec>,
    /// Numbers a terrain may not get when the map is dealt (the printed map may differ).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub number_bans: Vec<NumberBan>,
    /// The robber's start: a land hex; absent, the first desert in reading order (wherever
    /// the deal put it), or off the board if there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber: Option<HexCoord>,
    /// The robber's start given by a number token instead: the land hex that carries this
    /// number, printed or wherever the deal put it (the first in reading order if several
    /// do). The Seafarers scenarios' variable set-ups put the robber "on the 12" (New
    /// Shores with 3 players, The Four Islands, The Fog Islands). Not with `robber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber_number: Option<u8>,
    /// The pirate's start: a sea hex, or absent for off the board (on the frame).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate: Option<HexCoord>,
}

/// What is wrong with a [`SeaMap`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MapError {
    /// The text is not a sea map.
    #[error("not a sea map: {message}")]
    Json {
        /// The parser's words.
        message: String,
    },
    /// The board itself is wrong (hexes, numbers, harbours, robber, pirate, size); as
    /// JSON `{"type": "board", "errors": [...]}`.
    #[error(transparent)]
    #[serde(serialize_with = "board_errors_field")]
    Board(BoardErrors),
    /// A land hex without an area while the map lists areas.
    #[error("land hex at {at} names no area (the map lists areas, so each land hex needs one)")]
    MissingArea {
        /// Where.
        at: HexCoord,
    },
    /// An area index past the list.
    #[error("hex at {at} names area {area}, but the map has {count} areas")]
    NoSuchArea {
        /// Where.
        at: HexCoord,
        /// The index given.
        area: u8,
        /// How many areas there are.
        count: usize,
    },
    /// An area or a pool on a sea hex.
    #[error("sea hex at {at} cannot belong to a land area or a terrain pool")]
    SeaInArea {
        /// Where.
        at: HexCoord,
    },
    /// An area no hex belongs to.
    #[error("area {area} ({name}) has no hex")]
    EmptyArea {
        /// Its index.
        area: u8,
        /// Its name.
        name: String,
    },
    /// Nowhere to start.
    #[error("no land area is marked as a start area")]
    NoStartArea,
    /// A victory target outside 3–30.
    #[error("victory target {points} is outside 3–30")]
    BadTarget {
        /// The target given.
        points: u8,
    },
    /// An unexplored space that is also listed as a hex, or twice.
    #[error("unexplored space at {at} is listed twice or is also a hex of the map")]
    FogSpaceTaken {
        /// Where.
        at: HexCoord,
    },
    /// Face-down stacks that do not fit the spaces.
    #[error("the fog stacks must hold one hex per unexplored space ({spaces}, not {hexes}) and one number per producing hex among them ({producing}, not {numbers}); numbers are 2–6 and 8–12")]
    FogStacks {
        /// Unexplored spaces.
        spaces: usize,
        /// Hexes in the stack.
        hexes: usize,
        /// Producing hexes in the stack.
        producing: usize,
        /// Numbers in the stack.
        numbers: usize,
    },
    /// `robber_number` names a number no land hex carries, or is given with `robber`.
    #[error("the robber starts on the hex with number {number}, but {}", if *.twice { "`robber` names a hex as well" } else { "no land hex carries that number" })]
    RobberNumber {
        /// The number given.
        number: u8,
        /// `robber` was given as well.
        twice: bool,
    },
    /// A pool whose numbers cannot follow its terrains (a producing hex without a number
    /// or the other way round is reported by the board; this is the pool as a whole).
    #[error("pool {pool} mixes sea into its land")]
    BadPool {
        /// The pool.
        pool: u8,
    },
}

/// A list of errors as `{"errors": [...]}`: an internally tagged variant cannot hold a
/// bare list.
pub(crate) fn errors_field<S: serde::Serializer, T: Serialize>(
    errors: &[T],
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(1))?;
    m.serialize_entry("errors", errors)?;
    m.end()
}

fn board_errors_field<S: serde::Serializer>(e: &BoardErrors, s: S) -> Result<S::Ok, S::Error> {
    errors_field(&e.0, s)
}

/// Every problem found in a [`SeaMap`], reported at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("invalid sea map: {}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "))]
pub struct MapErrors(pub Vec<MapError>);

/// A sea map dealt for one game: the board and the land area of each of its hexes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealtMap {
    /// The board (open sea).
    pub board: BoardSpec,
    /// The land area of each hex, in hex-id order (reading order); `None` on sea.
    pub hex_area: Vec<Option<u8>>,
    /// The areas (computed islands when the map gives none).
    pub areas: Vec<AreaSpec>,
    /// The unexplored spaces, in hex-id order; the board lists each as a `sea` hex (for its
    /// nodes and edges) until the game reveals it.
    pub fog_spaces: Vec<HexCoord>,
    /// The face-down hex stack, top first (shuffled when dealt, as listed when printed).
    pub fog_terrains: Vec<Terrain>,
    /// The face-down number stack, top first.
    pub fog_numbers: Vec<u8>,
    /// Points needed to win.
    pub victory_points: u8,
}

/// Most deals tried for one with no 6 or 8 next to another and no banned number on its
/// terrain before the last deal is kept (only a map whose rules cannot all be met can need
/// them all).
const DEAL_TRIES: u32 = 1000;

impl SeaMap {
    /// Reads a sea map from JSON and checks it.
    ///
    /// # Errors
    /// [`MapErrors`]: a JSON error, or every problem [`SeaMap::validate`] finds.
    pub fn from_json(json: &str) -> Result<SeaMap, MapErrors> {
        let map: SeaMap = serde_json::from_str(json).map_err(|e| {
            MapErrors(vec![MapError::Json {
                message: e.to_string(),
            }])
        })?;
        map.validate()?;
        Ok(map)
    }

    /// Checks the map as printed (the same checks hold for every deal: dealing moves
    /// terrains, numbers and harbour kinds among places of the same sort).
    ///
    /// # Errors
    /// [`MapErrors`] listing every problem.
    pub fn validate(&self) -> Result<(), MapErrors> {
        self.deal(None).map(|_| ())
    }

    /// The board as printed (`rng` `None`), or dealt: each pool's terrains shuffled among
    /// its hexes, then its number tokens among those of them that produce, dealt again
    /// until no 6 or 8 touches another (as the base game's variable set-up asks) and no
    /// terrain has a number its `number_bans` forbid (at most a thousand deals, then the
    /// last is kept), and the harbour kinds shuffled over their places when `deal_harbors`
    /// is set.
    ///
    /// # Errors
    /// [`MapErrors`] listing every problem of the map.
    pub fn deal(&self, rng: Option<&mut Rng>) -> Result<DealtMap, MapErrors> {
        self.deal_and_build(rng).map(|(dealt, _)| dealt)
    }

    /// [`SeaMap::deal`], with the board built from the deal (building it is one of the
    /// checks, and a game needs it).
    pub(crate) fn deal_and_build(
        &self,
        rng: Option<&mut Rng>,
    ) -> Result<(DealtMap, Board), MapErrors> {
        let mut errs = Vec::new();
        if !(3..=30).contains(&self.victory_points) {
            errs.push(MapError::BadTarget {
                points: self.victory_points,
            });
        }
        let mut hexes: Vec<SeaHex> = self.hexes.clone();
        hexes.sort_by_key(|h| (h.r, h.q));
        let areas = self.check_areas(&hexes, &mut errs);
        for h in &hexes {
            if let (false, Some(pool)) = (h.terrain.is_land(), h.pool) {
                errs.push(MapError::BadPool { pool });
            }
        }
        let mut harbor_kinds: Vec<Harbor> = self.harbors.iter().map(|h| h.kind).collect();
        let fog = self.fog.clone().unwrap_or_default();
        self.check_fog(&fog, &hexes, &mut errs);
        let (mut fog_terrains, mut fog_numbers) = (fog.terrains.clone(), fog.numbers.clone());
        if let Some(rng) = rng {
            let printed = hexes.clone();
            let mut dealer = Dealer::new(&printed);
            let dealer = &mut dealer;
            let mut well = false;
            for _ in 0..DEAL_TRIES {
                hexes.copy_from_slice(&printed);
                dealer.deal(&mut hexes, None, rng);
                well = self.dealt_well(dealer, &hexes);
                if well {
                    break;
                }
            }
            // Bans that plain shuffles rarely meet (The Six Islands: nine numbers that 14 of
            // 32 hexes may not take): numbers are then dealt to hexes that may take them.
            for _ in 0..DEAL_TRIES * u32::from(!well && !self.number_bans.is_empty()) {
                hexes.copy_from_slice(&printed);
                dealer.deal(&mut hexes, Some(&self.number_bans), rng);
                if self.dealt_well(dealer, &hexes) {
                    break;
                }
            }
            if self.deal_harbors {
                rng.shuffle(&mut harbor_kinds);
            }
            rng.shuffle(&mut fog_terrains);
            rng.shuffle(&mut fog_numbers);
        }
        // Unexplored spaces are on the board as sea (their nodes and edges exist) until the
        // game reveals them.
        let mut fog_spaces = fog.spaces.clone();
        fog_spaces.sort_by_key(|c| (c.r, c.q));
        let robber = self.robber_start(&hexes, &mut errs);
        let hexes_sorted = hexes.clone();
        let mut all: Vec<SeaHex> = hexes.clone();
        all.extend(fog_spaces.iter().map(|c| SeaHex {
            q: c.q,
            r: c.r,
            terrain: Terrain::Sea,
            number: None,
            area: None,
            pool: None,
        }));
        all.sort_by_key(|h| (h.r, h.q));
        // Read only for a map that passed its checks: its hexes (sorted) are each at a
        // place of their own, and no unexplored space is at one of them.
        let hex_area = |areas: &[Option<u8>]| -> Vec<Option<u8>> {
            all.iter()
                .map(|h| {
                    let i = hexes
                        .binary_search_by_key(&(h.r, h.q), |x| (x.r, x.q))
                        .ok()?;
                    areas.get(i).copied().flatten()
                })
                .collect()
        };
        let hexes = &all;
        let given_areas = !self.areas.is_empty() || self.hexes.iter().any(|h| h.area.is_some());
        let area_of = &areas.0;
        let sorted = &hexes_sorted;
        let hexes_in_area = |a: usize| -> Vec<HexCoord> {
            sorted
                .iter()
                .zip(area_of)
                .filter(|(h, &ar)| ar == Some(a as u8) && h.terrain.is_land())
                .map(|(h, _)| HexCoord::new(h.q, h.r))
                .collect()
        };
        let board = BoardSpec {
            hexes: hexes
                .iter()
                .map(|h| HexSpec {
                    q: h.q,
                    r: h.r,
                    terrain: h.terrain,
                    number: h.number,
                })
                .collect(),
            harbors: self
                .harbors
                .iter()
                .zip(&harbor_kinds)
                .map(|(h, &kind)| HarborSpec {
                    q: h.q,
                    r: h.r,
                    side: h.side,
                    kind,
                })
                .collect(),
            robber,
            open_sea: true,
            pirate: self.pirate,
            // Computed islands (no areas given) restrict nothing and pay nothing: left out.
            areas: if given_areas {
                self.areas
                    .iter()
                    .enumerate()
                    .map(|(a, spec)| BoardArea {
                        name: spec.name.clone(),
                        start: spec.start,
                        special_vp: spec.special_vp,
                        hexes: hexes_in_area(a),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            fog: fog_spaces.clone(),
            source: self.source.clone(),
        };
        let built = Board::new(board.clone());
        if let Err(e) = &built {
            errs.push(MapError::Board(e.clone()));
        }
        let (Ok(built), true) = (built, errs.is_empty()) else {
            return Err(MapErrors(errs));
        };
        let (area_of, areas) = areas;
        let dealt = DealtMap {
            board,
            hex_area: hex_area(&area_of),
            areas,
            victory_points: self.victory_points,
            fog_spaces,
            fog_terrains,
            fog_numbers,
        };
        Ok((dealt, built))
    }

    /// The robber's start on the dealt (or printed) `hexes`: `robber_number`'s hex when
    /// given, else `robber` (the board puts it on the first desert when that is absent).
    fn robber_start(&self, hexes: &[SeaHex], errs: &mut Vec<MapError>) -> Option<HexCoord> {
        let Some(number) = self.robber_number else {
            return self.robber;
        };
        let on = hexes
            .iter()
            .find(|h| h.terrain.is_land() && h.number == Some(number))
            .map(|h| HexCoord::new(h.q, h.r));
        if on.is_none() || self.robber.is_some() {
            errs.push(MapError::RobberNumber {
                number,
                twice: self.robber.is_some(),
            });
        }
        on
    }

    /// Unexplored spaces apart from the hexes, and stacks that fill them.
    fn check_fog(&self, fog: &FogSpec, hexes: &[SeaHex], errs: &mut Vec<MapError>) {
        if !fog.spaces.is_empty() {
            let mut seen: std::collections::BTreeSet<HexCoord> =
                hexes.iter().map(|h| HexCoord::new(h.q, h.r)).collect();
            for &at in &fog.spaces {
                if !seen.insert(at) {
                    errs.push(MapError::FogSpaceTaken { at });
                }
            }
        }
        let producing = fog
            .terrains
            .iter()
            .filter(|t| t.resource().is_some() || **t == Terrain::Gold)
            .count();
        let numbers_ok = fog.numbers.iter().all(|&n| (2..=12).contains(&n) && n != 7);
        if fog.terrains.len() != fog.spaces.len() || fog.numbers.len() != producing || !numbers_ok {
            errs.push(MapError::FogStacks {
                spaces: fog.spaces.len(),
                hexes: fog.terrains.len(),
                producing,
                numbers: fog.numbers.len(),
            });
        }
    }

    /// No 6 or 8 next to another (unless the map allows it), and no number on a terrain
    /// that bans it.
    fn dealt_well(&self, dealer: &mut Dealer, hexes: &[SeaHex]) -> bool {
        dealt_well(self.red_may_touch, &self.number_bans, dealer, hexes)
    }

    /// Each land hex's area (given, or the computed islands), checked.
    #[allow(clippy::type_complexity)]
    fn check_areas(
        &self,
        hexes: &[SeaHex],
        errs: &mut Vec<MapError>,
    ) -> (Vec<Option<u8>>, Vec<AreaSpec>) {
        let given = !self.areas.is_empty() || hexes.iter().any(|h| h.area.is_some());
        if !given {
            return islands(hexes);
        }
        let mut used = vec![false; self.areas.len()];
        let mut hex_area = Vec::with_capacity(hexes.len());
        for h in hexes {
            let at = HexCoord::new(h.q, h.r);
            match (h.terrain.is_land(), h.area) {
                (false, Some(_)) => errs.push(MapError::SeaInArea { at }),
                (true, None) => errs.push(MapError::MissingArea { at }),
                (true, Some(a)) if a as usize >= self.areas.len() => {
                    errs.push(MapError::NoSuchArea {
                        at,
                        area: a,
                        count: self.areas.len(),
                    })
                }
                (true, Some(a)) => used[a as usize] = true,
                (false, None) => {}
            }
            hex_area.push(h.area.filter(|_| h.terrain.is_land()));
        }
        for (i, a) in self.areas.iter().enumerate() {
            if !used[i] {
                errs.push(MapError::EmptyArea {
                    area: i as u8,
                    name: a.name.clone(),
                });
            }
        }
        if !self.areas.iter().any(|a| a.start) {
            errs.push(MapError::NoStartArea);
        }
        (hex_area, self.areas.clone())
    }
}

/// [`SeaMap::dealt_well`] of a map's rules: `red_may_touch` and `bans`.
fn dealt_well(
    red_may_touch: bool,
    bans: &[NumberBan],
    dealer: &mut Dealer,
    hexes: &[SeaHex],
) -> bool {
    (red_may_touch || !dealer.red_neighbours(hexes))
        && (bans.is_empty()
            || hexes.iter().all(|h| {
                bans.iter().all(|b| {
                    b.terrain != h.terrain || !h.number.is_some_and(|n| b.numbers.contains(&n))
                })
            }))
}

/// Every island (land hexes joined side to side) as its own start area, in reading order
/// of the islands' first hexes.
fn islands(hexes: &[SeaHex]) -> (Vec<Option<u8>>, Vec<AreaSpec>) {
    let index: BTreeMap<HexCoord, usize> = hexes
        .iter()
        .enumerate()
        .map(|(i, h)| (HexCoord::new(h.q, h.r), i))
        .collect();
    let mut area: Vec<Option<u8>> = vec![None; hexes.len()];
    let mut areas = Vec::new();
    for start in 0..hexes.len() {
        if !hexes[start].terrain.is_land() || area[start].is_some() {
            continue;
        }
        let id = areas.len().min(u8::MAX as usize) as u8;
        areas.push(AreaSpec {
            name: format!("island {}", areas.len() + 1),
            start: true,
            special_vp: 0,
        });
        let mut stack = vec![start];
        area[start] = Some(id);
        while let Some(i) = stack.pop() {
            let c = HexCoord::new(hexes[i].q, hexes[i].r);
            for s in Side::ALL {
                let (Some(q), Some(r)) = (
                    c.q.checked_add(HexCoord::new(0, 0).neighbor(s).q),
                    c.r.checked_add(HexCoord::new(0, 0).neighbor(s).r),
                ) else {
                    continue;
                };
                if let Some(&j) = index.get(&HexCoord::new(q, r)) {
                    if hexes[j].terrain.is_land() && area[j].is_none() {
                        area[j] = Some(id);
                        stack.push(j);
                    }
                }
            }
        }
    }
    (area, areas)
}

/// What the deals of one map share, worked out once for all the tries of a deal: each
/// pool's hexes, and room for a pool's terrains and numbers and for the red numbers.
#[derive(Clone, Debug)]
struct Dealer {
    /// The land hexes of every pool, pool after pool in pool order.
    members: Vec<usize>,
    /// Where each pool's hexes end in `members`.
    ends: Vec<usize>,
    /// The printed terrains of `members`, and their printed numbers with where each
    /// pool's end: every deal starts from them.
    printed_terrains: Vec<Terrain>,
    printed_numbers: Vec<u8>,
    number_ends: Vec<usize>,
    /// The hexes with a 6 or 8 of a deal.
    reds: Vec<HexCoord>,
    terrains: Vec<Terrain>,
    numbers: Vec<u8>,
}

impl Dealer {
    /// The dealer of a map whose hexes (in dealing order) are `hexes`.
    fn new(hexes: &[SeaHex]) -> Dealer {
        let pools: std::collections::BTreeSet<u8> = hexes.iter().filter_map(|h| h.pool).collect();
        let mut members = Vec::new();
        let mut ends = Vec::new();
        for &p in &pools {
            members.extend(
                (0..hexes.len())
                    .filter(|&i| hexes[i].pool == Some(p) && hexes[i].terrain.is_land()),
            );
            ends.push(members.len());
        }
        let printed_terrains = members.iter().map(|&i| hexes[i].terrain).collect();
        let mut printed_numbers = Vec::new();
        let mut number_ends = Vec::with_capacity(ends.len());
        let mut start = 0;
        for &end in &ends {
            printed_numbers.extend(members[start..end].iter().filter_map(|&i| hexes[i].number));
            number_ends.push(printed_numbers.len());
            start = end;
        }
        Dealer {
            members,
            ends,
            printed_terrains,
            printed_numbers,
            number_ends,
            reds: Vec::new(),
            terrains: Vec::new(),
            numbers: Vec::new(),
        }
    }

    /// Shuffles each pool's terrains among its hexes, then its numbers among its producing
    /// hexes: at random, or with `bans` each number (the most restricted first) to a random
    /// hex whose terrain does not ban it, while there is one. `hexes` are the map's as
    /// printed (as given to [`Dealer::new`]).
    fn deal(&mut self, hexes: &mut [SeaHex], bans: Option<&[NumberBan]>, rng: &mut Rng) {
        let producing = |h: &SeaHex| h.terrain.resource().is_some() || h.terrain == Terrain::Gold;
        let (mut start, mut number_start) = (0, 0);
        for (&end, &number_end) in self.ends.iter().zip(&self.number_ends) {
            let members = &self.members[start..end];
            let terrains = &mut self.terrains;
            let numbers = &mut self.numbers;
            terrains.clear();
            terrains.extend_from_slice(&self.printed_terrains[start..end]);
            numbers.clear();
            numbers.extend_from_slice(&self.printed_numbers[number_start..number_end]);
            start = end;
            number_start = number_end;
            rng.shuffle(terrains);
            rng.shuffle(numbers);
            if let Some(bans) = bans {
                for (&i, &t) in members.iter().zip(terrains.iter()) {
                    hexes[i].terrain = t;
                    hexes[i].number = None;
                }
                let mut free: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&i| producing(&hexes[i]))
                    .collect();
                let terrain: Vec<Terrain> = hexes.iter().map(|h| h.terrain).collect();
                let takes = |i: usize, n: u8| {
                    !bans
                        .iter()
                        .any(|b| b.terrain == terrain[i] && b.numbers.contains(&n))
                };
                // A stable sort of shuffled numbers: ties stay in random order.
                numbers.sort_by_key(|&n| free.iter().filter(|&&i| takes(i, n)).count());
                for &n in numbers.iter() {
                    // More numbers than producing hexes: the rest stay off (the board
                    // reports the mismatch), as in the plain deal.
                    if free.is_empty() {
                        break;
                    }
                    let ok: Vec<usize> = (0..free.len()).filter(|&k| takes(free[k], n)).collect();
                    let k = match ok.len() {
                        0 => rng.below(free.len() as u32) as usize,
                        len => ok[rng.below(len as u32) as usize],
                    };
                    let i = free.swap_remove(k);
                    hexes[i].number = Some(n);
                }
                continue;
            }
            let mut next = numbers.iter().copied();
            for (&i, &t) in members.iter().zip(terrains.iter()) {
                hexes[i].terrain = t;
                hexes[i].number = if producing(&hexes[i]) {
                    next.next()
                } else {
                    None
                };
            }
        }
    }

    /// Whether a 6 or 8 is next to another 6 or 8.
    fn red_neighbours(&mut self, hexes: &[SeaHex]) -> bool {
        // A map has few of them: each against the others, not every pair of neighbours.
        self.reds.clear();
        self.reds.extend(
            hexes
                .iter()
                .filter(|h| matches!(h.number, Some(6 | 8)))
                .map(|h| HexCoord::new(h.q, h.r)),
        );
        let reds = &self.reds;
        (0..reds.len()).any(|i| reds[i + 1..].iter().any(|&b| reds[i].distance(b) == 1))
    }
}

/// A set of hexes by place in a map's sorted hex list (at most [`super::MAX_HEXES`]).
type HexSet = [u64; 4];

/// What every deal of one map shares, worked out once from the map as printed (a
/// scenario's map keeps its frame for the process): the pools, each pool hex's neighbours,
/// the hexes the deal leaves alone, and the board as printed, which a deal copies and
/// changes only where it moved something. Dealing moves terrains among the land hexes of a
/// pool, numbers among its producing hexes and harbour kinds among harbours, so a deal of
/// a map valid as printed is valid too, and its board differs from the printed one only in
/// those hexes' terrains and numbers, the harbours' kinds, each number's hexes and the
/// robber's start: [`DealFrame::deal`] gives the board [`SeaMap::deal_and_build`] builds
/// from the same draws (the cross-check in `board/tests.rs`).
#[derive(Debug)]
pub(crate) struct DealFrame {
    /// The map's hexes in reading order, as printed (unexplored spaces not among them).
    printed: Vec<SeaHex>,
    /// The pools (of `printed`), and room for the ban-aware deal.
    dealer: Dealer,
    /// Each pool hex's (each of `dealer.members`) id on the board.
    member_ids: Vec<u8>,
    /// Each pool hex's neighbours among `printed`.
    member_adjacent: Vec<HexSet>,
    /// Each pool hex's bit in a [`HexSet`]: its word and the bit in it.
    member_bit: Vec<(u8, u64)>,
    /// The hexes outside every pool with a 6 or 8.
    fixed_reds: HexSet,
    /// The hexes outside every pool pass the checks of a deal by themselves: no two of their
    /// 6s and 8s touch (or the map lets them) and none has a number its terrain bans.
    fixed_well: bool,
    /// By terrain index, the numbers it may not get (bit `n`: number `n`).
    bans: [u32; Terrain::COUNT],
    /// The map's rules for its deal.
    red_may_touch: bool,
    number_bans: Vec<NumberBan>,
    deal_harbors: bool,
    robber_number: Option<u8>,
    robber_given: bool,
    /// The harbours' kinds as printed, and the two nodes of each harbour.
    harbor_kinds: Vec<Harbor>,
    harbor_nodes: Vec<[u8; 2]>,
    /// The face-down stacks as printed.
    fog_terrains: Vec<Terrain>,
    fog_numbers: Vec<u8>,
    /// The board as printed.
    board: Board,
}

/// A deal: the board, and the face-down stacks top first (shuffled when dealt, as printed
/// when not).
pub(crate) struct Deal {
    pub board: Board,
    pub fog_terrains: Vec<Terrain>,
    pub fog_numbers: Vec<u8>,
}

impl DealFrame {
    /// The frame of `map`.
    ///
    /// # Errors
    /// [`MapErrors`] when the map as printed is not valid (its deals may then differ from
    /// it in more than a valid map's do: [`SeaMap::deal_and_build`] deals it).
    pub(crate) fn new(map: &SeaMap) -> Result<DealFrame, MapErrors> {
        let (_, board) = map.deal_and_build(None)?;
        let mut printed = map.hexes.clone();
        printed.sort_by_key(|h| (h.r, h.q));
        let dealer = Dealer::new(&printed);
        let coord = |i: usize| HexCoord::new(printed[i].q, printed[i].r);
        let bit = |i: usize| (i / 64, 1u64 << (i % 64));
        let id = |c: HexCoord| board.hex_at(c).expect("a hex of the valid board").0;
        let member_ids = dealer.members.iter().map(|&i| id(coord(i))).collect();
        let member_adjacent = dealer
            .members
            .iter()
            .map(|&i| {
                let mut set = [0u64; 4];
                for j in (0..printed.len()).filter(|&j| coord(i).distance(coord(j)) == 1) {
                    let (w, b) = bit(j);
                    set[w] |= b;
                }
                set
            })
            .collect();
        let member_bit = dealer
            .members
            .iter()
            .map(|&i| (bit(i).0 as u8, bit(i).1))
            .collect();
        let mut bans = [0u32; Terrain::COUNT];
        for b in &map.number_bans {
            // A hex without a number is banned nothing; no valid hex has a number past 12.
            for &n in b.numbers.iter().filter(|&&n| (1..32).contains(&n)) {
                bans[b.terrain.index()] |= 1 << n;
            }
        }
        let fixed: Vec<usize> = (0..printed.len())
            .filter(|i| !dealer.members.contains(i))
            .collect();
        let mut fixed_reds = [0u64; 4];
        let mut fixed_well = true;
        for &i in &fixed {
            let h = &printed[i];
            let Some(n) = h.number else { continue };
            if n < 32 && bans[h.terrain.index()] >> n & 1 != 0 {
                fixed_well = false;
            }
            if matches!(n, 6 | 8) {
                let (w, b) = bit(i);
                fixed_reds[w] |= b;
                let touch = fixed.iter().any(|&j| {
                    matches!(printed[j].number, Some(6 | 8)) && coord(i).distance(coord(j)) == 1
                });
                fixed_well &= map.red_may_touch || !touch;
            }
        }
        let harbor_nodes = map
            .harbors
            .iter()
            .map(|h| {
                h.side.corners().map(|c| {
                    board
                        .node_at(HexCoord::new(h.q, h.r), c)
                        .expect("a harbour of the valid board is on land")
                        .0
                })
            })
            .collect();
        let fog = map.fog.clone().unwrap_or_default();
        Ok(DealFrame {
            dealer,
            member_ids,
            member_adjacent,
            member_bit,
            fixed_reds,
            fixed_well,
            bans,
            red_may_touch: map.red_may_touch,
            number_bans: map.number_bans.clone(),
            deal_harbors: map.deal_harbors,
            robber_number: map.robber_number,
            robber_given: map.robber.is_some(),
            harbor_kinds: map.harbors.iter().map(|h| h.kind).collect(),
            harbor_nodes,
            fog_terrains: fog.terrains,
            fog_numbers: fog.numbers,
            printed,
            board,
        })
    }

    /// The board as printed.
    pub(crate) fn printed_board(&self) -> &Board {
        &self.board
    }

    /// The board as printed (`rng` `None`), or dealt with the draws of [`SeaMap::deal`]:
    /// each pool's terrains shuffled, then its numbers, again until no 6 or 8 touches
    /// another (unless the map lets them) and no number is on a terrain that bans it (at
    /// most a thousand deals; then, for a map with bans, the numbers dealt to hexes that may
    /// take them, a thousand more), the harbour kinds shuffled when the map deals them, then
    /// the face-down stacks.
    pub(crate) fn deal(&self, rng: Option<&mut Rng>) -> Deal {
        let mut board = self.board.clone();
        let Some(rng) = rng else {
            return Deal {
                board,
                fog_terrains: self.fog_terrains.clone(),
                fog_numbers: self.fog_numbers.clone(),
            };
        };
        let d = &self.dealer;
        let mut terrains = d.printed_terrains.clone();
        let mut numbers = d.printed_numbers.clone();
        // The number each pool hex got (0: none).
        let mut got = vec![0u8; d.members.len()];
        let producing = |t: Terrain| t.resource().is_some() || t == Terrain::Gold;
        let (check_bans, check_reds) = (!self.number_bans.is_empty(), !self.red_may_touch);
        let mut well = false;
        for _ in 0..DEAL_TRIES {
            let (mut start, mut number_start) = (0, 0);
            let mut reds = self.fixed_reds;
            well = self.fixed_well;
            for (&end, &number_end) in d.ends.iter().zip(&d.number_ends) {
                let ts = &mut terrains[start..end];
                ts.copy_from_slice(&d.printed_terrains[start..end]);
                rng.shuffle(ts);
                let ns = &mut numbers[number_start..number_end];
                ns.copy_from_slice(&d.printed_numbers[number_start..number_end]);
                rng.shuffle(ns);
                let mut next = number_start;
                for k in start..end {
                    let t = terrains[k];
                    let n = if producing(t) && next < number_end {
                        next += 1;
                        numbers[next - 1]
                    } else {
                        0
                    };
                    got[k] = n;
                    if check_bans {
                        well &= self.bans[t.index()] >> (n & 31) & 1 == 0;
                    }
                    if (n == 6 || n == 8) && check_reds {
                        let adjacent = &self.member_adjacent[k];
                        let touch = (0..4).fold(0, |acc, w| acc | (adjacent[w] & reds[w]));
                        well &= touch == 0;
                        let (w, b) = self.member_bit[k];
                        reds[w as usize] |= b;
                    }
                }
                start = end;
                number_start = number_end;
            }
            if well {
                break;
            }
        }
        if !well && check_bans {
            self.deal_with_bans(&mut terrains, &mut got, rng);
        }
        for (k, &id) in self.member_ids.iter().enumerate() {
            let number = (got[k] != 0).then_some(got[k]);
            let spec = &mut board.spec.hexes[id as usize];
            spec.terrain = terrains[k];
            spec.number = number;
            let hex = &mut board.hexes[id as usize];
            hex.terrain = terrains[k];
            hex.number = number;
        }
        for hexes in &mut board.by_number {
            hexes.clear();
        }
        // Each number is on as many hexes as printed: the lists keep their room.
        for (i, h) in board.spec.hexes.iter().enumerate() {
            if let Some(n) = h.number {
                board.by_number[n as usize].push(super::HexId(i as u8));
            }
        }
        if let Some(number) = self.robber_number {
            let at = board
                .spec
                .hexes
                .iter()
                .position(|h| h.terrain.is_land() && h.number == Some(number))
                .expect("each number is on a land hex of every deal, as printed");
            let h = &board.spec.hexes[at];
            board.spec.robber = Some(HexCoord::new(h.q, h.r));
            board.robber_start = Some(super::HexId(at as u8));
        } else if !self.robber_given {
            board.robber_start = board
                .spec
                .hexes
                .iter()
                .position(|h| h.terrain == Terrain::Desert)
                .map(|i| super::HexId(i as u8));
        }
        if self.deal_harbors {
            let mut kinds = self.harbor_kinds.clone();
            rng.shuffle(&mut kinds);
            for ((spec, &kind), nodes) in board
                .spec
                .harbors
                .iter_mut()
                .zip(&kinds)
                .zip(&self.harbor_nodes)
            {
                spec.kind = kind;
                for &n in nodes {
                    board.nodes[n as usize].harbor = Some(kind);
                }
            }
        }
        let mut fog_terrains = self.fog_terrains.clone();
        let mut fog_numbers = self.fog_numbers.clone();
        rng.shuffle(&mut fog_terrains);
        rng.shuffle(&mut fog_numbers);
        Deal {
            board,
            fog_terrains,
            fog_numbers,
        }
    }

    /// The deals of [`SeaMap::deal_and_build`] that give each number to a hex whose
    /// terrain may take it, after the plain deals found no deal that meets the map's rules:
    /// the pool hexes' terrains and numbers (0: none) of the last.
    #[cold]
    fn deal_with_bans(&self, terrains: &mut [Terrain], got: &mut [u8], rng: &mut Rng) {
        let mut dealer = self.dealer.clone();
        let mut hexes = self.printed.clone();
        for _ in 0..DEAL_TRIES {
            hexes.copy_from_slice(&self.printed);
            dealer.deal(&mut hexes, Some(&self.number_bans), rng);
            if dealt_well(self.red_may_touch, &self.number_bans, &mut dealer, &hexes) {
                break;
            }
        }
        for (k, &i) in self.dealer.members.iter().enumerate() {
            terrains[k] = hexes[i].terrain;
            got[k] = hexes[i].number.unwrap_or(0);
        }
    }
}
