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
use crate::board::{EdgeId, HexId, NodeId};
use crate::game::{answer, Game, Phase, CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST};
use crate::rules::ChanceMode;
use crate::types::{DevCard, Player, Resource, Resources};

impl Game {
    /// Writes every legal action into `out` (cleared first). Reusing one buffer across calls
    /// makes enumeration allocation-free once the buffer has grown.
    ///
    /// Every action written is legal ([`Game::is_legal`]); see the module notes for the
    /// families listed in full and the bounded family of domestic offers.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
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
                    if self.edges[edge.index()] == 0 {
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
                    for n in 0..self.board.nodes().len() {
                        let node = NodeId(n as u8);
                        if self.check_settlement_site(p, node, false).is_ok() {
                            out.push(Action::BuildSettlement { player, node });
                        }
                    }
                }
                if s.cities < max_cities && s.hand.contains(&CITY_COST) {
                    for n in 0..self.board.nodes().len() {
                        if self.nodes[n] == p + 1 {
                            out.push(Action::BuildCity {
                                player,
                                node: NodeId(n as u8),
                            });
                        }
                    }
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
                    for give in Resource::ALL {
                        let rate = self.best_rate(player, give);
                        if hand[give] < rate {
                            continue;
                        }
                        for get in Resource::ALL {
                            if get != give && self.bank[get] > 0 {
                                out.push(Action::MaritimeTrade {
                                    player,
                                    give,
                                    get,
                                    rate,
                                });
                            }
                        }
                    }
                    for give in Resource::ALL {
                        if hand[give] == 0 {
                            continue;
                        }
                        for get in Resource::ALL {
                            if get != give {
                                out.push(Action::OfferTrade {
                                    player,
                                    to: None,
                                    give: Resources::one(give),
                                    get: Resources::one(get),
                                });
                            }
                        }
                    }
                }
                out.push(Action::EndTurn { player });
            }
            Phase::Discard | Phase::GameOver => {}
        }
    }

    /// The legal actions as a new vector (see [`Game::legal_actions`]).
    pub fn legal_actions_vec(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }

    fn push_roads(&self, player: Player, out: &mut Vec<Action>) {
        let p = player.0;
        for e in 0..self.board.edges().len() {
            let edge = EdgeId(e as u16);
            if self.edges[e] == 0 && self.road_connects(p, edge) {
                out.push(Action::BuildRoad { player, edge });
            }
        }
    }

    fn push_card_plays(&self, player: Player, out: &mut Vec<Action>) {
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

    fn push_robber_moves(&self, player: Player, knight: bool, out: &mut Vec<Action>) {
        let external = self.rules.chance == ChanceMode::External;
        for h in 0..self.board.hexes().len() {
            let hex = HexId(h as u8);
            if !self.board.hex(hex).terrain.is_land() || h as u8 == self.robber {
                continue;
            }
            if self.rules.friendly_robber
                && self.hex_protected(player.0, hex)
                && self.robber_targets_unprotected(player.0)
            {
                continue;
            }
            let victims = self.robber_victims(player.0, hex);
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
            if victims.is_empty() {
                out.push(make(None, None));
                continue;
            }
            for v in victims.iter() {
                if external {
                    let hand = self.seats[v.index()].hand;
                    for r in Resource::ALL {
                        if hand[r] > 0 {
                            out.push(make(Some(v), Some(r)));
                        }
                    }
                } else {
                    out.push(make(Some(v), None));
                }
            }
        }
    }

    fn push_discards(&self, player: Player, need: u8, out: &mut Vec<Action>) {
        let hand = self.seats[player.index()].hand.0;
        let mut cur = [0u8; 5];
        fn rec(
            i: usize,
            left: u8,
            hand: &[u8; 5],
            cur: &mut [u8; 5],
            player: Player,
            out: &mut Vec<Action>,
        ) {
            if i == 4 {
                if left <= hand[4] {
                    cur[4] = left;
                    out.push(Action::Discard {
                        player,
                        resources: crate::types::ByResource(*cur),
                    });
                    cur[4] = 0;
                }
                return;
            }
            let rest: u32 = hand[i + 1..].iter().map(|&c| c as u32).sum();
            for k in 0..=hand[i].min(left) {
                if (left - k) as u32 <= rest {
                    cur[i] = k;
                    rec(i + 1, left - k, hand, cur, player, out);
                }
            }
            cur[i] = 0;
        }
        rec(0, need, &hand, &mut cur, player, out);
    }
}
