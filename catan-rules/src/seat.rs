//! The seat-scoped API: what a game server calls on behalf of one seat.
//!
//! A server holds the one real [`Game`] and is the referee. Each connected seat may learn
//! only what that seat may know at a table: the board, every piece, every public count,
//! its own hand and development cards. The calls here answer a seat's questions and carry
//! out a seat's actions without telling it anything more:
//!
//! | call | what it may reveal |
//! | --- | --- |
//! | [`Game::view`]`(Some(seat))` | the public state and the seat's own cards |
//! | [`Game::events_for`]`(events, Some(seat))` | events, with others' stolen and bought cards hidden |
//! | [`Game::legal_actions_for`] | the seat's own options (they follow from public state and its own cards) |
//! | [`Game::legal_mask_for`] | the same, as a mask over an [`ActionSpace`] |
//! | [`Game::check_as`], [`Game::apply_as`] | errors about the seat's own action, naming nothing hidden |
//!
//! **Seats outside the game.** [`Game::check`], [`Game::check_as`] and [`Game::apply_as`]
//! answer [`RuleError::NoSuchPlayer`] for a seat the game does not have, in every state.
//! The queries have checked forms that do the same — [`Game::try_view`],
//! [`Game::events_for_seat`], [`Game::try_legal_actions_for`], [`Game::try_legal_mask_for`]
//! — for a server that wants the mistake reported; the plain forms answer such a seat as a
//! spectator (no hand, no options).
//!
//! Another seat's action given to [`Game::check_as`] or [`Game::apply_as`] is refused with
//! [`RuleError::NotYourSeat`] before anything else is looked at, so the answer is the same
//! in every state. [`RuleError::NotEnoughResources`] names what the action needs, never what
//! the seat holds.
//!
//! **Referee-only calls** (never pass their results to a seat): [`Game::legal_actions`]
//! and [`Game::legal_mask`] (every seat's options at once: during discards they give away
//! each owing seat's hand, during trade answers who can pay), [`Game::check`],
//! [`Game::is_legal`] and [`Game::apply`] (they accept any seat's action, so a caller could
//! probe another seat's cards), [`Game::hand`], [`Game::development_cards`],
//! [`Game::points`], [`Game::scores`], [`Game::deck`], [`Game::rng`], the position
//! ([`Game::to_position`]) and the events as [`Game::apply`] returns them.
//!
//! **External chance.** When chance comes from outside ([`crate::ChanceMode::External`]),
//! outcomes (dice, the stolen card, the card drawn) are the referee's to supply. The
//! full legal list names them (every resource kind the victim holds, every kind left in
//! the deck), which is why it is referee-only. A seat's list names its *choices*, without
//! outcomes (`dice`, `resource` and `card` left out), and [`Game::check_as`] checks the
//! choice, never the outcome: it accepts a choice when some outcome would make it legal.
//! The referee then adds the outcome and calls [`Game::apply_as`]; an
//! [`RuleError::ImpossibleOutcome`] from it is the referee's error, not the seat's, and is
//! not to be passed on. A hex discovered in The Fog Islands is revealed by the referee
//! alone ([`Action::RevealHex`] through [`Game::apply`]); no seat lists or applies it.

use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::game::Game;
use crate::rules::ChanceMode;
use crate::types::{Player, Resource};
use crate::view::PlayerView;

/// `a` without its chance outcome: the choice a seat makes in an external-chance game.
pub fn without_outcome(a: Action) -> Action {
    match a {
        Action::Roll { player, .. } => Action::Roll { player, dice: None },
        Action::BuyDevelopmentCard { player, .. } => {
            Action::BuyDevelopmentCard { player, card: None }
        }
        Action::MoveRobber {
            player,
            hex,
            victim,
            ..
        } => Action::MoveRobber {
            player,
            hex,
            victim,
            resource: None,
        },
        Action::PlayKnight {
            player,
            hex,
            victim,
            ..
        } => Action::PlayKnight {
            player,
            hex,
            victim,
            resource: None,
        },
        Action::MovePirate {
            player,
            hex,
            victim,
            ..
        } => Action::MovePirate {
            player,
            hex,
            victim,
            resource: None,
        },
        Action::PlayKnightPirate {
            player,
            hex,
            victim,
            ..
        } => Action::PlayKnightPirate {
            player,
            hex,
            victim,
            resource: None,
        },
        a => a,
    }
}

