//! A listing memo held by the caller beside its action buffer: the parts of the legal-action
//! listing that depend on the board's pieces alone, kept from one listing to the next.
//!
//! Most of a listing is worked out again from the packed node and edge owners at every
//! step (each player's road spots and settlement sites, the buildings around each hex that
//! the robber's victims come from), although the pieces change in only about sixty of the
//! ~950 actions of a random game. It also keeps each seat's robber moves (after a 7 and
//! with a knight) over every land hex, while the opponents holding cards stay the same: a
//! listing copies them, leaving out the robber's own hex, and a new settlement of a seat
//! they could rob adds it as a victim at its hexes in place. [`ListingMemo`] keeps those
//! results together with a copy
//! of the owners they came from and the board they are on; at the next listing it compares
//! the owners by content (a few words on the base boards), reuses what it holds when
//! nothing moved, and brings it up to date when pieces were added. The game's state carries nothing for it (no counter, no field), so its
//! size and clone cost do not change, and a memo may be used with any game: a listing with
//! a memo is the listing without one, in the same order, whatever the memo holds (a debug
//! build compares every reused result with the one worked out again;
//! `tests/listing_memo.rs` plays random games both ways). On open-sea maps (Seafarers) it
//! keeps nothing that depends on a ship, so ships built or moved change nothing it holds:
//! the road spots are kept as if no ship stood anywhere (the listing takes the edges
//! holding a ship away), the settlement sites as those at the ends of each seat's roads
//! (the listing adds the free sites at the ends of its ships, which the sea state keeps),
//! and the robber's moves depend on the buildings alone.
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

use super::legal::Out;
use super::Game;
use crate::action::Action;
use crate::bits::{EdgeBits, EdgeNibbles, NodeBits, NodeNibbles};
use crate::board::{Board, EdgeId, HexId, NodeId, MAX_HEXES};
use crate::game::robber::robber_action;
use crate::game::ships::SHIP;
use crate::game::NONE;
use crate::types::{Player, MAX_PLAYERS};

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
    fn hex_owners<R>(&mut self, g: &Game, eligible: u8, f: impl FnOnce(&[u8; MAX_HEXES]) -> R)
        -> R;
    /// The robber moves of `player` (a knight's when `knight`) in the common case
    /// ([`Game::push_common_robber_moves`]: the robber neither friendly nor external),
    /// with `eligible` (the opponents holding cards) not empty.
    fn robber_moves<O: Out>(
        &mut self,
        g: &Game,
        player: Player,
        knight: bool,
        eligible: u8,
        out: &mut O,
    );
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

    #[inline(always)]
    fn robber_moves<O: Out>(
        &mut self,
        g: &Game,
        player: Player,
        knight: bool,
        eligible: u8,
        out: &mut O,
    ) {
        let mut owners = [0u8; MAX_HEXES];
        g.hex_owners(&mut owners);
        push_robber_moves_from(g, player, knight, eligible, &owners, out);
    }
}

/// Results kept valid: bit `p` the road spots of seat `p`, bit `SITES + p` its settlement
/// sites, `OWNERS` the hexes' owners, `FREE` the free sites (open-sea maps).
const SITES: u32 = 8;
const OWNERS: u32 = 1 << 16;
const FREE: u32 = 1 << 17;

/// The most robber moves kept for one seat and kind (a 7's or a knight's): every land hex
/// of the standard board (19) with up to three victims each fits, and nearly always those
/// of the five-six player board (30); a longer list is listed afresh each time.
const ROBBER_MOVES: usize = 96;

/// One seat's robber moves of one kind over every land hex, the robber's included (see
/// [`ListingMemo::robber_moves`]).
#[derive(Clone)]
struct RobberMoves {
    /// The [`ListingMemo::generation`] of the hexes' owners the moves came from (0: none
    /// kept).
    generation: u64,
    /// The opponents holding cards when they were listed.
    eligible: u8,
    /// The [`ListingMemo::boards`] when `at` was last cleared (0: never): within one board
    /// every listing writes each land hex's entry, and the others stay empty.
    board: u64,
    /// How many moves are kept.
    len: u8,
    /// Where each hex's moves start and end in the list (both 0 for a hex not listed).
    at: [(u8, u8); 256],
}

/// Each seat's robber moves of both kinds, and the moves themselves (`ROBBER_MOVES` places
/// each): about 24 KB, on the heap.
#[derive(Clone)]
struct RobberStore {
    /// After a 7 (`2 p`) and with a knight (`2 p + 1`).
    kept: [RobberMoves; 2 * MAX_PLAYERS],
    moves: [Action; 2 * MAX_PLAYERS * ROBBER_MOVES],
}

