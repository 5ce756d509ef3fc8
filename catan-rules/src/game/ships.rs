//! Ships (Seafarers): building a ship, the set-up ship, Road Building's ships, and moving
//! one ship a turn. Ships sail only on open-sea maps ([`crate::board::Board::open_sea`]).
//!
//! Seafarers rules, 'Ships' (the rules article's Clarifications, 'Ships'): a ship costs 1
//! lumber and 1 wool, each player has 15; it stands on an edge along the sea (between two
//! sea hexes, or a coast), never between two land hexes and never on an edge holding a
//! road; it continues one of the player's ships or leaves one of their settlements or
//! cities — roads and ships join only at the player's own building; a coastal set-up
//! settlement may take a ship instead of a road; Road Building places roads, ships or one of
//! each. Once a turn a player may move one ship: only the ship at the open end of a route,
//! never one built this turn, to a place where a ship could be built (docs/rulings.md §21).
//! Ships may be built in a Special Build Phase (5–6 players), never moved there.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | ship | `check_ship`, `ship_connects` | `build_ship` | `push_ships`, `ship_spots` | `encode_ship` ([`Block::Ship`]) |
//! | set-up ship | `check_ship` (set-up branch) | `build_ship`, then `after_setup_road` | `push_setup_ships` | as a ship |
//! | moving a ship | `check_move_ship`, `ship_movable` | `move_ship` | `push_ships_and_moves`, `spots_without` | `encode_move_ship` ([`Block::MoveShip`]) |
//!
//! The pirate (family `pirate`) blocks the sides of its hex: no ship is built there, moved
//! there or moved away from there (Seafarers rules, 'The pirate').

use super::sea::Lanes;
use super::{Game, Phase, F_BUILT, F_SHIP_MOVED};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::bits::{EdgeBits, NodeBits, EDGE_WORDS};
use crate::board::{EdgeId, NodeId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::types::{Piece, Player, Resources};

/// Cost of a ship: 1 lumber, 1 wool (Seafarers rules, 'Ships').
pub const SHIP_COST: Resources = Resources::new(0, 1, 1, 0, 0);
/// Ships each player has (Seafarers rules, 'Ships').
pub const SHIPS: u8 = 15;
/// The ship bit of an edge's owner nibble: `p + 1 | SHIP` is a ship of `p`.
pub(crate) const SHIP: u8 = 8;

/// The ships built this turn (which may not move), as a small sorted set of edge ids: a
/// player has 15 ships, so at most 15 are new in a turn. Kept sorted with unused slots zero,
/// so equal sets compare equal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FreshShips {
    len: u8,
    edges: [u16; SHIPS as usize],
}

impl FreshShips {
    /// No ship.
    pub(crate) const EMPTY: FreshShips = FreshShips {
        len: 0,
        edges: [0; SHIPS as usize],
    };

    /// Whether the ship on `edge` is new.
    #[inline]
    pub(crate) fn contains(&self, edge: usize) -> bool {
        self.edges[..self.len as usize].contains(&(edge as u16))
    }

    /// Notes the ship on `edge` as new (ignored when full, which 15 ships never reach).
    #[inline]
    pub(crate) fn insert(&mut self, edge: usize) {
        let e = edge as u16;
        let n = self.len as usize;
        if n == self.edges.len() || self.edges[..n].contains(&e) {
            return;
        }
        let at = self.edges[..n].partition_point(|&x| x < e);
        self.edges.copy_within(at..n, at + 1);
        self.edges[at] = e;
        self.len += 1;
    }

    /// Each new ship's edge, in edge order.
    #[inline]
    pub(crate) fn for_each(&self, mut f: impl FnMut(usize)) {
        for &e in &self.edges[..self.len as usize] {
            f(e as usize);
        }
    }
}

