//! Dispatch: who acts, checking an action against the decision pending, executing it,
//! enumerating every legal action, and the fixed integer action space.
//!
//! Legal enumeration lists, for the decision pending, the actions that pass the check
//! `apply` uses. Where the check is cheap to restate (trade, upgrades, replenishing, most
//! steps) the generator lists only actions whose conditions hold, read from the state's
//! kept counts, and a debug build checks each in full; the rarer candidates (action cards,
//! building at the row's ends, towns, counters, external chance) are checked in full as
//! they are listed. "Listed ⇔ applicable" is property-tested both ways. Trade offers to the
//! opponent are unbounded: the enumeration lists the one-for-one family; any offer can
//! still be checked and applied.

use super::action::CardAction;
use super::build;
use super::choices;
use super::effects;
use super::error::CardError;
use super::event::CardEventSink;
use super::state::*;
use super::trade;
use super::turn;
use super::turning::Turns;
use super::types::{CardResource, CardResources, PileId, Side};
use crate::types::Player;
use crate::ChanceMode;

/// Checks an action in full without changing anything.
pub(crate) fn check(s: &State, a: &CardAction) -> Result<(), CardError> {
    if s.phase == Phase::Over {
        return Err(CardError::GameOver);
    }
    let p = a.player();
    if p.0 > 1 {
        return Err(CardError::NoSuchPlayer { player: p });
    }
    if let Some(step) = s.head() {
        if choices::actor(step) != Some(p) {
            return Err(CardError::NotYourTurn { player: p });
        }
        return choices::check_step(s, step, a);
    }
    match s.phase {
        Phase::Start => turn::check_starter(s, a),
        Phase::Roll | Phase::Main if p != s.current => Err(CardError::NotYourTurn { player: p }),
        Phase::Roll => turn::check_roll_phase(s, a),
        Phase::Main => check_main(s, a).and_then(|()| super::turning::check_action(s, a)),
        Phase::Opening | Phase::Over => Err(turn::wrong(a, "nothing")),
    }
}

/// The main phase: action cards, trade and building, then replenishing (after which only
/// more replenishing is allowed).
fn check_main(s: &State, a: &CardAction) -> Result<(), CardError> {
    use CardAction as A;
    let p = a.player();
    let replenish = matches!(
        a,
        A::Draw { .. } | A::Search { .. } | A::Exchange { .. } | A::EndTurn { .. }
    );
    if s.replenishing && !replenish {
        return Err(turn::wrong(a, "replenishing the hand"));
    }
    if s.replenishing && matches!(a, A::Exchange { .. }) {
        return Err(CardError::AlreadyExchanged);
    }
    match *a {
        A::PlayCard { hand, .. } => effects::check_play_card(s, p, hand),
        A::BankTrade { give, get, .. } => trade::check_bank(s, p, give, get),
        A::Offer { give, get, .. } => trade::check_offer(s, p, &give, &get),
        A::BuildRoad { side, .. } => build::check_road(s, p, side),
        A::BuildSettlement { side, .. } => build::check_settlement(s, p, side),
        A::BuildTown { col, .. } => build::check_town(s, p, col),
        A::Expand { hand, col, row, .. } => build::check_expand(s, p, hand, col, row),
        _ if replenish => turn::check_replenish(s, a),
        _ => Err(turn::wrong(a, "the main phase")),
    }
}

