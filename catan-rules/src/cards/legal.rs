//! Dispatch: who acts, checking an action against the decision pending, executing it,
//! enumerating every legal action, and the fixed integer action space.
//!
//! Legal enumeration lists candidates for the decision pending and keeps those that pass
//! the same check `apply` uses, so "listed ⇔ applicable" holds by construction (and is
//! property-tested). Trade offers to the opponent are unbounded: the enumeration lists the
//! one-for-one family; any offer can still be checked and applied.

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
}

/// Hand indices enumerated (and in the action space).
pub const HAND_SLOTS: u8 = 16;
/// Pile positions enumerated for `take` (and in the action space).
pub const PILE_SLOTS: u8 = 128;
/// Landscape-pile positions for the Scout.
pub const SCOUT_SLOTS: u8 = 32;

/// Every candidate action for the decision pending (not yet checked).
fn candidates(s: &State, f: &mut impl FnMut(CardAction)) {
    use CardAction as A;
    if let Some(step) = s.head() {
        let Some(p) = choices::actor(step) else {
            return;
        };
        return step_candidates(s, step, p, f);
    }
    let p = s.current;
    let hand = s.hands[p.index()].len().min(HAND_SLOTS as usize) as u8;
    match s.phase {
        Phase::Start => (0..2).for_each(|i| f(A::ChooseStarter { player: Player(i) })),
        Phase::Roll => {
            if s.rules.chance == ChanceMode::External {
                for e in 1..=6 {
                    for pr in 1..=6 {
                        f(A::RollOutcome {
                            player: p,
                            event: e,
                            production: pr,
                        });
                    }
                }
            } else {
                f(A::Roll { player: p });
            }
            for h in 0..hand {
                for pr in 1..=6 {
                    f(A::PlayAlchemist {
                        player: p,
                        hand: h,
                        production: pr,
                    });
                }
            }
        }
        Phase::Main => main_candidates(s, p, hand, f),
        _ => {}
    }
}

fn main_candidates(s: &State, p: Player, hand: u8, f: &mut impl FnMut(CardAction)) {
    use super::catalogue::{CardKind, Effect};
    use CardAction as A;
    // Cheap filters first (every candidate is still checked in full afterwards).
    let kind = |h: u8| s.spec(s.hands[p.index()][h as usize].card).kind;
    let need = s.hands[p.index()].len() < s.hand_limit(p) || s.exchanged;
    if !s.replenishing {
        for h in 0..hand {
            if kind(h) == CardKind::Action {
                f(A::PlayCard { player: p, hand: h });
            }
        }
        let stock = s.stock(p);
        for give in CardResource::ALL {
            if stock.get(give) == 0 {
                continue;
            }
            for get in CardResource::ALL {
                f(A::BankTrade {
                    player: p,
                    give,
                    get,
                    landscapes: Turns::NONE,
                });
                if give != get {
                    f(A::Offer {
                        player: p,
                        give: CardResources::one(give),
                        get: CardResources::one(get),
                    });
                }
            }
        }
        for side in [Side::Left, Side::Right] {
            f(A::BuildRoad {
                player: p,
                side,
                landscapes: Turns::NONE,
            });
            f(A::BuildSettlement {
                player: p,
                side,
                landscapes: Turns::NONE,
            });
        }
        for col in 0..COLS as u8 {
            if s.is_settled(p, col as usize) {
                f(A::BuildTown {
                    player: p,
                    col,
                    landscapes: Turns::NONE,
                });
                for h in 0..hand {
                    if matches!(kind(h), CardKind::SettlementUpgrade | CardKind::TownUpgrade) {
                        for row in [0, 1, 3, 4] {
                            f(A::Expand {
                                player: p,
                                hand: h,
                                col,
                                row,
                                landscapes: Turns::NONE,
                            });
                        }
                    }
                }
            }
        }
        if !need && !s.exchanged {
            for h in 0..hand {
                for i in 0..PileId::DEVELOPMENT {
                    f(A::Exchange {
                        player: p,
                        hand: h,
                        pile: PileId::development(i),
                    });
                }
            }
        }
    }
    if need {
        let cheap = s.count_effect(p, Effect::CheaperSearch) > 0;
        for i in 0..PileId::DEVELOPMENT {
            let pile = PileId::development(i);
            f(A::Draw { player: p, pile });
            for pay in payments() {
                if pay[1].is_none() == cheap {
                    f(A::Search {
                        player: p,
                        pile,
                        pay,
                        landscapes: Turns::NONE,
                    });
                }
            }
        }
    }
    f(A::EndTurn { player: p });
}

