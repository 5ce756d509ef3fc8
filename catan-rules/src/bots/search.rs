//! [`SearchBot`]: Monte-Carlo search over determinized hidden information.

use super::greedy::{position_value, rank};
use super::weighted::playout;
use super::{Bot, Perspective};
use crate::action::Action;
use crate::game::Game;
use crate::rng::Rng;
use crate::types::Player;
use std::time::{Duration, Instant};

/// The search bot's budget and shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts per decision (each on a freshly determinized sample).
    pub playouts: u32,
    /// Optional wall-clock budget per decision; the search stops at whichever of the two
    /// budgets runs out first (at least one playout per candidate). Leave `None` for
    /// reproducible play.
    pub time_budget: Option<Duration>,
    /// Actions a playout plays before the position is scored.
    pub depth: u32,
    /// How many of the greedy ranking's best actions the search compares at most (fewer on
    /// a small budget: one per ten playouts, at least two).
    pub candidates: usize,
    /// How every seat plays during a playout.
    pub rollout: Rollout,
}

/// The playout policy of the search bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Rollout {
    /// Every seat plays like the greedy bot (one-ply lookahead on the sample): slower,
    /// far more telling.
    #[default]
    Greedy,
    /// Every seat plays like the weighted random bot: cheap, noisy.
    Weighted,
}

impl SearchConfig {
    /// Default playouts per decision.
    pub const DEFAULT_PLAYOUTS: u32 = 64;
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            playouts: SearchConfig::DEFAULT_PLAYOUTS,
            time_budget: None,
            depth: 24,
            candidates: 6,
            rollout: Rollout::Greedy,
        }
    }
}

/// Monte-Carlo search over determinizations (a flat, one-level search: the tree is the
/// seat's candidate actions; what follows them is sampled).
///
/// For each decision with more than one legal action:
/// 1. the greedy ranking ([`super::greedy::position_value`] after each action, on one
///    sample) keeps the best [`SearchConfig::candidates`] actions;
/// 2. each round draws a new game consistent with the seat's view
///    ([`Perspective::determinize`]: other hands, development cards and deck resampled,
///    a fresh generator) and plays every live candidate out from it with the same dice,
///    every seat playing on for [`SearchConfig::depth`] actions
///    ([`SearchConfig::rollout`]: by default each seat plays greedily, one ply ahead on
///    the sample) — paired playouts, so the comparison sees the action rather than the
///    luck;
/// 3. a playout scores 1 for a win, 0 for a loss, otherwise
///    `½ + ½ tanh((own value − best opponent's value) / 200)`;
/// 4. successive halving: after half of the [`SearchConfig::playouts`] budget the worse
///    half of the candidates drops, and so on; the candidate with the best total is
///    played (ties: the greedy ranking).
///
/// The search never sees the real game's hidden information: samples are its only games.
#[derive(Clone, Debug)]
pub struct SearchBot {
    rng: Rng,
    config: SearchConfig,
    legal: Vec<Action>,
    ranked: Vec<(f64, Action)>,
    rollout: Vec<Action>,
    ranked_rollout: Vec<(f64, Action)>,
}

impl SearchBot {
    /// A search bot with the default budget ([`SearchConfig::default`]).
    pub fn new(seed: u64) -> SearchBot {
        SearchBot::with_config(seed, SearchConfig::default())
    }

