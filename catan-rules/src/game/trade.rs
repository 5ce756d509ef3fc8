//! Trade: maritime trade with the bank at 4:1 or a harbour's rate, and the domestic
//! protocol (offer, accept / reject / counter, confirm or withdraw).
//!
//! Catan base rules, 5th ed., 'Trade' ('Domestic Trade', 'Maritime Trade'); trading
//! before building in strict phases per docs/rulings.md §1, hands checked again at
//! confirmation per docs/rulings.md §17, only the best maritime rate listed per
//! docs/rulings.md §18.
//!
//! | rule | check | effect | enumeration | ids |
//! | --- | --- | --- | --- | --- |
//! | when trading is open | `check_trading`, `trading_open` | — | — | — |
//! | maritime | `check_maritime`, `rate_available` | `maritime_trade` | `push_trades` | `encode_maritime` ([`Block::Maritime`]) |
//! | offer | `check_offer`, `check_terms` | `offer_trade` | `push_trades`, [`Out::offers`] | `encode_offer` ([`Block::Offer`]) |
//! | answers | `check_trade_answer` | `accept_trade`, `reject_trade`, `counter_offer` | `push_trade_answers` | `encode_answer` ([`Block::Accept`], [`Block::Reject`]) |
//! | close | `check_trade_answer` | `confirm_trade`, `cancel_trade` | `push_trade_answers` | `encode_answer` ([`Block::Confirm`], [`Block::Cancel`]) |
//!
//! Decoding ids of this family is `decode_trade`.

use super::{Game, Phase, F_BUILT};
use crate::action::Action;
use crate::action_space::{ActionSpace, Block};
use crate::error::RuleError;
use crate::event::{Event, EventSink};
use crate::game::legal::Out;
use crate::types::{Harbor, Player, PlayerSet, Resource, Resources, MAX_PLAYERS};

/// Answer of one player to an open offer.
pub(crate) mod answer {
    pub const NOT_ASKED: u8 = 0;
    pub const PENDING: u8 = 1;
    pub const ACCEPTED: u8 = 2;
    pub const REJECTED: u8 = 3;
    pub const COUNTERED: u8 = 4;
}

/// An open domestic-trade offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offer {
    pub from: u8,
    pub to: Option<u8>,
    pub give: Resources,
    pub get: Resources,
    pub answers: [u8; MAX_PLAYERS],
    /// Counter terms, from the answering player's side: (gives, gets).
    pub counters: [(Resources, Resources); MAX_PLAYERS],
}

impl Offer {
    /// Who has not answered yet.
    pub(super) fn pending(&self) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for (p, &a) in self.answers.iter().enumerate() {
            if a == answer::PENDING {
                s = s.with(Player(p as u8));
            }
        }
        s
    }
}

/// The listed domestic offers, by player and resource given: one card for one card of
/// each other resource, to everyone.
pub(super) static OFFERS: [[[Action; 4]; 5]; MAX_PLAYERS] = {
    let mut t = [[[Action::EndTurn { player: Player(0) }; 4]; 5]; MAX_PLAYERS];
    let mut p = 0;
    while p < MAX_PLAYERS {
        let mut give = 0;
        while give < 5 {
            let mut k = 0;
            let mut get = 0;
            while get < 5 {
                if get != give {
                    t[p][give][k] = Action::OfferTrade {
                        player: Player(p as u8),
                        to: None,
                        give: Resources::one(Resource::ALL[give]),
                        get: Resources::one(Resource::ALL[get]),
                    };
                    k += 1;
                }
                get += 1;
            }
            give += 1;
        }
        p += 1;
    }
    t
};

/// The maritime trades of each player, by resource given and rate (2:1, 3:1, 4:1): for
/// each other resource in order, the trade at that rate. When the bank holds every
/// resource, a hand's maritime trades are these rows, one for each resource it can give.
static MARITIME: [[[[Action; 4]; 3]; 5]; MAX_PLAYERS] = {
    let mut t = [[[[Action::EndTurn { player: Player(0) }; 4]; 3]; 5]; MAX_PLAYERS];
    let mut p = 0;
    while p < MAX_PLAYERS {
        let mut give = 0;
        while give < 5 {
            let mut rate = 0;
            while rate < 3 {
                let mut k = 0;
                let mut get = 0;
                while get < 5 {
                    if get != give {
                        t[p][give][rate][k] = Action::MaritimeTrade {
                            player: Player(p as u8),
                            give: Resource::ALL[give],
                            get: Resource::ALL[get],
                            rate: rate as u8 + 2,
                        };
                        k += 1;
                    }
                    get += 1;
                }
                rate += 1;
            }
            give += 1;
        }
        p += 1;
    }
    t
};

