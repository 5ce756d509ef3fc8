//! [`Game`]: a validated game state with atomic [`Game::apply`], complete legal-action
//! enumeration and per-seat views.
//!
//! The rules live in one file per family, each holding the family's checks, effects,
//! legal-action enumeration and action ids side by side:
//!
//! | module | rules |
//! | --- | --- |
//! | `setup` | set-up placements in snake order, starting resources, the beginner board |
//! | `production` | the roll, resource production, the supply shortage |
//! | `robber` | a 7: discards, moving the robber, stealing |
//! | `build` | roads, settlements, cities, pieces and costs |
//! | `ships` | Seafarers ships: building, the set-up ship, moving one a turn |
//! | `pirate` | Seafarers: the pirate (moved instead of the robber), its steal, ships it blocks |
//! | `sea` | Seafarers: the sea-map state (ships built this turn, each seat's ships and their ends), kept where ships are built and moved |
//! | `gold` | Seafarers: gold fields, each owner's choice of resources (several at once) |
//! | `devcards` | buying and playing development cards |
//! | `trade` | maritime trade and the domestic trade protocol |
//! | `awards` | points, Longest Road, Largest Army, victory |
//! | `turn` | phases, decisions, ending a turn |
//! | `special_build` | the Special Build Phase after every turn (5–6 players) |
//! | `scenario` | Seafarers scenarios: sea maps in play, start areas, special victory points |
//! | `fog` | The Fog Islands: discovering unexplored spaces |
//! | `legal` | where enumeration writes, and its order |
//!
//! This file holds the state, its accessors, and the dispatch: [`Game::check`] and the
//! private `execute` each match on the action and call the family's function. See
//! `docs/architecture.md` for the whole picture.

mod awards;
mod build;
mod devcards;
pub(crate) mod fog;
mod gold;
pub(crate) mod legal;
pub(crate) mod memo;
mod pirate;
mod production;
pub(crate) mod robber;
mod scenario;
pub(crate) mod sea;
mod setup;
mod ships;
mod special_build;
mod trade;
mod turn;

pub use build::{CITY_COST, ROAD_COST, SETTLEMENT_COST};
pub use devcards::DEV_CARD_COST;
pub use memo::ListingMemo;
pub(crate) use ships::{FreshShips, SHIP};
pub use ships::{SHIPS, SHIP_COST};
pub(crate) use special_build::check_special_build_position;
pub(crate) use trade::{answer, Offer};
pub use turn::{Decision, Phase};

use crate::action::Action;
use crate::bits::{EdgeNibbles, NodeNibbles};
use crate::board::{Board, EdgeId, HexId, NodeId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::layouts::{self, MapKind};
use crate::rng::Rng;
use crate::rules::{Rules, RulesError};
use crate::types::{ByDevCard, DevCard, Player, Resources, MAX_PLAYERS};
use serde::Serialize;
use std::sync::Arc;

pub(crate) const NONE: u8 = u8::MAX;
pub(crate) const CITY: u8 = 8;

/// One seat's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Seat {
    pub hand: Resources,
    pub dev: ByDevCard<u8>,
    pub new_dev: ByDevCard<u8>,
    pub knights: u8,
    pub roads: u8,
    pub ships: u8,
    pub settlements: u8,
    pub cities: u8,
    pub road_len: u8,
    pub harbors: u8,
    pub harbors_at_start: u8,
}

pub(crate) const F_ROLLED: u8 = 1;
pub(crate) const F_DEV_PLAYED: u8 = 2;
pub(crate) const F_BUILT: u8 = 4;
/// A ship has been moved this turn (Seafarers).
pub(crate) const F_SHIP_MOVED: u8 = 8;

