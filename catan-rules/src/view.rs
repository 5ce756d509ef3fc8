//! Per-seat views: exactly what one seat (or a spectator) may know about a game.
//!
//! A [`PlayerView`] shows the board, every piece, the robber, the bank, the dice, the turn
//! and what the game waits for, and for each player their public points, how many resource
//! and development cards they hold, their knights and road length. Only the viewer's own
//! hand, own development cards (victory point cards included) and own total points are
//! shown in full. The deck shows its size only; the random generator's state is never
//! shown. Events are redacted with [`Game::events_for`] (docs/rulings.md §11).

use crate::board::{BoardSpec, EdgeId, HexId, NodeId};
use crate::event::Event;
use crate::game::{Decision, Game, Phase, F_BUILT};
use crate::position::TradeOffer;
use crate::rules::Rules;
use crate::types::{ByDevCard, Player, Resources};
use serde::{Deserialize, Serialize};

/// What one seat may know about a game (see the [module notes](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerView {
    /// Whose view this is (`null`: a spectator).
    pub viewer: Option<Player>,
    /// Which game is played.
    pub rules: Rules,
    /// The map.
    pub board: BoardSpec,
    /// The stage of the game.
    pub phase: Phase,
    /// What the game waits for, and from whom.
    pub decision: Decision,
    /// Whose turn it is.
    pub current: Player,
    /// Turn number (0 during set-up).
    pub turn: u32,
    /// The dice rolled this turn; `null` before the roll.
    pub dice: Option<[u8; 2]>,
    /// Whether a development card was played this turn.
    pub dev_card_played: bool,
    /// Whether anything was built or bought this turn.
    pub built_this_turn: bool,
    /// Free roads still to place (Road Building).
    pub road_building_left: u8,
    /// Whether a ship has been moved this turn (Seafarers; left out when false).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub ship_moved: bool,
    /// Ships built this turn, which may not move (Seafarers; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships_built_this_turn: Vec<EdgeId>,
    /// The open trade offer with every answer (offers are made in the open).
    pub trade: Option<TradeOffer>,
    /// Where the robber stands.
    pub robber: Option<HexId>,
    /// Where the pirate stands (Seafarers; left out when off the board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pirate: Option<HexId>,
    /// Cards in the bank.
    pub bank: Resources,
    /// Development cards left in the deck (their kinds and order are hidden).
    pub deck_size: u32,
    /// Who holds Longest Road.
    pub longest_road: Option<Player>,
    /// Who holds Largest Army.
    pub largest_army: Option<Player>,
    /// The winner, once the game is over.
    pub winner: Option<Player>,
    /// What everyone knows about each seat, seat 0 first.
    pub players: Vec<PublicPlayer>,
    /// The viewer's own cards and points; `null` for a spectator.
    pub own: Option<OwnView>,
    /// The Fog Islands: the spaces still unexplored (left out when none). What lies there
    /// and the stacks' order are never shown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unexplored: Vec<HexId>,
    /// The Fog Islands: hexes and number tokens left in the face-down stacks (counts
    /// only; left out when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fog_stacks_left: Option<[u8; 2]>,
}

/// What everyone knows about one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicPlayer {
    /// Points from buildings, Longest Road and Largest Army (hidden victory point cards not
    /// counted).
    pub public_points: u8,
    /// Resource cards in hand.
    pub resource_cards: u32,
    /// Development cards held, bought this turn included.
    pub dev_cards: u32,
    /// Knights played.
    pub knights: u8,
    /// Length of the longest road.
    pub road_length: u8,
    /// Cards still to discard after a 7.
    pub discard_owed: u8,
    /// Cards still to take for gold fields (Seafarers; left out when 0; public, as the
    /// choices are: docs/rulings.md §40).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gold_owed: u8,
    /// Edges with this player's roads.
    pub roads: Vec<EdgeId>,
    /// Edges with this player's ships (Seafarers; left out when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<EdgeId>,
    /// Nodes with this player's settlements.
    pub settlements: Vec<NodeId>,
    /// Nodes with this player's cities.
    pub cities: Vec<NodeId>,
    /// Special victory points earned (Seafarers scenarios; counted in `public_points`;
    /// left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub special_victory_points: u8,
    /// The land areas where this player has a building (Seafarers scenarios; left out
    /// when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub settled_areas: Vec<u8>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The viewer's own hidden information.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnView {
    /// Resource cards in hand.
    pub hand: Resources,
    /// Development cards that may be played (victory point cards included).
    pub dev_cards: ByDevCard<u8>,
    /// Development cards bought during the latest own turn, playable from the next.
    pub new_dev_cards: ByDevCard<u8>,
    /// All points, hidden victory point cards included.
    pub points: u8,
}

