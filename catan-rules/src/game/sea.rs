//! The sea-map state (Seafarers): what open-sea games keep beside the base state, boxed
//! ([`Game::sea`]) so that the base game's state does not grow and its clone stays a plain
//! copy.
//!
//! It holds the ships built this turn (which may not move: real state, saved in a position
//! as `ships_built_this_turn`) and [`SeaPieces`]: each seat's ships, the nodes where two or
//! more of them end, the nodes a ship of theirs could leave from and the empty edges there,
//! the ships with an open end (those that may move), and by sea hex the seats with a ship
//! on its sides, so that listing ship spots and moves
//! and the pirate's victims reads them instead of finding every ship and testing every edge
//! at its ends again. The pieces are derived state, never a second source
//! of truth: a function of the edge and node owners alone, so they are not serialized, are
//! worked out again from the board when a position is loaded ([`Game::rebuild_sea`]) and
//! are left out of [`Game`]'s equality (two games with the same pieces have the same). One
//! rule keeps them, where the pieces change: a ship built ([`Game::sea_ship_added`]) or
//! moved ([`Game::sea_ship_moved`]), a road built ([`Game::sea_road_built`], from
//! `build.rs` and `setup.rs`), a settlement built ([`Game::sea_settlement_built`], from
//! `build.rs`); pieces never leave the board otherwise, and a city stays on its
//! settlement's node; a discovered hex (`fog.rs`) changes the sea hexes and works
//! everything out again. The ship lanes ([`Lanes`]: where a ship may stand with the pirate
//! where it is) follow the pirate's hex ([`Game::sea_pirate_moved`], from `pirate.rs`) and
//! the board. Each hook works out again only what the change touches: the nodes at its
//! ends (`note_count`, `note_leave`) and the sea hexes it is a side of (`aboard_gains`,
//! `aboard_loses`, on a count of each seat's ships there). Debug builds compare them with a
//! fresh working-out after each ship built or moved ([`Game::sea_state_is_exact`]), and a
//! property test after every action.

use super::{FreshShips, Game, NONE, SHIP};
use crate::bits::{EdgeBits, EdgeNibbles, NodeBits, NodeNibbles};
use crate::board::{EdgeId, HexId, NodeId, MAX_HEXES};
use crate::roads::Routes;
use crate::types::MAX_PLAYERS;

/// What an open-sea game keeps beside the base state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeaState {
    /// Ships built this turn, which may not move.
    pub fresh: FreshShips,
    /// Each seat's ships, their ends and their spots, derived from the edge and node
    /// owners.
    pub pieces: SeaPieces,
    /// Each seat's roads and ships numbered for the Longest Trade Route searches, derived
    /// from the edge and node owners (`roads::Routes`).
    pub routes: Routes,
    /// Where a ship may stand with the pirate where it was last noted, derived from the
    /// board's sea edges and the pirate's hex.
    pub lanes: Lanes,
}

/// The edges a ship may stand on with the pirate on `pirate` (Seafarers rules, 'The
/// pirate': no ship is built or moved onto a side of its hex): kept so that each ship
/// listing reads them instead of marking the pirate's sides again. Valid while the game's
/// pirate is on `pirate` ([`Game::ship_lanes`] tests that, so a pirate set outside the
/// rules' effects is worked out at the listing instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lanes {
    /// The pirate's hex id these were worked out for (`NONE`: off the board).
    pub pirate: u8,
    /// The edges along the sea, less the sides of the pirate's hex.
    pub open: EdgeBits,
    /// The sides of the pirate's hex.
    pub blocked: EdgeBits,
}

impl Lanes {
    /// The lanes of `board` with the pirate on `pirate` (`NONE`: off the board).
    pub(crate) fn new(board: &crate::board::Board, pirate: u8) -> Lanes {
        let mut open = *board.sea_edges();
        let mut blocked = EdgeBits::empty(board.edges().len());
        if pirate != NONE {
            for e in board.hex_sides(HexId(pirate)) {
                blocked.insert(e.index());
                open.remove(e.index());
            }
        }
        Lanes {
            pirate,
            open,
            blocked,
        }
    }
}

