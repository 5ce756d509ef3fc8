//! The sea-map state (Seafarers): what open-sea games keep beside the base state, boxed
//! ([`Game::sea`]) so that the base game's state does not grow and its clone stays a plain
//! copy.
//!
//! It holds the ships built this turn (which may not move: real state, saved in a position
//! as `ships_built_this_turn`) and [`SeaPieces`]: each seat's ships, the nodes where they
//! end and the edges there, the edges anyone's road or ship takes and the nodes anyone's
//! building takes, so that listing ship spots and moves does not find every ship and test
//! every edge at its ends again. The pieces are derived state, never a second source of
//! truth: a function of the edge and node owners alone, so they are not serialized, are
//! worked out again from the board when a position is loaded ([`Game::rebuild_sea`]) and
//! are left out of [`Game`]'s equality (two games with the same pieces have the same). One
//! rule keeps them, where the pieces change: a ship built ([`Game::sea_ship_added`]) or
//! moved ([`Game::sea_ship_moved`]), a road built ([`Game::sea_road_built`], from
//! `build.rs` and `setup.rs`), a settlement built ([`Game::sea_settlement_built`], from
//! `build.rs`); pieces never leave the board otherwise, and a city stays on its
//! settlement's node. Debug builds compare them with a fresh working-out after each ship
//! built or moved ([`Game::sea_state_is_exact`]), and a property test after every action.

use super::{FreshShips, Game, SHIP};
use crate::bits::{EdgeBits, NodeBits};
use crate::board::{EdgeId, NodeId};
use crate::types::MAX_PLAYERS;

/// What an open-sea game keeps beside the base state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeaState {
    /// Ships built this turn, which may not move.
    pub fresh: FreshShips,
    /// Each seat's ships and their ends, derived from the edge and node owners.
    pub pieces: SeaPieces,
}

/// Each seat's ships and the nodes where they end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeaPieces {
    /// Each seat's ships.
    pub ships: [EdgeBits; MAX_PLAYERS],
    /// The nodes where one or more of each seat's ships end.
    pub ends: [NodeBits; MAX_PLAYERS],
    /// The nodes where two or more of each seat's ships end.
    pub shared: [NodeBits; MAX_PLAYERS],
    /// The edges at a node where one or more of each seat's ships end.
    pub reach: [EdgeBits; MAX_PLAYERS],
    /// The edges holding a road or a ship (anyone's).
    pub taken: EdgeBits,
    /// The nodes holding a settlement or a city (anyone's).
    pub built: NodeBits,
}

