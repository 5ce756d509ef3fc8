//! The set-up phase: two settlements and two roads each, in snake order, the second
//! settlement paying out its neighbouring hexes; or the beginner board's fixed pieces.
//!
//! Catan base rules, 5th ed., 'Set-up Phase'; snake order per docs/rulings.md §8.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | set-up settlement | `check_settlement` (build family, `setup`) | `place_setup_settlement` | `push_setup_settlements` | [`Block::Settlement`](crate::action_space::Block::Settlement) |
//! | set-up road | `check_road` (build family, `SetupRoad`) | `build_road`, then `after_setup_road` | `push_setup_roads` | [`Block::Road`](crate::action_space::Block::Road) |
//! | starting resources | — | `give_starting_resources` | — | — |
//! | beginner pieces | — | `place_beginner_pieces` | — | — |

use super::{Game, Phase, NONE};
use crate::action::Action;
use crate::bits::NODE_WORDS;
use crate::board::NodeId;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::layouts;
use crate::types::{Player, Resources};

impl Game {
    /// Places the beginner board's pieces and starting resources, and starts turn 1.
    pub(super) fn place_beginner_pieces<S: EventSink>(&mut self, sink: &mut S) {
        let seats = layouts::beginner_seats(self.rules.players);
        for (i, bp) in seats.iter().enumerate() {
            let p = i as u8;
            for (at, corner) in [bp.settlement, bp.starred] {
                let n = self
                    .board
                    .node_at(at, corner)
                    .expect("beginner settlement on the board");
                self.put_settlement(p, n);
                sink.push(Event::SettlementBuilt {
                    player: Player(p),
                    node: n,
                });
            }
            for (at, side) in bp.roads {
                let e = self
                    .board
                    .edge_at(at, side)
                    .expect("beginner road on the board");
                self.edges.set(e.index(), p + 1);
                self.sea_road_built(e);
                self.seats[i].roads += 1;
                sink.push(Event::RoadBuilt {
                    player: Player(p),
                    edge: e,
                });
            }
            let star = self
                .board
                .node_at(bp.starred.0, bp.starred.1)
                .expect("starred node");
            self.give_starting_resources(p, star, sink);
        }
        for p in 0..self.rules.players {
            crate::roads::measure_again(self, p);
        }
        self.setup_step = 2 * self.rules.players;
        sink.push(Event::SetupFinished);
        self.start_turn(0, sink);
    }

    /// The player who placed the `step`-th set-up settlement (snake order, docs/rulings.md §8).
    pub(crate) fn setup_player(&self, step: u8) -> u8 {
        let n = self.rules.players;
        if step < n {
            step
        } else {
            2 * n - 1 - step
        }
    }

    /// A set-up settlement: free, anywhere the distance rule allows; the second round's
    /// pays out its hexes. The same player then places a road at it.
    #[inline(always)]
    pub(super) fn place_setup_settlement<S: EventSink>(
        &mut self,
        p: u8,
        node: NodeId,
        sink: &mut S,
    ) {
        self.put_settlement(p, node);
        sink.push(Event::SettlementBuilt {
            player: Player(p),
            node,
        });
        if self.setup_step >= self.rules.players {
            self.give_starting_resources(p, node, sink);
            self.give_starting_gold(p, node, sink);
        }
        self.settle_areas(p, node, true, sink);
        self.setup_node = node.0;
        self.phase = Phase::SetupRoad;
        self.after_settlement(p, node, sink);
    }

    /// After a set-up road: the next player in snake order, or turn 1 once all are placed.
    #[inline(always)]
    pub(super) fn after_setup_road<S: EventSink>(&mut self, sink: &mut S) {
        self.setup_step += 1;
        self.setup_node = NONE;
        if self.setup_step == 2 * self.rules.players {
            sink.push(Event::SetupFinished);
            self.start_turn(0, sink);
            return;
        }
        self.current = self.setup_player(self.setup_step);
        self.phase = Phase::SetupSettlement;
    }

    /// One card per resource hex around `node`, as far as the bank has them.
    pub(super) fn give_starting_resources<S: EventSink>(
        &mut self,
        p: u8,
        node: NodeId,
        sink: &mut S,
    ) {
        let mut got = Resources::EMPTY;
        for h in self.board.node(node).hexes() {
            if let Some(r) = self.board.hex(h).terrain.resource() {
                if self.bank[r] > got[r] {
                    got[r] += 1;
                }
            }
        }
        self.bank.sub(&got);
        self.seats[p as usize].hand.add(&got);
        sink.push(Event::StartingResources {
            player: Player(p),
            resources: got,
        });
    }