impl Game {
    /// What `viewer` may know (`None`: a spectator, who sees no hand at all). Others'
    /// hands and development cards appear only as counts; the deck only as its size; the
    /// random generator's state not at all. A viewer the game does not have sees what a
    /// spectator sees (its `viewer` is `None`); [`Game::try_view`] refuses it instead.
    ///
    /// # Examples
    /// ```
    /// use catan_rules::{Game, Player, Rules};
    ///
    /// let game = Game::new(Rules { map: catan_rules::MapKind::Beginner, ..Rules::default() }, 1)
    ///     .unwrap();
    /// let mine = game.view(Some(Player(0)));
    /// assert_eq!(mine.own.as_ref().unwrap().hand, game.hand(Player(0)));
    /// assert_eq!(mine.players[1].resource_cards, game.hand(Player(1)).total());
    /// assert_eq!(mine.deck_size, 25);
    /// let spectator = game.view(None);
    /// assert!(spectator.own.is_none());
    /// let json = serde_json::to_string(&spectator).unwrap();
    /// assert!(!json.contains("rng"));
    /// ```
    pub fn view(&self, viewer: Option<Player>) -> PlayerView {
        let pos = self.to_position();
        let n = self.rules.players;
        let players = pos
            .players
            .into_iter()
            .enumerate()
            .map(|(i, pp)| {
                let p = Player(i as u8);
                PublicPlayer {
                    public_points: self.public_points(p),
                    resource_cards: pp.hand.total(),
                    dev_cards: pp.dev_cards.total() + pp.new_dev_cards.total(),
                    knights: pp.knights,
                    road_length: self.longest_road_of(p),
                    discard_owed: pp.discard_owed,
                    gold_owed: pp.gold_owed,
                    roads: pp.roads,
                    ships: pp.ships,
                    settlements: pp.settlements,
                    cities: pp.cities,
                    special_victory_points: pp.special_victory_points,
                    settled_areas: pp.settled_areas,
                }
            })
            .collect();
        let own = viewer.filter(|v| v.0 < n).map(|v| {
            let s = &self.seats[v.index()];
            OwnView {
                hand: s.hand,
                dev_cards: s.dev,
                new_dev_cards: s.new_dev,
                points: self.points(v),
            }
        });
        PlayerView {
            viewer: viewer.filter(|v| v.0 < n),
            rules: self.rules,
            board: pos.board,
            phase: self.phase,
            decision: self.decision(),
            current: Player(self.current),
            turn: self.turn,
            dice: self.dice(),
            dev_card_played: self.development_card_played(),
            built_this_turn: self.flags & F_BUILT != 0,
            road_building_left: self.road_building_left,
            ship_moved: pos.ship_moved,
            ships_built_this_turn: pos.ships_built_this_turn,
            trade: pos.trade,
            robber: self.robber(),
            pirate: self.pirate(),
            bank: self.bank,
            deck_size: self.deck.total(),
            longest_road: self.longest_road_holder(),
            largest_army: self.largest_army_holder(),
            winner: self.winner(),
            players,
            own,
            unexplored: self.unexplored().collect(),
            fog_stacks_left: (!self.board.fog_hexes().is_empty()).then(|| {
                let (h, n) = self.fog_stacks_left();
                [h, n]
            }),
        }
    }

    /// Events as `viewer` may see them (`None`: a spectator): stolen cards only for thief
    /// and victim, bought cards only for the buyer (docs/rulings.md §11; [`Event::redacted_for`]).
    ///
    /// ```
    /// use catan_rules::{Event, Game, Player, DevCard};
    /// let bought = [Event::DevelopmentCardBought { player: Player(1), card: Some(DevCard::Knight) }];
    /// assert_eq!(Game::events_for(&bought, Some(Player(1))), bought.to_vec());
    /// assert_eq!(
    ///     Game::events_for(&bought, Some(Player(0))),
    ///     vec![Event::DevelopmentCardBought { player: Player(1), card: None }],
    /// );
    /// ```
    pub fn events_for(events: &[Event], viewer: Option<Player>) -> Vec<Event> {
        events.iter().map(|e| e.redacted_for(viewer)).collect()
    }
}
