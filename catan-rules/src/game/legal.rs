//! Complete legal-action enumeration: where it writes ([`Out`]), the public entry points,
//! and the order in which the families' `push_*` functions are called. Each family lists
//! its own actions in its own file.
//!
//! Every finite family is listed in full: set-up placements, rolls (all 36 ordered dice
//! when chance is external), discards (every multiset of the right size; a discard of part
//! of what is owed is legal too, docs/rulings.md §38, and the fixed-id masks list those of
//! one card), robber moves with
//! every eligible victim (and every stealable resource when chance is external), builds,
//! development cards (every Year of Plenty pair, every Monopoly resource), maritime trades
//! and trade answers. Maritime trades are listed at the best rate the player has for each
//! (give, get) pair; worse rates are dominated but still legal (docs/rulings.md §18).
//!
//! Domestic offers are unbounded, so a documented family is listed: one card for one card of
//! a different resource, offered to everyone, for each resource the player holds. Any other
//! offer (other amounts, to one player) is still checked by [`Game::is_legal`] and applied
//! by [`Game::apply`]. Counter-offers are never listed; they too can be applied.

use super::memo::{ListingMemo, Spots};
use super::{trade::OFFERS, Game, Phase};
use crate::action::Action;
use crate::types::{Player, Resource};

/// Where enumeration writes legal actions: a `Vec<Action>`, or an action-space mask.
pub(crate) trait Out {
    /// One legal action.
    fn push(&mut self, a: Action);
    /// Several legal actions, in order.
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        for &x in a {
            self.push(x);
        }
    }
    /// Whether discards are listed one card at a time (the fixed-id masks) rather than as
    /// whole discards of the owed size.
    #[inline]
    fn single_discards(&self) -> bool {
        false
    }
    /// The four listed one-for-one offers of `give` by `player`, in resource order.
    #[inline]
    fn offers(&mut self, player: Player, give: Resource) {
        self.extend(&OFFERS[player.index()][give.index()]);
    }
}

impl Out for Vec<Action> {
    #[inline]
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        self.extend_from_slice(a);
    }
}

/// A `Vec` sink that drops the listed domestic offers.
struct WithoutOffers<'a>(&'a mut Vec<Action>);

impl Out for WithoutOffers<'_> {
    #[inline]
    fn push(&mut self, a: Action) {
        self.0.push(a);
    }
    #[inline]
    fn extend(&mut self, a: &[Action]) {
        self.0.extend_from_slice(a);
    }
    #[inline]
    fn offers(&mut self, _: Player, _: Resource) {}
}

impl Game {
    /// Writes every legal action into `out` (cleared first). Reusing one buffer across calls
    /// makes enumeration allocation-free once the buffer has grown.
    ///
    /// Every action written is legal ([`Game::is_legal`]); see the module notes for the
    /// families listed in full and the bounded family of domestic offers.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate(out);
    }

    /// Writes every legal action into `out`, in the documented order: in the main phase
    /// builds (roads, settlements, cities), buying a card, card plays, trades, ending the
    /// turn.
    #[inline]
    pub(crate) fn enumerate<O: Out>(&self, out: &mut O) {
        self.enumerate_with(&mut (), out);
    }

    /// [`Game::enumerate`], with the piece-dependent parts taken from `memo`.
    #[inline(always)]
    pub(crate) fn enumerate_with<O: Out, M: Spots>(&self, memo: &mut M, out: &mut O) {
        // One test for the rare states in which others than the current player act (a
        // discovery waiting for its hex, an open offer, gold-field choices owed); the
        // phase alone decides the rest.
        if (self.fog.pending != 0) | self.offer.is_some() | self.gold_pending()
            && self.push_pending(out)
        {
            return;
        }
        let player = Player(self.current);
        match self.phase {
            Phase::GameOver => {}
            Phase::Discard => self.push_all_discards(out),
            Phase::SetupSettlement => self.push_setup_settlements(player, out),
            Phase::SetupRoad => {
                self.push_setup_roads(player, out);
                self.push_setup_ships(player, out);
            }
            Phase::Roll => {
                self.push_rolls(player, out);
                self.push_card_plays(player, memo, out);
            }
            Phase::MoveRobber => {
                self.push_robber_moves(player, false, memo, out);
                self.push_pirate_moves(player, false, out);
            }
            Phase::RoadBuilding => {
                if self.seats[player.index()].roads < self.rules.pieces().0 {
                    self.push_roads(player, memo, out);
                }
                self.push_ships(player, out);
                self.push_finish_road_building(player, out);
            }
            Phase::Main => {
                self.push_builds(player, memo, out);
                self.push_ships_and_moves(player, out);
                self.push_buy_card(player, out);
                self.push_card_plays(player, memo, out);
                if self.trading_open() {
                    self.push_trades(player, out);
                }
                out.push(Action::EndTurn { player });
            }
            Phase::SpecialBuild => self.push_special_build(player, memo, out),
        }
    }

    /// The listing while a discovery waits for its hex, an offer is open or gold-field
    /// choices are owed, in that order of precedence (at the game's end nothing, and in
    /// the discard phase the discards come first); `false` when the phase's own listing
    /// applies.
    #[cold]
    #[inline(never)]
    fn push_pending<O: Out>(&self, out: &mut O) -> bool {
        match self.phase {
            Phase::GameOver => return true,
            _ if self.fog.pending != 0 => self.push_reveals(out),
            Phase::Discard => return false,
            _ => match &self.offer {
                Some(o) => self.push_trade_answers(o, out),
                None => self.push_all_gold(out),
            },
        }
        true
    }

    /// Like [`Game::legal_actions`] without the domestic trade offers
    /// ([`Action::is_trade_offer`]): the same list, in the same order, as enumerating and
    /// then dropping them, without building them first. The benchmark workload's choice
    /// set.
    pub fn legal_actions_without_offers(&self, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate(&mut WithoutOffers(out));
    }

    /// [`Game::legal_actions`] with the parts that depend on the pieces alone (road spots,
    /// settlement sites, the buildings around each hex) kept in `memo` from one call to the
    /// next, while the pieces do not change: the same list in the same order, whatever
    /// `memo` holds (see [`ListingMemo`]).
    ///
    /// On open-sea maps (Seafarers) the memo keeps the same results and takes a moved ship
    /// in where it changes them (see [`ListingMemo`]).
    pub fn legal_actions_with(&self, memo: &mut ListingMemo, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate_with(memo, out);
    }

    /// [`Game::legal_actions_without_offers`] with a [`ListingMemo`] (see
    /// [`Game::legal_actions_with`]).
    pub fn legal_actions_without_offers_with(&self, memo: &mut ListingMemo, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate_with(memo, &mut WithoutOffers(out));
    }

    /// The legal actions as a new vector (see [`Game::legal_actions`]).
    pub fn legal_actions_vec(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}
