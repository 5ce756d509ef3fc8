//! Effects are code: one function per effect of an event or action card, named after what
//! it does; the choices those effects ask for are in `choices.rs`. Card data
//! ([`super::catalogue`]) only names the effect.

use super::catalogue::{CardKind, Effect, UpgradeClass};
use super::error::CardError;
use super::event::{CardEvent, CardEventSink};
use super::state::*;
use super::turn::next_to;
use super::types::{opponent, PileId};
use crate::types::Player;
use crate::ChanceMode;

// ------------------------------------------------------------------ event cards

/// "?" on the event die: the roller turns up the top event card, obeys it and puts it at
/// the bottom of the pile ("Obeying the Event Die Roll", e).
pub(crate) fn draw_event_card(s: &mut State, sink: &mut impl CardEventSink) {
    if s.piles[PileId::EVENTS.index()].is_empty() {
        return;
    }
    let card = s.piles[PileId::EVENTS.index()].remove(0);
    sink.push(CardEvent::EventCardDrawn {
        player: s.current,
        card,
    });
    s.piles[PileId::EVENTS.index()].push(card);
    match s.spec(card).effect {
        Effect::PlagueLandsNextToTowns => plague_lands_next_to_towns(s, sink),
        Effect::MasterBuilderSwap => master_builder_swap(s),
        Effect::CivilWarReturnUnit => civil_war_return_unit(s),
        Effect::HarvestNextToWarehouses => harvest_next_to_warehouses(s, sink),
        Effect::KnightHolderReturnsTwoCards => knight_holder_returns_two_cards(s),
        Effect::ResourcePerProgressBuilding => resource_per_progress_building(s),
        Effect::ShuffleEventPile => shuffle_event_pile(s, sink),
        _ => {}
    }
}

/// Plague: every landscape next to a town loses one unit, unless a bath house on one of
/// its towns or a waterworks in the principality protects it.
pub(crate) fn plague_lands_next_to_towns(s: &mut State, sink: &mut impl CardEventSink) {
    for p in [s.current, s.other()] {
        if s.count_effect(p, Effect::ProtectPrincipalityFromPlague) > 0 {
            continue;
        }
        // The landscape cards, in the order of `cells`.
        for (r, c) in s.land_cells(p) {
            let cell = s.grid()[p.index()][r][c];
            let Some(id) = cell.card else { continue };
            if s.spec(id).kind != CardKind::Landscape || cell.stock == 0 {
                continue;
            }
            let towns = [c.wrapping_sub(1), c + 1]
                .into_iter()
                .filter(|&tc| tc < COLS && s.is_town(p, tc));
            let mut hit = false;
            let mut safe = false;
            for tc in towns {
                hit = true;
                safe |= column_has(s, p, tc, Effect::ProtectTownLandsFromPlague);
            }
            if hit && !safe {
                s.set_stock(p, r, c, cell.stock - 1);
                sink.push(CardEvent::Lost {
                    player: p,
                    resource: s.landscape_resource(id),
                    amount: 1,
                });
            }
        }
    }
}

/// Whether an upgrade with effect `e` lies on the settlement or town at `col`.
pub(crate) fn column_has(s: &State, p: Player, col: usize, e: Effect) -> bool {
    (0..ROWS).any(|r| {
        r != MIDDLE
            && s.grid()[p.index()][r][col]
                .card
                .is_some_and(|id| s.spec(id).effect == e)
    })
}

/// Master Builder: each player, the roller first, takes any card of a development pile
/// of his choice, then slips one card under any development pile.
pub(crate) fn master_builder_swap(s: &mut State) {
    let (cur, oth) = (s.current, s.other());
    s.push_front(&[
        Pending::ChoosePile {
            player: cur,
            purpose: Purpose::MasterBuilder,
        },
        Pending::ChoosePile {
            player: oth,
            purpose: Purpose::MasterBuilder,
        },
    ]);
}

/// Civil War: each player takes back into his hand a knight or fleet chosen by the
/// opponent (a church protects the units on its town).
pub(crate) fn civil_war_return_unit(s: &mut State) {
    let (cur, oth) = (s.current, s.other());
    s.push_front(&[
        Pending::ChooseCard {
            chooser: oth,
            owner: cur,
            target: Target::CivilWarUnit,
        },
        Pending::ChooseCard {
            chooser: cur,
            owner: oth,
            target: Target::CivilWarUnit,
        },
        Pending::CheckHands,
    ]);
}

/// Bumper Harvest: each landscape next to a fortified warehouse gets one unit.
pub(crate) fn harvest_next_to_warehouses(s: &mut State, sink: &mut impl CardEventSink) {
    for p in [s.current, s.other()] {
        // The landscape cards, in the order of `cells`.
        for (r, c) in s.land_cells(p) {
            let cell = s.grid()[p.index()][r][c];
            let Some(id) = cell.card else { continue };
            if s.spec(id).kind != CardKind::Landscape || cell.stock >= MAX_STOCK {
                continue;
            }
            if next_to(s, p, r, c, Effect::ProtectAdjacentFromRobbery) {
                s.set_stock(p, r, c, cell.stock + 1);
                sink.push(CardEvent::Produced {
                    player: p,
                    resource: s.landscape_resource(id),
                    amount: 1,
                });
            }
        }
    }
}

