//! The Card Game for agents: [`AgentGame`] for [`CardGame`] — a game drawn from one seat's
//! view ([`determinize`]) and a value of a position ([`value`]).
//!
//! Built on the Card Game's public API (its accessors, [`CardGame::view`] and
//! [`crate::engine::Engine`]), except that the determinization rewrites the hidden cards of
//! a copy of the game in place (crate-internal access to its state), so the rules'
//! internals may otherwise change freely.
//!
//! **Determinization.** A seat may know the public table, its own hand, the order of the
//! piles it searched and still knows, the opponent's hand while a Spy or the Conflict event
//! lets it look, and the landscapes it drew ([`CardGame::view`]). Everything else is dealt
//! afresh, within every public count:
//!
//! * the development cards it cannot see — the opponent's hand (unless it may look) and
//!   every development pile whose order it does not know — are shuffled together and dealt
//!   back by hand size and pile size (cards put under a pile leave the hand face down, so
//!   any unseen card may be in any unseen place); the opponent's cards taken this turn stay
//!   marked as such, as that count is public;
//! * the landscape pile, when the seat does not know its order, is shuffled together with
//!   the landscapes the opponent drew for a new settlement and has not laid (the seat never
//!   sees those);
//! * the event pile, when the seat does not know its order, is shuffled;
//! * the generator is reseeded from the caller's `rng`, and the sample draws its own
//!   chance ([`crate::ChanceMode::Seeded`]) even when the real game's comes from outside —
//!   except while the referee owes an outcome (the starting player, an attack's die, a
//!   shuffle step): a game with seeded chance would have drawn it already, so such a
//!   sample keeps the game's own chance mode (its hidden cards still drawn anew).
//!
//! The cards are moved in a copy of the game, among places of the same kind (hands,
//! development piles, the landscape pile and the drawn landscapes, the event pile): the
//! principalities, and so every count derived from them, are untouched, and every card
//! stays in the game. The sample gives the seat exactly its view (`sample.view(Some(seat))
//! == game.view(Some(seat))`) and is a valid game: its position loads back through the
//! position checks (`tests::determinization_keeps_the_view_and_is_valid`); it deals the
//! cards as dealing through the position would (`tests::determinization_deals_like_the_position_route`).
//! Two games that differ only in what the seat cannot see give the same sample for the same
//! `rng`: the pools are sorted before they are shuffled. It costs a copy of the game and a
//! shuffle (`cards_determinize` in `benches/cards.rs`).

use super::bots::{Method, SearchConfig};
use super::AgentGame;
use crate::cards::{
    opponent, sees_drawn, sees_opponent_hand, CardAction, CardGame, CardId, CardKind, PileId, COLS,
    MIDDLE, ROWS,
};
use crate::rng::Rng;
use crate::rules::ChanceMode;
use crate::types::Player;

/// Fisher–Yates shuffle.
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// Sorts a pool of unseen cards (so that the deal does not depend on where they were) and
/// shuffles it.
fn shuffled(pool: &mut [CardId], rng: &mut Rng) {
    pool.sort_unstable();
    shuffle(pool, rng);
}