impl RobberStore {
    /// A building of `q` added at `added` (each hex with its owners before): the moves of
    /// each seat and kind listed from the owners of `generation` are made the moves from
    /// the new owners. Those that could not rob `q` are the same; those that could get `q`
    /// as a victim at each of the hexes (the move without a victim becomes the move
    /// robbing `q`, or the move robbing `q` is inserted among the others in seat order,
    /// as [`Game::push_common_robber_moves`] lists them). Moves that do not fit, or all
    /// those that could rob `q` when `patch` is false, are dropped (listed again when next
    /// asked for).
    fn add_victim(
        &mut self,
        board: &Board,
        generation: u64,
        added: &[(HexId, u8)],
        q: u8,
        patch: bool,
    ) {
        for (k, kept) in self.kept.iter_mut().enumerate() {
            if kept.generation != generation {
                continue;
            }
            if kept.eligible & (1 << q) != 0 {
                let moves = &mut self.moves[k * ROBBER_MOVES..][..ROBBER_MOVES];
                let (knight, player) = (k % 2 == 1, Player((k / 2) as u8));
                let whole = patch
                    && added.iter().all(|&(hex, had)| {
                        let action = robber_action(knight, player, hex, Some(Player(q)), None);
                        kept.add_victim(moves, board.land(), hex, had & kept.eligible, q, action)
                    });
                if !whole {
                    kept.generation = 0;
                    continue;
                }
            }
            kept.generation += 1;
        }
    }
}

impl RobberMoves {
    /// Writes `action`, the move robbing `q` at `hex`, into the kept moves, where the
    /// victims were `victims` (without `q`); `false` when the moves were not kept whole
    /// (the hex not listed, or no room for one more).
    fn add_victim(
        &mut self,
        moves: &mut [Action],
        land: &[HexId],
        hex: HexId,
        victims: u8,
        q: u8,
        action: Action,
    ) -> bool {
        let (from, to) = self.at[hex.index()];
        let (from, to, len) = (from as usize, to as usize, self.len as usize);
        if from >= to || to > len {
            return false;
        }
        if victims == 0 {
            // The hex's one move, without a victim, becomes the move robbing `q`.
            moves[from] = action;
            return true;
        }
        if len == moves.len() {
            return false;
        }
        // After the moves robbing the seats before `q`.
        let pos = from + (victims & ((1 << q) - 1)).count_ones() as usize;
        moves.copy_within(pos..len, pos + 1);
        moves[pos] = action;
        self.len += 1;
        for &x in land {
            let at = &mut self.at[x.index()];
            if x == hex {
                at.1 += 1;
            } else if at.0 as usize >= pos && at.1 > at.0 {
                at.0 += 1;
                at.1 += 1;
            }
        }
        true
    }
}

impl RobberStore {
    /// Out of line and cold: built in place here, the store's 24 KB would otherwise make
    /// every robber listing's frame that large (a stack probe per page at each call).
    #[cold]
    #[inline(never)]
    fn boxed() -> Box<RobberStore> {
        Box::new(RobberStore {
            kept: [const {
                RobberMoves {
                    generation: 0,
                    eligible: 0,
                    board: 0,
                    len: 0,
                    at: [(0, 0); 256],
                }
            }; 2 * MAX_PLAYERS],
            moves: [Action::EndTurn { player: Player(0) }; 2 * MAX_PLAYERS * ROBBER_MOVES],
        })
    }
}

/// The caller's memo of the piece-dependent parts of a listing (see the module notes): pass
/// it to [`Game::legal_actions_with`] or [`Game::legal_actions_without_offers_with`] at
/// every step of a loop, for one game or several in turn. About 1.4 KB, and about 24 KB of
/// kept robber moves on the heap: allocated once by [`ListingMemo::new`] (a loop keeps one
/// next to its `Vec<Action>`, and stepping allocates nothing), or at the first robber
/// listing by [`ListingMemo::lazy`] (a memo made with each copy of a game, most of which
/// never list the robber).
#[derive(Clone)]
pub struct ListingMemo {
    /// The board the results are on; holding it keeps its address from being reused by
    /// another board while the memo compares against it.
    board: Option<Arc<Board>>,
    /// The owners the results were worked out from.
    nodes: NodeNibbles,
    edges: EdgeNibbles,
    /// On open-sea maps, the roads on the board (every seat's count) when the inputs were
    /// taken: a count that changed says at once that a road was built since.
    roads_placed: u32,
    /// Which results are kept (the bits above).
    valid: u32,
    roads: [EdgeBits; MAX_PLAYERS],
    /// Each seat's settlement sites; on open-sea maps those at the ends of its roads only
    /// (the listing adds the free sites at the ends of its ships, from the sea state).
    sites: [NodeBits; MAX_PLAYERS],
    /// On open-sea maps, the nodes that are settlement sites for whoever reaches them
    /// ([`Game::is_site`]): they depend on the buildings alone.
    free: NodeBits,
    owners: [u8; MAX_HEXES],
    /// Counts the changes of `owners` (worked out again, or a settlement added), so that
    /// the robber moves know whether they were listed from the owners held now.
    generation: u64,
    /// Counts the boards the memo has taken (see [`RobberMoves::board`]).
    boards: u64,
    /// Counts the renewals ([`ListingMemo::renew`]): the tests see which listings were
    /// answered without one.
    #[cfg(test)]
    renewals: u64,
    /// Each seat's robber moves after a 7 and with a knight, over every land hex (none
    /// until allocated: see [`ListingMemo::lazy`]).
    robber: Option<Box<RobberStore>>,
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
    /// An empty memo: its first use with a game works everything out. It allocates its store
    /// of robber moves now, so that the listings it serves allocate nothing.
    pub fn new() -> ListingMemo {
        ListingMemo {
            robber: Some(RobberStore::boxed()),
            ..ListingMemo::lazy()
        }
    }

