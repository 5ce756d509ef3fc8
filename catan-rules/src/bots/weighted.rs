//! [`WeightedBot`]: random, but weighted by the kind of action.

use super::{unit, Bot, Perspective};
use crate::action::Action;
use crate::game::Game;
use crate::rng::Rng;

/// The weight of an action for [`WeightedBot`] (and the search bot's playouts): building
/// first, then development cards and roads, trading with the bank rarely, ending the turn
/// last.
///
/// | action | weight |
/// | --- | --- |
/// | build a city | 60 |
/// | build a settlement | 50 |
/// | buy a development card | 12 |
/// | play a development card | 10 |
/// | build a road | 8 |
/// | end the turn | 4 |
/// | roll, move the robber, discard, answer an offer | 1 |
/// | maritime trade | 0.25 |
///
/// Within the set-up phase every placement has the same kind, so the choice is uniform.
pub fn weight(a: &Action) -> f64 {
    match a {
        Action::BuildCity { .. } => 60.0,
        Action::BuildSettlement { .. } => 50.0,
        Action::BuyDevelopmentCard { .. } => 12.0,
        Action::PlayKnight { .. }
        | Action::PlayRoadBuilding { .. }
        | Action::PlayYearOfPlenty { .. }
        | Action::PlayMonopoly { .. } => 10.0,
        Action::BuildRoad { .. } => 8.0,
        Action::EndTurn { .. } => 4.0,
        Action::MaritimeTrade { .. } => 0.25,
        _ => 1.0,
    }
}

/// One of `legal` drawn with probability proportional to [`weight`]; `None` if empty.
pub fn weighted_pick(legal: &[Action], rng: &mut Rng) -> Option<Action> {
    let total: f64 = legal.iter().map(weight).sum();
    if legal.is_empty() {
        return None;
    }
    let mut x = unit(rng) * total;
    for a in legal {
        x -= weight(a);
        if x < 0.0 {
            return Some(*a);
        }
    }
    legal.last().copied()
}

/// Plays `game` on for at most `steps` actions, every seat choosing with [`weighted_pick`]
/// among all listed offer-free actions. Used for the search bot's playouts, on a
/// determinized sample.
pub(crate) fn playout(game: &mut Game, steps: u32, rng: &mut Rng, legal: &mut Vec<Action>) {
    for _ in 0..steps {
        if game.winner().is_some() {
            return;
        }
        game.legal_actions_without_offers(legal);
        let Some(a) = weighted_pick(legal, rng) else {
            return;
        };
        game.apply_legal(a, &mut ());
    }
}

/// Plays at random, weighted by the kind of action ([`weight`]).
#[derive(Clone, Debug)]
pub struct WeightedBot {
    rng: Rng,
    legal: Vec<Action>,
}

impl WeightedBot {
    /// A weighted random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> WeightedBot {
        WeightedBot {
            rng: Rng::new(seed),
            legal: Vec::with_capacity(256),
        }
    }
}

impl Bot for WeightedBot {
    fn name(&self) -> String {
        "weighted".into()
    }

    fn choose(&mut self, at: &Perspective<'_>) -> Option<Action> {
        at.legal_actions(&mut self.legal);
        weighted_pick(&self.legal, &mut self.rng)
    }
}