/// Each seat's ships, where they end and where a ship of theirs may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeaPieces {
    /// Each seat's ships.
    pub ships: [EdgeBits; MAX_PLAYERS],
    /// The nodes where one or more of each seat's ships end.
    pub ends: [NodeBits; MAX_PLAYERS],
    /// The nodes where two or more of each seat's ships end.
    pub shared: [NodeBits; MAX_PLAYERS],
    /// The nodes where three of each seat's ships end: with `ends` and `shared`, the
    /// count of the seat's ships at every node, so that a ship added or lifted changes
    /// the count at its ends without the edges there being read.
    pub triple: [NodeBits; MAX_PLAYERS],
    /// The nodes a ship of each seat could leave from: the seat's building, or an end of
    /// the seat's ship free of buildings ([`leaves_from`]).
    pub leave: [NodeBits; MAX_PLAYERS],
    /// Each seat's ship spots, before the listing keeps those along the sea and off the
    /// pirate's sides: the empty edges with an end in `leave`.
    pub spots: [EdgeBits; MAX_PLAYERS],
    /// By hex id, the seats with a ship on a side of the sea hex (bit `p`): the pirate's
    /// victims before the "holds cards" filter. Slot 255 (no hex) stays empty.
    pub aboard: [u8; MAX_HEXES + 1],
    /// By hex id, the count of each seat's ships on the sides of the sea hex, four bits a
    /// seat (seat `p` at bits `4p..4p + 4`; a hex has six sides): a ship lifted takes one
    /// off, and its owner stays in `aboard` while any is left, so that no side is read (a
    /// scan of the sides, which stops at the first ship found, mispredicted). Slot 255 (no
    /// hex) stays empty.
    pub aboard_count: [u32; MAX_HEXES + 1],
    /// By end `k` (the edge's `nodes[k]`, the lower id first), the ships whose end there
    /// is open for their owner (neither the owner's building nor the end of another of
    /// their ships: a tip, see `note_count`); only ships are in them. A ship with an open end is one
    /// that may move (Seafarers rules, 'Ships'; docs/rulings.md §21), so the listing
    /// reads its owner's ships in `open[0] | open[1]` instead of searching the ends.
    pub open: [EdgeBits; 2],
}

impl SeaPieces {
    /// No ship, on a board of `edges` edges and `nodes` nodes.
    fn empty(edges: usize, nodes: usize) -> SeaPieces {
        SeaPieces {
            ships: [EdgeBits::empty(edges); MAX_PLAYERS],
            ends: [NodeBits::empty(nodes); MAX_PLAYERS],
            shared: [NodeBits::empty(nodes); MAX_PLAYERS],
            triple: [NodeBits::empty(nodes); MAX_PLAYERS],
            leave: [NodeBits::empty(nodes); MAX_PLAYERS],
            spots: [EdgeBits::empty(edges); MAX_PLAYERS],
            aboard: [0; MAX_HEXES + 1],
            aboard_count: [0; MAX_HEXES + 1],
            open: [EdgeBits::empty(edges); 2],
        }
    }
}

impl Game {
    /// Each seat's ships and their ends, on an open-sea board (whose games always carry
    /// them).
    #[inline]
    pub(crate) fn sea_pieces(&self) -> &SeaPieces {
        &self
            .sea
            .as_deref()
            .expect("an open-sea game carries its sea state")
            .pieces
    }

    /// Each seat's pieces numbered for the trade-route searches, on an open-sea board.
    #[inline]
    pub(crate) fn sea_routes(&self) -> Option<&Routes> {
        self.sea.as_deref().map(|s| &s.routes)
    }

    /// The ships built this turn (none off open-sea boards).
    #[inline]
    pub(crate) fn fresh_ships(&self) -> &FreshShips {
        self.sea.as_deref().map_or(&FreshShips::EMPTY, |s| &s.fresh)
    }

    /// Notes the ship on `edge` as built this turn.
    #[inline]
    pub(crate) fn note_fresh_ship(&mut self, edge: EdgeId) {
        if let Some(sea) = self.sea.as_deref_mut() {
            sea.fresh.insert(edge.index());
        }
    }

    /// A new turn: no ship is new.
    #[inline]
    pub(crate) fn clear_fresh_ships(&mut self) {
        if let Some(sea) = self.sea.as_deref_mut() {
            sea.fresh = FreshShips::EMPTY;
        }
    }

