//! The Card Game's observation: a flat `f32` vector of one seat's view, with its layout
//! and bounds (version 1).
//!
//! It is written from [`CardGame::view`] alone, so it holds exactly what the seat may know:
//! nothing moves when only hidden information changes (the opponent's hidden hand, the
//! order of unsearched piles, the generator; `tests::hidden_information_does_not_show`).
//! Seats are relative: slot 0 is the observer, slot 1 the opponent. Cards are their
//! catalogue index plus one (0: no card); every value lies in `0..=high` ([`high`]).
//!
//! | block | values |
//! | --- | --- |
//! | principality of slot `k` (2) | per cell of the `5 × 27` grid, row by row: card + 1, resources stored (270); then victory, strength, tournament and trade points, cards in hand, hand limit, action cards played (7) |
//! | own hand | per slot (16): card + 1, taken this turn |
//! | opponent's hand | visible now (a Spy, the Conflict event), then per slot (16): card + 1 |
//! | piles | cards in each of the 10 piles; then whether the observer knows each pile's order (10) |
//! | drawn | the landscapes the observer drew for a new settlement (2): card + 1 |
//! | turn | event die, production die, the Alchemist's production die, turn number, slot 0 to move, slot 0 must act now |
//! | tokens | Knight token held by slot `k` (2), Mill token held by slot `k` (2) |
//! | offer | an offer is open, what it gives (6), what it asks (6) |
//! | end | slot `k` has won (2) |

use crate::cards::{CardGame, CardView, PileId, COLS, MAX_STOCK, ROWS};
use crate::types::Player;

/// Layout version of [`observe`].
pub const CARD_OBSERVATION_VERSION: u32 = 1;

/// Hand slots shown per hand (the action ids' hand slots).
const SLOTS: usize = crate::cards::HAND_SLOTS as usize;
const PRINCIPALITY: usize = ROWS * COLS * 2 + 7;
/// Length of the observation.
pub const CARD_OBSERVATION_LEN: usize =
    2 * PRINCIPALITY + 2 * SLOTS + 1 + SLOTS + 2 * PileId::COUNT + 2 + 6 + 4 + 13 + 2;

/// Largest card value (catalogue index + 1).
const CARD_HIGH: f32 = 256.0;
/// Bound of counts (points, hand sizes, pile sizes).
const COUNT_HIGH: f32 = 255.0;
/// Bound of the turn number.
const TURN_HIGH: f32 = u16::MAX as f32;

/// Writes values with their bounds, checking none is exceeded (values are clamped).
struct Writer<'a> {
    out: Option<&'a mut [f32]>,
    high: Option<&'a mut Vec<f32>>,
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, value: f32, high: f32) {
        if let Some(out) = self.out.as_deref_mut() {
            out[self.at] = value.clamp(0.0, high);
        }
        if let Some(h) = self.high.as_deref_mut() {
            h.push(high);
        }
        self.at += 1;
    }

    fn card(&mut self, card: Option<u8>) {
        self.put(card.map_or(0.0, |c| f32::from(c) + 1.0), CARD_HIGH);
    }

    fn count(&mut self, n: impl TryInto<u32>) {
        let n = n.try_into().unwrap_or(u32::MAX);
        self.put(n.min(COUNT_HIGH as u32) as f32, COUNT_HIGH);
    }

    fn flag(&mut self, b: bool) {
        self.put(f32::from(u8::from(b)), 1.0);
    }
}