/// A game in progress: always valid, changed only by [`Game::apply`] (all or nothing).
///
/// Cloning copies a fixed-size state and bumps the board's reference count; an open-sea
/// (Seafarers) game also copies its boxed sea state, which takes one allocation.
/// [`Clone::clone_from`] into a game on the same board (tree search's scratch copy) copies
/// the state alone, without touching the reference count, and reuses the target's box:
/// it never allocates when both games are on open-sea boards, or both on base boards.
///
/// ```
/// use catan_rules::{Game, Rules};
/// let mut game = Game::new(Rules::default(), 7).unwrap();
/// let mut legal = Vec::new();
/// // Play the set-up phase by always taking the first legal placement.
/// while game.turn() == 0 {
///     game.legal_actions(&mut legal);
///     game.apply(legal[0]).unwrap();
/// }
/// assert_eq!(game.pieces_on_board(catan_rules::Player(0)), (2, 2, 0));
/// assert_eq!(game.phase(), catan_rules::Phase::Roll);
/// ```
#[derive(Debug)]
pub struct Game {
    pub(crate) board: Arc<Board>,
    pub(crate) rules: Rules,
    pub(crate) rng: Rng,
    pub(crate) phase: Phase,
    pub(crate) current: u8,
    pub(crate) turn: u32,
    pub(crate) flags: u8,
    pub(crate) dice: [u8; 2],
    pub(crate) robber: u8,
    pub(crate) setup_step: u8,
    pub(crate) setup_node: u8,
    pub(crate) road_building_left: u8,
    /// During a Special Build Phase: the player whose turn it follows (`NONE` otherwise).
    pub(crate) special_after: u8,
    pub(crate) winner: u8,
    pub(crate) longest_road: u8,
    pub(crate) largest_army: u8,
    pub(crate) bank: Resources,
    pub(crate) deck: ByDevCard<u8>,
    pub(crate) discard: [u8; MAX_PLAYERS],
    pub(crate) offer: Option<Offer>,
    pub(crate) seats: [Seat; MAX_PLAYERS],
    /// Node owners: 0 empty, `p + 1` a settlement of `p`, `p + 1 | CITY` a city.
    pub(crate) nodes: NodeNibbles,
    /// Edge owners: 0 empty, `p + 1` a road of `p`, `p + 1 | SHIP` a ship of `p`.
    pub(crate) edges: EdgeNibbles,
    // Seafarers: the pirate and gold fields.
    /// The pirate's sea hex (`NONE`: off the board, on the frame).
    pub(crate) pirate: u8,
    /// Gold-field picks each seat still owes (all 0 but while gold is being chosen).
    pub(crate) gold: [u8; MAX_PLAYERS],
    /// Seafarers scenarios: the land areas each seat has settled (bit per area), home
    /// areas included.
    pub(crate) settled: [u16; MAX_PLAYERS],
    /// Seafarers scenarios: special victory points each seat has earned.
    pub(crate) special_vp: [u8; MAX_PLAYERS],
    /// The Fog Islands: discovered spaces and the face-down stacks.
    pub(crate) fog: fog::Fog,
    /// Open-sea boards only (Seafarers): the ships built this turn, which may not move, and
    /// each seat's ships and their ends, kept as ships are built and moved (`sea`). Boxed,
    /// so the base game's state and clone do not grow.
    pub(crate) sea: Option<Box<sea::SeaState>>,
}

impl Clone for Game {
    #[inline]
    fn clone(&self) -> Game {
        Game {
            board: Arc::clone(&self.board),
            sea: self.sea.clone(),
            ..*self
        }
    }

    /// Copies `src` into `self`; the board's reference count is touched only when the two
    /// games are on different boards.
    #[inline]
    fn clone_from(&mut self, src: &Game) {
        // Listed in full so that a new field cannot be forgotten here.
        let Game {
            board,
            rules,
            rng,
            phase,
            current,
            turn,
            flags,
            dice,
            robber,
            setup_step,
            setup_node,
            road_building_left,
            special_after,
            winner,
            longest_road,
            largest_army,
            bank,
            deck,
            discard,
            offer,
            seats,
            nodes,
            edges,
            pirate,
            gold,
            settled,
            special_vp,
            fog,
            sea,
        } = src;
        if !Arc::ptr_eq(&self.board, board) {
            self.board = Arc::clone(board);
        }
        self.rules = *rules;
        self.rng = *rng;
        self.phase = *phase;
        self.current = *current;
        self.turn = *turn;
        self.flags = *flags;
        self.dice = *dice;
        self.robber = *robber;
        self.setup_step = *setup_step;
        self.setup_node = *setup_node;
        self.road_building_left = *road_building_left;
        self.special_after = *special_after;
        self.winner = *winner;
        self.longest_road = *longest_road;
        self.largest_army = *largest_army;
        self.bank = *bank;
        self.deck = *deck;
        self.discard = *discard;
        self.offer = *offer;
        self.seats = *seats;
        self.nodes = *nodes;
        self.edges = *edges;
        self.pirate = *pirate;
        self.gold = *gold;
        self.settled = *settled;
        self.special_vp = *special_vp;
        self.fog = *fog;
        // Into a game that has one, the box is reused: no allocation.
        self.sea.clone_from(sea);
    }
}