    /// A new sea state for `board`'s games: empty on an open-sea board, none otherwise.
    pub(crate) fn new_sea(board: &crate::board::Board) -> Option<Box<SeaState>> {
        board.open_sea().then(|| {
            Box::new(SeaState {
                fresh: FreshShips::EMPTY,
                pieces: SeaPieces::empty(board.edges().len(), board.nodes().len()),
                routes: Routes::empty(),
                lanes: Lanes::new(board, board.pirate_start().map_or(NONE, |h| h.0)),
            })
        })
    }

    /// The kept lanes when they were worked out for the pirate's hex now (always after the
    /// rules' effects; not when a test set the pirate directly).
    #[inline]
    pub(crate) fn ship_lanes(&self) -> Option<&Lanes> {
        self.sea
            .as_deref()
            .map(|s| &s.lanes)
            .filter(|l| l.pirate == self.pirate)
    }

    /// Notes the pirate moved (to `self.pirate`): the ship lanes follow it. Kept out of
    /// line: inlined, it grew the robber's effect that base games run too.
    #[inline(never)]
    pub(crate) fn sea_pirate_moved(&mut self) {
        let (board, pirate) = (&*self.board, self.pirate);
        if let Some(sea) = self.sea.as_deref_mut() {
            sea.lanes = Lanes::new(board, pirate);
        }
    }

    /// Notes `p`'s new ship on `edge` (already on the board).
    #[inline(never)]
    pub(crate) fn sea_ship_added(&mut self, p: u8, edge: EdgeId) {
        let (board, nodes, edges) = (&*self.board, &self.nodes, &self.edges);
        if let Some(sea) = self.sea.as_deref_mut() {
            let (sea, routes) = (&mut sea.pieces, &mut sea.routes);
            sea.ships[p as usize].insert(edge.index());
            taken(sea, edge);
            for (k, n) in board.edge(edge).nodes.into_iter().enumerate() {
                note_count(sea, board, nodes, edges, p, n, Some((edge, k)));
            }
            aboard_gains(sea, board, p, edge);
            routes.add(board, nodes, edges, edge);
        }
    }

    /// Notes `p`'s ship moved from `from` to `to` (already on the board).
    #[inline(never)]
    pub(crate) fn sea_ship_moved(&mut self, p: u8, from: EdgeId, to: EdgeId) {
        let (board, nodes, edges) = (&*self.board, &self.nodes, &self.edges);
        let players = self.rules.players as usize;
        if let Some(sea) = self.sea.as_deref_mut() {
            let (sea, routes) = (&mut sea.pieces, &mut sea.routes);
            let pi = p as usize;
            sea.ships[pi].remove(from.index());
            sea.ships[pi].insert(to.index());
            // `p`'s ship count changes at the four ends only: one less at `from`'s, one
            // more at `to`'s (a node the two edges share gets its count back), and with it
            // `leave` and the spots around a node whose `leave` changed (see
            // `note_count`).
            let [a, b] = board.edge(from).nodes;
            let [c, d] = board.edge(to).nodes;
            for n in [a, b] {
                note_count(sea, board, nodes, edges, p, n, None);
            }
            for (k, n) in [c, d].into_iter().enumerate() {
                note_count(sea, board, nodes, edges, p, n, Some((to, k)));
            }
            // Only ships are in `open`: the lifted one's bits go (the new place's were
            // set by `note_count` at its ends).
            sea.open[0].remove(from.index());
            sea.open[1].remove(from.index());
            // The taken edge is no one's spot, the empty one a spot of whoever may leave
            // from one of its ends (`p`'s `leave` there being new already); the seats in
            // play only (the others have no piece), a count fixed for the game.
            let seats = sea.leave.iter().zip(&mut sea.spots).take(players);
            for (leave, spots) in seats {
                let on = leave.contains(a.index()) | leave.contains(b.index());
                spots.remove(to.index());
                spots.put(from.index(), on);
            }
            aboard_loses(sea, board, p, from);
            aboard_gains(sea, board, p, to);
            // The numbering last (it reads the board only): nothing worked out above has
            // to be kept across its call.
            routes.moved(board, nodes, edges, p, from, to);
        }
    }