fn write(view: &CardView, me: Player, to_act: bool, w: &mut Writer<'_>) {
    let slots = [me, crate::cards::opponent(me)];
    for p in slots {
        let pr = &view.principalities[p.index()];
        let mut grid = [(None, 0u8); ROWS * COLS];
        for &(r, c, card, stock, _) in &pr.cells {
            grid[r as usize * COLS + c as usize] = (Some(card.0), stock);
        }
        for (card, stock) in grid {
            w.card(card);
            w.put(f32::from(stock), f32::from(MAX_STOCK));
        }
        w.count(pr.points);
        w.count(pr.strength);
        w.count(pr.tournament);
        w.count(pr.trade);
        w.count(pr.hand_size);
        w.count(pr.hand_limit);
        w.count(pr.played.len());
    }
    for i in 0..SLOTS {
        let h = view.hand.get(i);
        w.card(h.map(|h| h.card.0));
        w.flag(h.is_some_and(|h| h.fresh));
    }
    w.flag(view.opponent_hand.is_some());
    for i in 0..SLOTS {
        let c = view.opponent_hand.as_ref().and_then(|h| h.get(i));
        w.card(c.map(|c| c.0));
    }
    for &n in &view.pile_sizes {
        w.count(n);
    }
    for i in 0..PileId::COUNT as u8 {
        w.flag(view.known_piles.iter().any(|(p, _)| p.0 == i));
    }
    for i in 0..2 {
        w.card(view.drawn.get(i).map(|c| c.0));
    }
    let (event, production) = view.dice.unwrap_or((0, 0));
    w.put(f32::from(event), 6.0);
    w.put(f32::from(production), 6.0);
    w.put(f32::from(view.alchemist.unwrap_or(0)), 6.0);
    w.put(f32::from(view.turn), TURN_HIGH);
    w.flag(view.current == me);
    w.flag(to_act);
    for token in [view.knight_token, view.mill_token] {
        for p in slots {
            w.flag(token == Some(p));
        }
    }
    w.flag(view.offer.is_some());
    for side in 0..2 {
        for r in 0..6 {
            let n = view
                .offer
                .map_or(0, |o| if side == 0 { o.give.0[r] } else { o.get.0[r] });
            w.count(n);
        }
    }
    for p in slots {
        w.flag(view.winner == Some(p));
    }
}

/// Writes `seat`'s observation of `game` into `out` (see the [module notes](self)).
///
/// ```
/// use catan_rules::agents::cards_observation::{high, observe, CARD_OBSERVATION_LEN};
/// use catan_rules::cards::{CardGame, CardRules};
/// use catan_rules::Player;
///
/// let game = CardGame::new(CardRules::default(), 1);
/// let mut obs = vec![0.0; CARD_OBSERVATION_LEN];
/// observe(&game, Player(0), &mut obs);
/// assert!(obs.iter().zip(high()).all(|(v, h)| (0.0..=h).contains(v)));
/// ```
///
/// # Panics
/// If `out` is shorter than [`CARD_OBSERVATION_LEN`] or `seat` is not 0 or 1.
pub fn observe(game: &CardGame, seat: Player, out: &mut [f32]) {
    assert!(seat.0 < 2, "the Card Game has seats 0 and 1");
    let view = game.view(Some(seat));
    let mut w = Writer {
        out: Some(out),
        high: None,
        at: 0,
    };
    write(&view, seat, game.to_act().contains(seat), &mut w);
    debug_assert_eq!(w.at, CARD_OBSERVATION_LEN);
}

/// The upper bound of every value of the observation (every lower bound is 0).
pub fn high() -> Vec<f32> {
    let game = CardGame::new(crate::cards::CardRules::default(), 0);
    let view = game.view(Some(Player(0)));
    let mut high = Vec::with_capacity(CARD_OBSERVATION_LEN);
    let mut w = Writer {
        out: None,
        high: Some(&mut high),
        at: 0,
    };
    write(&view, Player(0), false, &mut w);
    high
}

/// The layout of the Card Game's observation: [`CARD_OBSERVATION_LEN`] values and their
/// bounds ([`high`]), the same for every game.
#[derive(Clone, Debug, PartialEq)]
pub struct CardObservationLayout {
    high: Vec<f32>,
}

impl Default for CardObservationLayout {
    fn default() -> CardObservationLayout {
        CardObservationLayout { high: high() }
    }
}

impl super::FlatLayout for CardObservationLayout {
    fn len(&self) -> usize {
        CARD_OBSERVATION_LEN
    }