impl Game {
    /// A ship: paid in the main phase, free as the set-up piece (at the settlement just
    /// placed) and during Road Building; a piece left, an empty edge along the sea, joined
    /// to the player's ships or building.
    #[inline]
    pub(super) fn check_ship(&self, action: &Action, p: u8, edge: EdgeId) -> Result<(), RuleError> {
        let free = match self.phase {
            Phase::SetupRoad | Phase::RoadBuilding => true,
            // A ship is a build: in one's turn and in a Special Build Phase.
            Phase::Main | Phase::SpecialBuild => false,
            _ => return Err(self.wrong_phase(action)),
        };
        if !self.board.open_sea() {
            return Err(RuleError::ShipsNotInPlay);
        }
        if edge.index() >= self.board.edges().len() {
            return Err(RuleError::NoSuchEdge { edge });
        }
        let ps = &self.seats[p as usize];
        if ps.ships >= SHIPS {
            return Err(RuleError::NoPieceLeft { piece: Piece::Ship });
        }
        if !free && !ps.hand.contains(&SHIP_COST) {
            return Err(RuleError::NotEnoughResources { need: SHIP_COST });
        }
        // A spot the listing would give, read off the kept sea state (not in set-up, whose
        // ship goes at the settlement just placed); anything else is checked step by step
        // for its error.
        if self.phase != Phase::SetupRoad
            && self
                .ship_lanes()
                .is_some_and(|l| self.spot_listed(l, p, edge))
        {
            debug_assert!(self.check_ship_site(p, edge, None).is_ok());
            return Ok(());
        }
        self.check_ship_site(p, edge, None)
    }

    /// Where a ship of `p` may stand (also the new place of a moved ship, `moving` being the
    /// ship's old edge): an empty edge along the sea, at the set-up settlement in set-up,
    /// else joined to `p`'s other ships or buildings.
    pub(crate) fn check_ship_site(
        &self,
        p: u8,
        edge: EdgeId,
        moving: Option<EdgeId>,
    ) -> Result<(), RuleError> {
        if self.edges.get(edge.index()) != 0 {
            return Err(RuleError::EdgeOccupied { edge });
        }
        if !self.board.edge(edge).touches_sea() {
            return Err(RuleError::ShipOnLand { edge });
        }
        if self.pirate_blocks(edge) {
            return Err(RuleError::PirateBlocksShip { edge });
        }
        if self.phase == Phase::SetupRoad {
            let n = NodeId(self.setup_node);
            if !self.board.edge(edge).nodes.contains(&n) {
                return Err(RuleError::SetupRoadNotAtSettlement { node: n });
            }
            return Ok(());
        }
        if !self.ship_connects(p, edge, moving) {
            return Err(RuleError::ShipNotConnected { edge });
        }
        Ok(())
    }

    /// Whether a ship on `edge` would join `p`'s shipping: at an end that is `p`'s
    /// building, or an end free of buildings where `p` has another ship (not `moving`).
    /// Roads do not count: roads and ships join only at the player's own building.
    #[inline]
    pub(crate) fn ship_connects(&self, p: u8, edge: EdgeId, moving: Option<EdgeId>) -> bool {
        let tag = p + 1;
        for n in self.board.edge(edge).nodes {
            let v = self.nodes.get(n.index());
            if v != 0 {
                if v & 7 == tag {
                    return true;
                }
                continue;
            }
            if self
                .board
                .node(n)
                .edges()
                .any(|e| e != edge && Some(e) != moving && self.edges.get(e.index()) == tag | SHIP)
            {
                return true;
            }
        }
        false
    }

    /// A ship of `p`, paid in the main phase, one of Road Building's otherwise; Longest
    /// Trade Route follows. The phase's own follow-up is the caller's.
    #[inline(never)]
    pub(super) fn build_ship<S: EventSink>(&mut self, p: u8, edge: EdgeId, sink: &mut S) {
        match self.phase {
            Phase::Main | Phase::SpecialBuild => {
                self.pay(p, &SHIP_COST);
                self.flags |= F_BUILT;
            }
            Phase::RoadBuilding => self.road_building_left -= 1,
            _ => {}
        }
        self.edges.set(edge.index(), (p + 1) | SHIP);
        self.sea_ship_added(p, edge);
        debug_assert!(self.sea_state_is_exact(), "sea state after a ship built");
        self.note_fresh_ship(edge);
        self.seats[p as usize].ships += 1;
        sink.push(Event::ShipBuilt {
            player: Player(p),
            edge,
        });
        let before = self.seats[p as usize].road_len;
        self.seats[p as usize].road_len =
            crate::roads::longest_after_ship_built(self, p, edge, before);
        self.update_longest_road(sink);
    }

