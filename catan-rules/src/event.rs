//! [`Event`]s: what happened, in order. A client animates them; a replay log stores them.
//! [`Event::redacted_for`] hides what a seat may not know.

use crate::board::{EdgeId, HexId, NodeId};
use crate::types::{DevCard, Player, Resource, Resources, Terrain};
use serde::{Deserialize, Serialize};

/// Something that happened, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The dice were rolled.
    DiceRolled {
        /// Who rolled.
        player: Player,
        /// The dice.
        dice: [u8; 2],
        /// Their sum.
        total: u8,
    },
    /// A player received resources from a roll.
    ResourcesProduced {
        /// Who.
        player: Player,
        /// What.
        resources: Resources,
    },
    /// The bank could not pay everyone owed `resource` (Base rules, "Resource Production").
    Shortage {
        /// The resource.
        resource: Resource,
        /// How many players were owed it.
        claimants: u8,
        /// The one player paid what was left, when only one was owed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paid: Option<Player>,
    },
    /// A player's production was blocked by the robber.
    RobberBlocked {
        /// The hex.
        hex: HexId,
    },
    /// Resources from the second set-up settlement or the beginners' starred settlement.
    StartingResources {
        /// Who.
        player: Player,
        /// What.
        resources: Resources,
    },
    /// Players must discard (public amounts).
    DiscardsRequired {
        /// How many each player must return.
        amounts: [u8; 6],
    },
    /// A player discarded.
    Discarded {
        /// Who.
        player: Player,
        /// What (discards are public).
        resources: Resources,
    },
    /// The robber moved.
    RobberMoved {
        /// Who moved it.
        player: Player,
        /// Where to.
        hex: HexId,
    },
    /// A card was stolen. `resource` is visible to thief and victim only.
    Stole {
        /// The thief.
        thief: Player,
        /// The victim.
        victim: Player,
        /// The card, or `null` in a redacted view.
        resource: Option<Resource>,
    },
    /// A settlement was built.
    SettlementBuilt {
        /// Who.
        player: Player,
        /// Where.
        node: NodeId,
    },
    /// A city was built.
    CityBuilt {
        /// Who.
        player: Player,
        /// Where.
        node: NodeId,
    },
    /// A road was built.
    RoadBuilt {
        /// Who.
        player: Player,
        /// Where.
        edge: EdgeId,
    },
    /// A development card was bought. `card` is visible to the buyer only.
    DevelopmentCardBought {
        /// Who.
        player: Player,
        /// The card, or `null` in a redacted view.
        card: Option<DevCard>,
    },
    /// A development card was played.
    DevelopmentCardPlayed {
        /// Who.
        player: Player,
        /// Which.
        card: DevCard,
    },
    /// The player stopped placing Road Building's free roads, giving up the rest
    /// (`finish_road_building`; docs/rulings.md §29).
    RoadBuildingFinished {
        /// Who.
        player: Player,
        /// Free roads given up (1 or 2).
        unplaced: u8,
    },
    /// Year of Plenty took these cards from the bank.
    YearOfPlentyTaken {
        /// Who.
        player: Player,
        /// What.
        resources: Resources,
    },
    /// Monopoly took every card of a resource.
    MonopolyTaken {
        /// Who.
        player: Player,
        /// The resource.
        resource: Resource,
        /// How many from each seat.
        taken: [u8; 6],
    },
    /// A trade with the bank.
    MaritimeTraded {
        /// Who.
        player: Player,
        /// Given.
        give: Resource,
        /// Received.
        get: Resource,
        /// Cards given.
        rate: u8,
    },
    /// A domestic trade was offered.
    TradeOffered {
        /// The offerer.
        player: Player,
        /// The one player asked, or everyone.
        to: Option<Player>,
        /// What the offerer gives.
        give: Resources,
        /// What the offerer asks for.
        get: Resources,
    },
    /// A player accepted the open offer.
    TradeAccepted {
        /// Who.
        player: Player,
    },
    /// A player declined the open offer.
    TradeRejected {
        /// Who.
        player: Player,
    },
    /// A player answered with other terms.
    TradeCountered {
        /// Who.
        player: Player,
        /// What they would give.
        give: Resources,
        /// What they would get.
        get: Resources,
    },
    /// The open offer closed without a trade (withdrawn, or declined by everyone).
    TradeClosed {
        /// The offerer.
        player: Player,
    },
    /// Cards changed hands between two players.
    Traded {
        /// The offerer.
        player: Player,
        /// The partner.
        partner: Player,
        /// What the offerer gave.
        gave: Resources,
        /// What the offerer received.
        got: Resources,
    },
    /// Longest Road changed hands or was set aside.
    LongestRoadChanged {
        /// Previous holder.
        from: Option<Player>,
        /// New holder (`null`: set aside).
        to: Option<Player>,
        /// The new holder's road length.
        length: u8,
    },
    /// Largest Army changed hands.
    LargestArmyChanged {
        /// Previous holder.
        from: Option<Player>,
        /// New holder.
        to: Player,
        /// Knights played by the new holder.
        knights: u8,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        player: Player,
    },
    /// A turn began.
    TurnStarted {
        /// Whose.
        player: Player,
        /// Turn number (1 = first turn after set-up).
        turn: u32,
    },
    /// The set-up phase ended; play begins.
    SetupFinished,
    /// The game was won.
    GameWon {
        /// The winner.
        player: Player,
        /// Their points, hidden cards included.
        points: u8,
    },
    /// A Special Build Phase opened after `player`'s turn: the others build in turn,
    /// starting with the one to the left (5–6 player extension rules, "Special Build
    /// Phase").
    SpecialBuildStarted {
        /// Whose turn it follows.
        player: Player,
    },
    /// `player` finished building in the Special Build Phase.
    SpecialBuildPassed {
        /// Who.
        player: Player,
    },
    /// The Special Build Phase after `player`'s turn closed; the next turn starts.
    SpecialBuildEnded {
        /// Whose turn it followed.
        player: Player,
    },
    /// A ship was built (Seafarers).
    ShipBuilt {
        /// Who.
        player: Player,
        /// Where.
        edge: EdgeId,
    },
    /// A ship was moved (Seafarers).
    ShipMoved {
        /// Who.
        player: Player,
        /// Its old place.
        from: EdgeId,
        /// Its new place.
        to: EdgeId,
    },
    // Seafarers: the pirate and gold fields (appended).
    /// The pirate moved (Seafarers rules, 'The pirate'); a [`Event::Stole`] may follow.
    PirateMoved {
        /// Who moved it.
        player: Player,
        /// Where to.
        hex: HexId,
    },
    /// Gold fields were rolled (or a second set-up settlement touches gold): picks each
    /// seat owes, chosen before the turn goes on (Seafarers rules, 'Gold fields').
    GoldOwed {
        /// Picks owed by each seat.
        amounts: [u8; 6],
    },
    /// A seat took resources of its choice for a gold field (public, docs/rulings.md §40).
    GoldChosen {
        /// Who.
        player: Player,
        /// What.
        resources: Resources,
    },
    /// The bank held fewer cards than the gold picks owed: a single claimant takes what
    /// there is, several take nothing (docs/rulings.md §40).
    GoldShortage {
        /// How many seats were owed picks.
        claimants: u8,
        /// The one seat that takes what is left, when only one was owed picks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paid: Option<Player>,
    },
    // --- Seafarers scenarios (special victory points, the Fog Islands' discoveries).
    /// A player's first settlement in a land area paid its special victory points
    /// (Seafarers rules, each scenario's 'Special victory points').
    SpecialVictoryPoints {
        /// Who.
        player: Player,
        /// The land area (index into the board's `areas`).
        area: u8,
        /// Points paid.
        points: u8,
    },
    /// An unexplored space was discovered (The Fog Islands): the hex laid there, its number
    /// token on land, and the resource paid to the discoverer, if any (Seafarers rules, 'The
    /// Fog Islands'; docs/rulings.md §41).
    HexDiscovered {
        /// The discoverer.
        player: Player,
        /// The space.
        hex: HexId,
        /// What was found there.
        terrain: Terrain,
        /// Its number token (land that produces).
        number: Option<u8>,
        /// The resource paid to the discoverer.
        resource: Option<Resource>,
    },
}

impl Event {
    /// The event as seat `viewer` may see it (`None`: a spectator). Hides the stolen card
    /// from everyone but thief and victim and a bought card from everyone but the buyer
    /// (docs/rulings.md §11).
    pub fn redacted_for(&self, viewer: Option<Player>) -> Event {
        match *self {
            Event::Stole { thief, victim, .. }
                if viewer != Some(thief) && viewer != Some(victim) =>
            {
                Event::Stole {
                    thief,
                    victim,
                    resource: None,
                }
            }
            Event::DevelopmentCardBought { player, .. } if viewer != Some(player) => {
                Event::DevelopmentCardBought { player, card: None }
            }
            e => e,
        }
    }
}

/// Where [`crate::Game`] writes events. `Vec<Event>` collects them; `()` drops them (the
/// fastest way to step a simulation).
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, e: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e)
    }
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}
