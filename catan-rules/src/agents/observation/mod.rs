//! Observations for learning agents: what one seat may know, as numbers.
//!
//! [`Game::observation`] writes a flat `f32` vector, [`Game::observation_planes`] the board
//! as image-like planes; both into the caller's slice, without allocating. Everything in
//! them is in the seat's [`Game::view`]: other seats' hands and development cards appear as
//! counts, the deck as its size, the generator not at all (a property test changes only
//! hidden information and checks the observation stays the same). Seats are *relative*:
//! slot 0 is the observer, slot `k` the seat `k` places after it in turn order; slots beyond
//! the table are zero (their "present" entry is 0).
//!
//! Sizes come from the board and [`MAX_PLAYERS`] (`P` = 6 slots), so the same code serves
//! the 5–6 player extension and larger or sea maps; an [`ObservationLayout`] gives the
//! length, the plane shape and each entry's bounds (`low` is 0 everywhere, `high` is
//! [`ObservationLayout::high`]) for a Gymnasium `Box` space. Values are raw counts and
//! flags (not scaled): scale them in the model if it wants.
//!
//! # Flat layout, version [`OBSERVATION_VERSION`]
//!
//! `H` hexes (all of the board's, sea included, in hex-id order), `N` nodes, `E` edges,
//! `T` = 8 terrains (hills, forest, pasture, fields, mountains, desert, sea, gold). Blocks in
//! this order:
//!
//! `S` is 1 on an open-sea (Seafarers) map ([`Board::open_sea`]) and 0 otherwise: the
//! Seafarers entries exist only where ships can sail, so the base game's vector keeps its
//! size.
//!
//! | block | entries | per item |
//! | --- | --- | --- |
//! | hexes | `H × (T + 13 + 2S)` | terrain one-hot (`T`: sea and gold fields included), number one-hot 2…12 (11), pips (0–5), robber here; open sea: the pirate here, unexplored space |
//! | nodes | `N × (2P + 7)` | settlement of slot `k` (`P`), city of slot `k` (`P`), harbour one-hot: generic, brick, lumber, wool, grain, ore (6), pips of the adjacent hexes (0–15) |
//! | edges | `E × (P + S·P)` | road of slot `k` (`P`); open sea: ship of slot `k` (`P`) |
//! | players | `P × 16` | present, to move (whose turn), must act now, public points, resource cards, development cards, knights played, road length, holds Longest Road, holds Largest Army, cards to discard, roads, settlements, cities built, harbours reached (count), victory points (observer: all, own VP cards included; others: public) |
//! | own | 26 | hand (5), playable development cards by kind: knight, road building, year of plenty, monopoly, victory point (5), bought this turn (5), best maritime rate per resource (5), total points, cards to discard, must act now, free roads left, has rolled, has played a card this turn |
//! | game | 30 | bank (5), deck size, phase one-hot: set-up settlement, set-up road, roll, discard, move robber, main, road building, game over, Special Build Phase (9), dice total one-hot 2…12 (11), turn, built this turn, Longest Road unclaimed, Largest Army unclaimed |
//! | trade | `11 + 6P` | an offer is open, give (5), get (5), from slot one-hot (`P`), to slot one-hot (`P`, all 0: to everyone), answer per slot: pending, accepted, rejected, countered (`4P`) |
//! | sea | `S × (P + 3)` | gold-field picks owed by slot `k` (`P`), a discovered space waiting for its hex from the referee, hexes left in the face-down stack, number tokens left |
//!
//! The board blocks come first and their size depends on the board; everything after them
//! ([`ObservationLayout::scalars`]) has a fixed size: [`SCALARS`], plus [`SEA_SCALARS`] on
//! an open-sea map.
//!
//! The pirate (Seafarers rules, 'The Pirate') is shown on the hex where it stands
//! ([`Game::pirate`]). Gold-field picks owed are not a phase of their own: the sea block
//! counts them per slot, and the mask shows them (only `gold` ids are legal for a seat that
//! owes picks). An unexplored space (The Fog Islands) has the sea terrain, as the board
//! lists it, and its "unexplored" flag; a discovered one has its hex and number. Which
//! spaces are unexplored and how many hexes the stacks hold is public ([`Game::view`]);
//! what lies in the stacks is not, and is nowhere in the observation.
//!
//! Version history: 1, the first layout; 2, ships told apart from roads and the pirate's
//! hex on open-sea maps (the vectors of other maps are unchanged); 3, on open-sea maps
//! unexplored spaces (hexes and planes) and the sea block (picks owed, a waiting discovery,
//! the stacks' counts).
//!
//! # Board planes
//!
//! [`Game::observation_planes`] writes `C × rows × cols` values (channel-major): every hex
//! centre, node and edge midpoint of the board gets one cell of a grid whose rows and
//! columns are the distinct heights and widths of those points on the board's lattice, so
//! neighbours on the board are neighbours on the grid. Channels:
//!
//! | channels | meaning |
//! | --- | --- |
//! | 3 | the cell is a hex / a node / an edge |
//! | `T` | terrain (hex cells) |
//! | 2 | pips, robber (hex cells) |
//! | `P` + `P` | settlement / city of slot `k` (node cells) |
//! | 6 | harbour kind (node cells) |
//! | `P` | road of slot `k` (edge cells) |
//! | `2S` + `S·P` | open sea only: the pirate, unexplored (hex cells), ship of slot `k` (edge cells) |
//!
//! The non-board part of the flat vector (the `scalars` range) goes with the planes.

