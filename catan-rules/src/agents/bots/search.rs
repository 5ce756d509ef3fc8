//! [`SearchBot`]: Monte-Carlo search over determinized hidden information, flat with common
//! random numbers (the default) or as an information-set tree.
//!
//! **Flat** ([`Method::Flat`], the default). The root's legal actions are ranked one ply
//! ahead on a sample by the acting seat's value ([`AgentGame::value`]: the greedy bot's
//! ranking), and the best [`SearchConfig::candidates`] are compared. Each of
//! `playouts / candidates` samples is one game drawn from the seat's view
//! ([`Perspective::determinize`]: hidden cards dealt afresh, a fresh generator that fixes
//! the dice) and one playout generator; *every* candidate is played out in that same sample
//! with that same generator (common random numbers), so two candidates meet the same hidden
//! cards and, as long as their games draw alike, the same dice: the difference between their
//! rewards is the difference the action makes, not the luck of the sample. Playouts follow
//! [`SearchConfig::rollout`] for every seat until [`SearchConfig::depth`] actions have been
//! played since the root, and are scored as in step 4 of the tree below. A candidate's mean starts from its
//! one-ply reward worth [`SearchConfig::prior`] samples; the best mean is played. Against
//! greedy bots this measured clearly stronger than the tree at the same number of playouts
//! (docs/agents.md).
//!
//! **Tree** ([`Method::Tree`]).
//! The search is single-observer IS-MCTS (Cowling, Powley and Whitehouse, "Information Set
//! Monte Carlo Tree Search", IEEE Transactions on Computational Intelligence and AI in
//! Games, 2012): one tree over the searching seat's information sets, whose edges are
//! actions; every iteration plays in a different game drawn from the seat's view.
//!
//! One iteration:
//!
//! 1. **Determinize.** A full game is drawn among those the seat cannot tell apart from the
//!    real one ([`Perspective::determinize`]: other hands, development cards and the deck
//!    dealt afresh within their public counts, a fresh generator). The sample fixes every
//!    chance outcome to come (dice, steals, card draws): chance is external to the tree,
//!    drawn anew each iteration.
//! 2. **Select.** From the root, while the sample goes on and the node has been widened as
//!    far as its visits allow, the seat to act picks among the children whose action is
//!    legal *in this sample* by UCB1 with availability counts:
//!    `mean + c √(ln(available) / visits)` ([`SearchConfig::exploration`] `c`), where `available` counts the iterations in
//!    which that child could have been chosen (an opponent's build is only possible in
//!    the samples where its hand pays for it). Every node's statistics are from the point
//!    of view of the seat that acts there (max^n: each seat maximises its own reward). A
//!    seat with a single legal action plays it without a node.
//! 3. **Expand** (progressive widening). A node with `v` visits may have
//!    `1 + ⌊w √v⌋` children legal in the sample ([`SearchConfig::widening`] `w`, at most
//!    [`SearchConfig::candidates`]); while it has fewer, the iteration adds the best legal
//!    action not yet in the tree by the acting seat's value ([`AgentGame::value`]) one ply ahead
//!    (the greedy bot's ranking, on the sample). The new node starts with a prior: its
//!    seat's reward one ply after the action, worth [`SearchConfig::prior`] virtual
//!    visits. So a node first follows the greedy move and widens to the next-best moves as
//!    its visits grow, and a few noisy playouts do not overturn the one-ply ranking.
//! 4. **Play out** with the [`SearchConfig::rollout`] policy (every seat greedy by
//!    default) until [`SearchConfig::depth`] actions have been played since the root (in
//!    the tree and in the playout together, so every iteration scores a position equally
//!    far ahead), then score: 1 for the winner and 0 for the others if the game is over,
//!    otherwise for each seat `½ + ½ tanh((own value − best opponent's value) / 200)`
//!    (values in [`AgentGame::value`]'s "points × 100").
//! 5. **Back up** the score vector: each node on the path adds the reward of the seat that
//!    acted into it.
//!
//! The tree plays the root's most visited child (ties: the better mean). The tree
//! lives in one `Vec` (an arena: children are linked lists of indices). With either method
//! every buffer is kept between decisions, so a playout allocates nothing once the buffers
//! have grown.
//!
//! The budget is [`SearchConfig::playouts`] playouts (reproducible: the bot's generator
//! is its only source of chance) or, as an option, a wall-clock [`SearchConfig::time_budget`]
//! (not reproducible). The real game is never read beyond the seat's [`Perspective`]: samples
//! are the search's only games.

