//! Complete legal-action enumeration.
//!
//! Every finite family is listed in full: set-up placements, rolls (all 36 ordered dice
//! when chance is external), discards (every multiset of the right size), robber moves with
//! every eligible victim (and every stealable resource when chance is external), builds,
//! development cards (every Year of Plenty pair, every Monopoly resource), maritime trades
//! and trade answers. Maritime trades are listed at the best rate the player has for each
//! (give, get) pair; worse rates are dominated but still legal (`RULINGS` 18).
//!
//! Domestic offers are unbounded, so a documented family is listed: one card for one card of
//! a different resource, offered to everyone, for each resource the player holds. Any other
//! offer (other amounts, to one player) is still checked by [`Game::is_legal`] and applied
//! by [`Game::apply`]. Counter-offers are never listed; they too can be applied.

use crate::action::Action;
use crate::bits::{EdgeBits, NodeBits, EDGE_WORDS, NODE_WORDS};
use crate::board::{EdgeId, NodeId, MAX_HEXES};
use crate::game::{answer, Game, Phase, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST};
use crate::rules::ChanceMode;
use crate::types::{DevCard, Player, Resource, Resources, MAX_PLAYERS};

/// The listed domestic offers, by player and resource given: one card for one card of
/// each other resource, to everyone.
static OFFERS: [[[Action; 4]; 5]; MAX_PLAYERS] = {
    let mut t = [[[Action::EndTurn { player: Player(0) }; 4]; 5]; MAX_PLAYERS];
    let mut p = 0;
    while p < MAX_PLAYERS {
        let mut give = 0;
        while give < 5 {
            let mut k = 0;
            let mut get = 0;
            while get < 5 {
                if get != give {
                    t[p][give][k] = Action::OfferTrade {
                        player: Player(p as u8),
                        to: None,
                        give: Resources::one(Resource::ALL[give]),
                        get: Resources::one(Resource::ALL[get]),
                    };
                    k += 1;
                }
                get += 1;
            }
            give += 1;
        }
        p += 1;
    }
    t
};

/// Where enumeration writes legal actions: a `Vec<Action>`, or an action-space mask.
pub(crate) trait Out {
    /// One legal action.
    fn push(&mut self, a: Action);
    /// Several legal actions, in order.
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        for &x in a {
            self.push(x);
        }
    }
    /// The four listed one-for-one offers of `give` by `player`, in resource order.
    #[inline]
    fn offers(&mut self, player: Player, give: Resource) {
        self.extend(&OFFERS[player.index()][give.index()]);
    }
}

impl Out for Vec<Action> {
    #[inline]
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        self.extend_from_slice(a);
    }
}

/// A `Vec` sink that drops the listed domestic offers.
struct WithoutOffers<'a>(&'a mut Vec<Action>);

impl Out for WithoutOffers<'_> {
    #[inline]
    fn push(&mut self, a: Action) {
        self.0.push(a);
    }
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        self.0.extend_from_slice(a);
    }
    #[inline]
    fn offers(&mut self, _: Player, _: Resource) {}
}

