//! Rule tests: one test (or more) per rule of the base game, each citing its source
//! (Base rules = the 5th-edition rulebook, Clarifications = the clarifications article,
//! `docs/rulings.md §n` = a ruling of ours, in the repository's docs).
//!
//! Tests live inside the crate so they can build exact positions through the `pub(crate)`
//! fields of [`Game`]. [`Pos`] is the builder; [`audit`] checks that `legal_actions`, `is_legal`
//! and `apply` agree; [`rejects`] checks an error path (exact [`RuleError`], state unchanged).
//!
//! The board is the beginners' map (Base rules, Illustration A), so hexes are named by their
//! terrain and number: `M10` = Mountains 10 at axial `(0, -2)`, and so on (see the constants
//! below). With 5–6 players it is the printed "Starting Set-up for 5–6 New Players"
//! (`five_six.rs` names its hexes by row and position, `special_build.rs` by reading order).

mod beginner;
mod building;
mod devcards;
mod five_six;
mod fog;
mod gold;
mod invariants;
mod longest_road;
mod maps;
mod pirate;
mod production;
mod robber;
mod scenarios;
mod setup;
mod ships;
mod special_build;
mod trade;
mod turn;
mod victory;

use crate::action::Action;
use crate::board::{Board, Corner, EdgeId, HexCoord, HexId, NodeId, Side};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::{Game, Phase, CITY};
use crate::layouts::{self, MapKind};
use crate::rng::Rng;
use crate::rules::{ChanceMode, Rules};
use crate::types::{DevCard, Player, Resource, Resources};
use std::collections::HashSet;
use std::sync::Arc;

/// A game after `steps` uniformly random offer-free actions (fewer if it ends first), the
/// actions drawn from `seed ^ salt`: positions along random play, for tests that need many.
pub(crate) fn played(rules: Rules, seed: u64, salt: u64, steps: usize) -> Game {
    let mut g = Game::new(rules, seed).unwrap();
    let mut pick = Rng::new(seed ^ salt);
    let mut legal = Vec::new();
    for _ in 0..steps {
        if g.winner().is_some() {
            break;
        }
        g.legal_actions_without_offers(&mut legal);
        let a = legal[pick.below(legal.len() as u32) as usize];
        g.apply(a).unwrap();
    }
    g
}

// ---- hexes of the beginners' map (Base rules, Illustration A), axial (q, r) ----
pub(crate) const M10: (i8, i8) = (0, -2);
pub(crate) const P2: (i8, i8) = (1, -2);
pub(crate) const F9: (i8, i8) = (2, -2);
pub(crate) const FI12: (i8, i8) = (-1, -1);
pub(crate) const H6: (i8, i8) = (0, -1);
pub(crate) const P4: (i8, i8) = (1, -1);
pub(crate) const H10: (i8, i8) = (2, -1);
pub(crate) const FI9: (i8, i8) = (-2, 0);
pub(crate) const F11: (i8, i8) = (-1, 0);
pub(crate) const DESERT: (i8, i8) = (0, 0);
pub(crate) const F3: (i8, i8) = (1, 0);
pub(crate) const M8: (i8, i8) = (2, 0);
pub(crate) const F8: (i8, i8) = (-2, 1);
pub(crate) const M3: (i8, i8) = (-1, 1);
pub(crate) const FI4: (i8, i8) = (0, 1);
pub(crate) const P5: (i8, i8) = (1, 1);
pub(crate) const H5: (i8, i8) = (-2, 2);
pub(crate) const FI6: (i8, i8) = (-1, 2);
pub(crate) const P11: (i8, i8) = (0, 2);

// The turn flags of `Game` (private to game.rs; their meaning is pinned by
// `flags_mean_what_the_builder_thinks`).
pub(crate) const ROLLED: u8 = 1;
pub(crate) const DEV_PLAYED: u8 = 2;
pub(crate) const BUILT: u8 = 4;

pub(crate) const P0: Player = Player(0);
pub(crate) const P1: Player = Player(1);
pub(crate) const P2_: Player = Player(2);
pub(crate) const P3: Player = Player(3);

/// `[brick, lumber, wool, grain, ore]`.
pub(crate) const fn res(b: u8, l: u8, w: u8, g: u8, o: u8) -> Resources {
    Resources::new(b, l, w, g, o)
}

