//! The turn: set-up and the opening choice, both dice, the event die, production,
//! replenishing the hand, changing a card, the end of the turn, and the loop that runs
//! automatic steps ("Card Game rules, 'Course of the Game: Overview'").

use super::action::CardAction;
use super::build::{check_win, update_tokens};
use super::catalogue::{CardKind, Catalogue, Effect};
use super::choices;
use super::effects;
use super::error::CardError;
use super::event::{CardEvent, CardEventSink};
use super::state::*;
use super::types::{opponent, CardId, CardResource, EventFace, PileId};
use crate::rng::Rng;
use crate::types::Player;
use crate::ChanceMode;
use std::sync::Arc;

/// The starting position: each principality "road in the centre, a settlement on each
/// side, the 6 landscapes diagonally adjacent ... one unit each"; the remaining cards in
/// their piles, the development cards shuffled into 5 roughly equal piles ("Card Game
/// rules, 'Laying Out the Playing Area'").
pub(crate) fn new_state(cat: Arc<Catalogue>, rules: CardRules, seed: u64) -> State {
    let mut s = State::blank(cat, rules, Rng::new(seed));
    lay_out_principalities(&mut s);
    fill_piles(&mut s);
    s
}

fn lay_out_principalities(s: &mut State) {
    let road = s
        .cat
        .cards
        .iter()
        .position(|c| c.kind == CardKind::Road && c.start != [0, 0]);
    let settlement = s
        .cat
        .cards
        .iter()
        .position(|c| c.kind == CardKind::Settlement && c.start != [0, 0]);
    for p in 0..2 {
        let seat = Player(p as u8);
        let at = |i: Option<usize>| Cell {
            card: i.map(|i| CardId(i as u8)),
            ..Cell::default()
        };
        s.set_cell(seat, MIDDLE, START_COL, at(settlement));
        s.set_cell(seat, MIDDLE, START_COL + 1, at(road));
        s.set_cell(seat, MIDDLE, START_COL + 2, at(settlement));
        let lands = s.cat.starting_landscapes(p);
        for (i, id) in lands.into_iter().enumerate() {
            let row = if i < 3 { MIDDLE - 1 } else { MIDDLE + 1 };
            let col = START_COL - 1 + 2 * (i % 3);
            let cell = Cell {
                card: Some(id),
                stock: 1,
                under: None,
            };
            s.set_cell(seat, row, col, cell);
        }
    }
}

fn fill_piles(s: &mut State) {
    let mut dev = Vec::new();
    for (i, c) in s.cat.cards.iter().enumerate() {
        let rest = c.count.saturating_sub(c.start[0] + c.start[1]);
        let pile = match c.kind {
            CardKind::Event => Some(PileId::EVENTS),
            CardKind::Road => Some(PileId::ROADS),
            CardKind::Settlement => Some(PileId::SETTLEMENTS),
            CardKind::Town => Some(PileId::TOWNS),
            CardKind::Landscape => Some(PileId::LANDSCAPES),
            _ => None,
        };
        for _ in 0..rest {
            match pile {
                Some(p) => s.piles[p.index()].push(CardId(i as u8)),
                None => dev.push(CardId(i as u8)),
            }
        }
    }
    let mut rng = s.rng;
    rng.shuffle(&mut s.piles[PileId::EVENTS.index()]);
    rng.shuffle(&mut s.piles[PileId::LANDSCAPES.index()]);
    rng.shuffle(&mut dev);
    // Five roughly equal piles: sizes differ by at most one, the larger first.
    let n = dev.len();
    let mut at = 0;
    for i in 0..PileId::DEVELOPMENT as usize {
        let size = n / 5 + usize::from(i < n % 5);
        s.piles[5 + i].extend_from_slice(&dev[at..at + size]);
        at += size;
    }
    s.rng = rng;
}

