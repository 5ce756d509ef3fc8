//! Longest Road: the longest trail (no edge used twice) in one player's roads, which may end
//! at an opponent's building but never pass through it (Catan base rules, 5th ed.,
//! 'Longest Road'; docs/rulings.md §15). On a Seafarers map it is the Longest Trade Route:
//! roads and ships count together, but a road and a ship follow each other only at one of
//! the player's own settlements or cities (Seafarers rules, 'Longest Route').
//!
//! The player's roads are numbered `0..count` locally and their adjacency at each end is
//! precomputed as a bitmask, so the trail search is a depth-first search over `u32` masks.
//! Trails are started only where a longest trail can start: at a dead end, a fork, or a
//! blocked node (an opponent's building), plus one node of any component that has none
//! of those (a pure cycle). A trail starting at a passable node of degree 2 either extends
//! backwards (so it is not longest) or is closed, and a closed trail can be rotated to start
//! at any fork on it.

use crate::bits::{EdgeBits, EdgeNibbles, NodeNibbles};
use crate::board::{Board, EdgeId, NodeId, MAX_EDGES};
use crate::game::{Game, SHIP};
use crate::types::MAX_PLAYERS;

/// Most roads a player may have (docs/rulings.md §12); the trail search indexes them in a `u32`.
const MAX_ROADS: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trail {
    /// Node at each end of each local road.
    ends: [[u8; 2]; MAX_ROADS],
    /// Other local roads at each end that a trail may go on to: none at an opponent's
    /// building, so a search stops there without asking.
    adj: [[u32; 2]; MAX_ROADS],
    /// By end `k`, the roads whose end `k` is an opponent's building (a trail stops there).
    blocked: [u32; 2],
    /// Every road some search has used.
    covered: u32,
}

impl Trail {
    /// No road.
    const EMPTY: Trail = Trail {
        ends: [[0; 2]; MAX_ROADS],
        adj: [[0; 2]; MAX_ROADS],
        blocked: [0; 2],
        covered: 0,
    };

    /// Whether end `k` of road `i` is an opponent's building.
    #[inline(always)]
    fn blocked(&self, i: usize, k: usize) -> bool {
        self.blocked[k] >> i & 1 != 0
    }

    /// Notes whether end `k` of road `i` is an opponent's building.
    #[inline(always)]
    fn set_blocked(&mut self, i: usize, k: usize, on: bool) {
        self.blocked[k] = self.blocked[k] & !(1 << i) | (on as u32) << i;
    }

    /// The end of road `j` at node `node` (one of its ends).
    #[inline(always)]
    fn end_at(&self, j: usize, node: u8) -> usize {
        (self.ends[j][0] != node) as usize
    }

    /// Takes road `i` out of the adjacency of the roads at its ends (its own entries stay).
    fn unlink(&mut self, i: usize) {
        let bit = 1u32 << i;
        for k in 0..2 {
            let node = self.ends[i][k];
            let mut c = self.adj[i][k];
            while c != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                let kk = self.end_at(j, node);
                self.adj[j][kk] &= !bit;
            }
        }
    }

    /// Takes road `i` out of the first `count`, the last one taking its number.
    fn remove(&mut self, i: usize, count: usize) {
        let bit = 1u32 << i;
        self.unlink(i);
        let last = count - 1;
        if i != last {
            self.ends[i] = self.ends[last];
            self.adj[i] = self.adj[last];
            for k in 0..2 {
                let b = self.blocked(last, k);
                self.set_blocked(i, k, b);
                let node = self.ends[i][k];
                let mut c = self.adj[i][k];
                while c != 0 {
                    let j = c.trailing_zeros() as usize;
                    c &= c - 1;
                    let kk = self.end_at(j, node);
                    self.adj[j][kk] = self.adj[j][kk] & !(1 << last) | bit;
                }
            }
        }
        self.ends[last] = [0; 2];
        self.adj[last] = [0; 2];
        self.set_blocked(last, 0, false);
        self.set_blocked(last, 1, false);
    }

    /// A search for a tree: notes in `far` the farthest end reached (length, road,
    /// end) and sets `cycle` if the search comes back to a node already on its trail, giving
    /// up there.
    /// Where one road alone goes on, the search steps on in a loop; it recurses only at a
    /// fork.
    fn reach(
        &mut self,
        mut i: usize,
        mut k: usize,
        mut used: u32,
        mut len: u8,
        far: &mut (u8, usize, usize),
        cycle: &mut bool,
    ) {
        loop {
            self.covered |= used;
            if len > far.0 {
                *far = (len, i, k);
            }
            // Nothing follows at an opponent's building.
            let node = self.ends[i][k];
            let here = self.adj[i][k];
            if here & used != 0 {
                *cycle = true;
                return;
            }
            if here & here.wrapping_sub(1) == 0 {
                if here == 0 {
                    return;
                }
                let j = here.trailing_zeros() as usize;
                k = (self.ends[j][0] == node) as usize;
                i = j;
                used |= 1 << j;
                len += 1;
                continue;
            }
            let mut c = here;
            while c != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                let kk = (self.ends[j][0] == node) as usize;
                self.reach(j, kk, used | 1 << j, len + 1, far, cycle);
                if *cycle {
                    return;
                }
            }
            return;
        }
    }

    /// The farthest end of a trail starting at end `k` of road `i` (along every road at
    /// that node, or road `i` alone where the node is blocked), for a tree.
    fn sweep(&mut self, i: usize, k: usize, cycle: &mut bool) -> (u8, usize, usize) {
        let node = self.ends[i][k];
        let mut at = if self.blocked(i, k) {
            1 << i
        } else {
            self.adj[i][k] | 1 << i
        };
        let mut far = (0, i, k);
        while at != 0 {
            let j = at.trailing_zeros() as usize;
            at &= at - 1;
            let kk = (self.ends[j][0] == node) as usize;
            self.reach(j, kk, 1 << j, 1, &mut far, cycle);
            if *cycle {
                break;
            }
        }
        far
    }

    /// Whether the first `count` roads form a forest: a blocked node counts as one node per
    /// road ending there, and a forest has exactly as many trees as nodes less roads. The
    /// reference for the cycle test of [`longest_in_trees`].
    #[cfg(test)]
    fn is_forest(&self, count: usize) -> bool {
        let mut nodes = 0u32;
        let mut joined = [0u32; MAX_ROADS];
        for (i, join) in joined.iter_mut().enumerate().take(count) {
            for k in 0..2 {
                if self.blocked(i, k) {
                    nodes += 1;
                } else {
                    // One node per group of roads meeting there: counted at its lowest road.
                    nodes += (self.adj[i][k] & ((1u32 << i) - 1) == 0) as u32;
                    *join |= self.adj[i][k];
                }
            }
        }
        let mut trees = 0;
        let mut seen = 0u32;
        for i in 0..count {
            if seen >> i & 1 != 0 {
                continue;
            }
            trees += 1;
            seen |= reached(&joined, 1 << i);
        }
        nodes == count as u32 + trees
    }

    /// Whether pieces `set` make one trail using each of them once: joined through
    /// passable points, with at most two points where an odd number of them meet (a point
    /// is a node, or at a node where a road and a ship do not join each kind's pieces
    /// there; at an opponent's building each piece end is a point of its own). The
    /// reference for [`Route::trail`].
    #[cfg(test)]
    fn is_trail(&self, set: u32) -> bool {
        let mut odd = 0;
        let mut joined = [0u32; MAX_ROADS];
        let mut c = set;
        while c != 0 {
            let i = c.trailing_zeros() as usize;
            c &= c - 1;
            for k in 0..2 {
                if self.blocked(i, k) {
                    odd += 1;
                    continue;
                }
                let here = self.adj[i][k] & set;
                joined[i] |= here;
                // Each point once: at its lowest piece.
                if here & ((1u32 << i) - 1) == 0 {
                    odd += (here.count_ones() + 1) & 1;
                }
            }
        }
        if set == 0 {
            return true;
        }
        reached(&joined, 1 << set.trailing_zeros()) == set && odd <= 2
    }
}

/// The pieces reached from pieces `start` through `joined` (each piece's neighbours): the
/// component(s) of `start`, for the tests' references [`Trail::is_forest`] and
/// [`Trail::is_trail`].
#[cfg(test)]
fn reached(joined: &[u32; MAX_ROADS], start: u32) -> u32 {
    let (mut seen, mut todo) = (start, start);
    while todo != 0 {
        let j = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = joined[j] & !seen;
        seen |= new;
        todo |= new;
    }
    seen
}

/// Whether a trail may go from a player's piece of kind `a` to their piece of kind `b` at a
/// node, `own` saying whether the player's building stands there: two roads or two ships
/// anywhere, a road and a ship only at one's own building (Seafarers rules, 'Longest
/// Route').
#[inline(always)]
fn joins(own: bool, a: u8, b: u8) -> bool {
    own | ((a ^ b) & SHIP == 0)
}

/// Player `p`'s roads (and ships), numbered locally in edge order, with their adjacency.
#[inline]
fn build(game: &Game, p: u8) -> (Trail, [u16; MAX_ROADS], usize) {
    build_without(game, p, usize::MAX)
}

/// [`build`], leaving out the piece on edge `skip` (none when `skip` is no edge).
fn build_without(game: &Game, p: u8, skip: usize) -> (Trail, [u16; MAX_ROADS], usize) {
    let tag = p + 1;
    let board = &*game.board;
    let mut ids = [0u16; MAX_ROADS];
    let mut kinds = [0u8; MAX_ROADS];
    let mut count = 0;
    game.edges
        .for_each_matching(board.edges().len(), 0x07, tag, |e| {
            if count < MAX_ROADS && e != skip {
                ids[count] = e as u16;
                kinds[count] = game.edges.get(e);
                count += 1;
            }
        });
    let mut tr = Trail::EMPTY;
    // Each edge's local number, or none: one look-up per neighbouring edge.
    let mut local = [u8::MAX; MAX_EDGES];
    for (i, &id) in ids[..count].iter().enumerate() {
        local[id as usize] = i as u8;
    }
    for (i, &id) in ids[..count].iter().enumerate() {
        let e = board.edge(EdgeId(id));
        let kind = kinds[i];
        for k in 0..2 {
            let node = e.nodes[k];
            tr.ends[i][k] = node.0;
            let v = game.nodes.get(node.index());
            let blocked = v != 0 && v & 7 != tag;
            tr.set_blocked(i, k, blocked);
            let own = v & 7 == tag;
            let mut m = 0u32;
            for f in board.node(node).edges_padded() {
                let j = local[f as usize];
                if j != u8::MAX && f != id && joins(own, kind, kinds[j as usize]) {
                    m |= 1 << j;
                }
            }
            tr.adj[i][k] = if blocked { 0 } else { m };
        }
    }
    (tr, ids, count)
}

/// The length of player `p`'s longest road, from scratch.
pub(crate) fn longest_road(game: &Game, p: u8) -> u8 {
    longest_road_up_to(game, p, u8::MAX)
}

/// The length of player `p`'s longest road, from scratch, or `most` if it is `most` or
/// more: the search stops at the first trail that long.
fn longest_road_up_to(game: &Game, p: u8, most: u8) -> u8 {
    longest_road_up_to_without(game, p, most, usize::MAX)
}

/// [`longest_road_up_to`] with the piece on edge `skip` left out (none when `skip` is no
/// edge).
fn longest_road_up_to_without(game: &Game, p: u8, most: u8, skip: usize) -> u8 {
    let (tr, _, count) = build_without(game, p, skip);
    measure(tr, count, most)
}

