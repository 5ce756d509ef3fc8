//! Invariants over whole games: random legal play (trade offers and answers included) with
//! the state checked after every action. Each invariant is a rule of the book seen from the
//! state: cards are conserved (docs/rulings.md §6), piece counts match the board and the limits
//! (docs/rulings.md §12), the Longest Road holder is always at the maximum and at least 5
//! (docs/rulings.md §15), the Largest Army holder has at least 3 knights and the most (docs/rulings.md
//! 16), the winner holds the target on their own turn (docs/rulings.md §4), and every listed action
//! is legal.

use super::*;
use crate::game::NONE;

fn check_state(g: &Game) {
    let n = g.players() as usize;
    assert_cards_conserved(g);
    let (max_r, max_s, max_c) = g.rules.pieces();
    let mut dev_total = g.deck.total();
    for p in 0..n {
        let s = &g.seats[p];
        // Pieces on the board match the seat's counts and stay within the limits.
        let roads = g
            .edges
            .iter(g.board.edges().len())
            .filter(|&v| v == p as u8 + 1)
            .count();
        let (mut settlements, mut cities) = (0, 0);
        for n in 0..g.board.nodes().len() {
            match g.building(NodeId(n as u8)) {
                Some((q, false)) if q.index() == p => settlements += 1,
                Some((q, true)) if q.index() == p => cities += 1,
                _ => {}
            }
        }
        assert_eq!(
            (s.roads as usize, s.settlements as usize, s.cities as usize),
            (roads, settlements, cities)
        );
        assert!(s.roads <= max_r && s.settlements <= max_s && s.cities <= max_c);
        // The kept road length is the length from scratch; on open-sea boards it may be
        // kept as bounds (`roads::settle_for_award`), which hold it.
        let len = g.road_length(p as u8);
        assert_eq!(
            g.longest_road_of(Player(p as u8)),
            len,
            "road length of {p}"
        );
        let slack = crate::roads::route_slack(g, p as u8);
        assert!(
            s.road_len >= len && s.road_len - slack <= len,
            "bounds of {p}"
        );
        dev_total += s.dev.total() + s.new_dev.total() + s.knights as u32;
    }
    assert!(
        dev_total <= 25,
        "development cards conserved (played non-knights leave)"
    );
    // Distance rule everywhere.
    for a in 0..g.board.nodes().len() {
        if g.nodes.get(a) != 0 {
            for b in g.board.node(NodeId(a as u8)).neighbors() {
                assert_eq!(g.nodes.get(b.index()), 0, "distance rule");
            }
        }
    }
    let lens: Vec<u8> = (0..n).map(|p| g.road_length(p as u8)).collect();
    let max = *lens.iter().max().unwrap();
    if g.longest_road != NONE {
        let h = g.longest_road as usize;
        assert!(lens[h] >= 5 && lens[h] == max, "holder {h} with {lens:?}");
    } else {
        let at_max = lens.iter().filter(|&&l| l == max).count();
        assert!(max < 5 || at_max > 1, "card set aside with {lens:?}");
    }
    if g.largest_army != NONE {
        let h = g.largest_army as usize;
        let k = g.seats[h].knights;
        assert!(k >= 3 && (0..n).all(|p| g.seats[p].knights <= k));
    } else {
        assert!((0..n).all(|p| g.seats[p].knights < 3));
    }
    if let Some(w) = g.winner() {
        assert_eq!(w, g.current_player());
        assert!(g.points(w) >= g.rules.vp_target);
    } else if g.phase() != Phase::SetupSettlement && g.phase() != Phase::SetupRoad {
        assert!(g.points(g.current_player()) < g.rules.vp_target);
    }
}

/// Longest Road after a change, from the previous holder and the new lengths (Base rules
/// "Longest Road" and its Special Case; docs/rulings.md §15): the holder keeps it while at the
/// maximum with at least 5; otherwise the one player strictly longest with at least 5 takes
/// it; otherwise it is set aside.
fn expected_holder(g: &Game, prev: u8) -> u8 {
    let lens: Vec<u8> = (0..g.players()).map(|p| g.road_length(p)).collect();
    let max = *lens.iter().max().unwrap();
    if prev != NONE && lens[prev as usize] >= 5 && lens[prev as usize] == max {
        return prev;
    }
    let at_max: Vec<usize> = (0..lens.len()).filter(|&p| lens[p] == max).collect();
    if max >= 5 && at_max.len() == 1 {
        at_max[0] as u8
    } else {
        NONE
    }
}