use crate::board::{Board, HexId};
use crate::game::{answer, Game, Phase, CITY, F_BUILT, F_DEV_PLAYED, F_ROLLED, SHIP, SHIPS};
use crate::render::pips;
use crate::types::{DevCard, Harbor, Player, Resource, Terrain, MAX_PLAYERS};
use std::ops::Range;

/// Version of the encoding below; bumped on any change of layout or meaning.
pub const OBSERVATION_VERSION: u32 = 3;

const P: usize = MAX_PLAYERS;
const T: usize = Terrain::COUNT;
const HEX_F: usize = T + 13;
const NODE_F: usize = 2 * P + 7;
const EDGE_F: usize = P;
/// Entries added per hex on an open-sea map (the pirate here, unexplored).
const SEA_HEX_F: usize = 2;
/// Entries added per edge on an open-sea map (ship of slot `k`).
const SEA_EDGE_F: usize = P;
const PLAYER_F: usize = 16;
const OWN_F: usize = 26;
const GAME_F: usize = 30;
const TRADE_F: usize = 11 + 6 * P;
/// Length of the non-board part of the flat vector (players, own, game, trade) on a map
/// without open sea; an open-sea map adds [`SEA_SCALARS`] after them.
pub const SCALARS: usize = P * PLAYER_F + OWN_F + GAME_F + TRADE_F;
/// Values an open-sea map adds at the end of the flat vector: gold-field picks owed per
/// slot (`P`), a discovery waiting for its hex, hexes and number tokens left in the Fog
/// Islands' face-down stacks.
pub const SEA_SCALARS: usize = P + 3;
/// Channels of the board planes (on an open-sea map [`SEA_PLANE_CHANNELS`] more follow).
pub const PLANE_CHANNELS: usize = 3 + T + 2 + 2 * P + 6 + P;
/// Channels the board planes add on an open-sea map: the pirate, unexplored, ship of slot
/// `k`.
pub const SEA_PLANE_CHANNELS: usize = 2 + P;

/// Why an observation could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObservationError {
    /// The seat is not at the table.
    #[error("seat {seat} is not at the table ({players} players)")]
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
        /// Players in the game.
        players: u8,
    },
    /// The output slice is too short.
    #[error("the output needs {needed} values, got {got}")]
    OutputTooShort {
        /// Values needed.
        needed: usize,
        /// Values given.
        got: usize,
    },
    /// The layout was made for another board or player count.
    #[error("the layout was made for another board or player count")]
    LayoutMismatch,
}

/// Sizes, grid and bounds of the observations of games on one board with one rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct ObservationLayout {
    hexes: usize,
    nodes: usize,
    edges: usize,
    players: u8,
    /// An open-sea map: the Seafarers entries are present.
    sea: bool,
    high: Vec<f32>,
    rows: usize,
    cols: usize,
    hex_cells: Vec<u32>,
    node_cells: Vec<u32>,
    edge_cells: Vec<u32>,
}

/// Where the encoder writes: values, or their upper bounds.
trait Out {
    fn put(&mut self, v: f32, high: f32);
    fn flag(&mut self, b: bool) {
        self.put(if b { 1.0 } else { 0.0 }, 1.0);
    }
    fn one_hot(&mut self, n: usize, at: Option<usize>) {
        for i in 0..n {
            self.flag(at == Some(i));
        }
    }
}

