//! Determinization: a full game drawn to agree with everything one seat knows.
//!
//! A search player cannot look at the real game: other seats' hands, their development
//! cards, the order of the deck and the random generator are hidden from it. What it can do
//! is *sample* a game consistent with its view — the tool OpenSpiel calls
//! `ResampleFromInfostate` — and plan on that sample. [`Game::resample_hidden`] draws such
//! a game:
//!
//! * **Resource cards.** Each other seat keeps its hand *size*; the cards in those hands
//!   are dealt afresh from the multiset of resource cards the seat cannot see. That
//!   multiset is public arithmetic: for each resource, the cards in the game minus the
//!   bank minus the seat's own hand (cards are conserved, docs/rulings.md §6).
//! * **Development cards.** Each other seat keeps how many cards it holds, and how many of
//!   them were bought this turn (buying is done in the open); the kinds are dealt afresh,
//!   with the deck, from the cards nobody has shown: the 25 of the base game less the
//!   seat's own and those played face up (Catan base rules, 5th ed., "Development Cards":
//!   a played card stays face up). The deck keeps its size.
//!   Once the game is over, the winner's victory point cards have been shown and stay.
//! * **Chance.** The generator is replaced by a fresh one drawn from the caller's `rng`,
//!   so dice, steals and draws of the sample are independent of the real game's future.
//! * **Face-down stacks** (The Fog Islands): what is left in them is kept, in a fresh order
//!   (Seafarers rules, 'The Fog Islands': the stacks are shuffled face down).
//!
//! Everything else (board, pieces, robber, bank, turn, phase, open offer, discards owed,
//! knights, special cards) is public and kept. The sample is *valid*: the seat's
//! [`Game::view`] of it equals its view of the real game, cards are conserved, and the
//! player whose turn it is never holds enough points to have already won (a player wins as
//! soon as they reach the target on their own turn, docs/rulings.md §4), so the sample is a
//! position the game could really be in.
//!
//! The draw depends only on what the seat may know: two games that differ only in hidden
//! information give the same sample for the same `rng` (see the tests).

use crate::game::{Game, Phase};
use crate::rng::Rng;
use crate::types::{DevCard, Player, Resource, MAX_PLAYERS};

/// Attempts at an unconstrained deal before the deal is repaired (see
/// [`Game::resample_hidden`]).
const DEAL_ATTEMPTS: u32 = 16;

/// At most this many cards in any pool (95 resource cards in the base game; the bank size
/// may grow with the 5–6 player extension).
const POOL: usize = 256;

/// Fisher–Yates shuffle of `cards`.
fn shuffle(cards: &mut [u8], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}

impl Game {
    /// A game drawn at random among those `seat` cannot tell apart from this one (see the
    /// [module notes](crate::determinize)): other seats' hands and development cards and
    /// the deck are dealt afresh within their public counts, and the generator is reseeded
    /// from `rng`. `seat`'s own view is unchanged: `sample.view(Some(seat)) ==
    /// self.view(Some(seat))`.
    ///
    /// For a seat not at the table (`seat >= players()`) the game is returned with only its
    /// generator reseeded.
    ///
    /// ```
    /// use catan_rules::{Game, Player, Rng, Rules};
    ///
    /// let mut game = Game::new(Rules::default(), 3).unwrap();
    /// let mut legal = Vec::new();
    /// while game.turn() < 12 {
    ///     game.legal_actions_without_offers(&mut legal);
    ///     game.apply(legal[legal.len() / 2]).unwrap();
    /// }
    /// let mut rng = Rng::new(1);
    /// let sample = game.resample_hidden(Player(0), &mut rng);
    /// assert_eq!(sample.view(Some(Player(0))), game.view(Some(Player(0))));
    /// assert_eq!(sample.hand(Player(0)), game.hand(Player(0)));
    /// assert_eq!(sample.hand(Player(1)).total(), game.hand(Player(1)).total());
    /// ```
    pub fn resample_hidden(&self, seat: Player, rng: &mut Rng) -> Game {
        let mut g = self.clone();
        g.rng = Rng::new(rng.next_u64());
        g.fog = self.fog.reshuffled(rng);
        let n = self.rules.players as usize;
        if seat.index() >= n {
            return g;
        }
        let others = (0..n).filter(|&q| q != seat.index());

        // Resource cards: the unseen multiset, dealt by hand size.
        let mut cards = [0u8; POOL];
        let mut len = 0usize;
        for q in others.clone() {
            for r in Resource::ALL {
                for _ in 0..self.seats[q].hand[r] {
                    cards[len] = r as u8;
                    len += 1;
                }
            }
        }
        // Sort so that the pool, not who held what, is the input of the shuffle.
        cards[..len].sort_unstable();
        shuffle(&mut cards[..len], rng);
        let mut at = 0usize;
        for q in others.clone() {
            let size = self.seats[q].hand.total() as usize;
            let mut hand = crate::types::Resources::EMPTY;
            for &c in &cards[at..at + size] {
                hand.0[c as usize] += 1;
            }
            g.seats[q].hand = hand;
            at += size;
        }

        // Development cards: the unshown multiset (deck + others' cards), dealt by counts.
        let mut dev = [0u8; POOL];
        let mut dlen = 0usize;
        let push = |c: DevCard, k: u8, dev: &mut [u8; POOL], dlen: &mut usize| {
            for _ in 0..k {
                dev[*dlen] = c as u8;
                *dlen += 1;
            }
        };
        // Once the game is over, the winner has shown the victory point cards that won it
        // (Catan base rules, 5th ed., "Ending the Game"): those stay where they are.
        let shown = shown_vp(self);
        for c in DevCard::ALL {
            push(c, self.deck[c], &mut dev, &mut dlen);
            for q in others.clone() {
                let (held, new) = if c == DevCard::VictoryPoint {
                    (shown[q].0, shown[q].1)
                } else {
                    (0, 0)
                };
                push(c, self.seats[q].dev[c] - held, &mut dev, &mut dlen);
                push(c, self.seats[q].new_dev[c] - new, &mut dev, &mut dlen);
            }
        }
        // Built in kind order, so already sorted.
        let current = self.current as usize;
        let check_current = current != seat.index()
            && current < n
            && !matches!(
                self.phase,
                Phase::SetupSettlement | Phase::SetupRoad | Phase::GameOver
            );
        let mut attempt = 0;
        loop {
            shuffle(&mut dev[..dlen], rng);
            deal_dev(self, &mut g, seat, &dev[..dlen]);
            attempt += 1;
            if !check_current || g.points(Player(current as u8)) < g.rules.vp_target {
                break;
            }
            if attempt >= DEAL_ATTEMPTS {
                repair_current(&mut g, current);
                break;
            }
        }
        g
    }
}