/// Every way to pay for a search: one resource, or two (unordered).
fn payments() -> impl Iterator<Item = [Option<CardResource>; 2]> {
    let all = CardResource::ALL;
    (0..6).flat_map(move |i| {
        core::iter::once([Some(all[i]), None])
            .chain((i..6).map(move |j| [Some(all[i]), Some(all[j])]))
    })
}

fn step_candidates(s: &State, step: Pending, p: Player, f: &mut impl FnMut(CardAction)) {
    use CardAction as A;
    let hand = |q: Player| s.hands[q.index()].len().min(HAND_SLOTS as usize) as u8;
    let dev = (0..PileId::DEVELOPMENT).map(PileId::development);
    match step {
        Pending::Gain { .. }
        | Pending::Steal { .. }
        | Pending::Give { .. }
        | Pending::Spend { .. } => CardResource::ALL.into_iter().for_each(|resource| {
            f(A::ChooseResource {
                player: p,
                resource,
                landscapes: Turns::NONE,
            })
        }),
        Pending::Discard { .. } | Pending::PutBack { .. } => {
            for h in 0..hand(p) {
                dev.clone().for_each(|pile| {
                    f(A::Discard {
                        player: p,
                        hand: h,
                        pile,
                    })
                });
            }
        }
        Pending::ChoosePile { .. } => dev.for_each(|pile| f(A::OpenPile { player: p, pile })),
        Pending::Search { pile, .. } => {
            let n = s.piles[pile.index()].len().min(PILE_SLOTS as usize) as u8;
            (0..n).for_each(|index| f(A::Take { player: p, index }));
        }
        Pending::ChooseCard { .. } => {
            for (r, c) in cells() {
                f(A::ChooseCard {
                    player: p,
                    col: c as u8,
                    row: r as u8,
                });
            }
        }
        Pending::Counter { .. } => {
            (0..hand(p)).for_each(|h| f(A::Counter { player: p, hand: h }));
            f(A::NoCounter { player: p });
        }
        Pending::AttackDie { .. } => {
            (1..=6).for_each(|value| f(A::DieOutcome { player: p, value }))
        }
        Pending::Spy { .. } => {
            (0..hand(super::types::opponent(p)))
                .for_each(|index| f(A::TakeFromHand { player: p, index }));
            f(A::Pass { player: p });
        }
        Pending::Conflict { .. } => {
            for index in 0..hand(super::types::opponent(p)) {
                dev.clone().for_each(|pile| {
                    f(A::ReturnFromHand {
                        player: p,
                        index,
                        pile,
                    })
                });
            }
        }
        Pending::Landscapes { .. } => {
            f(A::DrawLandscapes { player: p });
            (0..hand(p)).for_each(|h| f(A::PlayScout { player: p, hand: h }));
        }
        Pending::PlaceDrawn { .. } => {
            f(A::PlaceLandscapes {
                player: p,
                swap: false,
            });
            f(A::PlaceLandscapes {
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
                    f(A::ScoutPick {
                        player: p,
                        above,
                        below,
                    });
                }
            }
        }
        Pending::Shuffle { pile, placed, .. } => {
            let n = s.piles[pile.index()].len().saturating_sub(placed as usize);
            (0..n.min(PILE_SLOTS as usize) as u8)
                .for_each(|index| f(A::ShuffleStep { player: p, index }));
        }
        Pending::Answer { .. } => {
            f(A::Accept { player: p });
            f(A::Reject { player: p });
        }
        Pending::Production | Pending::CheckHands | Pending::EventCard => {}
    }
}

/// Writes every legal action into `out` (cleared first).
pub(crate) fn legal_actions(s: &State, out: &mut Vec<CardAction>) {
    out.clear();
    for_each_legal(s, |a| out.push(a));
}

/// Calls `f` with every legal action, in the order of [`legal_actions`] (no allocation).
pub(crate) fn for_each_legal(s: &State, mut f: impl FnMut(CardAction)) {
    candidates(s, &mut |a| {
        if check(s, &a).is_ok() {
            f(a);
        }
    });
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

const fn offset(block: usize) -> u32 {
    let mut n = 0;
    let mut i = 0;
    while i < block {
        n += BLOCKS[i];
        i += 1;
    }
    n
}

fn res_pair(a: CardResource, b: CardResource) -> u32 {
    a.index() as u32 * 6 + b.index() as u32
}

fn pay_code(pay: [Option<CardResource>; 2]) -> Option<u32> {
    let a = pay[0]?.index() as u32;
    let b = pay[1].map_or(0, |r| r.index() as u32 + 1);
    Some(a * 7 + b)
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
    Some(offset(block) + local)
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
            let a = res(code / 7);
            let b = code % 7;
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
