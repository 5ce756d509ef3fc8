//! Turning the landscapes by choice. A player stores resources by turning his landscape
//! cards, and when he pays he "must rotate the corresponding land cards" himself ("Card
//! Game rules, 'Recording Raw Material Levels'"); receiving turns a card the other way. An
//! action that pays or receives may name the cards ([`Turns`], the action's `landscapes`
//! field): one cell per unit, the cell's resource saying which unit it is. Naming nothing
//! keeps the engine's automatic choice (docs/cards.md, "Where the rules are silent", 1):
//! a unit paid comes off the fullest card, a unit received goes on the emptiest.
//!
//! The check, the effect and the wire form sit here; the actions that carry the field
//! (`build_road`, `build_settlement`, `build_town`, `expand`, `search`, `bank_trade`,
//! `choose_resource`) call [`check`] from their own checks and [`pay`] / [`gain`] from
//! their effects.

use super::action::CardAction;
use super::catalogue::CardKind;
use super::error::CardError;
use super::state::*;
use super::types::{CardResource, CardResources, PileId};
use crate::types::Player;
use serde::{Deserialize, Serialize};

/// The most units an action can name: 9, the dearest card of the set (the Colossus).
pub const MAX_TURNS: usize = 9;

/// Landscape slots of a principality: rows `MIDDLE ± 1`, odd columns.
const HALF: u8 = (COLS / 2) as u8;

/// The landscape cards an action turns, one cell per unit (a card turned twice is named
/// twice), in any order. Empty: the engine chooses. Wire form: a list of `{"row", "col"}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turns {
    n: u8,
    slot: [u8; MAX_TURNS],
}

/// One cell of a [`Turns`] on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnCell {
    row: u8,
    col: u8,
}

impl Turns {
    /// No choice: the engine turns the cards.
    pub const NONE: Turns = Turns {
        n: 0,
        slot: [0; MAX_TURNS],
    };

    /// The cells `(row, col)` of landscape slots, one per unit; `None` when there are more
    /// than [`MAX_TURNS`] or a cell is not a landscape slot (rows 1 and 3, odd columns).
    pub fn new(cells: &[(u8, u8)]) -> Option<Turns> {
        if cells.len() > MAX_TURNS {
            return None;
        }
        let mut t = Turns::NONE;
        for &(row, col) in cells {
            let side = match row as usize {
                r if r == MIDDLE - 1 => 0,
                r if r == MIDDLE + 1 => HALF,
                _ => return None,
            };
            if col % 2 == 0 || col as usize >= COLS {
                return None;
            }
            t.slot[t.n as usize] = side + col / 2;
            t.n += 1;
        }
        Some(t)
    }

    /// Whether no card is named.
    pub const fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// How many units are named.
    pub const fn len(&self) -> usize {
        self.n as usize
    }

    /// The named cells `(row, col)`, in order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.slot[..self.n as usize].iter().map(|&s| {
            let row = if s < HALF { MIDDLE - 1 } else { MIDDLE + 1 };
            (row, (s % HALF) as usize * 2 + 1)
        })
    }
}

impl Serialize for Turns {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cells().map(|(row, col)| TurnCell {
            row: row as u8,
            col: col as u8,
        }))
    }
}

impl<'de> Deserialize<'de> for Turns {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<TurnCell>::deserialize(d)?;
        let cells: Vec<(u8, u8)> = v.iter().map(|c| (c.row, c.col)).collect();
        Turns::new(&cells).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`landscapes` names at most {MAX_TURNS} landscape cells (rows 1 and 3, odd columns 1 to 25)"
            ))
        })
    }
}

/// Checks that `t` names, for seat `p`, exactly one of its landscapes per unit of `give`
/// (each card turned down no more than it stores) and of `take` (each turned up no more
/// than it has room for). `give` and `take` share no resource. Empty `t` always passes.
pub(crate) fn check(
    s: &State,
    p: Player,
    t: &Turns,
    give: &CardResources,
    take: &CardResources,
) -> Result<(), CardError> {
    if t.is_empty() {
        return Ok(());
    }
    let mut named = CardResources::EMPTY;
    for (i, (r, c)) in t.cells().enumerate() {
        let cell = s.cell(p, r, c);
        let Some(id) = cell.card else {
            return Err(CardError::BadChoice);
        };
        if s.spec(id).kind != CardKind::Landscape {
            return Err(CardError::BadChoice);
        }
        let res = s.landscape_resource(id);
        let times = t.cells().skip(i).filter(|&x| x == (r, c)).count() as u8;
        let fits = if give.get(res) > 0 {
            times <= cell.stock
        } else {
            times <= MAX_STOCK - cell.stock
        };
        if !fits {
            return Err(CardError::BadChoice);
        }
        named.0[res.index()] += 1;
    }
    let mut want = *give;
    for r in CardResource::ALL {
        want.0[r.index()] += take.get(r);
    }
    if named == want {
        Ok(())
    } else {
        Err(CardError::BadChoice)
    }
}