/// Executes a checked action, then runs automatic steps.
pub(crate) fn execute(s: &mut State, a: CardAction, sink: &mut impl CardEventSink) {
    use CardAction as A;
    if let Some(step) = s.head() {
        choices::do_step(s, step, a, sink);
    } else {
        let p = a.player();
        match a {
            A::ChooseStarter { player } => turn::set_starter(s, player, sink),
            A::Roll { .. } => turn::roll(s, None, sink),
            A::RollOutcome {
                event, production, ..
            } => turn::roll(s, Some((event, production)), sink),
            A::PlayAlchemist {
                hand, production, ..
            } => effects::set_production_die(s, p, hand, production, sink),
            A::PlayCard { hand, .. } => effects::play_card(s, p, hand, sink),
            A::BankTrade {
                give,
                get,
                landscapes,
                ..
            } => trade::bank(s, p, give, get, &landscapes, sink),
            A::Offer { give, get, .. } => trade::offer(s, p, give, get, sink),
            A::BuildRoad { .. }
            | A::BuildSettlement { .. }
            | A::BuildTown { .. }
            | A::Expand { .. } => build::build(s, a, sink),
            A::Draw { .. } | A::Search { .. } | A::Exchange { .. } | A::EndTurn { .. } => {
                turn::replenish(s, a, sink)
            }
            _ => {}
        }
    }
    turn::settle(s, sink);
    debug_assert!(
        s.counts_are_true(),
        "derived counts out of date after {a:?}"
    );
}

/// Hand indices enumerated (and in the action space).
pub const HAND_SLOTS: u8 = 16;
/// Pile positions enumerated for `take` (and in the action space).
pub const PILE_SLOTS: u8 = 128;
/// Landscape-pile positions for the Scout.
pub const SCOUT_SLOTS: u8 = 32;

/// Where enumerated actions go. A generator calls [`Out::sure`] for an action it lists
/// only when the conditions of the check hold (its filters are those conditions, read from
/// the kept counts), and [`Out::maybe`] for a candidate still to be checked in full. A debug
/// build checks every `sure` action in full too, so a filter that drifts from its check
/// fails every test that enumerates.
struct Out<'a, F> {
    s: &'a State,
    f: F,
}

impl<F: FnMut(CardAction)> Out<'_, F> {
    #[inline]
    fn sure(&mut self, a: CardAction) {
        debug_assert_eq!(check(self.s, &a), Ok(()), "listed but refused: {a:?}");
        (self.f)(a)
    }

    #[inline]
    fn maybe(&mut self, a: CardAction) {
        if check(self.s, &a).is_ok() {
            (self.f)(a)
        }
    }
}

/// Every legal action for the decision pending, in a fixed order.
fn candidates<F: FnMut(CardAction)>(o: &mut Out<'_, F>) {
    use CardAction as A;
    let s = o.s;
    if s.phase == Phase::Over {
        return;
    }
    if let Some(step) = s.head() {
        let Some(p) = choices::actor(step) else {
            return;
        };
        return step_candidates(o, step, p);
    }
    let p = s.current;
    let hand = s.hands[p.index()].len().min(HAND_SLOTS as usize) as u8;
    match s.phase {
        Phase::Start => (0..2).for_each(|i| o.maybe(A::ChooseStarter { player: Player(i) })),
        Phase::Roll => {
            if s.rules.chance == ChanceMode::External {
                for e in 1..=6 {
                    for pr in 1..=6 {
                        o.maybe(A::RollOutcome {
                            player: p,
                            event: e,
                            production: pr,
                        });
                    }
                }
            } else {
                o.sure(A::Roll { player: p });
            }
            for h in 0..hand {
                let card = s.hands[p.index()][h as usize].card;
                if s.spec(card).effect != super::catalogue::Effect::SetProductionDie {
                    continue;
                }
                for pr in 1..=6 {
                    o.maybe(A::PlayAlchemist {
                        player: p,
                        hand: h,
                        production: pr,
                    });
                }
            }
        }
        Phase::Main => main_candidates(o, p, hand),
        _ => {}
    }
}