/// The longest trail of the first `count` roads of `tr`, or `most` if it is `most` or more.
#[inline(always)]
fn measure(tr: Trail, count: usize, most: u8) -> u8 {
    measure_at_least(tr, count, most, 0)
}

/// [`measure`], given `floor`, a length some trail of the roads is known to reach.
#[inline(always)]
fn measure_at_least(mut tr: Trail, count: usize, most: u8, floor: u8) -> u8 {
    if count == 0 {
        return 0;
    }
    match longest_in_trees(&mut tr, count) {
        Some(best) => best.min(most),
        None => Segments::new(&tr, count).longest(most, floor),
    }
}

/// Where the first `count` roads of `tr` form trees, the longest trail; `None` where they
/// have a cycle. In a tree a trail is a path and the longest is the tree's diameter: the
/// farthest end from any node, then the farthest from that end (two searches per tree; a
/// blocked node counts as one node per road ending there). A search over every trail from a
/// node meets any cycle of the roads it reaches (the shortest path to the cycle, then round
/// it, comes back to a node on its own trail), and gives up at the first: a cycle anywhere
/// sends the roads to the general search ([`Segments`]).
fn longest_in_trees(tr: &mut Trail, count: usize) -> Option<u8> {
    let all = all_pieces(count);
    let mut best = 0;
    let mut cycle = false;
    while tr.covered & all != all {
        let i = (!tr.covered & all).trailing_zeros() as usize;
        let (_, j, k) = tr.sweep(i, 0, &mut cycle);
        if cycle {
            return None;
        }
        best = best.max(tr.sweep(j, k, &mut cycle).0);
        if cycle {
            return None;
        }
    }
    Some(best)
}

/// The set of local pieces `0..count` (`count` at most [`MAX_ROADS`]).
fn all_pieces(count: usize) -> u32 {
    u32::MAX
        .checked_shr((MAX_ROADS - count) as u32)
        .unwrap_or(0)
}

/// A player's pieces cut into chains for the search on a network with a cycle: a chain runs
/// through every passable node where exactly two of the pieces meet and may follow each
/// other, so a trail that enters a chain runs through all of it. A longest trail is made of
/// whole chains, from chain end to chain end (a trail starting inside a chain either extends
/// backwards or is closed, and a closed trail can be rotated to start at a chain end), so
/// the search walks chains instead of pieces: a handful of steps where there were dozens.
struct Segments {
    /// Chains.
    count: usize,
    /// Pieces in each chain.
    len: [u8; MAX_ROADS],
    /// Chain ends a trail may go on to from each chain end `2 s + j` (bit `2 s' + j'`:
    /// enter chain `s'` at its end `j'`); empty at an opponent's building.
    next: [u64; 2 * MAX_ROADS],
    /// Each piece end's chain end `2 s + j`, where it is one.
    end_id: [[u8; 2]; MAX_ROADS],
    /// Pieces in the longest component that has no chain end: a closed ring, all of it
    /// one trail.
    ring: u8,
}

impl Segments {
    fn new(tr: &Trail, count: usize) -> Segments {
        const NO: u8 = u8::MAX;
        // A piece end lies inside a chain: passable, and exactly one piece follows there.
        let through = |i: usize, k: usize| !tr.blocked(i, k) && tr.adj[i][k].count_ones() == 1;
        // The end of piece `j` at node `node`.
        let end_at = |j: usize, node: u8| (tr.ends[j][0] != node) as usize;
        let mut sg = Segments {
            count: 0,
            len: [0; MAX_ROADS],
            next: [0; 2 * MAX_ROADS],
            end_id: [[NO; 2]; MAX_ROADS],
            ring: 0,
        };
        // Walks on from end `out` of piece `r` while the end lies inside a chain and the next
        // piece is not walked yet: the last piece, its far end, and the pieces walked.
        let walk = |mut r: usize, mut out: usize, placed: &mut u32| {
            *placed |= 1 << r;
            let mut len = 1u8;
            while through(r, out) {
                let j = tr.adj[r][out].trailing_zeros() as usize;
                if *placed >> j & 1 != 0 {
                    break;
                }
                let kk = end_at(j, tr.ends[r][out]);
                *placed |= 1 << j;
                len += 1;
                r = j;
                out = 1 - kk;
            }
            (r, out, len)
        };
        let mut placed = 0u32;
        for i in 0..count {
            if placed >> i & 1 != 0 {
                continue;
            }
            let Some(k0) = (0..2).find(|&k| !through(i, k)) else {
                continue;
            };
            let s = sg.count;
            sg.count += 1;
            let (r, out, len) = walk(i, 1 - k0, &mut placed);
            sg.end_id[i][k0] = (2 * s) as u8;
            sg.end_id[r][out] = (2 * s + 1) as u8;
            sg.len[s] = len;
        }
        // What is left are closed rings of pieces meeting two by two.
        while placed != all_pieces(count) {
            let i = (!placed).trailing_zeros() as usize;
            let (_, _, len) = walk(i, 1, &mut placed);
            sg.ring = sg.ring.max(len);
        }
        let end_id = sg.end_id;
        for i in 0..count {
            for k in 0..2 {
                let t = end_id[i][k];
                if t == NO || tr.blocked(i, k) {
                    continue;
                }
                let node = tr.ends[i][k];
                let mut m = 0u64;
                let mut c = tr.adj[i][k];
                while c != 0 {
                    let j = c.trailing_zeros() as usize;
                    c &= c - 1;
                    // Where three or more pieces meet, each of them ends a chain there.
                    m |= 1 << end_id[j][end_at(j, node)];
                }
                sg.next[t as usize] = m;
            }
        }
        sg
    }

    /// The meeting point of chain end `t`, named by its lowest chain end: the chain ends
    /// that may follow each other there (where a road and a ship do not join, the node holds
    /// two points; at an opponent's building each end is a point of its own).
    #[inline(always)]
    fn point(&self, t: usize) -> u32 {
        (self.next[t] | 1 << t).trailing_zeros()
    }

    /// Notes in `best` the longest continuation after arriving at chain end `t` with chains
    /// `used` making `len` pieces; stops once `best` reaches `cap`.
    fn go(&self, t: usize, used: u32, len: u8, best: &mut u8, cap: u8) {
        *best = (*best).max(len);
        let mut c = self.next[t];
        while c != 0 && *best < cap {
            let x = c.trailing_zeros() as usize;
            c &= c - 1;
            let s = x >> 1;
            if used >> s & 1 == 0 {
                self.go(x ^ 1, used | 1 << s, len + self.len[s], best, cap);
            }
        }
    }

    /// The component of chain `s`: its chains, its pieces, and its points where an odd
    /// number of chains end (a dead end and an opponent's building are points where one
    /// chain ends).
    fn component(&self, s: usize) -> (u32, u8, u64) {
        let mut seen = 1u32 << s;
        let mut todo = seen;
        let (mut pieces, mut odd) = (0u8, 0u64);
        while todo != 0 {
            let c = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            pieces += self.len[c];
            for t in [2 * c, 2 * c + 1] {
                let point = self.next[t] | 1 << t;
                // Each point once: at its lowest chain end.
                if point.trailing_zeros() as usize == t {
                    odd |= ((point.count_ones() & 1) as u64) << t;
                }
                let mut m = self.next[t];
                while m != 0 {
                    let x = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let y = 1u32 << (x >> 1);
                    todo |= y & !seen;
                    seen |= y;
                }
            }
        }
        (seen, pieces, odd)
    }

    /// The longest trail starting at chain end `t` along its chain (the component's odd
    /// points and pieces given, from [`Segments::component`]); stops once it reaches `cap`.
    fn search_from_end(&self, t: usize, best: &mut u8, cap: u8) {
        let s = t >> 1;
        self.go(t ^ 1, 1 << s, self.len[s], best, cap);
    }

    /// The longest trail starting at chain end `t` along its chain.
    fn longest_from_end(&self, t: usize) -> u8 {
        let mut best = 0;
        self.search_from_end(t, &mut best, u8::MAX);
        best
    }

    /// The longest trail, or `most` if it is `most` or more; `floor`, a length some trail is
    /// known to reach, settles the question where no trail can do better. Component by
    /// component:
    ///
    /// - The most a trail can use: all of the component's pieces less one for every two odd
    ///   points beyond the two where a trail may end (a trail passes a point on two pieces at
    ///   a time, so at a point where an odd number of pieces meet it either ends or leaves
    ///   one out). A component that cannot beat the best so far is not searched.
    /// - The starts: in a component with an odd point, the chain ends at its odd points. A
    ///   longest trail cannot be made longer, and a trail with distinct ends that ends at an
    ///   even, passable point leaves a piece there that it could take on; a closed trail that
    ///   cannot be made longer uses every piece at every point it passes, so it is its whole
    ///   component, whose points are then all even. In a component without an odd point,
    ///   every chain end.
    /// - The last start is left out: a longest trail with distinct ends starts at one of
    ///   them and ends at the other, both starts, and read backwards it is a trail from the
    ///   other, so the search from the start not left out finds it; a closed one (a whole
    ///   component, every chain end a start) runs along each of its chains both ways, so it
    ///   is found from every chain end, and a component has two chain ends at least.
    fn longest(&self, most: u8, floor: u8) -> u8 {
        let mut best = self.ring.max(floor);
        let mut seen = 0u32;
        for s in 0..self.count {
            if seen >> s & 1 != 0 {
                continue;
            }
            let (chains, pieces, odd) = self.component(s);
            seen |= chains;
            let cap = (pieces - (odd.count_ones() as u8).saturating_sub(2) / 2).min(most);
            if cap <= best {
                continue;
            }
            let mut ends = 0u64;
            let mut c = chains;
            while c != 0 {
                let x = c.trailing_zeros() as usize;
                c &= c - 1;
                ends |= 3 << (2 * x);
            }
            let mut odd_ends = 0u64;
            let mut e = ends;
            while e != 0 {
                let t = e.trailing_zeros() as usize;
                e &= e - 1;
                odd_ends |= (odd >> self.point(t) & 1) << t;
            }
            let mut starts = if odd_ends != 0 { odd_ends } else { ends };
            // Left out: the last start.
            starts &= !(1 << (63 - starts.leading_zeros()));
            while starts != 0 && best < cap {
                let t = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                self.search_from_end(t, &mut best, cap);
            }
        }
        best.min(most)
    }
}

/// Player `p`'s longest road just after building `edge`, given `before`, the exact length
/// before it. When one end of the new road touches no other road of `p` (the common case:
/// a road extending a line or leaving a building), every new trail starts there and runs
/// through the new road, so one search from its other end suffices. Otherwise (the road
/// joins two of `p`'s roads, or that search meets cycles) the length is recomputed from
/// scratch. On base-game boards [`through_roads`] walks from both ends instead, and
/// recomputes only where the road closes a cycle; on open-sea boards the search runs on the
/// pieces kept numbered in the sea box ([`through_kept`]).
pub(crate) fn longest_after_road(game: &mut Game, p: u8, edge: EdgeId, before: u8) -> u8 {
    let board = &*game.board;
    if !board.open_sea() && board.edges().len() <= 128 {
        // One piece more lengthens the longest road by one at most.
        return match through_roads(game, p, edge, before.saturating_add(1)) {
            Through::Trail(len) => before.max(len),
            Through::Whole(len) => len,
        };
    }
    after_built_kept(game, p, edge, before)
}

