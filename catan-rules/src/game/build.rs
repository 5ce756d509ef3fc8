//! Building: roads, settlements and cities, their costs and the pieces each player has.
//! The placement checks serve the set-up phase and Road Building too.
//!
//! Catan base rules, 5th ed., 'Building' and 'Building Costs'; the distance rule.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | road | `check_road`, `road_connects` | `build_road` | `push_roads`, `road_spots` | `encode_road` ([`Block::Road`]) |
//! | settlement | `check_settlement`, `check_settlement_site` | `build_settlement`, `put_settlement`, `after_settlement` | `push_settlements` | `encode_node` ([`Block::Settlement`]) |
//! | city | `check_city` | `build_city` | `push_cities` | `encode_node` ([`Block::City`]) |
//!
//! Decoding a build id is `decode_build`.

use super::{Game, Phase, CITY, F_BUILT};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::bits::{EdgeBits, NodeBits, EDGE_WORDS, NODE_WORDS};
use crate::board::{EdgeId, NodeId};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::game::memo::Spots;
use crate::game::ships::SHIP;
use crate::types::{Piece, Player, Resources};

/// Cost of a road (Base rules "Building Costs").
pub const ROAD_COST: Resources = Resources::new(1, 1, 0, 0, 0);
/// Cost of a settlement.
pub const SETTLEMENT_COST: Resources = Resources::new(1, 1, 1, 1, 0);
/// Cost of a city.
pub const CITY_COST: Resources = Resources::new(0, 0, 0, 2, 3);

/// Whether the hand `hand` covers `cost` (both [`Resources::word`], each count below 128: a hand and
/// the bank together hold at most a resource's supply), as [`Resources::contains`] says:
/// one addition and one test, so that the listing's tests of what a random hand affords
/// are one data-dependent branch each, not one per resource in the cost (the compiler
/// splits the `&` of byte compares into a branch each).
#[inline(always)]
pub(super) fn covers(hand: u64, cost: u64) -> bool {
    const HIGH: u64 = 0x80_8080_8080;
    debug_assert!(hand & HIGH == 0 && cost & HIGH == 0 && (hand | cost) >> 40 == 0);
    // Each byte of the hand plus `0x80` less the cost's byte (no byte of the sum passes
    // 0xff or falls below 0) has its high bit set exactly when the count is at least the
    // cost's.
    (hand + (HIGH - cost)) & HIGH == HIGH
}

impl Game {
    /// A settlement: in the set-up or main phase, a piece left, the cost (not in set-up),
    /// and a site that keeps the distance rule (and joins a road, outside set-up).
    #[inline(always)]
    pub(super) fn check_settlement(
        &self,
        action: &Action,
        p: u8,
        node: NodeId,
    ) -> Result<(), RuleError> {
        let setup = self.phase == Phase::SetupSettlement;
        if !setup && !self.building_open() {
            return Err(self.wrong_phase(action));
        }
        if node.index() >= self.board.nodes().len() {
            return Err(RuleError::NoSuchNode { node });
        }
        let ps = &self.seats[p as usize];
        if ps.settlements >= self.rules.pieces().1 {
            return Err(RuleError::NoPieceLeft {
                piece: Piece::Settlement,
            });
        }
        if !setup && !ps.hand.contains(&SETTLEMENT_COST) {
            return Err(RuleError::NotEnoughResources {
                need: SETTLEMENT_COST,
            });
        }
        self.check_settlement_site(p, node, setup)
    }

    /// A road: paid in the main phase, free in set-up (at the settlement just placed) and
    /// during Road Building; a piece left, an empty edge joining the player's network.
    #[inline(always)]
    pub(super) fn check_road(&self, action: &Action, p: u8, edge: EdgeId) -> Result<(), RuleError> {
        let free = match self.phase {
            Phase::SetupRoad | Phase::RoadBuilding => true,
            Phase::Main | Phase::SpecialBuild => false,
            _ => return Err(self.wrong_phase(action)),
        };
        if edge.index() >= self.board.edges().len() {
            return Err(RuleError::NoSuchEdge { edge });
        }
        let ps = &self.seats[p as usize];
        if ps.roads >= self.rules.pieces().0 {
            return Err(RuleError::NoPieceLeft { piece: Piece::Road });
        }
        if !free && !ps.hand.contains(&ROAD_COST) {
            return Err(RuleError::NotEnoughResources { need: ROAD_COST });
        }
        if self.edges.get(edge.index()) != 0 {
            return Err(RuleError::EdgeOccupied { edge });
        }
        if !self.board.edge(edge).touches_land() {
            return Err(RuleError::RoadAtSea { edge });
        }
        if self.phase == Phase::SetupRoad {
            let n = NodeId(self.setup_node);
            if !self.board.edge(edge).nodes.contains(&n) {
                return Err(RuleError::SetupRoadNotAtSettlement { node: n });
            }
            return Ok(());
        }
        if !self.road_connects(p, edge) {
            return Err(RuleError::RoadNotConnected { edge });
        }
        Ok(())
    }