/// Chooses the starting player ("rolling the numbered die") in seeded mode, and queues the
/// opening choices.
pub(crate) fn start(s: &mut State, sink: &mut impl CardEventSink) {
    if s.rules.chance == ChanceMode::Seeded {
        let p = Player(s.rng.below(2) as u8);
        set_starter(s, p, sink);
    } else {
        s.phase = Phase::Start;
    }
}

pub(crate) fn check_starter(s: &State, a: &CardAction) -> Result<(), CardError> {
    match a {
        CardAction::ChooseStarter { .. } if s.rules.chance == ChanceMode::External => Ok(()),
        CardAction::ChooseStarter { .. } => Err(CardError::WrongChanceMode { mode: "seeded" }),
        _ => Err(wrong(a, "the starting player (chance)")),
    }
}

/// The starting player picks one of the 5 development piles and 3 cards from it, keeping
/// its order; the opponent then does the same with another pile ("Laying Out the Playing
/// Area", step 5).
pub(crate) fn set_starter(s: &mut State, p: Player, sink: &mut impl CardEventSink) {
    s.starter = Some(p);
    s.current = p;
    s.phase = Phase::Opening;
    sink.push(CardEvent::StarterChosen { player: p });
    s.queue.push(Pending::ChoosePile {
        player: p,
        purpose: Purpose::Opening,
    });
    s.queue.push(Pending::ChoosePile {
        player: opponent(p),
        purpose: Purpose::Opening,
    });
}

pub(crate) fn wrong(a: &CardAction, waiting: &'static str) -> CardError {
    CardError::WrongPhase {
        action: a.name(),
        waiting,
    }
}

/// A new turn for `p`: cards taken earlier become playable.
pub(crate) fn begin_turn(s: &mut State, p: Player, sink: &mut impl CardEventSink) {
    s.current = p;
    s.turn = s.turn.saturating_add(1);
    s.phase = Phase::Roll;
    for h in &mut s.hands {
        for c in h.iter_mut() {
            c.fresh = false;
        }
    }
    s.built = false;
    s.exchanged = false;
    s.replenishing = false;
    s.dice = None;
    s.alchemist = None;
    s.offer = None;
    sink.push(CardEvent::TurnStarted {
        player: p,
        turn: s.turn,
    });
}

// ------------------------------------------------------------------ the roll

/// Checks an action of the roll phase: the roll itself, or an Alchemist before it.
pub(crate) fn check_roll_phase(s: &State, a: &CardAction) -> Result<(), CardError> {
    let external = s.rules.chance == ChanceMode::External;
    match *a {
        CardAction::Roll { .. } if external => Err(CardError::WrongChanceMode { mode: "external" }),
        CardAction::Roll { .. } => Ok(()),
        CardAction::RollOutcome { .. } if !external => {
            Err(CardError::WrongChanceMode { mode: "seeded" })
        }
        CardAction::RollOutcome {
            event, production, ..
        } => {
            for v in [event, production] {
                if !(1..=6).contains(&v) {
                    return Err(CardError::BadDie { value: v });
                }
            }
            match s.alchemist {
                Some(c) if c != production => Err(CardError::AlchemistSet { chosen: c }),
                _ => Ok(()),
            }
        }
        CardAction::PlayAlchemist {
            player,
            hand,
            production,
        } => effects::check_alchemist(s, player, hand, production),
        _ => Err(wrong(a, "the dice")),
    }
}

/// Rolls both dice; the event is obeyed, then production ("Course of the Game:
/// Overview", steps 1 and 2).
pub(crate) fn roll(s: &mut State, outcome: Option<(u8, u8)>, sink: &mut impl CardEventSink) {
    let (ev, prod) = match outcome {
        Some(o) => o,
        None => {
            let e = s.rng.die();
            let p = match s.alchemist {
                Some(v) => v,
                None => s.rng.die(),
            };
            (e, p)
        }
    };
    s.dice = Some((ev, prod));
    s.phase = Phase::Main;
    let face = EventFace::from_die(ev).unwrap_or(EventFace::EventCard);
    sink.push(CardEvent::DiceRolled {
        player: s.current,
        event_die: ev,
        face,
        production: prod,
    });
    obey_event_die(s, face, sink);
    s.queue.push(Pending::Production);
    s.queue.push(Pending::CheckHands);
}