/// Pays `cost` from the named cards of `t` (its units of a resource of `cost`), or the
/// engine's choice when `t` is empty (already checked).
pub(crate) fn pay(s: &mut State, p: Player, t: &Turns, cost: &CardResources) {
    if t.is_empty() {
        if s.rules.choose_landscapes {
            for r in CardResource::ALL {
                owe(s, p, r, cost.get(r), false);
            }
            return;
        }
        return s.pay(p, cost);
    }
    for (r, c) in t.cells() {
        let id = s.cell(p, r, c).card;
        if id.is_some_and(|id| cost.get(s.landscape_resource(id)) > 0) {
            s.spend_at(p, r, c);
        }
    }
}

/// Receives one unit of `res` on the named card of `t` of that resource, or the engine's
/// choice; `false` when there is no room.
pub(crate) fn gain(s: &mut State, p: Player, t: &Turns, res: CardResource) -> bool {
    let named = t.cells().find(|&(r, c)| {
        s.cell(p, r, c)
            .card
            .is_some_and(|id| s.landscape_resource(id) == res)
    });
    match named {
        Some((r, c)) => {
            s.gain_at(p, r, c);
            true
        }
        None if s.rules.choose_landscapes => {
            // The room there will be once the units owed so far are turned (an accepted
            // offer may give and receive the same resource).
            let lands = u32::from(s.counts(p).lands[res.index()]);
            let room = lands * u32::from(MAX_STOCK) + owed(s, p, res, false)
                > u32::from(s.stock(p).get(res)) + owed(s, p, res, true);
            if room {
                owe(s, p, res, 1, true);
            }
            room
        }
        None => s.gain(p, res),
    }
}

// ------------------------------------------------------------------ turning by steps

/// The units of `r` seat `p` owes to turn up (or down) in the turn steps queued.
fn owed(s: &State, p: Player, r: CardResource, up: bool) -> u32 {
    s.queue
        .iter()
        .filter_map(|&q| turn_of(q))
        .filter(|&(q, res, _, u)| (q, res, u) == (p, r, up))
        .map(|(_, _, n, _)| u32::from(n))
        .sum()
}

/// Queues `n` units of `r` for seat `p` to turn (up or down) as a [`Pending::Turn`] step,
/// after the steps already owed (the units an action pays are turned before those it
/// receives, in the order it pays them) and before anything else pending. A unit owed
/// right after the same kind of unit joins its step.
fn owe(s: &mut State, p: Player, r: CardResource, n: u8, up: bool) {
    if n == 0 {
        return;
    }
    let at = s
        .queue
        .iter()
        .take_while(|q| matches!(q, Pending::Turn { .. }))
        .count();
    if let Some(Pending::Turn {
        player,
        resource,
        n: k,
        up: u,
    }) = at.checked_sub(1).and_then(|i| s.queue.get_mut(i))
    {
        if (*player, *resource, *u) == (p, r, up) {
            *k += n;
            return;
        }
    }
    s.queue.insert(
        at,
        Pending::Turn {
            player: p,
            resource: r,
            n,
            up,
        },
    );
}

/// The seat, resource, units and direction of a turn step.
fn turn_of(step: Pending) -> Option<(Player, CardResource, u8, bool)> {
    match step {
        Pending::Turn {
            player,
            resource,
            n,
            up,
        } => Some((player, resource, n, up)),
        _ => None,
    }
}

/// Whether the landscape at `(row, col)` of seat `p` can turn one unit of `r` (down: it
/// stores one; up: it has room).
fn turnable(s: &State, p: Player, row: usize, col: usize, r: CardResource, up: bool) -> bool {
    let cell = s.cell(p, row, col);
    cell.card.is_some_and(|id| {
        s.spec(id).kind == CardKind::Landscape
            && s.landscape_resource(id) == r
            && if up {
                cell.stock < MAX_STOCK
            } else {
                cell.stock > 0
            }
    })
}

/// Whether a turn step leaves its seat no real choice: at most one card can turn, or
/// every unit there is to turn must (down: the stock is no more than `n`; up: the room).
pub(crate) fn forced(s: &State, step: Pending) -> bool {
    let Some((player, resource, n, up)) = turn_of(step) else {
        return false;
    };
    let (mut cards, mut units) = (0u32, 0u32);
    for (r, c) in s.land_cells(player) {
        if turnable(s, player, r, c, resource, up) {
            let stock = s.cell(player, r, c).stock;
            cards += 1;
            units += u32::from(if up { MAX_STOCK - stock } else { stock });
        }
    }
    cards <= 1 || units <= u32::from(n)
}