    /// Moving a ship: in the main phase, once a turn, one's own ship at the open end of a
    /// route and not built this turn, to a place where a ship could be built.
    pub(super) fn check_move_ship(
        &self,
        action: &Action,
        p: u8,
        from: EdgeId,
        to: EdgeId,
    ) -> Result<(), RuleError> {
        if self.phase != Phase::Main {
            return Err(self.wrong_phase(action));
        }
        if !self.board.open_sea() {
            return Err(RuleError::ShipsNotInPlay);
        }
        let ne = self.board.edges().len();
        for edge in [from, to] {
            if edge.index() >= ne {
                return Err(RuleError::NoSuchEdge { edge });
            }
        }
        if self.flags & F_SHIP_MOVED != 0 {
            return Err(RuleError::ShipAlreadyMoved);
        }
        // The move the listing would give, read off the kept sea state; anything else is
        // checked step by step below for its error.
        if self.move_listed(p, from, to) {
            debug_assert!(self.check_move_slowly(p, from, to).is_ok());
            return Ok(());
        }
        self.check_move_slowly(p, from, to)
    }

    /// [`Game::check_move_ship`] from the board's pieces, for the typed error.
    pub(crate) fn check_move_slowly(
        &self,
        p: u8,
        from: EdgeId,
        to: EdgeId,
    ) -> Result<(), RuleError> {
        if let Err(reason) = self.ship_movable(p, from) {
            return Err(RuleError::ShipNotMovable { edge: from, reason });
        }
        if self.pirate_blocks(from) {
            return Err(RuleError::PirateBlocksShip { edge: from });
        }
        self.check_ship_site(p, to, Some(from))
    }

