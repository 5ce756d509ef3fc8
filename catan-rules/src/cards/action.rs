//! The card game's actions. Each carries the acting seat; the wire form is serde JSON,
//! `snake_case`, tagged by `type`: `{"type": "build_road", "player": 0, "side": "left"}`.

use super::turning::Turns;
use super::types::{CardResource, CardResources, PileId, Side};
use crate::types::Player;
use serde::{Deserialize, Serialize};

/// One atomic action of the card game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardAction {
    /// External chance: `player` starts ("Laying Out the Playing Area", step 5).
    ChooseStarter {
        /// The starting player.
        player: Player,
    },
    /// Choose a development pile to look through (opening, Master Builder).
    OpenPile {
        /// The seat.
        player: Player,
        /// The pile.
        pile: PileId,
    },
    /// Take the card at `index` (0 = top) of the pile being searched.
    Take {
        /// The seat.
        player: Player,
        /// Position in the pile.
        index: u8,
    },
    /// Roll both dice (seeded chance).
    Roll {
        /// The seat.
        player: Player,
    },
    /// External chance: the dice show `event` (1–6) and `production` (1–6; after an
    /// Alchemist it must equal the value chosen).
    RollOutcome {
        /// The seat.
        player: Player,
        /// The event die, 1–6.
        event: u8,
        /// The production die, 1–6.
        production: u8,
    },
    /// External chance: the die of an attack shows `value`.
    DieOutcome {
        /// The attacker.
        player: Player,
        /// 1–6.
        value: u8,
    },
    /// Play an action card from the hand (Black Knight, Arsonist, Spy, Raid, Trader,
    /// Caravan).
    PlayCard {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
    },
    /// Play an Alchemist before rolling and choose the production die.
    PlayAlchemist {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
        /// The production result, 1–6.
        production: u8,
    },
    /// Answer an attack with a counter card (Herbalist, Bishop).
    Counter {
        /// The defender.
        player: Player,
        /// Index in the hand.
        hand: u8,
    },
    /// Let an attack go ahead without countering it.
    NoCounter {
        /// The defender.
        player: Player,
    },
    /// Choose one resource (to receive, take, give or give up, as the decision says).
    ChooseResource {
        /// The seat.
        player: Player,
        /// The resource.
        resource: CardResource,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Choose the card at a cell of the principality the decision names.
    ChooseCard {
        /// The seat.
        player: Player,
        /// Column.
        col: u8,
        /// Row.
        row: u8,
    },
    /// Spy: take the card at `index` of the opponent's hand.
    TakeFromHand {
        /// The seat.
        player: Player,
        /// Index in the opponent's hand.
        index: u8,
    },
    /// Spy: take nothing.
    Pass {
        /// The seat.
        player: Player,
    },
    /// Conflict: put the card at `index` of the opponent's hand under `pile`.
    ReturnFromHand {
        /// The Knight token holder.
        player: Player,
        /// Index in the opponent's hand.
        index: u8,
        /// A development pile.
        pile: PileId,
    },
    /// Put a card of one's hand under a development pile (discarding above the limit, or
    /// giving one back to the Master Builder).
    Discard {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
        /// A development pile.
        pile: PileId,
    },
    /// Trade with the principality: 3:1, 2:1 with the fleet of `give`, gold 1:1 with a mint.
    BankTrade {
        /// The seat.
        player: Player,
        /// What is given (at the best rate).
        give: CardResource,
        /// What is received (one unit).
        get: CardResource,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Offer the opponent a trade.
    Offer {
        /// The seat.
        player: Player,
        /// What the offering seat gives.
        give: CardResources,
        /// What it asks for.
        get: CardResources,
    },
    /// Accept the offer.
    Accept {
        /// The answering seat.
        player: Player,
    },
    /// Reject the offer.
    Reject {
        /// The answering seat.
        player: Player,
    },
    /// Build a road at one end of the middle row.
    BuildRoad {
        /// The seat.
        player: Player,
        /// Which end.
        side: Side,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Build a settlement at one end of the middle row (beyond a road).
    BuildSettlement {
        /// The seat.
        player: Player,
        /// Which end.
        side: Side,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Build a town on the settlement at column `col`.
    BuildTown {
        /// The seat.
        player: Player,
        /// The settlement's column.
        col: u8,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Lay an upgrade (knight, fleet, building) from the hand at a cell.
    Expand {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
        /// Column (a settlement's or town's).
        col: u8,
        /// Row.
        row: u8,
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Scout: pick the new settlement's landscapes from the pile.
    PlayScout {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
    },
    /// Draw the two top landscapes for the new settlement.
    DrawLandscapes {
        /// The seat.
        player: Player,
    },
    /// Lay the drawn landscapes: the first drawn above (or below, with `swap`).
    PlaceLandscapes {
        /// The seat.
        player: Player,
        /// The second drawn goes above.
        swap: bool,
    },
    /// Scout: the cards at `above` and `below` of the landscape pile.
    ScoutPick {
        /// The seat.
        player: Player,
        /// Index of the card laid above.
        above: u8,
        /// Index of the card laid below.
        below: u8,
    },
    /// Replenish: take the top card of a development pile, free.
    Draw {
        /// The seat.
        player: Player,
        /// A development pile.
        pile: PileId,
    },
    /// Replenish: pay two resources (one with a town hall) to search a development pile.
    Search {
        /// The seat.
        player: Player,
        /// A development pile.
        pile: PileId,
        /// The resources paid (the second is `None` with a town hall).
        pay: [Option<CardResource>; 2],
        /// The landscape cards turned, one cell per unit (empty: the engine's choice;
        /// docs/cards.md, "Paying and receiving by choice").
        #[serde(default, skip_serializing_if = "Turns::is_empty")]
        landscapes: Turns,
    },
    /// Change a card: put one under a development pile, then take a new one.
    Exchange {
        /// The seat.
        player: Player,
        /// Index in the hand.
        hand: u8,
        /// A development pile.
        pile: PileId,
    },
    /// External chance, one step of a shuffle: the card at `index` among those not yet
    /// placed goes to the next position of the pile (a uniform shuffle gives each index the
    /// same probability).
    ShuffleStep {
        /// The player to move.
        player: Player,
        /// Index among the cards not yet placed.
        index: u8,
    },
    /// End the turn without (further) replenishing.
    EndTurn {
        /// The seat.
        player: Player,
    },
}

impl CardAction {
    /// The seat acting.
    pub fn player(&self) -> Player {
        use CardAction as A;
        match *self {
            A::ChooseStarter { player }
            | A::OpenPile { player, .. }
            | A::Take { player, .. }
            | A::Roll { player }
            | A::RollOutcome { player, .. }
            | A::DieOutcome { player, .. }
            | A::PlayCard { player, .. }
            | A::PlayAlchemist { player, .. }
            | A::Counter { player, .. }
            | A::NoCounter { player }
            | A::ChooseResource { player, .. }
            | A::ChooseCard { player, .. }
            | A::TakeFromHand { player, .. }
            | A::Pass { player }
            | A::ReturnFromHand { player, .. }
            | A::Discard { player, .. }
            | A::BankTrade { player, .. }
            | A::Offer { player, .. }
            | A::Accept { player }
            | A::Reject { player }
            | A::BuildRoad { player, .. }
            | A::BuildSettlement { player, .. }
            | A::BuildTown { player, .. }
            | A::Expand { player, .. }
            | A::PlayScout { player, .. }
            | A::DrawLandscapes { player }
            | A::PlaceLandscapes { player, .. }
            | A::ScoutPick { player, .. }
            | A::Draw { player, .. }
            | A::Search { player, .. }
            | A::Exchange { player, .. }
            | A::ShuffleStep { player, .. }
            | A::EndTurn { player } => player,
        }
    }

    /// The action type's wire name.
    pub fn name(&self) -> &'static str {
        use CardAction as A;
        match self {
            A::ChooseStarter { .. } => "choose_starter",
            A::OpenPile { .. } => "open_pile",
            A::Take { .. } => "take",
            A::Roll { .. } => "roll",
            A::RollOutcome { .. } => "roll_outcome",
            A::DieOutcome { .. } => "die_outcome",
            A::PlayCard { .. } => "play_card",
            A::PlayAlchemist { .. } => "play_alchemist",
            A::Counter { .. } => "counter",
            A::NoCounter { .. } => "no_counter",
            A::ChooseResource { .. } => "choose_resource",
            A::ChooseCard { .. } => "choose_card",
            A::TakeFromHand { .. } => "take_from_hand",
            A::Pass { .. } => "pass",
            A::ReturnFromHand { .. } => "return_from_hand",
            A::Discard { .. } => "discard",
            A::BankTrade { .. } => "bank_trade",
            A::Offer { .. } => "offer",
            A::Accept { .. } => "accept",
            A::Reject { .. } => "reject",
            A::BuildRoad { .. } => "build_road",
            A::BuildSettlement { .. } => "build_settlement",
            A::BuildTown { .. } => "build_town",
            A::Expand { .. } => "expand",
            A::PlayScout { .. } => "play_scout",
            A::DrawLandscapes { .. } => "draw_landscapes",
            A::PlaceLandscapes { .. } => "place_landscapes",
            A::ScoutPick { .. } => "scout_pick",
            A::Draw { .. } => "draw",
            A::Search { .. } => "search",
            A::Exchange { .. } => "exchange",
            A::ShuffleStep { .. } => "shuffle_step",
            A::EndTurn { .. } => "end_turn",
        }
    }

    /// The landscape cards the action names to pay or receive with (`None` for actions
    /// that cannot name any; docs/cards.md, "Paying and receiving by choice").
    pub fn landscapes(&self) -> Option<&Turns> {
        use CardAction as A;
        match self {
            A::ChooseResource { landscapes, .. }
            | A::BankTrade { landscapes, .. }
            | A::BuildRoad { landscapes, .. }
            | A::BuildSettlement { landscapes, .. }
            | A::BuildTown { landscapes, .. }
            | A::Expand { landscapes, .. }
            | A::Search { landscapes, .. } => Some(landscapes),
            _ => None,
        }
    }

    /// Whether this is a trade offer to the opponent (random players usually skip them).
    pub fn is_offer(&self) -> bool {
        matches!(self, CardAction::Offer { .. })
    }

    /// Parses an action from JSON.
    ///
    /// # Errors
    /// The parser's message when the JSON is not an action.
    pub fn from_json(s: &str) -> Result<CardAction, serde_json::Error> {
        serde_json::from_str(s)
    }

    /// The action as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("actions serialize")
    }
}
