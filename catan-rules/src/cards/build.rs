//! Developing the principality ("Card Game rules, 'Development of the Principality'"):
//! roads, settlements with their two landscapes (and the Scout), towns, upgrades; then the
//! Knight and Mill tokens and the win.

use super::action::CardAction;
use super::catalogue::{CardKind, Effect};
use super::error::CardError;
use super::event::{CardEvent, CardEventSink, Token};
use super::state::*;
use super::types::{opponent, CardId, PileId, Side};
use crate::types::Player;

/// The column a road or settlement at `side` would take, and the middle-row card at the
/// end of that side.
fn end(s: &State, p: Player, side: Side) -> (Option<usize>, Option<CardId>) {
    let (lo, hi) = s.row_ends(p);
    match side {
        Side::Left => (lo.checked_sub(1), s.cell(p, MIDDLE, lo).card),
        Side::Right => (
            (hi + 1 < COLS).then_some(hi + 1),
            s.cell(p, MIDDLE, hi).card,
        ),
    }
}

fn afford(s: &State, p: Player, card: CardId) -> Result<(), CardError> {
    if s.stock(p).contains(&s.spec(card).cost) {
        Ok(())
    } else {
        Err(CardError::CannotAfford)
    }
}

fn supply(s: &State, pile: PileId) -> Result<CardId, CardError> {
    s.piles[pile.index()]
        .first()
        .copied()
        .ok_or(CardError::SupplyEmpty)
}

/// Roads: always next to a settlement (or town) at an end of the middle row, never next
/// to another road ("Development of the Principality", Roads). There must be room beyond
/// it for a settlement and its landscapes.
pub(crate) fn check_road(s: &State, p: Player, side: Side) -> Result<(), CardError> {
    let (col, end_card) = end(s, p, side);
    if !end_card.is_some_and(|c| matches!(s.spec(c).kind, CardKind::Settlement | CardKind::Town)) {
        return Err(CardError::BadSite);
    }
    match col {
        Some(c) if c >= 2 && c + 2 < COLS => {}
        _ => return Err(CardError::PrincipalityFull),
    }
    let card = supply(s, PileId::ROADS)?;
    afford(s, p, card)
}

/// Settlements: beyond a road at an end of the middle row.
pub(crate) fn check_settlement(s: &State, p: Player, side: Side) -> Result<(), CardError> {
    let (col, end_card) = end(s, p, side);
    if !end_card.is_some_and(|c| s.spec(c).kind == CardKind::Road) {
        return Err(CardError::BadSite);
    }
    if col.is_none() {
        return Err(CardError::PrincipalityFull);
    }
    let card = supply(s, PileId::SETTLEMENTS)?;
    afford(s, p, card)
}

/// Towns: laid on one's own settlement, which stays underneath.
pub(crate) fn check_town(s: &State, p: Player, col: u8) -> Result<(), CardError> {
    let c = col as usize;
    if c >= COLS
        || !s
            .cell(p, MIDDLE, c)
            .card
            .is_some_and(|x| s.spec(x).kind == CardKind::Settlement)
    {
        return Err(CardError::BadSite);
    }
    let card = supply(s, PileId::TOWNS)?;
    afford(s, p, card)
}

/// Upgrades: green ones on a settlement (one above, one below) or a town; red ones on a
/// town only; a town takes two above and two below ("Settlements" and "Towns" under
/// "Development of the Principality").
pub(crate) fn check_expand(
    s: &State,
    p: Player,
    hand: u8,
    col: u8,
    row: u8,
) -> Result<(), CardError> {
    let h = s.hands[p.index()]
        .get(hand as usize)
        .ok_or(CardError::NoSuchHandCard { index: hand })?;
    let spec = s.spec(h.card);
    if !matches!(
        spec.kind,
        CardKind::SettlementUpgrade | CardKind::TownUpgrade
    ) {
        return Err(CardError::WrongCard);
    }
    if h.fresh {
        return Err(CardError::NewCard);
    }
    let (r, c) = (row as usize, col as usize);
    if r >= ROWS || r == MIDDLE || c >= COLS || s.cell(p, r, c).card.is_some() {
        return Err(CardError::BadSlot);
    }
    let town = s.is_town(p, c);
    let inner = r == MIDDLE - 1 || r == MIDDLE + 1;
    let ok = match spec.kind {
        CardKind::TownUpgrade => town,
        _ => town || (inner && s.is_settled(p, c)),
    };
    if !ok {
        return Err(CardError::BadSlot);
    }
    afford(s, p, h.card)
}

