//! The choices the game waits for (a pending step and the actions that answer it):
//! resources to receive, take, give or give up; cards of a principality or a hand; counter
//! cards; the die of an attack; piles to look through; shuffles from outside. Who decides
//! each step, whether it has anything to choose, its check and its effect, side by side.

use super::action::CardAction;
use super::catalogue::{CardKind, Effect, UpgradeClass};
use super::effects::{has_target, is_target, resolve_attack};
use super::error::CardError;
use super::event::{CardEvent, CardEventSink};
use super::state::*;
use super::turn::{after_replenish, dev_pile, nonempty, wrong};
use super::turning::{self, Turns};
use super::types::{opponent, CardResource, CardResources, PileId};
use crate::types::Player;
use crate::ChanceMode;

/// Who decides a pending step (`None` for automatic steps).
pub(crate) fn actor(step: Pending) -> Option<Player> {
    Some(match step {
        Pending::Production | Pending::CheckHands | Pending::EventCard => return None,
        Pending::Gain { player, .. }
        | Pending::Spend { player, .. }
        | Pending::Discard { player }
        | Pending::ChoosePile { player, .. }
        | Pending::Search { player, .. }
        | Pending::PutBack { player }
        | Pending::Spy { player }
        | Pending::Landscapes { player, .. }
        | Pending::PlaceDrawn { player, .. }
        | Pending::ScoutPick { player, .. }
        | Pending::Shuffle { player, .. }
        | Pending::Answer { player }
        | Pending::Turn { player, .. } => player,
        Pending::Steal { taker, .. } => taker,
        Pending::Give { giver, .. } => giver,
        Pending::ChooseCard { chooser, .. } | Pending::Conflict { chooser, .. } => chooser,
        Pending::Counter { defender, .. } => defender,
        Pending::AttackDie { attacker, .. } => attacker,
    })
}

/// A step whose only possible outcome is "nothing happens" is dropped without asking.
pub(crate) fn nothing_to_choose(s: &State, step: Pending) -> bool {
    match step {
        Pending::Gain { player, n } => {
            n == 0 || !CardResource::ALL.iter().any(|&r| s.has_room(player, r))
        }
        Pending::Steal { victim, n, .. } => n == 0 || s.stock(victim).total() == 0,
        Pending::Give { giver, n, .. } => n == 0 || s.stock(giver).total() == 0,
        Pending::Spend { player, n } => n == 0 || s.stock(player).total() == 0,
        Pending::Discard { player } => s.hands[player.index()].len() <= s.hand_limit(player),
        Pending::PutBack { player } => s.hands[player.index()].is_empty(),
        Pending::ChoosePile { .. } => (5..10).all(|i| s.piles[i].is_empty()),
        Pending::Search { pile, n, .. } => n == 0 || s.piles[pile.index()].is_empty(),
        Pending::ChooseCard { owner, target, .. } => has_target(s, owner, target).is_err(),
        Pending::Conflict { chooser, n } => n == 0 || s.hands[opponent(chooser).index()].is_empty(),
        Pending::Landscapes { .. } => s.piles[PileId::LANDSCAPES.index()].is_empty(),
        Pending::Shuffle { pile, placed, .. } => placed as usize + 1 >= s.piles[pile.index()].len(),
        Pending::Turn { n, .. } => n == 0,
        _ => false,
    }
}