impl Game {
    /// The seats with every road length exact (a route kept between bounds measured): what
    /// two equal games agree on, whatever way they came.
    fn seats_settled(&self) -> [Seat; MAX_PLAYERS] {
        let mut seats = self.seats;
        for (p, s) in seats.iter_mut().enumerate() {
            s.road_len = crate::roads::settled_length(self, p as u8);
        }
        seats
    }
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        (Arc::ptr_eq(&self.board, &o.board) || *self.board == *o.board)
            && self.rules == o.rules
            && self.rng == o.rng
            && self.phase == o.phase
            && self.current == o.current
            && self.turn == o.turn
            && self.flags == o.flags
            && self.dice == o.dice
            && self.robber == o.robber
            && self.setup_step == o.setup_step
            && self.setup_node == o.setup_node
            && self.road_building_left == o.road_building_left
            && self.special_after == o.special_after
            && self.winner == o.winner
            && self.longest_road == o.longest_road
            && self.largest_army == o.largest_army
            && self.bank == o.bank
            && self.deck == o.deck
            && self.discard == o.discard
            && self.offer == o.offer
            && self.seats_settled() == o.seats_settled()
            && self.nodes == o.nodes
            && self.edges == o.edges
            && self.fresh_ships() == o.fresh_ships()
            && self.pirate == o.pirate
            && self.gold == o.gold
            && self.settled == o.settled
            && self.special_vp == o.special_vp
            && self.fog == o.fog
        // The rest of `sea` is a function of the board and the edge owners, compared above.
    }
}
impl Eq for Game {}

/// Why a new game could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NewGameError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The map is invalid; as JSON `{"type": "board", "errors": [...]}`.
    #[error(transparent)]
    #[serde(serialize_with = "board_errors_field")]
    Board(#[from] crate::board::BoardErrors),
    /// The sea map is invalid ([`Game::with_sea_map`]); as JSON `{"type": "map", "errors":
    /// [...]}`.
    #[error(transparent)]
    #[serde(serialize_with = "map_errors_field")]
    Map(#[from] crate::board::MapErrors),
    /// The map is too small for this many players: some order of set-up placements
    /// leaves no place a settlement may go before every player has placed two (Catan
    /// base rules, 5th ed., 'Set-up Phase' and 'The Distance Rule').
    #[error(
        "set-up cannot always finish on this map: {blocked_after} settlements can leave no \
         place under the distance rule, and {players} players place {needed}"
    )]
    SetupCannotFinish {
        /// Seats in the game.
        players: u8,
        /// Settlements the set-up phase places (two per seat).
        needed: u8,
        /// How few settlements can leave no legal place.
        blocked_after: u8,
    },
}

fn board_errors_field<S: serde::Serializer>(
    e: &crate::board::BoardErrors,
    s: S,
) -> Result<S::Ok, S::Error> {
    crate::board::errors_field(&e.0, s)
}

fn map_errors_field<S: serde::Serializer>(
    e: &crate::board::MapErrors,
    s: S,
) -> Result<S::Ok, S::Error> {
    crate::board::errors_field(&e.0, s)
}

impl NewGameError {
    /// [`NewGameError::SetupCannotFinish`] when `players` cannot always finish the set-up
    /// phase on `board`.
    pub(crate) fn check_setup_room(board: &Board, players: u8) -> Result<(), NewGameError> {
        let needed = 2 * players;
        match setup::setup_blockable(board, needed as usize) {
            None => Ok(()),
            Some(blocked_after) => Err(NewGameError::SetupCannotFinish {
                players,
                needed,
                blocked_after: blocked_after as u8,
            }),
        }
    }
}