/// [`longest_after_road`] for a ship just built (only open-sea games build ships).
pub(crate) fn longest_after_ship_built(game: &mut Game, p: u8, edge: EdgeId, before: u8) -> u8 {
    after_built_kept(game, p, edge, before)
}

/// [`longest_after_road`] off the base game's boards, where `before` may be an upper bound
/// only ([`settle_for_award`]): a trail through the new piece that reaches it is the route
/// (the route without the piece is `before` at most); a shorter one raises the lower bound.
#[inline(always)]
fn after_built_kept(game: &mut Game, p: u8, edge: EdgeId, before: u8) -> u8 {
    let (len, slack) = match through_kept(game, p, edge, before.saturating_add(1)) {
        Through::Trail(len) if len < before => (before, before - len),
        Through::Trail(len) | Through::Whole(len) => (len, 0),
    };
    if let Some(sea) = game.sea.as_deref_mut() {
        let s = &mut sea.routes.slack[p as usize];
        *s = (*s).min(slack);
    }
    len
}

/// [`through`] off the base game's boards: on the pieces kept numbered in the sea box of an
/// open-sea game, which every game with ships has (the piece just built is numbered by the
/// sea box's hook before its route is measured), on the board where the piece has no number
/// (no sea box, or a piece put down outside the rules' effects). A trail through the
/// piece longer than the one kept ([`Route::trail`]) is kept instead. Out of line: the
/// base game's road builds never come here.
#[inline(never)]
fn through_kept(game: &mut Game, p: u8, edge: EdgeId, most: u8) -> Through {
    let Some(sea) = game
        .sea
        .as_deref_mut()
        .filter(|s| s.routes.slot[edge.index()] != NO_SLOT)
    else {
        return through(game, p, edge, most);
    };
    let routes = &mut sea.routes;
    let r = &mut routes.seats[p as usize];
    let (found, trail) = r.through(routes.slot[edge.index()] as usize, most);
    if trail.count_ones() > r.trail.count_ones() {
        r.trail = trail;
    }
    found
}

/// What [`through`] found out.
enum Through {
    /// The longest trail through the piece.
    Trail(u8),
    /// The player's longest route, measured from scratch.
    Whole(u8),
}

/// The longest trail of player `p` through their piece on `edge`, or their longest route
/// where that is easier to know (see [`longest_after_road`]). `most` bounds the answer
/// from above (at least the longest route now): the search through the piece stops at the
/// first trail that long, so the answer is exact either way.
fn through(game: &Game, p: u8, edge: EdgeId, most: u8) -> Through {
    let tag = p + 1;
    let board = &*game.board;
    let kind = game.edges.get(edge.index());
    // No other piece of `p`'s that may follow this one at `n`.
    let alone = |n: NodeId| {
        let own = game.nodes.get(n.index()) & 7 == tag;
        board.node(n).edges_padded().into_iter().all(|f| {
            let v = game.edges.get(f as usize);
            f == edge.0 || v & 7 != tag || !joins(own, kind, v)
        })
    };
    let [a, b] = board.edge(edge).nodes;
    let (start, from) = if alone(b) {
        (b, a)
    } else if alone(a) {
        (a, b)
    } else {
        return Through::Whole(longest_road(game, p));
    };
    Through::Trail(
        Walk::new(game, tag, edge, most)
            .from(kind, from, 1)
            .unwrap_or_else(|| longest_from_dead_end(game, p, edge, start)),
    )
}

/// [`through`] for a road on a base-game board: no open sea, so every piece is a road
/// (they all follow each other), and at most 128 edges, so the roads a trail has used fit
/// in two words. Walks on the board from the ends of the new road: every trail through it
/// is a trail from one end, the road, and a trail from the other end that shares no road
/// with the first.
///
/// - Where no other road of `p`'s meets one end (or an opponent's building stands there),
///   every trail through the new road starts there: one walk from the other end, which
///   stops at the first trail of `most`.
/// - Otherwise the road joins two of `p`'s roads, and the longest trail through it may be
///   longer than `most`. Where no road of `p`'s links its two ends apart from it (it joins
///   two separate networks), the two sides share no road at all: the longest trail through
///   it is the longest from one end, the road, and the longest from the other end. Where
///   they are linked (the road closes a cycle), [`through`] answers, as it does where a
///   walk takes more than [`TRAIL_STEPS`] steps.
fn through_roads(game: &Game, p: u8, edge: EdgeId, most: u8) -> Through {
    let tag = p + 1;
    let board = &*game.board;
    let [a, b] = board.edge(edge).nodes;
    let mut used = [0u64; 2];
    mark(&mut used, edge.index());
    // Whether a trail through the new road may go on at `b`: passable, with another road.
    let vb = game.nodes.get(b.index());
    let b_open = (vb == 0 || vb & 7 == tag)
        && board
            .node(b)
            .edges_padded()
            .into_iter()
            .any(|f| f != edge.0 && game.edges.get(f as usize) == tag);
    // A trail from `a` through the new road is a trail that stood before and the road: at
    // most `most` long.
    let mut walk = RoadWalk {
        game,
        tag,
        enough: most,
        best: 0,
        steps: TRAIL_STEPS,
        seen: [0; 2],
    };
    if walk.from(a.index(), used, 1).is_none() {
        return through(game, p, edge, most);
    }
    let from_a = walk.best;
    if !b_open {
        return Through::Trail(from_a);
    }
    if from_a > 1 {
        walk.enough = u8::MAX;
        if from_a >= most {
            // The walk stopped at the first trail of `most`: walked again to the end.
            walk.best = 0;
            if walk.from(a.index(), used, 1).is_none() {
                return through(game, p, edge, most);
            }
        }
        // The walk from `a` stepped on every road of `p`'s it could reach from `a` without
        // the new one; it reached `b` exactly when it stepped on a road at `b`.
        let reached_b = board
            .node(b)
            .edges_padded()
            .into_iter()
            .any(|f| f != edge.0 && marked(&walk.seen, f as usize));
        if reached_b {
            return through(game, p, edge, most);
        }
    }
    // Here either nothing goes on at `a` (`from_a` is 1) or no road links the two ends
    // apart from the new one: either way the trails from `b` share no road with the longest
    // one from `a` and continue it.
    match walk.from(b.index(), used, from_a) {
        Some(()) => Through::Trail(walk.best),
        None => through(game, p, edge, most),
    }
}

/// Adds edge `f` (below 128) to a set of two words.
#[inline(always)]
fn mark(set: &mut [u64; 2], f: usize) {
    set[f >> 6 & 1] |= 1 << (f & 63);
}

/// Whether edge `f` (below 128) is in a set of two words.
#[inline(always)]
fn marked(set: &[u64; 2], f: usize) -> bool {
    set[f >> 6 & 1] >> (f & 63) & 1 != 0
}

/// A walk on a base-game board for the longest trail of `tag`'s roads through the new
/// road (see [`through_roads`]).
struct RoadWalk<'a> {
    game: &'a Game,
    tag: u8,
    /// A length that settles the question: the walk stops once a trail reaches it.
    enough: u8,
    /// The longest trail so far.
    best: u8,
    /// Steps left (see [`TRAIL_STEPS`]).
    steps: u32,
    /// Every road stepped on.
    seen: [u64; 2],
}

impl RoadWalk<'_> {
    /// Notes in [`RoadWalk::best`] the longest trail that has come `len` roads long (those
    /// in `used`) to node `n` and goes on from there without a road in `used`, stopping
    /// once a trail reaches [`RoadWalk::enough`]. Along a line (one road to go on by) it
    /// steps without searching; where roads fork it searches each but the last, and steps
    /// along the last. `None` once it has taken [`TRAIL_STEPS`] steps.
    fn from(&mut self, mut n: usize, mut used: [u64; 2], mut len: u8) -> Option<()> {
        let game = self.game;
        let board = &*game.board;
        loop {
            // Edge `f`'s owner: the board has at most 128 edges, so the word is below 8.
            let owner = |f: usize| (game.edges.0[f >> 4 & 7] >> (4 * (f & 15))) as u8 & 15;
            let node = board.node(NodeId(n as u8));
            let es = node.edges_padded();
            // Bit `k`: the road on the node's edge `k` may come next (the padding repeats
            // edge 0 as edge 2 where the node has two). None past an opponent's building.
            let v = game.nodes.get(n);
            let mut go = 0u32;
            if v == 0 || v & 7 == self.tag {
                for (k, &f) in es.iter().enumerate() {
                    let f = f as usize;
                    // The owner's test and the used bit combined as bits, not `&&`: whether
                    // a random network's road goes on is data, and a branch on each test
                    // is mispredicted often.
                    let own = u32::from(owner(f) == self.tag);
                    let free = !(used[f >> 6 & 1] >> (f & 63)) as u32 & 1;
                    go |= (own & free) << k;
                }
                go &= !(((es[2] == es[0]) as u32) << 2);
            }
            if go == 0 {
                self.best = self.best.max(len);
                return Some(());
            }
            let far = node.neighbors_padded();
            // Every road on but the last: searched in turn.
            while go & (go - 1) != 0 {
                let k = go.trailing_zeros() as usize;
                go &= go - 1;
                self.steps = self.steps.checked_sub(1)?;
                let f = es[k] as usize;
                mark(&mut self.seen, f);
                let mut on = used;
                mark(&mut on, f);
                self.from(far[k] as usize, on, len + 1)?;
                if self.best >= self.enough {
                    return Some(());
                }
            }
            // The last: stepped along.
            self.steps = self.steps.checked_sub(1)?;
            let k = go.trailing_zeros() as usize;
            let f = es[k] as usize;
            mark(&mut used, f);
            mark(&mut self.seen, f);
            len += 1;
            if len >= self.enough {
                self.best = self.best.max(len);
                return Some(());
            }
            n = far[k] as usize;
        }
    }
}

/// Player `p`'s longest route just after their ship moved from `from` to `to` (as the game
/// now stands), given `before`, the exact length before the move. `from` was the end ship
/// of an open route (a ship that may move): at one end it met no building and no other
/// ship of `p`'s, so every trail through it ended there, and lifting it shortened the
/// route by one at most.
///
/// - A trail through the new place that reaches `before` is the longest route.
/// - Otherwise, if every trail through the old place was shorter than `before`, a trail of
///   length `before` avoided it and still stands.
/// - Otherwise the length is `before` exactly when some trail reaches it, and a search
///   that stops at the first such trail says which.
pub(crate) fn longest_after_ship_move(
    game: &mut Game,
    p: u8,
    from: EdgeId,
    to: EdgeId,
    before: u8,
) -> u8 {
    if game
        .sea_routes()
        .is_some_and(|r| r.slot[to.index()] != NO_SLOT)
    {
        return after_ship_move_kept(game, p, from, to, before);
    }
    if route_slack(game, p) != 0 {
        // Only bounds were kept, and the ship has no number: measured from the board.
        return measure_again(game, p);
    }
    let game = &*game;
    // Lifting the ship lengthens no trail, and one piece placed lengthens the longest by one
    // at most.
    let with_to = match through(game, p, to, before.saturating_add(1)) {
        Through::Whole(len) => return len,
        Through::Trail(len) if len >= before => return len,
        Through::Trail(len) => len,
    };
    // Every trail through the new place is shorter than `with_to + 1`, so the longest
    // route is the longer of `with_to` and the longest without the new place: measured
    // without it, the network is smaller and more often a forest.
    let without_to = |most| longest_road_up_to_without(game, p, most, to.index()).max(with_to);
    match trails_through_old_place(game, p, from, to, before) {
        Lifted::Same => before.max(with_to),
        Lifted::ShorterByAtMostOne => without_to(before),
        Lifted::Unknown => without_to(u8::MAX),
    }
}