/// Checks an action against the pending step (the actor is already checked).
pub(crate) fn check_step(s: &State, step: Pending, a: &CardAction) -> Result<(), CardError> {
    use CardAction as A;
    match (step, *a) {
        (
            Pending::Gain { .. }
            | Pending::Steal { .. }
            | Pending::Give { .. }
            | Pending::Spend { .. },
            A::ChooseResource {
                resource,
                landscapes,
                ..
            },
        ) => check_resource(s, step, resource, &landscapes),
        (
            Pending::Discard { player } | Pending::PutBack { player },
            A::Discard { hand, pile, .. },
        ) => {
            dev_pile(pile)?;
            hand_index(s, player, hand)
        }
        (Pending::ChoosePile { purpose, .. }, A::OpenPile { pile, .. }) => {
            dev_pile(pile)?;
            if purpose == Purpose::Opening && s.opening_pile == Some(pile) {
                return Err(CardError::BadPile { pile: pile.0 });
            }
            nonempty(s, pile)
        }
        (Pending::Search { pile, .. }, A::Take { index, .. }) => {
            if (index as usize) < s.piles[pile.index()].len() {
                Ok(())
            } else {
                Err(CardError::NoSuchPileCard { index })
            }
        }
        (Pending::ChooseCard { owner, target, .. }, A::ChooseCard { col, row, .. }) => {
            let (r, c) = (row as usize, col as usize);
            if r < ROWS && c < COLS && is_target(s, owner, r, c, target) {
                Ok(())
            } else {
                Err(CardError::BadChoice)
            }
        }
        (Pending::Counter { defender, attack }, A::Counter { hand, .. }) => {
            let h = s.hands[defender.index()]
                .get(hand as usize)
                .ok_or(CardError::NoSuchHandCard { index: hand })?;
            let want = match attack {
                Attack::BlackKnight => Effect::CounterBlackKnight,
                _ => Effect::CounterRaidOrArson,
            };
            if s.spec(h.card).effect != want {
                Err(CardError::WrongCard)
            } else if h.fresh {
                Err(CardError::NewCard)
            } else {
                Ok(())
            }
        }
        (Pending::Counter { .. }, A::NoCounter { .. }) => Ok(()),
        (Pending::AttackDie { .. }, A::DieOutcome { value, .. }) => {
            if s.rules.chance != ChanceMode::External {
                Err(CardError::WrongChanceMode { mode: "seeded" })
            } else if (1..=6).contains(&value) {
                Ok(())
            } else {
                Err(CardError::BadDie { value })
            }
        }
        (Pending::Spy { player }, A::TakeFromHand { index, .. }) => {
            let h = s.hands[opponent(player).index()]
                .get(index as usize)
                .ok_or(CardError::NoSuchOpponentCard { index })?;
            if spy_may_take(s, h.card) {
                Ok(())
            } else {
                Err(CardError::WrongCard)
            }
        }
        (Pending::Spy { .. }, A::Pass { .. }) => Ok(()),
        (Pending::Conflict { chooser, .. }, A::ReturnFromHand { index, pile, .. }) => {
            dev_pile(pile)?;
            if (index as usize) < s.hands[opponent(chooser).index()].len() {
                Ok(())
            } else {
                Err(CardError::NoSuchOpponentCard { index })
            }
        }
        (
            Pending::Landscapes { .. } | Pending::PlaceDrawn { .. } | Pending::ScoutPick { .. },
            _,
        ) => super::build::check_landscape_step(s, step, a),
        (Pending::Shuffle { pile, placed, .. }, A::ShuffleStep { index, .. }) => {
            if (index as usize) < s.piles[pile.index()].len() - placed as usize {
                Ok(())
            } else {
                Err(CardError::NoSuchPileCard { index })
            }
        }
        (Pending::Answer { .. }, A::Accept { .. } | A::Reject { .. }) => {
            super::trade::check_answer(s, a)
        }
        (Pending::Turn { .. }, A::ChooseCard { col, row, .. }) => {
            turning::check_pick(s, step, row, col)
        }
        _ => Err(wrong(a, step_name(step))),
    }
}