/// A game drawn at random among those `seat` cannot tell apart from `game`, drawing its own
/// chance (see the [module notes](self)). For a seat not at the table only the generator
/// is reseeded.
///
/// ```
/// use catan_rules::agents::cards::determinize;
/// use catan_rules::cards::{CardGame, CardRules};
/// use catan_rules::{Player, Rng};
///
/// let game = CardGame::new(CardRules::default(), 5);
/// let sample = determinize(&game, Player(0), &mut Rng::new(1));
/// assert_eq!(sample.view(Some(Player(0))), game.view(Some(Player(0))));
/// ```
pub fn determinize(game: &CardGame, seat: Player, rng: &mut Rng) -> CardGame {
    // With seeded chance nobody is to act only once the game is over; with external chance
    // also while the referee owes an outcome, which the sample keeps owing.
    let owed = game.winner().is_none() && game.to_act().is_empty();
    let mut sample = game.clone();
    let s = sample.state_mut();
    s.rng = Rng::new(rng.next_u64());
    if !owed {
        s.rules.chance = ChanceMode::Seeded;
    }
    if seat.0 > 1 {
        return sample;
    }
    let other = opponent(seat).index();
    let known = s.known[seat.index()];
    let unknown = |pile: PileId| known & (1 << pile.0) == 0;

    // Development cards: the opponent's hidden hand and the unknown development piles.
    let hand_hidden = !sees_opponent_hand(s, seat);
    let dev = (0..PileId::DEVELOPMENT)
        .map(PileId::development)
        .filter(|&p| unknown(p));
    let mut pool: Vec<CardId> = Vec::with_capacity(64);
    if hand_hidden {
        pool.extend(s.hands[other].iter().map(|h| h.card));
    }
    for p in dev.clone() {
        pool.extend_from_slice(&s.piles[p.index()]);
    }
    shuffled(&mut pool, rng);
    let mut deal = pool.iter().copied();
    if hand_hidden {
        for h in &mut s.hands[other] {
            h.card = deal.next().expect("as many cards as places");
        }
    }
    for p in dev {
        for c in &mut s.piles[p.index()] {
            *c = deal.next().expect("as many cards as places");
        }
    }

    // Landscapes: the pile (unless known) and the opponent's unseen drawn landscapes.
    if unknown(PileId::LANDSCAPES) {
        let drawn_hidden = !sees_drawn(s, seat);
        pool.clear();
        pool.extend_from_slice(&s.piles[PileId::LANDSCAPES.index()]);
        if drawn_hidden {
            pool.extend(s.drawn.iter().flatten());
        }
        shuffled(&mut pool, rng);
        let mut deal = pool.iter().copied();
        if drawn_hidden {
            for c in s.drawn.iter_mut().flatten() {
                *c = deal.next().expect("as many cards as places");
            }
        }
        for c in &mut s.piles[PileId::LANDSCAPES.index()] {
            *c = deal.next().expect("as many cards as places");
        }
    }

    // Events: the pile's order, unless known.
    if unknown(PileId::EVENTS) {
        shuffled(&mut s.piles[PileId::EVENTS.index()], rng);
    }
    sample
}

/// Cards laid in `p`'s principality: landscapes and upgrades outside the middle row, roads
/// (odd columns of the middle row; settlements and towns lie on the even ones).
fn laid(game: &CardGame, p: Player) -> (u32, u32, u32) {
    let mut landscapes = 0;
    let mut upgrades = 0;
    let roads = (1..COLS)
        .step_by(2)
        .filter(|&c| game.cell(p, MIDDLE, c).card.is_some())
        .count() as u32;
    for r in (0..ROWS).filter(|&r| r != MIDDLE) {
        for c in 0..COLS {
            if game.cell(p, r, c).card.is_some() {
                if c % 2 == 1 {
                    landscapes += 1;
                } else {
                    upgrades += 1;
                }
            }
        }
    }
    (landscapes, upgrades, roads)
}

/// The public part of `p`'s value: points, landscapes, upgrades, roads, the kinds of
/// resources stored and the strength and trade that win the tokens.
fn public_value(game: &CardGame, p: Player) -> f64 {
    let (landscapes, upgrades, roads) = laid(game, p);
    let kinds = game.stock(p).0.iter().filter(|&&n| n > 0).count() as u32;
    100.0 * f64::from(game.points(p))
        + 12.0 * f64::from(landscapes)
        + 30.0 * f64::from(upgrades)
        + 40.0 * f64::from(roads)
        + 12.0 * f64::from(kinds)
        + 8.0 * f64::from(game.strength(p) + game.trade_points(p))
}

/// The value of `p`'s hand: 6 per card up to the hand limit other than action cards (an
/// action card is worth what playing it brings), −8 per card above the limit.
fn hand_value(game: &CardGame, p: Player) -> f64 {
    let hand = game.hand(p);
    let limit = game.hand_limit(p);
    let over = hand.len().saturating_sub(limit) as f64;
    let actions = hand
        .iter()
        .filter(|h| game.catalogue().card(h.card).kind == CardKind::Action)
        .count();
    let kept = hand.len().min(limit).saturating_sub(actions) as f64;
    6.0 * kept - 8.0 * over
}