use super::greedy::rank;
use super::weighted::playout;
use super::{unit, Bot, Perspective};
use crate::agents::AgentGame;
use crate::game::Game;
use crate::rng::Rng;
use crate::types::{Player, MAX_PLAYERS};
use std::time::{Duration, Instant};

/// The search bot's budget and shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts per decision: the tree's iterations (each on a freshly determinized
    /// sample), or the flat search's samples times its candidates.
    pub playouts: u32,
    /// Optional wall-clock budget per decision; the search stops at whichever of the two
    /// budgets runs out first (after at least one iteration). Leave `None` for reproducible
    /// play.
    pub time_budget: Option<Duration>,
    /// The horizon: actions from the root (in the tree, then in the playout) after which
    /// the position is scored.
    pub depth: u32,
    /// The flat search's number of candidates (the best of the greedy ranking); in the
    /// tree, the widest a node grows (progressive widening: a node with `v` visits has up
    /// to `1 + ⌊widening × √v⌋` children, never more than this).
    pub candidates: usize,
    /// How fast the tree's nodes widen (see [`SearchConfig::candidates`]).
    pub widening: f64,
    /// How every seat plays during a playout.
    pub rollout: Rollout,
    /// The exploration constant `c` of the tree's UCB1 (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// Weight, in playouts, of a flat candidate's or a new tree node's prior: its acting
    /// seat's reward one ply after its action (the greedy bot's view), counted as that many
    /// virtual playouts in its mean, so that a few noisy playouts do not override the
    /// one-ply ranking.
    pub prior: f64,
    /// How the playouts are spent: compared at the root ([`Method::Flat`], the default) or
    /// in a tree ([`Method::Tree`]).
    pub method: Method,
}

/// How the search bot spends its playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Method {
    /// Flat Monte Carlo with common random numbers: the greedy ranking's best
    /// [`SearchConfig::candidates`] actions are each played out in the same determinized
    /// samples (the same hidden cards, the same dice as long as the games draw alike), and
    /// the best mean wins. Measured stronger than the tree at the same cost (docs/agents.md).
    #[default]
    Flat,
    /// Information-set Monte-Carlo tree search (see the [module notes](self)).
    Tree,
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
    /// Default playouts per decision: 64 samples of the 4 flat candidates, under 10 ms a
    /// decision on the 2-core development machine (docs/agents.md).
    pub const DEFAULT_PLAYOUTS: u32 = 256;
    /// The most playouts per decision a [`super::BotKind`] names (`search:N`): about
    /// several seconds a decision on a 2-core machine. Larger budgets are refused when parsed
    /// and capped when built.
    pub const MAX_PLAYOUTS: u32 = 100_000;
    /// The longest wall-clock budget per decision a [`super::BotKind`] names
    /// (`search:Nms`), in milliseconds: one minute.
    pub const MAX_MILLIS: u32 = 60_000;
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            playouts: SearchConfig::DEFAULT_PLAYOUTS,
            time_budget: None,
            depth: 16,
            candidates: 4,
            widening: 0.35,
            rollout: Rollout::Greedy,
            exploration: 0.4,
            prior: 2.0,
            method: Method::Flat,
        }
    }
}

/// No node index (the end of a list of children).
const NIL: u32 = u32::MAX;