/// A resource to receive, take, give or give up: available (or with room), and the
/// landscape named, if any, the acting seat's card of that resource that turns.
fn check_resource(
    s: &State,
    step: Pending,
    r: CardResource,
    landscapes: &Turns,
) -> Result<(), CardError> {
    let (one, none) = (CardResources::one(r), CardResources::EMPTY);
    let (turner, give, take) = match step {
        Pending::Gain { player, .. } => {
            room(s, player, r)?;
            (player, none, one)
        }
        Pending::Steal { taker, victim, .. } => {
            has(s, victim, r)?;
            (taker, none, one)
        }
        Pending::Give { giver, .. } | Pending::Spend { player: giver, .. } => {
            has(s, giver, r)?;
            (giver, one, none)
        }
        _ => return Ok(()),
    };
    turning::check(s, turner, landscapes, &give, &take)
}

/// The Spy takes a card "that you can play immediately": a knight, a fleet, or an action
/// card played from the hand in the main phase (docs/cards.md, "Spy").
pub(crate) fn spy_may_take(s: &State, card: super::types::CardId) -> bool {
    let spec = s.spec(card);
    match spec.kind {
        CardKind::SettlementUpgrade | CardKind::TownUpgrade => {
            matches!(spec.class, Some(UpgradeClass::Knight | UpgradeClass::Fleet))
        }
        CardKind::Action => matches!(
            spec.effect,
            Effect::SendOpponentKnightHome
                | Effect::SendOpponentBuildingHome
                | Effect::StealPlayableCard
                | Effect::StealTwoResources
                | Effect::TakeTwoGiveOne
                | Effect::ExchangeTwoForTwo
        ),
        _ => false,
    }
}

fn room(s: &State, p: Player, r: CardResource) -> Result<(), CardError> {
    if s.has_room(p, r) {
        Ok(())
    } else {
        Err(CardError::NoRoom)
    }
}

fn has(s: &State, p: Player, r: CardResource) -> Result<(), CardError> {
    if s.stock(p).get(r) > 0 {
        Ok(())
    } else {
        Err(CardError::NoSuchResource)
    }
}

fn hand_index(s: &State, p: Player, hand: u8) -> Result<(), CardError> {
    if (hand as usize) < s.hands[p.index()].len() {
        Ok(())
    } else {
        Err(CardError::NoSuchHandCard { index: hand })
    }
}

/// A short description of what a step waits for (for errors).
pub(crate) fn step_name(step: Pending) -> &'static str {
    match step {
        Pending::Gain { .. } => "a resource to receive",
        Pending::Steal { .. } => "a resource to take",
        Pending::Give { .. } => "a resource to give",
        Pending::Spend { .. } => "a resource to give up",
        Pending::Discard { .. } => "a discard",
        Pending::PutBack { .. } => "a card to give back",
        Pending::ChoosePile { .. } => "a pile to look through",
        Pending::Search { .. } => "a card from the pile",
        Pending::ChooseCard { .. } => "a card of the principality",
        Pending::Counter { .. } => "a counter card or none",
        Pending::AttackDie { .. } => "the die",
        Pending::Spy { .. } => "a card from the opponent's hand",
        Pending::Conflict { .. } => "a card of the opponent's hand to return",
        Pending::Landscapes { .. } => "the new settlement's landscapes",
        Pending::PlaceDrawn { .. } => "where the drawn landscapes go",
        Pending::ScoutPick { .. } => "two landscapes from the pile",
        Pending::Answer { .. } => "an answer to the offer",
        Pending::Shuffle { .. } => "the next card of the shuffle (chance)",
        Pending::Turn { .. } => "a landscape card to turn",
        _ => "nothing",
    }
}

/// Decrements the count of the head step, or drops it when it reaches zero.
fn count_down(s: &mut State) {
    let keep = match s.queue.first_mut() {
        Some(Pending::Gain { n, .. })
        | Some(Pending::Steal { n, .. })
        | Some(Pending::Give { n, .. })
        | Some(Pending::Spend { n, .. })
        | Some(Pending::Search { n, .. })
        | Some(Pending::Conflict { n, .. }) => {
            *n -= 1;
            *n > 0
        }
        _ => false,
    };
    if !keep {
        s.queue.remove(0);
    }
}