    /// Whether `p` may move the ship on `from`, and if not why.
    #[inline]
    fn ship_movable(&self, p: u8, from: EdgeId) -> Result<(), &'static str> {
        let tag = p + 1;
        if self.edges.get(from.index()) != tag | SHIP {
            return Err("no ship of yours is there");
        }
        if self.fresh_ships().contains(from.index()) {
            return Err("it was built this turn");
        }
        if !self.ship_has_open_end(tag, from) {
            return Err("it is not the end ship of an open route");
        }
        Ok(())
    }

    /// Whether one end of `tag`'s ship on `edge` leads nowhere: no building of `tag`'s and
    /// no other ship of `tag`'s there. A route linking two of the player's buildings has no
    /// such end, so its ships stay (Seafarers rules, 'Ships': a closed route).
    #[inline]
    fn ship_has_open_end(&self, tag: u8, edge: EdgeId) -> bool {
        self.board.edge(edge).nodes.iter().any(|&n| {
            self.nodes.get(n.index()) & 7 != tag
                && !self
                    .board
                    .node(n)
                    .edges()
                    .any(|e| e != edge && self.edges.get(e.index()) == tag | SHIP)
        })
    }

    /// Moves `p`'s ship; Longest Trade Route is measured again. Out of line: only open-sea
    /// games move ships, and the base game's apply path stays as small as it was.
    #[inline(never)]
    pub(super) fn move_ship<S: EventSink>(
        &mut self,
        p: u8,
        from: EdgeId,
        to: EdgeId,
        sink: &mut S,
    ) {
        let before = self.seats[p as usize].road_len;
        self.edges.set(from.index(), 0);
        self.edges.set(to.index(), (p + 1) | SHIP);
        self.sea_ship_moved(p, from, to);
        debug_assert!(self.sea_state_is_exact(), "sea state after a ship moved");
        self.flags |= F_SHIP_MOVED;
        sink.push(Event::ShipMoved {
            player: Player(p),
            from,
            to,
        });
        self.seats[p as usize].road_len =
            crate::roads::longest_after_ship_move(self, p, from, to, before);
        self.update_longest_road(sink);
    }

    /// Whether `p` has a ship left and somewhere to put it.
    #[inline]
    pub(crate) fn can_place_ship(&self, p: u8) -> bool {
        self.board.open_sea()
            && self.seats[p as usize].ships < SHIPS
            && !self.ship_spots(p, None).is_empty()
    }

    /// Free pieces Road Building can still give `p`: roads left, plus ships left on a
    /// Seafarers map.
    pub(crate) fn free_route_pieces_left(&self, p: u8) -> u8 {
        let s = &self.seats[p as usize];
        let roads = self.rules.pieces().0.saturating_sub(s.roads);
        let ships = if self.board.open_sea() {
            SHIPS.saturating_sub(s.ships)
        } else {
            0
        };
        roads + ships
    }

    /// Whether Road Building can place anything for `p`: a road (one left and a spot) or,
    /// on a Seafarers map, a ship.
    #[inline]
    pub(crate) fn has_free_route_spot(&self, p: u8) -> bool {
        (self.seats[p as usize].roads < self.rules.pieces().0 && self.has_road_spot(p))
            || self.can_place_ship(p)
    }

    /// Every ship spot of `player`, in edge order (main phase: when affordable; Road
    /// Building: when a ship is left).
    #[inline]
    pub(super) fn push_ships<O: Out>(&self, player: Player, out: &mut O) {
        if !self.board.open_sea() {
            return;
        }
        let s = &self.seats[player.index()];
        let paid = matches!(self.phase, Phase::Main | Phase::SpecialBuild);
        if s.ships >= SHIPS || (paid && !s.hand.contains(&SHIP_COST)) {
            return;
        }
        self.ship_spots(player.0, None).for_each(|e| {
            out.push(Action::BuildShip {
                player,
                edge: EdgeId(e as u16),
            })
        });
    }

    /// Every free edge along the sea at the set-up settlement just placed.
    #[inline]
    pub(super) fn push_setup_ships<O: Out>(&self, player: Player, out: &mut O) {
        if !self.board.open_sea() {
            return;
        }
        for edge in self.board.node(NodeId(self.setup_node)).edges() {
            if self.edges.get(edge.index()) == 0
                && self.board.edge(edge).touches_sea()
                && !self.pirate_blocks(edge)
            {
                out.push(Action::BuildShip { player, edge });
            }
        }
    }

    /// The main phase's ship spots (as [`Game::push_ships`] lists them), then its ship moves:
    /// the spots' common parts are worked out once for both. Only on an open-sea map: the
    /// check is inlined into the caller, so a base game does not pay the listing's call.
    #[inline(always)]
    pub(super) fn push_ships_and_moves<O: Out>(&self, player: Player, out: &mut O) {
        if self.board.open_sea() {
            let s = &self.seats[player.index()];
            let build = s.ships < SHIPS && s.hand.contains(&SHIP_COST);
            // Ships never leave the board, so the count says whether there is one to move.
            let moves = self.flags & F_SHIP_MOVED == 0 && s.ships > 0;
            if build | moves {
                self.push_ships_and_moves_at_sea(player, build, moves, out);
            }
        }
    }

    /// [`Game::push_ships_and_moves`] on an open-sea map. Out of line: the base game's
    /// main listing keeps its own frame.
    #[inline(never)]
    fn push_ships_and_moves_at_sea<O: Out>(
        &self,
        player: Player,
        build: bool,
        moves: bool,
        out: &mut O,
    ) {
        let mut slot = None;
        let base = self.spot_base(player.0, &mut slot);
        if build {
            base.spots.for_each(|e| {
                out.push(Action::BuildShip {
                    player,
                    edge: EdgeId(e as u16),
                })
            });
        }
        if moves {
            self.push_moves_with(player, &base, out);
        }
    }

    /// Every ship move of `player`, by ship in edge order, then new place in edge order:
    /// a ship may move when it is not new this turn, not on a side of the pirate's hex, and
    /// one of its ends is neither `player`'s building nor the end of another of their ships
    /// (as [`Game::ship_movable`] checks one ship).
    ///
    /// Each ship's new places are the spots of `base` less those its lift takes away
    /// (as [`Game::spots_without`] works them out): at an end of the ship free of
    /// buildings where no other ship of `player`'s ends, the edges whose other end no
    /// ship may leave from. They are read from the node's own padded arrays into a mask
    /// of the edges taken away, and the spots are listed through it, without a copy of
    /// the spots for each ship.
    #[inline]
    fn push_moves_with<O: Out>(&self, player: Player, base: &SpotBase, out: &mut O) {
        // The spot words that hold a spot, once for every ship: a ship's moves are read
        // from those words only, and without a spot no ship has a move.
        let mut words = 0u32;
        for (k, &w) in base.spots.w[..base.spots.used].iter().enumerate() {
            words |= ((w != 0) as u32) << k;
        }
        if words == 0 {
            return;
        }
        let fresh = self.fresh_ships();
        self.ships_with_open_end(player.0, base).for_each(|f| {
            if base.pirate.contains(f) || fresh.contains(f) {
                return;
            }
            let from = EdgeId(f as u16);
            debug_assert!(self.may_move(base.open, base.pirate, from));
            debug_assert!(self.has_open_end(player.0, base.shared, from));
            let gone = self.lift_takes(base, from);
            push_moves_of(player, from, &base.spots, words, &gone, out);
        });
    }

    /// `p`'s ships with an open end ([`Game::has_open_end`]): read off the sea state's
    /// ships with an open end by either end (`open`, kept by the hooks at the nodes a
    /// change touches), among `p`'s ships.
    #[inline(always)]
    fn ships_with_open_end(&self, p: u8, base: &SpotBase) -> EdgeBits {
        let mut movable = *base.ships;
        let [o0, o1] = base.open;
        for (w, (a, b)) in movable.w.iter_mut().zip(o0.w.iter().zip(&o1.w)) {
            *w &= a | b;
        }
        debug_assert!({
            let mut plain = EdgeBits::empty(0);
            plain.used = base.ships.used;
            base.ships.for_each(|f| {
                if self.has_open_end(p, base.shared, EdgeId(f as u16)) {
                    plain.insert(f);
                }
            });
            plain == movable
        });
        movable
    }

    /// The spots of `base` that lifting the ship on `from` takes away, as edge words: at
    /// an end of the ship that it no longer lets the player leave from
    /// ([`Game::lift_drops`]), the edges whose other end no ship may leave from. Read from
    /// the node's own padded arrays (the padding's repeat sets a bit twice; `from` itself
    /// may be set, and is never a spot). Whether an end drops is read off the kept bits: an
    /// open end of the ship (one ship there, not `p`'s building) that `p` may leave from
    /// (so free of buildings) is one that the lift drops, and no other end is.
    #[inline(always)]
    fn lift_takes(&self, base: &SpotBase, from: EdgeId) -> [u64; EDGE_WORDS] {
        let board = &*self.board;
        let [a, b] = board.edge(from).nodes;
        let f = from.index();
        let mut gone = [0u64; EDGE_WORDS];
        for (k, x) in [a, b].into_iter().enumerate() {
            let drops = base.open[k].contains(f) & base.leave.contains(x.index());
            debug_assert_eq!(drops, self.lift_drops(base.shared, x));
            if drops {
                let info = board.node(x);
                let (es, ys) = (info.edges_padded(), info.neighbors_padded());
                for i in 0..3 {
                    if !base.leave.contains(ys[i] as usize) {
                        let e = es[i] as usize;
                        gone[(e >> 6).min(EDGE_WORDS - 1)] |= 1 << (e & 63);
                    }
                }
            }
        }
        gone
    }

    /// Empty edges along the sea where a ship of `p` would join `p`'s shipping (see
    /// [`Game::ship_connects`]), leaving out the ship on `moving` (and its edge).
    pub(crate) fn ship_spots(&self, p: u8, moving: Option<EdgeId>) -> EdgeBits {
        let mut slot = None;
        let base = self.spot_base(p, &mut slot);
        match moving {
            None => base.spots,
            Some(m) => {
                let mut spots = self.spots_without(&base, m);
                spots.remove(m.index());
                spots
            }
        }
    }

    /// What the ship spots of `p` are made of, with every ship in place: `p`'s ships, the
    /// nodes where two or more of them end and those a ship may leave from (`p`'s
    /// building, or an end of `p`'s ship free of buildings), all kept in the sea state,
    /// and the spots themselves: of the kept ones (empty edges at a node a ship may leave
    /// from), those along the sea and off the pirate's sides.
    /// `slot` holds the lanes when they are worked out here (a pirate placed directly), so
    /// that the pirate's sides are lent, not copied.
    #[inline]
    fn spot_base<'a>(&'a self, p: u8, slot: &'a mut Option<Lanes>) -> SpotBase<'a> {
        let sea = self.sea_pieces();
        let pi = p as usize;
        // No ship goes on a side of the pirate's hex (Seafarers rules, 'The pirate'): the
        // lanes kept for the pirate's hex, or worked out here for a pirate placed
        // directly.
        let lanes = match self.ship_lanes() {
            Some(l) => l,
            None => slot.insert(Lanes::new(&self.board, self.pirate)),
        };
        let spots = sea.spots[pi].and(&lanes.open);
        let pirate = &lanes.blocked;
        SpotBase {
            ships: &sea.ships[pi],
            open: &sea.open,
            shared: &sea.shared[pi],
            leave: &sea.leave[pi],
            spots,
            pirate,
        }
    }

    /// Whether `p`'s ship on `from` may move, by the kept sea state (`open`: by end, the
    /// ships with an open end there; `pirate`: the sides of the pirate's hex): it is not new
    /// this turn, not on a side of the pirate's hex, and one of its ends is neither `p`'s
    /// building nor the end of another of their ships (as [`Game::ship_movable`] checks
    /// from the board; [`Game::has_open_end`] from the kept counts).
    #[inline(always)]
    fn may_move(&self, open: &[EdgeBits; 2], pirate: &EdgeBits, from: EdgeId) -> bool {
        let f = from.index();
        (open[0].contains(f) | open[1].contains(f))
            && !pirate.contains(f)
            && !self.fresh_ships().contains(f)
    }

    /// Whether one end of `p`'s ship on `from` is neither `p`'s building nor the end of
    /// another of their ships (`shared`: the nodes where two or more of `p`'s ships end):
    /// the part of [`Game::may_move`] that depends on the pieces alone.
    #[inline(always)]
    fn has_open_end(&self, p: u8, shared: &NodeBits, from: EdgeId) -> bool {
        let tag = p + 1;
        let open_end =
            |n: NodeId| self.nodes.get(n.index()) & 7 != tag && !shared.contains(n.index());
        let [a, b] = self.board.edge(from).nodes;
        open_end(a) || open_end(b)
    }

    /// Whether an end `x` of a lifted ship no longer lets `p` leave from it: free of
    /// buildings, and no other ship of `p`'s ends there (`shared`: the nodes where two or
    /// more of `p`'s ships end, the lifted one among them).
    #[inline(always)]
    fn lift_drops(&self, shared: &NodeBits, x: NodeId) -> bool {
        self.nodes.get(x.index()) == 0 && !shared.contains(x.index())
    }

    /// Whether building a ship of `p` on `edge` is in the listing, read off the kept sea
    /// state and `lanes` (the pirate's, kept): an empty edge at a node `p` may leave from
    /// (the kept spots), along the sea and off the pirate's sides (the lanes), as
    /// [`Game::spot_base`] lists them.
    #[inline]
    pub(crate) fn spot_listed(&self, lanes: &Lanes, p: u8, edge: EdgeId) -> bool {
        let e = edge.index();
        self.sea_pieces().spots[p as usize].contains(e) && lanes.open.contains(e)
    }

    /// Whether moving `p`'s ship from `from` to `to` is in the listing, read off the kept
    /// sea state: a ship that may move ([`Game::may_move`]) and a spot of `p`'s (see
    /// [`Game::spot_listed`]) that the lifted ship leaves in place ([`Game::spots_without`]:
    /// an end of `to` that `p` may still leave from). Both edges are on the board.
    #[inline]
    pub(crate) fn move_listed(&self, p: u8, from: EdgeId, to: EdgeId) -> bool {
        let Some(lanes) = self.ship_lanes() else {
            return false;
        };
        let sea = self.sea_pieces();
        let (shared, leave) = (&sea.shared[p as usize], &sea.leave[p as usize]);
        if self.edges.get(from.index()) != (p + 1) | SHIP
            || !self.may_move(&sea.open, &lanes.blocked, from)
            || !self.spot_listed(lanes, p, to)
        {
            return false;
        }
        let [a, b] = self.board.edge(from).nodes;
        let still = |y: NodeId| {
            leave.contains(y.index()) && !((y == a || y == b) && self.lift_drops(shared, y))
        };
        let [c, d] = self.board.edge(to).nodes;
        still(c) || still(d)
    }

    /// The spots of `p`'s ships once the ship on `m` is lifted: an end of `m` free of
    /// buildings where no other ship of `p`'s ends leads nowhere any more, and so does every
    /// spot there whose other end leads nowhere either. (`m`'s own edge is occupied, so
    /// never a spot.)
    fn spots_without(&self, base: &SpotBase, m: EdgeId) -> EdgeBits {
        let board = &*self.board;
        let mut spots = base.spots;
        let [a, b] = board.edge(m).nodes;
        let (da, db) = (
            self.lift_drops(base.shared, a),
            self.lift_drops(base.shared, b),
        );
        for (x, gone) in [(a, da), (b, db)] {
            if !gone {
                continue;
            }
            for f in board.node(x).edges() {
                let y = board.edge(f).other(x);
                // `y` is never `m`'s other end: `f` and `m` meet at `x` only. A spot's
                // other end is along the sea, so `leave` says whether a ship may leave
                // from it.
                if !base.leave.contains(y.index()) {
                    spots.remove(f.index());
                }
            }
        }
        spots
    }
}