    /// A city: in the main phase, on the player's own settlement, a piece left, the cost.
    #[inline(always)]
    pub(super) fn check_city(&self, action: &Action, p: u8, node: NodeId) -> Result<(), RuleError> {
        if !self.building_open() {
            return Err(self.wrong_phase(action));
        }
        if node.index() >= self.board.nodes().len() {
            return Err(RuleError::NoSuchNode { node });
        }
        if self.nodes.get(node.index()) != p + 1 {
            return Err(RuleError::NotYourSettlement { node });
        }
        let ps = &self.seats[p as usize];
        if ps.cities >= self.rules.pieces().2 {
            return Err(RuleError::NoPieceLeft { piece: Piece::City });
        }
        if !ps.hand.contains(&CITY_COST) {
            return Err(RuleError::NotEnoughResources { need: CITY_COST });
        }
        Ok(())
    }

    /// An empty node on land with no building next to it (the distance rule), at one of
    /// `p`'s roads or ships unless in set-up, and in set-up in a start area (Seafarers
    /// scenarios).
    pub(crate) fn check_settlement_site(
        &self,
        p: u8,
        node: NodeId,
        setup: bool,
    ) -> Result<(), RuleError> {
        if self.nodes.get(node.index()) != 0 {
            return Err(RuleError::NodeOccupied { node });
        }
        let info = self.board.node(node);
        if !info.on_land() {
            return Err(RuleError::SettlementAtSea { node });
        }
        if setup && !self.board.in_start_area(node) {
            return Err(RuleError::NotStartArea { node });
        }
        let [a, b, c] = info.neighbors_padded();
        if self.nodes.get(a as usize) | self.nodes.get(b as usize) | self.nodes.get(c as usize) != 0
        {
            return Err(RuleError::DistanceRule { node });
        }
        if !setup && !info.edges().any(|e| self.edges.get(e.index()) & 7 == p + 1) {
            return Err(RuleError::SettlementNotConnected { node });
        }
        Ok(())
    }