impl Game {
    /// Writes every legal action into `out` (cleared first). Reusing one buffer across calls
    /// makes enumeration allocation-free once the buffer has grown.
    ///
    /// Every action written is legal ([`Game::is_legal`]); see the module notes for the
    /// families listed in full and the bounded family of domestic offers.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate(out);
    }

    /// Writes every legal action into `out`, in the documented order.
    pub(crate) fn enumerate<O: Out>(&self, out: &mut O) {
        if self.phase == Phase::GameOver {
            return;
        }
        if self.phase == Phase::Discard {
            for p in 0..self.rules.players {
                let need = self.discard[p as usize];
                if need > 0 {
                    self.push_discards(Player(p), need, out);
                }
            }
            return;
        }
        if let Some(o) = &self.offer {
            let from = Player(o.from);
            for q in 0..self.rules.players {
                let s = &self.seats[q as usize];
                match o.answers[q as usize] {
                    answer::PENDING => {
                        if s.hand.contains(&o.get) {
                            out.push(Action::AcceptTrade { player: Player(q) });
                        }
                        out.push(Action::RejectTrade { player: Player(q) });
                    }
                    answer::ACCEPTED | answer::COUNTERED => {
                        let a = Action::ConfirmTrade {
                            player: from,
                            with: Player(q),
                        };
                        if self.is_legal(&a) {
                            out.push(a);
                        }
                    }
                    _ => {}
                }
            }
            out.push(Action::CancelTrade { player: from });
            return;
        }
        let player = Player(self.current);
        let p = self.current;
        match self.phase {
            Phase::SetupSettlement => {
                for n in 0..self.board.nodes().len() {
                    let node = NodeId(n as u8);
                    if self.check_settlement_site(p, node, true).is_ok() {
                        out.push(Action::BuildSettlement { player, node });
                    }
                }
            }
            Phase::SetupRoad => {
                let node = NodeId(self.setup_node);
                for edge in self.board.node(node).edges() {
                    if self.edges.get(edge.index()) == 0 {
                        out.push(Action::BuildRoad { player, edge });
                    }
                }
            }
            Phase::Roll => {
                if self.rules.chance == ChanceMode::External {
                    for a in 1..=6 {
                        for b in 1..=6 {
                            out.push(Action::Roll {
                                player,
                                dice: Some([a, b]),
                            });
                        }
                    }
                } else {
                    out.push(Action::Roll { player, dice: None });
                }
                self.push_card_plays(player, out);
            }
            Phase::MoveRobber => {
                self.push_robber_moves(player, false, out);
            }
            Phase::RoadBuilding => {
                self.push_roads(player, out);
            }
            Phase::Main => {
                let s = &self.seats[p as usize];
                let (max_roads, max_settlements, max_cities) = self.rules.pieces();
                if s.roads < max_roads && s.hand.contains(&ROAD_COST) {
                    self.push_roads(player, out);
                }
                if s.settlements < max_settlements && s.hand.contains(&SETTLEMENT_COST) {
                    self.push_settlements(player, out);
                }
                if s.cities < max_cities && s.hand.contains(&CITY_COST) {
                    self.nodes
                        .matching::<NODE_WORDS>(self.board.nodes().len(), 0x0f, p + 1)
                        .for_each(|n| {
                            out.push(Action::BuildCity {
                                player,
                                node: NodeId(n as u8),
                            })
                        });
                }
                if self.deck.total() > 0 && s.hand.contains(&DEV_CARD_COST) {
                    if self.rules.chance == ChanceMode::External {
                        for card in DevCard::ALL {
                            if self.deck[card] > 0 {
                                out.push(Action::BuyDevelopmentCard {
                                    player,
                                    card: Some(card),
                                });
                            }
                        }
                    } else {
                        out.push(Action::BuyDevelopmentCard { player, card: None });
                    }
                }
                self.push_card_plays(player, out);
                if self.trading_open() {
                    let hand = s.hand;
                    let harbors = self.harbors(player);
                    // Resources the bank can pay out, as a bitmask.
                    let mut in_bank = 0u8;
                    for get in Resource::ALL {
                        in_bank |= ((self.bank[get] > 0) as u8) << get.index();
                    }
                    // The rate for each resource, and which ones the hand can give at it,
                    // worked out without branches.
                    let mut rates = [0u8; 5];
                    let mut afford = 0u8;
                    for give in Resource::ALL {
                        let rate = Game::rate_for(harbors, give);
                        rates[give.index()] = rate;
                        afford |= ((hand[give] >= rate) as u8) << give.index();
                    }
                    while afford != 0 {
                        let g = afford.trailing_zeros() as usize;
                        afford &= afford - 1;
                        let (give, rate) = (Resource::ALL[g], rates[g]);
                        let mut gets = in_bank & !(1 << g);
                        while gets != 0 {
                            let get = Resource::ALL[gets.trailing_zeros() as usize];
                            gets &= gets - 1;
                            out.push(Action::MaritimeTrade {
                                player,
                                give,
                                get,
                                rate,
                            });
                        }
                    }
                    for give in Resource::ALL {
                        if hand[give] == 0 {
                            continue;
                        }
                        out.offers(player, give);
                    }
                }
                out.push(Action::EndTurn { player });
            }
            Phase::Discard | Phase::GameOver => {}
        }
    }

    /// Like [`Game::legal_actions`] without the domestic trade offers
    /// ([`Action::is_trade_offer`]): the same list, in the same order, as enumerating and
    /// then dropping them, without building them first. The benchmark workload's choice
    /// set.
    pub fn legal_actions_without_offers(&self, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate(&mut WithoutOffers(out));
    }

    /// The legal actions as a new vector (see [`Game::legal_actions`]).
    pub fn legal_actions_vec(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }

    fn push_roads<O: Out>(&self, player: Player, out: &mut O) {
        self.road_spots(player.0).for_each(|e| {
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
        let tag = p + 1;
        let board = &*self.board;
        let ne = board.edges().len();
        let nn = board.nodes().len();
        let mine = self.edges.matching::<EDGE_WORDS>(ne, 0x0f, tag);
        // The ends of the player's roads, each once.
        let mut ends = NodeBits::empty(nn);
        mine.for_each(|e| {
            for n in board.edge(EdgeId(e as u16)).nodes {
                ends.insert(n.index());
            }
        });
        // The network goes on from empty ends and from the player's own buildings (these
        // also cover buildings without a road of their own, in hand-made positions).
        let own = self.nodes.matching::<NODE_WORDS>(nn, 0x07, tag);
        let empty_nodes = self.nodes.matching::<NODE_WORDS>(nn, 0x0f, 0);
        let reach = own.or(&ends.and(&empty_nodes));
        let mut next = EdgeBits::empty(ne);
        reach.for_each(|n| {
            for f in board.node(NodeId(n as u8)).edges_padded() {
                next.insert(f as usize);
            }
        });
        next.and(&self.edges.matching::<EDGE_WORDS>(ne, 0x0f, 0))
    }

    /// Main-phase settlement sites of `player`, in node order: free nodes at the player's
    /// roads with no building next to them.
    fn push_settlements<O: Out>(&self, player: Player, out: &mut O) {
        let tag = player.0 + 1;
        let board = &*self.board;
        let ne = board.edges().len();
        let mine = self.edges.matching::<EDGE_WORDS>(ne, 0x0f, tag);
        let mut ends = NodeBits::empty(board.nodes().len());
        mine.for_each(|e| {
            for n in board.edge(EdgeId(e as u16)).nodes {
                if self.nodes.get(n.index()) == 0 {
                    ends.insert(n.index());
                }
            }
        });
        ends.for_each(|n| {
            let node = NodeId(n as u8);
            let [a, b, c] = board.node(node).neighbors_padded();
            let near = self.nodes.get(a as usize)
                | self.nodes.get(b as usize)
                | self.nodes.get(c as usize);
            if near == 0 {
                out.push(Action::BuildSettlement { player, node });
            }
        });
    }

    fn push_card_plays<O: Out>(&self, player: Player, out: &mut O) {
        if self.development_card_played() {
            return;
        }
        let s = &self.seats[player.index()];
        if s.dev[DevCard::Knight] > 0 {
            self.push_robber_moves(player, true, out);
        }
        if s.dev[DevCard::RoadBuilding] > 0 {
            out.push(Action::PlayRoadBuilding { player });
        }
        if s.dev[DevCard::Monopoly] > 0 {
            for resource in Resource::ALL {
                out.push(Action::PlayMonopoly { player, resource });
            }
        }
        if s.dev[DevCard::YearOfPlenty] > 0 {
            let bank = self.bank;
            match bank.total() {
                0 => out.push(Action::PlayYearOfPlenty {
                    player,
                    resources: Resources::EMPTY,
                }),
                1 => out.push(Action::PlayYearOfPlenty {
                    player,
                    resources: bank,
                }),
                _ => {
                    for a in 0..5 {
                        for b in a..5 {
                            let mut r = Resources::EMPTY;
                            r.0[a] += 1;
                            r.0[b] += 1;
                            if bank.contains(&r) {
                                out.push(Action::PlayYearOfPlenty {
                                    player,
                                    resources: r,
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    fn push_robber_moves<O: Out>(&self, player: Player, knight: bool, out: &mut O) {
        let external = self.rules.chance == ChanceMode::External;
        let board = &*self.board;
        let p = player.0;
        // Players who could be robbed at all: opponents holding cards.
        let mut eligible = 0u8;
        for (q, s) in self.seats[..self.rules.players as usize].iter().enumerate() {
            if q as u8 != p && s.hand.total() > 0 {
                eligible |= 1 << q;
            }
        }
        let friendly = self.rules.friendly_robber && self.robber_targets_unprotected(p);
        // Owners of buildings around each land hex, from the (few) occupied nodes.
        let mut owners = [0u8; MAX_HEXES];
        if eligible != 0 {
            self.nodes
                .nonzero::<NODE_WORDS>(board.nodes().len())
                .for_each(|n| {
                    let bit = 1u8 << ((self.nodes.get(n) & 7) - 1);
                    for h in board.node(NodeId(n as u8)).hexes_padded() {
                        owners[h as usize] |= bit;
                    }
                });
        }
        for &hex in board.land() {
            let h = hex.index();
            if hex.0 == self.robber {
                continue;
            }
            if friendly && self.hex_protected(p, hex) {
                continue;
            }
            let mut victims = owners[h] & eligible;
            let make = |victim: Option<Player>, resource: Option<Resource>| {
                if knight {
                    Action::PlayKnight {
                        player,
                        hex,
                        victim,
                        resource,
                    }
                } else {
                    Action::MoveRobber {
                        player,
                        hex,
                        victim,
                        resource,
                    }
                }
            };
            if external {
                if victims == 0 {
                    out.push(make(None, None));
                }
                while victims != 0 {
                    let v = Player(victims.trailing_zeros() as u8);
                    victims &= victims - 1;
                    let hand = self.seats[v.index()].hand;
                    for r in Resource::ALL {
                        if hand[r] > 0 {
                            out.push(make(Some(v), Some(r)));
                        }
                    }
                }
                continue;
            }
            // Bit 7 stands for "no victim" when there is none, so that both cases run
            // through one loop (no branch on whether the hex has victims).
            victims |= ((victims == 0) as u8) << 7;
            while victims != 0 {
                let v = victims.trailing_zeros() as u8;
                victims &= victims - 1;
                out.push(make((v != 7).then_some(Player(v)), None));
            }
        }
    }

    fn push_discards<O: Out>(&self, player: Player, need: u8, out: &mut O) {
        // Every multiset of `need` cards from the hand, in lexicographic order of the counts
        // (brick first); branches that cannot reach `need` are skipped.
        let h = self.seats[player.index()].hand.0;
        let r3 = h[4];
        let r2 = r3 + h[3];
        let r1 = r2 + h[2];
        let r0 = r1 + h[1];
        for a in 0..=h[0].min(need) {
            let la = need - a;
            if la > r0 {
                continue;
            }
            for b in 0..=h[1].min(la) {
                let lb = la - b;
                if lb > r1 {
                    continue;
                }
                for c in 0..=h[2].min(lb) {
                    let lc = lb - c;
                    if lc > r2 {
                        continue;
                    }
                    for d in 0..=h[3].min(lc) {
                        let e = lc - d;
                        if e <= r3 {
                            out.push(Action::Discard {
                                player,
                                resources: Resources::new(a, b, c, d, e),
                            });
                        }
                    }
                }
            }
        }
    }
}
