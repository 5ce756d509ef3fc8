//! A listing memo held by the caller beside its action buffer: the parts of the legal-action
//! listing that depend on the board's pieces alone, kept from one listing to the next.
//!
//! Most of a listing is worked out again from the packed node and edge owners at every
//! step (each player's road spots and settlement sites, the buildings around each hex that
//! the robber's victims come from), although the pieces change in only about sixty of the
//! ~950 actions of a random game. [`ListingMemo`] keeps those results together with a copy
//! of the owners they came from and the board they are on; at the next listing it compares
//! the owners by content (a few words on the base boards) and reuses what it holds when
//! nothing moved. The game's state carries nothing for it (no counter, no field), so its
//! size and clone cost do not change, and a memo may be used with any game: a listing with
//! a memo is the listing without one, in the same order, whatever the memo holds (a debug
//! build compares every reused result with the one worked out again;
//! `tests/listing_memo.rs` plays random games both ways).
//!
//! ```
//! use catan_rules::game::ListingMemo;
//! use catan_rules::{Game, Rules};
//!
//! let game = Game::new(Rules::default(), 7).unwrap();
//! let (mut memo, mut with, mut without) = (ListingMemo::new(), Vec::new(), Vec::new());
//! game.legal_actions_with(&mut memo, &mut with);
//! game.legal_actions(&mut without);
//! assert_eq!(with, without);
//! ```

use std::sync::Arc;

use super::Game;
use crate::bits::{EdgeBits, EdgeNibbles, NodeBits, NodeNibbles};
use crate::board::{Board, EdgeId, MAX_HEXES};
use crate::game::ships::SHIP;
use crate::types::MAX_PLAYERS;

/// Where the listing gets the results that depend on the pieces alone: worked out every
/// time (`()`), or kept in a [`ListingMemo`].
pub(crate) trait Spots {
    /// [`Game::road_spots`] of `p`.
    fn road_spots(&mut self, g: &Game, p: u8) -> EdgeBits;
    /// [`Game::settlement_sites`] of `p`.
    fn settlement_sites(&mut self, g: &Game, p: u8) -> NodeBits;
    /// Calls `f` with the owners of the buildings around each hex, as bits
    /// ([`Game::hex_owners`]); when `eligible` is empty (nobody could be robbed) the bits
    /// may be left out.
    fn hex_owners<R>(
        &mut self,
        g: &Game,
        eligible: u8,
        f: impl FnOnce(&[u8; MAX_HEXES]) -> R,
    ) -> R;
}

impl Spots for () {
    #[inline(always)]
    fn road_spots(&mut self, g: &Game, p: u8) -> EdgeBits {
        g.road_spots(p)
    }

    #[inline(always)]
    fn settlement_sites(&mut self, g: &Game, p: u8) -> NodeBits {
        g.settlement_sites(p)
    }

    #[inline(always)]
    fn hex_owners<R>(
        &mut self,
        g: &Game,
        eligible: u8,
        f: impl FnOnce(&[u8; MAX_HEXES]) -> R,
    ) -> R {
        let mut owners = [0u8; MAX_HEXES];
        if eligible != 0 {
            g.hex_owners(&mut owners);
        }
        f(&owners)
    }
}

/// Results kept valid: bit `p` the road spots of seat `p`, bit `SITES + p` its settlement
/// sites, `OWNERS` the hexes' owners.
const SITES: u32 = 8;
const OWNERS: u32 = 1 << 16;

/// The caller's memo of the piece-dependent parts of a listing (see the module notes): pass
/// it to [`Game::legal_actions_with`] or [`Game::legal_actions_without_offers_with`] at
/// every step of a loop, for one game or several in turn. About 1.6 KB; making one costs a
/// few hundred instructions, so a loop keeps it next to its `Vec<Action>`.
#[derive(Clone)]
pub struct ListingMemo {
    /// The board the results are on; holding it keeps its address from being reused by
    /// another board while the memo compares against it.
    board: Option<Arc<Board>>,
    /// The owners the results were worked out from.
    nodes: NodeNibbles,
    edges: EdgeNibbles,
    /// Which results are kept (the bits above).
    valid: u32,
    roads: [EdgeBits; MAX_PLAYERS],
    sites: [NodeBits; MAX_PLAYERS],
    owners: [u8; MAX_HEXES],
}

impl Default for ListingMemo {
    fn default() -> ListingMemo {
        ListingMemo::new()
    }
}

impl std::fmt::Debug for ListingMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ListingMemo")
            .field("valid", &format_args!("{:#x}", self.valid))
            .finish_non_exhaustive()
    }
}

