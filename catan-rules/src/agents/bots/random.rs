//! [`RandomBot`]: uniform among the seat's legal actions.

use super::{Bot, Perspective};
use crate::agents::AgentGame;
use crate::game::Game;
use crate::rng::Rng;

/// Plays uniformly at random among its legal actions (trade offers left out), in a game of
/// kind `G` (the base game unless named).
#[derive(Clone, Debug)]
pub struct RandomBot<G: AgentGame = Game> {
    rng: Rng,
    legal: Vec<G::Action>,
}

impl<G: AgentGame> RandomBot<G> {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot<G> {
        RandomBot {
            rng: Rng::new(seed),
            legal: Vec::with_capacity(256),
        }
    }
}

impl<G: AgentGame> Bot<G> for RandomBot<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, at: &Perspective<'_, G>) -> Option<G::Action> {
        at.legal_actions(&mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        Some(self.legal[self.rng.below(self.legal.len() as u32) as usize])
    }
}