/// The value of a Card Game position for `p`, in "points × 100" (the greedy bot maximises
/// it; the search bot scores its playouts with it). Read on a determinized sample: only
/// `p`'s own hand and public facts are used.
///
/// | term | value |
/// | --- | --- |
/// | victory points (settlements, towns, buildings, the tokens) | 100 each; 10,000 for a win |
/// | landscapes laid | 12 each |
/// | upgrades laid (buildings, units) | 30 each |
/// | roads (the way to the next settlement: a one-ply lookahead would not pay for a road otherwise) | 40 each |
/// | kinds of resources stored on the landscapes (a spread pays for more builds than a heap) | 12 each |
/// | strength and trade points (the tokens' races) | 8 each |
/// | cards in hand other than action cards, up to the hand limit (an action card is worth what playing it brings) | 6 each; −8 for each card above the limit |
/// | the opponent | − ¼ of its public part of this value (all terms but the hand) |
///
/// The weights were measured in greedy-against-greedy matches (docs/agents.md, "The Card
/// Game"): the greedy bot with this value wins about 89 % of 2,000 matches against the
/// greedy bot with the value before it (upgrades 10, 4 per resource unit stored instead of
/// 12 per kind, action cards in hand worth 6 like the others).
pub fn value(game: &CardGame, p: Player) -> f64 {
    if game.winner() == Some(p) {
        return 10_000.0;
    }
    public_value(game, p) + hand_value(game, p) - 0.25 * public_value(game, opponent(p))
}

/// Kinds of Card Game actions for the weighted bot, with their weights: building a town 60,
/// a settlement 50, laying an upgrade 40, a road 20, playing an action card 15, trading with
/// the principality 8, replenishing (drawing, searching, changing a card) 5, anything else 1.
const CARD_KIND_WEIGHT: [f64; 9] = [60.0, 50.0, 40.0, 20.0, 15.0, 8.0, 5.0, 1.0, 1.0];

fn card_kind(a: &CardAction) -> usize {
    match a {
        CardAction::BuildTown { .. } => 0,
        CardAction::BuildSettlement { .. } => 1,
        CardAction::Expand { .. } => 2,
        CardAction::BuildRoad { .. } => 3,
        CardAction::PlayCard { .. } | CardAction::PlayAlchemist { .. } => 4,
        CardAction::BankTrade { .. } => 5,
        CardAction::Draw { .. } | CardAction::Search { .. } | CardAction::Exchange { .. } => 6,
        CardAction::EndTurn { .. } => 7,
        _ => 8,
    }
}

/// The Card Game search's horizon, in actions from the root (the base game's is
/// [`SearchConfig::default`]'s 16). A Card Game turn is many small actions (each resource
/// chosen, each card taken, each step of an event), so 24 actions of greedy playout reach
/// into the opponent's turns, where the playout's noise swamps the choice at the root. A
/// horizon of 4 actions scored by [`value`], over 64 determinized samples, won 157 of 200
/// seeded matches against the greedy bot (docs/agents.md, "The Card Game"); 24 actions
/// won about half with the value before this one.
pub const CARD_SEARCH_DEPTH: u32 = 4;

impl AgentGame for CardGame {
    const MATCH_MAX_TURNS: u32 = 1000;

    #[inline]
    fn is_offer(action: &CardAction) -> bool {
        action.is_offer()
    }

    #[inline]
    fn actor(action: &CardAction) -> Player {
        action.player()
    }

    /// [`CardGame::legal_actions_for`] (with external chance each choice without its
    /// outcome), offers left out.
    fn choices(&self, seat: Player, out: &mut Vec<CardAction>) {
        self.legal_actions_for(seat, out);
        out.retain(|a| !a.is_offer());
    }

    fn sample_actions(&self, out: &mut Vec<CardAction>) {
        self.legal_actions(out);
        out.retain(|a| !a.is_offer());
    }

    fn determinize(&self, seat: Player, rng: &mut Rng) -> CardGame {
        determinize(self, seat, rng)
    }

    #[inline]
    fn apply_listed(&mut self, action: CardAction) {
        self.apply_legal(action, &mut ());
    }

    fn value(&self, p: Player) -> f64 {
        value(self, p)
    }

    fn weight(action: &CardAction) -> f64 {
        CARD_KIND_WEIGHT[card_kind(action)]
    }

    fn kind(action: &CardAction) -> usize {
        card_kind(action)
    }