/// Rules for a test: `players` seats, the beginners' map, chance from outside.
pub(crate) fn rules(players: u8) -> Rules {
    Rules {
        players,
        map: MapKind::Beginner,
        chance: ChanceMode::External,
        ..Rules::default()
    }
}

/// A position builder over a game on the (empty) beginners' board.
pub(crate) struct Pos {
    pub g: Game,
}

impl Pos {
    /// An empty beginners' board in the set-up phase (no printed pieces); the 5–6 player
    /// beginners' board for 5–6 players.
    pub fn setup(r: Rules) -> Pos {
        let spec = if r.island.is_five_six(r.players) {
            layouts::five_six_beginner()
        } else {
            layouts::beginner()
        };
        let board = Arc::new(Board::new(spec).expect("beginner board"));
        Pos {
            g: Game::blank(r, board, Rng::new(1)),
        }
    }

    /// An empty board after set-up: turn 1, player 0's main phase (dice rolled).
    pub fn new(players: u8) -> Pos {
        Pos::with_rules(rules(players))
    }

    /// As [`Pos::new`] with other rules.
    pub fn with_rules(r: Rules) -> Pos {
        let mut p = Pos::setup(r);
        p.g.setup_step = 2 * r.players;
        p.g.turn = 1;
        p.turn(0, Phase::Main)
    }

    /// Makes it `p`'s turn in `phase` (rolled unless `phase` is `Roll`).
    pub fn turn(mut self, p: u8, phase: Phase) -> Pos {
        self.set_turn(p, phase);
        self
    }

    /// As [`Pos::turn`], in place.
    pub fn set_turn(&mut self, p: u8, phase: Phase) -> &mut Pos {
        self.g.current = p;
        self.g.phase = phase;
        self.g.flags = if phase == Phase::Roll { 0 } else { ROLLED };
        self.g.dice = if phase == Phase::Roll { [0, 0] } else { [1, 2] };
        let s = &mut self.g.seats[p as usize];
        s.harbors_at_start = s.harbors;
        self
    }

    pub fn hex(&self, h: (i8, i8)) -> HexId {
        self.g
            .board
            .hex_at(HexCoord::new(h.0, h.1))
            .expect("hex on the board")
    }

    pub fn node(&self, h: (i8, i8), c: Corner) -> NodeId {
        self.g
            .board
            .node_at(HexCoord::new(h.0, h.1), c)
            .expect("node on the board")
    }

    pub fn side(&self, h: (i8, i8), s: Side) -> EdgeId {
        self.g
            .board
            .edge_at(HexCoord::new(h.0, h.1), s)
            .expect("edge on the board")
    }

    pub fn edge(&self, a: NodeId, b: NodeId) -> EdgeId {
        self.g.board.edge_between(a, b).expect("adjacent nodes")
    }

    /// The zig-zag along the top of land row `r` from hex `q0` to hex `q1` (inclusive):
    /// NW, N of each hex, then the last hex's NE corner. `2 (q1 - q0 + 1)` edges.
    pub fn top_path(&self, r: i8, q0: i8, q1: i8) -> Vec<NodeId> {
        let mut v = Vec::new();
        for q in q0..=q1 {
            v.push(self.node((q, r), Corner::Nw));
            v.push(self.node((q, r), Corner::N));
        }
        v.push(self.node((q1, r), Corner::Ne));
        v
    }

    /// The zig-zag along the bottom of land row `r`: SW, S of each hex, then the last hex's
    /// SE corner.
    pub fn bottom_path(&self, r: i8, q0: i8, q1: i8) -> Vec<NodeId> {
        let mut v = Vec::new();
        for q in q0..=q1 {
            v.push(self.node((q, r), Corner::Sw));
            v.push(self.node((q, r), Corner::S));
        }
        v.push(self.node((q1, r), Corner::Se));
        v
    }

    /// The third path at `path[k]` (off the path), and its far end.
    pub fn spur(&self, path: &[NodeId], k: usize) -> (EdgeId, NodeId) {
        let n = path[k];
        let e = self
            .g
            .board
            .node(n)
            .edges()
            .find(|&e| {
                let o = self.g.board.edge(e).other(n);
                (k == 0 || o != path[k - 1]) && path.get(k + 1) != Some(&o)
            })
            .expect("a third path");
        (e, self.g.board.edge(e).other(n))
    }