/// One node of the tree: the information set reached by its action from its parent.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action into this node (its actor is the seat whose statistics these are).
    action: A,
    /// First child, [`NIL`] if none.
    first_child: u32,
    /// Next sibling, [`NIL`] if none.
    next_sibling: u32,
    /// Iterations through this node.
    visits: u32,
    /// Iterations in which this node's action was legal at its parent.
    available: u32,
    /// Sum of the acting seat's rewards.
    total: f64,
}

impl<A> Node<A> {
    fn new(action: A) -> Node<A> {
        Node {
            action,
            first_child: NIL,
            next_sibling: NIL,
            visits: 0,
            available: 0,
            total: 0.0,
        }
    }
}

/// Monte-Carlo search over determinized samples, flat or in a tree (see the
/// [module notes](self)).
#[derive(Clone, Debug)]
pub struct SearchBot<G: AgentGame = Game> {
    rng: Rng,
    config: SearchConfig,
    /// The tree (index 0 is the root).
    nodes: Vec<Node<G::Action>>,
    /// Node indices from the root to the current leaf.
    path: Vec<u32>,
    /// Legal actions (the real perspective's at the root, the sample's below).
    legal: Vec<G::Action>,
    /// The root's legal actions.
    root_legal: Vec<G::Action>,
    /// Playout buffers.
    rollout: Vec<G::Action>,
    ranked_rollout: Vec<(f64, G::Action)>,
    /// The flat search's candidates with their reward totals.
    candidates: Vec<(f64, G::Action)>,
}

impl<G: AgentGame> SearchBot<G> {
    /// A search bot with the game's default budget and shape ([`AgentGame::search_config`]).
    pub fn new(seed: u64) -> SearchBot<G> {
        SearchBot::with_config(seed, G::search_config())
    }