    /// An empty memo that allocates its store of robber moves at the first robber listing
    /// that keeps them: cheap to make (no allocation) for a memo made with each copy of a
    /// game, as Python's `Game` does; the lists are the same as with [`ListingMemo::new`].
    pub fn lazy() -> ListingMemo {
        ListingMemo {
            board: None,
            nodes: NodeNibbles::ZERO,
            edges: EdgeNibbles::ZERO,
            roads_placed: 0,
            valid: 0,
            roads: [EdgeBits::empty(0); MAX_PLAYERS],
            sites: [NodeBits::empty(0); MAX_PLAYERS],
            free: NodeBits::empty(0),
            owners: [0; MAX_HEXES],
            generation: 1,
            boards: 1,
            #[cfg(test)]
            renewals: 0,
            robber: None,
        }
    }

    /// Whether the result `bit` is kept for `g`'s pieces; marks it kept from here on (the
    /// caller then works it out when it was not). Changed pieces change what they touch
    /// ([`ListingMemo::renew`]).
    #[inline(always)]
    fn kept(&mut self, g: &Game, bit: u32) -> bool {
        let board = &*g.board;
        let wn = board.nodes().len().div_ceil(16);
        let we = board.edges().len().div_ceil(16);
        let same = self
            .board
            .as_ref()
            .is_some_and(|b| Arc::ptr_eq(b, &g.board))
            && self.nodes.same_blocks(&g.nodes, wn);
        if !(same && self.edges.same_blocks(&g.edges, we)) {
            if !board.open_sea() {
                self.renew(g, wn, we);
            } else if !(same && self.take_ships(g, we)) {
                self.renew_at_sea(g, wn, we);
            }
        }
        let kept = self.valid & bit != 0;
        self.valid |= bit;
        kept
    }

    /// Takes `g`'s pieces (and board) as the memo's inputs, bringing the kept results up
    /// to date with the pieces added since (pieces are only ever added on a board, but for
    /// a moved ship):
    ///
    /// - a settlement of `q` on node `n` takes `n` and its neighbours out of every
    ///   settlement site and the free sites (the distance rule), adds `n`'s empty edges
    ///   to `q`'s road spots, adds `q` to the owners of `n`'s hexes (the robber moves kept for a seat and kind
    ///   that could not rob `q` stay valid, and those that could get `q` as a victim
    ///   there: [`RobberStore::add_victim`]), and drops the road spots of the others
    ///   with a road at `n` (a building breaks their way there); a city changes nothing
    ///   the memo holds;
    /// - a road of `q` on edge `e` adds to `q`'s road spots and settlement sites (its
    ///   ends), and takes `e` out of everyone's road spots: a road does not block
    ///   another's way, only a building does (Base rules 'Building');
    /// - on open-sea maps a ship built, or gone from its edge (Seafarers: a moved ship),
    ///   changes nothing the memo holds ([`ListingMemo::ships_only`]): the road spots are
    ///   kept as if no ship stood anywhere ([`Game::road_spots_under_ships`]; the listing
    ///   takes the edges holding a ship away), the sites as those at the ends of the
    ///   seat's roads (the listing adds the free sites, `free`, at the ends of its ships),
    ///   and the hexes' owners and the robber moves depend on the buildings alone.
    ///
    /// Anything else (another board, a building or road gone) drops every result. Each update
    /// asks the rule's own file ([`Game::road_spots_at`], [`Game::is_site`]) on the new
    /// pieces.
    ///
    #[cold]
    #[inline(never)]
    fn renew(&mut self, g: &Game, wn: usize, we: usize) {
        #[cfg(test)]
        {
            self.renewals += 1;
        }
        let same = self
            .board
            .as_ref()
            .is_some_and(|b| Arc::ptr_eq(b, &g.board));
        let keep = if same {
            self.update(g, wn, we)
        } else {
            self.board = Some(Arc::clone(&g.board));
            self.boards += 1;
            0
        };
        // Only the words in use on this board are ever compared, in blocks of four
        // (`Nibbles::same_blocks`).
        let (bn, be) = (wn.next_multiple_of(4), we.next_multiple_of(4));
        self.nodes.0[..bn].copy_from_slice(&g.nodes.0[..bn]);
        self.edges.0[..be].copy_from_slice(&g.edges.0[..be]);
        self.valid = keep;
    }

    /// On an open-sea map with the memo's board and buildings, takes `g`'s edges as the
    /// memo's inputs when only ships were built or moved, and says whether it did:
    /// nothing kept depends on them ([`ListingMemo::ships_only`]), so the new edges are
    /// the inputs as they are (otherwise the caller renews).
    #[inline(never)]
    fn take_ships(&mut self, g: &Game, we: usize) -> bool {
        let only = self.ships_only(g, we);
        if only {
            let be = we.next_multiple_of(4);
            self.edges.0[..be].copy_from_slice(&g.edges.0[..be]);
        }
        only
    }

    /// [`ListingMemo::renew`] on an open-sea map, which also counts the roads taken in.
    #[cold]
    #[inline(never)]
    fn renew_at_sea(&mut self, g: &Game, wn: usize, we: usize) {
        self.renew(g, wn, we);
        self.roads_placed = roads_placed(g);
    }

