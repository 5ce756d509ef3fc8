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
    /// How many of the greedy ranking's best actions the search compares.
    pub candidates: usize,
    /// UCB1 exploration constant.
    pub exploration: f64,
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
            depth: 60,
            candidates: 6,
            exploration: 0.5,
        }
    }
}

/// Monte-Carlo search over determinizations.
///
/// For each decision with more than one legal action:
/// 1. the greedy ranking ([`super::greedy::position_value`] after each action, on one
///    sample) keeps the best [`SearchConfig::candidates`] actions;
/// 2. each playout draws a new game consistent with the seat's view
///    ([`Perspective::determinize`]: other hands, development cards and deck resampled,
///    a fresh generator), picks a candidate by UCB1, applies it, and lets every seat play
///    on with weighted-random choices ([`super::weighted::weight`]) for
///    [`SearchConfig::depth`] actions;
/// 3. the position reached scores 1 for a win, 0 for a loss, otherwise
///    `½ + ½ tanh((own value − best opponent's value) / 200)`;
/// 4. the candidate with the best mean score is played.
///
/// The search never sees the real game's hidden information: samples are its only games.
#[derive(Clone, Debug)]
pub struct SearchBot {
    rng: Rng,
    config: SearchConfig,
    legal: Vec<Action>,
    ranked: Vec<(f64, Action)>,
    rollout: Vec<Action>,
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
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
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
        if self.config.playouts == SearchConfig::DEFAULT_PLAYOUTS {
            "search".into()
        } else {
            format!("search:{}", self.config.playouts)
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
        let k = self.config.candidates.clamp(1, self.ranked.len());
        if k == 1 {
            return Some(self.ranked[0].1);
        }
        let mut visits = vec![0u32; k];
        let mut total = vec![0.0f64; k];
        let mut scratch = first.clone();
        let budget = self.config.playouts.max(k as u32);
        for i in 0..budget {
            if i >= k as u32 {
                if let Some(t) = self.config.time_budget {
                    if start.elapsed() >= t {
                        break;
                    }
                }
            }
            let c = if (i as usize) < k {
                i as usize
            } else {
                let ln = (i as f64).ln();
                (0..k)
                    .max_by(|&a, &b| {
                        let ua = total[a] / visits[a] as f64
                            + self.config.exploration * (ln / visits[a] as f64).sqrt();
                        let ub = total[b] / visits[b] as f64
                            + self.config.exploration * (ln / visits[b] as f64).sqrt();
                        ua.total_cmp(&ub)
                    })
                    .expect("k > 1")
            };
            let sample = at.determinize(&mut self.rng);
            scratch.clone_from(&sample);
            scratch.apply_legal(self.ranked[c].1, &mut ());
            playout(
                &mut scratch,
                self.config.depth,
                &mut self.rng,
                &mut self.rollout,
            );
            visits[c] += 1;
            total[c] += score(&scratch, seat);
        }
        let best = (0..k)
            .max_by(|&a, &b| {
                (total[a] / visits[a] as f64).total_cmp(&(total[b] / visits[b] as f64))
            })
            .expect("k > 1");
        Some(self.ranked[best].1)
    }
}