    /// Notes a road built on `edge` (the edge is taken).
    #[inline]
    pub(crate) fn sea_road_built(&mut self, edge: EdgeId) {
        let (board, nodes, edges) = (&*self.board, &self.nodes, &self.edges);
        if let Some(sea) = self.sea.as_deref_mut() {
            taken(&mut sea.pieces, edge);
            sea.routes.add(board, nodes, edges, edge);
        }
    }

    /// Notes a settlement built on `node` (already on the board; a city stays on its
    /// settlement's node): its owner may leave from it, the others no longer.
    #[inline]
    pub(crate) fn sea_settlement_built(&mut self, node: NodeId) {
        if self.sea.is_some() {
            self.sea_settlement_built_at_sea(node);
        }
    }

    /// [`Game::sea_settlement_built`] in an open-sea game: out of line, so the base game's
    /// settlement stays as small as it was.
    #[inline(never)]
    fn sea_settlement_built_at_sea(&mut self, node: NodeId) {
        let (board, nodes, edges) = (&*self.board, &self.nodes, &self.edges);
        let players = self.rules.players;
        if let Some(sea) = self.sea.as_deref_mut() {
            for q in 0..players {
                note_leave(&mut sea.pieces, board, nodes, edges, q, node);
            }
            // The owner's one ship ending here no longer has an open end here (an
            // opponent's building leaves a ship's end open).
            let owner = nodes.get(node.index()) & 7;
            if owner != 0 {
                let (pieces, p) = (&mut sea.pieces, owner - 1);
                let (pi, i) = (p as usize, node.index());
                if pieces.ends[pi].contains(i) && !pieces.shared[pi].contains(i) {
                    note_open_at(pieces, board, p, node, false);
                }
            }
            sea.routes.node_built(board, nodes, edges, node);
        }
    }

    /// Each seat's ships, ends and spots worked out from the edge and node owners alone,
    /// node by node and edge by edge (none off open-sea boards).
    pub(crate) fn sea_pieces_from_board(&self) -> Option<SeaPieces> {
        let board = &*self.board;
        if !board.open_sea() {
            return None;
        }
        let (ne, nn) = (board.edges().len(), board.nodes().len());
        let mut sea = SeaPieces::empty(ne, nn);
        for p in 0..MAX_PLAYERS {
            let ship = (p as u8 + 1) | SHIP;
            for e in 0..ne {
                if self.edges.get(e) == ship {
                    sea.ships[p].insert(e);
                }
            }
            for n in 0..nn {
                let count = board
                    .node(NodeId(n as u8))
                    .edges()
                    .filter(|e| self.edges.get(e.index()) == ship)
                    .count();
                sea.ends[p].put(n, count >= 1);
                sea.shared[p].put(n, count >= 2);
                sea.triple[p].put(n, count >= 3);
                if leaves_from(&self.nodes, p as u8, NodeId(n as u8), count > 0) {
                    sea.leave[p].insert(n);
                }
            }
            for e in 0..ne {
                let [a, b] = board.edge(EdgeId(e as u16)).nodes;
                if self.edges.get(e) == 0
                    && (sea.leave[p].contains(a.index()) || sea.leave[p].contains(b.index()))
                {
                    sea.spots[p].insert(e);
                }
            }
            // A ship's end is open where no building of `p`'s stands and no other ship of
            // `p`'s ends, counted from the edges.
            for e in 0..ne {
                if self.edges.get(e) != ship {
                    continue;
                }
                for (k, n) in board.edge(EdgeId(e as u16)).nodes.into_iter().enumerate() {
                    let others = board
                        .node(n)
                        .edges()
                        .filter(|f| f.index() != e && self.edges.get(f.index()) == ship)
                        .count();
                    let own = self.nodes.get(n.index()) & 7 == p as u8 + 1;
                    sea.open[k].put(e, !own && others == 0);
                }
            }
        }
        for &h in board.sea_hexes() {
            for e in board.hex_sides(h) {
                let v = self.edges.get(e.index());
                if v & SHIP != 0 {
                    sea.aboard[h.index()] |= 1 << ((v & 7) - 1);
                    sea.aboard_count[h.index()] += 1 << (4 * ((v & 7) - 1));
                }
            }
        }
        Some(sea)
    }