/// Executes an action answering the pending step (already checked).
pub(crate) fn do_step(s: &mut State, step: Pending, a: CardAction, sink: &mut impl CardEventSink) {
    use CardAction as A;
    match (step, a) {
        (
            Pending::Gain { player, .. },
            A::ChooseResource {
                resource,
                landscapes,
                ..
            },
        ) => {
            // The step counts down first: the units it turns are queued in front of it.
            count_down(s);
            turning::gain(s, player, &landscapes, resource);
            sink.push(CardEvent::Gained { player, resource });
        }
        (
            Pending::Steal { taker, victim, .. },
            A::ChooseResource {
                resource,
                landscapes,
                ..
            },
        ) => {
            count_down(s);
            transfer(
                s,
                victim,
                taker,
                resource,
                (&Turns::NONE, &landscapes),
                sink,
            );
        }
        (
            Pending::Give {
                giver, receiver, ..
            },
            A::ChooseResource {
                resource,
                landscapes,
                ..
            },
        ) => {
            count_down(s);
            transfer(
                s,
                giver,
                receiver,
                resource,
                (&landscapes, &Turns::NONE),
                sink,
            );
        }
        (
            Pending::Spend { player, .. },
            A::ChooseResource {
                resource,
                landscapes,
                ..
            },
        ) => {
            count_down(s);
            turning::pay(s, player, &landscapes, &CardResources::one(resource));
            sink.push(CardEvent::Lost {
                player,
                resource,
                amount: 1,
            });
        }
        (
            Pending::Discard { player } | Pending::PutBack { player },
            A::Discard { hand, pile, .. },
        ) => {
            s.queue.remove(0);
            put_under(s, player, player, hand, pile, sink);
        }
        (Pending::ChoosePile { player, purpose }, A::OpenPile { pile, .. }) => {
            s.queue.remove(0);
            open_pile(s, player, purpose, pile, sink);
        }
        (
            Pending::Search {
                player,
                pile,
                purpose,
                ..
            },
            A::Take { index, .. },
        ) => {
            count_down(s);
            take(s, player, pile, purpose, index, sink);
        }
        (Pending::ChooseCard { owner, .. }, A::ChooseCard { col, row, .. }) => {
            s.queue.remove(0);
            send_home(s, owner, row as usize, col as usize, sink);
        }
        (Pending::Counter { defender, .. }, A::Counter { hand, .. }) => {
            s.queue.remove(0);
            let card = s.hands[defender.index()].remove(hand as usize).card;
            s.played[defender.index()].push(card);
            sink.push(CardEvent::Countered {
                player: defender,
                card,
            });
            if let Some(Pending::AttackDie { countered, .. }) = s.queue.first_mut() {
                *countered = true;
            }
        }
        (Pending::Counter { .. }, A::NoCounter { .. }) => {
            s.queue.remove(0);
        }
        (
            Pending::AttackDie {
                attacker,
                attack,
                countered,
            },
            A::DieOutcome { value, .. },
        ) => {
            s.queue.remove(0);
            resolve_attack(s, attacker, attack, countered, value, sink);
        }
        (Pending::Spy { player }, A::TakeFromHand { index, .. }) => {
            s.queue.remove(0);
            let card = s.hands[opponent(player).index()]
                .remove(index as usize)
                .card;
            s.hands[player.index()].push(HandCard { card, fresh: false });
            sink.push(CardEvent::TookFromHand {
                player,
                card: Some(card),
            });
        }
        (Pending::Spy { player }, A::Pass { .. }) => {
            s.queue.remove(0);
            sink.push(CardEvent::SpyPassed { player });
        }
        (Pending::Conflict { chooser, .. }, A::ReturnFromHand { index, pile, .. }) => {
            count_down(s);
            put_under(s, opponent(chooser), chooser, index, pile, sink);
        }
        (
            Pending::Landscapes { .. } | Pending::PlaceDrawn { .. } | Pending::ScoutPick { .. },
            _,
        ) => super::build::do_landscape_step(s, step, a, sink),
        (Pending::Shuffle { pile, placed, .. }, A::ShuffleStep { index, .. }) => {
            let (i, at) = (pile.index(), placed as usize);
            s.piles[i].swap(at, at + index as usize);
            let done = at + 2 >= s.piles[i].len();
            if let Some(Pending::Shuffle { placed, .. }) = s.queue.first_mut() {
                *placed += 1;
            }
            if done {
                s.queue.remove(0);
                s.unseen_change(pile, None);
                sink.push(CardEvent::Shuffled { pile });
            }
        }
        (Pending::Answer { .. }, _) => {
            s.queue.remove(0);
            super::trade::answer(s, a, sink)
        }
        (Pending::Turn { .. }, A::ChooseCard { col, row, .. }) => {
            turning::do_pick(s, step, row, col)
        }
        _ => {}
    }
}

