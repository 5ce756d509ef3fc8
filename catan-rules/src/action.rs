//! [`Action`]s: everything a player can do, as context-free data. Legality is decided by
//! the game ([`crate::Game::apply`]); parsing only checks the form.

use crate::board::{EdgeId, HexId, NodeId};
use crate::types::{DevCard, Player, Resource, Resources, Terrain};
use serde::{Deserialize, Serialize};

/// One atomic decision by one player. JSON: internally tagged, `snake_case`
/// (`{"type": "build_road", "player": 1, "edge": 17}`).
///
/// Chance outcomes (`dice`, stolen `resource`, bought `card`) are left out when the game
/// draws them from its own seeded generator, and are required when the game's
/// [`crate::ChanceMode`] is `External`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
// 16 bytes, aligned to 4, rather than 14 aligned to 1: the listing writes thousands of
// actions into a `Vec` each game, and each write's address is then one shift of the index
// instead of three instructions (docs/performance.md, "Tenth round: the listing").
#[repr(align(4))]
pub enum Action {
    /// Roll the dice for production.
    Roll {
        /// Who acts.
        player: Player,
        /// The two dice, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<[u8; 2]>,
    },
    /// Build a settlement (free in the set-up phase).
    BuildSettlement {
        /// Who acts.
        player: Player,
        /// Where.
        node: NodeId,
    },
    /// Build a road (free in the set-up phase and with Road Building).
    BuildRoad {
        /// Who acts.
        player: Player,
        /// Where.
        edge: EdgeId,
    },
    /// Upgrade one's settlement to a city.
    BuildCity {
        /// Who acts.
        player: Player,
        /// Where.
        node: NodeId,
    },
    /// Buy the top development card.
    BuyDevelopmentCard {
        /// Who acts.
        player: Player,
        /// The card drawn, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<DevCard>,
    },
    /// Return cards to the bank after a 7: half the hand, rounded down, all at once or in
    /// parts that reduce what is still owed (docs/rulings.md §38).
    Discard {
        /// Who acts.
        player: Player,
        /// The cards returned.
        resources: Resources,
    },
    /// Move the robber after a 7 and steal from `victim` (required when someone is
    /// eligible, absent when nobody is).
    MoveRobber {
        /// Who acts.
        player: Player,
        /// The robber's new hex.
        hex: HexId,
        /// Whom to steal from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Player>,
        /// The card stolen, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resource: Option<Resource>,
    },
    /// Play a knight: move the robber and steal, as for [`Action::MoveRobber`].
    PlayKnight {
        /// Who acts.
        player: Player,
        /// The robber's new hex.
        hex: HexId,
        /// Whom to steal from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Player>,
        /// The card stolen, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resource: Option<Resource>,
    },
    /// Play Road Building; the free roads follow as `build_road` actions.
    PlayRoadBuilding {
        /// Who acts.
        player: Player,
    },
    /// Stop placing Road Building's free roads: the rest are given up (Catan base rules,
    /// 5th ed., 'Progress Cards': the player *may* place two free roads;
    /// docs/rulings.md §29).
    FinishRoadBuilding {
        /// Who acts.
        player: Player,
    },
    /// Play Year of Plenty (Zip!: Invention): take two cards (fewer if the bank has fewer).
    PlayYearOfPlenty {
        /// Who acts.
        player: Player,
        /// The cards taken.
        resources: Resources,
    },
    /// Play Monopoly: take every card of one resource from the other players.
    PlayMonopoly {
        /// Who acts.
        player: Player,
        /// The resource named.
        resource: Resource,
    },
    /// Trade with the bank: `rate` cards of `give` for one `get`.
    MaritimeTrade {
        /// Who acts.
        player: Player,
        /// Resource given.
        give: Resource,
        /// Resource received.
        get: Resource,
        /// 4, or 3 at a generic harbour, or 2 at the harbour for `give`.
        rate: u8,
    },
    /// Propose a trade to one player or (without `to`) to everyone.
    OfferTrade {
        /// Who acts (the player whose turn it is).
        player: Player,
        /// The one player asked; everyone when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Player>,
        /// What the offerer gives.
        give: Resources,
        /// What the offerer asks for.
        get: Resources,
    },
    /// Answer an open offer with other terms (from the answering player's side).
    CounterOffer {
        /// Who acts.
        player: Player,
        /// What the answering player would give.
        give: Resources,
        /// What the answering player would get.
        get: Resources,
    },
    /// Agree to the open offer as made.
    AcceptTrade {
        /// Who acts.
        player: Player,
    },
    /// Decline the open offer.
    RejectTrade {
        /// Who acts.
        player: Player,
    },
    /// Close the open offer with one player who accepted it (or with their counter-offer).
    ConfirmTrade {
        /// Who acts (the offerer).
        player: Player,
        /// The partner.
        with: Player,
    },
    /// Withdraw the open offer.
    CancelTrade {
        /// Who acts (the offerer).
        player: Player,
    },
    /// End the turn.
    EndTurn {
        /// Who acts.
        player: Player,
    },
    /// Build a ship (Seafarers; free as the set-up piece and with Road Building).
    BuildShip {
        /// Who acts.
        player: Player,
        /// Where: an edge along the sea.
        edge: EdgeId,
    },
    /// Move one's ship at the open end of a route to another place (Seafarers: at most one
    /// a turn).
    MoveShip {
        /// Who acts.
        player: Player,
        /// The ship moved.
        from: EdgeId,
        /// Its new place.
        to: EdgeId,
    },
    // Seafarers: the pirate and gold fields (appended, so earlier variants keep their
    // numbering and hashes).
    /// Move the pirate instead of the robber after a 7 (Seafarers rules, 'The pirate'): to
    /// another sea hex, stealing from `victim`, a player with a ship on a side of it
    /// (required when someone is eligible, absent when nobody is).
    MovePirate {
        /// Who acts.
        player: Player,
        /// The pirate's new sea hex.
        hex: HexId,
        /// Whom to steal from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Player>,
        /// The card stolen, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resource: Option<Resource>,
    },
    /// Play a knight moving the pirate instead of the robber, as for
    /// [`Action::MovePirate`].
    PlayKnightPirate {
        /// Who acts.
        player: Player,
        /// The pirate's new sea hex.
        hex: HexId,
        /// Whom to steal from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        victim: Option<Player>,
        /// The card stolen, when chance is external.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resource: Option<Resource>,
    },
    /// Take resources of one's choice from the bank for a gold field (Seafarers rules, 'Gold
    /// fields'): all that is owed at once or in parts that reduce what is still owed, as
    /// discards are (docs/rulings.md §40).
    ChooseGold {
        /// Who acts.
        player: Player,
        /// The cards taken.
        resources: Resources,
    },
    /// The referee reveals a discovered space (The Fog Islands, external chance): the hex
    /// drawn from the face-down stack and, for land that produces, the number token drawn
    /// (Seafarers rules, 'The Fog Islands'). `player` is the discoverer.
    RevealHex {
        /// The discoverer.
        player: Player,
        /// The space discovered.
        hex: HexId,
        /// The hex drawn.
        terrain: Terrain,
        /// The number token drawn (producing land only).
        #[serde(default)]
        number: Option<u8>,
    },
}

