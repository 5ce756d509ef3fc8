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

use crate::bits::EdgeBits;
use crate::board::{EdgeId, NodeId};
use crate::game::{Game, SHIP};

/// Most roads a player may have (docs/rulings.md §12); the trail search indexes them in a `u32`.
const MAX_ROADS: usize = 32;

struct Trail {
    /// Node at each end of each local road.
    ends: [[u8; 2]; MAX_ROADS],
    /// Other local roads at each end.
    adj: [[u32; 2]; MAX_ROADS],
    /// Whether each end is an opponent's building (a trail stops there).
    blocked: [[bool; 2]; MAX_ROADS],
    /// Every road some search has used.
    covered: u32,
}

impl Trail {
    /// Longest continuation after arriving at end `k` of road `i` with `used` roads.
    fn go(&mut self, i: usize, k: usize, used: u32, len: u8) -> u8 {
        self.covered |= used;
        if self.blocked[i][k] {
            return len;
        }
        let node = self.ends[i][k];
        let mut best = len;
        let mut c = self.adj[i][k] & !used;
        while c != 0 {
            let j = c.trailing_zeros() as usize;
            c &= c - 1;
            let kk = (self.ends[j][0] == node) as usize;
            best = best.max(self.go(j, kk, used | 1 << j, len + 1));
        }
        best
    }

    /// Like [`Trail::go`] for a tree: notes in `far` the farthest end reached (length, road,
    /// end) and sets `cycle` if the search comes back to a node already on its trail.
    fn reach(
        &mut self,
        i: usize,
        k: usize,
        used: u32,
        len: u8,
        far: &mut (u8, usize, usize),
        cycle: &mut bool,
    ) {
        self.covered |= used;
        if len > far.0 {
            *far = (len, i, k);
        }
        if self.blocked[i][k] {
            return;
        }
        let node = self.ends[i][k];
        let here = self.adj[i][k];
        if here & used != 0 {
            *cycle = true;
            return;
        }
        let mut c = here;
        while c != 0 {
            let j = c.trailing_zeros() as usize;
            c &= c - 1;
            let kk = (self.ends[j][0] == node) as usize;
            self.reach(j, kk, used | 1 << j, len + 1, far, cycle);
        }
    }

    /// The farthest end of a trail starting at end `k` of road `i` (along every road at
    /// that node, or road `i` alone where the node is blocked), for a tree.
    fn sweep(&mut self, i: usize, k: usize, cycle: &mut bool) -> (u8, usize, usize) {
        let node = self.ends[i][k];
        let mut at = if self.blocked[i][k] {
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
        }
        far
    }