fn obey_event_die(s: &mut State, face: EventFace, sink: &mut impl CardEventSink) {
    let (cur, oth) = (s.current, s.other());
    match face {
        EventFace::Tournament => {
            let (a, b) = (s.tournament(cur), s.tournament(oth));
            let winner = match a.cmp(&b) {
                core::cmp::Ordering::Greater => Some(cur),
                core::cmp::Ordering::Less => Some(oth),
                core::cmp::Ordering::Equal => None,
            };
            sink.push(CardEvent::Tournament { winner });
            if let Some(w) = winner {
                s.queue.push(Pending::Gain { player: w, n: 1 });
            }
        }
        EventFace::TradeAdvantage => {
            if let Some(h) = s.mill_token {
                s.queue.push(Pending::Steal {
                    taker: h,
                    victim: opponent(h),
                    n: 1,
                });
            }
        }
        EventFace::Robbery => {
            rob(s, cur, sink);
            rob(s, oth, sink);
        }
        EventFace::SuccessfulYear => {
            s.queue.push(Pending::Gain { player: cur, n: 1 });
            s.queue.push(Pending::Gain { player: oth, n: 1 });
        }
        EventFace::EventCard => s.queue.push(Pending::EventCard),
    }
}

/// Whether a landscape cell is next to an upgrade with effect `e` in the same row.
pub(crate) fn next_to(s: &State, p: Player, row: usize, col: usize, e: Effect) -> bool {
    [col.wrapping_sub(1), col + 1].into_iter().any(|c| {
        c < COLS
            && s.grid()[p.index()][row][c]
                .card
                .is_some_and(|id| s.spec(id).effect == e)
    })
}

/// Robbery: a player with more than 7 units loses all ore and wool; landscapes next to a
/// fortified warehouse are neither counted nor robbed ("Obeying the Event Die Roll", c;
/// docs/cards.md, "Robbery").
pub(crate) fn rob(s: &mut State, p: Player, sink: &mut impl CardEventSink) {
    let protected = |s: &State, r, c| next_to(s, p, r, c, Effect::ProtectAdjacentFromRobbery);
    let mut counted = 0u32;
    for (r, c) in s.land_cells(p) {
        let cell = s.grid()[p.index()][r][c];
        if let Some(id) = cell.card {
            if s.spec(id).kind == CardKind::Landscape && !protected(s, r, c) {
                counted += cell.stock as u32;
            }
        }
    }
    if counted <= 7 {
        return;
    }
    sink.push(CardEvent::Robbed {
        player: p,
        counted: counted as u8,
    });
    let mut lost = [0u8; 6];
    for (r, c) in s.land_cells(p) {
        let cell = s.grid()[p.index()][r][c];
        let Some(id) = cell.card else { continue };
        if s.spec(id).kind != CardKind::Landscape || protected(s, r, c) {
            continue;
        }
        let res = s.landscape_resource(id);
        if matches!(res, CardResource::Ore | CardResource::Wool) {
            lost[res.index()] += cell.stock;
            s.set_stock(p, r, c, 0);
        }
    }
    for res in [CardResource::Wool, CardResource::Ore] {
        if lost[res.index()] > 0 {
            sink.push(CardEvent::Lost {
                player: p,
                resource: res,
                amount: lost[res.index()],
            });
        }
    }
}