    /// A search bot with `config`.
    pub fn with_config(seed: u64, config: SearchConfig) -> SearchBot<G> {
        let cap = (config.playouts.min(4096) as usize).saturating_add(1);
        SearchBot {
            rng: Rng::new(seed),
            config,
            nodes: Vec::with_capacity(cap),
            path: Vec::with_capacity(64),
            legal: Vec::with_capacity(256),
            root_legal: Vec::with_capacity(256),
            rollout: Vec::with_capacity(256),
            ranked_rollout: Vec::with_capacity(256),
            candidates: Vec::with_capacity(256),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Nodes in the tree of the last decision searched (the root included); 0 after a
    /// flat search ([`Method::Flat`]).
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// How many of the root's actions the last decision searched compared: the flat
    /// search's candidates, or the tree root's children (0 for a decision with one legal
    /// action, which is not searched).
    pub fn compared(&self) -> usize {
        if self.config.method == Method::Flat {
            return self.candidates.len();
        }
        let mut n = 0;
        let mut c = self.nodes.first().map_or(NIL, |n| n.first_child);
        while c != NIL {
            n += 1;
            c = self.nodes[c as usize].next_sibling;
        }
        n
    }

    /// How many children a node with `visits` visits may have legal in one sample.
    fn width(&self, visits: u32) -> usize {
        (1 + (self.config.widening * f64::from(visits).sqrt()) as usize)
            .min(self.config.candidates.max(1))
    }

    /// One iteration: determinize, select, expand, play out, back up.
    fn iterate(&mut self, at: &Perspective<'_, G>) {
        // A game is a plain value (its board is shared): these copies allocate nothing.
        let mut game = at.determinize(&mut self.rng);
        let mut scratch = game.clone();
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut first = true;
        let mut steps = 0u32;
        loop {
            if game.winner().is_some() {
                break;
            }
            let seat = if first {
                at.seat()
            } else {
                match game.to_act().iter().next() {
                    Some(s) => s,
                    None => break,
                }
            };
            if first {
                self.legal.clone_from(&self.root_legal);
                first = false;
            } else {
                game.choices(seat, &mut self.legal);
            }
            match self.legal.len() {
                0 => break,
                1 => {
                    // A forced move makes no node: the same node decides the next choice.
                    game.apply_listed(self.legal[0]);
                    steps += 1;
                    continue;
                }
                _ => {}
            }
            // Availability: every child legal in this sample could have been chosen.
            let mut available = 0usize;
            let mut c = self.nodes[node as usize].first_child;
            while c != NIL {
                let child = &mut self.nodes[c as usize];
                if self.legal.contains(&child.action) {
                    child.available += 1;
                    available += 1;
                }
                c = child.next_sibling;
            }
            let width = self.width(self.nodes[node as usize].visits);
            if available < width && available < self.legal.len() {
                // Expand: the acting seat's best action not yet in the tree, one ply ahead.
                let mut best: Option<(f64, G::Action)> = None;
                for &a in &self.legal {
                    if self.has_child(node, &a) {
                        continue;
                    }
                    scratch.clone_from(&game);
                    scratch.apply_listed(a);
                    let v = scratch.value(seat) + 1e-6 * unit(&mut self.rng);
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, a));
                    }
                }
                let (_, a) = best.expect("an action not in the tree");
                let idx = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let mut child = Node::new(a);
                child.available = 1;
                child.next_sibling = parent.first_child;
                parent.first_child = idx;
                self.nodes.push(child);
                self.path.push(idx);
                game.apply_listed(a);
                steps += 1;
                let prior = rewards(&game)[seat.index()];
                let n0 = self.config.prior;
                self.nodes[idx as usize].total = n0 * prior;
                break;
            }
            // Select by UCB1 with availability counts among the children legal here.
            let mut best = (f64::NEG_INFINITY, NIL);
            let mut c = self.nodes[node as usize].first_child;
            while c != NIL {
                let child = &self.nodes[c as usize];
                if self.legal.contains(&child.action) {
                    let n = f64::from(child.visits.max(1));
                    let ucb = child.total / (f64::from(child.visits) + self.config.prior)
                        + self.config.exploration
                            * ((f64::from(child.available.max(1))).ln() / n).sqrt();
                    if ucb > best.0 {
                        best = (ucb, c);
                    }
                }
                c = child.next_sibling;
            }
            node = best.1;
            self.path.push(node);
            game.apply_listed(self.nodes[node as usize].action);
            steps += 1;
        }
        // Every iteration scores the position the same number of actions after the root,
        // however deep its path in the tree went: values taken at different depths would
        // not compare.
        let depth = self.config.depth.saturating_sub(steps);
        // Play out and score.
        play_out(
            self.config.rollout,
            &mut game,
            depth,
            &mut self.rng,
            &mut self.rollout,
            &mut self.ranked_rollout,
        );
        let rewards = rewards(&game);
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            if i != 0 {
                n.total += rewards[G::actor(&n.action).index()];
            }
        }
    }

    /// The root's children after the last decision: action, visits and reward total.
    #[cfg(test)]
    fn root_stats(&self) -> Vec<(G::Action, u32, f64)> {
        let mut out = Vec::new();
        let mut c = self.nodes.first().map_or(NIL, |n| n.first_child);
        while c != NIL {
            let n = &self.nodes[c as usize];
            out.push((n.action, n.visits, n.total));
            c = n.next_sibling;
        }
        out
    }

    /// Flat Monte Carlo with common random numbers ([`Method::Flat`]): ranks the root's
    /// actions one ply ahead on a sample (the greedy bot's ranking), keeps the best
    /// [`SearchConfig::candidates`], and plays each of them out in the same
    /// `playouts / candidates` samples (at least one): one determinized game and one
    /// playout generator per sample, shared by every candidate, so that the comparison
    /// between candidates is not drowned by the luck of the dice. Each candidate's mean
    /// reward starts from its one-ply reward worth [`SearchConfig::prior`] samples; the
    /// best mean is played (ties: the better one-ply rank).
    fn choose_flat(&mut self, at: &Perspective<'_, G>) -> G::Action {
        let seat = at.seat();
        let sample = at.determinize(&mut self.rng);
        rank(
            &sample,
            seat,
            &self.root_legal,
            &mut self.rng,
            &mut self.candidates,
        );
        let k = self.config.candidates.clamp(1, self.candidates.len());
        self.candidates.truncate(k);
        let mut game = sample.clone();
        for c in &mut self.candidates {
            game.clone_from(&sample);
            game.apply_listed(c.1);
            c.0 = self.config.prior * rewards(&game)[seat.index()];
        }
        let samples = (self.config.playouts as usize / k).max(1);
        let depth = self.config.depth.saturating_sub(1);
        let start = Instant::now();
        for s in 0..samples {
            if let Some(t) = self.config.time_budget {
                if s > 0 && start.elapsed() >= t {
                    break;
                }
            }
            let base = at.determinize(&mut self.rng);
            let seed = self.rng.next_u64();
            for c in &mut self.candidates {
                game.clone_from(&base);
                game.apply_listed(c.1);
                play_out(
                    self.config.rollout,
                    &mut game,
                    depth,
                    &mut Rng::new(seed),
                    &mut self.rollout,
                    &mut self.ranked_rollout,
                );
                c.0 += rewards(&game)[seat.index()];
            }
        }
        let mut best = 0;
        for (i, c) in self.candidates.iter().enumerate() {
            if c.0 > self.candidates[best].0 {
                best = i;
            }
        }
        self.candidates[best].1
    }

    /// Whether `node` has a child for `a`.
    fn has_child(&self, node: u32, a: &G::Action) -> bool {
        let mut c = self.nodes[node as usize].first_child;
        while c != NIL {
            let child = &self.nodes[c as usize];
            if child.action == *a {
                return true;
            }
            c = child.next_sibling;
        }
        false
    }
}