fn main_candidates<F: FnMut(CardAction)>(o: &mut Out<'_, F>, p: Player, hand: u8) {
    use super::catalogue::{CardKind, Effect};
    use CardAction as A;
    let s = o.s;
    let cards = &s.hands[p.index()];
    let kind = |h: u8| s.spec(cards[h as usize].card).kind;
    let need = cards.len() < s.hand_limit(p) || s.exchanged;
    let stock = s.stock(p);
    let counts = s.counts(p);
    if !s.replenishing {
        for h in 0..hand {
            if kind(h) == CardKind::Action {
                o.maybe(A::PlayCard { player: p, hand: h });
            }
        }
        // Trade: the check's conditions (`trade::check_bank`, `trade::check_offer`): enough
        // of `give` at its rate (one unit for an offer), room for one more `get`. As bit
        // sets of resources, visited in resource order: a branch per pair of resources
        // would be mispredicted as often as not.
        let (mut gives, mut bank, mut gets) = (0u8, 0u8, 0u8);
        for r in CardResource::ALL {
            let have = stock.get(r);
            gives |= u8::from(have > 0) << r.index();
            bank |= u8::from(have >= trade::rate(s, p, r)) << r.index();
            gets |= u8::from(counts.room[r.index()] > 0) << r.index();
        }
        for give in bits(gives) {
            let bank = bank & (1 << give.index()) != 0;
            for get in bits(gets & !(1 << give.index())) {
                if bank {
                    o.sure(A::BankTrade {
                        player: p,
                        give,
                        get,
                        landscapes: Turns::NONE,
                    });
                }
                o.sure(A::Offer {
                    player: p,
                    give: CardResources::one(give),
                    get: CardResources::one(get),
                });
            }
        }
        // Roads, settlements and towns (`build::check_road`, ...) are checked in full, when
        // the top card of their pile is there and affordable.
        let affordable = |pile: PileId| {
            s.piles[pile.index()]
                .first()
                .is_some_and(|&c| stock.contains(&s.spec(c).cost))
        };
        let (road, settlement) = (affordable(PileId::ROADS), affordable(PileId::SETTLEMENTS));
        for side in [Side::Left, Side::Right] {
            if road {
                o.maybe(A::BuildRoad {
                    player: p,
                    side,
                    landscapes: Turns::NONE,
                });
            }
            if settlement {
                o.maybe(A::BuildSettlement {
                    player: p,
                    side,
                    landscapes: Turns::NONE,
                });
            }
        }
        let town = affordable(PileId::TOWNS);
        // Upgrades of the hand that may be laid (`build::check_expand`): not taken this
        // turn, affordable; red ones (town upgrades) only on a town.
        let (mut layable, mut red) = (0u32, 0u32);
        for h in 0..hand {
            let c = cards[h as usize];
            let spec = s.spec(c.card);
            if matches!(
                spec.kind,
                CardKind::SettlementUpgrade | CardKind::TownUpgrade
            ) && !c.fresh
                && stock.contains(&spec.cost)
            {
                layable |= 1 << h;
                if spec.kind == CardKind::TownUpgrade {
                    red |= 1 << h;
                }
            }
        }
        let mut settled = counts.settled;
        while settled != 0 {
            let col = settled.trailing_zeros() as u8;
            settled &= settled - 1;
            if town {
                o.maybe(A::BuildTown {
                    player: p,
                    col,
                    landscapes: Turns::NONE,
                });
            }
            if layable == 0 {
                continue;
            }
            let on_town = counts.towns & (1 << col) != 0;
            // The free cells (found once for the column), then the hand's upgrades that
            // fit here by bit set, in hand order.
            let (mut rows, mut n) = ([0u8; 4], 0);
            for row in [0u8, 1, 3, 4] {
                let inner = row == 1 || row == 3;
                rows[n] = row;
                n += usize::from(
                    (on_town || inner) && s.cell(p, row as usize, col as usize).card.is_none(),
                );
            }
            let mut fit = if on_town { layable } else { layable & !red };
            while fit != 0 {
                let h = fit.trailing_zeros() as u8;
                fit &= fit - 1;
                for &row in &rows[..n] {
                    o.sure(A::Expand {
                        player: p,
                        hand: h,
                        col,
                        row,
                        landscapes: Turns::NONE,
                    });
                }
            }
        }
        // Changing a card (`turn::check_replenish`): a full hand, once a turn.
        if !need && !s.exchanged {
            for h in 0..hand {
                for i in 0..PileId::DEVELOPMENT {
                    o.sure(A::Exchange {
                        player: p,
                        hand: h,
                        pile: PileId::development(i),
                    });
                }
            }
        }
    }
    // Replenishing (`turn::check_replenish`): a pile with cards, and a payment in stock.
    if need {
        let cheap = s.count_effect(p, Effect::CheaperSearch) > 0;
        // The payments in stock, found once for the five piles.
        // Kept without a branch per payment (whether one is in stock is as good as random).
        let mut pays = [[None; 2]; PAY_TWO.len()];
        let mut k = 0;
        for &pay in if cheap { &PAY_ONE[..] } else { &PAY_TWO[..] } {
            pays[k] = pay;
            k += usize::from(affords(&stock, pay));
        }
        for i in 0..PileId::DEVELOPMENT {
            let pile = PileId::development(i);
            if s.piles[pile.index()].is_empty() {
                continue;
            }
            o.sure(A::Draw { player: p, pile });
            for &pay in &pays[..k] {
                o.sure(A::Search {
                    player: p,
                    pile,
                    pay,
                    landscapes: Turns::NONE,
                });
            }
        }
    }
    if !s.exchanged {
        o.sure(A::EndTurn { player: p });
    }
}