impl Action {
    /// The player taking the action.
    #[inline]
    pub const fn player(&self) -> Player {
        match *self {
            Action::Roll { player, .. }
            | Action::BuildSettlement { player, .. }
            | Action::BuildRoad { player, .. }
            | Action::BuildShip { player, .. }
            | Action::MoveShip { player, .. }
            | Action::BuildCity { player, .. }
            | Action::BuyDevelopmentCard { player, .. }
            | Action::Discard { player, .. }
            | Action::MoveRobber { player, .. }
            | Action::PlayKnight { player, .. }
            | Action::PlayRoadBuilding { player }
            | Action::FinishRoadBuilding { player }
            | Action::PlayYearOfPlenty { player, .. }
            | Action::PlayMonopoly { player, .. }
            | Action::MaritimeTrade { player, .. }
            | Action::OfferTrade { player, .. }
            | Action::CounterOffer { player, .. }
            | Action::AcceptTrade { player }
            | Action::RejectTrade { player }
            | Action::ConfirmTrade { player, .. }
            | Action::CancelTrade { player }
            | Action::EndTurn { player }
            | Action::MovePirate { player, .. }
            | Action::PlayKnightPirate { player, .. }
            | Action::ChooseGold { player, .. }
            | Action::RevealHex { player, .. } => player,
        }
    }