impl ListingMemo {
    /// An empty memo: its first use with a game works everything out.
    pub fn new() -> ListingMemo {
        ListingMemo {
            board: None,
            nodes: NodeNibbles::ZERO,
            edges: EdgeNibbles::ZERO,
            valid: 0,
            roads: [EdgeBits::empty(0); MAX_PLAYERS],
            sites: [NodeBits::empty(0); MAX_PLAYERS],
            owners: [0; MAX_HEXES],
        }
    }

    /// Whether the result `bit` is kept for `g`'s pieces; marks it kept from here on (the
    /// caller then works it out when it was not). Changed pieces drop what they change
    /// ([`ListingMemo::renew`]).
    #[inline(always)]
    fn kept(&mut self, g: &Game, bit: u32) -> bool {
        let board = &*g.board;
        let wn = board.nodes().len().div_ceil(16);
        let we = board.edges().len().div_ceil(16);
        let same_board = self.board.as_ref().is_some_and(|b| Arc::ptr_eq(b, &g.board));
        if !(same_board
            && self.nodes.0[..wn] == g.nodes.0[..wn]
            && self.edges.0[..we] == g.edges.0[..we])
        {
            self.renew(g, same_board && self.nodes.0[..wn] == g.nodes.0[..wn], we);
        }
        let kept = self.valid & bit != 0;
        self.valid |= bit;
        kept
    }

    /// Takes `g`'s pieces (and board) as the memo's inputs. When only edges were taken
    /// (`same_nodes`: same board, same buildings), a new road or ship of seat `q` adds to
    /// `q`'s road spots and settlement sites ([`Game::spots_after_piece`]) and takes its
    /// edge out of everyone's road spots: a road or ship does not block another's way,
    /// only a building does (Base rules 'Building', roads), and the robber's victims do
    /// not change. Anything else (a building, a ship moved away, another board) drops
    /// every result.
    #[cold]
    #[inline(never)]
    fn renew(&mut self, g: &Game, same_nodes: bool, we: usize) {
        let mut keep = 0;
        if same_nodes {
            keep = self.valid;
            'words: for k in 0..we {
                let (old, new) = (self.edges.0[k], g.edges.0[k]);
                let x = old ^ new;
                // Bit 0 of every changed nibble.
                let mut z = (x | x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111_1111;
                while z != 0 {
                    let s = z.trailing_zeros();
                    z &= z - 1;
                    if (old >> s) & 15 != 0 {
                        keep = 0;
                        break 'words;
                    }
                    let v = ((new >> s) & 15) as u8;
                    let q = (v & 7) - 1;
                    let e = 16 * k + (s >> 2) as usize;
                    let (roads, sites) = (
                        keep & (1 << q) != 0,
                        keep & (1 << (SITES + q as u32)) != 0,
                    );
                    g.spots_after_piece(
                        q,
                        EdgeId(e as u16),
                        v & SHIP != 0,
                        roads.then_some(&mut self.roads[q as usize]),
                        sites.then_some(&mut self.sites[q as usize]),
                    );
                    for spots in &mut self.roads {
                        spots.remove(e);
                    }
                }
            }
        } else if self.board.as_ref().is_none_or(|b| !Arc::ptr_eq(b, &g.board)) {
            self.board = Some(Arc::clone(&g.board));
        }
        self.nodes = g.nodes;
        self.edges = g.edges;
        self.valid = keep;
    }
}

impl Spots for ListingMemo {
    #[inline(always)]
    fn road_spots(&mut self, g: &Game, p: u8) -> EdgeBits {
        if !self.kept(g, 1 << p) {
            self.roads[p as usize] = g.road_spots(p);
        }
        debug_assert_eq!(self.roads[p as usize], g.road_spots(p));
        self.roads[p as usize]
    }

    #[inline(always)]
    fn settlement_sites(&mut self, g: &Game, p: u8) -> NodeBits {
        if !self.kept(g, 1 << (SITES + p as u32)) {
            self.sites[p as usize] = g.settlement_sites(p);
        }
        debug_assert_eq!(self.sites[p as usize], g.settlement_sites(p));
        self.sites[p as usize]
    }

    #[inline(always)]
    fn hex_owners<R>(
        &mut self,
        g: &Game,
        eligible: u8,
        f: impl FnOnce(&[u8; MAX_HEXES]) -> R,
    ) -> R {
        if eligible == 0 {
            return f(&[0; MAX_HEXES]);
        }
        if !self.kept(g, OWNERS) {
            self.owners = [0; MAX_HEXES];
            g.hex_owners(&mut self.owners);
        }
        #[cfg(debug_assertions)]
        {
            let mut fresh = [0u8; MAX_HEXES];
            g.hex_owners(&mut fresh);
            debug_assert_eq!(self.owners, fresh);
        }
        f(&self.owners)
    }
}
