//! [`GreedyBot`] and the value of a position it maximises ([`position_value`]).

use super::{unit, Bot, Perspective};
use crate::agents::AgentGame;
use crate::game::{Game, CITY, CITY_COST, DEV_CARD_COST, SETTLEMENT_COST};
use crate::render::pips;
use crate::rng::Rng;
use crate::types::{DevCard, Player};

/// Weight of one pip of production of each resource (brick, lumber, wool, grain, ore) in
/// [`position_value`]: grain and ore build cities and cards, wool is the most plentiful.
pub const RESOURCE_WEIGHT: [f64; 5] = [1.0, 1.0, 0.8, 1.1, 1.1];

/// The value of a position for player `p`, in "points × 100" units. Read from `game`, which
/// for a bot is a determinized sample: only `p`'s own cards and public facts are used.
///
/// | term | value |
/// | --- | --- |
/// | victory points (hidden VP cards of `p` included) | 100 each; 10,000 for a win |
/// | production: for each of `p`'s buildings, the pips of each adjacent numbered hex not under the robber, × 2 for a city, × [`RESOURCE_WEIGHT`] | × 3 |
/// | resources produced at all | 4 per kind |
/// | resource cards in hand | 1 each up to the discard limit, −2 for each above it |
/// | hand covers a city / settlement / development card | 6 / 5 / 2 |
/// | development cards held (VP cards are in the points) | 6 each |
/// | knights played | 4 each; road length 1.5 per segment (up to 8) |
/// | harbours | 3 each |
/// | best free site reachable (touched by `p`'s road: full, one step further: half) | 2 × its weighted pips |
/// | opponents | − ¼ of the best opponent's public value (100 per public point, 3 per production pip, 4 per knight, 4 per development card held) |
pub fn position_value(game: &Game, p: Player) -> f64 {
    let n = game.players();
    let pi = p.index();
    if game.winner() == Some(p) {
        return 10_000.0;
    }
    let mut v = 100.0 * game.points(p) as f64;
    let prod = production(game);
    let me = &prod[pi];
    v += 3.0 * me.iter().sum::<f64>();
    v += 4.0 * me.iter().filter(|&&x| x > 0.0).count() as f64;
    let s = &game.seats[pi];
    let cards = s.hand.total() as f64;
    let limit = game.rules.discard_limit as f64;
    v += if cards <= limit {
        cards
    } else {
        limit - 2.0 * (cards - limit)
    };
    if s.hand.contains(&CITY_COST) {
        v += 6.0;
    }
    if s.hand.contains(&SETTLEMENT_COST) {
        v += 5.0;
    }
    if s.hand.contains(&DEV_CARD_COST) {
        v += 2.0;
    }
    let vp = DevCard::VictoryPoint;
    let held = s.dev.total() + s.new_dev.total() - (s.dev[vp] + s.new_dev[vp]) as u32;
    v += 6.0 * held as f64;
    v += 4.0 * s.knights as f64 + 1.5 * game.longest_road_of(p).min(8) as f64;
    v += 3.0 * s.harbors.count_ones() as f64;
    v += 2.0 * best_site(game, p.0);
    let mut best_other = 0.0f64;
    for q in (0..n).filter(|&q| q != p.0) {
        let o = &game.seats[q as usize];
        let ov = 100.0 * game.public_points(Player(q)) as f64
            + 3.0 * prod[q as usize].iter().sum::<f64>()
            + 4.0 * o.knights as f64
            + 4.0 * (o.dev.total() + o.new_dev.total()) as f64;
        best_other = best_other.max(ov);
    }
    v - 0.25 * best_other
}

/// Weighted production pips per player and resource (the robber's hex produces nothing).
fn production(game: &Game) -> [[f64; 5]; crate::types::MAX_PLAYERS] {
    let mut out = [[0.0; 5]; crate::types::MAX_PLAYERS];
    let board = &**game.board();
    let robber = game.robber;
    for (i, node) in board.nodes().iter().enumerate() {
        let v = game.nodes.get(i);
        if v == 0 {
            continue;
        }
        let owner = ((v & !CITY) - 1) as usize;
        let k = if v & CITY != 0 { 2.0 } else { 1.0 };
        for h in node.hexes() {
            if h.0 == robber {
                continue;
            }
            let hex = board.hex(h);
            if let (Some(r), Some(num)) = (hex.terrain.resource(), hex.number) {
                out[owner][r.index()] += k * pips(num) as f64 * RESOURCE_WEIGHT[r.index()];
            }
        }
    }
    out
}