struct Values<'a> {
    out: &'a mut [f32],
    at: usize,
}
impl Out for Values<'_> {
    #[inline]
    fn put(&mut self, v: f32, _high: f32) {
        self.out[self.at] = v;
        self.at += 1;
    }
}

struct Highs(Vec<f32>);
impl Out for Highs {
    fn put(&mut self, _v: f32, high: f32) {
        self.0.push(high);
    }
}

impl ObservationLayout {
    /// The layout for games like `game` (same board and player count).
    pub fn new(game: &Game) -> ObservationLayout {
        let board = &**game.board();
        let mut highs = Highs(Vec::new());
        encode(game, Player(0), &mut highs);
        // The grid: doubled lattice positions of hex centres, nodes and edge midpoints.
        let hex_pos: Vec<(i32, i32)> = board
            .hexes()
            .iter()
            .map(|h| {
                let (x, y) = h.coord.center();
                (2 * x as i32, 2 * y as i32)
            })
            .collect();
        let node_pos: Vec<(i32, i32)> = board
            .nodes()
            .iter()
            .map(|n| (2 * n.pos.0 as i32, 2 * n.pos.1 as i32))
            .collect();
        let edge_pos: Vec<(i32, i32)> = board
            .edges()
            .iter()
            .map(|e| (e.mid2.0 as i32, e.mid2.1 as i32))
            .collect();
        let all = || hex_pos.iter().chain(&node_pos).chain(&edge_pos);
        let mut xs: Vec<i32> = all().map(|p| p.0).collect();
        let mut ys: Vec<i32> = all().map(|p| p.1).collect();
        xs.sort_unstable();
        xs.dedup();
        ys.sort_unstable();
        ys.dedup();
        let (rows, cols) = (ys.len(), xs.len());
        let sea = board.open_sea();
        let board_len = board.hexes().len() * (HEX_F + usize::from(sea) * SEA_HEX_F)
            + board.nodes().len() * NODE_F
            + board.edges().len() * (EDGE_F + usize::from(sea) * SEA_EDGE_F);
        assert_eq!(
            highs.0.len(),
            board_len + SCALARS + usize::from(sea) * SEA_SCALARS,
            "layout as documented"
        );
        let cell = |p: &(i32, i32)| {
            let r = ys.binary_search(&p.1).expect("listed");
            let c = xs.binary_search(&p.0).expect("listed");
            (r * cols + c) as u32
        };
        ObservationLayout {
            hexes: board.hexes().len(),
            nodes: board.nodes().len(),
            edges: board.edges().len(),
            players: game.players(),
            sea,
            high: highs.0,
            rows,
            cols,
            hex_cells: hex_pos.iter().map(cell).collect(),
            node_cells: node_pos.iter().map(cell).collect(),
            edge_cells: edge_pos.iter().map(cell).collect(),
        }
    }

    /// Length of the flat vector.
    pub fn len(&self) -> usize {
        self.high.len()
    }

    /// Whether the flat vector is empty (never: the fixed blocks always exist).
    pub fn is_empty(&self) -> bool {
        self.high.is_empty()
    }

    /// Upper bound of each entry of the flat vector (every lower bound is 0).
    pub fn high(&self) -> &[f32] {
        &self.high
    }

    /// The range of the flat vector after the board blocks (players, own, game, trade, and
    /// on an open-sea map the sea values).
    pub fn scalars(&self) -> Range<usize> {
        let sea = usize::from(self.sea);
        let start = self.hexes * (HEX_F + sea * SEA_HEX_F)
            + self.nodes * NODE_F
            + self.edges * (EDGE_F + sea * SEA_EDGE_F);
        start..self.len()
    }

    /// Shape of the board planes: `(channels, rows, cols)`.
    pub fn planes_shape(&self) -> (usize, usize, usize) {
        (self.channels(), self.rows, self.cols)
    }

    /// Number of values in the board planes.
    pub fn planes_len(&self) -> usize {
        self.channels() * self.rows * self.cols
    }

    /// Whether the layout is for an open-sea map (with the Seafarers entries).
    pub fn open_sea(&self) -> bool {
        self.sea
    }

    fn channels(&self) -> usize {
        PLANE_CHANNELS + usize::from(self.sea) * SEA_PLANE_CHANNELS
    }