/// The best maritime rate for giving each resource (in resource order), for every set of
/// harbours (bits of [`Harbor`]): [`Game::rate_for`] worked out once. Eight bytes a row, the
/// last three 0, so that a row is read as one word.
static RATES: [[u8; 8]; 64] = {
    let mut t = [[0u8; 8]; 64];
    let mut h = 0;
    while h < 64 {
        let mut r = 0;
        while r < 5 {
            t[h][r] = Game::rate_for(h as u8, Resource::ALL[r]);
            r += 1;
        }
        h += 1;
    }
    t
};

/// Bit `i` set where `a[i] >= b[i]`, for five counts below 128 packed in the low bytes of
/// two words (the others 0): five byte comparisons in one 64-bit subtraction, the five
/// results gathered by one multiplication.
#[inline(always)]
fn words_at_least(a: u64, b: u64) -> u8 {
    gathered(high_bits_at_least(a, b))
}

/// [`words_at_least`] before its bits are gathered: the high bit of each byte where
/// `a >= b`, so that a test for "any" need not wait for the multiplication.
#[inline(always)]
fn high_bits_at_least(a: u64, b: u64) -> u64 {
    const HIGH: u64 = 0x80_8080_8080;
    debug_assert!(a & HIGH == 0 && b & HIGH == 0 && (a | b) >> 40 == 0);
    // Each byte of `a | 0x80` minus the byte of `b` keeps its high bit exactly when
    // `a >= b`, and never borrows from the next byte.
    ((a | HIGH) - b) & HIGH
}

/// The high bits of [`high_bits_at_least`] as bits 0 to 4.
#[inline(always)]
fn gathered(ge: u64) -> u8 {
    // Bits 7, 15, 23, 31, 39 moved to bits 28..=32 (no two products meet, no carry there).
    (((ge >> 7) * 0x1020_4081) >> 28) as u8 & 0x1f
}

/// Both sides give something, and no resource is on both sides.
fn check_terms(give: &Resources, get: &Resources) -> Result<(), RuleError> {
    if give.is_empty() || get.is_empty() {
        return Err(RuleError::InvalidTrade {
            reason: "each side must give at least one card",
        });
    }
    if give.overlaps(get) {
        return Err(RuleError::InvalidTrade {
            reason: "the same resource on both sides",
        });
    }
    Ok(())
}

impl Game {
    /// The harbours a player can use for a maritime trade now (docs/rulings.md §1: in strict
    /// phases, not one built this turn).
    pub fn harbors(&self, p: Player) -> u8 {
        let s = &self.seats[p.index()];
        if self.rules.strict_phases {
            s.harbors_at_start
        } else {
            s.harbors
        }
    }

    /// The best maritime rate a player has for giving `r`.
    pub fn best_rate(&self, p: Player, r: Resource) -> u8 {
        Game::rate_for(self.harbors(p), r)
    }

    /// The best maritime rate for giving `r` with the harbors `h` (bits of [`Harbor`]).
    #[inline]
    pub(crate) const fn rate_for(h: u8, r: Resource) -> u8 {
        if h & Harbor::for_resource(r).bit() != 0 {
            2
        } else if h & Harbor::Generic.bit() != 0 {
            3
        } else {
            4
        }
    }

    fn rate_available(&self, p: Player, r: Resource, rate: u8) -> bool {
        let h = self.harbors(p);
        // The rates open to `p` for `r` as bits: 4 always, 3 with a generic harbour, 2 with
        // `r`'s own. Tested without a branch on the rate (a random player's trades come at
        // every rate it has).
        let open = 1u8 << 4
            | u8::from(h & Harbor::Generic.bit() != 0) << 3
            | u8::from(h & Harbor::for_resource(r).bit() != 0) << 2;
        open.checked_shr(u32::from(rate))
            .is_some_and(|o| o & 1 != 0)
    }