    /// On an open-sea map, with the memo's board and buildings and only edges changed,
    /// whether only ships changed (no road): then every result kept stays valid without
    /// a renewal. On open-sea maps none depends on a ship: the hexes' owners (and so the
    /// robber moves) depend on the buildings alone, the road spots are kept as if no ship
    /// stood anywhere ([`Game::road_spots_under_ships`]; the listing takes the edges
    /// holding a ship away) and the settlement sites as those at the ends of the seat's
    /// roads (the listing adds those at the ends of its ships, from the sea state).
    #[inline(always)]
    fn ships_only(&self, g: &Game, we: usize) -> bool {
        // A road built since (the common case when one changed) without a look at the edges;
        // the same count still needs the edges (the count is only a hint).
        if roads_placed(g) != self.roads_placed {
            return false;
        }
        let (old, new) = (&self.edges.0[..we], &g.edges.0[..we]);
        let mut differ = 0;
        for k in changed_words(old, new) {
            differ |= roads_only(old[k]) ^ roads_only(new[k]);
        }
        differ == 0
    }

    /// The results still valid after the changes from the memo's pieces to `g`'s, brought
    /// up to date (see [`ListingMemo::renew`]).
    fn update(&mut self, g: &Game, wn: usize, we: usize) -> u32 {
        let board = &*g.board;
        let mut keep = self.valid;
        for k in changed_words(&self.nodes.0[..wn], &g.nodes.0[..wn]) {
            let (old, new) = (self.nodes.0[k], g.nodes.0[k]);
            for_each_changed(old, new, |i, was, now| {
                if was != 0 {
                    // A city on one's own settlement, or a change no rule makes.
                    if now == 0 || was & 7 != now & 7 {
                        keep = 0;
                    }
                    return;
                }
                let n = NodeId((16 * k + i) as u8);
                let q = (now & 7) - 1;
                let info = board.node(n);
                for sites in &mut self.sites {
                    sites.remove(n.index());
                    for m in info.neighbors() {
                        sites.remove(m.index());
                    }
                }
                if board.open_sea() {
                    self.free.remove(n.index());
                    for m in info.neighbors() {
                        self.free.remove(m.index());
                    }
                }
                // Robber moves listed from the owners held until now stay the moves from
                // the new owners for a seat and kind that could not rob `q` (`q` itself,
                // or `q` then without cards); for one that could, `q` is added as a
                // victim at each hex of `n` it did not yet own (kept owners only).
                let mut added = [(HexId(0), 0u8); 3];
                let mut count = 0;
                for h in info.hexes_padded() {
                    let had = self.owners[h as usize];
                    if had & (1 << q) != 0 {
                        // Already an owner there (or the padding's repeat).
                        continue;
                    }
                    self.owners[h as usize] = had | 1 << q;
                    added[count] = (HexId(h), had);
                    count += 1;
                }
                if let Some(store) = &mut self.robber {
                    let patch = self.valid & OWNERS != 0;
                    store.add_victim(board, self.generation, &added[..count], q, patch);
                }
                self.generation += 1;
                g.road_spots_at(q, n, &mut self.roads[q as usize]);
                for e in info.edges() {
                    let v = g.edges.get(e.index()) & 7;
                    if v != 0 && v != q + 1 {
                        keep &= !(1 << (v - 1));
                    }
                }
            });
        }
        for k in changed_words(&self.edges.0[..we], &g.edges.0[..we]) {
            let (old, new) = (self.edges.0[k], g.edges.0[k]);
            for_each_changed(old, new, |i, was, now| {
                let e = 16 * k + i;
                let sea = board.open_sea();
                if was != 0 {
                    // A moved ship gone from its edge changes nothing kept on an open-sea
                    // map; off one no rule moves a ship.
                    if !(was & SHIP != 0 && now == 0 && sea) {
                        keep = 0;
                    }
                    return;
                }
                // A ship on an open-sea map changes nothing kept (see
                // [`ListingMemo::ships_only`]); off one it counts as a road does.
                if now & SHIP != 0 && sea {
                    return;
                }
                let q = (now & 7) - 1;
                let ends = board.edge(EdgeId(e as u16)).nodes;
                if now & SHIP == 0 {
                    for n in ends {
                        g.road_spots_at(q, n, &mut self.roads[q as usize]);
                    }
                }
                for n in ends {
                    if g.is_site(n) {
                        self.sites[q as usize].insert(n.index());
                    }
                }
                // A road takes its edge from everyone's road spots.
                for spots in &mut self.roads {
                    spots.remove(e);
                }
            });
        }
        keep
    }
}

/// The roads on `g`'s board, by the seats' counts.
#[inline(always)]
fn roads_placed(g: &Game) -> u32 {
    g.seats.iter().map(|s| u32::from(s.roads)).sum()
}

/// The settlement sites of a seat on an open-sea map: those at the ends of its roads
/// (`roads`) and the free sites (`free`) at the ends of its ships (`ends`).
#[inline(always)]
fn ship_sites(roads: &NodeBits, ends: &NodeBits, free: &NodeBits) -> NodeBits {
    let mut sites = *roads;
    for (s, (e, f)) in sites.w.iter_mut().zip(ends.w.iter().zip(&free.w)) {
        *s |= e & f;
    }
    sites
}

/// An edge word with its ships' nibbles cleared: the roads alone.
#[inline(always)]
fn roads_only(w: u64) -> u64 {
    const SHIPS: u64 = 0x8888_8888_8888_8888;
    w & !(((w & SHIPS) >> 3) * 15)
}