    /// Whether a road on `edge` would join `p`'s network: at an end that is `p`'s building,
    /// or an end free of opponents' buildings where `p` has another road.
    #[inline]
    pub(crate) fn road_connects(&self, p: u8, edge: EdgeId) -> bool {
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
                .any(|e| e != edge && self.edges.get(e.index()) == tag)
            {
                return true;
            }
        }
        false
    }

    /// Pays `cost` from `p`'s hand into the bank.
    #[inline]
    pub(super) fn pay(&mut self, p: u8, cost: &Resources) {
        self.seats[p as usize].hand.sub(cost);
        self.bank.add(cost);
    }

    /// A main-phase settlement.
    #[inline(always)]
    pub(super) fn build_settlement<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        self.pay(p, &SETTLEMENT_COST);
        self.put_settlement(p, node);
        self.flags |= F_BUILT;
        sink.push(Event::SettlementBuilt {
            player: Player(p),
            node,
        });
        self.settle_areas(p, node, false, sink);
        self.after_settlement(p, node, sink);
    }

    /// A road, paid in the main phase, one of Road Building's otherwise; Longest Road
    /// follows. The phase's own follow-up (set-up order, the end of Road Building) is the
    /// caller's.
    #[inline(always)]
    pub(super) fn build_road<S: EventSink>(&mut self, p: u8, edge: EdgeId, sink: &mut S) {
        match self.phase {
            Phase::Main | Phase::SpecialBuild => {
                self.pay(p, &ROAD_COST);
                self.flags |= F_BUILT;
            }
            Phase::RoadBuilding => self.road_building_left -= 1,
            _ => {}
        }
        self.edges.set(edge.index(), p + 1);
        self.sea_road_built(edge);
        self.seats[p as usize].roads += 1;
        sink.push(Event::RoadBuilt {
            player: Player(p),
            edge,
        });
        let before = self.seats[p as usize].road_len;
        self.seats[p as usize].road_len = crate::roads::longest_after_road(self, p, edge, before);
        self.update_longest_road(sink);
    }

    /// A city replaces one of `p`'s settlements.
    #[inline(always)]
    pub(super) fn build_city<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        self.pay(p, &CITY_COST);
        let i = node.index();
        self.nodes.set(i, self.nodes.get(i) | CITY);
        let s = &mut self.seats[p as usize];
        s.settlements -= 1;
        s.cities += 1;
        self.flags |= F_BUILT;
        sink.push(Event::CityBuilt {
            player: Player(p),
            node,
        });
    }

    /// Puts a settlement of `p` on `node`, with its harbour.
    pub(crate) fn put_settlement(&mut self, p: u8, node: NodeId) {
        self.nodes.set(node.index(), p + 1);
        self.sea_settlement_built(node);
        let s = &mut self.seats[p as usize];
        s.settlements += 1;
        if let Some(h) = self.board.node(node).harbor {
            s.harbors |= h.bit();
        }
    }

    /// A settlement may break opponents' roads through `node` (Base rules "Longest Road"),
    /// and join the builder's own road and ship there into one trade route (Seafarers
    /// rules, 'Longest Route': roads and ships join only at one's own building).
    pub(super) fn after_settlement<S: EventSink>(&mut self, p: u8, node: NodeId, sink: &mut S) {
        // Seats with a road at the node (bit `q`), and with a ship. Touched: an opponent with
        // two roads or two ships there (a line through the node, now broken) and the builder
        // with a road and a ship (now joined). An opponent's single piece there, or a road
        // and a ship (which never followed each other at a node without the opponent's
        // building), ended every trail there before and still does; the builder's two roads
        // or ships followed each other before and still do.
        let (mut roads, mut ships, mut touched) = (0u8, 0u8, 0u8);
        for e in self.board.node(node).edges() {
            let raw = self.edges.get(e.index());
            if raw & 7 != 0 {
                let bit = 1 << ((raw & 7) - 1);
                let seen = if raw & super::SHIP != 0 {
                    &mut ships
                } else {
                    &mut roads
                };
                touched |= *seen & bit;
                *seen |= bit;
            }
        }
        touched = (touched & !(1 << p)) | (roads & ships & (1 << p));
        if touched == 0 {
            return;
        }
        for q in 0..self.rules.players {
            if touched & (1 << q) != 0 {
                crate::roads::measure_again(self, q);
            }
        }
        self.update_longest_road(sink);
    }

    /// Whether `p` has anywhere to put a road.
    pub(crate) fn has_road_spot(&self, p: u8) -> bool {
        !self.road_spots(p).is_empty()
    }

    /// The main phase's builds `player` can afford and has pieces for: roads, then
    /// settlements, then cities.
    #[inline(always)]
    pub(super) fn push_builds<O: Out, M: Spots>(&self, player: Player, memo: &mut M, out: &mut O) {
        let s = &self.seats[player.index()];
        let (max_roads, max_settlements, max_cities) = self.rules.pieces();
        // The pieces' counts first (nearly always some are left), then the hand: one
        // branch a build on what the hand affords.
        let hand = s.hand.word();
        if s.roads < max_roads && covers(hand, ROAD_COST.word()) {
            self.push_roads(player, memo, out);
        }
        if s.settlements < max_settlements && covers(hand, SETTLEMENT_COST.word()) {
            self.push_settlements(player, memo, out);
        }
        if s.cities < max_cities && covers(hand, CITY_COST.word()) {
            self.push_cities(player, out);
        }
    }

    /// Every road spot of `player`, in edge order.
    pub(super) fn push_roads<O: Out, M: Spots>(&self, player: Player, memo: &mut M, out: &mut O) {
        memo.road_spots(self, player.0).for_each(|e| {
            out.push(Action::BuildRoad {
                player,
                edge: EdgeId(e as u16),
            })
        });
    }

    /// Empty edges where a road of `p` would join `p`'s network (see
    /// [`Game::road_connects`]): at `p`'s buildings, and at the ends of `p`'s roads that are
    /// free of opponents' buildings.
    #[inline]
    pub(crate) fn road_spots(&self, p: u8) -> EdgeBits {
        let board = &*self.board;
        let next = self.road_reach(p);
        let free = next.and(
            &self
                .edges
                .matching::<EDGE_WORDS>(board.edges().len(), 0x0f, 0),
        );
        if board.open_sea() {
            // Seafarers: roads run along land only.
            return free.and(board.land_edges());
        }
        free
    }

    /// The edges at the open ends of `p`'s network, taken or not: at `p`'s own buildings,
    /// and at the ends of `p`'s roads that are free of opponents' buildings.
    #[inline(always)]
    fn road_reach(&self, p: u8) -> EdgeBits {
        let tag = p + 1;
        let board = &*self.board;
        let ne = board.edges().len();
        let nn = board.nodes().len();
        // The ends of the player's roads, each once, and the player's own buildings (these
        // also cover buildings without a road of their own, in hand-made positions): the
        // few matching nibbles are visited without building a set of each.
        let mut ends = NodeBits::empty(nn);
        self.edges.for_each_matching(ne, 0x0f, tag, |e| {
            for n in board.edge(EdgeId(e as u16)).nodes {
                ends.insert(n.index());
            }
        });
        self.nodes
            .for_each_matching(nn, 0x07, tag, |n| ends.insert(n));
        // The network goes on from empty ends and from the player's own buildings.
        let mut next = EdgeBits::empty(ne);
        ends.for_each(|n| {
            let v = self.nodes.get(n);
            if v == 0 || v & 7 == tag {
                for f in board.node(NodeId(n as u8)).edges_padded() {
                    next.insert(f as usize);
                }
            }
        });
        next
    }

    /// On an open-sea map, the road spots of `p` as if no ship stood anywhere: the land
    /// edges without a road where a road of `p` would join `p`'s network. A ship blocks a
    /// road only by taking its edge (Seafarers rules, 'Ships': a ship is no part of a road
    /// network and its end no building), so [`Game::road_spots`] are these less the edges
    /// holding a ship, and ships built or moved never change them: what the listing memo
    /// keeps on open-sea maps.
    #[inline]
    pub(crate) fn road_spots_under_ships(&self, p: u8) -> EdgeBits {
        let reach = self.road_reach(p).and(self.board.land_edges());
        let mut spots = reach;
        reach.for_each(|e| spots.put(e, no_road(self.edges.get(e))));
        spots
    }

    /// Adds to `roads` the edges at `node` a road of `p` may take when the node is free of
    /// opponents' buildings: what a new end of `p`'s network there (a road's end, a
    /// building) adds to the spots worked out before it ([`Game::road_spots`]; on an
    /// open-sea map [`Game::road_spots_under_ships`], an edge holding a ship counted as
    /// empty).
    #[inline]
    pub(crate) fn road_spots_at(&self, p: u8, node: NodeId, roads: &mut EdgeBits) {
        let board = &*self.board;
        let v = self.nodes.get(node.index());
        if v != 0 && v & 7 != p + 1 {
            return;
        }
        let sea = board.open_sea();
        for f in board.node(node).edges() {
            let v = self.edges.get(f.index());
            let free = if sea {
                no_road(v) && board.land_edges().contains(f.index())
            } else {
                v == 0
            };
            if free {
                roads.insert(f.index());
            }
        }
    }

    /// Whether `node` is a settlement site for a player whose road or ship ends there
    /// ([`Game::settlement_sites`]): empty, on land, nothing next to it.
    #[inline]
    pub(crate) fn is_site(&self, node: NodeId) -> bool {
        let info = self.board.node(node);
        let [a, b, c] = info.neighbors_padded();
        let near =
            self.nodes.get(a as usize) | self.nodes.get(b as usize) | self.nodes.get(c as usize);
        self.nodes.get(node.index()) == 0 && near == 0 && info.on_land()
    }

    /// Main-phase settlement sites of `player`, in node order.
    #[inline(always)]
    fn push_settlements<O: Out, M: Spots>(&self, player: Player, memo: &mut M, out: &mut O) {
        memo.settlement_sites(self, player.0).for_each(|n| {
            out.push(Action::BuildSettlement {
                player,
                node: NodeId(n as u8),
            })
        });
    }

    /// Main-phase settlement sites of `p`: free nodes on land at the player's roads or
    /// ships with no building next to them.
    #[inline]
    pub(crate) fn settlement_sites(&self, p: u8) -> NodeBits {
        // Roads and ships: the seat's tag in the owner's three bits.
        self.sites_at_ends(0x07, p + 1)
    }

    /// On open-sea maps, the settlement sites of `p` at the ends of its roads alone (the
    /// listing memo's part of [`Game::settlement_sites`]; the sites at the ends of its
    /// ships are the free sites, [`Game::free_sites`], among the ends the sea state keeps).
    #[inline]
    pub(crate) fn road_end_sites(&self, p: u8) -> NodeBits {
        // Roads only: the seat's tag with the ship bit clear.
        self.sites_at_ends(0x0f, p + 1)
    }

    /// The settlement sites ([`Game::is_site`]) at the ends of the pieces whose edge
    /// nibble masked by `mask` is `value`.
    #[inline(always)]
    fn sites_at_ends(&self, mask: u8, value: u8) -> NodeBits {
        let board = &*self.board;
        let ne = board.edges().len();
        let nn = board.nodes().len();
        let mut ends = NodeBits::empty(nn);
        self.edges.for_each_matching(ne, mask, value, |e| {
            for n in board.edge(EdgeId(e as u16)).nodes {
                if self.nodes.get(n.index()) == 0 {
                    ends.insert(n.index());
                }
            }
        });
        let mut sites = NodeBits::empty(nn);
        ends.for_each(|n| {
            if self.is_site(NodeId(n as u8)) {
                sites.insert(n);
            }
        });
        sites
    }

    /// The nodes that are settlement sites for whoever reaches them ([`Game::is_site`]:
    /// empty, on land, nothing next to them), from the buildings alone.
    pub(crate) fn free_sites(&self) -> NodeBits {
        let nn = self.board.nodes().len();
        let mut free = NodeBits::empty(nn);
        for n in 0..nn {
            free.put(n, self.is_site(NodeId(n as u8)));
        }
        free
    }

    /// `player`'s settlements, in node order: where a city may go.
    #[inline(always)]
    fn push_cities<O: Out>(&self, player: Player, out: &mut O) {
        self.nodes
            .matching::<NODE_WORDS>(self.board.nodes().len(), 0x0f, player.0 + 1)
            .for_each(|n| {
                out.push(Action::BuildCity {
                    player,
                    node: NodeId(n as u8),
                })
            });
    }
}