    /// Whether the current player may trade now (main phase; in strict phases only before
    /// the first build, docs/rulings.md §1).
    pub(crate) fn trading_open(&self) -> bool {
        self.phase == Phase::Main && !(self.rules.strict_phases && self.flags & F_BUILT != 0)
    }

    #[inline]
    fn check_trading(&self, a: &Action) -> Result<(), RuleError> {
        if self.phase != Phase::Main {
            return Err(self.wrong_phase(a));
        }
        if self.rules.strict_phases && self.flags & F_BUILT != 0 {
            return Err(RuleError::TradeAfterBuild);
        }
        Ok(())
    }

    /// A maritime trade: two different resources, a rate the player has, the cards to
    /// give, and one card of `get` in the bank.
    #[inline(always)]
    pub(super) fn check_maritime(
        &self,
        action: &Action,
        player: Player,
        give: Resource,
        get: Resource,
        rate: u8,
    ) -> Result<(), RuleError> {
        self.check_trading(action)?;
        if give == get {
            return Err(RuleError::InvalidTrade {
                reason: "give and get the same resource",
            });
        }
        if !self.rate_available(player, give, rate) {
            return Err(RuleError::RateUnavailable { give, rate });
        }
        // The hand holds `rate` of `give` (the only card the trade takes).
        if self.seats[player.index()].hand[give] < rate {
            let mut need = Resources::EMPTY;
            need[give] = rate;
            return Err(RuleError::NotEnoughResources { need });
        }
        if self.bank[get] == 0 {
            return Err(RuleError::BankEmpty { resource: get });
        }
        Ok(())
    }

    /// An offer: to another seat or to everyone, fair terms, cards the offerer holds.
    #[inline(always)]
    pub(super) fn check_offer(
        &self,
        action: &Action,
        player: Player,
        to: Option<Player>,
        give: Resources,
        get: Resources,
    ) -> Result<(), RuleError> {
        self.check_trading(action)?;
        if let Some(t) = to {
            if t.0 >= self.rules.players {
                return Err(RuleError::NoSuchPlayer { player: t });
            }
            if t == player {
                return Err(RuleError::InvalidTrade {
                    reason: "cannot trade with yourself",
                });
            }
        }
        check_terms(&give, &get)?;
        let hand = self.seats[player.index()].hand;
        if !hand.contains(&give) {
            return Err(RuleError::NotEnoughResources { need: give });
        }
        Ok(())
    }

    /// Everything while an offer is open: answers from those asked, confirmation or
    /// withdrawal from the offerer.
    #[inline(always)]
    pub(super) fn check_trade_answer(&self, action: &Action) -> Result<(), RuleError> {
        let o = self.offer.as_ref().expect("open offer");
        let player = action.player();
        let p = player.index();
        let hand = &self.seats[p].hand;
        let answering = || {
            if o.answers[p] == answer::PENDING {
                Ok(())
            } else {
                Err(RuleError::CannotAnswer { player })
            }
        };
        match *action {
            Action::AcceptTrade { .. } => {
                answering()?;
                if !hand.contains(&o.get) {
                    return Err(RuleError::NotEnoughResources { need: o.get });
                }
                Ok(())
            }
            Action::RejectTrade { .. } => answering(),
            Action::CounterOffer { give, get, .. } => {
                answering()?;
                check_terms(&give, &get)?;
                if !hand.contains(&give) {
                    return Err(RuleError::NotEnoughResources { need: give });
                }
                Ok(())
            }
            Action::ConfirmTrade { with, .. } => self.check_confirm(o, player, with),
            Action::CancelTrade { .. } => {
                if player.0 != o.from {
                    return Err(RuleError::NotYourTurn { player });
                }
                Ok(())
            }
            _ if player.0 == o.from => Err(self.wrong_phase(action)),
            _ => Err(RuleError::NotYourTurn { player }),
        }
    }