impl SeaPieces {
    /// No ship, on a board of `edges` edges and `nodes` nodes.
    fn empty(edges: usize, nodes: usize) -> SeaPieces {
        SeaPieces {
            ships: [EdgeBits::empty(edges); MAX_PLAYERS],
            ends: [NodeBits::empty(nodes); MAX_PLAYERS],
            shared: [NodeBits::empty(nodes); MAX_PLAYERS],
            reach: [EdgeBits::empty(edges); MAX_PLAYERS],
            taken: EdgeBits::empty(edges),
            built: NodeBits::empty(nodes),
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
            })
        })
    }

    /// Notes `p`'s new ship on `edge`.
    #[inline]
    pub(crate) fn sea_ship_added(&mut self, p: u8, edge: EdgeId) {
        let board = &*self.board;
        if let Some(sea) = self.sea.as_deref_mut() {
            let sea = &mut sea.pieces;
            sea.taken.insert(edge.index());
            sea.ships[p as usize].insert(edge.index());
            for n in board.edge(edge).nodes {
                note_ends(sea, board, p, n);
            }
        }
    }

    /// Notes `p`'s ship moved from `from` to `to`.
    #[inline]
    pub(crate) fn sea_ship_moved(&mut self, p: u8, from: EdgeId, to: EdgeId) {
        let board = &*self.board;
        if let Some(sea) = self.sea.as_deref_mut() {
            let sea = &mut sea.pieces;
            sea.taken.remove(from.index());
            sea.taken.insert(to.index());
            sea.ships[p as usize].remove(from.index());
            sea.ships[p as usize].insert(to.index());
            for n in board
                .edge(from)
                .nodes
                .into_iter()
                .chain(board.edge(to).nodes)
            {
                note_ends(sea, board, p, n);
            }
        }
    }

    /// Notes a road built on `edge` (the edge is taken).
    #[inline]
    pub(crate) fn sea_road_built(&mut self, edge: EdgeId) {
        if let Some(sea) = self.sea.as_deref_mut() {
            sea.pieces.taken.insert(edge.index());
        }
    }

    /// Notes a settlement built on `node` (a city stays on its settlement's node).
    #[inline]
    pub(crate) fn sea_settlement_built(&mut self, node: NodeId) {
        if let Some(sea) = self.sea.as_deref_mut() {
            sea.pieces.built.insert(node.index());
        }
    }

    /// Each seat's ships and their ends worked out from the edge owners (none off open-sea
    /// boards).
    pub(crate) fn sea_pieces_from_board(&self) -> Option<SeaPieces> {
        let board = &*self.board;
        if !board.open_sea() {
            return None;
        }
        let mut sea = SeaPieces::empty(board.edges().len(), board.nodes().len());
        let ne = board.edges().len();
        self.edges.for_each_nonzero(ne, |e, v| {
            sea.taken.insert(e);
            if v & SHIP != 0 {
                sea.ships[((v & 7) - 1) as usize].insert(e);
            }
        });
        self.nodes
            .for_each_nonzero(board.nodes().len(), |n, _| sea.built.insert(n));
        for p in 0..MAX_PLAYERS as u8 {
            let ships = sea.ships[p as usize];
            ships.for_each(|e| {
                for n in board.edge(EdgeId(e as u16)).nodes {
                    note_ends(&mut sea, board, p, n);
                }
            });
        }
        Some(sea)
    }

    /// Works each seat's ships and their ends out again from the pieces on the board
    /// (keeping the ships built this turn): after a position is loaded, or pieces are
    /// placed outside the rules' effects (tests).
    pub(crate) fn rebuild_sea(&mut self) {
        let pieces = self.sea_pieces_from_board();
        match (self.sea.as_deref_mut(), pieces) {
            (Some(sea), Some(pieces)) => sea.pieces = pieces,
            (_, pieces) => {
                self.sea = pieces.map(|pieces| {
                    Box::new(SeaState {
                        fresh: FreshShips::EMPTY,
                        pieces,
                    })
                })
            }
        }
    }

    /// Whether the kept ships and ends equal a fresh working-out (the debug check after
    /// each ship built or moved, and the property test's).
    pub(crate) fn sea_state_is_exact(&self) -> bool {
        self.sea.as_deref().map(|s| s.pieces) == self.sea_pieces_from_board()
    }
}

/// Sets whether one or more, and two or more, of `p`'s ships end at `n`, from `p`'s ships.
#[inline]
fn note_ends(sea: &mut SeaPieces, board: &crate::board::Board, p: u8, n: NodeId) {
    let ships = &sea.ships[p as usize];
    let count = board
        .node(n)
        .edges()
        .filter(|e| ships.contains(e.index()))
        .count();
    let (ends, shared) = (&mut sea.ends[p as usize], &mut sea.shared[p as usize]);
    if count >= 1 {
        ends.insert(n.index());
    } else {
        ends.remove(n.index());
    }
    if count >= 2 {
        shared.insert(n.index());
    } else {
        shared.remove(n.index());
    }
    let (ends, reach) = (&sea.ends[p as usize], &mut sea.reach[p as usize]);
    for f in board.node(n).edges() {
        let [a, b] = board.edge(f).nodes;
        if ends.contains(a.index()) || ends.contains(b.index()) {
            reach.insert(f.index());
        } else {
            reach.remove(f.index());
        }
    }
}
