//! Trade ("Card Game rules, 'Exchanging Raw Materials', a) Trade"): 3:1 within the
//! principality, 2:1 with the fleet of the resource given, gold 1:1 with a mint; and free
//! exchange with the opponent as an offer and an answer.

use super::action::CardAction;
use super::catalogue::Effect;
use super::error::CardError;
use super::event::{CardEvent, CardEventSink};
use super::state::*;
use super::types::{opponent, CardResource, CardResources};
use crate::types::Player;

/// The best rate at which `p` gives `r` to his own principality.
pub fn rate(s: &State, p: Player, r: CardResource) -> u8 {
    if r == CardResource::Gold && s.count_effect(p, Effect::TradeGoldOneForOne) > 0 {
        return 1;
    }
    if s.counts(p).fleets[r.index()] > 0 {
        2
    } else {
        3
    }
}

pub(crate) fn check_bank(
    s: &State,
    p: Player,
    give: CardResource,
    get: CardResource,
) -> Result<(), CardError> {
    if give == get {
        return Err(CardError::BadTrade);
    }
    if s.stock(p).get(give) < rate(s, p, give) {
        return Err(CardError::CannotAfford);
    }
    if !s.has_room(p, get) {
        return Err(CardError::NoRoom);
    }
    Ok(())
}

pub(crate) fn bank(
    s: &mut State,
    p: Player,
    give: CardResource,
    get: CardResource,
    landscapes: &super::turning::Turns,
    sink: &mut impl CardEventSink,
) {
    let n = rate(s, p, give);
    let mut cost = CardResources::EMPTY;
    cost.set(give, n);
    super::turning::pay(s, p, landscapes, &cost);
    super::turning::gain(s, p, landscapes, get);
    sink.push(CardEvent::BankTraded {
        player: p,
        give,
        rate: n,
        get,
    });
}

/// How many units of each resource a player can store (3 per landscape).
fn capacity(s: &State, p: Player) -> CardResources {
    CardResources(s.counts(p).lands.map(|n| n * MAX_STOCK))
}

/// Whether `p` can give `out` and store `inc` afterwards.
fn fits(s: &State, p: Player, out: &CardResources, inc: &CardResources) -> bool {
    let (st, cap) = (s.stock(p), capacity(s, p));
    st.contains(out)
        && (0..6).all(|i| st.0[i] as u32 - out.0[i] as u32 + inc.0[i] as u32 <= cap.0[i] as u32)
}

pub(crate) fn check_offer(
    s: &State,
    p: Player,
    give: &CardResources,
    get: &CardResources,
) -> Result<(), CardError> {
    // A resource on both sides is no exchange (docs/cards.md, "Where the rules are
    // silent", 10; docs/rulings.md §17 for the board game's offers).
    if give.total() + get.total() == 0 || (0..6).any(|i| give.0[i] > 0 && get.0[i] > 0) {
        return Err(CardError::BadTrade);
    }
    if !s.stock(p).contains(give) {
        return Err(CardError::CannotAfford);
    }
    if !fits(s, p, give, get) {
        return Err(CardError::NoRoom);
    }
    Ok(())
}

pub(crate) fn offer(
    s: &mut State,
    p: Player,
    give: CardResources,
    get: CardResources,
    sink: &mut impl CardEventSink,
) {
    s.offer = Some(Offer { give, get });
    s.queue.push(Pending::Answer {
        player: opponent(p),
    });
    sink.push(CardEvent::Offered { player: p });
}

/// The opponent accepts only what he can give and store; he may always reject.
pub(crate) fn check_answer(s: &State, a: &CardAction) -> Result<(), CardError> {
    match (a, s.offer) {
        (CardAction::Accept { player }, Some(o)) => {
            if fits(s, *player, &o.get, &o.give) {
                Ok(())
            } else {
                Err(CardError::CannotAfford)
            }
        }
        (CardAction::Reject { .. }, Some(_)) => Ok(()),
        _ => Err(CardError::BadTrade),
    }
}

pub(crate) fn answer(s: &mut State, a: CardAction, sink: &mut impl CardEventSink) {
    let Some(o) = s.offer.take() else { return };
    let player = a.player();
    let accepted = matches!(a, CardAction::Accept { .. });
    if accepted {
        let offerer = opponent(player);
        // Each seat turns its own cards (with `choose_landscapes`, as steps: the offerer's
        // payment, the answer's, then what each receives).
        let none = super::turning::Turns::NONE;
        super::turning::pay(s, offerer, &none, &o.give);
        super::turning::pay(s, player, &none, &o.get);
        for r in CardResource::ALL {
            for _ in 0..o.get.get(r) {
                super::turning::gain(s, offerer, &none, r);
            }
            for _ in 0..o.give.get(r) {
                super::turning::gain(s, player, &none, r);
            }
        }
    }
    sink.push(CardEvent::OfferAnswered { player, accepted });
}
