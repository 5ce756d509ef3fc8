//! The seat-scoped API of the card game: what a game server calls on behalf of one seat
//! (as [`crate::seat`] does for the base game).
//!
//! A seat may know the public table (both principalities, stocks, points, tokens, pile
//! sizes, hand sizes, the dice), its own hand, the order of a pile it searched until that
//! pile changed out of its sight, the opponent's hand only while a Spy or the Conflict
//! event lets it look, and the landscapes it drew for a new settlement. The calls here
//! tell it nothing more:
//!
//! | call | what it may reveal |
//! | --- | --- |
//! | [`CardGame::view`]`(Some(seat))` | the above |
//! | [`CardGame::events_for`]`(events, Some(seat))` | events, with cards the other seat drew, took or put under a pile hidden |
//! | [`CardGame::legal_actions_for`], [`CardGame::legal_mask_for`] | the seat's own options (they follow from what it may know) |
//! | [`CardGame::check_as`], [`CardGame::apply_as`] | errors about the seat's own action |
//!
//! Another seat's action is refused with [`CardError::NotYourSeat`] before anything else
//! is looked at, and a seat outside the game with [`CardError::NoSuchPlayer`]. The choice
//! of the starting player, the die of an attack and the steps of a shuffle are chance's (or
//! the referee's), never a seat's: `choose_starter`, `die_outcome` and `shuffle_step`
//! through this API are refused with [`CardError::NotYourTurn`] for every seat, and
//! [`CardGame::to_act`] is empty while the referee owes one. Every other error names a
//! rule about the seat's own action and depends only on what the seat may know: its own
//! hand (indices, kinds, cards taken this turn), the public table, pile and hand sizes,
//! and — only while it may look — the opponent's hand or a searched pile.
//!
//! **Referee-only calls** (never pass their results to a seat): [`CardGame::legal_actions`]
//! and [`CardGame::legal_mask`] (in an external-chance game they list outcomes),
//! [`CardGame::check`], [`CardGame::is_legal`], [`CardGame::apply`] (they accept either
//! seat's action), [`CardGame::hand`], [`CardGame::pile`], the position
//! ([`CardGame::to_position`], [`CardGame::to_json`]) and the events as `apply` returns them.
//!
//! **External chance.** The dice and the shuffles are the referee's to supply. A seat's
//! list names its *choice*, `roll`, in place of the 36 `roll_outcome`s, and lists nothing
//! while an attack die is to be rolled (`die_outcome`) or a pile shuffled
//! (`shuffle_step`): there is no choice to make. [`CardGame::check_as`] accepts `roll` when
//! some outcome would make it legal. The referee then applies the `roll_outcome` it chose
//! with [`CardGame::apply_as`] for that seat — and never passes on an outcome a seat sent,
//! which `apply_as` would accept as it accepts the referee's. The `die_outcome` of an attack
//! and each `shuffle_step` the referee applies with [`CardGame::apply`] (or
//! [`CardGame::apply_id`]): no seat acts for them, and `apply_as` refuses them.

use super::action::CardAction;
use super::error::CardError;
use super::event::{CardEvent, CardEventSink};
use super::legal::{self, action_id};
use super::CardGame;
use crate::types::Player;
use crate::ChanceMode;

impl CardGame {
    fn external(&self) -> bool {
        self.s.rules.chance == ChanceMode::External
    }

    /// Refuses, before anything else, a seat outside the game, another seat's action, and
    /// the outcomes only the referee supplies (the starting player, an attack's die, a
    /// shuffle step): the answer depends on `seat` and the action alone.
    fn seat_gate(seat: Player, action: &CardAction) -> Result<(), CardError> {
        if seat.0 > 1 {
            return Err(CardError::NoSuchPlayer { player: seat });
        }
        if let CardAction::ChooseStarter { .. }
        | CardAction::DieOutcome { .. }
        | CardAction::ShuffleStep { .. } = action
        {
            return Err(CardError::NotYourTurn { player: seat });
        }
        let player = action.player();
        if player != seat {
            return Err(CardError::NotYourSeat { seat, player });
        }
        Ok(())
    }

    /// Checks `action` as seat `seat` asks: another seat's action is refused first with
    /// [`CardError::NotYourSeat`]; every other error concerns the seat's own action and
    /// reveals nothing `seat` may not know (see the module notes of `cards::seat`).
    ///
    /// In an external-chance game `roll` is the seat's choice of rolling: it is accepted
    /// when some outcome of the dice would be legal.
    ///
    /// ```
    /// use catan_rules::cards::{opponent, CardAction, CardError, CardGame, CardRules};
    /// let game = CardGame::new(CardRules::default(), 7);
    /// let other = opponent(game.current_player());
    /// let roll = CardAction::Roll { player: game.current_player() };
    /// assert_eq!(
    ///     game.check_as(other, &roll),
    ///     Err(CardError::NotYourSeat { seat: other, player: game.current_player() })
    /// );
    /// ```
    ///
    /// # Errors
    /// As [`CardGame::check`], after the seat checks above.
    pub fn check_as(&self, seat: Player, action: &CardAction) -> Result<(), CardError> {
        Self::seat_gate(seat, action)?;
        match *action {
            CardAction::Roll { player } if self.external() => {
                let outcome = CardAction::RollOutcome {
                    player,
                    event: 1,
                    production: self.s.alchemist.unwrap_or(1),
                };
                self.check(&outcome)
            }
            _ => self.check(action),
        }
    }