/// One unit of `r` from one seat to the other, each turning the card named in `turns`
/// (`(giver's, receiver's)`) or the engine's choice.
fn transfer(
    s: &mut State,
    from: Player,
    to: Player,
    r: CardResource,
    turns: (&Turns, &Turns),
    sink: &mut impl CardEventSink,
) {
    turning::pay(s, from, turns.0, &CardResources::one(r));
    let received = turning::gain(s, to, turns.1, r);
    sink.push(CardEvent::Transferred {
        from,
        to,
        resource: r,
        received,
    });
}

fn put_under(
    s: &mut State,
    owner: Player,
    chooser: Player,
    hand: u8,
    pile: PileId,
    sink: &mut impl CardEventSink,
) {
    let card = s.hands[owner.index()].remove(hand as usize).card;
    s.piles[pile.index()].push(card);
    // Seen by the seat that put it there; when the opponent chose (Conflict) both saw it.
    if owner == chooser {
        s.unseen_change(pile, Some(owner));
    }
    sink.push(CardEvent::PutUnder {
        player: owner,
        pile,
        card: Some(card),
        chosen_by: chooser,
    });
}

fn open_pile(
    s: &mut State,
    p: Player,
    purpose: Purpose,
    pile: PileId,
    sink: &mut impl CardEventSink,
) {
    if purpose == Purpose::Opening {
        s.opening_pile = Some(pile);
    }
    s.see(p, pile);
    sink.push(CardEvent::Searched { player: p, pile });
    let n = if purpose == Purpose::Opening { 3 } else { 1 };
    let mut steps = [Pending::Search {
        player: p,
        pile,
        purpose,
        n,
    }; 2];
    let mut k = 1;
    if purpose == Purpose::MasterBuilder {
        steps[1] = Pending::PutBack { player: p };
        k = 2;
    }
    s.push_front(&steps[..k]);
}

fn take(
    s: &mut State,
    p: Player,
    pile: PileId,
    purpose: Purpose,
    index: u8,
    sink: &mut impl CardEventSink,
) {
    let card = s.piles[pile.index()].remove(index as usize);
    let fresh = purpose != Purpose::Opening;
    s.hands[p.index()].push(HandCard { card, fresh });
    s.unseen_change(pile, Some(p));
    sink.push(CardEvent::TookCard {
        player: p,
        pile,
        card: Some(card),
    });
    if purpose == Purpose::Replenish {
        after_replenish(s, p, sink);
    }
}

/// A card of the table goes back to its owner's hand (Black Knight, Arsonist, Civil War).
fn send_home(s: &mut State, owner: Player, r: usize, c: usize, sink: &mut impl CardEventSink) {
    let old = *s.cell(owner, r, c);
    let Some(card) = old.card else {
        return;
    };
    s.set_cell(owner, r, c, Cell { card: None, ..old });
    s.hands[owner.index()].push(HandCard { card, fresh: true });
    sink.push(CardEvent::ReturnedToHand {
        player: owner,
        card,
    });
}
