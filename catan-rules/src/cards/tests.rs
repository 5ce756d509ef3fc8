//! Unit tests of the card game's rules. Each names its source: the Card Game rules (1997
//! English translation) by section, or docs/cards.md where the engine rules on a gap.

use super::state::*;
use super::types::*;
use super::*;
use crate::types::Player;

const P0: Player = Player(0);
const P1: Player = Player(1);

/// A tiny deterministic chooser.
fn pick(x: &mut u64, n: usize) -> usize {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*x >> 33) as usize % n
}

/// Plays random legal actions (offers rarely) until the game ends or `max` actions.
pub(crate) fn play_random(g: &mut CardGame, seed: u64, max: usize) -> usize {
    let mut legal = Vec::new();
    let mut x = seed;
    for i in 0..max {
        if g.winner().is_some() {
            return i;
        }
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action in {:?}", g.decision());
        let non_offer: Vec<_> = legal.iter().copied().filter(|a| !a.is_offer()).collect();
        let a = if non_offer.is_empty() || pick(&mut x, 20) == 0 {
            legal[pick(&mut x, legal.len())]
        } else {
            non_offer[pick(&mut x, non_offer.len())]
        };
        g.apply(a)
            .unwrap_or_else(|e| panic!("{a:?} listed but refused: {e}"));
    }
    max
}

#[test]
fn random_games_finish() {
    for seed in 0..20 {
        let mut g = CardGame::new(CardRules::default(), seed);
        let n = play_random(&mut g, seed, 20_000);
        assert!(
            g.winner().is_some(),
            "seed {seed}: no winner after {n} actions"
        );
        assert_eq!(g.total_cards(), 120);
    }
}