/// The indices of the words that differ between `old` and `new` (at most 64 words), in
/// order: found in one tight pass, so that the walk over the changed words (most often
/// one, a piece being added at a time) does not carry its state through every word.
#[inline(always)]
fn changed_words(old: &[u64], new: &[u64]) -> impl Iterator<Item = usize> {
    let mut changed = 0u64;
    for (k, (a, b)) in old.iter().zip(new).enumerate() {
        changed |= u64::from(a != b) << k;
    }
    std::iter::from_fn(move || {
        (changed != 0).then(|| {
            let k = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            k
        })
    })
}

/// Calls `f(i, was, now)` for every nibble `i` of a word that differs between `old` and
/// `new`.
#[inline(always)]
fn for_each_changed(old: u64, new: u64, mut f: impl FnMut(usize, u8, u8)) {
    let x = old ^ new;
    // Most words did not change (one piece is added at a time).
    if x == 0 {
        return;
    }
    // Bit 0 of every changed nibble.
    let mut z = (x | x >> 1 | x >> 2 | x >> 3) & 0x1111_1111_1111_1111;
    while z != 0 {
        let s = z.trailing_zeros();
        z &= z - 1;
        f(
            (s >> 2) as usize,
            ((old >> s) & 15) as u8,
            ((new >> s) & 15) as u8,
        );
    }
}

impl Spots for ListingMemo {
    #[inline(always)]
    fn road_spots(&mut self, g: &Game, p: u8) -> EdgeBits {
        let sea = g.board.open_sea();
        if !self.kept(g, 1 << p) {
            self.roads[p as usize] = if sea {
                g.road_spots_under_ships(p)
            } else {
                g.road_spots(p)
            };
        }
        let mut spots = self.roads[p as usize];
        if sea {
            // Kept as if no ship stood anywhere: the edges holding one taken away (every
            // seat's ships, the empty sets of seats not playing included: a fixed count).
            for ships in &g.sea_pieces().ships {
                for (a, b) in spots.w.iter_mut().zip(&ships.w) {
                    *a &= !*b;
                }
            }
        }
        debug_assert_eq!(spots, g.road_spots(p));
        spots
    }

    #[inline(always)]
    fn settlement_sites(&mut self, g: &Game, p: u8) -> NodeBits {
        if g.board.open_sea() {
            return self.settlement_sites_at_sea(g, p);
        }
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
        self.renew_owners(g);
        f(&self.owners)
    }

    #[inline(always)]
    fn robber_moves<O: Out>(
        &mut self,
        g: &Game,
        player: Player,
        knight: bool,
        eligible: u8,
        out: &mut O,
    ) {
        self.renew_owners(g);
        let k = 2 * player.index() + knight as usize;
        let store = self.robber.get_or_insert_with(RobberStore::boxed);
        let kept = &mut store.kept[k];
        let moves = &mut store.moves[k * ROBBER_MOVES..][..ROBBER_MOVES];
        if kept.generation != self.generation || kept.eligible != eligible {
            if kept.board != self.boards {
                // Another board: its sea hexes may hold the last board's entries.
                kept.at = [(0, 0); 256];
                kept.board = self.boards;
            }
            let mut fill = Fill { buf: moves, len: 0 };
            let mut from = 0u8;
            let at = &mut kept.at;
            let done = |hex: HexId, f: &Fill<'_>| {
                at[hex.index()] = (from, f.len as u8);
                from = f.len as u8;
            };
            let owners = &self.owners;
            if knight {
                g.push_common_robber_moves::<true, _>(
                    player, eligible, owners, NONE, &mut fill, done,
                );
            } else {
                g.push_common_robber_moves::<false, _>(
                    player, eligible, owners, NONE, &mut fill, done,
                );
            }
            if fill.len > ROBBER_MOVES {
                // Too many to keep: listed as without a memo.
                kept.generation = 0;
                return push_robber_moves_from(g, player, knight, eligible, &self.owners, out);
            }
            kept.len = fill.len as u8;
            kept.generation = self.generation;
            kept.eligible = eligible;
        }
        let moves = &moves[..kept.len as usize];
        let (from, to) = kept.at[g.robber as usize];
        #[cfg(debug_assertions)]
        {
            // Without allocating (`tests/no_alloc.rs` steps debug builds too).
            let mut buf = [Action::EndTurn { player }; ROBBER_MOVES];
            let mut fresh = Fill {
                buf: &mut buf,
                len: 0,
            };
            <() as Spots>::robber_moves(&mut (), g, player, knight, eligible, &mut fresh);
            let kept = moves[..from as usize].iter().chain(&moves[to as usize..]);
            debug_assert!(kept.eq(&fresh.buf[..fresh.len]), "robber moves kept");
        }
        out.extend(&moves[..from as usize]);
        out.extend(&moves[to as usize..]);
    }
}

