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
    /// Pushes `a` when that needs no allocation, and says whether it did: a listing that
    /// would otherwise call the allocator (and so keep its state in saved registers) lists
    /// out of line instead.
    #[inline]
    fn push_if_room(&mut self, a: Action) -> bool {
        self.push(a);
        true
    }
}

/// A sink borrowed: the listing passes its sink by value (a pointer in a register, so that
/// the phase's listing is a tail call), and callers holding one lend it this way.
impl<T: Out + ?Sized> Out for &mut T {
    #[inline(always)]
    fn push(&mut self, a: Action) {
        (**self).push(a);
    }
    #[inline(always)]
    fn extend(&mut self, a: &[Action]) {
        (**self).extend(a);
    }
    #[inline(always)]
    fn single_discards(&self) -> bool {
        (**self).single_discards()
    }
    #[inline(always)]
    fn offers(&mut self, player: Player, give: Resource) {
        (**self).offers(player, give);
    }
    #[inline(always)]
    fn push_if_room(&mut self, a: Action) -> bool {
        (**self).push_if_room(a)
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
    #[inline]
    fn push_if_room(&mut self, a: Action) -> bool {
        let room = self.len() < self.capacity();
        if room {
            Vec::push(self, a);
        }
        room
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
    #[inline]
    fn push_if_room(&mut self, a: Action) -> bool {
        self.0.push_if_room(a)
    }
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
    pub(crate) fn enumerate<O: Out>(&self, out: O) {
        self.enumerate_with(&mut (), out);
    }

    /// [`Game::enumerate`], with the piece-dependent parts taken from `memo`.
    ///
    /// The sink comes by value (a pointer, or a wrapper of one) so that each phase's
    /// listing, out of line with a frame of its own, is a tail call: a roll's listing (a
    /// third of a game's) is written here without the main phase's saved registers and
    /// frame.
    #[inline(always)]
    pub(crate) fn enumerate_with<O: Out, M: Spots>(&self, memo: &mut M, out: O) {
        // One test for the rare states in which others than the current player act (a
        // discovery waiting for its hex, an open offer, gold-field choices owed); the
        // phase alone decides the rest.
        if (self.fog.pending != 0) | self.offer.is_some() | self.gold_pending() {
            return self.enumerate_pending(memo, out);
        }
        self.enumerate_phase(memo, out);
    }

    /// The listing of the phase (see [`Game::enumerate_with`]).
    #[inline(always)]
    fn enumerate_phase<O: Out, M: Spots>(&self, memo: &mut M, mut out: O) {
        let player = Player(self.current);
        match self.phase {
            Phase::GameOver => {}
            // Nearly always the seeded roll alone: listed here, without a frame.
            Phase::Roll
                if !self.holds_card_to_play(player) && self.push_seeded_roll(player, &mut out) => {}
            Phase::Roll => self.list_roll(player, memo, out),
            Phase::Main => self.list_main(player, memo, out),
            _ => self.list_other(player, memo, out),
        }
    }

    /// The listing before the roll when a card can be played.
    #[inline(never)]
    fn list_roll<O: Out, M: Spots>(&self, player: Player, memo: &mut M, mut out: O) {
        self.push_rolls(player, &mut out);
        self.push_card_plays(player, memo, &mut out);
    }

    /// The main phase's listing.
    #[inline(never)]
    fn list_main<O: Out, M: Spots>(&self, player: Player, memo: &mut M, mut out: O) {
        let out = &mut out;
        self.push_builds(player, memo, out);
        self.push_ships_and_moves(player, out);
        self.push_buy_card(player, out);
        self.push_card_plays(player, memo, out);
        if self.trading_open() {
            self.push_trades(player, out);
        }
        out.push(Action::EndTurn { player });
    }

    /// The listing of the phases other than the roll and the main phase.
    #[inline(never)]
    fn list_other<O: Out, M: Spots>(&self, player: Player, memo: &mut M, mut out: O) {
        let out = &mut out;
        match self.phase {
            Phase::Discard => self.push_all_discards(out),
            Phase::SetupSettlement => self.push_setup_settlements(player, out),
            Phase::SetupRoad => {
                self.push_setup_roads(player, out);
                self.push_setup_ships(player, out);
            }
            Phase::MoveRobber => {
                self.push_robber_moves(player, false, memo, out);
                // The pirate's listing lists nothing without open sea: tested here, base games
                // make no call.
                if self.board.open_sea() {
                    self.push_pirate_moves(player, false, out);
                }
            }
            Phase::RoadBuilding => {
                if self.seats[player.index()].roads < self.rules.pieces().0 {
                    self.push_roads(player, memo, out);
                }
                self.push_ships(player, out);
                self.push_finish_road_building(player, out);
            }
            Phase::SpecialBuild => self.push_special_build(player, memo, out),
            Phase::GameOver | Phase::Roll | Phase::Main => {}
        }
    }

    /// The listing while a discovery waits for its hex, an offer is open or gold-field
    /// choices are owed, in that order of precedence (at the game's end nothing, and in
    /// the discard phase the discards come first, by the phase's own listing).
    #[cold]
    #[inline(never)]
    fn enumerate_pending<O: Out, M: Spots>(&self, memo: &mut M, mut out: O) {
        match self.phase {
            Phase::GameOver => {}
            _ if self.fog.pending != 0 => self.push_reveals(&mut out),
            Phase::Discard => self.list_other(Player(self.current), memo, out),
            _ => match &self.offer {
                Some(o) => self.push_trade_answers(o, &mut out),
                None => self.push_all_gold(&mut out),
            },
        }
    }

    /// Like [`Game::legal_actions`] without the domestic trade offers
    /// ([`Action::is_trade_offer`]): the same list, in the same order, as enumerating and
    /// then dropping them, without building them first. The benchmark workload's choice
    /// set.
    pub fn legal_actions_without_offers(&self, out: &mut Vec<Action>) {
        out.clear();
        self.enumerate(WithoutOffers(out));
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
        self.enumerate_with(memo, WithoutOffers(out));
    }

    /// The legal actions as a new vector (see [`Game::legal_actions`]).
    pub fn legal_actions_vec(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rules::Rules;

    /// Catan base rules, 'Turn Overview' (a turn starts with the roll) and 'Development
    /// Cards' (a card may be played before the roll): before the roll the listing is the
    /// roll, then the card plays. Written in place when the buffer has room and no card
    /// can be played, out of line otherwise: the same list either way, checked at every
    /// roll of random games against the families listed one after the other.
    #[test]
    fn the_roll_is_listed_alike_in_place_and_out_of_line() {
        let (mut in_place, mut with_cards) = (0, 0);
        let mut legal = Vec::new();
        for seed in 0..12 {
            let mut g = Game::new(Rules::default(), seed).unwrap();
            let mut pick = Rng::new(seed ^ 0x0ff5);
            while g.winner().is_none() {
                if g.phase == Phase::Roll {
                    let player = Player(g.current);
                    let mut expected = vec![Action::Roll { player, dice: None }];
                    g.push_card_plays(player, &mut (), &mut expected);
                    let mut roomy = Vec::with_capacity(64);
                    g.legal_actions_without_offers(&mut roomy);
                    // No room: the roll is never written in place.
                    let mut empty = Vec::new();
                    g.legal_actions_without_offers(&mut empty);
                    assert_eq!(roomy, expected);
                    assert_eq!(empty, expected);
                    if g.holds_card_to_play(player) {
                        with_cards += 1;
                    } else {
                        in_place += 1;
                    }
                }
                g.legal_actions_without_offers(&mut legal);
                let a = legal[pick.below(legal.len() as u32) as usize];
                g.apply(a).unwrap();
            }
        }
        assert!(
            in_place > 100 && with_cards > 5,
            "{in_place} in place, {with_cards} with cards"
        );
    }
}