/// Lists the moves of `player`'s ship on `from` to every spot of `spots` not in `gone`, in
/// edge order, reading only the spot words marked in `words` (bit `k`: word `k` holds a
/// spot).
#[inline(always)]
fn push_moves_of<O: Out>(
    player: Player,
    from: EdgeId,
    spots: &EdgeBits,
    words: u32,
    gone: &[u64; EDGE_WORDS],
    out: &mut O,
) {
    let mut ws = words;
    while ws != 0 {
        let k = (ws.trailing_zeros() as usize).min(EDGE_WORDS - 1);
        ws &= ws - 1;
        let mut x = spots.w[k] & !gone[k];
        while x != 0 {
            let t = 64 * k + x.trailing_zeros() as usize;
            x &= x - 1;
            out.push(Action::MoveShip {
                player,
                from,
                to: EdgeId(t as u16),
            });
        }
    }
}

/// The parts of a player's ship spots shared by every ship move (see [`Game::spot_base`]).
struct SpotBase<'a> {
    /// The player's ships (the sea state's).
    ships: &'a EdgeBits,
    /// By end, the ships (every seat's) with an open end there (the sea state's).
    open: &'a [EdgeBits; 2],
    /// The nodes where two or more of the player's ships end.
    shared: &'a NodeBits,
    /// The nodes a ship of the player could leave from (the sea state's).
    leave: &'a NodeBits,
    /// The ship spots: the edges a ship may take (empty, along the sea, not a side of the
    /// pirate's hex) at a node it may leave from.
    spots: EdgeBits,
    /// The sides of the pirate's hex.
    pirate: &'a EdgeBits,
}

