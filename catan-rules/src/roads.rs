//! Longest Road: the longest trail (no edge used twice) in one player's roads, which may end
//! at an opponent's building but never pass through it (`seeds/000` "Longest Road";
//! `RULINGS` 15).

use crate::board::{EdgeId, NodeId};
use crate::game::Game;

/// Most roads a player may have (`RULINGS` 12); the trail search indexes them in a `u32`.
const MAX_ROADS: usize = 32;

struct Trail<'a> {
    game: &'a Game,
    tag: u8,
    roads: [u16; MAX_ROADS],
    count: usize,
}

impl Trail<'_> {
    #[inline]
    fn local(&self, e: EdgeId) -> Option<usize> {
        self.roads[..self.count].iter().position(|&x| x == e.0)
    }

    /// Whether a trail may pass through `n` (no opponent's building there).
    #[inline]
    fn passable(&self, n: NodeId) -> bool {
        let v = self.game.nodes[n.index()];
        v == 0 || v & 7 == self.tag
    }

    fn longest_from(&self, n: NodeId, used: u32, len: u8) -> u8 {
        if len > 0 && !self.passable(n) {
            return len;
        }
        let board = &*self.game.board;
        let mut best = len;
        for e in board.node(n).edges() {
            if self.game.edges[e.index()] != self.tag {
                continue;
            }
            let Some(i) = self.local(e) else { continue };
            if used & (1 << i) != 0 {
                continue;
            }
            let l = self.longest_from(board.edge(e).other(n), used | (1 << i), len + 1);
            best = best.max(l);
        }
        best
    }
}

/// The length of player `p`'s longest road, from scratch.
pub(crate) fn longest_road(game: &Game, p: u8) -> u8 {
    let tag = p + 1;
    let mut t = Trail {
        game,
        tag,
        roads: [0; MAX_ROADS],
        count: 0,
    };
    for (i, &v) in game.edges[..game.board.edges().len()].iter().enumerate() {
        if v == tag && t.count < MAX_ROADS {
            t.roads[t.count] = i as u16;
            t.count += 1;
        }
    }
    if t.count == 0 {
        return 0;
    }
    let board = &*game.board;
    let mut best = 0;
    for k in 0..t.count {
        let ends = board.edge(EdgeId(t.roads[k])).nodes;
        for n in ends {
            // A trail is longest when it starts at a dead end, a fork or a blocked node; trying
            // every road end is simple and cheap for at most 15 roads.
            best = best.max(t.longest_from(n, 0, 0));
        }
        if best as usize == t.count {
            break;
        }
    }
    best
}