/// Keeps the actions of one seat, outcomes left out when chance is external.
struct ForSeat<'a, O: Out> {
    seat: Player,
    strip: bool,
    last: Option<Action>,
    out: &'a mut O,
}

impl<O: Out> Out for ForSeat<'_, O> {
    #[inline]
    fn push(&mut self, a: Action) {
        // A discovered hex is revealed by the referee: no seat's choice.
        if a.player() != self.seat || matches!(a, Action::RevealHex { .. }) {
            return;
        }
        if self.strip {
            // The outcomes of one choice are listed one after another, so dropping
            // repeats of the last choice lists each choice once.
            let a = without_outcome(a);
            if self.last == Some(a) {
                return;
            }
            self.last = Some(a);
            self.out.push(a);
        } else {
            self.out.push(a);
        }
    }

    #[inline]
    fn single_discards(&self) -> bool {
        self.out.single_discards()
    }

    #[inline]
    fn offers(&mut self, player: Player, give: Resource) {
        if player == self.seat {
            self.out.offers(player, give);
        }
    }
}

/// A mask over an [`ActionSpace`].
struct SeatMask<'a> {
    space: &'a ActionSpace,
    mask: &'a mut [u64],
    missing: u32,
    offers: bool,
}

impl Out for SeatMask<'_> {
    #[inline]
    fn push(&mut self, a: Action) {
        match self.space.encode(&a) {
            Some(id) => self.mask[id as usize >> 6] |= 1 << (id & 63),
            None => self.missing += 1,
        }
    }

    #[inline]
    fn single_discards(&self) -> bool {
        true
    }

    #[inline]
    fn offers(&mut self, _: Player, give: Resource) {
        if !self.offers {
            return;
        }
        let id = self.space.offset(Block::Offer) + give.index() as u32 * 4;
        for k in id..id + 4 {
            self.mask[k as usize >> 6] |= 1 << (k & 63);
        }
    }
}

impl Game {
    /// `seat` if the game has it, else [`RuleError::NoSuchPlayer`].
    ///
    /// ```
    /// use catan_rules::{Game, Player, RuleError, Rules};
    /// let game = Game::new(Rules { players: 3, ..Rules::default() }, 1).unwrap();
    /// assert_eq!(game.seat(Player(2)), Ok(Player(2)));
    /// assert_eq!(game.seat(Player(3)), Err(RuleError::NoSuchPlayer { player: Player(3) }));
    /// ```
    #[inline]
    pub fn seat(&self, seat: Player) -> Result<Player, RuleError> {
        if seat.0 < self.rules.players {
            Ok(seat)
        } else {
            Err(RuleError::NoSuchPlayer { player: seat })
        }
    }

    /// [`Game::view`], refusing a viewer the game does not have with
    /// [`RuleError::NoSuchPlayer`] (`None`, a spectator, is always accepted).
    ///
    /// # Errors
    /// [`RuleError::NoSuchPlayer`].
    pub fn try_view(&self, viewer: Option<Player>) -> Result<PlayerView, RuleError> {
        viewer.map(|v| self.seat(v)).transpose()?;
        Ok(self.view(viewer))
    }

    /// [`Game::events_for`], refusing a viewer the game does not have with
    /// [`RuleError::NoSuchPlayer`].
    ///
    /// # Errors
    /// [`RuleError::NoSuchPlayer`].
    pub fn events_for_seat(
        &self,
        events: &[Event],
        viewer: Option<Player>,
    ) -> Result<Vec<Event>, RuleError> {
        viewer.map(|v| self.seat(v)).transpose()?;
        Ok(Game::events_for(events, viewer))
    }