/// [`longest_after_ship_move`] on the pieces kept numbered in the sea box, which keeps
/// the trail found (see [`Route::trail`]) and, where the length is left between bounds,
/// how far below `before` the route may be ([`Routes::slack`]).
#[inline(never)]
fn after_ship_move_kept(game: &mut Game, p: u8, from: EdgeId, to: EdgeId, before: u8) -> u8 {
    let (len, slack, trail) = ship_move_kept(game, p, from, to, before);
    if let Some(sea) = game.sea.as_deref_mut() {
        if trail != 0 {
            sea.routes.seats[p as usize].trail = trail;
        }
        sea.routes.slack[p as usize] = slack;
    }
    len
}

/// [`after_ship_move_kept`]'s upper bound on the route, how far below it the route may be,
/// and the pieces of a trail to keep (none where no search found a longer one). `before`
/// is the upper bound before the move, `slack` below it the lower.
///
/// The moved ship had an open end, so every trail through its old place ended there and
/// lifting it shortened the route by one at most; the new place lengthens it by one at
/// most. Where a trail through the new place reaches `before`, it is the route; where the
/// kept trail (which avoids the ship) is that long, the route stands. Otherwise the route is
/// left between its bounds, without proving whether another trail of `before` exists (a
/// whole chain search on networks with a cycle): [`settle_for_award`] measures it only
/// where the award's next decision depends on it. Where the length was exact, a walk
/// through the old place may still prove that it stays.
#[inline(always)]
fn ship_move_kept(game: &Game, p: u8, from: EdgeId, to: EdgeId, before: u8) -> (u8, u8, u32) {
    let Some(routes) = game.sea_routes() else {
        return (longest_road(game, p), 0, 0);
    };
    let r = &routes.seats[p as usize];
    let slack = routes.slack[p as usize];
    let i = routes.slot[to.index()] as usize;
    let kept = r.trail.count_ones() as u8;
    // The new place at an end of a kept trail as long as the route: one longer, which is
    // as long as a move can make it. An end of a trail is a node where an odd number of its
    // pieces meet; the pieces there that join the ship are all that do (pieces that join
    // each other at a node join the same others).
    let joined = r.tr.adj[i][0] | r.tr.adj[i][1];
    if kept == before
        && (r.tr.adj[i][0] == 0 || r.tr.adj[i][1] == 0)
        && (joined & r.trail).count_ones() & 1 != 0
    {
        return (before + 1, 0, r.trail | 1 << i);
    }
    // The ship turned about a node it keeps: the pieces follow each other as before the
    // move, the ship in its own stead, so the route and its bounds stay. The kept trail,
    // which lost the ship, takes it back where it ends at that node.
    if let Some(x) = turned_about(game, p + 1, from, &r.tr, i) {
        let k = (r.tr.ends[i][0] != x) as usize;
        let trail = if (r.tr.adj[i][k] & r.trail).count_ones() & 1 != 0 {
            r.trail | 1 << i
        } else {
            0
        };
        return (before, slack, trail);
    }
    let with_to = match r.through(i, before.saturating_add(1)) {
        (Through::Whole(len), _) => return (len, 0, 0),
        (Through::Trail(len), trail) if len >= before => return (len, 0, trail),
        (Through::Trail(len), _) => len,
    };
    if kept == before {
        return (before, 0, 0);
    }
    let mut lo = before
        .saturating_sub(slack)
        .saturating_sub(1)
        .max(with_to)
        .max(kept);
    let mut trail = 0;
    // A trail through the old place (the ship at its end) is one longer than the kept trail
    // at most when the ship was on it: nothing more to learn there.
    if slack == 0 && kept + 1 < before {
        match routes.through_old_place(game, p, from, to, before) {
            (Lifted::Same, _) => return (before, 0, 0),
            // The trail through the old place, less the ship, still stands.
            (_, old) => {
                let less = old & !(1 << i);
                if less.count_ones() as u8 > kept {
                    trail = less;
                    lo = lo.max(less.count_ones() as u8);
                }
            }
        }
    }
    (before, before - lo, trail)
}

/// Where a ship of `tag`'s moved from `from` to `to` (numbered `i` in `tr`, the pieces as
/// they now stand) without changing which pieces follow which, the node it turned about:
/// the old and new places meet at that node, pieces follow the new place there and none at
/// its other end. A ship that may move has an open end (no building of `tag`'s and no
/// other ship of theirs), and here that is the old place's other end: pieces follow the
/// new place at the shared node, so it was no open end of the old place. At the shared
/// node the same pieces follow the ship as before (a ship at the same node either way), so
/// every trail before the move is a trail after it with the ship at its new place, and
/// back: the same lengths (Seafarers rules, 'Longest Route').
#[inline(always)]
fn turned_about(game: &Game, tag: u8, from: EdgeId, tr: &Trail, i: usize) -> Option<u8> {
    let [a, b] = game.board.edge(from).nodes;
    let [c, d] = tr.ends[i];
    let (x, y) = if a.0 == c || a.0 == d {
        (a, b)
    } else if b.0 == c || b.0 == d {
        (b, a)
    } else {
        return None;
    };
    // The new place's end at `x`, then the other.
    let k = (c != x.0) as usize;
    if tr.adj[i][k] == 0 || tr.adj[i][1 - k] != 0 {
        return None;
    }
    // The old place's open end, as the move's check required.
    debug_assert!(
        game.nodes.get(y.index()) & 7 != tag
            && !game
                .board
                .node(y)
                .edges()
                .any(|e| game.edges.get(e.index()) == tag | SHIP),
        "a ship moved from {from:?} had no open end"
    );
    Some(x.0)
}

/// How far `p`'s route may be shorter than their kept length (`Seat::road_len`, an upper
/// bound where this is not 0): only open-sea games leave a length between bounds.
#[inline]
pub(crate) fn route_slack(game: &Game, p: u8) -> u8 {
    game.sea_routes().map_or(0, |r| r.slack[p as usize])
}

/// `p`'s longest route, exact: the kept length, or where only bounds are kept, a search
/// between them on the numbered pieces (nothing kept).
pub(crate) fn settled_length(game: &Game, p: u8) -> u8 {
    let hi = game.seats[p as usize].road_len;
    match game.sea_routes() {
        Some(routes) if routes.slack[p as usize] != 0 => {
            let r = &routes.seats[p as usize];
            r.longest_at_least(hi, usize::MAX, hi - routes.slack[p as usize])
        }
        _ => hi,
    }
}

/// Keeps `p`'s exact route where only bounds were kept.
fn settle(game: &mut Game, p: u8) {
    keep_exact(game, p, settled_length(game, p));
}

/// Measures `p`'s route from the board and keeps it, exact.
pub(crate) fn measure_again(game: &mut Game, p: u8) -> u8 {
    let len = longest_road(game, p);
    keep_exact(game, p, len);
    len
}

/// Keeps `len` as `p`'s route, exact.
fn keep_exact(game: &mut Game, p: u8, len: u8) {
    game.seats[p as usize].road_len = len;
    if let Some(sea) = game.sea.as_deref_mut() {
        sea.routes.slack[p as usize] = 0;
    }
}

/// Settles the routes left between bounds (after ships moved or pieces built: see
/// [`ship_move_kept`]) whose exact length the Longest Route award's decision depends on,
/// so that `Game::update_longest_road` decides on the kept lengths as it would on exact
/// ones (Seafarers rules, 'Longest Route'; Catan base rules, 'Longest Road';
/// docs/rulings.md §15). A route is left open where no length between its bounds can
/// change the decision:
///
/// - the holder keeps the award whatever the lengths when the lower bound of their route
///   is 5 or more and no other route's upper bound passes it;
/// - with an exact holder's route of 5 or more, only a route whose upper bound passes it
///   can take the award (a route no longer than the holder's neither wins it nor, where
///   another passes the holder, reaches the longest);
/// - otherwise the award goes to a single longest route of 5 or more, which a route whose
///   upper bound is below both 5 and the longest exact route can neither be nor tie.
#[inline(never)]
pub(crate) fn settle_for_award(game: &mut Game) {
    let n = game.rules.players as usize;
    loop {
        let Some(routes) = game.sea_routes() else {
            return;
        };
        if routes.slack == [0; MAX_PLAYERS] {
            return;
        }
        let slack = |q: usize| routes.slack[q];
        let hi = |q: usize| game.seats[q].road_len;
        let holder = game.longest_road as usize;
        let open = if holder < n {
            let lo = hi(holder) - slack(holder);
            let others = (0..n).filter(|&q| q != holder).map(hi).max().unwrap_or(0);
            if lo >= 5 && lo >= others {
                return;
            }
            if slack(holder) != 0 {
                Some(holder)
            } else if hi(holder) >= 5 {
                match (0..n).find(|&q| slack(q) != 0 && hi(q) > hi(holder)) {
                    Some(q) => Some(q),
                    None => return,
                }
            } else {
                None
            }
        } else {
            None
        };
        let open = open.or_else(|| {
            let longest = (0..n).filter(|&q| slack(q) == 0).map(hi).max().unwrap_or(0);
            (0..n).find(|&q| slack(q) != 0 && hi(q) >= longest.max(5))
        });
        match open {
            Some(q) => settle(game, q as u8),
            None => return,
        }
    }
}

/// What lifting an end ship did to its owner's longest route (see
/// [`longest_after_ship_move`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lifted {
    /// The length stays.
    Same,
    /// The length stays or drops by one.
    ShorterByAtMostOne,
    /// Not known without measuring again from scratch.
    Unknown,
}

/// The far end of a ship lifted from `from` (and moved to `to`) whose other end is open:
/// no settlement of the player's own and no other ship of theirs meets it there. `None`
/// when neither end is open (a trail could then pass on both sides).
fn lifted_far_end(game: &Game, tag: u8, from: EdgeId, to: EdgeId) -> Option<NodeId> {
    let board = &*game.board;
    let kind = tag | SHIP;
    let open = |n: NodeId| {
        game.nodes.get(n.index()) & 7 != tag
            && !board
                .node(n)
                .edges()
                .any(|e| e != from && e != to && game.edges.get(e.index()) == kind)
    };
    let [a, b] = board.edge(from).nodes;
    if open(a) {
        Some(b)
    } else if open(b) {
        Some(a)
    } else {
        None
    }
}

/// Whether some trail of `p` through their ship's old place `from` reached `before`, asked
/// of the game after the ship moved to `to`: the search starts with the old place and
/// leaves the new one out, which is the route as it stood.
fn trails_through_old_place(game: &Game, p: u8, from: EdgeId, to: EdgeId, before: u8) -> Lifted {
    let tag = p + 1;
    let kind = tag | SHIP;
    let Some(far) = lifted_far_end(game, tag, from, to) else {
        return Lifted::Unknown;
    };
    // Only whether some trail through the ship reached `before` matters.
    let mut walk = Walk::new(game, tag, from, before);
    walk.used.insert(to.index());
    match walk.from(kind, far, 1) {
        Some(len) if len < before => Lifted::Same,
        // A network with cycles (None): the ship still had an open end, as in
        // [`Routes::through_old_place`].
        Some(_) | None => Lifted::ShorterByAtMostOne,
    }
}