    /// A search bot with `config`.
    pub fn with_config(seed: u64, config: SearchConfig) -> SearchBot {
        SearchBot {
            rng: Rng::new(seed),
            config,
            legal: Vec::with_capacity(256),
            ranked: Vec::with_capacity(256),
            rollout: Vec::with_capacity(256),
            ranked_rollout: Vec::with_capacity(256),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }
}

/// Plays `game` on for at most `steps` actions, each seat to act taking the action that
/// maximises its own [`position_value`] one ply ahead (on the sample itself: the sample is
/// the search's own game).
fn greedy_playout(
    game: &mut Game,
    steps: u32,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
    ranked: &mut Vec<(f64, Action)>,
) {
    for _ in 0..steps {
        if game.winner().is_some() {
            return;
        }
        let Some(seat) = game.to_act().iter().next() else {
            return;
        };
        game.legal_actions_without_offers(legal);
        legal.retain(|a| a.player() == seat);
        let a = match legal.len() {
            0 => return,
            1 => legal[0],
            _ => {
                rank(game, seat, legal, rng, ranked);
                ranked[0].1
            }
        };
        game.apply_legal(a, &mut ());
    }
}

/// A playout's score for `p` in `[0, 1]`.
fn score(game: &Game, p: Player) -> f64 {
    match game.winner() {
        Some(w) if w == p => return 1.0,
        Some(_) => return 0.0,
        None => {}
    }
    let own = position_value(game, p);
    let best = (0..game.players())
        .filter(|&q| q != p.0)
        .map(|q| position_value(game, Player(q)))
        .fold(f64::NEG_INFINITY, f64::max);
    0.5 + 0.5 * ((own - best) / 200.0).tanh()
}

impl Bot for SearchBot {
    fn name(&self) -> String {
        match self.config.time_budget {
            Some(t) if self.config.playouts == u32::MAX => format!("search:{}ms", t.as_millis()),
            _ if self.config.playouts == SearchConfig::DEFAULT_PLAYOUTS => "search".into(),
            _ => format!("search:{}", self.config.playouts),
        }
    }

    fn choose(&mut self, at: &Perspective<'_>) -> Option<Action> {
        at.legal_actions(&mut self.legal);
        match self.legal.len() {
            0 => return None,
            1 => return Some(self.legal[0]),
            _ => {}
        }
        let start = Instant::now();
        let seat = at.seat();
        let first = at.determinize(&mut self.rng);
        rank(&first, seat, &self.legal, &mut self.rng, &mut self.ranked);
        // A small budget compares fewer candidates (about ten playouts each at least), so
        // that noise does not override the greedy ranking.
        let affordable = (self.config.playouts / 10).max(2) as usize;
        let k = self
            .config
            .candidates
            .min(affordable)
            .clamp(1, self.ranked.len());
        if k == 1 {
            return Some(self.ranked[0].1);
        }
        // Successive halving with paired playouts: every live candidate is played out
        // from the same sample with the same dice, so the comparison sees the action, not
        // the luck; after each half of the budget the worse half of the candidates drops.
        let mut live: Vec<usize> = (0..k).collect();
        let mut total = vec![0.0f64; k];
        let mut scratch = first.clone();
        let mut spent = 0u32;
        let budget = self.config.playouts.max(k as u32);
        let mut stage_budget = budget / 2;
        while spent < budget {
            if let Some(t) = self.config.time_budget {
                if spent > 0 && start.elapsed() >= t {
                    break;
                }
            }
            let sample = at.determinize(&mut self.rng);
            let dice = self.rng.next_u64();
            for &c in &live {
                scratch.clone_from(&sample);
                scratch.apply_legal(self.ranked[c].1, &mut ());
                let mut rng = Rng::new(dice);
                match self.config.rollout {
                    Rollout::Weighted => {
                        playout(&mut scratch, self.config.depth, &mut rng, &mut self.rollout)
                    }
                    Rollout::Greedy => greedy_playout(
                        &mut scratch,
                        self.config.depth,
                        &mut rng,
                        &mut self.rollout,
                        &mut self.ranked_rollout,
                    ),
                }
                total[c] += score(&scratch, seat);
                spent += 1;
            }
            if spent >= stage_budget && live.len() > 2 {
                live.sort_by(|&a, &b| total[b].total_cmp(&total[a]));
                live.truncate(live.len().div_ceil(2));
                stage_budget = spent + (budget - spent.min(budget)) / 2;
            }
        }
        // Every live candidate has the same number of playouts: compare totals; ties go to
        // the greedy ranking (lower index).
        let best = live
            .iter()
            .copied()
            .max_by(|&a, &b| total[a].total_cmp(&total[b]).then(b.cmp(&a)))
            .expect("k > 1");
        Some(self.ranked[best].1)
    }
}