    /// Closing the offer with `with`, who accepted or countered; both still hold the cards.
    #[inline(always)]
    fn check_confirm(&self, o: &Offer, player: Player, with: Player) -> Result<(), RuleError> {
        if player.0 != o.from {
            return Err(RuleError::NotYourTurn { player });
        }
        if with.0 >= self.rules.players {
            return Err(RuleError::NoSuchPlayer { player: with });
        }
        let (mine, theirs) = match o.answers[with.index()] {
            answer::ACCEPTED => (o.give, o.get),
            answer::COUNTERED => {
                let (g, r) = o.counters[with.index()];
                (r, g)
            }
            _ => return Err(RuleError::NotAccepted { partner: with }),
        };
        // Hands are checked again at confirmation (docs/rulings.md §17).
        let hand = &self.seats[player.index()].hand;
        if !hand.contains(&mine) {
            return Err(RuleError::NotEnoughResources { need: mine });
        }
        let other = &self.seats[with.index()].hand;
        if !other.contains(&theirs) {
            return Err(RuleError::NotEnoughResources { need: theirs });
        }
        Ok(())
    }

    /// A maritime trade with the bank.
    #[inline(always)]
    pub(super) fn maritime_trade<S: EventSink>(
        &mut self,
        p: u8,
        (give, get, rate): (Resource, Resource, u8),
        sink: &mut S,
    ) {
        let s = &mut self.seats[p as usize];
        s.hand[give] -= rate;
        s.hand[get] += 1;
        self.bank[give] += rate;
        self.bank[get] -= 1;
        sink.push(Event::MaritimeTraded {
            player: Player(p),
            give,
            get,
            rate,
        });
    }

    /// Opens an offer; everyone it is made to is asked.
    #[inline(always)]
    pub(super) fn offer_trade<S: EventSink>(
        &mut self,
        p: u8,
        to: Option<Player>,
        (give, get): (Resources, Resources),
        sink: &mut S,
    ) {
        let mut answers = [answer::NOT_ASKED; MAX_PLAYERS];
        for q in 0..self.rules.players {
            if q != p && to.is_none_or(|t| t.0 == q) {
                answers[q as usize] = answer::PENDING;
            }
        }
        self.offer = Some(Offer {
            from: p,
            to: to.map(|t| t.0),
            give,
            get,
            answers,
            counters: [(Resources::EMPTY, Resources::EMPTY); MAX_PLAYERS],
        });
        sink.push(Event::TradeOffered {
            player: Player(p),
            to,
            give,
            get,
        });
    }

    fn answer(&mut self, p: u8, a: u8) {
        self.offer.as_mut().expect("open offer").answers[p as usize] = a;
    }