/// The longest trail of player `p` that starts at `start`, a dead end of `p`'s piece on
/// `edge` (no piece of `p`'s follows it there), and so runs through that piece: the chain
/// search from one chain end, for networks with cycles.
fn longest_from_dead_end(game: &Game, p: u8, edge: EdgeId, start: NodeId) -> u8 {
    let (tr, ids, count) = build(game, p);
    let Some(i) = ids[..count].iter().position(|&x| x == edge.0) else {
        return 0;
    };
    let sg = Segments::new(&tr, count);
    sg.longest_from_end(sg.end_id[i][(tr.ends[i][0] != start.0) as usize] as usize)
}

/// Each seat's pieces numbered for the trail search, kept in the sea box of an open-sea
/// game (`game/sea.rs`) by the hooks that keep the ships, so that Longest Trade Route after
/// a moved ship searches masks without numbering the pieces from the board first. A
/// function of the edge and node owners alone (only the order of the numbers depends on
/// the history, and no length depends on the order): a piece built is numbered last, a
/// moved ship keeps its number at its new place, a settlement works out again the ends of
/// the pieces at its node. Two are equal when they number the same pieces with the same
/// ends and adjacency, whatever the numbers (the trails kept, [`Route::trail`], which
/// depend on the history, aside).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Routes {
    /// By seat.
    seats: [Route; MAX_PLAYERS],
    /// Each edge's number among its owner's pieces ([`NO_SLOT`] without a piece).
    slot: [u8; MAX_EDGES],
    /// By seat, how far the route may be shorter than the seat's kept length
    /// (`Seat::road_len`, then an upper bound): 0 where that length is exact. Not part of
    /// the numbering (equal numberings may differ here). See [`settle_for_award`].
    slack: [u8; MAX_PLAYERS],
}

/// One seat's numbered pieces.
#[derive(Clone, Copy, Debug)]
struct Route {
    tr: Trail,
    /// Each number's edge.
    ids: [u16; MAX_ROADS],
    /// The pieces of a trail as the pieces stand now (none known when empty): the last
    /// trail a search after a piece put down or a ship moved found to be longest. Pieces
    /// built and settlements of the seat's own only add to the ways pieces follow each
    /// other, so it stays a trail until a ship of it moves (taken out in
    /// [`Routes::moved`]) or an opponent builds on one of its nodes (taken out in
    /// [`Routes::node_built`]). Where it is as long as the route, a moved ship that is not
    /// on it and whose new place gives no longer trail leaves the route as it was.
    trail: u32,
    /// Pieces.
    count: u8,
}

/// No piece on the edge.
const NO_SLOT: u8 = u8::MAX;

impl Routes {
    /// No piece on the board.
    pub(crate) fn empty() -> Routes {
        Routes {
            seats: [Route {
                tr: Trail::EMPTY,
                ids: [0; MAX_ROADS],
                trail: 0,
                count: 0,
            }; MAX_PLAYERS],
            slack: [0; MAX_PLAYERS],
            slot: [NO_SLOT; MAX_EDGES],
        }
    }

    /// Every seat's pieces numbered in edge order, from the board.
    pub(crate) fn from_board(game: &Game) -> Routes {
        let mut r = Routes::empty();
        for p in 0..game.rules.players {
            let (tr, ids, count) = build(game, p);
            let seat = &mut r.seats[p as usize];
            seat.tr = tr;
            seat.ids = ids;
            seat.count = count as u8;
            for (i, &e) in ids[..count].iter().enumerate() {
                r.slot[e as usize] = i as u8;
            }
        }
        r
    }

    /// Whether these are the pieces on the board with the adjacency a fresh numbering
    /// gives, numbers aside (the debug check and the property test).
    pub(crate) fn match_board(&self, game: &Game) -> bool {
        *self == Routes::from_board(game)
    }

    /// The adjacency and blocking at end `k` of the piece on `edge`, from the board. In
    /// line: a call for each end cost more than the work.
    #[inline(always)]
    fn links(
        &self,
        board: &Board,
        nodes: &NodeNibbles,
        edges: &EdgeNibbles,
        edge: EdgeId,
        k: usize,
    ) -> (u32, bool) {
        let node = board.edge(edge).nodes[k];
        let kind = edges.get(edge.index());
        let tag = kind & 7;
        let v = nodes.get(node.index());
        let own = v & 7 == tag;
        let mut m = 0u32;
        // The padded edges (the first repeated at a node of two): a fixed count, the
        // repeat setting the same bit twice.
        for f in board.node(node).edges_padded() {
            let fv = edges.get(f as usize);
            // The owner's piece that follows this one, tested as one condition (`&`, no
            // short-circuit): whether an edge holds one is data, and each short-circuit
            // was a branch of its own to mispredict. Only its number is read behind the
            // branch.
            if (fv & 7 == tag) & (f != edge.0) & joins(own, kind, fv) {
                let j = self.slot[f as usize];
                // A piece put on the board outside the rules' effects has no number until
                // the state is worked out again (`rebuild_sea`): left out rather than a
                // panic.
                if j != NO_SLOT {
                    m |= 1 << j;
                }
            }
        }
        // Nothing follows at an opponent's building.
        let blocked = v != 0 && !own;
        (if blocked { 0 } else { m }, blocked)
    }

    /// Numbers the piece just put on `edge` (its owner's last number).
    #[inline(never)]
    pub(crate) fn add(
        &mut self,
        board: &Board,
        nodes: &NodeNibbles,
        edges: &EdgeNibbles,
        edge: EdgeId,
    ) {
        let p = ((edges.get(edge.index()) & 7) - 1) as usize;
        let i = self.seats[p].count as usize;
        if i >= MAX_ROADS {
            return;
        }
        self.slot[edge.index()] = i as u8;
        self.seats[p].count += 1;
        self.place(board, nodes, edges, edge, p, i);
    }

    /// Gives `p`'s piece on `edge` number `i` (its slot already set): its ends, adjacency
    /// and blocking from the board, and its number added to the adjacency of the pieces it
    /// joins.
    #[inline(always)]
    fn place(
        &mut self,
        board: &Board,
        nodes: &NodeNibbles,
        edges: &EdgeNibbles,
        edge: EdgeId,
        p: usize,
        i: usize,
    ) {
        let nodes_of = board.edge(edge).nodes;
        let links = [
            self.links(board, nodes, edges, edge, 0),
            self.links(board, nodes, edges, edge, 1),
        ];
        let r = &mut self.seats[p];
        r.ids[i] = edge.0;
        for k in 0..2 {
            let node = nodes_of[k].0;
            let (m, blocked) = links[k];
            r.tr.ends[i][k] = node;
            r.tr.adj[i][k] = m;
            r.tr.set_blocked(i, k, blocked);
            let mut c = m;
            while c != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                let kk = r.tr.end_at(j, node);
                r.tr.adj[j][kk] |= 1 << i;
            }
        }
    }

    /// `p`'s ship lifted from `from` and put on `to` (both already on the board): it keeps
    /// its number, taken out of the adjacency at its old ends and worked out at its new
    /// ones, so no other piece is renumbered. A ship without a number (put on the board
    /// outside the rules' effects) is numbered as a piece built.
    #[inline(never)]
    pub(crate) fn moved(
        &mut self,
        board: &Board,
        nodes: &NodeNibbles,
        edges: &EdgeNibbles,
        p: u8,
        from: EdgeId,
        to: EdgeId,
    ) {
        let i = self.slot[from.index()] as usize;
        let r = &mut self.seats[p as usize];
        if i >= r.count as usize {
            self.add(board, nodes, edges, to);
            return;
        }
        r.tr.unlink(i);
        // A ship that may move has an open end, where a trail through it ends: the trail
        // kept, less the ship, is still a trail.
        r.trail &= !(1 << i);
        self.slot[from.index()] = NO_SLOT;
        self.slot[to.index()] = i as u8;
        self.place(board, nodes, edges, to, p as usize, i);
    }

    /// Works out again the ends at `node` of every piece there (a settlement built on it:
    /// opponents' trails stop there, its owner's road and ship join there).
    #[inline(never)]
    pub(crate) fn node_built(
        &mut self,
        board: &Board,
        nodes: &NodeNibbles,
        edges: &EdgeNibbles,
        node: NodeId,
    ) {
        for f in board.node(node).edges() {
            let v = edges.get(f.index());
            let i = self.slot[f.index()] as usize;
            if v & 7 == 0 || i >= MAX_ROADS {
                continue;
            }
            let k = (board.edge(f).nodes[0] != node) as usize;
            let (m, blocked) = self.links(board, nodes, edges, f, k);
            let r = &mut self.seats[((v & 7) - 1) as usize];
            r.tr.adj[i][k] = m;
            r.tr.set_blocked(i, k, blocked);
            // An opponent's building cuts the kept trail where it passes.
            if blocked && r.trail >> i & 1 != 0 {
                r.trail = 0;
            }
        }
    }
}

impl Routes {
    /// [`trails_through_old_place`] on the numbered pieces, which no longer hold the lifted
    /// ship: its first step is worked out from the board at its far end, and the rest of
    /// the trail cannot come back to it (it is on the trail, and nothing follows it at its
    /// open end). With it, the pieces of the first trail found that reached `before`, the
    /// lifted ship standing as its number at the new place (none where no walk found one).
    fn through_old_place(
        &self,
        game: &Game,
        p: u8,
        from: EdgeId,
        to: EdgeId,
        before: u8,
    ) -> (Lifted, u32) {
        let tag = p + 1;
        let board = &*game.board;
        let kind = tag | SHIP;
        let Some(far) = lifted_far_end(game, tag, from, to) else {
            return (Lifted::Unknown, 0);
        };
        let r = &self.seats[p as usize];
        let i = self.slot[to.index()] as usize;
        let v = game.nodes.get(far.index());
        let own = v & 7 == tag;
        let mut best = 1u8;
        let mut trail = 0;
        if v == 0 || own {
            let mut walk = Steps::new(&r.tr, before);
            for f in board.node(far).edges() {
                let fv = game.edges.get(f.index());
                if f == to || fv & 7 != tag || !joins(own, kind, fv) {
                    continue;
                }
                let j = self.slot[f.index()] as usize;
                let Some(steps) = walk.steps.checked_sub(1) else {
                    return (Lifted::ShorterByAtMostOne, 0);
                };
                walk.steps = steps;
                let kk = r.tr.end_at(j, far.0);
                match walk.from::<false>(j, 1 - kk, 1 << i | 1 << j) {
                    Some(()) => best = best.max(walk.longest),
                    // A network with cycles: the ship still had an open end.
                    None => return (Lifted::ShorterByAtMostOne, 0),
                }
                if best >= before {
                    trail = walk.trail;
                    break;
                }
            }
        }
        if best < before {
            (Lifted::Same, 0)
        } else {
            (Lifted::ShorterByAtMostOne, trail)
        }
    }
}