    /// [`Game::legal_actions_for`], refusing a seat the game does not have with
    /// [`RuleError::NoSuchPlayer`] (`out` is then left empty).
    ///
    /// # Errors
    /// [`RuleError::NoSuchPlayer`].
    pub fn try_legal_actions_for(
        &self,
        seat: Player,
        out: &mut Vec<Action>,
    ) -> Result<(), RuleError> {
        out.clear();
        self.seat(seat)?;
        self.legal_actions_for(seat, out);
        Ok(())
    }

    /// [`Game::legal_mask_for`], refusing a seat the game does not have with
    /// [`RuleError::NoSuchPlayer`] (`mask` is then left untouched).
    ///
    /// # Errors
    /// [`RuleError::NoSuchPlayer`].
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn try_legal_mask_for(
        &self,
        seat: Player,
        space: &ActionSpace,
        mask: &mut [u64],
    ) -> Result<u32, RuleError> {
        self.seat(seat)?;
        Ok(self.legal_mask_for(seat, space, mask))
    }

    /// Refuses, before anything else, a seat that is not in the game and an action of
    /// another seat: the answer depends on `seat` and the action alone.
    fn seat_gate(&self, seat: Player, action: &Action) -> Result<(), RuleError> {
        if seat.0 >= self.rules.players {
            return Err(RuleError::NoSuchPlayer { player: seat });
        }
        let player = action.player();
        if player != seat {
            return Err(RuleError::NotYourSeat { seat, player });
        }
        // A discovered hex is the referee's to reveal (The Fog Islands), never a seat's.
        if let Action::RevealHex { hex, .. } = *action {
            return Err(match self.reveal_pending() {
                Some((hex, _)) => RuleError::RevealPending { hex },
                None => RuleError::NothingToReveal { hex },
            });
        }
        Ok(())
    }

    /// Checks `action` as seat `seat` asks: another seat's action is refused first with
    /// [`RuleError::NotYourSeat`] (a seat outside the game with
    /// [`RuleError::NoSuchPlayer`]); every other error concerns the seat's own action and
    /// reveals nothing `seat` may not know (see the [module notes](self)).
    ///
    /// In an external-chance game the action is checked as the seat's *choice*: its
    /// outcome (dice, stolen card, card drawn), if any, is not looked at — whether the
    /// victim holds that card or the deck that kind is hidden from the seat — and the
    /// answer is `Ok` when some outcome would make it legal.
    ///
    /// ```
    /// use catan_rules::{Action, Game, Player, RuleError, Rules};
    /// let game = Game::new(Rules::default(), 7).unwrap();
    /// // Seat 1 asking about seat 0's move learns nothing about the game.
    /// let a = Action::Roll { player: Player(0), dice: None };
    /// assert_eq!(
    ///     game.check_as(Player(1), &a),
    ///     Err(RuleError::NotYourSeat { seat: Player(1), player: Player(0) })
    /// );
    /// ```
    ///
    /// # Errors
    /// As [`Game::check`], after the seat checks above.
    pub fn check_as(&self, seat: Player, action: &Action) -> Result<(), RuleError> {
        self.seat_gate(seat, action)?;
        if self.rules.chance != ChanceMode::External {
            return self.check(action);
        }
        match self.check(&without_outcome(*action)) {
            // Every other check comes before the outcome's, so the choice is legal.
            Err(RuleError::OutcomeRequired) => Ok(()),
            r => r,
        }
    }

    /// Whether [`Game::check_as`] accepts `action` for `seat`.
    pub fn is_legal_as(&self, seat: Player, action: &Action) -> bool {
        self.check_as(seat, action).is_ok()
    }