/// Builds (already checked): pays, lays the card, and for a settlement asks for its
/// landscapes.
pub(crate) fn build(s: &mut State, a: CardAction, sink: &mut impl CardEventSink) {
    let p = a.player();
    s.built = true;
    let (card, row, col) = match a {
        CardAction::BuildRoad { side, .. } | CardAction::BuildSettlement { side, .. } => {
            let pile = match a {
                CardAction::BuildRoad { .. } => PileId::ROADS,
                _ => PileId::SETTLEMENTS,
            };
            let col = end(s, p, side).0.unwrap_or(0);
            let card = s.piles[pile.index()].remove(0);
            let cell = Cell {
                card: Some(card),
                ..*s.cell(p, MIDDLE, col)
            };
            s.set_cell(p, MIDDLE, col, cell);
            if pile == PileId::SETTLEMENTS {
                s.queue.push(Pending::Landscapes {
                    player: p,
                    col: col as u8,
                });
            }
            (card, MIDDLE, col)
        }
        CardAction::BuildTown { col, .. } => {
            let card = s.piles[PileId::TOWNS.index()].remove(0);
            let old = *s.cell(p, MIDDLE, col as usize);
            let cell = Cell {
                card: Some(card),
                under: old.card,
                ..old
            };
            s.set_cell(p, MIDDLE, col as usize, cell);
            (card, MIDDLE, col as usize)
        }
        CardAction::Expand { hand, col, row, .. } => {
            let card = s.hands[p.index()].remove(hand as usize).card;
            let (r, c) = (row as usize, col as usize);
            let cell = Cell {
                card: Some(card),
                ..*s.cell(p, r, c)
            };
            s.set_cell(p, r, c, cell);
            (card, row as usize, col as usize)
        }
        _ => return,
    };
    let cost = s.spec(card).cost;
    let landscapes = a.landscapes().copied().unwrap_or_default();
    super::turning::pay(s, p, &landscapes, &cost);
    sink.push(CardEvent::Built {
        player: p,
        card,
        col: col as u8,
        row: row as u8,
    });
}

/// The column of a new settlement's landscapes: on its outer side.
fn landscape_col(col: u8) -> usize {
    if (col as usize) < START_COL {
        col as usize - 1
    } else {
        col as usize + 1
    }
}

/// A new settlement draws two landscapes (or a Scout picks them); the builder lays one
/// above and one below, with no units ("Settlements").
pub(crate) fn check_landscape_step(
    s: &State,
    step: Pending,
    a: &CardAction,
) -> Result<(), CardError> {
    let land = &s.piles[PileId::LANDSCAPES.index()];
    match (step, *a) {
        (Pending::Landscapes { .. }, CardAction::DrawLandscapes { .. }) => Ok(()),
        (Pending::Landscapes { player, .. }, CardAction::PlayScout { hand, .. }) => {
            let c = super::effects::playable_hand_card(s, player, hand)?;
            if s.spec(c).effect != Effect::ChooseSettlementLandscapes {
                return Err(CardError::WrongCard);
            }
            if land.len() < 2 {
                return Err(CardError::EmptyPile {
                    pile: PileId::LANDSCAPES.0,
                });
            }
            Ok(())
        }
        (Pending::PlaceDrawn { .. }, CardAction::PlaceLandscapes { .. }) => Ok(()),
        (Pending::ScoutPick { .. }, CardAction::ScoutPick { above, below, .. }) => {
            for i in [above, below] {
                if i as usize >= land.len() {
                    return Err(CardError::NoSuchPileCard { index: i });
                }
            }
            if above == below {
                return Err(CardError::BadChoice);
            }
            Ok(())
        }
        _ => Err(super::turn::wrong(a, super::choices::step_name(step))),
    }
}

