//! The base game for agents: [`AgentGame`] for [`Game`].

use super::bots::{greedy, weighted};
use super::AgentGame;
use crate::action::Action;
use crate::game::Game;
use crate::rng::Rng;
use crate::rules::ChanceMode;
use crate::types::Player;

impl AgentGame for Game {
    const MATCH_MAX_TURNS: u32 = 1000;

    #[inline]
    fn is_offer(action: &Action) -> bool {
        action.is_trade_offer()
    }

    #[inline]
    fn actor(action: &Action) -> Player {
        action.player()
    }

    /// With seeded chance: the legal actions without domestic offers, of `seat`; with
    /// external chance: [`Game::legal_actions_for`] (choices without outcomes), offers
    /// left out.
    fn choices(&self, seat: Player, out: &mut Vec<Action>) {
        if self.rules().chance == ChanceMode::External {
            self.legal_actions_for(seat, out);
            out.retain(|a| !a.is_trade_offer());
            return;
        }
        self.legal_actions_without_offers(out);
        out.retain(|a| a.player() == seat);
    }

    #[inline]
    fn sample_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions_without_offers(out);
    }

    /// [`Game::resample_hidden`], with its chance drawn by its own generator.
    fn determinize(&self, seat: Player, rng: &mut Rng) -> Game {
        let mut g = self.resample_hidden(seat, rng);
        g.rules.chance = ChanceMode::Seeded;
        g
    }

    #[inline]
    fn apply_listed(&mut self, action: Action) {
        self.apply_legal(action, &mut ());
    }

    /// [`greedy::position_value`].
    #[inline]
    fn value(&self, p: Player) -> f64 {
        greedy::position_value(self, p)
    }

    /// [`weighted::weight`].
    #[inline]
    fn weight(action: &Action) -> f64 {
        weighted::weight(action)
    }

    #[inline]
    fn kind(action: &Action) -> usize {
        weighted::kind(action)
    }

    fn turns(&self) -> u32 {
        self.turn()
    }

    fn scores(&self) -> Vec<u8> {
        Game::scores(self)
    }
}