impl ListingMemo {
    /// [`Spots::settlement_sites`] on an open-sea map: those at the ends of the seat's
    /// roads are kept, and the free sites at the ends of its ships (the sea state's
    /// `ends`) added. Out of line: the base game's listing keeps its size.
    #[inline(never)]
    fn settlement_sites_at_sea(&mut self, g: &Game, p: u8) -> NodeBits {
        if !self.kept(g, 1 << (SITES + p as u32)) {
            self.sites[p as usize] = g.road_end_sites(p);
        }
        if self.valid & FREE == 0 {
            self.free = g.free_sites();
            self.valid |= FREE;
        }
        let ends = &g.sea_pieces().ends[p as usize];
        let sites = ship_sites(&self.sites[p as usize], ends, &self.free);
        debug_assert_eq!(sites, g.settlement_sites(p));
        sites
    }

    /// Brings the hexes' owners up to date for `g`'s pieces.
    #[inline(always)]
    fn renew_owners(&mut self, g: &Game) {
        if !self.kept(g, OWNERS) {
            self.owners = [0; MAX_HEXES];
            g.hex_owners(&mut self.owners);
            self.generation += 1;
        }
        #[cfg(debug_assertions)]
        {
            let mut fresh = [0u8; MAX_HEXES];
            g.hex_owners(&mut fresh);
            debug_assert_eq!(self.owners, fresh);
        }
    }
}

/// [`Game::push_common_robber_moves`] of `player` (a knight's when `knight`) at every land
/// hex but the robber's, from `owners`.
#[inline(always)]
fn push_robber_moves_from<O: Out>(
    g: &Game,
    player: Player,
    knight: bool,
    eligible: u8,
    owners: &[u8; MAX_HEXES],
    out: &mut O,
) {
    let robber = g.robber;
    if knight {
        g.push_common_robber_moves::<true, O>(player, eligible, owners, robber, out, |_, _| {});
    } else {
        g.push_common_robber_moves::<false, O>(player, eligible, owners, robber, out, |_, _| {});
    }
}

/// A listing sink writing into a slice.
struct Fill<'a> {
    buf: &'a mut [Action],
    len: usize,
}

