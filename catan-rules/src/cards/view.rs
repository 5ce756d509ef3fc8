//! What one seat may know: its hand, the public table, pile sizes, and the order of a pile
//! it searched until that pile changed out of its sight — never the opponent's hand
//! (except while a Spy or Conflict lets it look) or an unseen pile order.

use super::state::*;
use super::types::{opponent, CardId, PileId};
use super::CardDecision;
use crate::types::Player;
use serde::Serialize;

/// One principality as everybody sees it: its occupied cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrincipalityView {
    /// `(row, col, card, stock, settlement under a town)` of each occupied cell.
    pub cells: Vec<(u8, u8, CardId, u8, Option<CardId>)>,
    /// Victory points.
    pub points: u32,
    /// Strength points.
    pub strength: u32,
    /// Tournament points.
    pub tournament: u32,
    /// Trade points (0 without a town).
    pub trade: u32,
    /// Action cards played.
    pub played: Vec<CardId>,
    /// Cards in hand (a count only).
    pub hand_size: usize,
    /// The hand limit.
    pub hand_limit: usize,
}

/// A seat's view of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// The seat (`None`: a spectator).
    pub seat: Option<Player>,
    /// The turn number.
    pub turn: u16,
    /// The player to move.
    pub current: Player,
    /// What the game waits for.
    pub decision: CardDecision,
    /// The dice of this turn.
    pub dice: Option<(u8, u8)>,
    /// The production die chosen with an Alchemist.
    pub alchemist: Option<u8>,
    /// Both principalities.
    pub principalities: [PrincipalityView; 2],
    /// The seat's own hand (empty for a spectator).
    pub hand: Vec<HandCard>,
    /// The opponent's hand, only while a Spy or the Conflict event lets this seat look.
    pub opponent_hand: Option<Vec<CardId>>,
    /// Cards in each pile.
    pub pile_sizes: [usize; PileId::COUNT],
    /// Piles whose order this seat has seen and still knows, top first.
    pub known_piles: Vec<(PileId, Vec<CardId>)>,
    /// Landscapes this seat drew for its new settlement and has not laid yet.
    pub drawn: Vec<CardId>,
    /// The Knight token's holder.
    pub knight_token: Option<Player>,
    /// The Mill token's holder.
    pub mill_token: Option<Player>,
    /// The trade offer on the table.
    pub offer: Option<Offer>,
    /// The winner.
    pub winner: Option<Player>,
}

fn principality(s: &State, p: Player) -> PrincipalityView {
    let cells = cells()
        .filter_map(|(r, c)| {
            let cell = s.grid()[p.index()][r][c];
            cell.card
                .map(|id| (r as u8, c as u8, id, cell.stock, cell.under))
        })
        .collect();
    PrincipalityView {
        cells,
        points: s.points(p),
        strength: s.strength(p),
        tournament: s.tournament(p),
        trade: s.trade_points(p),
        played: s.played[p.index()].clone(),
        hand_size: s.hands[p.index()].len(),
        hand_limit: s.hand_limit(p),
    }
}

/// Whether `me` may look at the opponent's hand now: while its Spy or the Conflict event
/// lets it.
pub(crate) fn sees_opponent_hand(s: &State, me: Player) -> bool {
    match s.head() {
        Some(Pending::Spy { player }) => player == me,
        Some(Pending::Conflict { chooser, .. }) => chooser == me,
        _ => false,
    }
}

/// Whether `me` sees the drawn landscapes: its own, while it places them.
pub(crate) fn sees_drawn(s: &State, me: Player) -> bool {
    matches!(s.head(), Some(Pending::PlaceDrawn { player, .. }) if player == me)
}

pub(crate) fn view(s: &State, seat: Option<Player>) -> CardView {
    // A seat the game does not have knows what a spectator knows.
    let seat = seat.filter(|p| p.0 <= 1);
    let decision = super::decision_of(s);
    let opponent_hand = match seat {
        Some(me) if sees_opponent_hand(s, me) => Some(
            s.hands[opponent(me).index()]
                .iter()
                .map(|h| h.card)
                .collect(),
        ),
        _ => None,
    };
    let known_piles = match seat {
        Some(me) => (0..PileId::COUNT as u8)
            .filter(|&i| s.known[me.index()] & (1 << i) != 0)
            .map(|i| (PileId(i), s.piles[i as usize].clone()))
            .collect(),
        None => Vec::new(),
    };
    let drawn = if seat.is_some_and(|me| sees_drawn(s, me)) {
        s.drawn.iter().flatten().copied().collect()
    } else {
        Vec::new()
    };
    CardView {
        seat,
        turn: s.turn,
        current: s.current,
        decision,
        dice: s.dice,
        alchemist: s.alchemist,
        principalities: [principality(s, Player(0)), principality(s, Player(1))],
        hand: seat.map(|p| s.hands[p.index()].clone()).unwrap_or_default(),
        opponent_hand,
        pile_sizes: core::array::from_fn(|i| s.piles[i].len()),
        known_piles,
        drawn,
        knight_token: s.knight_token,
        mill_token: s.mill_token,
        offer: s.offer,
        winner: s.winner,
    }
}