    /// Whether [`CardGame::check_as`] accepts `action` for `seat`.
    pub fn is_legal_as(&self, seat: Player, action: &CardAction) -> bool {
        self.check_as(seat, action).is_ok()
    }

    /// Applies `action` for seat `seat`: another seat's action is refused first (as in
    /// [`CardGame::check_as`]), and on any error the game is unchanged. Returns every event
    /// the action caused, unredacted (the referee's record): give each seat
    /// [`CardGame::events_for`]`(&events, Some(that_seat))`.
    ///
    /// In an external-chance game `roll` is refused ([`CardError::WrongChanceMode`]): the
    /// referee applies the `roll_outcome` it chose, for the seat.
    ///
    /// # Errors
    /// As [`CardGame::check`], after the seat checks of [`CardGame::check_as`].
    pub fn apply_as(
        &mut self,
        seat: Player,
        action: CardAction,
    ) -> Result<Vec<CardEvent>, CardError> {
        let mut ev = Vec::new();
        self.apply_as_with(seat, action, &mut ev)?;
        Ok(ev)
    }

    /// Like [`CardGame::apply_as`], writing the events into a sink (nothing on error).
    ///
    /// # Errors
    /// As [`CardGame::apply_as`].
    pub fn apply_as_with<S: CardEventSink>(
        &mut self,
        seat: Player,
        action: CardAction,
        sink: &mut S,
    ) -> Result<(), CardError> {
        Self::seat_gate(seat, &action)?;
        self.apply_with(action, sink)
    }

    /// Calls `f` with each of seat `seat`'s legal actions, in the order of
    /// [`CardGame::legal_actions`], outcomes left out in an external-chance game.
    fn for_each_legal_for(&self, seat: Player, mut f: impl FnMut(CardAction)) {
        if seat.0 > 1 {
            return;
        }
        let external = self.external();
        let mut rolled = false;
        legal::for_each_legal(&self.s, |a| match a {
            _ if a.player() != seat => {}
            CardAction::ChooseStarter { .. }
            | CardAction::DieOutcome { .. }
            | CardAction::ShuffleStep { .. } => {}
            CardAction::RollOutcome { player, .. } if external => {
                if !rolled {
                    rolled = true;
                    f(CardAction::Roll { player });
                }
            }
            a => f(a),
        });
    }

    /// Writes seat `seat`'s legal actions into `out` (cleared first), in the order of
    /// [`CardGame::legal_actions`]: empty when `seat` has nothing to decide (or is not in
    /// the game). In an external-chance game the outcomes are left out: `roll` stands for
    /// the 36 outcomes, and an attack die or a shuffle step lists nothing. The list follows from what the seat
    /// may know, so it may be shown to it. Allocation-free once `out` has grown.
    ///
    /// ```
    /// use catan_rules::cards::{CardGame, CardRules};
    /// use catan_rules::Player;
    /// let game = CardGame::new(CardRules::default(), 7);
    /// let me = game.current_player();
    /// let mut v = Vec::new();
    /// game.legal_actions_for(Player(1 - me.0), &mut v);
    /// assert!(v.is_empty());
    /// game.legal_actions_for(me, &mut v);
    /// assert!(!v.is_empty() && v.iter().all(|a| a.player() == me));
    /// ```
    pub fn legal_actions_for(&self, seat: Player, out: &mut Vec<CardAction>) {
        out.clear();
        self.for_each_legal_for(seat, |a| out.push(a));
    }

    /// Seat `seat`'s legal actions as a mask of [`super::ACTION_SPACE`] booleans (as
    /// [`CardGame::legal_mask`], restricted to [`CardGame::legal_actions_for`]'s list).
    /// Returns how many of those actions have no id (trade offers beyond one for one are
    /// never listed, so normally 0). Allocation-free.
    pub fn legal_mask_for(&self, seat: Player, mask: &mut [bool]) -> u32 {
        mask.fill(false);
        let mut missing = 0;
        self.for_each_legal_for(seat, |a| {
            match action_id(&a).and_then(|id| mask.get_mut(id as usize)) {
                Some(m) => *m = true,
                None => missing += 1,
            }
        });
        missing
    }
}