/// Production: every landscape with the production number gets one unit, two next to a
/// production upgrade of its resource, never more than 3 ("Recording Raw Material
/// Production"; "Production Upgrades").
pub(crate) fn produce(s: &mut State, sink: &mut impl CardEventSink) {
    let Some((_, die)) = s.dice else { return };
    for p in [s.current, s.other()] {
        // The landscape cards bearing the number, in the order of `cells`.
        for (r, c) in s.land_cells_at(p, die) {
            let cell = s.grid()[p.index()][r][c];
            let Some(id) = cell.card else { continue };
            let spec = s.spec(id);
            if spec.kind != CardKind::Landscape || spec.die != Some(die) {
                continue;
            }
            let res = s.landscape_resource(id);
            let amount = 1 + u8::from(doubled(s, p, r, c, res));
            let new = (cell.stock + amount).min(MAX_STOCK);
            let added = new - cell.stock;
            s.set_stock(p, r, c, new);
            if added > 0 {
                sink.push(CardEvent::Produced {
                    player: p,
                    resource: res,
                    amount: added,
                });
            }
        }
    }
}

/// Whether a production upgrade of `res` stands next to this landscape (never for gold).
fn doubled(s: &State, p: Player, row: usize, col: usize, res: CardResource) -> bool {
    res != CardResource::Gold
        && [col.wrapping_sub(1), col + 1].into_iter().any(|c| {
            c < COLS
                && s.grid()[p.index()][row][c].card.is_some_and(|id| {
                    let u = s.spec(id);
                    u.effect == Effect::DoubleAdjacentProduction && u.resource == Some(res)
                })
        })
}

// ------------------------------------------------------------------ replenishing

/// Draw or search to replenish (or to replace a changed card) ("Replenishing Your Hand").
pub(crate) fn check_replenish(s: &State, a: &CardAction) -> Result<(), CardError> {
    let p = a.player();
    let limit = s.hand_limit(p);
    // A changed card is replaced even when the hand is still at (or above) its limit.
    let need = s.hands[p.index()].len() < limit || s.exchanged;
    match *a {
        CardAction::Draw { pile, .. } => {
            dev_pile(pile)?;
            if !need {
                return Err(CardError::HandFull);
            }
            nonempty(s, pile)
        }
        CardAction::Search { pile, pay, .. } => {
            dev_pile(pile)?;
            if !need {
                return Err(CardError::HandFull);
            }
            nonempty(s, pile)?;
            check_search_payment(s, p, pay)
        }
        CardAction::Exchange { hand, pile, .. } => {
            dev_pile(pile)?;
            if s.exchanged {
                return Err(CardError::AlreadyExchanged);
            }
            if s.hands[p.index()].len() < limit {
                return Err(CardError::NotFull);
            }
            if hand as usize >= s.hands[p.index()].len() {
                return Err(CardError::NoSuchHandCard { index: hand });
            }
            Ok(())
        }
        CardAction::EndTurn { .. } if s.exchanged => Err(CardError::CannotEndTurn),
        CardAction::EndTurn { .. } => Ok(()),
        _ => Err(wrong(a, "the main phase")),
    }
}

/// Searching costs two resources of any kind, one with a town hall ("Replenishing", 2;
/// Town Hall).
fn check_search_payment(
    s: &State,
    p: Player,
    pay: [Option<CardResource>; 2],
) -> Result<(), CardError> {
    let cheap = s.count_effect(p, Effect::CheaperSearch) > 0;
    let want = if cheap { 1 } else { 2 };
    let given = pay.iter().flatten().count();
    if given != want || pay[0].is_none() {
        return Err(CardError::BadTrade);
    }
    let mut need = [0u8; 6];
    for r in pay.iter().flatten() {
        need[r.index()] += 1;
    }
    if s.stock(p).contains(&super::types::CardResources(need)) {
        Ok(())
    } else {
        Err(CardError::CannotAfford)
    }
}

pub(crate) fn dev_pile(pile: PileId) -> Result<(), CardError> {
    if pile.is_development() {
        Ok(())
    } else {
        Err(CardError::BadPile { pile: pile.0 })
    }
}

pub(crate) fn nonempty(s: &State, pile: PileId) -> Result<(), CardError> {
    if s.piles[pile.index()].is_empty() {
        Err(CardError::EmptyPile { pile: pile.0 })
    } else {
        Ok(())
    }
}