/// Plays `game` on for at most `steps` actions with the `policy` of every seat (nothing if
/// the game is over).
fn play_out<G: AgentGame>(
    policy: Rollout,
    game: &mut G,
    steps: u32,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    ranked: &mut Vec<(f64, G::Action)>,
) {
    if game.winner().is_some() {
        return;
    }
    match policy {
        Rollout::Weighted => playout(game, steps, rng, legal),
        Rollout::Greedy => greedy_playout(game, steps, rng, legal, ranked),
    }
}

/// Plays `game` on for at most `steps` actions, each seat to act taking the action that
/// maximises its own value ([`AgentGame::value`]) one ply ahead (on the sample itself: the sample is
/// the search's own game).
fn greedy_playout<G: AgentGame>(
    game: &mut G,
    steps: u32,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    ranked: &mut Vec<(f64, G::Action)>,
) {
    for _ in 0..steps {
        if game.winner().is_some() {
            return;
        }
        let Some(seat) = game.to_act().iter().next() else {
            return;
        };
        game.choices(seat, legal);
        let a = match legal.len() {
            0 => return,
            1 => legal[0],
            _ => {
                rank(game, seat, legal, rng, ranked);
                ranked[0].1
            }
        };
        game.apply_listed(a);
    }
}

/// Every seat's reward in `[0, 1]` for the position reached by a playout: 1 for the winner
/// and 0 for the others once the game is over; otherwise
/// `½ + ½ tanh((own value − best opponent's value) / 200)`.
fn rewards<G: AgentGame>(game: &G) -> [f64; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    let n = game.players() as usize;
    if let Some(w) = game.winner() {
        out[w.index()] = 1.0;
        return out;
    }
    let mut value = [0.0; MAX_PLAYERS];
    for (p, v) in value.iter_mut().enumerate().take(n) {
        *v = game.value(Player(p as u8));
    }
    for p in 0..n {
        let best = (0..n)
            .filter(|&q| q != p)
            .map(|q| value[q])
            .fold(f64::NEG_INFINITY, f64::max);
        out[p] = 0.5 + 0.5 * ((value[p] - best) / 200.0).tanh();
    }
    out
}