#[inline]
fn opt(p: u8) -> Option<Player> {
    (p != NONE).then_some(Player(p))
}

impl Game {
    // ------------------------------------------------------------------ construction

    /// A new game on the map named by `rules.map`, with all chance drawn from `seed`; with
    /// a `rules.scenario`, on that scenario's map for the player count (`map` `beginner`:
    /// as printed; otherwise its variable set-up), to `rules.vp_target`.
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, NewGameError> {
        rules.validate()?;
        let mut rng = Rng::new(seed);
        if let Some(scenario) = rules.scenario {
            return Game::on_scenario_map(rules, scenario, rng);
        }
        let spec = layouts::for_rules(&rules, &mut rng);
        let board = Arc::new(Board::new(spec)?);
        NewGameError::check_setup_room(&board, rules.players)?;
        let mut g = Game::blank(rules, board, rng);
        // The 5–6 player beginners' map has no printed starting pieces.
        if rules.map == MapKind::Beginner && !rules.island.is_five_six(rules.players) {
            g.place_beginner_pieces(&mut ());
        }
        Ok(g)
    }

    /// A new game on a given board, starting with the set-up phase.
    ///
    /// # Errors
    /// [`NewGameError::Rules`] if the rules cannot be played;
    /// [`NewGameError::SetupCannotFinish`] if the board is too small for the players'
    /// set-up settlements; [`NewGameError::Board`] for a board with unexplored spaces (The
    /// Fog Islands), whose face-down stacks only a sea map deals: play those with
    /// [`Game::with_sea_map`]. Other open-sea (Seafarers) boards are played with their land
    /// areas (start areas and special points) and the target of `rules`.
    pub fn with_board(rules: Rules, board: Arc<Board>, seed: u64) -> Result<Game, NewGameError> {
        if board.open_sea() {
            // A sea board may carry special points: targets as for a sea map of one's own.
            rules.validate_up_to(Rules::MAX_SEA_MAP_VP_TARGET)?;
        } else {
            rules.validate()?;
        }
        if !board.fog_hexes().is_empty() {
            return Err(
                crate::board::BoardErrors(vec![crate::board::BoardError::FogNeedsSeaMap]).into(),
            );
        }
        NewGameError::check_setup_room(&board, rules.players)?;
        Ok(Game::blank(rules, board, Rng::new(seed)))
    }

    pub(crate) fn blank(rules: Rules, board: Arc<Board>, rng: Rng) -> Game {
        let robber = board.robber_start().map_or(NONE, |h| h.0);
        let board_pirate = board.pirate_start().map_or(NONE, |h| h.0);
        let sea = Game::new_sea(&board);
        Game {
            board,
            rules,
            rng,
            phase: Phase::SetupSettlement,
            current: 0,
            turn: 0,
            flags: 0,
            dice: [0, 0],
            robber,
            setup_step: 0,
            setup_node: NONE,
            road_building_left: 0,
            special_after: NONE,
            winner: NONE,
            longest_road: NONE,
            largest_army: NONE,
            bank: Resources::splat(rules.bank_per_resource()),
            deck: ByDevCard(rules.dev_deck()),
            discard: [0; MAX_PLAYERS],
            offer: None,
            seats: [Seat::default(); MAX_PLAYERS],
            nodes: NodeNibbles::ZERO,
            edges: EdgeNibbles::ZERO,
            pirate: board_pirate,
            gold: [0; MAX_PLAYERS],
            settled: [0; MAX_PLAYERS],
            special_vp: [0; MAX_PLAYERS],
            fog: fog::Fog::EMPTY,
            sea,
        }
    }