impl PartialEq for Routes {
    fn eq(&self, o: &Routes) -> bool {
        let same_seat = |a: &Route, b: &Route| {
            let n = a.count as usize;
            if n != b.count as usize {
                return false;
            }
            // Number `i` here is number `map[i]` there.
            let mut map = [0usize; MAX_ROADS];
            for (m, &e) in map.iter_mut().zip(&a.ids[..n]) {
                let s = o.slot[e as usize] as usize;
                if s >= n || b.ids[s] != e {
                    return false;
                }
                *m = s;
            }
            let there = |m: u32| {
                (0..n)
                    .filter(|&j| m >> j & 1 != 0)
                    .fold(0u32, |acc, j| acc | 1 << map[j])
            };
            let rest = |r: &Route| {
                (n..MAX_ROADS)
                    .all(|s| r.tr.adj[s] == [0; 2] && r.tr.ends[s] == [0; 2] && r.ids[s] == 0)
                    && (r.tr.blocked[0] | r.tr.blocked[1])
                        .checked_shr(n as u32)
                        .unwrap_or(0)
                        == 0
            };
            (0..n).all(|i| {
                (0..2).all(|k| {
                    a.tr.ends[i][k] == b.tr.ends[map[i]][k]
                        && a.tr.blocked(i, k) == b.tr.blocked(map[i], k)
                        && there(a.tr.adj[i][k]) == b.tr.adj[map[i]][k]
                })
            }) && rest(a)
                && rest(b)
        };
        self.seats
            .iter()
            .zip(&o.seats)
            .all(|(a, b)| same_seat(a, b))
            && self
                .slot
                .iter()
                .zip(&o.slot)
                .all(|(&x, &y)| (x == NO_SLOT) == (y == NO_SLOT))
    }
}

impl Eq for Routes {}

impl Route {
    /// [`through`] on the numbered pieces: piece `i` was just put down. With it, the pieces
    /// of the trail found where the walk found it (none otherwise). An end where nothing
    /// follows, an opponent's building included, is where every trail through it starts.
    fn through(&self, i: usize, most: u8) -> (Through, u32) {
        let tr = &self.tr;
        let (start, from) = if tr.adj[i][1] == 0 {
            (1, 0)
        } else if tr.adj[i][0] == 0 {
            (0, 1)
        } else {
            // Pieces follow at both ends: a trail through the piece is a trail on from its
            // end 1 and, sharing no piece with it, one on from its end 0, and it may be
            // longer than `most` (the piece may join two lines). Searched whole, both
            // ends, where that takes few enough steps; the chain search otherwise.
            let mut walk = Steps::new(tr, u8::MAX);
            walk.back = i;
            return match walk.from::<true>(i, 1, 1 << i) {
                Some(()) => (Through::Trail(walk.longest), walk.trail),
                None => (Through::Whole(self.longest(u8::MAX, usize::MAX)), 0),
            };
        };
        let mut walk = Steps::new(tr, most);
        match walk.from::<false>(i, from, 1 << i) {
            Some(()) => (Through::Trail(walk.longest), walk.trail),
            None => (Through::Trail(self.longest_from_dead_end(i, start)), 0),
        }
    }

    /// The longest trail, or `most` if it is `most` or more, with piece `skip` left out
    /// (none when `skip` is no piece).
    fn longest(&self, most: u8, skip: usize) -> u8 {
        self.longest_at_least(most, skip, 0)
    }

    /// [`Route::longest`], given `floor`, a length some trail without piece `skip` is known
    /// to reach: the search stops once it cannot do better.
    fn longest_at_least(&self, most: u8, skip: usize, floor: u8) -> u8 {
        let mut tr = self.tr;
        let mut count = self.count as usize;
        if skip < count {
            tr.remove(skip, count);
            count -= 1;
        }
        measure_at_least(tr, count, most, floor)
    }

    /// [`longest_from_dead_end`]: the longest trail from end `start` of piece `i`, where no
    /// piece follows it.
    fn longest_from_dead_end(&self, i: usize, start: usize) -> u8 {
        let sg = Segments::new(&self.tr, self.count as usize);
        sg.longest_from_end(sg.end_id[i][start] as usize)
    }
}

/// [`Walk`] on numbered pieces: a step tests masks instead of reading the board.
struct Steps<'a> {
    tr: &'a Trail,
    /// Steps left (see [`TRAIL_STEPS`]).
    steps: u32,
    /// A length that settles the question: the search stops once a trail reaches it.
    enough: u8,
    /// The pieces of the longest trail found so far (the first found of its length).
    trail: u32,
    /// Its length.
    longest: u8,
    /// For a search of the trails through a piece with pieces at both ends
    /// ([`Route::through`]), that piece: every trail on from its end 1 goes on from its
    /// end 0.
    back: usize,
}

impl<'a> Steps<'a> {
    /// A search on `tr` that stops at the first trail of `enough`.
    #[inline(always)]
    fn new(tr: &'a Trail, enough: u8) -> Steps<'a> {
        Steps {
            tr,
            steps: TRAIL_STEPS,
            enough,
            trail: 0,
            longest: 0,
            back: 0,
        }
    }

    /// Notes a trail of pieces `used` that goes on no further (its length their count).
    #[inline(always)]
    fn ended(&mut self, used: u32) {
        let len = used.count_ones() as u8;
        if len > self.longest {
            self.longest = len;
            self.trail = used;
        }
    }

    /// Notes in [`Steps::longest`] (the pieces in [`Steps::trail`]) the longest trail
    /// continuing from end `k` of piece `i`, with pieces `used` (the trail so far, as long
    /// as their count, which is worked out only where a trail ends), stopping once
    /// a trail reaches [`Steps::enough`]; `None` once the search has taken more steps than
    /// it may. Along a line (one piece to go on by) the search steps on in a loop; at a
    /// fork it searches each piece but the last, and steps along the last. With `BOTH`,
    /// each trail that ends goes on from end 0 of piece [`Steps::back`] instead (a trail
    /// through that piece: its second half).
    fn from<const BOTH: bool>(&mut self, mut i: usize, k: usize, mut used: u32) -> Option<()> {
        let tr = self.tr;
        // The end by which a trail leaves piece `j`, entered from piece `i` (the two meet
        // at one node and may follow each other there): the end where `i` is not among the
        // pieces that follow `j`. The numbering keeps the adjacency symmetric (`i` follows
        // `j` at a node exactly when `j` follows `i` there), so one bit says which end,
        // without reading the nodes.
        let leave = |i: usize, j: usize| (tr.adj[j][0] >> i & 1) as usize;
        // Steps left, kept in a register: written back for a search at a fork.
        let mut steps = self.steps;
        let mut c = tr.adj[i][k] & !used;
        loop {
            if c == 0 {
                // Nothing follows (as at an opponent's building): the trail ends here.
                self.steps = steps;
                if BOTH {
                    return self.from::<false>(self.back, 0, used);
                }
                self.ended(used);
                return Some(());
            }
            // Every piece on but the last: searched in turn.
            while c & c.wrapping_sub(1) != 0 {
                let j = c.trailing_zeros() as usize;
                c &= c - 1;
                self.steps = steps.checked_sub(1)?;
                self.from::<BOTH>(j, leave(i, j), used | 1 << j)?;
                if self.longest >= self.enough {
                    return Some(());
                }
                steps = self.steps;
            }
            // The last (or the only one): stepped along, the longest continuation being the
            // one through it.
            steps = steps.checked_sub(1)?;
            let j = c.trailing_zeros() as usize;
            let k = leave(i, j);
            i = j;
            used |= 1 << j;
            c = tr.adj[i][k] & !used;
        }
    }
}

/// Steps a [`Walk`] may take before it gives up: a search from one node of a network
/// without a cycle takes one step per piece, so only a network with cycles (where the
/// number of trails grows fast) runs out, and is measured by the chain search instead.
/// Sixteen steps a piece: New Shores' ship networks with cycles mostly finish within them,
/// cheaper than the chain search from scratch (eight measured 0.4 % more instructions an
/// action there, thirty-two the same as sixteen; the base game does not move).
const TRAIL_STEPS: u32 = 16 * MAX_ROADS as u32;

/// A plain search on the board for the longest trail of `tag`'s roads (and ships) from
/// one start, through the piece on the start edge.
struct Walk<'a> {
    game: &'a Game,
    tag: u8,
    /// Pieces on the trail so far.
    used: EdgeBits,
    /// Steps left (see [`TRAIL_STEPS`]).
    steps: u32,
    /// A length that settles the question: the search stops once a trail reaches it.
    enough: u8,
}