    /// Whether the first `count` roads form a forest: a blocked node counts as one node per
    /// road ending there, and a forest has exactly as many trees as nodes less roads.
    fn is_forest(&self, count: usize) -> bool {
        let mut nodes = 0u32;
        let mut joined = [0u32; MAX_ROADS];
        for (i, join) in joined.iter_mut().enumerate().take(count) {
            for k in 0..2 {
                if self.blocked[i][k] {
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
            let mut todo = 1u32 << i;
            seen |= todo;
            while todo != 0 {
                let j = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let new = joined[j] & !seen;
                seen |= new;
                todo |= new;
            }
        }
        nodes == count as u32 + trees
    }

    /// Longest trail starting at end `k` of road `i` (along every road at that node).
    fn start(&mut self, i: usize, k: usize) -> u8 {
        let node = self.ends[i][k];
        let mut at = self.adj[i][k] | 1 << i;
        let mut best = 0;
        while at != 0 {
            let j = at.trailing_zeros() as usize;
            at &= at - 1;
            let kk = (self.ends[j][0] == node) as usize;
            best = best.max(self.go(j, kk, 1 << j, 1));
        }
        best
    }
}

/// Whether a trail may go from `tag`'s piece `a` to its piece `b` at node `n` (both
/// `tag`'s): two roads or two ships anywhere, a road and a ship only at `tag`'s own
/// building (Seafarers rules, 'Longest Route').
#[inline(always)]
fn joins(game: &Game, tag: u8, a: u8, b: u8, n: NodeId) -> bool {
    (a ^ b) & SHIP == 0 || game.nodes.get(n.index()) & 7 == tag
}

/// Player `p`'s roads (and ships), numbered locally in edge order, with their adjacency.
fn build(game: &Game, p: u8) -> (Trail, [u16; MAX_ROADS], usize) {
    let tag = p + 1;
    let board = &*game.board;
    let mine: EdgeBits = game.edges.matching(board.edges().len(), 0x07, tag);
    let count = (mine.len() as usize).min(MAX_ROADS);
    let mut ids = [0u16; MAX_ROADS];
    let mut n = 0;
    mine.for_each(|e| {
        if n < MAX_ROADS {
            ids[n] = e as u16;
            n += 1;
        }
    });
    let mut tr = Trail {
        ends: [[0; 2]; MAX_ROADS],
        adj: [[0; 2]; MAX_ROADS],
        blocked: [[false; 2]; MAX_ROADS],
        covered: 0,
    };
    for (i, &id) in ids[..count].iter().enumerate() {
        let e = board.edge(EdgeId(id));
        for k in 0..2 {
            let node = e.nodes[k];
            tr.ends[i][k] = node.0;
            let v = game.nodes.get(node.index());
            tr.blocked[i][k] = v != 0 && v & 7 != tag;
            let mut m = 0u32;
            let kind = game.edges.get(id as usize);
            for f in board.node(node).edges() {
                if f.0 != id
                    && mine.contains(f.index())
                    && joins(game, tag, kind, game.edges.get(f.index()), node)
                {
                    let r = mine.rank(f.index()) as usize;
                    if r < MAX_ROADS {
                        m |= 1 << r;
                    }
                }
            }
            tr.adj[i][k] = m;
        }
    }
    (tr, ids, count)
}

/// The length of player `p`'s longest road, from scratch.
pub(crate) fn longest_road(game: &Game, p: u8) -> u8 {
    let (mut tr, _, count) = build(game, p);
    if count == 0 {
        return 0;
    }
    let all = if count == 32 {
        u32::MAX
    } else {
        (1u32 << count) - 1
    };
    // Where the roads form trees, a trail is a path and the longest is a tree's diameter:
    // the farthest end from any node, then the farthest from that end (two searches per
    // tree; a blocked node counts as one node per road ending there). Roads with a cycle
    // anywhere get the general search below.
    let mut best = 0;
    let mut cycle = !tr.is_forest(count);
    while !cycle && tr.covered & all != all {
        let i = (!tr.covered & all).trailing_zeros() as usize;
        let (_, j, k) = tr.sweep(i, 0, &mut cycle);
        if cycle {
            break;
        }
        best = best.max(tr.sweep(j, k, &mut cycle).0);
        if cycle {
            break;
        }
    }
    if !cycle {
        return best;
    }
    tr.covered = 0;
    let mut best = 0;
    for i in 0..count {
        for k in 0..2 {
            let others = tr.adj[i][k];
            // One search per node: from its lowest road.
            if others & ((1u32 << i) - 1) != 0 {
                continue;
            }
            if tr.blocked[i][k] || others.count_ones() != 1 {
                best = best.max(tr.start(i, k));
                if best as usize == count {
                    return best;
                }
            }
        }
    }
    // Components without a dead end, fork or blocked node: pure cycles.
    while tr.covered & all != all {
        let i = (!tr.covered & all).trailing_zeros() as usize;
        best = best.max(tr.start(i, 0));
        tr.covered |= 1 << i;
    }
    best
}

/// Player `p`'s longest road just after building `edge`, given `before`, the exact length
/// before it. When one end of the new road touches no other road of `p` (the common case:
/// a road extending a line or leaving a building), every new trail starts there and runs
/// through the new road, so one search from its other end suffices. Otherwise (the road
/// joins two of `p`'s roads) the length is recomputed from scratch.
pub(crate) fn longest_after_road(game: &Game, p: u8, edge: EdgeId, before: u8) -> u8 {
    let tag = p + 1;
    let board = &*game.board;
    let kind = game.edges.get(edge.index());
    let alone = |n: NodeId| {
        board.node(n).edges_padded().into_iter().all(|f| {
            let v = game.edges.get(f as usize);
            f == edge.0 || v & 7 != tag || !joins(game, tag, kind, v, n)
        })
    };
    let [a, b] = board.edge(edge).nodes;
    let from = if alone(b) {
        a
    } else if alone(a) {
        b
    } else {
        return longest_road(game, p);
    };
    let mut used = EdgeBits::empty(board.edges().len());
    used.insert(edge.index());
    before.max(trail_from(game, tag, kind, from, &mut used, 1))
}

/// Player `p`'s longest route once their ship on `from` is lifted, if it is cheap to know,
/// given `before`, the exact length with it. `from` must be the end ship of an open route
/// (a ship that may move): at one end it meets no building and no other ship of `p`'s, so
/// every trail through it ends there and runs through its other end. If the longest of those
/// is shorter than `before`, a trail of length `before` avoids `from` and the length stays;
/// otherwise (`None`) the caller measures again from scratch.
pub(crate) fn longest_without_end_ship(game: &Game, p: u8, from: EdgeId, before: u8) -> Option<u8> {
    let tag = p + 1;
    let board = &*game.board;
    let kind = game.edges.get(from.index());
    let open = |n: NodeId| {
        game.nodes.get(n.index()) & 7 != tag
            && !board
                .node(n)
                .edges()
                .any(|e| e != from && game.edges.get(e.index()) == kind)
    };
    let [a, b] = board.edge(from).nodes;
    let far = if open(a) {
        b
    } else if open(b) {
        a
    } else {
        return None;
    };
    let mut used = EdgeBits::empty(board.edges().len());
    used.insert(from.index());
    (trail_from(game, tag, kind, far, &mut used, 1) < before).then_some(before)
}

/// Longest trail of `tag`'s roads (and ships) continuing from node `n`, reached by a piece
/// of kind `kind`, after `len` pieces, avoiding `used` (restored on return): a plain
/// search on the board, for one start.
fn trail_from(game: &Game, tag: u8, kind: u8, n: NodeId, used: &mut EdgeBits, len: u8) -> u8 {
    let v = game.nodes.get(n.index());
    if v != 0 && v & 7 != tag {
        return len;
    }
    let board = &*game.board;
    let mut best = len;
    for f in board.node(n).edges() {
        let fv = game.edges.get(f.index());
        if fv & 7 == tag && !used.contains(f.index()) && joins(game, tag, kind, fv, n) {
            used.insert(f.index());
            let other = board.edge(f).other(n);
            best = best.max(trail_from(game, tag, fv, other, used, len + 1));
            used.remove(f.index());
        }
    }
    best
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
        use crate::{Rules, Scenario};
        let mut legal: Vec<Action> = Vec::new();
        let mut rng = Rng::new(11);
        let mut moves = 0;
        for seed in 0..12 {
            let mut g = Game::new(Rules::scenario(Scenario::NewShores), seed).unwrap();
            while g.winner().is_none() {
                g.legal_actions_without_offers(&mut legal);
                let ships: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::MoveShip { .. } | Action::BuildShip { .. }))
                    .collect();
                let pool = if !ships.is_empty() && rng.below(3) != 0 {
                    &ships
                } else {
                    &legal
                };
                let a = pool[rng.below(pool.len() as u32) as usize];
                g.apply(a).unwrap();
                moves += matches!(a, Action::MoveShip { .. }) as u32;
                for p in 0..g.players() {
                    assert_eq!(
                        g.longest_road_of(crate::Player(p)),
                        super::longest_road_reference(&g, p),
                        "seed {seed}, player {p}, after {a:?}"
                    );
                }
            }
        }
        assert!(moves > 500, "only {moves} ship moves");
    }
}