/// Whether an edge's nibble `v` holds no road: empty (0), or a ship (`SHIP` set; a road
/// is its seat's tag, 1 to 6).
#[inline(always)]
fn no_road(v: u8) -> bool {
    v.wrapping_sub(1) >= SHIP - 1
}

impl ActionSpace {
    /// The id of a settlement or city (`b`) on `node`, if the node is on the board.
    #[inline]
    pub(crate) fn encode_node(&self, b: Block, node: NodeId) -> Option<u32> {
        ((node.0 as u32) < self.nodes).then(|| self.offset(b) + node.0 as u32)
    }

    /// The id of a road on `edge`, if the edge is on the board.
    #[inline]
    pub(crate) fn encode_road(&self, edge: EdgeId) -> Option<u32> {
        ((edge.0 as u32) < self.edges).then(|| self.offset(Block::Road) + edge.0 as u32)
    }

    /// The build with index `i` in block `b` ([`Block::Settlement`], [`Block::City`] or
    /// [`Block::Road`]).
    #[inline]
    pub(crate) fn decode_build(b: Block, i: u32, player: Player) -> Action {
        match b {
            Block::Settlement => Action::BuildSettlement {
                player,
                node: NodeId(i as u8),
            },
            Block::City => Action::BuildCity {
                player,
                node: NodeId(i as u8),
            },
            _ => Action::BuildRoad {
                player,
                edge: EdgeId(i as u16),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::devcards::DEV_CARD_COST;
    use crate::game::ships::SHIP_COST;

    /// Catan base rules, 'Building Costs' (and the Seafarers ship's): the main listing's
    /// one-addition test of what a hand affords ([`covers`]) says what
    /// [`Resources::contains`] says, for every hand of counts 0 to 5, 126 and 127 (the most
    /// a count can be), against every cost the listing tests and some that no rule has.
    #[test]
    fn a_packed_hand_covers_exactly_the_costs_it_contains() {
        let mut costs = vec![
            ROAD_COST,
            SETTLEMENT_COST,
            CITY_COST,
            DEV_CARD_COST,
            SHIP_COST,
        ];
        costs.push(Resources::new(4, 0, 0, 0, 0));
        costs.push(Resources::new(0, 0, 0, 0, 4));
        costs.push(Resources::new(2, 2, 2, 2, 2));
        costs.push(Resources::new(127, 0, 3, 0, 127));
        costs.push(Resources::EMPTY);
        let counts = [0u8, 1, 2, 3, 4, 5, 126, 127];
        let (mut yes, mut no) = (0, 0);
        for i in 0..counts.len().pow(5) {
            let mut h = [0u8; 5];
            let mut k = i;
            for c in &mut h {
                *c = counts[k % counts.len()];
                k /= counts.len();
            }
            let hand = Resources::new(h[0], h[1], h[2], h[3], h[4]);
            for cost in &costs {
                let want = hand.contains(cost);
                assert_eq!(covers(hand.word(), cost.word()), want, "{hand:?} {cost:?}");
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 10_000 && no > 10_000, "{yes} covered, {no} not");
    }
}