    /// Works each seat's ships and their ends out again from the pieces on the board
    /// (keeping the ships built this turn): after a position is loaded, or pieces are
    /// placed outside the rules' effects (tests).
    pub(crate) fn rebuild_sea(&mut self) {
        // Routes left between bounds are measured before their numbering goes.
        for p in 0..self.rules.players {
            if crate::roads::route_slack(self, p) != 0 {
                crate::roads::measure_again(self, p);
            }
        }
        let pieces = self.sea_pieces_from_board();
        let routes = Routes::from_board(self);
        let lanes = Lanes::new(&self.board, self.pirate);
        match (self.sea.as_deref_mut(), pieces) {
            (Some(sea), Some(pieces)) => {
                sea.pieces = pieces;
                sea.routes = routes;
                sea.lanes = lanes;
            }
            (_, pieces) => {
                self.sea = pieces.map(|pieces| {
                    Box::new(SeaState {
                        fresh: FreshShips::EMPTY,
                        pieces,
                        routes,
                        lanes,
                    })
                })
            }
        }
    }

    /// Whether the kept ships, ends and spots equal a fresh working-out (the debug check
    /// after each ship built or moved, and the property test's).
    pub(crate) fn sea_state_is_exact(&self) -> bool {
        self.sea.as_deref().map(|s| s.pieces) == self.sea_pieces_from_board()
            && self.sea_routes().is_none_or(|r| r.match_board(self))
            && self
                .ship_lanes()
                .is_none_or(|l| *l == Lanes::new(&self.board, self.pirate))
    }
}

/// Whether a ship of `p` could leave from `n` (Seafarers rules, 'Ships': a ship continues
/// one of the player's ships or leaves one of their buildings; roads and ships join only
/// at the player's own building): `p`'s building, or, with `ship_ends` (one of `p`'s ships
/// ends at `n`), a node free of buildings. Whether the node is along the sea is left to the
/// listing, which keeps only the edges along the sea: the terrain may change (a discovered
/// hex), the pieces kept here do not.
#[inline]
fn leaves_from(nodes: &NodeNibbles, p: u8, n: NodeId, ship_ends: bool) -> bool {
    let v = nodes.get(n.index());
    if v == 0 {
        ship_ends
    } else {
        v & 7 == p + 1
    }
}

/// Takes the newly occupied `edge` out of every seat's spots.
#[inline]
fn taken(sea: &mut SeaPieces, edge: EdgeId) {
    for spots in &mut sea.spots {
        spots.remove(edge.index());
    }
}

/// Notes one more (`gained`) or one less of `p`'s ships ending at `n`: the count kept as
/// `ends`, `shared` and `triple` moves up or down a step, and `leave` and the spots at `n`
/// follow ([`note_leave`]).
#[inline(always)]
fn note_count(
    sea: &mut SeaPieces,
    board: &crate::board::Board,
    nodes: &NodeNibbles,
    edges: &EdgeNibbles,
    p: u8,
    n: NodeId,
    placed: Option<(EdgeId, usize)>,
) {
    let gained = placed.is_some();
    // Word by word: the count's three bits at `n` move up (or down) a step together.
    let (pi, i) = (p as usize, n.index());
    let (k, m) = (i >> 6, 1u64 << (i & 63));
    let (one, two, three) = (sea.ends[pi].w[k], sea.shared[pi].w[k], sea.triple[pi].w[k]);
    let (before_one, before_two) = (one, two);
    let (one, two, three) = if gained {
        (one | m, two | (one & m), three | (two & m))
    } else {
        ((one & !m) | (two & m), (two & !m) | (three & m), three & !m)
    };
    sea.ends[pi].w[k] = one;
    sea.shared[pi].w[k] = two;
    sea.triple[pi].w[k] = three;
    // Whether `n` is an open end of `p`'s (a tip: one ship there, not `p`'s building) changes where exactly one ship
    // ends there before or after (never at `p`'s building). The ships there then follow:
    // a second ship closes the first one's end, a ship lifted from two opens the other's.
    // A count going to 0 leaves no ship there, and one going to 1 by a new ship leaves
    // that ship alone (its bit is written below).
    let tip_was = before_one & !before_two & m;
    let tip_now = one & !two & m;
    let stays = if gained { two } else { one } & m;
    let own = nodes.get(i) & 7 == p + 1;
    if ((tip_was ^ tip_now) & stays != 0) & !own {
        note_open_at(sea, board, p, n, tip_now != 0);
    }
    // The new ship's own bit at `n` (its end `k` there), from the count just worked out.
    if let Some((edge, k)) = placed {
        sea.open[k].put(edge.index(), (tip_now != 0) & !own);
    }
    note_leave(sea, board, nodes, edges, p, n);
}