/// Whether `stock` holds the resources of a search payment.
#[inline]
fn affords(stock: &CardResources, pay: [Option<CardResource>; 2]) -> bool {
    match pay {
        // Two of `a` when `b` is `a`; `&` rather than `&&`, so no branch.
        [Some(a), Some(b)] => (stock.get(a) > u8::from(a == b)) & (stock.get(b) >= 1),
        [Some(a), None] => stock.get(a) >= 1,
        _ => false,
    }
}

/// The resources of a bit set (bit `i`: `CardResource::ALL[i]`), in resource order.
#[inline]
fn bits(mut set: u8) -> impl Iterator<Item = CardResource> {
    core::iter::from_fn(move || {
        let i = set.trailing_zeros() as usize;
        set &= set.wrapping_sub(1);
        CardResource::ALL.get(i).copied()
    })
}

/// The ways to pay for a search with a Town Hall (`Effect::CheaperSearch`): one resource.
const PAY_ONE: [[Option<CardResource>; 2]; 6] = {
    let mut t = [[None; 2]; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = [Some(CardResource::ALL[i]), None];
        i += 1;
    }
    t
};

/// The ways to pay for a search otherwise: two resources (unordered), in the order listed.
/// Tables, so that the enumeration does not rebuild them for every searchable state.
const PAY_TWO: [[Option<CardResource>; 2]; 21] = {
    let all = CardResource::ALL;
    let mut t = [[None; 2]; 21];
    let (mut i, mut k) = (0, 0);
    while i < 6 {
        let mut j = i;
        while j < 6 {
            t[k] = [Some(all[i]), Some(all[j])];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    t
};

fn step_candidates<F: FnMut(CardAction)>(o: &mut Out<'_, F>, step: Pending, p: Player) {
    use CardAction as A;
    let s = o.s;
    let hand = |q: Player| s.hands[q.index()].len().min(HAND_SLOTS as usize) as u8;
    let dev = (0..PileId::DEVELOPMENT).map(PileId::development);
    // The resources a step may name (`choices::check_step`): room for one more to receive,
    // a unit in stock to take, give or give up.
    let resources = |o: &mut Out<'_, F>, ok: &dyn Fn(CardResource) -> bool| {
        for resource in CardResource::ALL {
            if ok(resource) {
                o.sure(A::ChooseResource {
                    player: p,
                    resource,
                    landscapes: Turns::NONE,
                });
            }
        }
    };
    match step {
        Pending::Gain { player, .. } => resources(o, &|r| s.has_room(player, r)),
        Pending::Steal { victim: q, .. }
        | Pending::Give { giver: q, .. }
        | Pending::Spend { player: q, .. } => {
            let stock = s.stock(q);
            resources(o, &|r| stock.get(r) > 0)
        }
        Pending::Discard { .. } | Pending::PutBack { .. } => {
            for h in 0..hand(p) {
                dev.clone().for_each(|pile| {
                    o.sure(A::Discard {
                        player: p,
                        hand: h,
                        pile,
                    })
                });
            }
        }
        Pending::ChoosePile { .. } => dev.for_each(|pile| o.maybe(A::OpenPile { player: p, pile })),
        Pending::Search { pile, .. } => {
            let n = s.piles[pile.index()].len().min(PILE_SLOTS as usize) as u8;
            (0..n).for_each(|index| o.sure(A::Take { player: p, index }));
        }
        Pending::ChooseCard { owner, target, .. } => {
            for (r, c) in cells() {
                if effects::is_target(s, owner, r, c, target) {
                    o.sure(A::ChooseCard {
                        player: p,
                        col: c as u8,
                        row: r as u8,
                    });
                }
            }
        }
        Pending::Counter { .. } => {
            (0..hand(p)).for_each(|h| o.maybe(A::Counter { player: p, hand: h }));
            o.sure(A::NoCounter { player: p });
        }
        Pending::AttackDie { .. } => {
            (1..=6).for_each(|value| o.maybe(A::DieOutcome { player: p, value }))
        }
        Pending::Spy { .. } => {
            (0..hand(super::types::opponent(p)))
                .for_each(|index| o.maybe(A::TakeFromHand { player: p, index }));
            o.sure(A::Pass { player: p });
        }
        Pending::Conflict { .. } => {
            for index in 0..hand(super::types::opponent(p)) {
                dev.clone().for_each(|pile| {
                    o.sure(A::ReturnFromHand {
                        player: p,
                        index,
                        pile,
                    })
                });
            }
        }
        Pending::Landscapes { .. } => {
            o.sure(A::DrawLandscapes { player: p });
            (0..hand(p)).for_each(|h| o.maybe(A::PlayScout { player: p, hand: h }));
        }
        Pending::PlaceDrawn { .. } => {
            o.sure(A::PlaceLandscapes {
                player: p,
                swap: false,
            });
            o.sure(A::PlaceLandscapes {
                player: p,
                swap: true,
            });
        }
        Pending::ScoutPick { .. } => {
            let n = s.piles[PileId::LANDSCAPES.index()]
                .len()
                .min(SCOUT_SLOTS as usize) as u8;
            for above in 0..n {
                for below in 0..n {
                    if above != below {
                        o.sure(A::ScoutPick {
                            player: p,
                            above,
                            below,
                        });
                    }
                }
            }
        }
        Pending::Shuffle { pile, placed, .. } => {
            let n = s.piles[pile.index()].len().saturating_sub(placed as usize);
            (0..n.min(PILE_SLOTS as usize) as u8)
                .for_each(|index| o.sure(A::ShuffleStep { player: p, index }));
        }
        Pending::Answer { .. } => {
            o.maybe(A::Accept { player: p });
            o.maybe(A::Reject { player: p });
        }
        Pending::Turn { .. } => super::turning::picks(s, step, |a| o.sure(a)),
        Pending::Production | Pending::CheckHands | Pending::EventCard => {}
    }
}

/// Writes every legal action into `out` (cleared first).
pub(crate) fn legal_actions(s: &State, out: &mut Vec<CardAction>) {
    out.clear();
    for_each_legal(s, |a| out.push(a));
}

/// Calls `f` with every legal action, in the order of [`legal_actions`] (no allocation).
pub(crate) fn for_each_legal(s: &State, f: impl FnMut(CardAction)) {
    candidates(&mut Out { s, f });
}

// ------------------------------------------------------------------ action space

const CELLS: u32 = (ROWS * COLS) as u32;
const H: u32 = HAND_SLOTS as u32;
const D: u32 = PileId::DEVELOPMENT as u32;
/// Sizes of the blocks of the action space, in order (see [`action_id`]).
const BLOCKS: [u32; 34] = [
    2,                                           // choose_starter
    D,                                           // open_pile
    PILE_SLOTS as u32,                           // take
    1,                                           // roll
    36,                                          // roll_outcome
    6,                                           // die_outcome
    H,                                           // play_card
    H * 6,                                       // play_alchemist
    H,                                           // counter
    1,                                           // no_counter
    6,                                           // choose_resource
    CELLS,                                       // choose_card
    H,                                           // take_from_hand
    1,                                           // pass
    H * D,                                       // return_from_hand
    H * D,                                       // discard
    36,                                          // bank_trade
    36,                                          // offer (one for one)
    1,                                           // accept
    1,                                           // reject
    2,                                           // build_road
    2,                                           // build_settlement
    COLS as u32,                                 // build_town
    H * CELLS,                                   // expand
    H,                                           // play_scout
    1,                                           // draw_landscapes
    2,                                           // place_landscapes
    (SCOUT_SLOTS as u32) * (SCOUT_SLOTS as u32), // scout_pick
    D,                                           // draw
    D * 42,                                      // search
    H * D,                                       // exchange
    1,                                           // end_turn
    PILE_SLOTS as u32,                           // shuffle_step
    0,
];

/// The number of integer action ids (the size of a mask).
pub const ACTION_SPACE: u32 = {
    let mut n = 0;
    let mut i = 0;
    while i < BLOCKS.len() {
        n += BLOCKS[i];
        i += 1;
    }
    n
};

/// The first id of each block, worked out once at compile time ([`action_id`] looks it up
/// for every action a listing encodes).
const OFFSETS: [u32; BLOCKS.len()] = {
    let mut offsets = [0; BLOCKS.len()];
    let mut i = 1;
    while i < BLOCKS.len() {
        offsets[i] = offsets[i - 1] + BLOCKS[i - 1];
        i += 1;
    }
    offsets
};

fn res_pair(a: CardResource, b: CardResource) -> u32 {
    a.index() as u32 * 6 + b.index() as u32
}

/// A search's payment as an id offset. Two resources are one payment in either order, so
/// they share the id of the order the listing uses (the lower resource first).
fn pay_code(pay: [Option<CardResource>; 2]) -> Option<u32> {
    let (a, b) = match pay {
        [Some(x), Some(y)] => (
            x.index().min(y.index()),
            y.index().max(x.index()) as u32 + 1,
        ),
        [Some(x), None] => (x.index(), 0),
        _ => return None,
    };
    Some(a as u32 * 7 + b)
}

fn side_code(s: Side) -> u32 {
    (s == Side::Right) as u32
}

fn one_for_one(x: &CardResources) -> Option<CardResource> {
    if x.total() != 1 {
        return None;
    }
    CardResource::ALL.into_iter().find(|&r| x.get(r) == 1)
}

/// The integer id of an action (the acting seat is not part of the id), or `None` for an
/// action outside the fixed space (offers other than one for one, indices beyond the
/// enumerated slots).
pub fn action_id(a: &CardAction) -> Option<u32> {
    use CardAction as A;
    let hand_ok = |h: u8| h < HAND_SLOTS;
    let cell = |c: u8, r: u8| {
        ((r as usize) < ROWS && (c as usize) < COLS).then(|| r as u32 * COLS as u32 + c as u32)
    };
    let dev = |p: PileId| p.is_development().then(|| p.0 as u32 - 5);
    let (block, local) = match *a {
        A::ChooseStarter { player } => (0, (player.0 < 2).then_some(player.0 as u32)?),
        A::OpenPile { pile, .. } => (1, dev(pile)?),
        A::Take { index, .. } => (2, (index < PILE_SLOTS).then_some(index as u32)?),
        A::Roll { .. } => (3, 0),
        A::RollOutcome {
            event, production, ..
        } => {
            if !(1..=6).contains(&event) || !(1..=6).contains(&production) {
                return None;
            }
            (4, (event as u32 - 1) * 6 + production as u32 - 1)
        }
        A::DieOutcome { value, .. } => (5, (1..=6).contains(&value).then(|| value as u32 - 1)?),
        A::PlayCard { hand, .. } => (6, hand_ok(hand).then_some(hand as u32)?),
        A::PlayAlchemist {
            hand, production, ..
        } => {
            if !hand_ok(hand) || !(1..=6).contains(&production) {
                return None;
            }
            (7, hand as u32 * 6 + production as u32 - 1)
        }
        A::Counter { hand, .. } => (8, hand_ok(hand).then_some(hand as u32)?),
        A::NoCounter { .. } => (9, 0),
        A::ChooseResource { resource, .. } => (10, resource.index() as u32),
        A::ChooseCard { col, row, .. } => (11, cell(col, row)?),
        A::TakeFromHand { index, .. } => (12, hand_ok(index).then_some(index as u32)?),
        A::Pass { .. } => (13, 0),
        A::ReturnFromHand { index, pile, .. } => {
            (14, hand_ok(index).then_some(index as u32 * D + dev(pile)?)?)
        }
        A::Discard { hand, pile, .. } => {
            (15, hand_ok(hand).then_some(hand as u32 * D + dev(pile)?)?)
        }
        A::BankTrade { give, get, .. } => (16, res_pair(give, get)),
        A::Offer { give, get, .. } => (17, res_pair(one_for_one(&give)?, one_for_one(&get)?)),
        A::Accept { .. } => (18, 0),
        A::Reject { .. } => (19, 0),
        A::BuildRoad { side, .. } => (20, side_code(side)),
        A::BuildSettlement { side, .. } => (21, side_code(side)),
        A::BuildTown { col, .. } => (22, ((col as usize) < COLS).then_some(col as u32)?),
        A::Expand { hand, col, row, .. } => (
            23,
            hand_ok(hand).then_some(hand as u32 * CELLS + cell(col, row)?)?,
        ),
        A::PlayScout { hand, .. } => (24, hand_ok(hand).then_some(hand as u32)?),
        A::DrawLandscapes { .. } => (25, 0),
        A::PlaceLandscapes { swap, .. } => (26, swap as u32),
        A::ScoutPick { above, below, .. } => {
            if above >= SCOUT_SLOTS || below >= SCOUT_SLOTS {
                return None;
            }
            (27, above as u32 * SCOUT_SLOTS as u32 + below as u32)
        }
        A::Draw { pile, .. } => (28, dev(pile)?),
        A::Search { pile, pay, .. } => (29, dev(pile)? * 42 + pay_code(pay)?),
        A::Exchange { hand, pile, .. } => {
            (30, hand_ok(hand).then_some(hand as u32 * D + dev(pile)?)?)
        }
        A::EndTurn { .. } => (31, 0),
        A::ShuffleStep { index, .. } => (32, (index < PILE_SLOTS).then_some(index as u32)?),
    };
    Some(OFFSETS[block] + local)
}

/// The action with integer id `id` for seat `player` (`None` outside the space).
pub fn action_from_id(id: u32, player: Player) -> Option<CardAction> {
    use CardAction as A;
    let mut block = 0;
    let mut local = id;
    while block < BLOCKS.len() && local >= BLOCKS[block] {
        local -= BLOCKS[block];
        block += 1;
    }
    let p = player;
    let res = |i: u32| CardResource::ALL[i as usize];
    let devp = |i: u32| PileId::development(i as u8);
    let cellrc = |i: u32| ((i % COLS as u32) as u8, (i / COLS as u32) as u8);
    let side = |i: u32| if i == 0 { Side::Left } else { Side::Right };
    Some(match block {
        0 => A::ChooseStarter {
            player: Player(local as u8),
        },
        1 => A::OpenPile {
            player: p,
            pile: devp(local),
        },
        2 => A::Take {
            player: p,
            index: local as u8,
        },
        3 => A::Roll { player: p },
        4 => A::RollOutcome {
            player: p,
            event: (local / 6 + 1) as u8,
            production: (local % 6 + 1) as u8,
        },
        5 => A::DieOutcome {
            player: p,
            value: local as u8 + 1,
        },
        6 => A::PlayCard {
            player: p,
            hand: local as u8,
        },
        7 => A::PlayAlchemist {
            player: p,
            hand: (local / 6) as u8,
            production: (local % 6 + 1) as u8,
        },
        8 => A::Counter {
            player: p,
            hand: local as u8,
        },
        9 => A::NoCounter { player: p },
        10 => A::ChooseResource {
            player: p,
            resource: res(local),
            landscapes: Turns::NONE,
        },
        11 => {
            let (col, row) = cellrc(local);
            A::ChooseCard {
                player: p,
                col,
                row,
            }
        }
        12 => A::TakeFromHand {
            player: p,
            index: local as u8,
        },
        13 => A::Pass { player: p },
        14 => A::ReturnFromHand {
            player: p,
            index: (local / D) as u8,
            pile: devp(local % D),
        },
        15 => A::Discard {
            player: p,
            hand: (local / D) as u8,
            pile: devp(local % D),
        },
        16 => A::BankTrade {
            player: p,
            give: res(local / 6),
            get: res(local % 6),
            landscapes: Turns::NONE,
        },
        17 => A::Offer {
            player: p,
            give: CardResources::one(res(local / 6)),
            get: CardResources::one(res(local % 6)),
        },
        18 => A::Accept { player: p },
        19 => A::Reject { player: p },
        20 => A::BuildRoad {
            player: p,
            side: side(local),
            landscapes: Turns::NONE,
        },
        21 => A::BuildSettlement {
            player: p,
            side: side(local),
            landscapes: Turns::NONE,
        },
        22 => A::BuildTown {
            player: p,
            col: local as u8,
            landscapes: Turns::NONE,
        },
        23 => {
            let (col, row) = cellrc(local % CELLS);
            A::Expand {
                player: p,
                hand: (local / CELLS) as u8,
                col,
                row,
                landscapes: Turns::NONE,
            }
        }
        24 => A::PlayScout {
            player: p,
            hand: local as u8,
        },
        25 => A::DrawLandscapes { player: p },
        26 => A::PlaceLandscapes {
            player: p,
            swap: local == 1,
        },
        27 => A::ScoutPick {
            player: p,
            above: (local / SCOUT_SLOTS as u32) as u8,
            below: (local % SCOUT_SLOTS as u32) as u8,
        },
        28 => A::Draw {
            player: p,
            pile: devp(local),
        },
        29 => {
            let code = local % 42;
            let b = code % 7;
            // The higher resource first is the other order of a listed payment, whose id is
            // the lower-first one (`pay_code`): no action of its own.
            if b > 0 && code / 7 > b - 1 {
                return None;
            }
            let a = res(code / 7);
            A::Search {
                player: p,
                pile: devp(local / 42),
                pay: [Some(a), (b > 0).then(|| res(b - 1))],
                landscapes: Turns::NONE,
            }
        }
        30 => A::Exchange {
            player: p,
            hand: (local / D) as u8,
            pile: devp(local % D),
        },
        31 => A::EndTurn { player: p },
        32 => A::ShuffleStep {
            player: p,
            index: local as u8,
        },
        _ => return None,
    })
}
