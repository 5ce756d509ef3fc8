//! [`RandomBot`]: uniform among the seat's legal actions.

use super::{Bot, Perspective};
use crate::action::Action;
use crate::rng::Rng;

/// Plays uniformly at random among its legal actions (domestic offers left out).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
    legal: Vec<Action>,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
            legal: Vec::with_capacity(256),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, at: &Perspective<'_>) -> Option<Action> {
        at.legal_actions(&mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        Some(self.legal[self.rng.below(self.legal.len() as u32) as usize])
    }
}