    /// The same action taken by `player` instead (fuzzing an action's seat, replaying a
    /// line for another seat).
    ///
    /// ```
    /// use catan_rules::{Action, Player};
    /// let a = Action::EndTurn { player: Player(0) }.with_player(Player(2));
    /// assert_eq!(a.player(), Player(2));
    /// ```
    #[must_use]
    pub fn with_player(mut self, player: Player) -> Action {
        match &mut self {
            Action::Roll { player: p, .. }
            | Action::BuildSettlement { player: p, .. }
            | Action::BuildRoad { player: p, .. }
            | Action::BuildShip { player: p, .. }
            | Action::MoveShip { player: p, .. }
            | Action::BuildCity { player: p, .. }
            | Action::BuyDevelopmentCard { player: p, .. }
            | Action::Discard { player: p, .. }
            | Action::MoveRobber { player: p, .. }
            | Action::PlayKnight { player: p, .. }
            | Action::PlayRoadBuilding { player: p }
            | Action::FinishRoadBuilding { player: p }
            | Action::PlayYearOfPlenty { player: p, .. }
            | Action::PlayMonopoly { player: p, .. }
            | Action::MaritimeTrade { player: p, .. }
            | Action::OfferTrade { player: p, .. }
            | Action::CounterOffer { player: p, .. }
            | Action::AcceptTrade { player: p }
            | Action::RejectTrade { player: p }
            | Action::ConfirmTrade { player: p, .. }
            | Action::CancelTrade { player: p }
            | Action::EndTurn { player: p }
            | Action::MovePirate { player: p, .. }
            | Action::PlayKnightPirate { player: p, .. }
            | Action::ChooseGold { player: p, .. }
            | Action::RevealHex { player: p, .. } => *p = player,
        }
        self
    }

    /// The wire name of the action's type (`"build_road"`, ...).
    pub const fn kind(&self) -> &'static str {
        match self {
            Action::Roll { .. } => "roll",
            Action::BuildSettlement { .. } => "build_settlement",
            Action::BuildRoad { .. } => "build_road",
            Action::BuildShip { .. } => "build_ship",
            Action::MoveShip { .. } => "move_ship",
            Action::BuildCity { .. } => "build_city",
            Action::BuyDevelopmentCard { .. } => "buy_development_card",
            Action::Discard { .. } => "discard",
            Action::MoveRobber { .. } => "move_robber",
            Action::PlayKnight { .. } => "play_knight",
            Action::PlayRoadBuilding { .. } => "play_road_building",
            Action::FinishRoadBuilding { .. } => "finish_road_building",
            Action::PlayYearOfPlenty { .. } => "play_year_of_plenty",
            Action::PlayMonopoly { .. } => "play_monopoly",
            Action::MaritimeTrade { .. } => "maritime_trade",
            Action::OfferTrade { .. } => "offer_trade",
            Action::CounterOffer { .. } => "counter_offer",
            Action::AcceptTrade { .. } => "accept_trade",
            Action::RejectTrade { .. } => "reject_trade",
            Action::ConfirmTrade { .. } => "confirm_trade",
            Action::CancelTrade { .. } => "cancel_trade",
            Action::EndTurn { .. } => "end_turn",
            Action::MovePirate { .. } => "move_pirate",
            Action::PlayKnightPirate { .. } => "play_knight_pirate",
            Action::ChooseGold { .. } => "choose_gold",
            Action::RevealHex { .. } => "reveal_hex",
        }
    }

    /// Whether this is a domestic-trade offer (the family left out of the benchmark
    /// workload's policy).
    pub const fn is_trade_offer(&self) -> bool {
        matches!(self, Action::OfferTrade { .. })
    }

    /// Parses one action from JSON.
    ///
    /// # Errors
    /// [`crate::ParseError`] naming what is malformed (unknown type, missing or unknown
    /// field, wrong value).
    pub fn from_json(s: &str) -> Result<Action, crate::ParseError> {
        serde_json::from_str(s).map_err(crate::ParseError::from)
    }

    /// The action as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("actions always serialize")
    }
}