fn playout(r: Rules, seed: u64, steps: usize) {
    let mut g = Game::new(r, seed).unwrap();
    let mut pick = Rng::new(seed ^ 0xabc);
    let mut legal = Vec::new();
    for _ in 0..steps {
        check_state(&g);
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            assert_eq!(g.phase(), Phase::GameOver);
            return;
        }
        // Prefer building and answers over ending the turn, so games move on.
        let i = pick.below(legal.len() as u32) as usize;
        let mut a = legal[i];
        if matches!(a, Action::OfferTrade { .. }) && pick.below(8) != 0 {
            a = *legal.last().unwrap();
        }
        let prev_holder = g.longest_road;
        let res = g.apply(a);
        assert!(res.is_ok(), "listed {a:?} failed: {res:?}");
        assert_eq!(
            g.longest_road,
            expected_holder(&g, prev_holder),
            "after {a:?}"
        );
        // Occasionally a counter-offer (never listed) while an offer is open.
        if g.offer.is_some() && pick.below(4) == 0 {
            for q in 0..g.players() {
                let hand = g.hand(Player(q));
                if let Some(r) = Resource::ALL.into_iter().find(|&r| hand[r] > 0) {
                    let want = Resource::ALL[(r.index() + 1) % 5];
                    let c = Action::CounterOffer {
                        player: Player(q),
                        give: Resources::one(r),
                        get: Resources::one(want),
                    };
                    let legal_now = g.is_legal(&c);
                    let mut t = g.clone();
                    assert_eq!(t.apply(c).is_ok(), legal_now);
                    if legal_now {
                        g = t;
                    }
                }
            }
        }
    }
}

#[test]
fn invariants_hold_through_random_games() {
    // docs/rulings.md §4, 6, 12, 15, 16 (see the module notes), seeded chance, all options.
    for seed in 0..20 {
        playout(
            Rules {
                chance: ChanceMode::Seeded,
                map: MapKind::Random,
                ..rules(4)
            },
            seed,
            3000,
        );
    }
    for seed in 0..12 {
        playout(
            Rules {
                chance: ChanceMode::Seeded,
                map: MapKind::Beginner,
                strict_phases: seed % 2 == 0,
                friendly_robber: seed % 3 == 0,
                ..rules(3)
            },
            seed,
            3000,
        );
    }
}

#[test]
fn invariants_hold_with_external_chance() {
    // docs/rulings.md §4, 6, 12, 15, 16 with chance from outside (rules.rs `ChanceMode::External`).
    for seed in 0..8 {
        playout(rules(4), seed, 1500);
    }
}

/// The longest trail by brute force: every trail from every node, no edge twice, never
/// continuing from a node with another player's building (docs/rulings.md §15).
fn reference_road_length(g: &Game, p: u8) -> u8 {
    fn dfs(g: &Game, p: u8, n: NodeId, used: &mut Vec<EdgeId>) -> usize {
        let v = g.nodes.get(n.index());
        if !used.is_empty() && v != 0 && (v & 7) != p + 1 {
            return used.len();
        }
        let mut best = used.len();
        for e in g.board.node(n).edges() {
            if g.edges.get(e.index()) == p + 1 && !used.contains(&e) {
                used.push(e);
                best = best.max(dfs(g, p, g.board.edge(e).other(n), used));
                used.pop();
            }
        }
        best
    }
    (0..g.board.nodes().len())
        .map(|n| dfs(g, p, NodeId(n as u8), &mut Vec::new()))
        .max()
        .unwrap_or(0) as u8
}

#[test]
fn road_length_matches_a_brute_force_reference() {
    // docs/rulings.md §15 on random road networks with random opponent buildings in the way.
    let mut rng = Rng::new(99);
    for _ in 0..400 {
        let mut pos = Pos::new(3);
        let edges = pos.g.board.edges().len();
        let nodes = pos.g.board.nodes().len();
        // Grow a connected-ish network of up to 15 roads from a random edge.
        let mut mine: Vec<EdgeId> = vec![EdgeId(rng.below(edges as u32) as u16)];
        let target = 1 + rng.below(15) as usize;
        while mine.len() < target {
            let from = mine[rng.below(mine.len() as u32) as usize];
            let ends = pos.g.board.edge(from).nodes;
            let n = ends[rng.below(2) as usize];
            let next: Vec<EdgeId> = pos
                .g
                .board
                .node(n)
                .edges()
                .filter(|e| !mine.contains(e))
                .collect();
            if next.is_empty() {
                continue;
            }
            mine.push(next[rng.below(next.len() as u32) as usize]);
        }
        for &e in &mine {
            pos.g.edges.set(e.index(), 1);
        }
        // A few opponent buildings anywhere (some on the network).
        for _ in 0..rng.below(4) {
            let n = rng.below(nodes as u32) as usize;
            pos.g.nodes.set(
                n,
                (2 + rng.below(2) as u8) | if rng.below(2) == 0 { CITY } else { 0 },
            );
        }
        // And some own buildings.
        for _ in 0..rng.below(3) {
            let n = rng.below(nodes as u32) as usize;
            if pos.g.nodes.get(n) == 0 {
                pos.g.nodes.set(n, 1);
            }
        }
        assert_eq!(
            pos.g.road_length(0),
            reference_road_length(&pos.g, 0),
            "roads {mine:?}"
        );
    }
}