/// Weighted pips of a node's hexes.
fn site_pips(game: &Game, node: usize) -> f64 {
    let board = &**game.board();
    board.nodes()[node]
        .hexes()
        .map(|h| {
            let hex = board.hex(h);
            match (hex.terrain.resource(), hex.number) {
                (Some(r), Some(num)) => pips(num) as f64 * RESOURCE_WEIGHT[r.index()],
                _ => 0.0,
            }
        })
        .sum()
}

/// The best free settlement site near `p`'s roads: a site touched by one of `p`'s roads
/// counts in full, a site one step further half.
fn best_site(game: &Game, p: u8) -> f64 {
    let board = &**game.board();
    let free = |i: usize| {
        game.nodes.get(i) == 0
            && board.nodes()[i]
                .neighbors()
                .all(|m| game.nodes.get(m.index()) == 0)
    };
    let mut best = 0.0f64;
    for (i, node) in board.nodes().iter().enumerate() {
        if !node.edges().any(|e| game.edges.get(e.index()) == p + 1) {
            continue;
        }
        if free(i) {
            best = best.max(site_pips(game, i));
        }
        for m in node.neighbors() {
            let occupied_by_other = {
                let v = game.nodes.get(i);
                v != 0 && ((v & !CITY) - 1) != p
            };
            if !occupied_by_other && free(m.index()) {
                best = best.max(0.5 * site_pips(game, m.index()));
            }
        }
    }
    best
}

/// Ranks `legal` by the value of their results on `sample` for `p`
/// ([`AgentGame::value`]), best first, ties broken at random; writes `(value, action)` pairs
/// into `out`.
pub(crate) fn rank<G: AgentGame>(
    sample: &G,
    p: Player,
    legal: &[G::Action],
    rng: &mut Rng,
    out: &mut Vec<(f64, G::Action)>,
) {
    out.clear();
    let mut scratch = sample.clone();
    for &a in legal {
        scratch.clone_from(sample);
        scratch.apply_listed(a);
        // A tiny random jitter breaks ties without favouring the listing order.
        let v = scratch.value(p) + 1e-6 * unit(rng);
        out.push((v, a));
    }
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
}

/// One-ply lookahead: applies each legal action to a determinized sample of the game and
/// takes the one whose result has the highest value ([`AgentGame::value`]; for the base
/// game [`position_value`]).
#[derive(Clone, Debug)]
pub struct GreedyBot<G: AgentGame = Game> {
    rng: Rng,
    legal: Vec<G::Action>,
    ranked: Vec<(f64, G::Action)>,
}

impl<G: AgentGame> GreedyBot<G> {
    /// A greedy bot whose samples and tie-breaks are fixed by `seed`.
    pub fn new(seed: u64) -> GreedyBot<G> {
        GreedyBot {
            rng: Rng::new(seed),
            legal: Vec::with_capacity(256),
            ranked: Vec::with_capacity(256),
        }
    }
}

impl<G: AgentGame> Bot<G> for GreedyBot<G> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, at: &Perspective<'_, G>) -> Option<G::Action> {
        at.legal_actions(&mut self.legal);
        match self.legal.len() {
            0 => return None,
            1 => return Some(self.legal[0]),
            _ => {}
        }
        let sample = at.determinize(&mut self.rng);
        rank(
            &sample,
            at.seat(),
            &self.legal,
            &mut self.rng,
            &mut self.ranked,
        );
        Some(self.ranked[0].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::rules::Rules;

    /// In the set-up phase the greedy bot takes a site with at least as many pips as the
    /// median free site: production is the main term of its value.
    #[test]
    fn setup_settlements_are_productive() {
        let g = Game::new(Rules::default(), 11).unwrap();
        let mut bot = GreedyBot::new(1);
        let a = bot.choose(&Perspective::new(&g, Player(0))).unwrap();
        let Action::BuildSettlement { node, .. } = a else {
            panic!("{a:?}")
        };
        let mut all: Vec<f64> = (0..g.board().nodes().len())
            .map(|i| site_pips(&g, i))
            .collect();
        all.sort_by(f64::total_cmp);
        let best = *all.last().unwrap();
        assert!(site_pips(&g, node.index()) >= 0.8 * best, "{node:?}");
    }
}