/// Deals `pool` to the other seats (held cards, then cards bought this turn) and the rest
/// to the deck.
fn deal_dev(real: &Game, g: &mut Game, seat: Player, pool: &[u8]) {
    let n = real.rules.players as usize;
    let mut at = 0usize;
    let take = |k: u32, at: &mut usize| {
        let mut out = crate::types::ByDevCard([0u8; 5]);
        for &c in &pool[*at..*at + k as usize] {
            out.0[c as usize] += 1;
        }
        *at += k as usize;
        out
    };
    let shown = shown_vp(real);
    let vp = DevCard::VictoryPoint;
    for q in (0..n).filter(|&q| q != seat.index()) {
        let (held, new) = shown[q];
        g.seats[q].dev = take(real.seats[q].dev.total() - held as u32, &mut at);
        g.seats[q].new_dev = take(real.seats[q].new_dev.total() - new as u32, &mut at);
        g.seats[q].dev[vp] += held;
        g.seats[q].new_dev[vp] += new;
    }
    g.deck = take(pool.len() as u32 - at as u32, &mut at);
}

/// Victory point cards everyone has seen, per seat (held, bought this turn): the winner's,
/// once the game is over.
fn shown_vp(g: &Game) -> [(u8, u8); MAX_PLAYERS] {
    let mut out = [(0, 0); MAX_PLAYERS];
    if let Some(w) = g.winner() {
        let s = &g.seats[w.index()];
        out[w.index()] = (
            s.dev[DevCard::VictoryPoint],
            s.new_dev[DevCard::VictoryPoint],
        );
    }
    out
}

/// Swaps victory point cards of the player to act for other cards held elsewhere (the
/// deck first, then other seats) until they are below the target. The real game is such an
/// assignment, so enough non-VP cards exist.
fn repair_current(g: &mut Game, current: usize) {
    let vp = DevCard::VictoryPoint;
    let n = g.rules.players as usize;
    while g.points(Player(current as u8)) >= g.rules.vp_target {
        let in_new = g.seats[current].new_dev[vp] > 0;
        // Find a non-VP card elsewhere: deck first.
        let mut swapped = false;
        for c in DevCard::ALL.into_iter().filter(|&c| c != vp) {
            if g.deck[c] > 0 {
                g.deck[c] -= 1;
                g.deck[vp] += 1;
                give(g, current, in_new, c);
                swapped = true;
                break;
            }
        }
        if !swapped {
            'outer: for q in (0..n).filter(|&q| q != current) {
                for c in DevCard::ALL.into_iter().filter(|&c| c != vp) {
                    if g.seats[q].dev[c] > 0 {
                        g.seats[q].dev[c] -= 1;
                        g.seats[q].dev[vp] += 1;
                        give(g, current, in_new, c);
                        swapped = true;
                        break 'outer;
                    }
                }
            }
        }
        if !swapped {
            return;
        }
    }
}