    fn fits(&self, game: &Game) -> bool {
        let b = &**game.board();
        b.hexes().len() == self.hexes
            && b.nodes().len() == self.nodes
            && b.edges().len() == self.edges
            && game.players() == self.players
            && b.open_sea() == self.sea
    }
}

impl Game {
    /// Writes what `seat` may know as the flat vector of [`crate::observation`] into
    /// `out[..layout.len()]`.
    ///
    /// # Errors
    /// [`ObservationError`] if the seat is not at the table, `out` is too short or the
    /// layout is for another board; `out` is then untouched.
    ///
    /// ```
    /// use catan_rules::observation::ObservationLayout;
    /// use catan_rules::{Game, Player, Rules};
    ///
    /// let game = Game::new(Rules::default(), 1).unwrap();
    /// let layout = ObservationLayout::new(&game);
    /// let mut obs = vec![0.0f32; layout.len()];
    /// game.observation(Player(2), &layout, &mut obs).unwrap();
    /// assert!(obs.iter().zip(layout.high()).all(|(v, h)| *v >= 0.0 && v <= h));
    /// ```
    pub fn observation(
        &self,
        seat: Player,
        layout: &ObservationLayout,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        self.check_observation(seat, layout, out.len(), layout.len())?;
        let mut w = Values { out, at: 0 };
        encode(self, seat, &mut w);
        debug_assert_eq!(w.at, layout.len());
        Ok(())
    }

    /// Writes the board planes of [`crate::observation`] for `seat` into
    /// `out[..layout.planes_len()]`, channel-major (`[c][row][col]`).
    ///
    /// # Errors
    /// As [`Game::observation`].
    pub fn observation_planes(
        &self,
        seat: Player,
        layout: &ObservationLayout,
        out: &mut [f32],
    ) -> Result<(), ObservationError> {
        self.check_observation(seat, layout, out.len(), layout.planes_len())?;
        let out = &mut out[..layout.planes_len()];
        out.fill(0.0);
        let area = layout.rows * layout.cols;
        let n = self.players();
        let mut set = |ch: usize, cell: u32, v: f32| out[ch * area + cell as usize] = v;
        let board = &**self.board();
        for (i, h) in board.hexes().iter().enumerate() {
            let c = layout.hex_cells[i];
            set(0, c, 1.0);
            set(3 + h.terrain.index(), c, 1.0);
            set(3 + T, c, h.number.map_or(0, pips) as f32);
            set(3 + T + 1, c, f32::from(self.robber as usize == i));
        }
        let base = 3 + T + 2;
        for (i, node) in board.nodes().iter().enumerate() {
            let c = layout.node_cells[i];
            set(1, c, 1.0);
            let v = self.nodes.get(i);
            if v != 0 {
                let rel = relative(((v & !CITY) - 1) as usize, seat.index(), n as usize);
                let ch = if v & CITY != 0 {
                    base + P + rel
                } else {
                    base + rel
                };
                set(ch, c, 1.0);
            }
            if let Some(hb) = node.harbor {
                set(base + 2 * P + hb.index(), c, 1.0);
            }
        }
        let base = base + 2 * P + 6;
        let sea = base + P;
        if layout.sea {
            if let Some(h) = pirate(self) {
                set(sea, layout.hex_cells[h], 1.0);
            }
            for h in self.unexplored() {
                set(sea + 1, layout.hex_cells[h.index()], 1.0);
            }
        }
        for i in 0..board.edges().len() {
            let c = layout.edge_cells[i];
            set(2, c, 1.0);
            let v = self.edges.get(i);
            if v != 0 {
                let rel = relative((v & !SHIP) as usize - 1, seat.index(), n as usize);
                // A ship only on an open-sea map, where ships can be.
                let ch = if v & SHIP != 0 && layout.sea {
                    sea + 2 + rel
                } else {
                    base + rel
                };
                set(ch, c, 1.0);
            }
        }
        Ok(())
    }

    fn check_observation(
        &self,
        seat: Player,
        layout: &ObservationLayout,
        got: usize,
        needed: usize,
    ) -> Result<(), ObservationError> {
        if seat.0 >= self.players() {
            return Err(ObservationError::NoSuchSeat {
                seat: seat.0,
                players: self.players(),
            });
        }
        if !layout.fits(self) {
            return Err(ObservationError::LayoutMismatch);
        }
        if got < needed {
            return Err(ObservationError::OutputTooShort { needed, got });
        }
        Ok(())
    }
}