pub(crate) fn do_landscape_step(
    s: &mut State,
    step: Pending,
    a: CardAction,
    sink: &mut impl CardEventSink,
) {
    s.queue.remove(0);
    let li = PileId::LANDSCAPES.index();
    match (step, a) {
        (Pending::Landscapes { player, col }, CardAction::DrawLandscapes { .. }) => {
            for slot in 0..2 {
                s.drawn[slot] = if s.piles[li].is_empty() {
                    None
                } else {
                    Some(s.piles[li].remove(0))
                };
            }
            s.push_front(&[Pending::PlaceDrawn { player, col }]);
        }
        (Pending::Landscapes { player, col }, CardAction::PlayScout { hand, .. }) => {
            let card = s.hands[player.index()].remove(hand as usize).card;
            s.played[player.index()].push(card);
            sink.push(CardEvent::CardPlayed { player, card });
            s.see(player, PileId::LANDSCAPES);
            sink.push(CardEvent::Searched {
                player,
                pile: PileId::LANDSCAPES,
            });
            s.push_front(&[Pending::ScoutPick { player, col }]);
        }
        (Pending::PlaceDrawn { player, col }, CardAction::PlaceLandscapes { swap, .. }) => {
            let [a0, a1] = s.drawn;
            s.drawn = [None; 2];
            let (up, down) = if swap { (a1, a0) } else { (a0, a1) };
            lay_landscapes(s, player, col, up, down, sink);
        }
        (Pending::ScoutPick { player, col }, CardAction::ScoutPick { above, below, .. }) => {
            let up = s.piles[li][above as usize];
            let down = s.piles[li][below as usize];
            let (hi, lo) = (above.max(below) as usize, above.min(below) as usize);
            s.piles[li].remove(hi);
            s.piles[li].remove(lo);
            lay_landscapes(s, player, col, Some(up), Some(down), sink);
            super::effects::shuffle_pile(s, PileId::LANDSCAPES, sink);
        }
        _ => {}
    }
}

fn lay_landscapes(
    s: &mut State,
    p: Player,
    col: u8,
    up: Option<CardId>,
    down: Option<CardId>,
    sink: &mut impl CardEventSink,
) {
    let lc = landscape_col(col);
    for (row, card) in [(MIDDLE - 1, up), (MIDDLE + 1, down)] {
        if let Some(card) = card {
            let cell = Cell {
                card: Some(card),
                stock: 0,
                under: None,
            };
            s.set_cell(p, row, lc, cell);
            sink.push(CardEvent::Built {
                player: p,
                card,
                col: lc as u8,
                row: row as u8,
            });
        }
    }
}

// ------------------------------------------------------------------ tokens and the win

/// The Knight token goes to the player with more strength, the Mill token to the player
/// with a town and more trade points; on a tie a token is set aside ("Course of the Game:
/// Overview", "Throughout game ... General Rule").
pub(crate) fn update_tokens(s: &mut State, sink: &mut impl CardEventSink) {
    let (a, b) = (s.strength(Player(0)), s.strength(Player(1)));
    let knight = leader(a, b);
    if knight != s.knight_token {
        s.knight_token = knight;
        sink.push(CardEvent::TokenChanged {
            token: Token::Knight,
            holder: knight,
        });
    }
    let (a, b) = (s.trade_points(Player(0)), s.trade_points(Player(1)));
    let mill = leader(a, b).filter(|&p| s.has_town(p));
    if mill != s.mill_token {
        s.mill_token = mill;
        sink.push(CardEvent::TokenChanged {
            token: Token::Mill,
            holder: mill,
        });
    }
}

fn leader(a: u32, b: u32) -> Option<Player> {
    match a.cmp(&b) {
        core::cmp::Ordering::Greater => Some(Player(0)),
        core::cmp::Ordering::Less => Some(Player(1)),
        core::cmp::Ordering::Equal => None,
    }
}

/// "The game ends immediately when a player has reached 12 VPs" (or the target of the
/// rules); the player to move is looked at first.
pub(crate) fn check_win(s: &mut State, sink: &mut impl CardEventSink) -> bool {
    if s.winner.is_some() {
        return true;
    }
    for p in [s.current, opponent(s.current)] {
        let pts = s.points(p);
        if pts >= s.rules.vp_target as u32 {
            s.winner = Some(p);
            s.phase = Phase::Over;
            super::turning::settle_owed(s);
            s.queue.clear();
            s.offer = None;
            sink.push(CardEvent::Won {
                player: p,
                points: pts as u8,
            });
            return true;
        }
    }
    false
}