    /// The tree search ([`Method::Tree`]) over 64 samples, nodes up to 8 children wide and
    /// a horizon of [`CARD_SEARCH_DEPTH`] actions: measured against the greedy bot it won 83
    /// of 100 seeded matches, where the board game's default (the flat search over the
    /// greedy's best 4, 256 playouts) won 63 (docs/agents.md, "The Card Game").
    fn search_config() -> SearchConfig {
        SearchConfig {
            method: Method::Tree,
            playouts: 64,
            candidates: 8,
            depth: CARD_SEARCH_DEPTH,
            ..SearchConfig::default()
        }
    }

    fn turns(&self) -> u32 {
        u32::from(self.turn())
    }

    fn scores(&self) -> Vec<u8> {
        (0..2)
            .map(|p| self.points(Player(p)).min(255) as u8)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::bots::{play_match_of, Bot, BotKind, Perspective, RandomBot};
    use crate::cards::{CardDecision, CardRules};

    /// The determinization through the position (write it, redeal the hidden cards in it,
    /// load it back): the reference the in-place [`determinize`] is compared with. Same
    /// pools and places; the pools are sorted by card name rather than by id.
    fn determinize_by_position(game: &CardGame, seat: Player, rng: &mut Rng) -> CardGame {
        let mut pos = game.to_position();
        pos.rng = Rng::new(rng.next_u64());
        if !(game.winner().is_none() && game.to_act().is_empty()) {
            pos.rules.chance = ChanceMode::Seeded;
        }
        let view = game.view(Some(seat));
        let other = opponent(seat).index();
        let known = |pile: PileId| view.known_piles.iter().any(|(p, _)| *p == pile);
        let redeal = |pool: &mut Vec<String>, rng: &mut Rng| {
            pool.sort_unstable();
            shuffle(pool, rng);
        };
        let unknown_dev: Vec<usize> = (0..PileId::DEVELOPMENT)
            .map(PileId::development)
            .filter(|&p| !known(p))
            .map(PileId::index)
            .collect();
        let hand_hidden = view.opponent_hand.is_none();
        let mut pool: Vec<String> = Vec::new();
        if hand_hidden {
            pool.extend(pos.hands[other].iter().map(|h| h.card.clone()));
        }
        for &i in &unknown_dev {
            pool.extend(pos.piles[i].iter().cloned());
        }
        redeal(&mut pool, rng);
        let mut deal = pool.into_iter();
        if hand_hidden {
            for h in &mut pos.hands[other] {
                h.card = deal.next().unwrap();
            }
        }
        for &i in &unknown_dev {
            for c in &mut pos.piles[i] {
                *c = deal.next().unwrap();
            }
        }
        let landscapes = PileId::LANDSCAPES.index();
        let drawn_hidden = view.drawn.is_empty() && !pos.drawn.is_empty();
        if !known(PileId::LANDSCAPES) {
            let mut pool: Vec<String> = pos.piles[landscapes].clone();
            if drawn_hidden {
                pool.extend(pos.drawn.iter().cloned());
            }
            redeal(&mut pool, rng);
            let mut deal = pool.into_iter();
            if drawn_hidden {
                for c in &mut pos.drawn {
                    *c = deal.next().unwrap();
                }
            }
            for c in &mut pos.piles[landscapes] {
                *c = deal.next().unwrap();
            }
        }
        if !known(PileId::EVENTS) {
            redeal(&mut pos.piles[PileId::EVENTS.index()], rng);
        }
        let json = serde_json::to_string(&pos).unwrap();
        CardGame::from_json_with(&json, game.catalogue().clone()).expect("a valid position")
    }

    /// The in-place determinization deals like the one through the position: over many
    /// samples of the same positions, each card lands in the opponent's hand, on top of a
    /// development pile and on top of the landscape pile about equally often by both routes
    /// (the counts agree within a few standard deviations), and both give the seat its view.
    #[test]
    fn determinization_deals_like_the_position_route() {
        const SAMPLES: usize = 300;
        let mut checked = 0;
        for g in positions(9, 13, 8) {
            let seat = g.current_player();
            let other = opponent(seat);
            let cards = g.catalogue().cards.len();
            // Per card: in the opponent's hand, on top of pile 5, on top of the landscapes.
            let count = |f: fn(&CardGame, Player, &mut Rng) -> CardGame, seed: u64| {
                let mut rng = Rng::new(seed);
                let mut n = vec![[0usize; 3]; cards];
                for _ in 0..SAMPLES {
                    let s = f(&g, seat, &mut rng);
                    assert_eq!(s.view(Some(seat)), g.view(Some(seat)));
                    for h in s.hand(other) {
                        n[h.card.0 as usize][0] += 1;
                    }
                    if let Some(c) = s.pile(PileId::development(0)).first() {
                        n[c.0 as usize][1] += 1;
                    }
                    if let Some(c) = s.pile(PileId::LANDSCAPES).first() {
                        n[c.0 as usize][2] += 1;
                    }
                }
                n
            };
            let fast = count(determinize, 1);
            let slow = count(determinize_by_position, 2);
            for (card, (a, b)) in fast.iter().zip(&slow).enumerate() {
                for k in 0..3 {
                    let (a, b) = (a[k] as f64, b[k] as f64);
                    // Two binomial counts of one mean: their difference has a standard
                    // deviation of at most sqrt(a + b).
                    let bound = 5.0 * (a + b).sqrt().max(1.0);
                    assert!(
                        (a - b).abs() <= bound,
                        "card {card}, place {k}: {a} in place by the in-place route, {b} by the position"
                    );
                }
            }
            checked += 1;
        }
        assert!(checked >= 5, "{checked}");
    }

    /// Positions along seeded games between random bots, every `every` actions.
    fn positions(seed: u64, every: usize, count: usize) -> Vec<CardGame> {
        let mut g = CardGame::new(CardRules::default(), seed);
        let mut bot = RandomBot::<CardGame>::new(seed);
        let mut out = Vec::new();
        let mut step = 0usize;
        while g.winner().is_none() && out.len() < count {
            let Some(seat) = g.to_act().iter().next() else {
                break;
            };
            if step % every == every - 1 {
                out.push(g.clone());
            }
            let a = bot.choose(&Perspective::new(&g, seat)).unwrap();
            g.apply(a).unwrap();
            step += 1;
        }
        out
    }

    /// The determinization gives the seat exactly its view ("Card Game rules": the
    /// opponent's hand and the unsearched piles are hidden; `CardGame::view`), is a valid
    /// game (its position loads back, every card is still in the game) and moves hidden
    /// cards: over several samples the opponent's hand or a pile differs from the real one.
    #[test]
    fn determinization_keeps_the_view_and_is_valid() {
        let mut rng = Rng::new(7);
        let mut moved = 0;
        let mut checked = 0;
        for seed in 1..4 {
            for g in positions(seed, 9, 12) {
                for seat in [Player(0), Player(1)] {
                    let s = determinize(&g, seat, &mut rng);
                    assert_eq!(s.view(Some(seat)), g.view(Some(seat)));
                    assert_eq!(s.total_cards(), g.total_cards());
                    assert_eq!(s.rules().chance, ChanceMode::Seeded);
                    let back = CardGame::from_json(&s.to_json()).expect("a valid position");
                    assert_eq!(back.to_json(), s.to_json());
                    let other = opponent(seat);
                    let piles_moved =
                        (0..PileId::COUNT as u8).any(|i| s.pile(PileId(i)) != g.pile(PileId(i)));
                    if s.hand(other) != g.hand(other) || piles_moved {
                        moved += 1;
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 40, "{checked}");
        assert!(
            moved * 2 > checked,
            "only {moved} of {checked} samples moved a card"
        );
    }

    /// Under the rule `choose_landscapes` a game waiting for a seat to turn a landscape
    /// card (docs/cards.md, "Paying and receiving by choice") is sampled with the step kept:
    /// the same view, decision and picks, hidden cards moved.
    #[test]
    fn determinization_keeps_a_pending_pick() {
        let rules = CardRules {
            choose_landscapes: true,
            ..CardRules::default()
        };
        let mut g = CardGame::new(rules, 3);
        let mut bot = RandomBot::<CardGame>::new(3);
        let mut rng = Rng::new(9);
        let (mut picks, mut moved) = (0, 0);
        while g.winner().is_none() && picks < 12 {
            let Some(seat) = g.to_act().iter().next() else {
                break;
            };
            if let CardDecision::Step {
                step: crate::cards::Pending::Turn { .. },
                ..
            } = g.decision()
            {
                picks += 1;
                for p in [Player(0), Player(1)] {
                    let s = determinize(&g, p, &mut rng);
                    assert_eq!(s.view(Some(p)), g.view(Some(p)));
                    assert_eq!(s.decision(), g.decision());
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    s.legal_actions(&mut a);
                    g.legal_actions(&mut b);
                    assert_eq!(a, b);
                    moved += usize::from(s.hand(opponent(p)) != g.hand(opponent(p)));
                }
            }
            let a = bot.choose(&Perspective::new(&g, seat)).unwrap();
            g.apply(a).unwrap();
        }
        assert!(picks >= 12, "only {picks} picks");
        assert!(moved > 0, "no hidden card moved");
    }

    /// The sample depends only on what the seat may know: a game whose opponent hand holds
    /// another unseen card (swapped with a card of an unsearched development pile) gives
    /// the same sample for the same generator.
    #[test]
    fn determinization_never_peeks() {
        let mut checked = 0;
        for g in positions(5, 7, 15) {
            let seat = g.current_player();
            let other = opponent(seat).index();
            let mut pos = g.to_position();
            let view = g.view(Some(seat));
            if view.opponent_hand.is_some() || pos.hands[other].is_empty() {
                continue;
            }
            let Some(pile) = (0..PileId::DEVELOPMENT)
                .map(PileId::development)
                .find(|&p| {
                    !view.known_piles.iter().any(|(k, _)| *k == p)
                        && pos.piles[p.index()]
                            .iter()
                            .any(|c| *c != pos.hands[other][0].card)
                })
            else {
                continue;
            };
            let at = pos.piles[pile.index()]
                .iter()
                .position(|c| *c != pos.hands[other][0].card)
                .unwrap();
            let card = pos.hands[other][0].card.clone();
            pos.hands[other][0].card = std::mem::replace(&mut pos.piles[pile.index()][at], card);
            let h = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
            assert_ne!(h.to_json(), g.to_json());
            assert_eq!(h.view(Some(seat)), g.view(Some(seat)));
            let a = determinize(&g, seat, &mut Rng::new(3));
            let b = determinize(&h, seat, &mut Rng::new(3));
            assert_eq!(a.to_json(), b.to_json());
            checked += 1;
        }
        assert!(
            checked >= 3,
            "only {checked} positions with a hidden card to swap"
        );
    }

    /// Every bot plays whole Card Games to the end through the one agent layer, choosing
    /// a legal action of its own seat each time (`run_match` panics otherwise).
    #[test]
    fn every_bot_finishes_card_games() {
        let kinds = [
            BotKind::Random,
            BotKind::Weighted,
            BotKind::Greedy,
            BotKind::Search { playouts: 1 },
        ];
        for (i, pair) in kinds.windows(2).enumerate() {
            let game = CardGame::new(CardRules::default(), 30 + i as u64);
            let r = play_match_of(game, 30 + i as u64, pair);
            assert!(
                r.winner.is_some(),
                "{pair:?}: no winner in {} turns",
                r.turns
            );
            assert!(r.decisions.iter().all(|&d| d > 0));
        }
    }

    /// Strength, counted on seeded games (docs/agents.md has the table): the greedy bot
    /// wins at least 9 of 10 Card Games against the uniform random bot, seats rotated.
    #[test]
    fn greedy_beats_random_in_card_games() {
        use crate::agents::tournament::{run_cards, TournamentConfig};
        let config = TournamentConfig {
            games: 10,
            seed: 21,
            threads: 1,
            ..TournamentConfig::new(vec![BotKind::Greedy, BotKind::Random])
        };
        let r = run_cards(&config, CardRules::default(), |_| {}).unwrap();
        assert!(r.players[0].wins >= 9, "{}", r.table());
    }

    /// With external chance (the dice, attack dice and shuffles are the referee's:
    /// `cards::seat` module notes) every bot chooses only its seat's decision — one of
    /// `CardGame::legal_actions_for`, never an outcome — and the referee supplies the
    /// outcome. Played for a whole game's first 60 turns.
    #[test]
    fn bots_choose_no_outcome_with_external_chance() {
        let rules = CardRules {
            chance: ChanceMode::External,
            ..CardRules::default()
        };
        let mut g = CardGame::new(rules, 6);
        let mut bots = [
            BotKind::Greedy.build_for::<CardGame>(1),
            BotKind::Search { playouts: 1 }.build_for::<CardGame>(2),
        ];
        let mut referee = Rng::new(3);
        let (mut choices, mut all) = (Vec::new(), Vec::new());
        let mut rolls = 0;
        while g.winner().is_none() && g.turn() < 60 {
            g.legal_actions(&mut all);
            let seat = g.to_act().iter().next();
            if let Some(seat) = seat {
                g.legal_actions_for(seat, &mut choices);
            }
            let Some(seat) = seat.filter(|_| !choices.is_empty()) else {
                // Nobody's choice (who starts, an attack die, a shuffle): the referee's,
                // and a bot asked then has nothing to do.
                if let Some(seat) = seat {
                    assert_eq!(bots[seat.index()].choose(&Perspective::new(&g, seat)), None);
                }
                let a = all[referee.below(all.len() as u32) as usize];
                g.apply(a).unwrap();
                continue;
            };
            let a = bots[seat.index()]
                .choose(&Perspective::new(&g, seat))
                .unwrap();
            assert!(choices.contains(&a), "{a:?} is not a choice of {seat:?}");
            if all.contains(&a) {
                g.apply(a).unwrap();
                continue;
            }
            // The one choice without its outcome: a roll.
            assert!(matches!(a, CardAction::Roll { .. }), "{a:?}");
            rolls += 1;
            all.retain(|o| matches!(o, CardAction::RollOutcome { player, .. } if *player == seat));
            let o = all[referee.below(all.len() as u32) as usize];
            g.apply(o).unwrap();
        }
        assert!(rolls >= 20, "{rolls} rolls");
    }

    /// A position that owes the referee an outcome under external chance (an attack die or
    /// a shuffle step; nobody is to act) is determinized like any other: the seat's view
    /// is kept and hidden cards move, rather than the sample falling back to the real
    /// cards (a peek).
    #[test]
    fn determinization_of_an_owed_outcome_moves_hidden_cards() {
        let rules = CardRules {
            chance: ChanceMode::External,
            ..CardRules::default()
        };
        let mut referee = Rng::new(11);
        let mut rng = Rng::new(12);
        let (mut all, mut checked, mut moved) = (Vec::new(), 0, 0);
        for seed in 1..40 {
            let mut g = CardGame::new(rules, seed);
            while g.winner().is_none() && g.turn() < 150 && checked < 60 {
                let owed = g.to_act().is_empty() && !matches!(g.decision(), CardDecision::Starter);
                if owed {
                    for seat in [Player(0), Player(1)] {
                        let s = determinize(&g, seat, &mut rng);
                        assert_eq!(s.view(Some(seat)), g.view(Some(seat)));
                        assert_eq!(s.rules().chance, ChanceMode::External);
                        let back = CardGame::from_json(&s.to_json()).expect("a valid position");
                        assert_eq!(back.to_json(), s.to_json());
                        let other = opponent(seat);
                        let piles_moved = (0..PileId::COUNT as u8)
                            .any(|i| s.pile(PileId(i)) != g.pile(PileId(i)));
                        if s.hand(other) != g.hand(other) || piles_moved {
                            moved += 1;
                        }
                        checked += 1;
                    }
                }
                g.legal_actions(&mut all);
                let plain: Vec<CardAction> =
                    all.iter().copied().filter(|a| !a.is_offer()).collect();
                let pick = if plain.is_empty() { &all } else { &plain };
                g.apply(pick[referee.below(pick.len() as u32) as usize])
                    .unwrap();
            }
        }
        assert!(checked >= 20, "only {checked} owed outcomes reached");
        assert!(
            moved * 2 > checked,
            "only {moved} of {checked} samples moved a card"
        );
    }

    /// The value counts a win above everything and a victory point above the rest of a
    /// position's terms (the table of `value`).
    #[test]
    fn value_ranks_points_first() {
        for g in positions(2, 11, 10) {
            for p in [Player(0), Player(1)] {
                let v = value(&g, p);
                assert!(v < 10_000.0);
                assert!(v >= 100.0 * f64::from(g.points(p)) - 0.25 * public_value(&g, opponent(p)));
            }
        }
    }
}