impl<'a> Walk<'a> {
    /// A search whose trails start with the piece on `start`.
    #[inline]
    fn new(game: &'a Game, tag: u8, start: EdgeId, enough: u8) -> Walk<'a> {
        let mut used = EdgeBits::empty(game.board.edges().len());
        used.insert(start.index());
        Walk {
            game,
            tag,
            used,
            steps: TRAIL_STEPS,
            enough,
        }
    }

    /// Longest trail continuing from node `n`, reached by a piece of kind `kind` after `len`
    /// pieces (at least [`Walk::enough`] once one reaches it). `None` once the search has
    /// taken more steps than it may.
    fn from(&mut self, kind: u8, n: NodeId, len: u8) -> Option<u8> {
        let game = self.game;
        let v = game.nodes.get(n.index());
        let own = v & 7 == self.tag;
        if v != 0 && !own {
            return Some(len);
        }
        let mut best = len;
        for (f, far) in game.board.node(n).paths() {
            let fv = game.edges.get(f.index());
            if fv & 7 == self.tag && joins(own, kind, fv) && !self.used.contains(f.index()) {
                self.steps = self.steps.checked_sub(1)?;
                self.used.insert(f.index());
                let l = self.from(fv, far, len + 1);
                self.used.remove(f.index());
                best = best.max(l?);
                if best >= self.enough {
                    break;
                }
            }
        }
        Some(best)
    }
}

/// The original search, kept as the reference the fast one is tested against: every piece
/// end is tried as a start. Roads and ships follow each other only at the player's own
/// building (Seafarers rules, 'Longest Route').
#[cfg(test)]
pub(crate) fn longest_road_reference(game: &Game, p: u8) -> u8 {
    fn from(game: &Game, tag: u8, pieces: &[u16], last: u8, n: NodeId, used: u64, len: u8) -> u8 {
        let v = game.nodes.get(n.index());
        if len > 0 && !(v == 0 || v & 7 == tag) {
            return len;
        }
        let board = &*game.board;
        let mut best = len;
        for e in board.node(n).edges() {
            let kind = game.edges.get(e.index());
            if kind & 7 != tag {
                continue;
            }
            // A road after a ship (or a ship after a road) only at one's own building.
            if len > 0 && (kind & SHIP) != (last & SHIP) && v & 7 != tag {
                continue;
            }
            let Some(i) = pieces.iter().position(|&x| x == e.0) else {
                continue;
            };
            if used & (1 << i) != 0 {
                continue;
            }
            let l = from(
                game,
                tag,
                pieces,
                kind,
                board.edge(e).other(n),
                used | (1 << i),
                len + 1,
            );
            best = best.max(l);
        }
        best
    }
    let tag = p + 1;
    let pieces: Vec<u16> = (0..game.board.edges().len())
        .filter(|&e| game.edges.get(e) & 7 == tag)
        .map(|e| e as u16)
        .collect();
    let mut best = 0;
    for &r in &pieces {
        for n in game.board.edge(EdgeId(r)).nodes {
            best = best.max(from(game, tag, &pieces, 0, n, 0, 0));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game, Rng, Rules};

    /// The fast search agrees with the reference at every step of many random games, for
    /// every player (opponents' settlements break roads, cycles form, roads fork).
    #[test]
    fn fast_search_matches_reference() {
        let mut legal: Vec<Action> = Vec::new();
        let mut rng = Rng::new(5);
        for seed in 0..5 {
            let mut g = Game::new(Rules::default(), seed).unwrap();
            while g.winner().is_none() {
                g.legal_actions(&mut legal);
                // Favour building so that road networks grow large and tangled.
                let builds: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| {
                        matches!(a, Action::BuildRoad { .. } | Action::BuildSettlement { .. })
                    })
                    .collect();
                let pool = if !builds.is_empty() && rng.below(4) != 0 {
                    &builds
                } else {
                    &legal
                };
                let a = pool[rng.below(pool.len() as u32) as usize];
                g.apply(a).unwrap();
                if let Action::BuildRoad { player, edge } = a {
                    assert_eq!(
                        g.longest_road_of(player),
                        super::longest_road_reference(&g, player.0),
                        "incremental, seed {seed}, {edge}"
                    );
                }
                for p in 0..g.players() {
                    assert_eq!(
                        super::longest_road(&g, p),
                        super::longest_road_reference(&g, p),
                        "seed {seed}, player {p}"
                    );
                }
            }
        }
    }

    /// On a Seafarers map the cached Longest Trade Route agrees with the reference search
    /// after every move: a moved ship is measured incrementally when lifting it cannot
    /// shorten the route (Seafarers rules, 'Longest Route'; docs/rulings.md §21 for which
    /// ship may move). Random play favouring ship moves and builds, so that routes wander,
    /// branch and close.
    #[test]
    fn moved_ships_keep_the_route_length_exact() {
        use crate::{Event, Player, Scenario};
        let (mut moves, mut open, mut changed) = (0, 0, 0);
        walk_ship_heavy_games(11, &[Scenario::NewShores], 0..12, u32::MAX, |w| {
            let g = w.game;
            moves += matches!(w.action, Action::MoveShip { .. }) as u32;
            let exact: Vec<u8> = (0..g.players())
                .map(|p| super::longest_road_reference(g, p))
                .collect();
            for p in 0..g.players() {
                let (hi, slack) = (g.seats[p as usize].road_len, super::route_slack(g, p));
                let len = exact[p as usize];
                assert_eq!(
                    g.longest_road_of(Player(p)),
                    len,
                    "seed {}, player {p}, after {:?}",
                    w.seed,
                    w.action
                );
                // Kept between bounds at most: never longer, never shorter than the bounds.
                assert!(
                    hi >= len && hi - slack <= len,
                    "seed {}, player {p}: route {len}, bounds {}..={hi}",
                    w.seed,
                    hi - slack
                );
                open += (slack != 0) as u32;
            }
            // The award follows the exact lengths (Seafarers rules, 'Longest Route'; Catan
            // base rules, 'Longest Road'; docs/rulings.md §15): a holder's route is 5 or
            // more and no other is longer; without a holder no single route of 5 or more is
            // the longest (a tie sets the card aside).
            let max = exact.iter().copied().max().unwrap_or(0);
            let at_max = exact.iter().filter(|&&l| l == max).count();
            match g.longest_road_holder() {
                Some(h) => assert!(
                    exact[h.index()] >= 5 && exact[h.index()] == max,
                    "seed {}, holder {h:?} with {exact:?}",
                    w.seed
                ),
                None => assert!(max < 5 || at_max > 1, "seed {}, {exact:?}", w.seed),
            }
            for e in w.events {
                if let Event::LongestRoadChanged {
                    to: Some(to),
                    length,
                    ..
                } = *e
                {
                    assert_eq!(length, exact[to.index()], "seed {}", w.seed);
                    changed += 1;
                }
            }
            true
        });
        assert!(moves > 500, "only {moves} ship moves");
        // Routes were left between bounds, and the award changed hands, often.
        assert!(
            open > 1_000 && changed > 50,
            "{open} open, {changed} changes"
        );
    }

    /// The pieces kept numbered in the sea box (`Routes`, kept by the hooks as ships are
    /// built and moved, roads and settlements built) give the same Longest Trade Route as
    /// the search from scratch on the board, with every piece in and with each piece left
    /// out, after every action of random games of every scenario favouring ship builds and
    /// moves (Seafarers rules, 'Longest Route': roads and ships count together and join only
    /// at the player's own building; an opponent's settlement breaks a route), and the kept
    /// numbering equals a fresh one, numbers aside.
    #[test]
    fn kept_numbering_gives_the_route_of_a_search_from_scratch() {
        use crate::Scenario;
        let (mut checked, mut left_out, mut moves, mut kept) = (0u32, 0u32, 0u32, 0u32);
        walk_ship_heavy_games(23, &Scenario::ALL, 0..3, 300, |w| {
            let (g, scenario, seed, a) = (w.game, w.scenario, w.seed, w.action);
            moves += matches!(a, Action::MoveShip { .. }) as u32;
            let Some(routes) = g.sea_routes() else {
                return false;
            };
            assert!(
                routes.match_board(g),
                "{scenario:?} seed {seed}, after {a:?}"
            );
            for p in 0..g.players() {
                let r = &routes.seats[p as usize];
                let whole = super::longest_road_reference(g, p);
                assert_eq!(
                    r.longest(u8::MAX, usize::MAX),
                    whole,
                    "{scenario:?} seed {seed}, player {p}, after {a:?}"
                );
                // The trail kept is one, of pieces numbered now, no longer than the route.
                assert!(
                    r.trail >> r.count == 0
                        && r.tr.is_trail(r.trail)
                        && r.trail.count_ones() <= whole as u32,
                    "{scenario:?} seed {seed}, player {p}, trail {:#x}, after {a:?}",
                    r.trail
                );
                kept += (r.trail != 0 && r.trail.count_ones() == whole as u32) as u32;
                checked += 1;
                if w.step % 8 != 0 {
                    continue;
                }
                for i in 0..r.count as usize {
                    let e = r.ids[i] as usize;
                    for most in [u8::MAX, g.longest_road_of(crate::Player(p))] {
                        assert_eq!(
                            r.longest(most, i),
                            super::longest_road_up_to_without(g, p, most, e),
                            "{scenario:?} seed {seed}, player {p}, without edge {e}"
                        );
                    }
                    left_out += 1;
                }
            }
            true
        });
        assert!(checked > 5_000, "only {checked} routes checked");
        assert!(left_out > 5_000, "only {left_out} pieces left out");
        assert!(moves > 200, "only {moves} ship moves");
        assert!(kept > 2_000, "only {kept} routes with their trail kept");
    }

    /// On base-game boards Longest Road after a road is walked on the board from the new
    /// road's ends (`through_roads`): for every road of every seat, in positions along
    /// random four- and six-player games favouring builds, taken as the road just built,
    /// the walk gives the longest road of a search from scratch (Catan base rules, 5th ed.,
    /// 'Longest Road': the single longest branch counts, an opponent's settlement breaks a
    /// road). Lines grown from a dead end, roads joining two networks (the new length may
    /// exceed the old by more than one) and roads closing a cycle (the general search
    /// answers) all occur.
    /// A random legal action, a road build two times in three where one is listed (games
    /// that grow long road networks).
    fn pick_favouring_roads(legal: &[Action], rng: &mut Rng) -> Action {
        let builds: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::BuildRoad { .. }))
            .collect();
        let pool = if !builds.is_empty() && rng.below(3) != 0 {
            &builds[..]
        } else {
            legal
        };
        pool[rng.below(pool.len() as u32) as usize]
    }

    #[test]
    fn road_walks_from_both_ends_match_the_search_from_scratch() {
        use super::{longest_road_up_to_without, through_roads, Through};
        use crate::board::EdgeId;
        let mut legal: Vec<Action> = Vec::new();
        let mut rng = Rng::new(17);
        let (mut checked, mut joined) = (0u32, 0u32);
        for (players, seed) in [(4, 0), (4, 1), (4, 2), (6, 3), (6, 4)] {
            let rules = Rules {
                players,
                ..Rules::default()
            };
            let mut g = Game::new(rules, seed).unwrap();
            assert!(g.board.edges().len() <= 128 && !g.board.open_sea());
            let mut step = 0u32;
            while g.winner().is_none() {
                g.legal_actions(&mut legal);
                g.apply(pick_favouring_roads(&legal, &mut rng)).unwrap();
                step += 1;
                if step % 4 != 0 {
                    continue;
                }
                for p in 0..g.players() {
                    let whole = super::longest_road_reference(&g, p);
                    for e in 0..g.board.edges().len() {
                        if g.edges.get(e) != p + 1 {
                            continue;
                        }
                        let before = longest_road_up_to_without(&g, p, u8::MAX, e);
                        let after = match through_roads(&g, p, EdgeId(e as u16), before + 1) {
                            Through::Trail(len) => before.max(len),
                            Through::Whole(len) => len,
                        };
                        assert_eq!(
                            after, whole,
                            "players {players}, seed {seed}, player {p}, edge {e}"
                        );
                        checked += 1;
                        joined += (whole > before + 1) as u32;
                    }
                }
            }
        }
        assert!(checked > 20_000, "only {checked} roads checked");
        assert!(joined > 100, "only {joined} roads joining two networks");
    }

    /// A ship moved to a place that meets its old place at a node where pieces follow it,
    /// with nothing following at the new place's other end, leaves its owner's route as
    /// long as it was (`turned_about`, which skips the search through the new place): the
    /// reference search over every trail gives the same length before and after such a move
    /// (Seafarers rules, 'Longest Route': a ship at the same node is followed by the same
    /// pieces), in ship-heavy random games of every open-sea scenario.
    #[test]
    fn a_ship_turned_about_a_node_keeps_the_route() {
        let mut before: Vec<u8> = Vec::new();
        let (mut turned, mut moves) = (0u32, 0u32);
        walk_ship_heavy_games(41, &crate::Scenario::ALL, 0..4, 300, |w| {
            let g = w.game;
            if w.step == 1 {
                before.clear();
            }
            if let Action::MoveShip { player, from, to } = w.action {
                moves += 1;
                let routes = g.sea_routes().unwrap();
                let r = &routes.seats[player.index()];
                let i = routes.slot[to.index()] as usize;
                if super::turned_about(g, player.0 + 1, from, &r.tr, i).is_some() {
                    turned += 1;
                    assert_eq!(
                        super::longest_road_reference(g, player.0),
                        before[player.index()],
                        "{:?} seed {}, step {}, {:?}",
                        w.scenario,
                        w.seed,
                        w.step,
                        w.action
                    );
                }
            }
            before = (0..g.players())
                .map(|p| super::longest_road_reference(g, p))
                .collect();
            true
        });
        assert!(moves > 500, "only {moves} ship moves");
        assert!(turned > 100, "only {turned} ships turned about a node");
    }

    /// For each of player `p`'s pieces (by edge), the longest trail that runs through it:
    /// every trail from every end of every piece is followed, and each prefix counts for
    /// every piece on it. A road and a ship follow each other only at the player's own
    /// building, and a trail stops at an opponent's (Seafarers rules, 'Longest Route';
    /// Catan base rules, 'Longest Road').
    fn longest_through_each_reference(g: &Game, p: u8) -> Vec<(u16, u8)> {
        struct Search<'a> {
            g: &'a Game,
            tag: u8,
            pieces: Vec<u16>,
            best: Vec<u8>,
        }
        impl Search<'_> {
            fn go(&mut self, n: crate::board::NodeId, last: u8, used: u64, len: u8) {
                for (b, best) in self.best.iter_mut().enumerate() {
                    if used >> b & 1 != 0 {
                        *best = (*best).max(len);
                    }
                }
                let v = self.g.nodes.get(n.index());
                let own = v & 7 == self.tag;
                if len > 0 && v != 0 && !own {
                    return;
                }
                let board = &*self.g.board;
                for e in board.node(n).edges() {
                    let kind = self.g.edges.get(e.index());
                    let Some(b) = self.pieces.iter().position(|&x| x == e.0) else {
                        continue;
                    };
                    let switch = (kind ^ last) & crate::game::SHIP != 0;
                    if used >> b & 1 != 0 || (len > 0 && switch && !own) {
                        continue;
                    }
                    self.go(board.edge(e).other(n), kind, used | 1 << b, len + 1);
                }
            }
        }
        let tag = p + 1;
        let pieces: Vec<u16> = (0..g.board.edges().len())
            .filter(|&e| g.edges.get(e) & 7 == tag)
            .map(|e| e as u16)
            .collect();
        let mut search = Search {
            g,
            tag,
            best: vec![0; pieces.len()],
            pieces: pieces.clone(),
        };
        for &e in &pieces {
            for n in g.board.edge(crate::board::EdgeId(e)).nodes {
                search.go(n, 0, 0, 0);
            }
        }
        pieces.into_iter().zip(search.best).collect()
    }

    /// The search through one numbered piece (`Route::through`, after a piece is built or
    /// a ship moved) finds the longest trail through it, as the reference search over every
    /// trail does: exactly where pieces follow it at both ends (it may join two lines and
    /// lengthen the route by more than one), and up to the length asked for where one end
    /// is a dead end; the pieces it keeps are a trail through the piece of that length.
    /// Random games of the base game (numbered from the board) and of every open-sea
    /// scenario, favouring ships (Seafarers rules, 'Longest Route'; Catan base rules,
    /// 'Longest Road').
    #[test]
    fn search_through_a_piece_finds_the_longest_trail_through_it() {
        use super::Through;
        use std::cell::Cell;
        let (both, dead_end, kept) = (Cell::new(0u32), Cell::new(0u32), Cell::new(0u32));
        let count = |c: &Cell<u32>| c.set(c.get() + 1);
        let check = |g: &Game, what: &str| {
            let routes = g
                .sea_routes()
                .copied()
                .unwrap_or_else(|| super::Routes::from_board(g));
            for p in 0..g.players() {
                let r = &routes.seats[p as usize];
                let want = longest_through_each_reference(g, p);
                let whole = super::longest_road_reference(g, p);
                for i in 0..r.count as usize {
                    let e = r.ids[i];
                    let through = want.iter().find(|w| w.0 == e).unwrap().1;
                    let ends_followed = r.tr.adj[i][0] != 0 && r.tr.adj[i][1] != 0;
                    for most in [u8::MAX, whole, whole.saturating_sub(2).max(1)] {
                        let (found, trail) = r.through(i, most);
                        let len = match found {
                            Through::Whole(len) => {
                                assert_eq!(len, whole, "{what}, player {p}, edge {e}");
                                continue;
                            }
                            Through::Trail(len) => len,
                        };
                        if ends_followed {
                            count(&both);
                            assert_eq!(len, through, "{what}, player {p}, edge {e}, both ends");
                        } else {
                            count(&dead_end);
                            // Stopped at the first trail of `most`.
                            let ok = if through < most {
                                len == through
                            } else {
                                (most..=through).contains(&len)
                            };
                            assert!(
                                ok,
                                "{what}, player {p}, edge {e}: {len} of {through}, most {most}"
                            );
                        }
                        if trail != 0 {
                            count(&kept);
                            assert!(
                                trail >> i & 1 != 0
                                    && r.tr.is_trail(trail)
                                    && trail.count_ones() == len as u32,
                                "{what}, player {p}, edge {e}: trail {trail:#x} of {len}"
                            );
                        }
                    }
                }
            }
        };
        let mut legal: Vec<Action> = Vec::new();
        let mut rng = Rng::new(31);
        for seed in 0..3 {
            let mut g = Game::new(Rules::default(), seed).unwrap();
            let mut step = 0u32;
            while g.winner().is_none() {
                g.legal_actions(&mut legal);
                g.apply(pick_favouring_roads(&legal, &mut rng)).unwrap();
                step += 1;
                if step % 4 == 0 {
                    check(&g, &format!("base game seed {seed}, step {step}"));
                }
            }
        }
        let base = (both.get(), dead_end.get());
        walk_ship_heavy_games(37, &crate::Scenario::ALL, 0..3, 300, |w| {
            if w.step % 4 == 0 {
                check(
                    w.game,
                    &format!("{:?} seed {}, step {}", w.scenario, w.seed, w.step),
                );
            }
            true
        });
        let (both, dead_end, kept) = (both.get(), dead_end.get(), kept.get());
        assert!(base.0 > 500 && base.1 > 500, "base game: {base:?} searches");
        assert!(
            both > base.0 + 500,
            "only {both} searches with pieces at both ends"
        );
        assert!(
            dead_end > base.1 + 2_000,
            "only {dead_end} searches from a dead end"
        );
        assert!(kept > 2_000, "only {kept} trails kept");
    }

    /// The search for networks with a cycle (`Segments::longest`) starts only from the chain
    /// ends at odd points of each component that can beat the best so far, and leaves the
    /// last of them out; the search over trees gives up at the first cycle it meets instead
    /// of counting nodes first. Checked after every action of ship-heavy games of every
    /// scenario, for every seat: the trees' search sees a cycle exactly where the pieces are
    /// not a forest (`Trail::is_forest`, nodes against pieces and trees); where there is
    /// one, the chain search gives the reference search's length (every piece end a start),
    /// and so does the search from every chain end with none left out, bounded by `most`
    /// and told a `floor` (Seafarers rules, 'Longest Route'; Catan base rules, 'Longest
    /// Road': a route may branch and close on itself, and only its longest trail counts).
    #[test]
    fn chain_search_leaving_out_the_last_start_finds_the_longest_trail() {
        use super::{longest_in_trees, Segments};
        use crate::Scenario;
        let (mut forests, mut cyclic) = (0u32, 0u32);
        walk_ship_heavy_games(41, &Scenario::ALL, 0..3, 300, |w| {
            let (g, scenario, seed, a) = (w.game, w.scenario, w.seed, w.action);
            let Some(routes) = g.sea_routes() else {
                return false;
            };
            for p in 0..g.players() {
                let r = &routes.seats[p as usize];
                let count = r.count as usize;
                let mut tr = r.tr;
                let trees = longest_in_trees(&mut tr, count);
                assert_eq!(
                    trees.is_some(),
                    r.tr.is_forest(count),
                    "{scenario:?} seed {seed}, player {p}, after {a:?}"
                );
                let whole = super::longest_road_reference(g, p);
                if let Some(len) = trees {
                    assert_eq!(len, whole, "{scenario:?} seed {seed}, player {p}");
                    forests += 1;
                    continue;
                }
                let sg = Segments::new(&r.tr, count);
                let every = (0..2 * sg.count)
                    .map(|t| sg.longest_from_end(t))
                    .fold(sg.ring, u8::max);
                assert_eq!(every, whole, "{scenario:?} seed {seed}, player {p}");
                assert_eq!(sg.longest(u8::MAX, 0), whole, "player {p}, after {a:?}");
                for most in [whole.saturating_sub(1), whole, whole + 1] {
                    assert_eq!(sg.longest(most, 0), whole.min(most), "most {most}");
                    let floor = whole.saturating_sub(1);
                    assert_eq!(sg.longest(most, floor), whole.min(most), "floor");
                }
                cyclic += 1;
            }
            true
        });
        assert!(forests > 5_000, "only {forests} forests");
        assert!(cyclic > 1_000, "only {cyclic} networks with a cycle");
    }

    /// Lifting a ship whose one end is open (no settlement of its owner's and no other ship
    /// of theirs there, the ship a player may move) shortens its owner's Longest Trade Route
    /// by one at most, since every trail through it ends there; and the kept numbering's
    /// search told so (`longest_at_least` with `before - 1` as the floor and `before` as the
    /// most, as after a moved ship) gives the route without the ship that the search from
    /// scratch gives (Seafarers rules, 'Longest Route'; docs/rulings.md §21 for which ship
    /// may move). Random positions of ship-heavy New Shores games, every seat, every such
    /// ship.
    #[test]
    fn lifting_an_open_ended_ship_shortens_the_route_by_one_at_most() {
        use crate::game::SHIP;
        use crate::Scenario;
        let (mut lifted, mut shorter) = (0u32, 0u32);
        walk_ship_heavy_games(31, &[Scenario::NewShores], 0..6, 300, |w| {
            let (g, seed) = (w.game, w.seed);
            let Some(routes) = g.sea_routes() else {
                return false;
            };
            for p in 0..g.players() {
                let r = &routes.seats[p as usize];
                let tag = p + 1;
                let before = super::longest_road_reference(g, p);
                for i in 0..r.count as usize {
                    let e = crate::board::EdgeId(r.ids[i]);
                    if g.edges.get(e.index()) != tag | SHIP
                        || super::lifted_far_end(g, tag, e, e).is_none()
                    {
                        continue;
                    }
                    let without = super::longest_road_up_to_without(g, p, u8::MAX, e.index());
                    assert!(
                        without <= before && without + 1 >= before,
                        "seed {seed}, player {p}, {before} then {without} without {e}"
                    );
                    assert_eq!(
                        r.longest_at_least(before, i, before.saturating_sub(1)),
                        without,
                        "seed {seed}, player {p}, without {e}"
                    );
                    lifted += 1;
                    shorter += (without < before) as u32;
                }
            }
            true
        });
        assert!(lifted > 2_000, "only {lifted} ships lifted");
        assert!(shorter > 100, "only {shorter} routes shortened");
    }

    /// One step of a game walked by [`walk_ship_heavy_games`]: the game just after `action`,
    /// the `step`-th action of the game of `scenario` dealt with `seed`.
    struct Walked<'a> {
        game: &'a Game,
        scenario: crate::Scenario,
        seed: u64,
        step: u32,
        action: Action,
        /// What the action did.
        events: &'a [crate::Event],
    }

    /// Plays a random game favouring ship builds and moves (two actions in three from them
    /// where there are any) for each of `scenarios` and `seeds`, one random stream from
    /// `rng_seed` across them all, until someone wins or turn `turns` starts; `check` sees
    /// the game after every action and ends that game by answering false.
    fn walk_ship_heavy_games(
        rng_seed: u64,
        scenarios: &[crate::Scenario],
        seeds: std::ops::Range<u64>,
        turns: u32,
        mut check: impl FnMut(&Walked) -> bool,
    ) {
        let mut legal: Vec<Action> = Vec::new();
        let mut rng = Rng::new(rng_seed);
        for &scenario in scenarios {
            for seed in seeds.clone() {
                let mut g = Game::new(Rules::scenario(scenario), seed).unwrap();
                let mut step = 0u32;
                while g.winner().is_none() && g.turn() < turns {
                    g.legal_actions_without_offers(&mut legal);
                    let action = crate::tests::pick_favouring_ships(&legal, &mut rng, 2, 3);
                    let events = g.apply(action).unwrap();
                    step += 1;
                    let walked = Walked {
                        game: &g,
                        scenario,
                        seed,
                        step,
                        action,
                        events: &events,
                    };
                    if !check(&walked) {
                        break;
                    }
                }
            }
        }
    }
}