    /// Sets who holds Longest Road (`None`: nobody).
    pub fn holder(&mut self, p: Option<u8>) -> &mut Pos {
        self.g.longest_road = p.unwrap_or(crate::game::NONE);
        self
    }

    /// Places a settlement for `p` (no checks; bookkeeping like the engine's).
    pub fn settle(&mut self, p: u8, n: NodeId) -> &mut Pos {
        assert_eq!(self.g.nodes.get(n.index()), 0, "node free");
        self.g.put_settlement(p, n);
        self.refresh_roads();
        self
    }

    /// Places a city for `p` (a settlement first if needed).
    pub fn city(&mut self, p: u8, n: NodeId) -> &mut Pos {
        if self.g.nodes.get(n.index()) == 0 {
            self.settle(p, n);
        }
        assert_eq!(self.g.nodes.get(n.index()), p + 1, "own settlement");
        {
            let i = n.index();
            self.g.nodes.set(i, self.g.nodes.get(i) | CITY);
        }
        let s = &mut self.g.seats[p as usize];
        s.settlements -= 1;
        s.cities += 1;
        self
    }

    /// Places a road for `p` on an edge.
    pub fn road(&mut self, p: u8, e: EdgeId) -> &mut Pos {
        assert_eq!(self.g.edges.get(e.index()), 0, "edge free");
        self.g.edges.set(e.index(), p + 1);
        self.g.seats[p as usize].roads += 1;
        self.refresh_roads();
        self
    }

    /// Places roads for `p` along consecutive nodes.
    pub fn path(&mut self, p: u8, nodes: &[NodeId]) -> &mut Pos {
        for w in nodes.windows(2) {
            let e = self.edge(w[0], w[1]);
            self.road(p, e);
        }
        self
    }

    /// Recomputes every cached road length from scratch.
    pub fn refresh_roads(&mut self) {
        for q in 0..self.g.rules.players {
            crate::roads::measure_again(&mut self.g, q);
        }
        self.g.rebuild_sea();
    }

    /// Gives `p` cards from the bank.
    pub fn give(&mut self, p: u8, r: Resources) -> &mut Pos {
        assert!(self.g.bank.contains(&r), "bank has {r:?}");
        self.g.bank.sub(&r);
        self.g.seats[p as usize].hand.add(&r);
        self
    }

    /// Sets the bank's count of one resource (the rest is "held elsewhere": tests that use
    /// it do not check the card total).
    pub fn bank(&mut self, r: Resource, n: u8) -> &mut Pos {
        self.g.bank[r] = n;
        self
    }

    /// Gives `p` a playable development card from the deck.
    pub fn dev(&mut self, p: u8, c: DevCard) -> &mut Pos {
        assert!(self.g.deck[c] > 0);
        self.g.deck[c] -= 1;
        self.g.seats[p as usize].dev[c] += 1;
        self
    }

    /// Gives `p` a development card bought this turn.
    pub fn new_dev(&mut self, p: u8, c: DevCard) -> &mut Pos {
        assert!(self.g.deck[c] > 0);
        self.g.deck[c] -= 1;
        self.g.seats[p as usize].new_dev[c] += 1;
        self
    }

    pub fn robber(&mut self, h: (i8, i8)) -> &mut Pos {
        self.g.robber = self.hex(h).0;
        self
    }
}

/// Every resource card is somewhere: bank plus hands is the full supply (docs/rulings.md §6).
pub(crate) fn assert_cards_conserved(g: &Game) {
    for r in Resource::ALL {
        let held: u32 = (0..g.players())
            .map(|p| g.seats[p as usize].hand[r] as u32)
            .sum();
        assert_eq!(
            g.bank[r] as u32 + held,
            g.rules.bank_per_resource() as u32,
            "{r} conserved"
        );
    }
}

/// Applies a legal action (asserting `is_legal` first) and returns its events.
#[track_caller]
pub(crate) fn ok(g: &mut Game, a: Action) -> Vec<Event> {
    assert_eq!(g.check(&a), Ok(()), "{a:?} should be legal");
    assert!(g.is_legal(&a));
    g.apply(a).expect("legal action applies")
}