/// Turns every unit of the turn step `step` the engine's way (the fullest card down, the
/// emptiest up: docs/cards.md, "Where the rules are silent", 1).
fn auto(s: &mut State, step: Pending) {
    if let Some((player, resource, n, up)) = turn_of(step) {
        for _ in 0..n {
            if up {
                s.gain(player, resource);
            } else {
                s.spend(player, resource);
            }
        }
    }
}

/// The turn step at the head of the queue, when it leaves no choice: turned at once and
/// dropped (`true`). Called by the loop of automatic steps.
pub(crate) fn settle_forced(s: &mut State) -> bool {
    match s.head() {
        Some(step @ Pending::Turn { .. }) if forced(s, step) => {
            s.queue.remove(0);
            auto(s, step);
            true
        }
        _ => false,
    }
}

/// When the game ends with units still owed: the engine turns them, so that the final
/// position holds what was paid and received.
pub(crate) fn settle_owed(s: &mut State) {
    while let Some(step @ Pending::Turn { .. }) = s.head() {
        s.queue.remove(0);
        auto(s, step);
    }
}

/// Checks a pick answering a turn step: a landscape of the step's seat and resource that
/// can turn the unit.
pub(crate) fn check_pick(s: &State, step: Pending, row: u8, col: u8) -> Result<(), CardError> {
    let Some((player, resource, _, up)) = turn_of(step) else {
        return Err(CardError::BadChoice);
    };
    let (r, c) = (row as usize, col as usize);
    if r < ROWS && c < COLS && turnable(s, player, r, c, resource, up) {
        Ok(())
    } else {
        Err(CardError::BadChoice)
    }
}

/// Turns the picked card one unit and counts the step down (checked).
pub(crate) fn do_pick(s: &mut State, step: Pending, row: u8, col: u8) {
    let Pending::Turn { player, up, .. } = step else {
        return;
    };
    let (r, c) = (row as usize, col as usize);
    if up {
        s.gain_at(player, r, c);
    } else {
        s.spend_at(player, r, c);
    }
    match s.queue.first_mut() {
        Some(Pending::Turn { n, .. }) if *n > 1 => *n -= 1,
        _ => {
            s.queue.remove(0);
        }
    }
}

/// The picks of a turn step: `choose_card` on each card that can turn the unit, in the
/// fixed order (ids: the `choose_card` block of the action space).
pub(crate) fn picks(s: &State, step: Pending, mut f: impl FnMut(CardAction)) {
    let Some((player, resource, _, up)) = turn_of(step) else {
        return;
    };
    for (r, c) in s.land_cells(player) {
        if turnable(s, player, r, c, resource, up) {
            f(CardAction::ChooseCard {
                player,
                col: c as u8,
                row: r as u8,
            });
        }
    }
}

/// What an action of the main phase pays and receives (before its landscapes are checked;
/// the action's own check has passed, so its supply card or hand card exists).
fn units(s: &State, a: &CardAction) -> (CardResources, CardResources) {
    let p = a.player();
    let top = |pile: PileId| {
        s.piles[pile.index()]
            .first()
            .map_or(CardResources::EMPTY, |&c| s.spec(c).cost)
    };
    match *a {
        CardAction::BuildRoad { .. } => (top(PileId::ROADS), CardResources::EMPTY),
        CardAction::BuildSettlement { .. } => (top(PileId::SETTLEMENTS), CardResources::EMPTY),
        CardAction::BuildTown { .. } => (top(PileId::TOWNS), CardResources::EMPTY),
        CardAction::Expand { hand, .. } => (
            s.hands[p.index()]
                .get(hand as usize)
                .map_or(CardResources::EMPTY, |h| s.spec(h.card).cost),
            CardResources::EMPTY,
        ),
        CardAction::Search { pay, .. } => {
            let mut cost = CardResources::EMPTY;
            for r in pay.into_iter().flatten() {
                cost.0[r.index()] += 1;
            }
            (cost, CardResources::EMPTY)
        }
        CardAction::BankTrade { give, get, .. } => {
            let mut cost = CardResources::EMPTY;
            cost.set(give, super::trade::rate(s, p, give));
            (cost, CardResources::one(get))
        }
        _ => (CardResources::EMPTY, CardResources::EMPTY),
    }
}

/// Checks the landscapes named by an action of the main phase that has passed its own
/// check (actions that name none pass).
pub(crate) fn check_action(s: &State, a: &CardAction) -> Result<(), CardError> {
    match a.landscapes() {
        Some(t) if !t.is_empty() => {
            let (give, take) = units(s, a);
            check(s, a.player(), t, &give, &take)
        }
        _ => Ok(()),
    }
}