    /// The rules of this game.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board (shared by clones).
    #[inline]
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.rules.players
    }
    /// Whether `other` is on the very same board (one is a copy of the other, however
    /// distant) with as many players, so that one
    /// [`ActionSpace`](crate::action_space::ActionSpace) serves both: a cached space
    /// survives [`Clone::clone_from`] exactly when this holds.
    ///
    /// ```
    /// use catan_rules::{Game, Rules};
    /// let game = Game::new(Rules::default(), 1).unwrap();
    /// assert!(game.shares_action_space(&game.clone()));
    /// assert!(!game.shares_action_space(&Game::new(Rules::default(), 1).unwrap()));
    /// ```
    #[inline]
    pub fn shares_action_space(&self, other: &Game) -> bool {
        Arc::ptr_eq(&self.board, &other.board) && self.rules.players == other.rules.players
    }
    /// The current phase.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whose turn it is; in a Special Build Phase, the player building (see
    /// [`Game::special_build_after`]).
    #[inline]
    pub fn current_player(&self) -> Player {
        Player(self.current)
    }
    /// The largest turn number. The counter stops there rather than wrapping: a game
    /// played past it goes on as turn `MAX_TURN`, and its positions still load. At one
    /// action a microsecond a two-player game needs over two hours of nothing but rolls
    /// and ends of turn to reach it; a server should end games far earlier by its own
    /// limit (the simulator stops at [`crate::sim::MAX_TURNS`]).
    pub const MAX_TURN: u32 = u32::MAX;

    /// Turn number: 0 during set-up, then 1, 2, ... up to [`Game::MAX_TURN`].
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The winner, once the game is over.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        opt(self.winner)
    }
    /// The last dice rolled this turn, if any.
    pub fn dice(&self) -> Option<[u8; 2]> {
        (self.dice[0] != 0).then_some(self.dice)
    }
    /// Where the robber stands (`None`: off the board).
    pub fn robber(&self) -> Option<HexId> {
        (self.robber != NONE).then_some(HexId(self.robber))
    }
    /// Where the pirate stands (Seafarers; `None`: off the board, on the frame, or a map
    /// without open sea).
    pub fn pirate(&self) -> Option<HexId> {
        (self.pirate != NONE).then_some(HexId(self.pirate))
    }
    /// Gold-field picks each seat still owes (Seafarers; all 0 unless gold is being
    /// chosen).
    pub fn gold_owed(&self) -> [u8; MAX_PLAYERS] {
        self.gold
    }
    /// Cards left in the bank.
    pub fn bank(&self) -> Resources {
        self.bank
    }
    /// Development cards left in the deck, by kind (hidden from players: see
    /// [`Game::view`]).
    pub fn deck(&self) -> ByDevCard<u8> {
        self.deck
    }
    /// A player's hand.
    pub fn hand(&self, p: Player) -> Resources {
        self.seats[p.index()].hand
    }
    /// A player's development cards: (playable, bought this turn).
    pub fn development_cards(&self, p: Player) -> (ByDevCard<u8>, ByDevCard<u8>) {
        let s = &self.seats[p.index()];
        (s.dev, s.new_dev)
    }
    /// Knights a player has played.
    pub fn knights_played(&self, p: Player) -> u8 {
        self.seats[p.index()].knights
    }
    /// A player's longest road (trail) length.
    pub fn road_length(&self, p: u8) -> u8 {
        crate::roads::longest_road(self, p)
    }
    /// A player's road length, kept up to date incrementally (on open-sea boards possibly
    /// as bounds, measured here between them when the award has not needed it).
    pub fn longest_road_of(&self, p: Player) -> u8 {
        crate::roads::settled_length(self, p.0)
    }
    /// Who holds Longest Road.
    pub fn longest_road_holder(&self) -> Option<Player> {
        opt(self.longest_road)
    }
    /// Who holds Largest Army.
    pub fn largest_army_holder(&self) -> Option<Player> {
        opt(self.largest_army)
    }
    /// Pieces a player has on the board: (roads, settlements, cities).
    pub fn pieces_on_board(&self, p: Player) -> (u8, u8, u8) {
        let s = &self.seats[p.index()];
        (s.roads, s.settlements, s.cities)
    }
    /// Pieces left in a player's supply: (roads, settlements, cities, ships). Ships are
    /// 15 on an open-sea (Seafarers) map (Seafarers rules, 'Ships') and 0 elsewhere.
    pub fn pieces_left(&self, p: Player) -> (u8, u8, u8, u8) {
        let s = &self.seats[p.index()];
        let (roads, settlements, cities) = self.rules.pieces();
        let ships = if self.board.open_sea() { SHIPS } else { 0 };
        (
            roads.saturating_sub(s.roads),
            settlements.saturating_sub(s.settlements),
            cities.saturating_sub(s.cities),
            ships.saturating_sub(s.ships),
        )
    }
    /// The owner of a node's building and whether it is a city.
    #[inline]
    pub fn building(&self, n: NodeId) -> Option<(Player, bool)> {
        let v = self.nodes.get(n.index());
        (v != 0).then(|| (Player((v & 7) - 1), v & CITY != 0))
    }
    /// The owner of an edge's road.
    #[inline]
    pub fn road(&self, e: EdgeId) -> Option<Player> {
        let v = self.edges.get(e.index());
        (v != 0 && v & SHIP == 0).then(|| Player(v - 1))
    }
    /// The owner of an edge's ship (Seafarers).
    #[inline]
    pub fn ship(&self, e: EdgeId) -> Option<Player> {
        let v = self.edges.get(e.index());
        (v & SHIP != 0).then(|| Player((v & 7) - 1))
    }
    /// Ships a player has on the board (Seafarers).
    pub fn ships_on_board(&self, p: Player) -> u8 {
        self.seats[p.index()].ships
    }
    /// Whether a ship has been moved this turn (Seafarers).
    pub fn ship_moved(&self) -> bool {
        self.flags & F_SHIP_MOVED != 0
    }
    /// Whether the ship on an edge was built this turn (and so may not move).
    pub fn ship_built_this_turn(&self, e: EdgeId) -> bool {
        e.index() < self.board.edges().len() && self.fresh_ships().contains(e.index())
    }
    /// Whether a development card has been played this turn.
    pub fn development_card_played(&self) -> bool {
        self.flags & F_DEV_PLAYED != 0
    }
    /// Whether the dice have been rolled this turn.
    pub fn rolled(&self) -> bool {
        self.flags & F_ROLLED != 0
    }
    /// Cards each player still has to discard.
    pub fn discards_owed(&self) -> [u8; MAX_PLAYERS] {
        self.discard
    }
    /// The seeded generator's state.
    pub fn rng(&self) -> Rng {
        self.rng
    }

    // ------------------------------------------------------------------ apply

    /// Applies an action: all of it, or — on error — nothing (the state is left
    /// bit-identical). Returns the events it caused.
    ///
    /// # Errors
    /// The [`RuleError`] naming the rule the action breaks.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        self.apply_with(action, &mut ev)?;
        Ok(ev)
    }

    /// Like [`Game::apply`], writing events into a sink (a reusable `Vec<Event>`, or `()` to
    /// drop them: the allocation-free path for simulations).
    ///
    /// # Errors
    /// As [`Game::apply`]; nothing is written to the sink on error.
    #[inline]
    pub fn apply_with<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        self.check(&action)?;
        self.execute(action, sink);
        self.debug_assert_no_undeclared_win();
        Ok(())
    }

    /// [`Game::apply_with`] of an action read where it lies (in a list just written, a field
    /// at a time: see [`ApplyInto::apply_into`](crate::sim::ApplyInto::apply_into)); `false`
    /// when it is refused, and then nothing changed.
    #[inline(always)]
    pub(crate) fn apply_in_place<S: EventSink>(&mut self, action: &Action, sink: &mut S) -> bool {
        if self.check(action).is_err() {
            return false;
        }
        self.execute(*action, sink);
        self.debug_assert_no_undeclared_win();
        true
    }

    /// Applies an action already known to be legal in this exact state (one just listed by
    /// [`Game::legal_actions`], or accepted by [`Game::is_legal`]) without checking it again:
    /// the fast path for playouts. Debug builds still check and panic on an illegal action;
    /// release builds do not, and an illegal action then leaves the game in an unspecified
    /// (memory-safe) state. Use [`Game::apply_with`] for anything that comes from outside.
    #[inline]
    pub fn apply_legal<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        debug_assert_eq!(self.check(&action), Ok(()), "apply_legal: {action:?}");
        self.execute(action, sink);
        self.debug_assert_no_undeclared_win();
    }

    /// Debug builds: after every action, outside set-up, a Special Build Phase and the end,
    /// the current player holds fewer points than the target (a win is declared as it is
    /// reached). What lets `execute` leave out the winning check after actions that cannot
    /// raise those points.
    #[inline(always)]
    fn debug_assert_no_undeclared_win(&self) {
        debug_assert!(
            matches!(
                self.phase,
                Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver | Phase::SpecialBuild
            ) || self.points(Player(self.current)) < self.rules.vp_target,
            "a win was not declared: {:?} holds {} points",
            Player(self.current),
            self.points(Player(self.current))
        );
    }

    /// Whether `action` is legal now: exactly when [`Game::apply`] would succeed.
    #[inline]
    pub fn is_legal(&self, action: &Action) -> bool {
        self.check(action).is_ok()
    }

    /// Checks an action without applying it.
    ///
    /// # Errors
    /// As [`Game::apply`].
    #[inline]
    pub fn check(&self, action: &Action) -> Result<(), RuleError> {
        // A seat outside the game is named as such in every state, the end included.
        let player = action.player();
        if player.0 >= self.rules.players {
            return Err(RuleError::NoSuchPlayer { player });
        }
        if self.phase == Phase::GameOver {
            return Err(RuleError::GameOver);
        }
        // The Fog Islands, external chance: a discovery waits for its hex.
        if self.fog.pending != 0 {
            return match *action {
                Action::RevealHex {
                    player,
                    hex,
                    terrain,
                    number,
                } => self.check_reveal(player, hex, terrain, number),
                _ => Err(RuleError::RevealPending {
                    hex: self.reveal_pending().map_or(HexId(0), |(h, _)| h),
                }),
            };
        }
        let p = player.0;
        // Who may act: everyone owing a discard, those answering an open offer, everyone
        // owing a gold-field choice, or else the current player alone.
        match self.phase {
            Phase::Discard => return self.check_discard_phase(action),
            _ if self.offer.is_some() => return self.check_trade_answer(action),
            _ if self.gold_pending() => return self.check_gold_phase(action),
            _ if p != self.current => return Err(RuleError::NotYourTurn { player }),
            _ => {}
        }
        match *action {
            Action::Roll { dice, .. } => self.check_roll(action, dice),
            Action::BuildSettlement { node, .. } => self.check_settlement(action, p, node),
            Action::BuildRoad { edge, .. } => self.check_road(action, p, edge),
            Action::BuildShip { edge, .. } => self.check_ship(action, p, edge),
            Action::MoveShip { from, to, .. } => self.check_move_ship(action, p, from, to),
            Action::BuildCity { node, .. } => self.check_city(action, p, node),
            Action::BuyDevelopmentCard { card, .. } => self.check_buy_card(action, p, card),
            Action::Discard { .. } => Err(self.wrong_phase(action)),
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            } => self.check_move_robber(action, p, hex, victim, resource),
            Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            } => self.check_knight(action, p, hex, victim, resource),
            Action::PlayRoadBuilding { .. } => self.check_card(p, DevCard::RoadBuilding, action),
            Action::FinishRoadBuilding { .. } => self.check_finish_road_building(action),
            Action::PlayMonopoly { .. } => self.check_card(p, DevCard::Monopoly, action),
            Action::PlayYearOfPlenty { resources, .. } => {
                self.check_year_of_plenty(action, p, resources)
            }
            Action::MaritimeTrade {
                give, get, rate, ..
            } => self.check_maritime(action, player, give, get, rate),
            Action::OfferTrade { to, give, get, .. } => {
                self.check_offer(action, player, to, give, get)
            }
            Action::CounterOffer { .. }
            | Action::AcceptTrade { .. }
            | Action::RejectTrade { .. }
            | Action::ConfirmTrade { .. }
            | Action::CancelTrade { .. } => Err(RuleError::NoOpenOffer),
            Action::EndTurn { .. } => self.check_end_turn(action),
            Action::MovePirate {
                hex,
                victim,
                resource,
                ..
            } => self.check_move_pirate(action, p, hex, victim, resource),
            Action::PlayKnightPirate {
                hex,
                victim,
                resource,
                ..
            } => self.check_knight_pirate(action, p, hex, victim, resource),
            Action::ChooseGold { .. } => Err(self.wrong_phase(action)),
            Action::RevealHex { hex, .. } => Err(RuleError::NothingToReveal { hex }),
        }
    }

    /// Carries out a checked action: the family's effect, then the winning check (set-up,
    /// and actions that end in a new turn, which checks on its own, return early).
    ///
    /// Actions that cannot raise the current player's points return early too: a roll and
    /// its production, a discard, the robber's move and steal, a maritime trade, the
    /// domestic trade protocol, and the Year of Plenty, Monopoly and Road Building plays
    /// (which move cards or change the phase only). Before any action the current player
    /// holds fewer points than the target outside set-up, a Special Build Phase and the
    /// end: every action that can raise them checks here, a new turn checks as it starts
    /// (docs/rulings.md §4), and a position that breaks this is refused when it is read
    /// (`PositionError::UndeclaredWin`). So the check after those actions never wins
    /// and is left out (debug builds assert after every action that no win is left
    /// undeclared).
    fn execute<S: EventSink>(&mut self, action: Action, sink: &mut S) {
        let p = action.player().0;
        match action {
            Action::Roll { dice, .. } => return self.roll_dice(dice, sink),
            Action::BuildSettlement { node, .. } if self.phase == Phase::SetupSettlement => {
                return self.place_setup_settlement(p, node, sink);
            }
            Action::BuildSettlement { node, .. } => self.build_settlement(p, node, sink),
            Action::BuildRoad { edge, .. } => {
                self.build_road(p, edge, sink);
                self.discover(p, edge, sink);
                match self.phase {
                    Phase::SetupRoad => return self.after_setup_road(sink),
                    Phase::RoadBuilding => self.after_free_road(p),
                    _ => {}
                }
            }
            Action::BuildShip { edge, .. } => {
                self.build_ship(p, edge, sink);
                self.discover(p, edge, sink);
                match self.phase {
                    Phase::SetupRoad => return self.after_setup_road(sink),
                    Phase::RoadBuilding => self.after_free_road(p),
                    _ => {}
                }
            }
            Action::MoveShip { from, to, .. } => {
                self.move_ship(p, from, to, sink);
                self.discover(p, to, sink);
            }
            Action::BuildCity { node, .. } => self.build_city(p, node, sink),
            Action::BuyDevelopmentCard { card, .. } => self.buy_card(p, card, sink),
            Action::Discard { resources, .. } => return self.discard(p, resources, sink),
            Action::MoveRobber {
                hex,
                victim,
                resource,
                ..
            } => return self.robber_moved(p, hex, victim, resource, sink),
            Action::PlayKnight {
                hex,
                victim,
                resource,
                ..
            } => self.play_knight(p, hex, victim, resource, sink),
            Action::PlayRoadBuilding { .. } => return self.play_road_building(p, sink),
            Action::FinishRoadBuilding { .. } => return self.finish_road_building(p, sink),
            Action::PlayYearOfPlenty { resources, .. } => {
                return self.play_year_of_plenty(p, resources, sink);
            }
            Action::PlayMonopoly { resource, .. } => return self.play_monopoly(p, resource, sink),
            Action::MaritimeTrade {
                give, get, rate, ..
            } => return self.maritime_trade(p, (give, get, rate), sink),
            Action::OfferTrade { to, give, get, .. } => {
                return self.offer_trade(p, to, (give, get), sink);
            }
            Action::AcceptTrade { .. } => return self.accept_trade(p, sink),
            Action::RejectTrade { .. } => return self.reject_trade(p, sink),
            Action::CounterOffer { give, get, .. } => {
                return self.counter_offer(p, (give, get), sink);
            }
            Action::ConfirmTrade { with, .. } => return self.confirm_trade(p, with, sink),
            Action::CancelTrade { .. } => return self.cancel_trade(p, sink),
            Action::EndTurn { .. } => return self.end_turn(p, sink),
            Action::MovePirate {
                hex,
                victim,
                resource,
                ..
            } => self.pirate_moved(p, hex, victim, resource, sink),
            Action::PlayKnightPirate {
                hex,
                victim,
                resource,
                ..
            } => self.play_knight_pirate(p, hex, victim, resource, sink),
            Action::ChooseGold { resources, .. } => self.choose_gold(p, resources, sink),
            Action::RevealHex {
                hex,
                terrain,
                number,
                ..
            } => self.reveal(p, hex, terrain, number, sink),
        }
        self.check_win(sink);
    }
}