impl ActionSpace {
    /// Whether the space has ship ids (an open-sea board).
    #[inline]
    fn ships_in_play(&self) -> bool {
        self.offset(Block::MoveShip) > self.offset(Block::Ship)
    }

    /// The id of a ship on `edge`, if the edge is on the board and ships are in play.
    #[inline]
    pub(crate) fn encode_ship(&self, edge: EdgeId) -> Option<u32> {
        ((edge.0 as u32) < self.edges && self.ships_in_play())
            .then(|| self.offset(Block::Ship) + edge.0 as u32)
    }

    /// The id of moving the ship on `from` to `to`: `from E + to`.
    #[inline]
    pub(crate) fn encode_move_ship(&self, from: EdgeId, to: EdgeId) -> Option<u32> {
        let (f, t) = (from.0 as u32, to.0 as u32);
        (f < self.edges && t < self.edges && self.ships_in_play())
            .then(|| self.offset(Block::MoveShip) + f * self.edges + t)
    }

    /// The action with index `i` in block [`Block::Ship`] or [`Block::MoveShip`].
    #[inline]
    pub(crate) fn decode_ship(&self, b: Block, i: u32, player: Player) -> Action {
        match b {
            Block::Ship => Action::BuildShip {
                player,
                edge: EdgeId(i as u16),
            },
            _ => Action::MoveShip {
                player,
                from: EdgeId((i / self.edges) as u16),
                to: EdgeId((i % self.edges) as u16),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rules::Rules;
    use crate::scenario::Scenario;

    /// Seafarers rules, 'Ships' (moving a ship: once a turn, the end ship of an open
    /// route, not built this turn, to a place where a ship could be built) and 'The
    /// pirate' (not from or to a side of its hex); docs/rulings.md §21. The listed ship
    /// moves (each ship's spots read through the mask of what its lift takes away) equal,
    /// in the same order, the moves worked out the plain way (each movable ship's spots
    /// from [`Game::spots_without`]) and the moves [`Game::is_legal`] accepts among every
    /// pair of the player's ship and an edge, at every main-phase step of ship-heavy New
    /// Shores games.
    #[test]
    fn listed_ship_moves_match_the_plain_listing_and_the_rule() {
        let (mut steps, mut moves, mut lifted) = (0, 0, 0);
        let mut legal = Vec::new();
        for seed in 0..6 {
            let mut g = Game::new(Rules::scenario(Scenario::NewShores), seed).unwrap();
            let mut rng = Rng::new(seed ^ 0x5eaf);
            while g.winner().is_none() && steps < 6000 * (seed + 1) {
                g.legal_actions(&mut legal);
                let p = Player(g.current);
                // The main phase's own listing (not an open offer's answers, a gold
                // choice or a discovery): it ends with the end of the turn.
                if g.phase == Phase::Main && legal.last() == Some(&Action::EndTurn { player: p }) {
                    let listed: Vec<Action> = legal
                        .iter()
                        .copied()
                        .filter(|a| matches!(a, Action::MoveShip { .. }))
                        .collect();
                    let (mut plain, mut rule) = (Vec::new(), Vec::new());
                    if g.flags & F_SHIP_MOVED == 0 {
                        let mut slot = None;
                        let base = g.spot_base(p.0, &mut slot);
                        for f in 0..g.board.edges().len() {
                            let from = EdgeId(f as u16);
                            if g.ship(from) != Some(p) {
                                continue;
                            }
                            if g.ship_movable(p.0, from).is_ok() && !g.pirate_blocks(from) {
                                let spots = g.spots_without(&base, from);
                                lifted += usize::from(spots != base.spots);
                                spots.for_each(|t| {
                                    plain.push(Action::MoveShip {
                                        player: p,
                                        from,
                                        to: EdgeId(t as u16),
                                    })
                                });
                            }
                            for t in 0..g.board.edges().len() {
                                let a = Action::MoveShip {
                                    player: p,
                                    from,
                                    to: EdgeId(t as u16),
                                };
                                if g.is_legal(&a) {
                                    rule.push(a);
                                }
                            }
                        }
                    }
                    assert_eq!(listed, plain, "seed {seed} step {steps}");
                    assert_eq!(listed, rule, "seed {seed} step {steps}");
                    moves += listed.len();
                    steps += 1;
                }
                // Favour ships: a ship build or move two times in three when listed.
                let a = crate::tests::pick_favouring_ships(&legal, &mut rng, 2, 3);
                g.apply(a).unwrap();
            }
        }
        assert!(
            steps > 2000 && moves > 10_000 && lifted > 1000,
            "{steps} steps, {moves} moves, {lifted} lifts that take spots away"
        );
    }

    /// Seafarers rules, 'Ships' (only the ship at the open end of a route moves: an end
    /// that is neither the player's building nor the end of another of their ships;
    /// docs/rulings.md §21): the ships the listing reads off the kept open ends
    /// ([`Game::ships_with_open_end`], `SeaPieces::open`) are, for every seat after every action of
    /// ship-heavy games of every open-sea scenario, the ships that have such an end by the
    /// board's pieces ([`Game::ship_has_open_end`]).
    #[test]
    fn ships_found_from_their_ends_are_those_with_an_open_end() {
        let mut legal = Vec::new();
        let (mut checked, mut open, mut closed) = (0u32, 0u32, 0u32);
        for scenario in Scenario::ALL {
            for seed in 0..3u64 {
                let mut g = Game::new(Rules::scenario(scenario), seed).unwrap();
                if !g.board.open_sea() {
                    break;
                }
                let mut rng = Rng::new(seed ^ 0x0e4d);
                while g.winner().is_none() && g.turn() < 300 {
                    for p in 0..g.players() {
                        let mut slot = None;
                        let base = g.spot_base(p, &mut slot);
                        let found = g.ships_with_open_end(p, &base);
                        let mut board = EdgeBits::empty(g.board.edges().len());
                        for f in 0..g.board.edges().len() {
                            let from = EdgeId(f as u16);
                            if g.ship(from) == Some(Player(p)) {
                                if g.ship_has_open_end(p + 1, from) {
                                    board.insert(f);
                                    open += 1;
                                } else {
                                    closed += 1;
                                }
                            }
                        }
                        assert_eq!(found.w, board.w, "{scenario:?} seed {seed} seat {p}");
                        checked += 1;
                    }
                    g.legal_actions_without_offers(&mut legal);
                    let a = crate::tests::pick_favouring_ships(&legal, &mut rng, 2, 3);
                    g.apply(a).unwrap();
                }
            }
        }
        assert!(
            checked > 10_000 && open > 20_000 && closed > 20_000,
            "{checked} seats checked, {open} open-ended ships, {closed} others"
        );
    }
}