/// Conflict: the Knight token holder chooses two cards of the opponent's hand and puts
/// them under any piles (nothing happens while the token is set aside).
pub(crate) fn knight_holder_returns_two_cards(s: &mut State) {
    if let Some(h) = s.knight_token {
        s.push_front(&[Pending::Conflict { chooser: h, n: 2 }]);
    }
}

/// Progress: each player takes one resource of his choice per hand-limit building
/// (cloister, library).
pub(crate) fn resource_per_progress_building(s: &mut State) {
    let (cur, oth) = (s.current, s.other());
    let a = s.count_effect(cur, Effect::RaiseHandLimit);
    let b = s.count_effect(oth, Effect::RaiseHandLimit);
    s.push_front(&[
        Pending::Gain { player: cur, n: a },
        Pending::Gain { player: oth, n: b },
    ]);
}

/// New Year: the event pile is shuffled.
pub(crate) fn shuffle_event_pile(s: &mut State, sink: &mut impl CardEventSink) {
    shuffle_pile(s, PileId::EVENTS, sink);
}

/// Shuffles a pile: from the stored generator, or — with external chance — one position
/// at a time from outside (`shuffle_step` actions).
pub(crate) fn shuffle_pile(s: &mut State, pile: PileId, sink: &mut impl CardEventSink) {
    if s.rules.chance == ChanceMode::External {
        // From the first step on, no seat knows the pile's order (it changes unseen).
        s.unseen_change(pile, None);
        let player = s.current;
        s.push_front(&[Pending::Shuffle {
            player,
            pile,
            placed: 0,
        }]);
        return;
    }
    let mut rng = s.rng;
    rng.shuffle(&mut s.piles[pile.index()]);
    s.rng = rng;
    s.unseen_change(pile, None);
    sink.push(CardEvent::Shuffled { pile });
}

// ------------------------------------------------------------------ action cards

/// Checks playing an action card in the main phase: not in the first round, not a card
/// taken this turn, not after building ("Action Cards"), and a card with a target.
pub(crate) fn check_play_card(s: &State, p: Player, hand: u8) -> Result<(), CardError> {
    let c = playable_hand_card(s, p, hand)?;
    if s.built {
        return Err(CardError::AfterBuilding);
    }
    let opp = opponent(p);
    match s.spec(c).effect {
        Effect::SendOpponentKnightHome => has_target(s, opp, Target::Knight),
        Effect::SendOpponentBuildingHome => has_target(s, opp, Target::Building),
        Effect::ExchangeTwoForTwo if s.stock(p).total() < 2 => Err(CardError::CannotAfford),
        Effect::StealPlayableCard
        | Effect::StealTwoResources
        | Effect::TakeTwoGiveOne
        | Effect::ExchangeTwoForTwo => Ok(()),
        _ => Err(CardError::WrongCard),
    }
}

/// An action card of the hand that may be played now (timing rules shared by all).
pub(crate) fn playable_hand_card(
    s: &State,
    p: Player,
    hand: u8,
) -> Result<super::types::CardId, CardError> {
    let h = s.hands[p.index()]
        .get(hand as usize)
        .ok_or(CardError::NoSuchHandCard { index: hand })?;
    if s.spec(h.card).kind != CardKind::Action {
        return Err(CardError::WrongCard);
    }
    if s.first_round() {
        return Err(CardError::FirstRound);
    }
    if h.fresh {
        return Err(CardError::NewCard);
    }
    Ok(h.card)
}

pub(crate) fn has_target(s: &State, owner: Player, t: Target) -> Result<(), CardError> {
    let classes = &s.counts(owner).classes;
    let any = match t {
        Target::Knight => classes[1] > 0,
        Target::Building => classes[0] > 0,
        Target::CivilWarUnit => {
            (classes[1] > 0 || classes[2] > 0) && cells().any(|(r, c)| is_target(s, owner, r, c, t))
        }
    };
    if any {
        Ok(())
    } else {
        Err(CardError::NoTarget)
    }
}

/// Whether the card at a cell qualifies for a choice of `t`.
pub(crate) fn is_target(s: &State, owner: Player, r: usize, c: usize, t: Target) -> bool {
    let Some(id) = s.grid()[owner.index()][r][c].card else {
        return false;
    };
    let spec = s.spec(id);
    match t {
        Target::Knight => spec.class == Some(UpgradeClass::Knight),
        Target::Building => spec.class == Some(UpgradeClass::Building),
        Target::CivilWarUnit => {
            matches!(spec.class, Some(UpgradeClass::Knight | UpgradeClass::Fleet))
                && !column_has(s, owner, c, Effect::ProtectTownUnitsFromCivilWar)
        }
    }
}

