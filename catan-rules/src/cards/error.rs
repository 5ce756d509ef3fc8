//! Typed errors of the card game, in the conventions of [`crate::error`]: each variant
//! names the rule broken, serialized as `snake_case` tagged JSON. A failed apply changes
//! nothing, and no error reveals what the acting seat may not know.

use crate::types::Player;
use serde::Serialize;

/// An action that is well formed but not allowed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No such seat (the card game has seats 0 and 1).
    #[error("there is no {player} in this game")]
    NoSuchPlayer {
        /// The seat named.
        player: Player,
    },
    /// It is not this seat's decision.
    #[error("it is not {player}'s decision now")]
    NotYourTurn {
        /// The seat that tried.
        player: Player,
    },
    /// Through the seat-scoped API: `seat` sent an action of another seat (`player`).
    /// Checked before anything else, so the answer is the same in every state.
    #[error("{seat} may not act for {player}")]
    NotYourSeat {
        /// The seat asking.
        seat: Player,
        /// The seat the action names.
        player: Player,
    },
    /// This action does not answer the decision pending.
    #[error("`{action}` is not allowed now (the game waits for: {waiting})")]
    WrongPhase {
        /// The action type.
        action: &'static str,
        /// What the game waits for.
        waiting: &'static str,
    },
    /// An outcome action in seeded mode, or a seeded action in external mode.
    #[error("chance outcomes are {mode} in this game")]
    WrongChanceMode {
        /// `seeded` or `external`.
        mode: &'static str,
    },
    /// A die value outside 1–6.
    #[error("a die shows 1 to 6, not {value}")]
    BadDie {
        /// The value given.
        value: u8,
    },
    /// After an Alchemist the production die is the value chosen.
    #[error("the Alchemist set the production die to {chosen}")]
    AlchemistSet {
        /// The value chosen.
        chosen: u8,
    },
    /// No card at this index of the hand.
    #[error("no card at index {index} of your hand")]
    NoSuchHandCard {
        /// The index.
        index: u8,
    },
    /// No card at this index of the opponent's hand.
    #[error("no card at index {index} of the opponent's hand")]
    NoSuchOpponentCard {
        /// The index.
        index: u8,
    },
    /// No card at this index of the pile.
    #[error("no card at index {index} of the pile")]
    NoSuchPileCard {
        /// The index.
        index: u8,
    },
    /// Not a pile this action can use (a development pile, a different one in the opening).
    #[error("pile {pile} cannot be used here")]
    BadPile {
        /// The pile.
        pile: u8,
    },
    /// The pile is empty.
    #[error("pile {pile} is empty")]
    EmptyPile {
        /// The pile.
        pile: u8,
    },
    /// The card cannot be played this way (wrong kind or effect).
    #[error("this card cannot be played this way")]
    WrongCard,
    /// Cards taken this turn cannot be played ("Changing a Card": Important).
    #[error("a card taken this turn cannot be played until a later turn")]
    NewCard,
    /// Action cards wait until each player has had a turn ("Laying Out", ATTENTION).
    #[error("action cards cannot be played until each player has had a turn")]
    FirstRound,
    /// Action cards are played before building ("Action Cards").
    #[error("action cards are played before the build phase")]
    AfterBuilding,
    /// The card's attack has no target.
    #[error("the opponent has nothing this card can target")]
    NoTarget,
    /// Not enough resources.
    #[error("not enough resources")]
    CannotAfford,
    /// No landscape of this resource has room.
    #[error("no landscape of this resource has room")]
    NoRoom,
    /// The resource is not available to take or give.
    #[error("that resource is not available")]
    NoSuchResource,
    /// No card there, or not a card this choice may pick.
    #[error("no card there that this choice may pick")]
    BadChoice,
    /// Roads never next to roads; settlements beyond a road ("Development", Roads).
    #[error("cannot build there (roads never next to roads; settlements only beyond a road)")]
    BadSite,
    /// The supply pile for that piece is empty.
    #[error("no card of that kind is left in its pile")]
    SupplyEmpty,
    /// No free upgrade slot there for that card ("Development", Settlements/Towns).
    #[error("that card cannot be laid there")]
    BadSlot,
    /// The trade is not at a rate this principality offers, is empty, or has a resource on
    /// both sides.
    #[error("not a valid trade")]
    BadTrade,
    /// The hand is already at (or above) its limit.
    #[error("the hand is full")]
    HandFull,
    /// The hand is below its limit: replenish instead of changing a card.
    #[error("a card is changed only when the hand needs no replenishing")]
    NotFull,
    /// Only one card may be changed per turn.
    #[error("only one card may be changed per turn")]
    AlreadyExchanged,
    /// The turn cannot end now (a changed card must be replaced first).
    #[error("the turn cannot end now")]
    CannotEndTurn,
    /// The principality has no room left in that direction.
    #[error("the principality has no room left on that side")]
    PrincipalityFull,
}

/// A [`super::CardRules`] value that cannot be played ([`super::CardRules::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardRulesError {
    /// A victory target the game cannot be played to: 2 or less is reached by the two
    /// starting settlements before anyone acts; above the highest accepted target a game
    /// may never end.
    #[error(
        "the card game's victory target must be {} to {}, not {vp_target}",
        super::CardRules::MIN_VP_TARGET,
        super::CardRules::MAX_VP_TARGET
    )]
    VpTarget {
        /// The target given.
        vp_target: u8,
    },
    /// A hand limit of 0 (nothing ever to replenish or play) or above what a hand can hold.
    #[error(
        "the card game's hand limit must be {} to {}, not {hand_limit}",
        super::CardRules::MIN_HAND_LIMIT,
        super::CardRules::MAX_HAND_LIMIT
    )]
    HandLimit {
        /// The limit given.
        hand_limit: u8,
    },
}