impl<G: AgentGame> Bot<G> for SearchBot<G> {
    fn name(&self) -> String {
        match self.config.time_budget {
            Some(t) if self.config.playouts == u32::MAX => format!("search:{}ms", t.as_millis()),
            _ if self.config.playouts == SearchConfig::DEFAULT_PLAYOUTS => "search".into(),
            _ => format!("search:{}", self.config.playouts),
        }
    }

    fn choose(&mut self, at: &Perspective<'_, G>) -> Option<G::Action> {
        at.legal_actions(&mut self.root_legal);
        self.candidates.clear();
        self.nodes.clear();
        match self.root_legal.len() {
            0 => return None,
            1 => return Some(self.root_legal[0]),
            _ => {}
        }
        if self.config.method == Method::Flat {
            return Some(self.choose_flat(at));
        }
        let start = Instant::now();
        // The root's action is never read.
        self.nodes.push(Node::new(self.root_legal[0]));
        let budget = self.config.playouts.max(1);
        for i in 0..budget {
            if let Some(t) = self.config.time_budget {
                if i > 0 && start.elapsed() >= t {
                    break;
                }
            }
            self.iterate(at);
        }
        // The most visited child (ties: the better mean); only the root's own legal
        // actions are children of the root.
        let mut best: Option<(u32, f64, G::Action)> = None;
        let mut c = self.nodes[0].first_child;
        while c != NIL {
            let n = &self.nodes[c as usize];
            let mean = n.total / (f64::from(n.visits) + self.config.prior);
            if best.is_none_or(|(v, m, _)| n.visits > v || (n.visits == v && mean > m)) {
                best = Some((n.visits, mean, n.action));
            }
            c = n.next_sibling;
        }
        best.map(|b| b.2).or(Some(self.root_legal[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::types::{DevCard, Resource, Resources};

    fn small() -> SearchConfig {
        SearchConfig {
            playouts: 12,
            depth: 10,
            ..SearchConfig::default()
        }
    }

    fn small_tree() -> SearchConfig {
        SearchConfig {
            method: Method::Tree,
            candidates: 8,
            ..small()
        }
    }

    /// Positions along a seeded game played by weighted bots, with the first seat to act.
    fn positions(seed: u64, every: usize, count: usize) -> Vec<Game> {
        let mut g = Game::new(Rules::default(), seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        let mut out = Vec::new();
        let mut step = 0usize;
        while g.winner().is_none() && out.len() < count {
            g.legal_actions_without_offers(&mut legal);
            if step % every == every - 1 {
                out.push(g.clone());
            }
            let a = super::super::weighted::weighted_pick::<Game>(&legal, &mut rng).unwrap();
            g.apply(a).unwrap();
            step += 1;
        }
        out
    }

    /// The search never peeks: two games that differ only in what the seat cannot see
    /// (cards swapped between two other seats' hands, development cards swapped between
    /// another seat and the deck, another generator) give the same choice and the same
    /// statistics at the root, for the same seed.
    #[test]
    fn never_peeks() {
        let mut checked = 0;
        for (i, g) in positions(3, 23, 14).into_iter().enumerate() {
            let Some(seat) = g.to_act().iter().next() else {
                continue;
            };
            let (a, b) = (Player((seat.0 + 1) % 4), Player((seat.0 + 2) % 4));
            let mut h = g.clone();
            let (ha, hb) = (g.hand(a), g.hand(b));
            let pair = Resource::ALL.into_iter().find_map(|x| {
                Resource::ALL
                    .into_iter()
                    .find(|&y| x != y && ha[x] > 0 && hb[y] > 0)
                    .map(|y| (x, y))
            });
            if let Some((x, y)) = pair {
                h.seats[a.index()].hand.sub(&Resources::one(x));
                h.seats[a.index()].hand.add(&Resources::one(y));
                h.seats[b.index()].hand.sub(&Resources::one(y));
                h.seats[b.index()].hand.add(&Resources::one(x));
            }
            // One of a's unplayed development cards for a different kind from the deck.
            let dev_swap = DevCard::ALL.into_iter().find_map(|x| {
                DevCard::ALL
                    .into_iter()
                    .find(|&y| x != y && g.seats[a.index()].dev[x] > 0 && g.deck[y] > 0)
                    .map(|y| (x, y))
            });
            if let Some((x, y)) = dev_swap {
                h.seats[a.index()].dev[x] -= 1;
                h.seats[a.index()].dev[y] += 1;
                h.deck[y] -= 1;
                h.deck[x] += 1;
            }
            h.rng = Rng::new(0xdead_beef ^ i as u64);
            assert_ne!(g, h);
            assert_eq!(g.view(Some(seat)), h.view(Some(seat)));
            for config in [small(), small_tree()] {
                let mut b1 = SearchBot::with_config(11, config);
                let mut b2 = SearchBot::with_config(11, config);
                let c1 = b1.choose(&Perspective::new(&g, seat));
                let c2 = b2.choose(&Perspective::new(&h, seat));
                assert_eq!(c1, c2, "position {i}");
                assert_eq!(b1.root_stats(), b2.root_stats(), "position {i}");
                assert_eq!(b1.candidates, b2.candidates, "position {i}");
            }
            if pair.is_some() || dev_swap.is_some() {
                checked += 1;
            }
        }
        assert!(
            checked >= 5,
            "only {checked} positions with hidden cards to move"
        );
    }

    /// Every choice is a legal action of the asked seat, for every seat that must act
    /// (discards after a 7 included), and the tree really grows past the root's children.
    #[test]
    fn chooses_only_legal_actions_of_its_seat() {
        let mut deep = false;
        let mut tree = SearchBot::with_config(5, small_tree());
        let mut flat = SearchBot::with_config(5, small());
        for g in positions(8, 7, 40) {
            for seat in g.to_act().iter() {
                let at = Perspective::new(&g, seat);
                let mut legal = Vec::new();
                at.legal_actions(&mut legal);
                for bot in [&mut tree, &mut flat] {
                    let a = bot.choose(&at).expect("a seat to act has an action");
                    assert_eq!(a.player(), seat);
                    assert!(legal.contains(&a) && g.is_legal(&a), "{a:?}");
                }
                let root_children = tree.root_stats().len();
                if legal.len() > 1 {
                    assert!(root_children >= 1);
                    deep |= tree.tree_size() > root_children + 1;
                    // The flat search compares the best `candidates` of the legal actions,
                    // and plays one of them.
                    let k = small().candidates.min(legal.len());
                    assert_eq!(flat.compared(), k);
                    let played = flat.choose(&at).unwrap();
                    assert!(flat.candidates.iter().any(|c| c.1 == played));
                } else {
                    assert_eq!((flat.compared(), tree.compared()), (0, 0));
                }
            }
        }
        assert!(deep, "the tree never grew below the root's children");
    }

    /// The statistics add up: every iteration passes through exactly one of the root's
    /// children, and no node is wider than [`SearchConfig::candidates`].
    #[test]
    fn visits_add_up() {
        let mut checked = 0;
        for g in positions(4, 5, 16) {
            let seat = g.to_act().iter().next().unwrap();
            let mut legal = Vec::new();
            Perspective::new(&g, seat).legal_actions(&mut legal);
            if legal.len() < 2 {
                continue;
            }
            let mut bot = SearchBot::with_config(2, small_tree());
            bot.choose(&Perspective::new(&g, seat)).unwrap();
            let stats = bot.root_stats();
            assert_eq!(stats.iter().map(|s| s.1).sum::<u32>(), small().playouts);
            assert!(!stats.is_empty() && stats.len() <= small_tree().candidates);
            assert_eq!(bot.compared(), stats.len());
            checked += 1;
        }
        assert!(checked >= 3);
    }
}