/// Sets to `on` the bit of `open` at `n` of each of `p`'s ships ending at `n`: the node's
/// padded edges (the repeat writes the same bit twice), an edge's end at `n` being its
/// `nodes[0]` when `n` is the lower id of the two.
#[inline(always)]
fn note_open_at(sea: &mut SeaPieces, board: &crate::board::Board, p: u8, n: NodeId, on: bool) {
    let info = board.node(n);
    let ships = &sea.ships[p as usize];
    for (f, y) in info.edges_padded().into_iter().zip(info.neighbors_padded()) {
        let f = f as usize;
        let k = (y < n.0) as usize;
        // Only `p`'s ships' bits change (other seats' ships share `open`): no branch on
        // whether the edge holds one.
        let m = ships.w[f >> 6] & 1 << (f & 63);
        let x = &mut sea.open[k].w[f >> 6];
        *x = (*x & !m) | if on { m } else { 0 };
    }
}

/// Works out again whether a ship of `p` could leave from `n` (from the building there and
/// the kept `ends`) and, where that changed, which edges at `n` are `p`'s spots: an edge
/// that became empty or taken is the caller's, and an edge whose other end's `leave`
/// changed is worked out with that end.
#[inline(always)]
fn note_leave(
    sea: &mut SeaPieces,
    board: &crate::board::Board,
    nodes: &NodeNibbles,
    edges: &EdgeNibbles,
    p: u8,
    n: NodeId,
) {
    let (pi, i) = (p as usize, n.index());
    let here = leaves_from(nodes, p, n, sea.ends[pi].contains(i));
    let was = sea.leave[pi].contains(i);
    if here == was {
        return;
    }
    sea.leave[pi].put(i, here);
    // The padded edges and neighbours (the first pair repeated at a node of two edges): a
    // fixed count, no branch on the node's degree; the repeat sets the same spot twice.
    let info = board.node(n);
    let (leave, spots) = (&sea.leave[pi], &mut sea.spots[pi]);
    for (f, y) in info.edges_padded().into_iter().zip(info.neighbors_padded()) {
        let on = (edges.get(f as usize) == 0) & (here | leave.contains(y as usize));
        spots.put(f as usize, on);
    }
}

/// Notes `p`'s new ship on `edge` aboard each sea hex `edge` is a side of: one more of
/// `p`'s ships there, so `p` is aboard; no side is read.
#[inline]
fn aboard_gains(sea: &mut SeaPieces, board: &crate::board::Board, p: u8, edge: EdgeId) {
    for h in board.sea_sides_of(edge) {
        // Slot `MAX_HEXES` (no hex) stays empty.
        let real = h as usize != MAX_HEXES;
        sea.aboard[h as usize] |= (real as u8) << p;
        sea.aboard_count[h as usize] += (real as u32) << (4 * p);
    }
}

/// Notes `p`'s ship lifted from `edge` off each sea hex `edge` is a side of: one fewer of
/// `p`'s ships there, and `p` aboard while any is left; no side is read, no branch.
#[inline]
fn aboard_loses(sea: &mut SeaPieces, board: &crate::board::Board, p: u8, edge: EdgeId) {
    for h in board.sea_sides_of(edge) {
        // Slot `MAX_HEXES` (no hex) stays empty.
        let real = h as usize != MAX_HEXES;
        let count = &mut sea.aboard_count[h as usize];
        *count -= (real as u32) << (4 * p);
        let left = *count >> (4 * p) & 15 != 0;
        let x = &mut sea.aboard[h as usize];
        *x = (*x & !(1 << p)) | (left as u8) << p;
    }
}