/// The pirate's hex on an open-sea map (`None`: on the frame, where it robs nobody).
fn pirate(g: &Game) -> Option<usize> {
    g.pirate().map(|h| h.0 as usize)
}

/// Slot of seat `q` for observer `me` at a table of `n`.
#[inline]
fn relative(q: usize, me: usize, n: usize) -> usize {
    (q + n - me) % n
}

fn encode<W: Out>(g: &Game, seat: Player, w: &mut W) {
    let board: &Board = g.board();
    let n = g.players() as usize;
    let me = seat.index();
    let seat_of = |slot: usize| (me + slot) % n;
    let bank_max = g.rules.bank_per_resource() as f32;
    let all_cards = 5.0 * bank_max;
    let (max_roads, max_settlements, max_cities) = g.rules.pieces();
    let max_points = 2.0 * max_cities as f32 + max_settlements as f32 + 4.0 + 5.0;
    let deck_max = g.rules.dev_deck().iter().map(|&k| k as f32).sum::<f32>();

    let sea = board.open_sea();
    // On an open-sea map the road length is the trade route: roads and ships together.
    let max_route = max_roads as f32 + if sea { SHIPS as f32 } else { 0.0 };
    let pirate = pirate(g);
    let fog = !board.fog_hexes().is_empty();
    // Hexes.
    for (i, h) in board.hexes().iter().enumerate() {
        w.one_hot(T, Some(h.terrain.index()));
        w.one_hot(11, h.number.map(|k| (k as usize).saturating_sub(2)));
        w.put(h.number.map_or(0, pips) as f32, 5.0);
        w.flag(g.robber as usize == i);
        if sea {
            w.flag(pirate == Some(i));
            w.flag(fog && g.is_unexplored(HexId(i as u8)));
        }
    }
    // Nodes.
    for (i, node) in board.nodes().iter().enumerate() {
        let v = g.nodes.get(i);
        let (owner, city) = if v == 0 {
            (None, false)
        } else {
            (
                Some(relative(((v & !CITY) - 1) as usize, me, n)),
                v & CITY != 0,
            )
        };
        w.one_hot(P, owner.filter(|_| !city));
        w.one_hot(P, owner.filter(|_| city));
        w.one_hot(6, node.harbor.map(Harbor::index));
        let p: u8 = node
            .hexes()
            .map(|h| board.hex(h).number.map_or(0, pips))
            .sum();
        w.put(p as f32, 15.0);
    }
    // Edges: roads, then (open sea) ships.
    for e in 0..board.edges().len() {
        let v = g.edges.get(e);
        let owner = (v != 0).then(|| relative((v & !SHIP) as usize - 1, me, n));
        let ship = v & SHIP != 0;
        // Without open sea no ship can be on the board; were one there, it would count as
        // its owner's piece on the edge.
        w.one_hot(P, owner.filter(|_| !ship || !sea));
        if sea {
            w.one_hot(P, owner.filter(|_| ship));
        }
    }
    // Players (absent slots: zeros, same bounds).
    let to_act = g.to_act();
    for slot in 0..P {
        let q = (slot < n).then(|| seat_of(slot));
        let s = q.map(|q| g.seats[q]).unwrap_or_default();
        let qp = Player(q.unwrap_or(0) as u8);
        let f = |v: u32| if q.is_some() { v as f32 } else { 0.0 };
        w.flag(q.is_some());
        w.flag(q.is_some_and(|q| g.current as usize == q));
        w.flag(q.is_some() && to_act.contains(qp));
        w.put(f(g.public_points(qp) as u32), max_points);
        w.put(f(s.hand.total()), all_cards);
        w.put(f(s.dev.total() + s.new_dev.total()), deck_max);
        w.put(f(s.knights as u32), deck_max);
        w.put(f(q.map_or(0, |_| g.longest_road_of(qp)) as u32), max_route);
        w.flag(q.is_some_and(|q| g.longest_road as usize == q));
        w.flag(q.is_some_and(|q| g.largest_army as usize == q));
        w.put(f(q.map_or(0, |q| g.discard[q] as u32)), all_cards);
        w.put(f(s.roads as u32), max_roads as f32);
        w.put(f(s.settlements as u32), max_settlements as f32);
        w.put(f(s.cities as u32), max_cities as f32);
        w.put(f(s.harbors.count_ones()), 6.0);
        let points = if q == Some(me) {
            g.points(qp)
        } else {
            g.public_points(qp)
        };
        w.put(f(points as u32), max_points + deck_max);
    }
    // Own.
    let s = &g.seats[me];
    for r in Resource::ALL {
        w.put(s.hand[r] as f32, bank_max);
    }
    for c in DevCard::ALL {
        w.put(s.dev[c] as f32, deck_max);
    }
    for c in DevCard::ALL {
        w.put(s.new_dev[c] as f32, deck_max);
    }
    for r in Resource::ALL {
        w.put(g.best_rate(seat, r) as f32, 4.0);
    }
    w.put(g.points(seat) as f32, max_points + deck_max);
    w.put(g.discard[me] as f32, all_cards);
    w.flag(to_act.contains(seat));
    let own_turn = g.current as usize == me;
    w.put(if own_turn { g.road_building_left } else { 0 } as f32, 2.0);
    w.flag(own_turn && g.flags & F_ROLLED != 0);
    w.flag(own_turn && g.flags & F_DEV_PLAYED != 0);
    // Game.
    for r in Resource::ALL {
        w.put(g.bank[r] as f32, bank_max);
    }
    w.put(g.deck.total() as f32, deck_max);
    let phase = match g.phase {
        Phase::SetupSettlement => 0,
        Phase::SetupRoad => 1,
        Phase::Roll => 2,
        Phase::Discard => 3,
        Phase::MoveRobber => 4,
        Phase::Main => 5,
        Phase::RoadBuilding => 6,
        Phase::GameOver => 7,
        Phase::SpecialBuild => 8,
    };
    w.one_hot(9, Some(phase));
    let dice = g.dice();
    w.one_hot(11, dice.map(|[a, b]| (a + b) as usize - 2));
    w.put(g.turn as f32, u16::MAX as f32);
    w.flag(g.flags & F_BUILT != 0);
    w.flag(g.longest_road == crate::game::NONE);
    w.flag(g.largest_army == crate::game::NONE);
    // Trade.
    let offer = g.offer.as_ref();
    w.flag(offer.is_some());
    for r in Resource::ALL {
        w.put(offer.map_or(0, |o| o.give[r]) as f32, bank_max);
    }
    for r in Resource::ALL {
        w.put(offer.map_or(0, |o| o.get[r]) as f32, bank_max);
    }
    w.one_hot(P, offer.map(|o| relative(o.from as usize, me, n)));
    w.one_hot(
        P,
        offer
            .and_then(|o| o.to)
            .map(|t| relative(t as usize, me, n)),
    );
    for slot in 0..P {
        let a = offer
            .filter(|_| slot < n)
            .map_or(answer::NOT_ASKED, |o| o.answers[seat_of(slot)]);
        w.flag(a == answer::PENDING);
        w.flag(a == answer::ACCEPTED);
        w.flag(a == answer::REJECTED);
        w.flag(a == answer::COUNTERED);
    }
    // Open sea: gold-field picks owed (public: the table sees who chooses), a discovery
    // waiting for the referee's hex, the face-down stacks' counts.
    if sea {
        let owed = g.gold_owed();
        // A settlement takes 1 pick per gold field, a city 2; a node touches at most 3 hexes.
        let most = 3.0 * (max_settlements as f32 + 2.0 * max_cities as f32);
        for slot in 0..P {
            let v = if slot < n { owed[seat_of(slot)] } else { 0 };
            w.put(v as f32, most);
        }
        w.flag(g.reveal_pending().is_some());
        let fog = board.fog_hexes().len() as f32;
        let (hexes, numbers) = g.fog_stacks_left();
        w.put(hexes as f32, fog);
        w.put(numbers as f32, fog);
    }
}

impl super::FlatLayout for ObservationLayout {
    fn len(&self) -> usize {
        ObservationLayout::len(self)
    }

    fn high(&self) -> &[f32] {
        ObservationLayout::high(self)
    }
}

/// The [`crate::observation`] encoding, with the board.
impl super::FlatObservation for Game {
    type Layout = ObservationLayout;

    fn observation_layout(&self) -> ObservationLayout {
        ObservationLayout::new(self)
    }

    fn write_observation(&self, seat: Player, layout: &ObservationLayout, out: &mut [f32]) {
        self.observation(seat, layout, out)
            .expect("the layout is this game's, `out` its length and `seat` at the table");
    }
}

#[cfg(test)]
pub(crate) mod tests;