    /// Applies `action` for seat `seat`: another seat's action is refused first (as in
    /// [`Game::check_as`]), and on any error the game is unchanged. Returns every event
    /// the action caused, unredacted (the referee's record): give each seat
    /// [`Game::events_for`]`(&events, Some(that_seat))`.
    ///
    /// ```
    /// use catan_rules::{Game, Player, Rules};
    /// let mut game = Game::new(Rules::default(), 7).unwrap();
    /// let mut mine = Vec::new();
    /// game.legal_actions_for(Player(0), &mut mine);
    /// let events = game.apply_as(Player(0), mine[0]).unwrap();
    /// let for_seat_2 = Game::events_for(&events, Some(Player(2)));
    /// assert_eq!(for_seat_2.len(), events.len());
    /// ```
    ///
    /// # Errors
    /// As [`Game::check_as`]. In an external-chance game the action must also carry its
    /// outcome, which the referee supplies: [`RuleError::OutcomeRequired`] and
    /// [`RuleError::ImpossibleOutcome`] are then the referee's errors (the latter can say
    /// which cards the victim or the deck hold) and are not to be passed to the seat.
    pub fn apply_as(&mut self, seat: Player, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        self.apply_as_with(seat, action, &mut ev)?;
        Ok(ev)
    }

    /// Like [`Game::apply_as`], writing the events into a sink (nothing on error).
    ///
    /// # Errors
    /// As [`Game::apply_as`].
    pub fn apply_as_with<S: EventSink>(
        &mut self,
        seat: Player,
        action: Action,
        sink: &mut S,
    ) -> Result<(), RuleError> {
        self.seat_gate(seat, &action)?;
        self.apply_with(action, sink)
    }

    /// Writes seat `seat`'s legal actions into `out` (cleared first), in the order of
    /// [`Game::legal_actions`]: empty when `seat` has nothing to decide (or is not in the
    /// game). The list follows from the public state and the seat's own cards only, so it
    /// may be shown to that seat. In an external-chance game each choice appears once,
    /// without its outcome (see the [module notes](self)).
    ///
    /// Allocation-free once `out` has grown.
    ///
    /// ```
    /// use catan_rules::{Game, Player, Rules};
    /// let game = Game::new(Rules::default(), 7).unwrap();
    /// let mut v = Vec::new();
    /// game.legal_actions_for(Player(1), &mut v);
    /// assert!(v.is_empty()); // seat 0 places the first settlement
    /// game.legal_actions_for(Player(0), &mut v);
    /// assert!(v.iter().all(|a| a.player() == Player(0)) && !v.is_empty());
    /// ```
    pub fn legal_actions_for(&self, seat: Player, out: &mut Vec<Action>) {
        out.clear();
        if seat.0 >= self.rules.players {
            return;
        }
        self.enumerate(&mut ForSeat {
            seat,
            strip: self.rules.chance == ChanceMode::External,
            last: None,
            out,
        });
    }

    /// Seat `seat`'s legal actions as a bitset over `space`'s ids (as [`Game::legal_mask`],
    /// restricted to [`Game::legal_actions_for`]'s list, discards one card at a time).
    /// Returns how many of those actions have no id: always 0 (kept as a check).
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn legal_mask_for(&self, seat: Player, space: &ActionSpace, mask: &mut [u64]) -> u32 {
        self.legal_mask_for_with(seat, space, mask, true)
    }

    /// As [`Game::legal_mask_for`]; `offers: false` leaves the domestic trade offers
    /// ([`Block::Offer`]) out.
    ///
    /// # Panics
    /// If `mask` is shorter than [`ActionSpace::words`].
    pub fn legal_mask_for_with(
        &self,
        seat: Player,
        space: &ActionSpace,
        mask: &mut [u64],
        offers: bool,
    ) -> u32 {
        let words = space.words();
        assert!(mask.len() >= words, "mask needs {words} words");
        mask[..words].fill(0);
        if seat.0 >= self.rules.players {
            return 0;
        }
        let mut m = SeatMask {
            space,
            mask,
            missing: 0,
            offers,
        };
        self.enumerate(&mut ForSeat {
            seat,
            strip: self.rules.chance == ChanceMode::External,
            last: None,
            out: &mut m,
        });
        m.missing
    }
}