    /// `p` accepts the open offer.
    #[inline(always)]
    pub(super) fn accept_trade<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.answer(p, answer::ACCEPTED);
        sink.push(Event::TradeAccepted { player: Player(p) });
    }

    /// `p` rejects the open offer; it closes once everyone asked has rejected it.
    #[inline(always)]
    pub(super) fn reject_trade<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.answer(p, answer::REJECTED);
        sink.push(Event::TradeRejected { player: Player(p) });
        let o = self.offer.as_ref().expect("open offer");
        if o.answers
            .iter()
            .all(|&a| a == answer::NOT_ASKED || a == answer::REJECTED)
        {
            sink.push(Event::TradeClosed {
                player: Player(o.from),
            });
            self.offer = None;
        }
    }

    /// `p` answers the open offer with other terms (from `p`'s side).
    #[inline(always)]
    pub(super) fn counter_offer<S: EventSink>(
        &mut self,
        p: u8,
        (give, get): (Resources, Resources),
        sink: &mut S,
    ) {
        self.answer(p, answer::COUNTERED);
        self.offer.as_mut().expect("open offer").counters[p as usize] = (give, get);
        sink.push(Event::TradeCountered {
            player: Player(p),
            give,
            get,
        });
    }

    /// The offerer closes the offer with `with` on the terms `with` accepted or countered.
    #[inline(always)]
    pub(super) fn confirm_trade<S: EventSink>(&mut self, p: u8, with: Player, sink: &mut S) {
        let o = self.offer.take().expect("open offer");
        let (gave, got) = if o.answers[with.index()] == answer::ACCEPTED {
            (o.give, o.get)
        } else {
            let (g, r) = o.counters[with.index()];
            (r, g)
        };
        let me = &mut self.seats[p as usize].hand;
        me.sub(&gave);
        me.add(&got);
        let them = &mut self.seats[with.index()].hand;
        them.sub(&got);
        them.add(&gave);
        sink.push(Event::Traded {
            player: Player(p),
            partner: with,
            gave,
            got,
        });
    }

    /// The offerer withdraws the open offer.
    #[inline(always)]
    pub(super) fn cancel_trade<S: EventSink>(&mut self, p: u8, sink: &mut S) {
        self.offer = None;
        sink.push(Event::TradeClosed { player: Player(p) });
    }

    /// While an offer is open: each asked seat's accept (if it holds the cards) and reject,
    /// the offerer's confirmations, and the withdrawal.
    #[inline(always)]
    pub(super) fn push_trade_answers<O: Out>(&self, o: &Offer, out: &mut O) {
        let from = Player(o.from);
        for q in 0..self.rules.players {
            let s = &self.seats[q as usize];
            match o.answers[q as usize] {
                answer::PENDING => {
                    if s.hand.contains(&o.get) {
                        out.push(Action::AcceptTrade { player: Player(q) });
                    }
                    out.push(Action::RejectTrade { player: Player(q) });
                }
                answer::ACCEPTED | answer::COUNTERED => {
                    let a = Action::ConfirmTrade {
                        player: from,
                        with: Player(q),
                    };
                    if self.is_legal(&a) {
                        out.push(a);
                    }
                }
                _ => {}
            }
        }
        out.push(Action::CancelTrade { player: from });
    }

    /// The main phase's trades: maritime trades at the best rate for each pair the hand
    /// and bank allow, then the listed one-for-one offers.
    #[inline(always)]
    pub(super) fn push_trades<O: Out>(&self, player: Player, out: &mut O) {
        let hand = self.seats[player.index()].hand;
        // The rate for each resource (one table row per set of harbours), the resources the
        // hand can give at their rate and those the bank can pay out, as bitmasks worked
        // out five bytes at a time.
        let rates = RATES[(self.harbors(player) & 0x3f) as usize];
        let ge = high_bits_at_least(hand.word(), u64::from_le_bytes(rates));
        // Most hands can give nothing at their rate (two in three main-phase listings):
        // the bank is looked at only for the others. The test is on the compared bytes,
        // before their bits are gathered: the branch on it is data, and it is found
        // wrong sooner.
        if ge != 0 {
            let mut afford = gathered(ge);
            debug_assert!(afford != 0);
            let in_bank = words_at_least(self.bank.word(), 0x01_0101_0101);
            if in_bank == 0x1f {
                // The bank holds every resource (nearly always): each resource the hand can
                // give lists its row of the table, whole.
                let rows = &MARITIME[player.index()];
                while afford != 0 {
                    let g = afford.trailing_zeros() as usize;
                    afford &= afford - 1;
                    out.extend(&rows[g][(rates[g] - 2) as usize]);
                }
            } else {
                while afford != 0 {
                    let g = afford.trailing_zeros() as usize;
                    afford &= afford - 1;
                    let (give, rate) = (Resource::ALL[g], rates[g]);
                    let mut gets = in_bank & !(1 << g);
                    while gets != 0 {
                        let get = Resource::ALL[gets.trailing_zeros() as usize];
                        gets &= gets - 1;
                        out.push(Action::MaritimeTrade {
                            player,
                            give,
                            get,
                            rate,
                        });
                    }
                }
            }
        }
        for give in Resource::ALL {
            if hand[give] == 0 {
                continue;
            }
            out.offers(player, give);
        }
    }
}

/// The index of `get` among the four resources other than `give`.
#[inline]
fn other_index(give: Resource, get: Resource) -> u32 {
    let g = get.index() as u32;
    g - (g > give.index() as u32) as u32
}

/// The resource other than `give` with index `i` (see [`other_index`]).
#[inline]
fn from_other_index(give: Resource, i: u32) -> Resource {
    let g = i + (i >= give.index() as u32) as u32;
    Resource::ALL[g as usize]
}

