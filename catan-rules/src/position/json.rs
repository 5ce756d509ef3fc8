//! A game written out as a [`Position`] and as position JSON, and read back from JSON.

use super::{LoadError, PlayerPosition, Position, TradeAnswer, TradeOffer, FORMAT, VERSION};
use crate::board::{EdgeId, NodeId};
use crate::error::ParseError;
use crate::game::{
    answer, Game, Offer, Phase, CITY, F_BUILT, F_DEV_PLAYED, F_SHIP_MOVED, NONE, SHIP,
};
use crate::types::{Harbor, Player};

fn opt(p: u8) -> Option<Player> {
    (p != NONE).then_some(Player(p))
}

/// The open offer as plain data, answers in seat order.
fn trade_offer(o: &Offer, n: usize) -> TradeOffer {
    TradeOffer {
        to: o.to.map(Player),
        give: o.give,
        get: o.get,
        answers: (0..n)
            .filter_map(|q| {
                let player = Player(q as u8);
                match o.answers[q] {
                    answer::PENDING => Some(TradeAnswer::Pending { player }),
                    answer::ACCEPTED => Some(TradeAnswer::Accepted { player }),
                    answer::REJECTED => Some(TradeAnswer::Rejected { player }),
                    answer::COUNTERED => Some(TradeAnswer::Countered {
                        player,
                        give: o.counters[q].0,
                        get: o.counters[q].1,
                    }),
                    _ => None,
                }
            })
            .collect(),
    }
}

fn harbor_list(bits: u8) -> Vec<Harbor> {
    Harbor::ALL
        .into_iter()
        .filter(|h| bits & h.bit() != 0)
        .collect()
}

impl Game {
    /// The game as a [`Position`]: plain data that [`Game::from_position`] turns back into
    /// an equal game, which continues identically (same random generator state).
    ///
    /// Piece lists are in increasing id order.
    ///
    /// ```
    /// use catan_rules::{Game, Rules, Player};
    /// let mut game = Game::new(Rules::default(), 5).unwrap();
    /// let mut legal = Vec::new();
    /// game.legal_actions(&mut legal);
    /// game.apply(legal[0]).unwrap(); // the first set-up settlement
    /// let pos = game.to_position();
    /// assert_eq!(pos.players[0].settlements.len(), 1);
    /// assert_eq!(pos.current, Player(0));
    /// assert_eq!(Game::from_position(pos).unwrap(), game);
    /// ```
    pub fn to_position(&self) -> Position {
        let n = self.rules.players as usize;
        let mut players: Vec<PlayerPosition> = self.seats[..n]
            .iter()
            .zip(self.discard.iter())
            .zip(self.gold.iter())
            .map(|((s, &d), &gold)| PlayerPosition {
                hand: s.hand,
                dev_cards: s.dev,
                new_dev_cards: s.new_dev,
                knights: s.knights,
                discard_owed: d,
                gold_owed: gold,
                ..PlayerPosition::default()
            })
            .collect();
        for (i, v) in self.edges.iter(self.board.edges().len()).enumerate() {
            if v & SHIP != 0 {
                players[((v & 7) - 1) as usize].ships.push(EdgeId(i as u16));
            } else if v != 0 {
                players[(v - 1) as usize].roads.push(EdgeId(i as u16));
            }
        }
        let mut ships_built_this_turn = Vec::new();
        self.fresh_ships()
            .for_each(|e| ships_built_this_turn.push(EdgeId(e as u16)));
        for (i, v) in self.nodes.iter(self.board.nodes().len()).enumerate() {
            if v != 0 {
                let pp = &mut players[((v & 7) - 1) as usize];
                if v & CITY != 0 {
                    pp.cities.push(NodeId(i as u8));
                } else {
                    pp.settlements.push(NodeId(i as u8));
                }
            }
        }
        for (i, pp) in players.iter_mut().enumerate() {
            pp.special_victory_points = self.special_vp[i];
            let settled = self.settled[i];
            pp.settled_areas = (0..16u8).filter(|a| settled >> a & 1 != 0).collect();
        }
        let setup = matches!(self.phase, Phase::SetupSettlement | Phase::SetupRoad);
        let cur = &self.seats[self.current as usize];
        let gained = if setup {
            0
        } else {
            cur.harbors & !cur.harbors_at_start
        };
        Position {
            format: FORMAT.to_string(),
            version: VERSION,
            rules: self.rules,
            board: self.board.spec().clone(),
            phase: self.phase,
            current: Player(self.current),
            turn: self.turn,
            dice: self.dice(),
            dev_card_played: self.flags & F_DEV_PLAYED != 0,
            built_this_turn: self.flags & F_BUILT != 0,
            harbors_gained_this_turn: harbor_list(gained),
            setup_step: self.setup_step,
            setup_node: (self.setup_node != NONE).then_some(NodeId(self.setup_node)),
            road_building_left: self.road_building_left,
            special_build_after: self.special_build_after(),
            ship_moved: self.flags & F_SHIP_MOVED != 0,
            ships_built_this_turn,
            trade: self.offer.as_ref().map(|o| trade_offer(o, n)),
            robber: self.robber(),
            pirate: self.pirate(),
            bank: self.bank,
            deck: self.deck,
            rng: self.rng,
            players,
            longest_road: opt(self.longest_road),
            largest_army: opt(self.largest_army),
            winner: opt(self.winner),
            fog: self.fog_position(),
        }
    }

    /// The fog part of the position (maps with unexplored spaces only, while one is left:
    /// once every space is discovered the stacks are empty too, and `fog` is left out).
    fn fog_position(&self) -> Option<crate::position::FogPosition> {
        let spaces = self.board.fog_hexes();
        if spaces.is_empty() || self.unexplored().next().is_none() {
            return None;
        }
        let listed = |bits: u32| -> Vec<crate::board::HexId> {
            spaces
                .iter()
                .enumerate()
                .filter(|(i, _)| bits >> i & 1 != 0)
                .map(|(_, &h)| h)
                .collect()
        };
        Some(crate::position::FogPosition {
            unexplored: listed(!self.fog.revealed),
            pending: listed(self.fog.pending),
            discoverer: (self.fog.pending != 0).then_some(Player(self.fog.discoverer)),
            hexes: self.fog.terrain_stack().collect(),
            numbers: self.fog.number_stack().collect(),
        })
    }

    /// The game as position JSON (compact; see [`Game::to_position`]).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_position()).expect("positions always serialize")
    }

    /// A game from position JSON.
    ///
    /// # Errors
    /// [`LoadError::Parse`] if the text is not a well-formed position,
    /// [`LoadError::Invalid`] with every problem if it cannot occur.
    pub fn from_json(s: &str) -> Result<Game, LoadError> {
        let pos: Position = serde_json::from_str(s).map_err(ParseError::from)?;
        Ok(Game::from_position(pos)?)
    }
}