/// Moves a played action card from the hand to the table.
fn lay_played(s: &mut State, p: Player, hand: u8, sink: &mut impl CardEventSink) {
    let card = s.hands[p.index()].remove(hand as usize).card;
    s.played[p.index()].push(card);
    sink.push(CardEvent::CardPlayed { player: p, card });
}

/// Plays an action card: its effect queues the choices it needs.
pub(crate) fn play_card(s: &mut State, p: Player, hand: u8, sink: &mut impl CardEventSink) {
    let card = s.hands[p.index()][hand as usize].card;
    lay_played(s, p, hand, sink);
    match s.spec(card).effect {
        Effect::SendOpponentKnightHome => send_opponent_knight_home(s, p),
        Effect::SendOpponentBuildingHome => send_opponent_building_home(s, p),
        Effect::StealPlayableCard => steal_playable_card(s, p),
        Effect::StealTwoResources => steal_two_resources(s, p),
        Effect::TakeTwoGiveOne => take_two_give_one(s, p),
        Effect::ExchangeTwoForTwo => exchange_two_for_two(s, p),
        _ => {}
    }
    s.queue.push(Pending::CheckHands);
}

fn attack(s: &mut State, p: Player, a: Attack) {
    s.queue.push(Pending::Counter {
        defender: opponent(p),
        attack: a,
    });
    s.queue.push(Pending::AttackDie {
        attacker: p,
        attack: a,
        countered: false,
    });
}

/// Black Knight: on 1–5 the opponent takes back a knight of your choice; on 6 you take
/// back one of yours, his choice (Herbalist: you also fail on 4–5).
pub(crate) fn send_opponent_knight_home(s: &mut State, p: Player) {
    attack(s, p, Attack::BlackKnight);
}

/// Arsonist: as the Black Knight, against a building (Bishop: you also fail on 3–5).
pub(crate) fn send_opponent_building_home(s: &mut State, p: Player) {
    attack(s, p, Attack::Arsonist);
}

/// Spy: look at the opponent's hand and take a card you can play at once.
pub(crate) fn steal_playable_card(s: &mut State, p: Player) {
    s.queue.push(Pending::Spy { player: p });
}

/// Raid: on 1–5 take any 2 resources from the opponent; on 6 he takes 2 of his choice
/// from you (Bishop: you also fail on 3–5).
pub(crate) fn steal_two_resources(s: &mut State, p: Player) {
    attack(s, p, Attack::Raid);
}

/// Trader: take 2 resources from the opponent and give him 1 of yours.
pub(crate) fn take_two_give_one(s: &mut State, p: Player) {
    let o = opponent(p);
    s.queue.push(Pending::Steal {
        taker: p,
        victim: o,
        n: 2,
    });
    s.queue.push(Pending::Give {
        giver: p,
        receiver: o,
        n: 1,
    });
}

/// Caravan: give up any 2 resources and take any 2.
pub(crate) fn exchange_two_for_two(s: &mut State, p: Player) {
    s.queue.push(Pending::Spend { player: p, n: 2 });
    s.queue.push(Pending::Gain { player: p, n: 2 });
}

/// Alchemist: before the roll, choose the production die.
pub(crate) fn check_alchemist(
    s: &State,
    p: Player,
    hand: u8,
    production: u8,
) -> Result<(), CardError> {
    let c = playable_hand_card(s, p, hand)?;
    if s.spec(c).effect != Effect::SetProductionDie || s.alchemist.is_some() {
        return Err(CardError::WrongCard);
    }
    if !(1..=6).contains(&production) {
        return Err(CardError::BadDie { value: production });
    }
    Ok(())
}

/// Plays the Alchemist: the production die will show `production`.
pub(crate) fn set_production_die(
    s: &mut State,
    p: Player,
    hand: u8,
    production: u8,
    sink: &mut impl CardEventSink,
) {
    lay_played(s, p, hand, sink);
    s.alchemist = Some(production);
}

/// The die of an attack: success on 1–5; 1–3 against a Herbalist, 1–2 against a Bishop.
pub(crate) fn resolve_attack(
    s: &mut State,
    attacker: Player,
    a: Attack,
    countered: bool,
    value: u8,
    sink: &mut impl CardEventSink,
) {
    let best = match (a, countered) {
        (_, false) => 5,
        (Attack::BlackKnight, true) => 3,
        (_, true) => 2,
    };
    let success = value <= best;
    sink.push(CardEvent::AttackRolled {
        player: attacker,
        attack: a,
        value,
        success,
    });
    let opp = opponent(attacker);
    let (chooser, owner) = if success {
        (attacker, opp)
    } else {
        (opp, attacker)
    };
    let step = match a {
        Attack::BlackKnight => Pending::ChooseCard {
            chooser,
            owner,
            target: Target::Knight,
        },
        Attack::Arsonist => Pending::ChooseCard {
            chooser,
            owner,
            target: Target::Building,
        },
        Attack::Raid => Pending::Steal {
            taker: chooser,
            victim: owner,
            n: 2,
        },
    };
    s.push_front(&[step, Pending::CheckHands]);
}