pub(crate) fn replenish(s: &mut State, a: CardAction, sink: &mut impl CardEventSink) {
    let p = a.player();
    match a {
        CardAction::Draw { pile, .. } => {
            s.replenishing = true;
            let card = s.piles[pile.index()].remove(0);
            s.hands[p.index()].push(HandCard { card, fresh: true });
            sink.push(CardEvent::DrewCard {
                player: p,
                pile,
                card: Some(card),
            });
            after_replenish(s, p, sink);
        }
        CardAction::Search {
            pile,
            pay,
            landscapes,
            ..
        } => {
            s.replenishing = true;
            let mut cost = super::types::CardResources::EMPTY;
            for r in pay.into_iter().flatten() {
                cost.0[r.index()] += 1;
            }
            super::turning::pay(s, p, &landscapes, &cost);
            for r in pay.into_iter().flatten() {
                sink.push(CardEvent::Lost {
                    player: p,
                    resource: r,
                    amount: 1,
                });
            }
            s.see(p, pile);
            sink.push(CardEvent::Searched { player: p, pile });
            s.queue.push(Pending::Search {
                player: p,
                pile,
                purpose: Purpose::Replenish,
                n: 1,
            });
        }
        CardAction::Exchange { hand, pile, .. } => {
            s.replenishing = true;
            s.exchanged = true;
            let card = s.hands[p.index()].remove(hand as usize).card;
            s.piles[pile.index()].push(card);
            s.unseen_change(pile, Some(p));
            sink.push(CardEvent::PutUnder {
                player: p,
                pile,
                card: Some(card),
                chosen_by: p,
            });
        }
        CardAction::EndTurn { .. } => end_turn(s, sink),
        _ => {}
    }
}

/// After a card is taken to replenish: the turn ends when the hand is full, or once the
/// changed card is replaced ("Changing a Card").
pub(crate) fn after_replenish(s: &mut State, p: Player, sink: &mut impl CardEventSink) {
    if s.exchanged || s.hands[p.index()].len() >= s.hand_limit(p) {
        end_turn(s, sink);
    }
}

pub(crate) fn end_turn(s: &mut State, sink: &mut impl CardEventSink) {
    let next = s.other();
    begin_turn(s, next, sink);
}

// ------------------------------------------------------------------ automatic steps

/// Runs automatic steps and drops steps with nothing to choose, updating the tokens and
/// looking for a winner after each ("End of the Game": the game ends immediately).
pub(crate) fn settle(s: &mut State, sink: &mut impl CardEventSink) {
    loop {
        update_tokens(s, sink);
        if check_win(s, sink) {
            return;
        }
        let Some(step) = s.head() else {
            if s.phase == Phase::Opening {
                let p = s.starter.unwrap_or(Player(0));
                begin_turn(s, p, sink);
            }
            return;
        };
        match step {
            Pending::Production => {
                s.queue.remove(0);
                produce(s, sink);
            }
            Pending::CheckHands => {
                s.queue.remove(0);
                queue_discards(s);
            }
            Pending::EventCard => {
                s.queue.remove(0);
                effects::draw_event_card(s, sink);
            }
            Pending::AttackDie {
                attacker,
                attack,
                countered,
            } if s.rules.chance == ChanceMode::Seeded => {
                s.queue.remove(0);
                let v = s.rng.die();
                effects::resolve_attack(s, attacker, attack, countered, v, sink);
            }
            Pending::Turn { .. } if super::turning::settle_forced(s) => {}
            _ if choices::nothing_to_choose(s, step) => {
                s.queue.remove(0);
            }
            _ => return,
        }
    }
}

/// Above the hand limit, a player discards the surplus at once ("Event Card";
/// "Action Cards"): one discard step per card over.
fn queue_discards(s: &mut State) {
    let mut steps = [Pending::CheckHands; 16];
    let mut n = 0;
    for p in [s.current, s.other()] {
        let over = s.hands[p.index()].len().saturating_sub(s.hand_limit(p));
        for _ in 0..over.min(8) {
            steps[n] = Pending::Discard { player: p };
            n += 1;
        }
    }
    s.push_front(&steps[..n]);
}