fn give(g: &mut Game, current: usize, in_new: bool, c: DevCard) {
    let s = &mut g.seats[current];
    if in_new {
        s.new_dev[DevCard::VictoryPoint] -= 1;
        s.new_dev[c] += 1;
    } else {
        s.dev[DevCard::VictoryPoint] -= 1;
        s.dev[c] += 1;
    }
}

const _: () = assert!(MAX_PLAYERS * 19 * 2 <= POOL);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layouts::MapKind;
    use crate::rules::Rules;
    use crate::types::Resources;

    /// Plays `steps` uniformly random offer-free actions.
    fn played(rules: Rules, seed: u64, steps: usize) -> Game {
        crate::tests::played(rules, seed, 0x5eed, steps)
    }

    fn dev_pool(g: &Game, seat: usize) -> [u32; 5] {
        let mut out = [0u32; 5];
        for c in DevCard::ALL {
            out[c as usize] += g.deck[c] as u32;
            for q in 0..g.players() as usize {
                if q != seat {
                    out[c as usize] += (g.seats[q].dev[c] + g.seats[q].new_dev[c]) as u32;
                }
            }
        }
        out
    }

    /// The sample keeps the seat's view, conserves cards and development cards, is a valid
    /// game (saved and loaded back unchanged) and never has the player to act already past
    /// the target (docs/rulings.md §4, §6).
    #[test]
    fn samples_keep_the_view_and_are_valid_games() {
        for seed in 0..40u64 {
            let rules = Rules {
                players: 2 + (seed % 3) as u8,
                map: [MapKind::Random, MapKind::Beginner][seed as usize % 2],
                ..Rules::default()
            };
            let g = played(rules, seed, 150 + 37 * seed as usize);
            let mut rng = Rng::new(seed);
            for seat in 0..g.players() {
                let s = g.resample_hidden(Player(seat), &mut rng);
                assert_eq!(s.view(Some(Player(seat))), g.view(Some(Player(seat))));
                crate::tests::assert_cards_conserved(&s);
                assert_eq!(dev_pool(&s, seat as usize), dev_pool(&g, seat as usize));
                let back = Game::from_json(&s.to_json()).expect("the sample loads");
                assert_eq!(back, s);
                if s.winner().is_none()
                    && !matches!(s.phase(), Phase::SetupSettlement | Phase::SetupRoad)
                {
                    assert!(s.points(s.current_player()) < s.rules.vp_target);
                }
                // The sample plays on: every listed action applies.
                let mut legal = Vec::new();
                s.legal_actions(&mut legal);
                for a in legal.iter().take(20) {
                    let mut t = s.clone();
                    t.apply(*a).expect("a listed action applies in the sample");
                }
            }
        }
    }

    /// Hidden information does not leak into the sample: moving cards between two other
    /// seats' hands (same sizes) and changing the generator give the same sample.
    #[test]
    fn samples_do_not_depend_on_hidden_information() {
        let mut checked = 0;
        for seed in 0..60u64 {
            let g = played(Rules::default(), seed, 200 + 11 * seed as usize);
            // Find one card of 1 and one different card of 2 and swap them.
            let (h1, h2) = (g.seats[1].hand, g.seats[2].hand);
            let pair = Resource::ALL.into_iter().find_map(|a| {
                Resource::ALL
                    .into_iter()
                    .find(|&b| a != b && h1[a] > 0 && h2[b] > 0)
                    .map(|b| (a, b))
            });
            let Some((a, b)) = pair else { continue };
            let mut h = g.clone();
            h.seats[1].hand.sub(&Resources::one(a));
            h.seats[1].hand.add(&Resources::one(b));
            h.seats[2].hand.sub(&Resources::one(b));
            h.seats[2].hand.add(&Resources::one(a));
            h.rng = Rng::new(seed ^ 0xdead_beef);
            assert_eq!(h.view(Some(Player(0))), g.view(Some(Player(0))));
            let s1 = g.resample_hidden(Player(0), &mut Rng::new(9));
            let s2 = h.resample_hidden(Player(0), &mut Rng::new(9));
            assert_eq!(s1, s2);
            checked += 1;
        }
        assert!(checked > 20, "only {checked} positions checked");
    }

    /// The sample really varies: over many draws, another seat's hand takes more than one
    /// composition when it holds cards of several kinds that could be others.
    #[test]
    fn samples_vary() {
        let g = played(Rules::default(), 5, 400);
        let mut seen = std::collections::HashSet::new();
        let mut rng = Rng::new(2);
        for _ in 0..50 {
            let s = g.resample_hidden(Player(0), &mut rng);
            seen.insert(s.hand(Player(1)).0);
        }
        let pool: u32 = (1..4).map(|q| g.hand(Player(q)).total()).sum();
        // The position has something to resample: seat 1 holds cards, and others too.
        assert!(g.hand(Player(1)).total() > 0 && pool > g.hand(Player(1)).total());
        assert!(seen.len() > 1, "{seen:?}");
    }
}