/// An error path: `a` fails with exactly `e`, `is_legal` says no, it is not listed, and the
/// state is unchanged.
#[track_caller]
pub(crate) fn rejects(g: &mut Game, a: Action, e: RuleError) {
    let before = g.clone();
    assert_eq!(g.apply(a), Err(e), "{a:?}");
    assert_eq!(*g, before, "a failed action leaves the state unchanged");
    assert!(!g.is_legal(&a));
    assert!(!g.legal_actions_vec().contains(&a), "{a:?} listed");
}

/// Every action a test position could see, for [`audit`]: the families `legal_actions`
/// promises to list in full (`legal.rs` module notes).
pub(crate) fn candidates(g: &Game) -> Vec<Action> {
    let b = g.board.clone();
    let mut v = Vec::new();
    let mut res2 = vec![Resources::EMPTY];
    for a in Resource::ALL {
        res2.push(Resources::one(a));
        for c in Resource::ALL {
            if c >= a {
                let mut r = Resources::one(a);
                r[c] += 1;
                res2.push(r);
            }
        }
    }
    let cards: Vec<Option<DevCard>> = std::iter::once(None)
        .chain(DevCard::ALL.into_iter().map(Some))
        .collect();
    let ress: Vec<Option<Resource>> = std::iter::once(None)
        .chain(Resource::ALL.into_iter().map(Some))
        .collect();
    let n = g.players();
    for p in 0..n {
        let player = Player(p);
        v.push(Action::Roll { player, dice: None });
        for d1 in 0..=7 {
            for d2 in 1..=6 {
                v.push(Action::Roll {
                    player,
                    dice: Some([d1, d2]),
                });
            }
        }
        for e in 0..b.edges().len() {
            v.push(Action::BuildRoad {
                player,
                edge: EdgeId(e as u16),
            });
            v.push(Action::BuildShip {
                player,
                edge: EdgeId(e as u16),
            });
        }
        // Ship moves: from each of the player's ships (and edge 0) to every edge.
        for f in 0..b.edges().len() {
            let from = EdgeId(f as u16);
            if f == 0 || g.ship(from) == Some(player) {
                for t in 0..b.edges().len() {
                    v.push(Action::MoveShip {
                        player,
                        from,
                        to: EdgeId(t as u16),
                    });
                }
            }
        }
        for nd in 0..b.nodes().len() {
            let node = NodeId(nd as u8);
            v.push(Action::BuildSettlement { player, node });
            v.push(Action::BuildCity { player, node });
        }
        for &card in &cards {
            v.push(Action::BuyDevelopmentCard { player, card });
        }
        let victims: Vec<Option<Player>> = std::iter::once(None)
            .chain((0..n).map(|q| Some(Player(q))))
            .collect();
        for h in 0..b.hexes().len() {
            let hex = HexId(h as u8);
            for &victim in &victims {
                for &resource in &ress {
                    v.push(Action::MoveRobber {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                    v.push(Action::PlayKnight {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                    v.push(Action::MovePirate {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                    v.push(Action::PlayKnightPirate {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                }
            }
        }
        v.push(Action::PlayRoadBuilding { player });
        for resource in Resource::ALL {
            v.push(Action::PlayMonopoly { player, resource });
        }
        for &resources in &res2 {
            v.push(Action::PlayYearOfPlenty { player, resources });
        }
        for give in Resource::ALL {
            for get in Resource::ALL {
                // Only the best rate is listed; worse ones are legal but dominated
                // (docs/rulings.md §18, tested in trade.rs).
                let rate = g.best_rate(player, give);
                v.push(Action::MaritimeTrade {
                    player,
                    give,
                    get,
                    rate,
                });
                v.push(Action::OfferTrade {
                    player,
                    to: None,
                    give: Resources::one(give),
                    get: Resources::one(get),
                });
            }
        }
        v.push(Action::AcceptTrade { player });
        v.push(Action::RejectTrade { player });
        v.push(Action::CancelTrade { player });
        v.push(Action::EndTurn { player });
        for q in 0..n {
            v.push(Action::ConfirmTrade {
                player,
                with: Player(q),
            });
        }
        // Gold choices: every set of the owed size the bank holds (or of size 1).
        let need = g.gold[p as usize].max(1) as u32;
        let mut cur = [0u8; 5];
        loop {
            let r = Resources::new(cur[0], cur[1], cur[2], cur[3], cur[4]);
            if r.total() == need {
                v.push(Action::ChooseGold {
                    player,
                    resources: r,
                });
            }
            let mut i = 0;
            while i < 5 {
                if (cur[i] as u32) < need.min(g.bank.0[i] as u32 + 1) {
                    cur[i] += 1;
                    break;
                }
                cur[i] = 0;
                i += 1;
            }
            if i == 5 {
                break;
            }
        }
        // Discards: every sub-hand of the owed size (or of size 1 when nothing is owed).
        let need = g.discard[p as usize].max(1) as u32;
        let hand = g.seats[p as usize].hand;
        let mut cur = [0u8; 5];
        loop {
            let r = Resources::new(cur[0], cur[1], cur[2], cur[3], cur[4]);
            if r.total() == need {
                v.push(Action::Discard {
                    player,
                    resources: r,
                });
            }
            // odometer over 0..=hand[i]
            let mut i = 0;
            while i < 5 {
                if cur[i] < hand.0[i] {
                    cur[i] += 1;
                    break;
                }
                cur[i] = 0;
                i += 1;
            }
            if i == 5 {
                break;
            }
        }
    }
    v
}

/// `legal_actions` lists exactly the legal actions of the listed families, every listed
/// action is legal and applies, and nothing is listed twice.
#[track_caller]
pub(crate) fn audit(g: &Game) {
    let legal = g.legal_actions_vec();
    let set: HashSet<Action> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "no action listed twice");
    for a in &legal {
        assert_eq!(g.check(a), Ok(()), "listed {a:?} must be legal");
        let mut c = g.clone();
        assert!(c.apply(*a).is_ok());
    }
    for a in candidates(g) {
        if g.is_legal(&a) {
            assert!(set.contains(&a), "{a:?} is legal but not listed");
            let mut c = g.clone();
            assert!(c.apply(a).is_ok(), "is_legal agrees with apply: {a:?}");
        } else {
            let mut c = g.clone();
            assert!(c.apply(a).is_err(), "is_legal agrees with apply: {a:?}");
            assert_eq!(c, *g);
        }
    }
}

/// Roll with chosen dice.
pub(crate) fn roll(p: Player, a: u8, b: u8) -> Action {
    Action::Roll {
        player: p,
        dice: Some([a, b]),
    }
}

#[test]
fn flags_mean_what_the_builder_thinks() {
    // Builder self-check (docs/rulings.md §1: building closes trading in strict phases).
    let mut pos = Pos::new(3);
    assert!(pos.g.rolled());
    assert!(!pos.g.development_card_played());
    pos.g.flags = DEV_PLAYED;
    assert!(pos.g.development_card_played() && !pos.g.rolled());
    // BUILT closes trading in strict phases.
    let mut strict = Pos::with_rules(Rules {
        strict_phases: true,
        ..rules(3)
    });
    assert!(strict.g.trading_open());
    strict.g.flags |= BUILT;
    assert!(!strict.g.trading_open());
}

#[test]
fn builder_positions_are_consistent() {
    // Builder self-check: a 10-road path is a trail of 10 (docs/rulings.md §15), cards are
    // conserved (docs/rulings.md §6), and the position passes the legal-action audit.
    let mut pos = Pos::new(4);
    let path = pos.top_path(0, -2, 2);
    assert_eq!(path.len(), 11);
    pos.path(0, &path);
    pos.give(1, res(1, 2, 3, 4, 5));
    assert_eq!(pos.g.longest_road_of(P0), 10);
    assert_cards_conserved(&pos.g);
    audit(&pos.g);
}

/// A random action of `legal` for ship-heavy random play: drawn from the ship builds and
/// moves alone when there are some and `rng.below(of)` is at least `of - ships_in` (so
/// `ships_in` times in `of`), from all of `legal` otherwise.
pub(crate) fn pick_favouring_ships(
    legal: &[Action],
    rng: &mut Rng,
    ships_in: u32,
    of: u32,
) -> Action {
    let ships: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::MoveShip { .. } | Action::BuildShip { .. }))
        .collect();
    let pool = if !ships.is_empty() && rng.below(of) >= of - ships_in {
        &ships
    } else {
        legal
    };
    pool[rng.below(pool.len() as u32) as usize]
}