impl ActionSpace {
    /// The id of a maritime trade at any rate: `(give 4 + get') 3 + (rate - 2)`.
    #[inline]
    pub(crate) fn encode_maritime(&self, give: Resource, get: Resource, rate: u8) -> Option<u32> {
        if give == get || !(2..=4).contains(&rate) {
            return None;
        }
        Some(
            self.offset(Block::Maritime)
                + (give.index() as u32 * 4 + other_index(give, get)) * 3
                + (rate as u32 - 2),
        )
    }

    /// The id of a one-for-one offer to everyone (`give 4 + get'`); other offers have none.
    #[inline]
    pub(crate) fn encode_offer(
        &self,
        to: Option<Player>,
        give: &Resources,
        get: &Resources,
    ) -> Option<u32> {
        if to.is_some() || give.total() != 1 || get.total() != 1 {
            return None;
        }
        let g = Resource::ALL[give.0.iter().position(|&c| c == 1)?];
        let r = Resource::ALL[get.0.iter().position(|&c| c == 1)?];
        if g == r {
            return None;
        }
        Some(self.offset(Block::Offer) + g.index() as u32 * 4 + other_index(g, r))
    }

    /// The first id of `give`'s four one-for-one offers.
    #[inline]
    pub(crate) fn offers_of(&self, give: Resource) -> u32 {
        self.offset(Block::Offer) + give.index() as u32 * 4
    }

    /// The id of an answer to the open offer (accept, reject: per answering seat; confirm:
    /// per partner; withdraw); `None` for a seat out of range and for counter-offers.
    #[inline]
    pub(crate) fn encode_answer(&self, a: &Action) -> Option<u32> {
        let (b, seat) = match *a {
            Action::AcceptTrade { player } => (Block::Accept, player),
            Action::RejectTrade { player } => (Block::Reject, player),
            Action::ConfirmTrade { with, .. } => (Block::Confirm, with),
            Action::CancelTrade { .. } => return Some(self.offset(Block::Cancel)),
            _ => return None,
        };
        (seat.0 < self.players).then(|| self.offset(b) + seat.0 as u32)
    }

    /// The trade action with index `i` in block `b` (maritime, offer, accept, reject,
    /// confirm, cancel).
    pub(crate) fn decode_trade(b: Block, i: u32, player: Player) -> Action {
        match b {
            Block::Maritime => {
                let (pair, rate) = (i / 3, i % 3 + 2);
                let give = Resource::ALL[(pair / 4) as usize];
                Action::MaritimeTrade {
                    player,
                    give,
                    get: from_other_index(give, pair % 4),
                    rate: rate as u8,
                }
            }
            Block::Offer => {
                let give = Resource::ALL[(i / 4) as usize];
                Action::OfferTrade {
                    player,
                    to: None,
                    give: Resources::one(give),
                    get: Resources::one(from_other_index(give, i % 4)),
                }
            }
            Block::Accept => Action::AcceptTrade {
                player: Player(i as u8),
            },
            Block::Reject => Action::RejectTrade {
                player: Player(i as u8),
            },
            Block::Confirm => Action::ConfirmTrade {
                player,
                with: Player(i as u8),
            },
            _ => Action::CancelTrade { player },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::words_at_least;
    use crate::types::Resources;

    #[test]
    fn byte_comparisons_agree_with_one_at_a_time() {
        // Counts up to 24 (the largest bank) in each position, against every threshold the
        // trade listing uses (rates 2 to 4, and 1 for "the bank holds some").
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = x.to_le_bytes();
            let a = [b[0] % 25, b[1] % 25, b[2] % 25, b[3] % 25, b[4] % 25];
            let t = [1 + b[5] % 4, 1 + b[6] % 4, 1 + b[7] % 4, 2, 127 - b[0] % 3];
            let a = [
                a[0],
                a[1],
                a[2],
                a[3],
                if b[1] & 1 == 0 { a[4] } else { 127 },
            ];
            let want = (0..5).fold(0u8, |m, i| m | (((a[i] >= t[i]) as u8) << i));
            // Packed as the listing packs a hand and the bank (`Resources::word`).
            let word = |c: [u8; 5]| Resources::new(c[0], c[1], c[2], c[3], c[4]).word();
            assert_eq!(words_at_least(word(a), word(t)), want, "{a:?} >= {t:?}");
        }
    }
}