/// Serde form of a set of seats on the wire: a list of seat numbers, ascending (`[0, 2]`),
/// the form every skin shows (Python's `to_act` and `decision`, C's `to_act` list in the
/// state JSON). Reading also accepts the older bitmask integer (`5` = seats 0 and 2).
pub mod player_list {
    use crate::types::{Player, PlayerSet, MAX_PLAYERS};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Writes the set as a list of seats.
    pub fn serialize<S: Serializer>(set: &PlayerSet, s: S) -> Result<S::Ok, S::Error> {
        let seats: Vec<u8> = set.iter().map(|p| p.0).collect();
        seats.serialize(s)
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Form {
        List(Vec<u8>),
        Bits(u8),
    }

    /// Reads a list of seats (or a bitmask).
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        match Form::deserialize(d)? {
            Form::Bits(b) => Ok(PlayerSet(b)),
            Form::List(v) => {
                let mut set = PlayerSet::EMPTY;
                for p in v {
                    if p as usize >= MAX_PLAYERS {
                        return Err(serde::de::Error::custom(format!(
                            "seat {p} is out of range (seats are 0 to {})",
                            MAX_PLAYERS - 1
                        )));
                    }
                    set = set.with(Player(p));
                }
                Ok(set)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChanceMode, Rules};

    fn play_until<F: Fn(&Game) -> bool>(g: &mut Game, stop: F, limit: usize) -> bool {
        let mut legal = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..limit {
            if stop(g) {
                return true;
            }
            if g.winner().is_some() {
                return false;
            }
            g.legal_actions_without_offers(&mut legal);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = legal[(x % legal.len() as u64) as usize];
            g.apply(a).unwrap();
        }
        false
    }

    /// The per-seat lists split the full list: every listed action is in exactly one
    /// seat's list, in the same order (seeded chance).
    #[test]
    fn seat_lists_partition_the_full_list() {
        let mut g = Game::new(Rules::default(), 11).unwrap();
        let (mut all, mut mine, mut joined) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..3000 {
            if g.winner().is_some() {
                break;
            }
            g.legal_actions(&mut all);
            joined.clear();
            for s in 0..4 {
                g.legal_actions_for(Player(s), &mut mine);
                assert!(mine.iter().all(|a| a.player() == Player(s)));
                assert!(mine.iter().all(|a| g.is_legal_as(Player(s), a)));
                joined.extend_from_slice(&mine);
            }
            let mut a = all.clone();
            a.sort_by_key(|x| x.to_json());
            joined.sort_by_key(|x| x.to_json());
            assert_eq!(a, joined);
            let pick = all[(g.turn() as usize * 7 + all.len()) % all.len()];
            if pick.is_trade_offer() {
                g.apply(*all.last().unwrap()).unwrap();
            } else {
                g.apply(pick).unwrap();
            }
        }
    }

    /// During discards the list of one seat holds only its own discards (the full list
    /// holds every owing seat's, from which each hand follows).
    #[test]
    fn discard_lists_are_per_seat() {
        let mut g = Game::new(Rules::default(), 3).unwrap();
        assert!(play_until(
            &mut g,
            |g| g.phase() == crate::Phase::Discard
                && g.discards_owed().iter().filter(|&&d| d > 0).count() >= 1,
            200_000
        ));
        let owed = g.discards_owed();
        let mut mine = Vec::new();
        for s in 0..4u8 {
            g.legal_actions_for(Player(s), &mut mine);
            if owed[s as usize] == 0 {
                assert!(mine.is_empty());
            } else {
                assert!(!mine.is_empty());
                for a in &mine {
                    assert!(matches!(a, Action::Discard { player, .. } if *player == Player(s)));
                }
            }
        }
    }

    /// Another seat's action is refused with the same error whatever the state: the
    /// probe that gave away seat 1's hand (`buy_development_card` for seat 1 during its
    /// turn) now answers `NotYourSeat`, and a seat's own shortfall names only the cost.
    #[test]
    fn another_seats_action_is_refused_first() {
        let mut g = Game::new(Rules::default(), 5).unwrap();
        assert!(play_until(
            &mut g,
            |g| g.phase() == crate::Phase::Main,
            10_000
        ));
        let cur = g.current_player();
        let other = Player((cur.0 + 1) % 4);
        let buy = Action::BuyDevelopmentCard {
            player: cur,
            card: None,
        };
        assert_eq!(
            g.check_as(other, &buy),
            Err(RuleError::NotYourSeat {
                seat: other,
                player: cur
            })
        );
        assert_eq!(
            g.check_as(Player(9), &buy),
            Err(RuleError::NoSuchPlayer { player: Player(9) })
        );
        let before = g.clone();
        assert!(g.apply_as(other, buy).is_err());
        assert_eq!(g, before);
        if let Err(e) = g.check_as(cur, &buy) {
            let json = serde_json::to_string(&e).unwrap();
            assert!(!json.contains("have"), "{json}");
        }
    }

    /// A seat the game does not have is `NoSuchPlayer` from every call that can say so, in
    /// every state the random game passes through (the end included), and never
    /// `NotYourTurn` (security audit, finding 11); the plain queries answer it as a
    /// spectator.
    #[test]
    fn a_seat_outside_the_game_is_no_such_player_everywhere() {
        let rules = Rules {
            players: 3,
            ..Rules::default()
        };
        let mut g = Game::new(rules, 8).unwrap();
        let mut rng = crate::Rng::new(4);
        let space = ActionSpace::new(g.board(), 3);
        let mut mask = vec![u64::MAX; space.words()];
        let mut v = Vec::new();
        let mut buf = Vec::new();
        for step in 0..50_000 {
            for ghost in [Player(3), Player(5), Player(200)] {
                let no = Err(RuleError::NoSuchPlayer { player: ghost });
                for a in [
                    Action::EndTurn { player: ghost },
                    Action::Roll {
                        player: ghost,
                        dice: None,
                    },
                    Action::Discard {
                        player: ghost,
                        resources: crate::Resources::EMPTY,
                    },
                    Action::AcceptTrade { player: ghost },
                    Action::FinishRoadBuilding { player: ghost },
                ] {
                    assert_eq!(g.check(&a), no.map(|_: Player| ()), "step {step}");
                    assert_eq!(g.check_as(ghost, &a), no.map(|_: Player| ()));
                    let before = g.clone();
                    assert_eq!(g.apply_as(ghost, a).map(|_| ()), no.map(|_: Player| ()));
                    assert_eq!(g, before);
                }
                assert_eq!(g.seat(ghost), no);
                assert_eq!(g.try_view(Some(ghost)).map(|_| ()), no.map(|_: Player| ()));
                assert!(g.try_view(None).is_ok());
                let spectator = g.view(Some(ghost));
                assert!(spectator.viewer.is_none() && spectator.own.is_none());
                assert_eq!(
                    g.events_for_seat(&[], Some(ghost)),
                    no.map(|_: Player| Vec::new())
                );
                v.push(Action::EndTurn { player: Player(0) });
                assert_eq!(
                    g.try_legal_actions_for(ghost, &mut v),
                    no.map(|_: Player| ())
                );
                assert!(v.is_empty());
                g.legal_actions_for(ghost, &mut v);
                assert!(v.is_empty());
                assert_eq!(
                    g.try_legal_mask_for(ghost, &space, &mut mask),
                    no.map(|_: Player| 0)
                );
                assert!(mask.iter().all(|&w| w == u64::MAX), "left untouched");
            }
            if g.winner().is_some() {
                break;
            }
            g.legal_actions_without_offers(&mut buf);
            let a = buf[rng.below(buf.len() as u32) as usize];
            g.apply(a).unwrap();
        }
        assert!(g.winner().is_some(), "the game over state is covered too");
    }

    /// External chance: a seat's list names choices without outcomes, each once, and
    /// `check_as` accepts them; the referee's outcome-carrying action is applied with
    /// `apply_as`.
    #[test]
    fn external_chance_lists_choices_without_outcomes() {
        let rules = Rules {
            chance: ChanceMode::External,
            ..Rules::default()
        };
        let mut g = Game::new(rules, 9).unwrap();
        let mut mine = Vec::new();
        let mut all = Vec::new();
        let mut rolls_seen = 0;
        let mut steals_probed = 0;
        for _ in 0..4000 {
            if g.winner().is_some() {
                break;
            }
            g.legal_actions(&mut all);
            let actor = all[0].player();
            g.legal_actions_for(actor, &mut mine);
            for a in &mine {
                assert_eq!(without_outcome(*a), *a);
                assert_eq!(g.check_as(actor, a), Ok(()), "{a:?}");
                // Whatever outcome the action names, `check_as` judges the choice only:
                // the victim's hand and the deck's kinds are hidden from the seat.
                for r in Resource::ALL {
                    let with = match *a {
                        Action::MoveRobber {
                            player,
                            hex,
                            victim: Some(v),
                            ..
                        } => Action::MoveRobber {
                            player,
                            hex,
                            victim: Some(v),
                            resource: Some(r),
                        },
                        Action::PlayKnight {
                            player,
                            hex,
                            victim: Some(v),
                            ..
                        } => Action::PlayKnight {
                            player,
                            hex,
                            victim: Some(v),
                            resource: Some(r),
                        },
                        Action::BuyDevelopmentCard { player, .. } => Action::BuyDevelopmentCard {
                            player,
                            card: Some(crate::types::DevCard::ALL[r.index()]),
                        },
                        _ => continue,
                    };
                    assert_eq!(g.check_as(actor, &with), Ok(()), "{with:?}");
                    steals_probed += 1;
                }
            }
            let mut dedup = mine.clone();
            dedup.sort_by_key(|x| x.to_json());
            dedup.dedup();
            assert_eq!(dedup.len(), mine.len());
            if matches!(all[0], Action::Roll { .. }) {
                rolls_seen += 1;
                assert_eq!(
                    mine[0],
                    Action::Roll {
                        player: actor,
                        dice: None
                    }
                );
            }
            let a = all
                .iter()
                .copied()
                .find(|a| !a.is_trade_offer() && !matches!(a, Action::MaritimeTrade { .. }))
                .unwrap();
            g.apply_as(a.player(), a).unwrap();
        }
        assert!(rolls_seen > 10);
        assert!(steals_probed > 0);
    }

    /// One wire form for sets of seats: a list, in Rust/C JSON as in Python.
    #[test]
    fn decisions_list_their_seats() {
        use crate::game::Decision;
        let d = Decision::TradeResponses {
            player: Player(2),
            pending: crate::PlayerSet::EMPTY.with(Player(0)).with(Player(3)),
        };
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(
            json,
            r#"{"type":"trade_responses","player":2,"pending":[0,3]}"#
        );
        assert_eq!(serde_json::from_str::<Decision>(&json).unwrap(), d);
        let old = r#"{"type":"trade_responses","player":2,"pending":9}"#;
        assert_eq!(serde_json::from_str::<Decision>(old).unwrap(), d);
        let bad = r#"{"type":"trade_responses","player":2,"pending":[9]}"#;
        assert!(serde_json::from_str::<Decision>(bad).is_err());
    }
}