    /// Every node where the distance rule allows a set-up settlement, in node order.
    #[inline(always)]
    pub(super) fn push_setup_settlements<O: Out>(&self, player: Player, out: &mut O) {
        let board = &*self.board;
        let nn = board.nodes().len();
        // The empty nodes less the neighbours of the occupied ones: the few buildings of
        // the set-up phase rule out their surroundings, instead of each node testing its own.
        let mut open = self.nodes.matching::<NODE_WORDS>(nn, 0x0f, 0);
        self.nodes.nonzero::<NODE_WORDS>(nn).for_each(|n| {
            for m in board.node(NodeId(n as u8)).neighbors_padded() {
                open.remove(m as usize);
            }
        });
        // Where every node is on land and the map has no start areas (the base boards),
        // every open node is a site: no test per node.
        let all = board
            .open_setup_ground()
            .is_some_and(|(land, _)| land == nn);
        open.for_each(|n| {
            let node = NodeId(n as u8);
            if all || board.node(node).on_land() && board.in_start_area(node) {
                debug_assert!(self.check_settlement_site(player.0, node, true).is_ok());
                out.push(Action::BuildSettlement { player, node });
            }
        });
    }

    /// Every free edge at the settlement just placed (along land, on a Seafarers map).
    #[inline(always)]
    pub(super) fn push_setup_roads<O: Out>(&self, player: Player, out: &mut O) {
        let node = NodeId(self.setup_node);
        for edge in self.board.node(node).edges() {
            if self.edges.get(edge.index()) == 0 && self.board.edge(edge).touches_land() {
                out.push(Action::BuildRoad { player, edge });
            }
        }
    }
}

/// Whether the set-up phase can be blocked on `board`: the size of the smallest set of
/// settlements, fewer than `needed`, after which no node is left that the distance rule allows (every
/// node taken or next to a settlement), or `None` when every order of placements leaves
/// room for `needed` settlements. Set-up roads never run out: a node the distance rule
/// allows has all its edges free (a road there would end at a neighbouring settlement).
///
/// A settlement rules out itself and at most `d` neighbours (`d` the largest degree), so
/// whenever the board has at least `needed (d + 1)` nodes no placement can block it. Only
/// smaller boards are searched: each step takes the first node still open, which the
/// blocking set must rule out by holding it or one of its neighbours (at most four
/// branches, at most `needed - 1` deep).
pub(crate) fn setup_blockable(board: &crate::board::Board, needed: usize) -> Option<usize> {
    // Only nodes a set-up settlement may take count: on land, in a start area (kept with
    // the board's shape where every node on land is one).
    let (n, degree) = board.open_setup_ground().unwrap_or_else(|| {
        let n = (0..board.nodes().len())
            .filter(|&i| setup_site(board, i))
            .count();
        let degree = board
            .nodes()
            .iter()
            .map(|info| info.neighbors().count())
            .max()
            .unwrap_or(0);
        (n, degree)
    });
    if n >= needed * (degree + 1) {
        return None;
    }
    // The fewest settlements that can block: searched for 1, 2, ... in turn.
    (1..needed).find_map(|k| block(board, &mut [0u64; 4], 0, k + 1))
}

/// Whether a set-up settlement may stand on node `i` as far as the ground goes.
fn setup_site(board: &crate::board::Board, i: usize) -> bool {
    let n = NodeId(i as u8);
    board.node(n).on_land() && board.in_start_area(n)
}

/// The search of [`setup_blockable`]: `count` settlements placed, `ruled_out` the nodes
/// they hold or neighbour.
fn block(
    board: &crate::board::Board,
    ruled_out: &mut [u64; 4],
    count: usize,
    needed: usize,
) -> Option<usize> {
    let is_out = |r: &[u64; 4], i: usize| r[i / 64] >> (i % 64) & 1 != 0;
    let Some(open) =
        (0..board.nodes().len()).find(|&i| !is_out(ruled_out, i) && setup_site(board, i))
    else {
        // Nothing left to settle: blocked if fewer than needed were placed.
        return (count < needed).then_some(count);
    };
    if count + 1 >= needed {
        // Another settlement reaches the number needed.
        return None;
    }
    let info = board.node(NodeId(open as u8));
    for s in std::iter::once(NodeId(open as u8)).chain(info.neighbors()) {
        if is_out(ruled_out, s.index()) {
            continue;
        }
        let saved = *ruled_out;
        for m in std::iter::once(s).chain(board.node(s).neighbors()) {
            ruled_out[m.index() / 64] |= 1 << (m.index() % 64);
        }
        let found = block(board, ruled_out, count + 1, needed);
        *ruled_out = saved;
        if found.is_some() {
            return found;
        }
    }
    None
}