    fn high(&self) -> &[f32] {
        &self.high
    }
}

/// [`observe`].
impl super::FlatObservation for CardGame {
    type Layout = CardObservationLayout;

    fn observation_layout(&self) -> CardObservationLayout {
        CardObservationLayout::default()
    }

    fn write_observation(&self, seat: Player, _: &CardObservationLayout, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            CARD_OBSERVATION_LEN,
            "`out` is the layout's length"
        );
        observe(self, seat, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::bots::{Bot, Perspective, RandomBot};
    use crate::cards::{opponent, CardRules};

    /// The documented length; every value within its bound along seeded games.
    #[test]
    fn observations_stay_in_bounds() {
        let h = high();
        assert_eq!(h.len(), CARD_OBSERVATION_LEN);
        assert_eq!(CARD_OBSERVATION_LEN, 650, "docs/agents.md gives the length");
        let mut obs = vec![0.0; CARD_OBSERVATION_LEN];
        let mut g = CardGame::new(CardRules::default(), 4);
        let mut bot = RandomBot::<CardGame>::new(4);
        while g.winner().is_none() {
            for seat in [Player(0), Player(1)] {
                observe(&g, seat, &mut obs);
                assert!(obs.iter().zip(&h).all(|(v, h)| (0.0..=*h).contains(v)));
            }
            let seat = g.to_act().iter().next().unwrap();
            let a = bot.choose(&Perspective::new(&g, seat)).unwrap();
            g.apply(a).unwrap();
        }
        observe(&g, Player(0), &mut obs);
        assert_eq!(
            obs[CARD_OBSERVATION_LEN - 2] + obs[CARD_OBSERVATION_LEN - 1],
            1.0
        );
    }

    /// Nothing moves when only hidden information changes: an unseen card swapped between
    /// the opponent's hand and an unsearched development pile, and another generator
    /// (`CardGame::view`: the opponent's hand and unsearched piles are hidden).
    #[test]
    fn hidden_information_does_not_show() {
        let mut g = CardGame::new(CardRules::default(), 9);
        let mut bot = RandomBot::<CardGame>::new(9);
        let (mut a, mut b) = (
            vec![0.0; CARD_OBSERVATION_LEN],
            vec![0.0; CARD_OBSERVATION_LEN],
        );
        let mut checked = 0;
        while g.winner().is_none() && checked < 20 {
            let seat = g.to_act().iter().next().unwrap();
            let other = opponent(seat).index();
            let view = g.view(Some(seat));
            let mut pos = g.to_position();
            pos.rng = crate::rng::Rng::new(checked as u64 + 77);
            let pile = (0..PileId::DEVELOPMENT)
                .map(PileId::development)
                .find(|&p| {
                    !view.known_piles.iter().any(|(k, _)| *k == p)
                        && pos.hands[other]
                            .first()
                            .is_some_and(|h| pos.piles[p.index()].iter().any(|c| *c != h.card))
                });
            if let (Some(pile), None) = (pile, &view.opponent_hand) {
                let at = pos.piles[pile.index()]
                    .iter()
                    .position(|c| *c != pos.hands[other][0].card)
                    .unwrap();
                let card = pos.hands[other][0].card.clone();
                pos.hands[other][0].card =
                    std::mem::replace(&mut pos.piles[pile.index()][at], card);
                let h = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
                assert_ne!(h.to_json(), g.to_json());
                observe(&g, seat, &mut a);
                observe(&h, seat, &mut b);
                assert_eq!(a, b);
                // The opponent's own observation does see its hand change.
                observe(&g, opponent(seat), &mut a);
                observe(&h, opponent(seat), &mut b);
                assert_ne!(a, b);
                checked += 1;
            }
            let a = bot.choose(&Perspective::new(&g, seat)).unwrap();
            g.apply(a).unwrap();
        }
        assert!(checked >= 10, "only {checked} positions checked");
    }
}