impl Out for Fill<'_> {
    /// Writes `a` where there is room; counts it in any case (a count beyond the slice
    /// says the list did not fit).
    #[inline(always)]
    fn push(&mut self, a: Action) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = a;
        }
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::rules::Rules;
    use crate::tests::played;
    use crate::types::Resources;

    /// Every robber move (after a 7 and with a knight) of `p` with and without the memo.
    fn both(
        g: &Game,
        memo: &mut ListingMemo,
        p: Player,
        knight: bool,
    ) -> (Vec<Action>, Vec<Action>) {
        let (mut kept, mut fresh) = (Vec::new(), Vec::new());
        g.push_robber_moves(p, knight, memo, &mut kept);
        g.push_robber_moves(p, knight, &mut (), &mut fresh);
        (kept, fresh)
    }

    /// The robber goes to any land hex but its own, with any opponent there holding cards
    /// as the victim (Catan base rules, 5th ed., 'Rolling a 7 and Activating the Robber';
    /// 'Knight Cards'): the kept moves follow the robber, the hands and the buildings (and
    /// outlast a building of a seat they cannot rob).
    #[test]
    fn kept_robber_moves_follow_the_robber_the_hands_and_the_buildings() {
        for seed in 0..6 {
            let mut g = played(Rules::default(), seed, 0x7, 300);
            let mut memo = ListingMemo::new();
            let land: Vec<HexId> = g.board.land().to_vec();
            for p in (0..g.rules.players).map(Player) {
                for knight in [false, true] {
                    let k = 2 * p.index() + knight as usize;
                    for &hex in &land {
                        g.robber = hex.0;
                        let (kept, fresh) = both(&g, &mut memo, p, knight);
                        assert_eq!(kept, fresh);
                        assert!(kept.iter().all(|a| !matches!(a,
                            Action::MoveRobber { hex: h, .. } | Action::PlayKnight { hex: h, .. } if *h == hex)));
                    }
                    // One listing worked out for the seat and kind, then copied: the
                    // robber's moves did not change what is kept.
                    let kept = &memo.robber.as_ref().unwrap().kept[k];
                    assert_eq!(kept.generation, memo.generation);
                }
            }
            // An opponent's hand emptied: no longer a victim.
            let robs = |moves: &[Action], q: u8| {
                moves
                    .iter()
                    .any(|a| matches!(a, Action::MoveRobber { victim: Some(v), .. } if v.0 == q))
            };
            let (before, _) = both(&g, &mut memo, Player(0), false);
            let q = (1..g.rules.players).find(|&q| robs(&before, q)).unwrap();
            g.seats[q as usize].hand = Resources::EMPTY;
            let (kept, fresh) = both(&g, &mut memo, Player(0), false);
            assert_eq!(kept, fresh);
            assert!(!robs(&kept, q));
            // A new settlement: its owner becomes a victim at its hexes.
            let before = memo.generation;
            let mut site = None;
            g.settlement_sites(1).for_each(|n| site = site.or(Some(n)));
            if let Some(n) = site {
                // Seat 1's own moves, listed before its settlement: it never robs itself,
                // so they are kept across it, not listed again.
                both(&g, &mut memo, Player(1), false);
                g.nodes.set(n, 2);
                let (kept, fresh) = both(&g, &mut memo, Player(0), true);
                assert_eq!(kept, fresh);
                assert!(memo.generation > before);
                let own = &memo.robber.as_ref().unwrap().kept[2];
                assert_eq!(own.generation, memo.generation);
                let (kept, fresh) = both(&g, &mut memo, Player(1), false);
                assert_eq!(kept, fresh);
            }
        }
    }

    /// A settlement makes its owner a victim at its hexes for the seats that may rob it
    /// (Catan base rules, 5th ed., 'Rolling a 7 and Activating the Robber': any opponent
    /// with a building at the hex, holding cards): one memo kept over whole games, the
    /// moves it holds for such a seat and kind are brought up to date in place as the
    /// settlement is seen (they stay current, not listed again) and equal the moves listed
    /// afresh, at every step.
    #[test]
    fn kept_robber_moves_take_a_new_settlement_in_place() {
        let mut patched = 0;
        for seed in 0..6 {
            let mut g = Game::new(Rules::default(), seed).unwrap();
            let mut memo = ListingMemo::new();
            let mut rng = crate::rng::Rng::new(seed);
            let mut legal = Vec::new();
            for _ in 0..3000 {
                if g.winner().is_some() {
                    break;
                }
                let setup = g.phase == Phase::SetupSettlement || g.phase == Phase::SetupRoad;
                if !setup {
                    // Every seat's moves of both kinds kept from the same owners.
                    for p in (0..g.rules.players).map(Player) {
                        for knight in [false, true] {
                            let (kept, fresh) = both(&g, &mut memo, p, knight);
                            assert_eq!(kept, fresh);
                        }
                    }
                }
                g.legal_actions_without_offers_with(&mut memo, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                let current: Vec<bool> = memo.robber.as_ref().unwrap().kept[..]
                    .iter()
                    .map(|k| k.generation == memo.generation)
                    .collect();
                g.apply(a).unwrap();
                let Action::BuildSettlement { player: q, .. } = a else {
                    continue;
                };
                if setup {
                    continue;
                }
                memo.renew_owners(&g);
                for (k, &was) in current.iter().enumerate() {
                    let kept = &memo.robber.as_ref().unwrap().kept[k];
                    if was && kept.eligible & (1 << q.0) != 0 {
                        // Could rob the builder: kept (within 96 moves), and right.
                        assert_eq!(kept.generation, memo.generation, "seat and kind {k}");
                        let (p, knight) = (Player((k / 2) as u8), k % 2 == 1);
                        let (kept, fresh) = both(&g, &mut memo, p, knight);
                        assert_eq!(kept, fresh);
                        patched += 1;
                    }
                }
            }
        }
        assert!(patched > 20, "{patched} kept lists took a settlement");
    }

    /// A moved ship takes nothing from the memo but what it changes (Seafarers rules,
    /// 'Moving Ships': the open ship leaves its edge, which is empty again; Catan base
    /// rules, 'Building': a road joins the owner's network at an end free of opponents'
    /// buildings; Seafarers, 'Building Settlements': at the end of one's roads or ships).
    /// One memo is kept over whole New Shores games; at every step each seat's road spots
    /// and settlement sites from the memo equal the ones worked out from the board, and
    /// across every ship moved the robber moves and road spots it held stay current (not
    /// worked out again).
    #[test]
    fn kept_results_outlast_a_moved_ship() {
        use crate::scenario::Scenario;
        let (mut moved, mut coast) = (0, 0);
        for seed in 0..8 {
            let rules = Rules::scenario(Scenario::NewShores);
            let mut g = Game::new(rules, seed).unwrap();
            let mut memo = ListingMemo::new();
            let mut rng = crate::rng::Rng::new(seed);
            let mut legal = Vec::new();
            for _ in 0..4000 {
                if g.winner().is_some() {
                    break;
                }
                for p in 0..g.rules.players {
                    assert_eq!(memo.road_spots(&g, p), g.road_spots(p));
                    assert_eq!(memo.settlement_sites(&g, p), g.settlement_sites(p));
                    for knight in [false, true] {
                        let (kept, fresh) = both(&g, &mut memo, Player(p), knight);
                        assert_eq!(kept, fresh);
                    }
                }
                g.legal_actions_without_offers_with(&mut memo, &mut legal);
                let a = legal[rng.below(legal.len() as u32) as usize];
                let robber: Vec<u64> = memo.robber.as_ref().unwrap().kept[..]
                    .iter()
                    .map(|k| k.generation)
                    .collect();
                let generation = memo.generation;
                g.apply(a).unwrap();
                let Action::MoveShip { from, .. } = a else {
                    continue;
                };
                // The memo takes the move in (the roads' bits are all kept before it).
                memo.road_spots(&g, 0);
                assert_eq!(memo.generation, generation, "the hexes' owners stay");
                for (k, kept) in memo.robber.as_ref().unwrap().kept.iter().enumerate() {
                    assert_eq!(kept.generation, robber[k], "seat and kind {k}");
                }
                for p in 0..g.rules.players {
                    assert!(memo.valid & 1 << p != 0, "road spots of seat {p} kept");
                    let sites = 1 << (SITES + u32::from(p));
                    assert!(memo.valid & sites != 0, "sites of seat {p} kept");
                }
                moved += 1;
                coast += usize::from(g.board.land_edges().contains(from.index()));
            }
        }
        assert!(
            moved > 300 && coast > 20,
            "{moved} ships moved, {coast} off a coast"
        );
    }

    /// Seafarers rules, 'Ships' (a ship stands along the sea and blocks no road) and Catan
    /// base rules, 'Building' (road spots) and 'Rolling a 7 and Activating the Robber' (the
    /// robber's victims come from the buildings): on an open-sea map the hexes' owners and
    /// the road spots kept are used without a renewal while no building changed (and, for
    /// the road spots, no edge a road may take), and stay equal to the ones worked out
    /// from the board. One memo over New Shores games that favour ships: at every step
    /// every seat's robber moves of both kinds and then its road spots are asked for
    /// first (before anything renews the memo) and compared with fresh ones; the steps at
    /// which the memo answered with pieces changed since its inputs are counted.
    #[test]
    fn kept_owners_and_road_spots_outlast_ships_at_sea() {
        use crate::scenario::Scenario;
        let (mut owners_unrenewed, mut roads_unrenewed) = (0, 0);
        for seed in 0..6 {
            let mut g = Game::new(Rules::scenario(Scenario::NewShores), seed).unwrap();
            let mut memo = ListingMemo::new();
            let mut rng = crate::rng::Rng::new(seed ^ 0x0dd5);
            let mut legal = Vec::new();
            for _ in 0..4000 {
                if g.winner().is_some() {
                    break;
                }
                let (changed, renewals) = (memo.edges != g.edges, memo.renewals);
                for p in 0..g.rules.players {
                    for knight in [false, true] {
                        let (kept, fresh) = both(&g, &mut memo, Player(p), knight);
                        assert_eq!(kept, fresh);
                    }
                }
                owners_unrenewed += usize::from(changed && memo.renewals == renewals);
                for p in 0..g.rules.players {
                    assert_eq!(memo.road_spots(&g, p), g.road_spots(p));
                }
                roads_unrenewed += usize::from(changed && memo.renewals == renewals);
                g.legal_actions_without_offers_with(&mut memo, &mut legal);
                // A ship build or move one time in two when listed.
                let a = crate::tests::pick_favouring_ships(&legal, &mut rng, 1, 2);
                g.apply(a).unwrap();
            }
        }
        assert!(
            owners_unrenewed > 500 && roads_unrenewed > 300,
            "{owners_unrenewed} robber listings and {roads_unrenewed} road listings kept"
        );
    }

    /// Seafarers rules, 'Ships' (a ship takes its edge, and is no part of a road network),
    /// 'Building Settlements' (a settlement goes at the end of one's road or ship) and
    /// Catan base rules, 'Building' (a road joins its owner's network at a building of
    /// theirs or at a road's end free of opponents' buildings): on open-sea maps the memo
    /// keeps each seat's road spots as if no ship stood anywhere and takes the edges
    /// holding a ship away at each listing, and keeps a seat's settlement sites at the ends
    /// of its roads, adding the free sites at the ends of its ships at each listing: it
    /// answers without a renewal while no building or road changed. One memo over
    /// random games of every open-sea scenario (favouring ships) and of the base game: at
    /// every step every seat's road spots and then its sites from the memo equal those
    /// worked out from the board; on open-sea maps the road spots kept equal the reference
    /// [`Game::road_spots_under_ships`] and, less the edges whose nibble holds a ship, the
    /// board's road spots. The steps at which the memo answered across changed ships
    /// without a renewal are counted, for the road spots and for the sites.
    #[test]
    fn road_spots_and_sites_kept_across_ships_match_the_board() {
        use crate::scenario::Scenario;
        let (mut steps, mut roads_across, mut sites_across) = (0, 0, 0);
        for scenario in [None].into_iter().chain(Scenario::ALL.map(Some)) {
            for seed in 0..3 {
                let rules = scenario.map_or(Rules::default(), Rules::scenario);
                let mut g = Game::new(rules, seed).unwrap();
                let mut memo = ListingMemo::new();
                let mut rng = crate::rng::Rng::new(seed ^ 0x5eaf);
                let mut legal = Vec::new();
                for _ in 0..3000 {
                    if g.winner().is_some() {
                        break;
                    }
                    let (inputs, renewals) = (memo.edges, memo.renewals);
                    for p in 0..g.rules.players {
                        let spots = memo.road_spots(&g, p);
                        assert_eq!(spots, g.road_spots(p), "seat {p}");
                        if g.board.open_sea() {
                            let kept = memo.roads[p as usize];
                            assert_eq!(kept, g.road_spots_under_ships(p), "seat {p}");
                            let mut free = kept;
                            kept.for_each(|e| free.put(e, g.edges.get(e) == 0));
                            assert_eq!(free, spots, "seat {p}");
                        }
                    }
                    roads_across += usize::from(memo.renewals == renewals && inputs != g.edges);
                    for p in 0..g.rules.players {
                        assert_eq!(memo.settlement_sites(&g, p), g.settlement_sites(p));
                        sites_across += usize::from(memo.renewals == renewals && inputs != g.edges);
                    }
                    steps += 1;
                    g.legal_actions_without_offers_with(&mut memo, &mut legal);
                    let a = crate::tests::pick_favouring_ships(&legal, &mut rng, 1, 2);
                    g.apply(a).unwrap();
                }
            }
        }
        assert!(
            steps > 20_000 && roads_across > 1_000 && sites_across > 200,
            "{steps} steps; answered across changed ships: road spots {roads_across}, sites {sites_across}"
        );
    }
}
