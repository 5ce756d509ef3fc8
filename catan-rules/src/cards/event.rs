//! What happened: the card game's events, their sink, and their redaction per seat.

use super::state::Attack;
use super::types::{CardId, CardResource, EventFace, PileId};
use crate::types::Player;
use serde::{Deserialize, Serialize};

/// Which token changed hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    /// The Knight token (strength).
    Knight,
    /// The Mill token (trade).
    Mill,
}

/// One thing that happened. Cards a seat may not see are `None` in that seat's copy
/// ([`CardEvent::redacted_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CardEvent {
    /// The starting player was chosen.
    StarterChosen {
        /// Who starts.
        player: Player,
    },
    /// A seat looked through a pile.
    Searched {
        /// The seat.
        player: Player,
        /// The pile.
        pile: PileId,
    },
    /// A seat took a card from a pile it searched.
    TookCard {
        /// The seat.
        player: Player,
        /// The pile.
        pile: PileId,
        /// The card (hidden from the opponent).
        card: Option<CardId>,
    },
    /// A seat drew the top card of a pile.
    DrewCard {
        /// The seat.
        player: Player,
        /// The pile.
        pile: PileId,
        /// The card (hidden from the opponent).
        card: Option<CardId>,
    },
    /// A seat put a card of its hand under a pile.
    PutUnder {
        /// Whose card it was.
        player: Player,
        /// The pile.
        pile: PileId,
        /// The card (hidden from the opponent unless the opponent chose it).
        card: Option<CardId>,
        /// The seat that chose the card (the Conflict event lets the opponent choose).
        chosen_by: Player,
    },
    /// A new turn.
    TurnStarted {
        /// The player to move.
        player: Player,
        /// The turn number, from 1.
        turn: u16,
    },
    /// Both dice were rolled.
    DiceRolled {
        /// The roller.
        player: Player,
        /// The event die, 1–6.
        event_die: u8,
        /// Its face.
        face: EventFace,
        /// The production die.
        production: u8,
    },
    /// A landscape produced.
    Produced {
        /// The owner.
        player: Player,
        /// The resource.
        resource: CardResource,
        /// Units added (after the cap of 3).
        amount: u8,
    },
    /// A seat received a resource.
    Gained {
        /// The seat.
        player: Player,
        /// The resource.
        resource: CardResource,
    },
    /// A seat lost a resource.
    Lost {
        /// The seat.
        player: Player,
        /// The resource.
        resource: CardResource,
        /// How many units.
        amount: u8,
    },
    /// A resource went from one seat to the other.
    Transferred {
        /// From.
        from: Player,
        /// To.
        to: Player,
        /// The resource.
        resource: CardResource,
        /// Whether the receiver had room for it.
        received: bool,
    },
    /// The tournament was decided (`None`: a tie, no reward).
    Tournament {
        /// The winner.
        winner: Option<Player>,
    },
    /// A robbery: the seat lost all ore and wool.
    Robbed {
        /// The seat.
        player: Player,
        /// Units counted.
        counted: u8,
    },
    /// The roller turned up an event card.
    EventCardDrawn {
        /// The roller.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// A pile was shuffled.
    Shuffled {
        /// The pile.
        pile: PileId,
    },
    /// An action card was played.
    CardPlayed {
        /// The seat.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// A counter card was played against an attack.
    Countered {
        /// The defender.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// The die of an attack.
    AttackRolled {
        /// The attacker.
        player: Player,
        /// The attack.
        attack: Attack,
        /// The die.
        value: u8,
        /// Whether the attack succeeded.
        success: bool,
    },
    /// A card of the table went back to its owner's hand.
    ReturnedToHand {
        /// The owner.
        player: Player,
        /// The card.
        card: CardId,
    },
    /// A card moved from one hand to the other (Spy).
    TookFromHand {
        /// The taker.
        player: Player,
        /// The card (seen by both seats, hidden from spectators).
        card: Option<CardId>,
    },
    /// A Spy looked at the opponent's hand and took nothing ("Spy").
    SpyPassed {
        /// The seat that played the Spy.
        player: Player,
    },
    /// A card was built or laid in a principality.
    Built {
        /// The seat.
        player: Player,
        /// The card.
        card: CardId,
        /// Column.
        col: u8,
        /// Row.
        row: u8,
    },
    /// A trade with one's own principality.
    BankTraded {
        /// The seat.
        player: Player,
        /// Given.
        give: CardResource,
        /// Units given.
        rate: u8,
        /// Received.
        get: CardResource,
    },
    /// A trade offer was made.
    Offered {
        /// The seat.
        player: Player,
    },
    /// A trade offer was answered.
    OfferAnswered {
        /// The answering seat.
        player: Player,
        /// Accepted?
        accepted: bool,
    },
    /// A token changed hands (`None`: set aside).
    TokenChanged {
        /// Which.
        token: Token,
        /// The new holder.
        holder: Option<Player>,
    },
    /// The game is won.
    Won {
        /// The winner.
        player: Player,
        /// Their points.
        points: u8,
    },
}

impl CardEvent {
    /// The event as seat `viewer` may see it (`None`: a spectator): a card drawn, taken or
    /// put under a pile is seen only by the seat that handled it; the card a Spy takes by
    /// both seats and no spectator.
    pub fn redacted_for(&self, viewer: Option<Player>) -> CardEvent {
        match *self {
            CardEvent::TookCard { player, pile, .. } if viewer != Some(player) => {
                CardEvent::TookCard {
                    player,
                    pile,
                    card: None,
                }
            }
            CardEvent::DrewCard { player, pile, .. } if viewer != Some(player) => {
                CardEvent::DrewCard {
                    player,
                    pile,
                    card: None,
                }
            }
            CardEvent::PutUnder {
                player,
                pile,
                chosen_by,
                ..
            } if viewer != Some(player) && viewer != Some(chosen_by) => CardEvent::PutUnder {
                player,
                pile,
                card: None,
                chosen_by,
            },
            // The taker chose it and the victim held it; a spectator saw neither hand.
            CardEvent::TookFromHand { player, .. }
                if viewer != Some(player) && viewer != Some(super::types::opponent(player)) =>
            {
                CardEvent::TookFromHand { player, card: None }
            }
            e => e,
        }
    }
}

/// Where [`super::CardGame`] writes events: `Vec<CardEvent>` collects them, `()` drops them.
pub trait CardEventSink {
    /// Records one event.
    fn push(&mut self, e: CardEvent);
}

impl CardEventSink for Vec<CardEvent> {
    #[inline]
    fn push(&mut self, e: CardEvent) {
        Vec::push(self, e)
    }
}

impl CardEventSink for () {
    #[inline]
    fn push(&mut self, _: CardEvent) {}
}
