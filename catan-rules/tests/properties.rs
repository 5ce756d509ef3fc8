//! Property tests: invariants that hold in every reachable position, checked after every
//! action of random playthroughs (`catan_rules::strategies`), and agreement between
//! `legal_actions`, `is_legal` and `apply` (STYLE 8: "generated ⇔ legal", "incremental ==
//! recomputed from scratch").
//!
//! Only the public API is used. The references recomputed here (longest trail, points,
//! holders of the special cards, the distance rule, road connectivity) are written from the
//! rulebook text, not from the engine's code.
//!
//! Case counts are kept small so that the whole file runs in well under a minute in a debug
//! build on two cores; raise them with `PROPTEST_CASES=N` for a longer soak.

use catan_rules::strategies::{self, Playthrough};
use catan_rules::{
    Action, ChanceMode, DevCard, EdgeId, Event, Game, HexId, NodeId, Phase, Player, Resource,
    Resources, Rng, RuleError,
};
use proptest::prelude::*;
use std::collections::HashSet;

#[path = "common/cases.rs"]
mod cases;
use cases::config;

// ------------------------------------------------------------------ independent references

/// The board's topology rebuilt from the edge list only: for each node, its edges.
struct Topology {
    ends: Vec<[usize; 2]>,
    at: Vec<Vec<usize>>,
}

impl Topology {
    fn of(g: &Game) -> Topology {
        let b = g.board();
        let mut at = vec![Vec::new(); b.nodes().len()];
        let ends: Vec<[usize; 2]> = b
            .edges()
            .iter()
            .map(|e| [e.nodes[0].index(), e.nodes[1].index()])
            .collect();
        for (i, [a, c]) in ends.iter().enumerate() {
            at[*a].push(i);
            at[*c].push(i);
        }
        Topology { ends, at }
    }

    fn other(&self, e: usize, n: usize) -> usize {
        let [a, b] = self.ends[e];
        if a == n {
            b
        } else {
            a
        }
    }
}

/// Longest trail of `p`'s roads by brute force: every trail is grown one edge at a time from
/// every road in both directions; a trail may not pass through a node holding an opponent's
/// building, but may end there (Base rules "Longest Road"; docs/rulings.md §15).
fn brute_longest_trail(g: &Game, t: &Topology, p: Player) -> u8 {
    let roads: Vec<Option<Player>> = (0..t.ends.len())
        .map(|e| g.road(EdgeId(e as u16)))
        .collect();
    let owners: Vec<Option<Player>> = (0..t.at.len())
        .map(|n| g.building(NodeId(n as u8)).map(|(q, _)| q))
        .collect();
    brute_trail(t, &roads, &owners, p)
}

/// [`brute_longest_trail`] on bare data: the owner of each edge's road and of each node's
/// building.
fn brute_trail(t: &Topology, roads: &[Option<Player>], owners: &[Option<Player>], p: Player) -> u8 {
    let mine: Vec<usize> = (0..t.ends.len()).filter(|&e| roads[e] == Some(p)).collect();
    let blocked = |n: usize| matches!(owners[n], Some(q) if q != p);
    // trail: the edges used, in order; `end`: the node the trail stops at.
    fn grow(
        g_blocked: &dyn Fn(usize) -> bool,
        t: &Topology,
        mine: &[usize],
        trail: &mut Vec<usize>,
        end: usize,
        best: &mut usize,
    ) {
        *best = (*best).max(trail.len());
        if g_blocked(end) {
            return;
        }
        for &e in &t.at[end] {
            if mine.contains(&e) && !trail.contains(&e) {
                trail.push(e);
                grow(g_blocked, t, mine, trail, t.other(e, end), best);
                trail.pop();
            }
        }
    }
    let mut best = 0;
    for &e in &mine {
        // Start on road `e`, leaving from either end (the start may be anyone's building).
        for to in t.ends[e] {
            let mut trail = vec![e];
            grow(&blocked, t, &mine, &mut trail, to, &mut best);
        }
    }
    best as u8
}

/// Longest Road holder after a change, from the previous holder and the new lengths
/// (docs/rulings.md §15; Base rules "Longest Road"): the holder keeps the card while still tied for
/// longest with ≥ 5; otherwise it goes to the one strictly longest player with ≥ 5, or is set
/// aside.
fn expected_longest_road(prev: Option<Player>, lens: &[u8]) -> Option<Player> {
    let max = lens.iter().copied().max().unwrap_or(0);
    if let Some(h) = prev {
        if lens[h.index()] >= 5 && lens[h.index()] == max {
            return Some(h);
        }
    }
    let leaders: Vec<usize> = (0..lens.len()).filter(|&i| lens[i] == max).collect();
    (max >= 5 && leaders.len() == 1).then(|| Player(leaders[0] as u8))
}

/// Largest Army holder from the previous holder and the knights played (docs/rulings.md §16): the
/// first to 3 takes it, and it passes only to a player with strictly more.
fn expected_largest_army(prev: Option<Player>, knights: &[u8]) -> Option<Player> {
    let bar = prev.map_or(2, |h| knights[h.index()]);
    let over: Vec<usize> = (0..knights.len())
        .filter(|&i| knights[i] > bar && Some(Player(i as u8)) != prev)
        .collect();
    assert!(over.len() <= 1, "two players passed the army at once");
    over.first().map(|&i| Player(i as u8)).or(prev)
}

/// What the checker remembers between actions.
struct Tracker {
    topo: Topology,
    /// Development cards played so far (from `DevelopmentCardPlayed` events).
    played: [u8; 5],
    longest_road: Option<Player>,
    largest_army: Option<Player>,
    /// Hands and bank as a client would track them from the events alone.
    hands: Vec<[i32; 5]>,
    bank: [i32; 5],
}

fn counts(r: &Resources) -> [i32; 5] {
    r.0.map(i32::from)
}

fn add(a: &mut [i32; 5], r: &Resources, sign: i32) {
    for (x, &y) in a.iter_mut().zip(r.0.iter()) {
        *x += sign * i32::from(y);
    }
}

/// Hands and bank as the game has them.
fn shadow_of(g: &Game) -> (Vec<[i32; 5]>, [i32; 5]) {
    let hands = (0..g.players())
        .map(|p| counts(&g.hand(Player(p))))
        .collect();
    (hands, counts(&g.bank()))
}

impl Tracker {
    fn new(g: &Game) -> Tracker {
        let (hands, bank) = shadow_of(g);
        let mut t = Tracker {
            topo: Topology::of(g),
            played: [0; 5],
            longest_road: None,
            largest_army: None,
            hands,
            bank,
        };
        // A fresh game may already hold pieces (the beginners' map); its holders follow
        // from the same rules with nobody holding before.
        t.check(g, &[], g.phase());
        t
    }

    /// A tracker for a game in progress: the holders are taken as they are (their history is
    /// checked by `invariants_hold_after_every_action`) and the cards played are those
    /// missing from the deck and the hands.
    fn resume(g: &Game) -> Tracker {
        let rules = *g.rules();
        let mut played = [0u8; 5];
        for c in DevCard::ALL {
            let held: u32 = (0..g.players())
                .map(|q| {
                    let (o, n) = g.development_cards(Player(q));
                    o[c] as u32 + n[c] as u32
                })
                .sum();
            played[c.index()] =
                (rules.dev_deck()[c.index()] as u32 - g.deck()[c] as u32 - held) as u8;
        }
        let (hands, bank) = shadow_of(g);
        Tracker {
            topo: Topology::of(g),
            played,
            longest_road: g.longest_road_holder(),
            largest_army: g.largest_army_holder(),
            hands,
            bank,
        }
    }

    /// Follows the events as a client would: every change of a hand or the bank is
    /// described by an event (`DESIGN` "Events"), and the pieces, robber and special cards
    /// they announce are where the game has them. `before` is the phase the action was
    /// taken in (set-up and Road Building roads are free).
    fn follow(&mut self, g: &Game, events: &[Event], before: Phase) {
        let free = matches!(
            before,
            Phase::SetupSettlement | Phase::SetupRoad | Phase::RoadBuilding
        );
        let cost = catan_rules::ByResource::<u8>;
        self.check_production_and_takings(g, events);
        for e in events {
            match *e {
                Event::ResourcesProduced { player, resources }
                | Event::StartingResources { player, resources }
                | Event::YearOfPlentyTaken { player, resources } => {
                    add(&mut self.hands[player.index()], &resources, 1);
                    add(&mut self.bank, &resources, -1);
                }
                Event::Discarded { player, resources } => {
                    add(&mut self.hands[player.index()], &resources, -1);
                    add(&mut self.bank, &resources, 1);
                }
                Event::Stole {
                    thief,
                    victim,
                    resource,
                } => {
                    let r = resource.expect("unredacted events name the card");
                    self.hands[victim.index()][r.index()] -= 1;
                    self.hands[thief.index()][r.index()] += 1;
                }
                Event::SettlementBuilt { player, node } => {
                    assert_eq!(g.building(node), Some((player, false)), "{e:?}");
                    if !free {
                        let c = cost([1, 1, 1, 1, 0]);
                        add(&mut self.hands[player.index()], &c, -1);
                        add(&mut self.bank, &c, 1);
                    }
                }
                Event::RoadBuilt { player, edge } => {
                    assert_eq!(g.road(edge), Some(player), "{e:?}");
                    if !free {
                        let c = cost([1, 1, 0, 0, 0]);
                        add(&mut self.hands[player.index()], &c, -1);
                        add(&mut self.bank, &c, 1);
                    }
                }
                Event::CityBuilt { player, node } => {
                    assert_eq!(g.building(node), Some((player, true)), "{e:?}");
                    let c = cost([0, 0, 0, 2, 3]);
                    add(&mut self.hands[player.index()], &c, -1);
                    add(&mut self.bank, &c, 1);
                }
                Event::DevelopmentCardBought { player, card } => {
                    assert!(card.is_some(), "unredacted events name the card");
                    let c = cost([0, 0, 1, 1, 1]);
                    add(&mut self.hands[player.index()], &c, -1);
                    add(&mut self.bank, &c, 1);
                }
                Event::MonopolyTaken {
                    player,
                    resource,
                    taken,
                } => {
                    for (q, &t) in taken.iter().enumerate().take(self.hands.len()) {
                        self.hands[q][resource.index()] -= i32::from(t);
                        self.hands[player.index()][resource.index()] += i32::from(t);
                    }
                }
                Event::MaritimeTraded {
                    player,
                    give,
                    get,
                    rate,
                } => {
                    let h = &mut self.hands[player.index()];
                    h[give.index()] -= i32::from(rate);
                    h[get.index()] += 1;
                    self.bank[give.index()] += i32::from(rate);
                    self.bank[get.index()] -= 1;
                }
                Event::Traded {
                    player,
                    partner,
                    gave,
                    got,
                } => {
                    add(&mut self.hands[player.index()], &gave, -1);
                    add(&mut self.hands[player.index()], &got, 1);
                    add(&mut self.hands[partner.index()], &got, -1);
                    add(&mut self.hands[partner.index()], &gave, 1);
                }
                Event::LongestRoadChanged { from, to, .. } => {
                    assert_eq!(from, self.longest_road, "{e:?}");
                    assert_ne!(from, to, "{e:?}");
                    assert_eq!(to, g.longest_road_holder(), "{e:?}");
                }
                Event::LargestArmyChanged { from, to, .. } => {
                    assert_eq!(from, self.largest_army, "{e:?}");
                    assert_eq!(Some(to), g.largest_army_holder(), "{e:?}");
                }
                _ => {}
            }
        }
        if let Some(Event::RobberMoved { hex, .. }) = events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::RobberMoved { .. }))
        {
            assert_eq!(g.robber(), Some(*hex));
        }
        let (hands, bank) = shadow_of(g);
        assert_eq!(
            self.hands, hands,
            "hands differ from the events' account: {events:?}"
        );
        assert_eq!(
            self.bank, bank,
            "bank differs from the events' account: {events:?}"
        );
        // Special cards change hands with exactly one event.
        let lr_events = events
            .iter()
            .filter(|e| matches!(e, Event::LongestRoadChanged { .. }))
            .count();
        let lr_changed = self.longest_road != g.longest_road_holder();
        assert_eq!(
            lr_events,
            usize::from(lr_changed),
            "Longest Road: {events:?}"
        );
        let la_events = events
            .iter()
            .filter(|e| matches!(e, Event::LargestArmyChanged { .. }))
            .count();
        let la_changed = self.largest_army != g.largest_army_holder();
        assert_eq!(
            la_events,
            usize::from(la_changed),
            "Largest Army: {events:?}"
        );
    }

    /// Production, starting resources, discards owed, steals and Monopoly, recomputed from
    /// the board and the hands before the action (`self.hands`, `self.bank`, still the
    /// account before `events`).
    fn check_production_and_takings(&self, g: &Game, events: &[Event]) {
        let b = g.board();
        let n = self.hands.len();
        for e in events {
            match *e {
                // Base rules "Resource Production", docs/rulings.md §6: each building on a hex with
                // the number rolled (not under the robber) yields 1 (settlement) or 2 (city);
                // a resource the bank cannot pay in full goes to nobody, unless only one
                // player is owed it, who gets what is left.
                Event::DiceRolled { total, .. } if total != 7 => {
                    let mut owed = vec![[0i32; 5]; n];
                    for (h, hex) in b.hexes().iter().enumerate() {
                        let Some(r) = hex.terrain.resource() else {
                            continue;
                        };
                        if hex.number != Some(total) || g.robber() == Some(HexId(h as u8)) {
                            continue;
                        }
                        for node in hex.nodes() {
                            if let Some((q, city)) = g.building(node) {
                                owed[q.index()][r.index()] += if city { 2 } else { 1 };
                            }
                        }
                    }
                    for r in 0..5 {
                        let need: i32 = owed.iter().map(|o| o[r]).sum();
                        let claimants = owed.iter().filter(|o| o[r] > 0).count();
                        if need > self.bank[r] {
                            for o in owed.iter_mut() {
                                if claimants == 1 && o[r] > 0 {
                                    o[r] = self.bank[r];
                                } else {
                                    o[r] = 0;
                                }
                            }
                        }
                    }
                    for (q, o) in owed.iter().enumerate() {
                        let got = events
                            .iter()
                            .find_map(|e| match e {
                                Event::ResourcesProduced { player, resources }
                                    if player.index() == q =>
                                {
                                    Some(counts(resources))
                                }
                                _ => None,
                            })
                            .unwrap_or([0; 5]);
                        assert_eq!(got, *o, "production of player {q} on a {total}");
                    }
                }
                // Base rules "Rolling a 7": more than the limit → discard half, rounded down.
                Event::DiscardsRequired { amounts } => {
                    for (q, h) in self.hands.iter().enumerate() {
                        let t: i32 = h.iter().sum();
                        let expect = if t > i32::from(g.rules().discard_limit) {
                            t / 2
                        } else {
                            0
                        };
                        assert_eq!(i32::from(amounts[q]), expect, "discard of player {q}");
                    }
                }
                // docs/rulings.md §8: one card per producing hex around the second settlement.
                Event::StartingResources { player, resources } => {
                    let node = events
                        .iter()
                        .find_map(|e| match e {
                            Event::SettlementBuilt { node, .. } => Some(*node),
                            _ => None,
                        })
                        .expect("starting resources come with the second settlement");
                    let mut expect = [0i32; 5];
                    for h in b.node(node).hexes() {
                        if let Some(r) = b.hex(h).terrain.resource() {
                            expect[r.index()] += 1;
                        }
                    }
                    assert_eq!(
                        counts(&resources),
                        expect,
                        "starting resources of {player:?}"
                    );
                }
                // docs/rulings.md §10: from an opponent with a building on the robber's hex and a
                // card; never from yourself.
                Event::Stole {
                    thief,
                    victim,
                    resource,
                } => {
                    assert_ne!(thief, victim);
                    let hex = g.robber().expect("the robber is on the board");
                    assert!(b
                        .hex(hex)
                        .nodes()
                        .any(|m| matches!(g.building(m), Some((q, _)) if q == victim)));
                    let r = resource.expect("unredacted");
                    assert!(self.hands[victim.index()][r.index()] > 0);
                }
                // Base rules "Monopoly": every card of that resource from every opponent.
                Event::MonopolyTaken {
                    player,
                    resource,
                    taken,
                } => {
                    for (q, h) in self.hands.iter().enumerate() {
                        let expect = if q == player.index() {
                            0
                        } else {
                            h[resource.index()]
                        };
                        assert_eq!(i32::from(taken[q]), expect, "Monopoly from player {q}");
                    }
                }
                _ => {}
            }
        }
    }

    /// Checks every invariant of `g`, reached by an action taken in phase `before` that
    /// caused `events`.
    fn check(&mut self, g: &Game, events: &[Event], before: Phase) {
        self.follow(g, events, before);
        let rules = *g.rules();
        let n = g.players() as usize;
        let players: Vec<Player> = (0..n as u8).map(Player).collect();
        for e in events {
            if let Event::DevelopmentCardPlayed { card, .. } = e {
                self.played[card.index()] += 1;
            }
        }

        // Resources (docs/rulings.md §6): the bank and the hands always hold 19 of each (24
        // with 5–6 players).
        for r in Resource::ALL {
            let held: u32 = players.iter().map(|&p| g.hand(p)[r] as u32).sum();
            assert_eq!(
                g.bank()[r] as u32 + held,
                rules.bank_per_resource() as u32,
                "{r} not conserved"
            );
        }

        // Development cards (docs/rulings.md §13): deck + hands + played = the 25-card deck
        // (34 with 5–6 players).
        let deck = rules.dev_deck();
        for c in DevCard::ALL {
            let held: u32 = players
                .iter()
                .map(|&p| {
                    let (old, new) = g.development_cards(p);
                    old[c] as u32 + new[c] as u32
                })
                .sum();
            assert_eq!(
                g.deck()[c] as u32 + held + self.played[c.index()] as u32,
                deck[c.index()] as u32,
                "{c} cards not conserved"
            );
        }
        assert_eq!(
            self.played[DevCard::Knight.index()] as u32,
            players
                .iter()
                .map(|&p| g.knights_played(p) as u32)
                .sum::<u32>(),
            "knights played"
        );
        assert_eq!(
            self.played[DevCard::VictoryPoint.index()],
            0,
            "VP cards are never played"
        );

        // Pieces (docs/rulings.md §12): the arrays agree with the counts, within 15/5/4.
        let b = g.board();
        let mut on_board = vec![(0u8, 0u8, 0u8); n];
        for i in 0..b.nodes().len() {
            if let Some((p, city)) = g.building(NodeId(i as u8)) {
                assert!(p.index() < n, "building of a player not at the table");
                if city {
                    on_board[p.index()].2 += 1;
                } else {
                    on_board[p.index()].1 += 1;
                }
            }
        }
        for e in 0..b.edges().len() {
            if let Some(p) = g.road(EdgeId(e as u16)) {
                assert!(p.index() < n, "road of a player not at the table");
                on_board[p.index()].0 += 1;
            }
        }
        let (max_r, max_s, max_c) = rules.pieces();
        assert_eq!((max_r, max_s, max_c), (15, 5, 4));
        for &p in &players {
            let c = on_board[p.index()];
            assert_eq!(g.pieces_on_board(p), c, "pieces of {p:?}");
            assert!(
                c.0 <= max_r && c.1 <= max_s && c.2 <= max_c,
                "supply overdrawn"
            );
        }

        // Distance rule (docs/rulings.md §12; Base rules "Distance Rule"): no two buildings on
        // adjacent nodes.
        for (e, &[a, c]) in self.topo.ends.iter().enumerate() {
            assert!(
                g.building(NodeId(a as u8)).is_none() || g.building(NodeId(c as u8)).is_none(),
                "buildings at both ends of edge {e}"
            );
        }

        // Every road belongs to a network that holds a building of its owner (roads are only
        // ever built joined to one's network; Base rules "Road").
        for &p in &players {
            let mut parent: Vec<usize> = (0..b.nodes().len()).collect();
            fn find(parent: &mut [usize], x: usize) -> usize {
                let mut x = x;
                while parent[x] != x {
                    parent[x] = parent[parent[x]];
                    x = parent[x];
                }
                x
            }
            let roads: Vec<usize> = (0..self.topo.ends.len())
                .filter(|&e| g.road(EdgeId(e as u16)) == Some(p))
                .collect();
            for &e in &roads {
                let [a, c] = self.topo.ends[e];
                let (ra, rc) = (find(&mut parent, a), find(&mut parent, c));
                parent[ra] = rc;
            }
            let mut rooted = HashSet::new();
            for i in 0..b.nodes().len() {
                if matches!(g.building(NodeId(i as u8)), Some((q, _)) if q == p) {
                    rooted.insert(find(&mut parent, i));
                }
            }
            for &e in &roads {
                let root = find(&mut parent, self.topo.ends[e][0]);
                assert!(
                    rooted.contains(&root),
                    "road {e} of {p:?} joined to nothing"
                );
            }
        }

        // Road lengths: the cache equals a brute-force longest trail.
        let lens: Vec<u8> = players
            .iter()
            .map(|&p| brute_longest_trail(g, &self.topo, p))
            .collect();
        for &p in &players {
            assert_eq!(
                g.longest_road_of(p),
                lens[p.index()],
                "cached road length of {p:?}"
            );
            assert_eq!(g.road_length(p.0), lens[p.index()], "road length of {p:?}");
        }

        // Longest Road and Largest Army follow docs/rulings.md §15 and 16.
        let lr = expected_longest_road(self.longest_road, &lens);
        assert_eq!(
            g.longest_road_holder(),
            lr,
            "Longest Road, lengths {lens:?}"
        );
        self.longest_road = lr;
        let knights: Vec<u8> = players.iter().map(|&p| g.knights_played(p)).collect();
        let la = expected_largest_army(self.largest_army, &knights);
        assert_eq!(
            g.largest_army_holder(),
            la,
            "Largest Army, knights {knights:?}"
        );
        self.largest_army = la;

        // Points from scratch: 1 per settlement, 2 per city, 2 per special card, 1 per VP
        // card held, whether bought this turn or not (docs/rulings.md §5).
        for &p in &players {
            let (_, s, c) = on_board[p.index()];
            let special = 2 * (u8::from(lr == Some(p)) + u8::from(la == Some(p)));
            let public = s + 2 * c + special;
            let (old, new) = g.development_cards(p);
            let vp = old[DevCard::VictoryPoint] + new[DevCard::VictoryPoint];
            assert_eq!(g.public_points(p), public, "public points of {p:?}");
            assert_eq!(g.points(p), public + vp, "points of {p:?}");
        }

        // Victory (docs/rulings.md §3–4): over exactly when the player whose turn it is holds the
        // target; nothing is legal afterwards.
        if g.phase() == Phase::GameOver {
            let w = g.winner().expect("a finished game has a winner");
            assert_eq!(w, g.current_player(), "won on someone else's turn");
            assert!(g.points(w) >= rules.vp_target);
            assert!(g.legal_actions_vec().is_empty());
            assert!(events
                .iter()
                .any(|e| matches!(e, Event::GameWon { player, .. } if *player == w)));
        } else {
            assert_eq!(g.winner(), None);
            // Points reached in a Special Build Phase wait for the player's own turn
            // (docs/rulings.md §4, §19).
            if g.turn() > 0 && g.phase() != Phase::SpecialBuild {
                assert!(
                    g.points(g.current_player()) < rules.vp_target,
                    "the player to move holds the target but has not won"
                );
            }
        }
    }
}

/// Replays a playthrough, checking every invariant after each action.
fn check_playthrough(p: &Playthrough) {
    let mut g = p.start();
    let mut t = Tracker::new(&g);
    for (i, &a) in p.actions.iter().enumerate() {
        let before = g.phase();
        let ev = g
            .apply(a)
            .unwrap_or_else(|e| panic!("action {i} {a:?} is illegal: {e}"));
        t.check(&g, &ev, before);
    }
}

// ------------------------------------------------------------------ brute-force candidates

/// Every action of the finite families for every seat, by brute force over ids, cards and
/// outcomes (and one step out of range): set-up placements and builds, rolls, purchases,
/// discards, robber moves and knights, the other card plays, maritime trades, trade answers
/// and the end of the turn. Domestic offers and counter-offers are unbounded and left out.
fn candidates(g: &Game) -> Vec<Action> {
    let b = g.board();
    let mut out = Vec::new();
    let all_bundles = |cap: [u8; 5], total: Option<u32>| {
        let mut v = Vec::new();
        for a in 0..=cap[0] {
            for c in 0..=cap[1] {
                for d in 0..=cap[2] {
                    for e in 0..=cap[3] {
                        for f in 0..=cap[4] {
                            let r = Resources::new(a, c, d, e, f);
                            if total.is_none_or(|t| r.total() == t) {
                                v.push(r);
                            }
                        }
                    }
                }
            }
        }
        v
    };
    for q in 0..g.players() {
        let player = Player(q);
        for n in 0..=b.nodes().len() {
            let node = NodeId(n as u8);
            out.push(Action::BuildSettlement { player, node });
            out.push(Action::BuildCity { player, node });
        }
        for e in 0..=b.edges().len() {
            out.push(Action::BuildRoad {
                player,
                edge: EdgeId(e as u16),
            });
        }
        out.push(Action::Roll { player, dice: None });
        for x in 0..=7 {
            for y in 0..=7 {
                out.push(Action::Roll {
                    player,
                    dice: Some([x, y]),
                });
            }
        }
        out.push(Action::BuyDevelopmentCard { player, card: None });
        for c in DevCard::ALL {
            out.push(Action::BuyDevelopmentCard {
                player,
                card: Some(c),
            });
        }
        let owed = g.discards_owed()[q as usize];
        if owed > 0 {
            let hand = g.hand(player).0;
            let cap = hand.map(|h| h.saturating_add(1).min(owed));
            for resources in all_bundles(cap, None) {
                out.push(Action::Discard { player, resources });
            }
        }
        for h in 0..=b.hexes().len() {
            let hex = HexId(h as u8);
            let victims = std::iter::once(None).chain((0..=g.players()).map(|v| Some(Player(v))));
            for victim in victims {
                let stolen = std::iter::once(None).chain(Resource::ALL.map(Some));
                for resource in stolen {
                    out.push(Action::MoveRobber {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                    out.push(Action::PlayKnight {
                        player,
                        hex,
                        victim,
                        resource,
                    });
                }
            }
        }
        out.push(Action::PlayRoadBuilding { player });
        for resource in Resource::ALL {
            out.push(Action::PlayMonopoly { player, resource });
        }
        for resources in all_bundles([2; 5], None) {
            out.push(Action::PlayYearOfPlenty { player, resources });
        }
        for give in Resource::ALL {
            for get in Resource::ALL {
                for rate in 0..=5 {
                    out.push(Action::MaritimeTrade {
                        player,
                        give,
                        get,
                        rate,
                    });
                }
            }
        }
        out.push(Action::AcceptTrade { player });
        out.push(Action::RejectTrade { player });
        out.push(Action::CancelTrade { player });
        for w in 0..=g.players() {
            out.push(Action::ConfirmTrade {
                player,
                with: Player(w),
            });
        }
        out.push(Action::EndTurn { player });
    }
    out
}

/// The legal actions of the placement, robber and maritime families, from the rulebook
/// text and the board alone (no engine helper), for the player `p` to move. `None` for a
/// family the model does not cover in this position.
struct Model {
    roads: Vec<Action>,
    settlements: Vec<Action>,
    cities: Vec<Action>,
    robber: Option<Vec<Action>>,
    maritime: Option<Vec<Action>>,
    /// Card plays, rolls, purchases and the end of the turn (seeded chance only).
    turn: Option<Vec<Action>>,
}

fn model(g: &Game, t: &Topology) -> Model {
    let b = g.board();
    let p = g.current_player();
    let hand = g.hand(p);
    let (roads_on, settlements_on, cities_on) = g.pieces_on_board(p);
    let has = |cost: [u8; 5]| hand.0.iter().zip(cost).all(|(h, c)| *h >= c);
    let building = |n: usize| g.building(NodeId(n as u8));
    let mine = |n: usize| matches!(building(n), Some((q, _)) if q == p);
    let free_edge = |e: usize| g.road(EdgeId(e as u16)).is_none();
    let neighbours = |n: usize| t.at[n].iter().map(move |&e| t.other(e, n));
    let my_road = |e: usize| g.road(EdgeId(e as u16)) == Some(p);
    let open_offer = matches!(g.decision(), catan_rules::Decision::TradeResponses { .. });
    let phase = if open_offer { None } else { Some(g.phase()) };
    // Builds and purchases: the main phase, and one's part of a Special Build Phase (5–6
    // player extension rules, "Special Build Phase"; docs/rulings.md §19).
    let builds_open = matches!(phase, Some(Phase::Main) | Some(Phase::SpecialBuild));
    let mut m = Model {
        roads: vec![],
        settlements: vec![],
        cities: vec![],
        robber: None,
        maritime: None,
        turn: None,
    };

    // Roads (Base rules "Road"; docs/rulings.md §12): on a free edge, joined at an end holding
    // one's building, or at a free-of-opponents end where another of one's roads arrives.
    let road_ok = |e: usize| {
        free_edge(e)
            && t.ends[e].iter().any(|&n| {
                mine(n) || (building(n).is_none() && t.at[n].iter().any(|&f| f != e && my_road(f)))
            })
    };
    let road = |e: usize| Action::BuildRoad {
        player: p,
        edge: EdgeId(e as u16),
    };
    match (phase, g.decision()) {
        (Some(Phase::SetupRoad), catan_rules::Decision::SetupRoad { node, .. }) => {
            // docs/rulings.md §8: the set-up road touches the settlement just placed.
            m.roads = t.at[node.index()]
                .iter()
                .filter(|&&e| free_edge(e))
                .map(|&e| road(e))
                .collect();
        }
        (Some(Phase::RoadBuilding), _) => {
            m.roads = (0..t.ends.len())
                .filter(|&e| road_ok(e))
                .map(road)
                .collect();
        }
        _ if builds_open && roads_on < 15 && has([1, 1, 0, 0, 0]) => {
            m.roads = (0..t.ends.len())
                .filter(|&e| road_ok(e))
                .map(road)
                .collect();
        }
        _ => {}
    }

    // Settlements: the distance rule always; joined to one's road except in set-up.
    let site_ok = |n: usize, setup: bool| {
        building(n).is_none()
            && neighbours(n).all(|x| building(x).is_none())
            && (setup || t.at[n].iter().any(|&e| my_road(e)))
    };
    let settlement = |n: usize| Action::BuildSettlement {
        player: p,
        node: NodeId(n as u8),
    };
    match phase {
        Some(Phase::SetupSettlement) => {
            m.settlements = (0..t.at.len())
                .filter(|&n| site_ok(n, true))
                .map(settlement)
                .collect();
        }
        _ if builds_open && settlements_on < 5 && has([1, 1, 1, 1, 0]) => {
            m.settlements = (0..t.at.len())
                .filter(|&n| site_ok(n, false))
                .map(settlement)
                .collect();
        }
        _ => {}
    }

    // Cities: on one's own settlement.
    if builds_open && cities_on < 4 && has([0, 0, 0, 2, 3]) {
        m.cities = (0..t.at.len())
            .filter(|&n| building(n) == Some((p, false)))
            .map(|n| Action::BuildCity {
                player: p,
                node: NodeId(n as u8),
            })
            .collect();
    }

    // Robber (docs/rulings.md §10), seeded chance, no friendly robber: every other land hex, with
    // each opponent there who holds a card, or no victim if there is none.
    let rules = g.rules();
    // House rule `Rules::friendly_robber`: not next to an opponent with fewer than 3 visible
    // points, unless every other hex is so protected.
    let protected = |h: usize| {
        b.hexes()[h]
            .nodes()
            .any(|n| matches!(g.building(n), Some((q, _)) if q != p && g.public_points(q) < 3))
    };
    let targets: Vec<usize> = (0..b.hexes().len())
        .filter(|&h| b.hexes()[h].terrain.is_land() && g.robber() != Some(HexId(h as u8)))
        .collect();
    let all_protected = targets.iter().all(|&h| protected(h));
    let robber_moves = |knight: bool| {
        let mut v = vec![];
        for &h in &targets {
            let hex = HexId(h as u8);
            let info = &b.hexes()[h];
            if rules.friendly_robber && protected(h) && !all_protected {
                continue;
            }
            let mut victims: Vec<Player> = info
                .nodes()
                .filter_map(|n| g.building(n).map(|(q, _)| q))
                .filter(|&q| q != p && g.hand(q).total() > 0)
                .collect();
            victims.sort();
            victims.dedup();
            let make = |victim| {
                if knight {
                    Action::PlayKnight {
                        player: p,
                        hex,
                        victim,
                        resource: None,
                    }
                } else {
                    Action::MoveRobber {
                        player: p,
                        hex,
                        victim,
                        resource: None,
                    }
                }
            };
            if victims.is_empty() {
                v.push(make(None));
            }
            for q in victims {
                v.push(make(Some(q)));
            }
        }
        v
    };
    let seeded = rules.chance == ChanceMode::Seeded;
    if phase == Some(Phase::MoveRobber) && seeded {
        m.robber = Some(robber_moves(false));
    }

    // The turn (Base rules "Development Cards"; docs/rulings.md §2, 14): roll first (a card may be
    // played before it), then build, buy, play, trade and end the turn. One card per turn,
    // never one bought this turn; Year of Plenty takes two cards (fewer if the bank has
    // fewer); Monopoly names any resource.
    // In the Special Build Phase: buy or pass (end turn), nothing played.
    if seeded && phase == Some(Phase::SpecialBuild) {
        let mut v = vec![Action::EndTurn { player: p }];
        if g.deck().total() > 0 && has([0, 0, 1, 1, 1]) {
            v.push(Action::BuyDevelopmentCard {
                player: p,
                card: None,
            });
        }
        m.turn = Some(v);
    }
    if seeded && matches!(phase, Some(Phase::Roll) | Some(Phase::Main)) {
        let mut v = vec![];
        if phase == Some(Phase::Roll) {
            v.push(Action::Roll {
                player: p,
                dice: None,
            });
        } else {
            v.push(Action::EndTurn { player: p });
            if g.deck().total() > 0 && has([0, 0, 1, 1, 1]) {
                v.push(Action::BuyDevelopmentCard {
                    player: p,
                    card: None,
                });
            }
        }
        let (cards, _) = g.development_cards(p);
        if !g.development_card_played() {
            if cards[DevCard::Knight] > 0 {
                v.extend(robber_moves(true));
            }
            if cards[DevCard::RoadBuilding] > 0 {
                v.push(Action::PlayRoadBuilding { player: p });
            }
            if cards[DevCard::Monopoly] > 0 {
                for resource in Resource::ALL {
                    v.push(Action::PlayMonopoly {
                        player: p,
                        resource,
                    });
                }
            }
            if cards[DevCard::YearOfPlenty] > 0 {
                let bank = g.bank();
                let take = bank.total().min(2);
                let mut seen = HashSet::new();
                for a in Resource::ALL {
                    for c in Resource::ALL {
                        let mut r = Resources::EMPTY;
                        if take >= 1 {
                            r[a] += 1;
                        }
                        if take >= 2 {
                            r[c] += 1;
                        }
                        if bank.contains(&r) && seen.insert(r) {
                            v.push(Action::PlayYearOfPlenty {
                                player: p,
                                resources: r,
                            });
                        }
                    }
                }
            }
        }
        m.turn = Some(v);
    }

    // Maritime trades at the best rate (docs/rulings.md §18), combined phases: 2:1 with the
    // resource's harbour, 3:1 with a generic one, else 4:1; never for a card the bank lacks.
    if phase == Some(Phase::SpecialBuild) {
        m.maritime = Some(vec![]); // no trade of any kind in the phase
    }
    if phase == Some(Phase::Main) && !rules.strict_phases {
        let mut harbours = HashSet::new();
        for n in 0..t.at.len() {
            if mine(n) {
                if let Some(h) = b.node(NodeId(n as u8)).harbor {
                    harbours.insert(h);
                }
            }
        }
        let mut v = vec![];
        for give in Resource::ALL {
            let rate = if harbours.contains(&catan_rules::Harbor::for_resource(give)) {
                2
            } else if harbours.contains(&catan_rules::Harbor::Generic) {
                3
            } else {
                4
            };
            if hand[give] < rate {
                continue;
            }
            for get in Resource::ALL {
                if get != give && g.bank()[get] > 0 {
                    v.push(Action::MaritimeTrade {
                        player: p,
                        give,
                        get,
                        rate,
                    });
                }
            }
        }
        m.maritime = Some(v);
    }
    m
}

/// Whether a legal action is covered by the enumeration `legal`: listed as is, or — for a
/// maritime trade — listed at a rate at least as good (docs/rulings.md §18).
fn covered(a: &Action, legal: &[Action]) -> bool {
    if legal.contains(a) {
        return true;
    }
    match *a {
        Action::MaritimeTrade {
            player,
            give,
            get,
            rate,
        } => legal.iter().any(|l| {
            matches!(*l, Action::MaritimeTrade { player: p, give: gv, get: gt, rate: r }
                if p == player && gv == give && gt == get && r <= rate)
        }),
        // A discard of part of what is owed (docs/rulings.md §38) is a part of a listed
        // whole discard.
        Action::Discard { player, resources } => legal.iter().any(|l| {
            matches!(*l, Action::Discard { player: p, resources: whole }
                if p == player && whole.contains(&resources))
        }),
        _ => false,
    }
}

/// The enumeration of `g` equals the model of the rules written in this file ([`model`]),
/// family by family.
fn model_agrees(g: &Game) -> Result<(), TestCaseError> {
    let t = Topology::of(g);
    let m = model(g, &t);
    let legal = g.legal_actions_vec();
    let family = |f: fn(&Action) -> bool| -> Vec<Action> {
        let mut v: Vec<Action> = legal.iter().copied().filter(f).collect();
        v.sort_by_key(|a| a.to_json());
        v
    };
    let sorted = |mut v: Vec<Action>| {
        v.sort_by_key(|a| a.to_json());
        v
    };
    prop_assert_eq!(
        family(|a| matches!(a, Action::BuildRoad { .. })),
        sorted(m.roads)
    );
    prop_assert_eq!(
        family(|a| matches!(a, Action::BuildSettlement { .. })),
        sorted(m.settlements)
    );
    prop_assert_eq!(
        family(|a| matches!(a, Action::BuildCity { .. })),
        sorted(m.cities)
    );
    if let Some(r) = m.robber {
        prop_assert_eq!(
            family(|a| matches!(a, Action::MoveRobber { .. })),
            sorted(r)
        );
    }
    if let Some(r) = m.turn {
        prop_assert_eq!(
            family(|a| matches!(
                a,
                Action::Roll { .. }
                    | Action::EndTurn { .. }
                    | Action::BuyDevelopmentCard { .. }
                    | Action::PlayKnight { .. }
                    | Action::PlayRoadBuilding { .. }
                    | Action::PlayMonopoly { .. }
                    | Action::PlayYearOfPlenty { .. }
            )),
            sorted(r)
        );
    }
    // Discards (Base rules "Rolling a 7"): every way to return exactly the amount owed
    // from one's hand, for each player who owes.
    if g.phase() == Phase::Discard {
        let mut want = vec![];
        for q in 0..g.players() {
            let owed = u32::from(g.discards_owed()[q as usize]);
            if owed == 0 {
                continue;
            }
            let h = g.hand(Player(q)).0;
            for a in 0..=h[0] {
                for b in 0..=h[1] {
                    for c in 0..=h[2] {
                        for d in 0..=h[3] {
                            for e in 0..=h[4] {
                                let r = Resources::new(a, b, c, d, e);
                                if r.total() == owed {
                                    want.push(Action::Discard {
                                        player: Player(q),
                                        resources: r,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        prop_assert_eq!(
            family(|a| matches!(a, Action::Discard { .. })),
            sorted(want)
        );
    }
    if let Some(r) = m.maritime {
        prop_assert_eq!(
            family(|a| matches!(a, Action::MaritimeTrade { .. })),
            sorted(r)
        );
    }
    Ok(())
}

// ------------------------------------------------------------------ properties

/// Positions from the whole game: half as [`strategies::game`] (up to 400 actions), half from
/// playthroughs long enough to reach the end game (piece limits, empty deck, victory).
fn late_or_early_game() -> impl Strategy<Value = Game> {
    prop_oneof![
        strategies::game(),
        strategies::game_with(strategies::rules(), 2_500),
    ]
}

proptest! {
    #![proptest_config(config(256))]

    /// Conservation of resources, pieces and cards; incremental road lengths and points equal
    /// a recomputation; Longest Road / Largest Army per docs/rulings.md §15/16; distance rule and
    /// connected roads; victory only on one's own turn — after every action.
    #[test]
    fn invariants_hold_after_every_action(p in strategies::action_sequence(400)) {
        check_playthrough(&p);
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// A failed action leaves the game exactly as it was; `is_legal` and `check` agree with
    /// `apply`; a successful one keeps every invariant (`DESIGN` "Actions": atomic apply).
    #[test]
    fn apply_is_atomic_and_agrees_with_is_legal((g, a) in strategies::game_and_action()) {
        let before = g.clone();
        let legal = g.is_legal(&a);
        let checked = g.check(&a);
        let mut after = g.clone();
        match after.apply(a) {
            Ok(ev) => {
                prop_assert!(legal, "apply accepted {:?} but is_legal said no", a);
                prop_assert!(checked.is_ok());
                prop_assert!(!ev.is_empty(), "a legal action caused no event");
                let mut t = Tracker::resume(&before);
                t.check(&after, &ev, before.phase());
            }
            Err(e) => {
                prop_assert!(!legal, "is_legal accepted {:?} but apply said {}", a, e);
                prop_assert_eq!(checked, Err(e));
                prop_assert!(after == before, "a failed {:?} changed the game", a);
            }
        }
    }

    /// Every enumerated action is legal and applies; the list has no duplicates; each is
    /// taken by a player who may act now (`DESIGN` "Legal actions").
    #[test]
    fn every_enumerated_action_applies(g in late_or_early_game()) {
        let legal = g.legal_actions_vec();
        // A reused, dirty buffer gets the same list.
        let mut buf = vec![Action::EndTurn { player: Player(5) }; 3];
        g.legal_actions(&mut buf);
        prop_assert_eq!(&buf, &legal);
        let set: HashSet<Action> = legal.iter().copied().collect();
        prop_assert_eq!(set.len(), legal.len(), "duplicates in {:?}", legal);
        prop_assert_eq!(legal.is_empty(), g.phase() == Phase::GameOver);
        for &a in &legal {
            prop_assert!(g.to_act().contains(a.player()), "{:?} by a player not to act", a);
            let mut h = g.clone();
            prop_assert!(h.apply(a).is_ok(), "enumerated {:?} fails: {:?}", a, g.clone().apply(a));
        }
    }

    /// Completeness: for the finite families, every legal action found by brute force is in
    /// the enumeration (maritime trades at least at a better rate, docs/rulings.md §18; discards
    /// of part of what is owed as part of a listed whole discard); and the
    /// domestic offers listed are of the documented one-for-one family.
    #[test]
    fn enumeration_is_complete(g in late_or_early_game()) {
        let legal = g.legal_actions_vec();
        for a in candidates(&g) {
            if g.is_legal(&a) {
                prop_assert!(covered(&a, &legal), "legal {:?} not enumerated in {:?}", a, g.decision());
            }
        }
        for a in &legal {
            if let Action::OfferTrade { to, give, get, .. } = *a {
                prop_assert_eq!(to, None);
                prop_assert_eq!((give.total(), get.total()), (1, 1));
            }
        }
    }

    /// A legal action always does something: the game changes and at least one event says
    /// what (no silent no-ops).
    #[test]
    fn legal_actions_change_the_game((g, a) in strategies::game_and_legal_action()) {
        let mut h = g.clone();
        let ev = h.apply(a).unwrap();
        prop_assert!(!ev.is_empty());
        prop_assert!(h != g, "{:?} changed nothing", a);
    }

    /// The enumeration agrees with a model of the rules written from the rulebook in this
    /// file: roads, settlements, cities, robber moves, the turn's cards, rolls and
    /// purchases, discards and maritime trades
    /// (Base rules "Building", "Rolling a 7", "Maritime Trade"; docs/rulings.md §10, 12, 18).
    #[test]
    fn enumeration_matches_an_independent_model(g in late_or_early_game()) {
        model_agrees(&g)?;
    }

    /// Wire form: every action, legal or not, survives JSON (`DESIGN` "Wire format").
    #[test]
    fn actions_round_trip_through_json((_g, a) in strategies::game_and_action()) {
        prop_assert_eq!(Action::from_json(&a.to_json()).unwrap(), a);
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Same seed and same actions ⇒ the same events and the same state, and a snapshot
    /// (clone) taken half-way replays the rest identically (`DESIGN` "Chance is explicit").
    #[test]
    fn same_seed_same_actions_same_game(p in strategies::action_sequence(300)) {
        let run = |g: &mut Game, acts: &[Action]| -> Vec<Event> {
            let mut ev = Vec::new();
            for &a in acts {
                ev.extend(g.apply(a).expect("legal in the playthrough"));
            }
            ev
        };
        let (mut a, mut b) = (p.start(), p.start());
        prop_assert!(a == b);
        let half = p.actions.len() / 2;
        let ea1 = run(&mut a, &p.actions[..half]);
        let eb1 = run(&mut b, &p.actions[..half]);
        prop_assert_eq!(&ea1, &eb1);
        let mut snapshot = a.clone();
        let ea2 = run(&mut a, &p.actions[half..]);
        let es2 = run(&mut snapshot, &p.actions[half..]);
        let eb2 = run(&mut b, &p.actions[half..]);
        prop_assert_eq!(&ea2, &eb2);
        prop_assert_eq!(&ea2, &es2);
        prop_assert!(a == b && a == snapshot);

        // The allocation-free path (`apply_with` into `()`) reaches the same state.
        let mut quiet = p.start();
        for &act in &p.actions {
            quiet.apply_with(act, &mut ()).unwrap();
        }
        prop_assert!(quiet == a);

        // Events and rules survive JSON (`DESIGN` "Wire format").
        for e in ea1.iter().chain(&ea2) {
            let j = serde_json::to_string(e).unwrap();
            prop_assert_eq!(&serde_json::from_str::<Event>(&j).unwrap(), e, "{}", j);
        }
        let j = serde_json::to_string(&p.rules).unwrap();
        prop_assert_eq!(serde_json::from_str::<catan_rules::Rules>(&j).unwrap(), p.rules);
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Every state of a playthrough — open offers and counter-offers, discards, Road
    /// Building, external chance, every rule variant — survives the position JSON (our
    /// FEN, `DESIGN` "Setup vs Game") and plays on identically.
    #[test]
    fn positions_round_trip_at_every_step(p in strategies::action_sequence(300)) {
        let mut g = p.start();
        for &a in &p.actions {
            let mut loaded = Game::from_json(&g.to_json()).unwrap();
            prop_assert!(loaded == g, "position lost something before {:?}", a);
            let ev = g.apply(a).unwrap();
            prop_assert_eq!(loaded.apply(a), Ok(ev));
            prop_assert!(loaded == g);
        }
    }
}

proptest! {
    #![proptest_config(config(16))]

    /// The presentation helpers accept every real state and event: a picture of the game,
    /// and a non-empty sentence for each event, in both vocabularies (docs/rulings.md §22).
    #[test]
    fn every_state_and_event_can_be_rendered(p in strategies::action_sequence(300)) {
        let mut g = p.start();
        for &a in &p.actions {
            for e in g.apply(a).unwrap() {
                for v in [catan_rules::Vocabulary::Standard, catan_rules::Vocabulary::Zip] {
                    let text = catan_rules::render::describe_event_on(&e, g.board(), v);
                    prop_assert!(!text.trim().is_empty(), "{:?}", e);
                }
            }
        }
        let svg = g.to_svg();
        prop_assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
    }
}

/// Grows dense road networks onto a position: up to `steps` times a random seat adds a road
/// joined to its network (docs/rulings.md §12) or, one time in six, a settlement on a free site by
/// its roads (which may cut an opponent's road). Returns the grown position with the Longest
/// Road holder the rules give from scratch, and the brute-force road lengths.
fn grow_roads(g: &Game, seed: u64, steps: usize) -> (catan_rules::position::Position, Vec<u8>) {
    let t = Topology::of(g);
    let mut pos = g.to_position();
    let n = g.players() as usize;
    let mut roads: Vec<Option<Player>> = (0..t.ends.len())
        .map(|e| g.road(EdgeId(e as u16)))
        .collect();
    let mut owners: Vec<Option<Player>> = (0..t.at.len())
        .map(|x| g.building(NodeId(x as u8)).map(|(q, _)| q))
        .collect();
    let mut rng = Rng::new(seed);
    for _ in 0..steps {
        let q = Player(rng.below(n as u32) as u8);
        let me = &mut pos.players[q.index()];
        if rng.below(6) == 0 {
            if me.settlements.len() + me.cities.len() >= 9 || me.settlements.len() >= 5 {
                continue;
            }
            let sites: Vec<usize> = (0..t.at.len())
                .filter(|&x| {
                    owners[x].is_none()
                        && t.at[x].iter().all(|&e| owners[t.other(e, x)].is_none())
                        && t.at[x].iter().any(|&e| roads[e] == Some(q))
                })
                .collect();
            if let Some(&x) = sites.get(rng.below(sites.len().max(1) as u32) as usize) {
                owners[x] = Some(q);
                me.settlements.push(NodeId(x as u8));
            }
        } else {
            if me.roads.len() >= 15 {
                continue;
            }
            let joined = |e: usize| {
                roads[e].is_none()
                    && t.ends[e].iter().any(|&x| {
                        owners[x] == Some(q)
                            || (owners[x].is_none()
                                && t.at[x].iter().any(|&f| f != e && roads[f] == Some(q)))
                    })
            };
            let free: Vec<usize> = (0..t.ends.len()).filter(|&e| joined(e)).collect();
            if let Some(&e) = free.get(rng.below(free.len().max(1) as u32) as usize) {
                roads[e] = Some(q);
                me.roads.push(EdgeId(e as u16));
            }
        }
    }
    let lens: Vec<u8> = (0..n as u8)
        .map(|q| brute_trail(&t, &roads, &owners, Player(q)))
        .collect();
    pos.longest_road = expected_longest_road(None, &lens);
    (pos, lens)
}

proptest! {
    #![proptest_config(config(64))]

    /// Road lengths on dense networks — up to 15 roads a seat, forks, loops, roads cut by
    /// settlements — equal the brute-force longest trail, and the loaded game plays on with
    /// every invariant (docs/rulings.md §15; Base rules "Longest Road", Illustration I).
    #[test]
    fn dense_road_networks_have_brute_force_lengths(
        g in strategies::game_with(
            strategies::rules().prop_map(|r| catan_rules::Rules { vp_target: 10, ..r }),
            120,
        ),
        seed in any::<u64>(),
        steps in 0usize..80,
    ) {
        // Roll, or the main phase with no offer open: positions where more roads are
        // consistent with the phase.
        let main = g.decision() == catan_rules::Decision::Main { player: g.current_player() };
        prop_assume!(main || g.phase() == Phase::Roll);
        let (pos, lens) = grow_roads(&g, seed, steps);
        let loaded = Game::from_position(pos);
        // The extra pieces may hand the player to move the target: not a position that can
        // be reached without a declared win (docs/rulings.md §4).
        if let Err(e) = &loaded {
            let undeclared_win = e
                .0
                .iter()
                .all(|x| matches!(x, catan_rules::position::PositionError::UndeclaredWin { .. }));
            prop_assume!(!undeclared_win);
        }
        prop_assert!(loaded.is_ok(), "{:?}", loaded.err());
        let mut h = loaded.unwrap();
        for q in 0..h.players() {
            prop_assert_eq!(h.longest_road_of(Player(q)), lens[q as usize], "seat {}", q);
        }
        // Play on from there, checking everything after each action.
        let mut t = Tracker::resume(&h);
        let mut rng = Rng::new(seed ^ 1);
        for _ in 0..60 {
            let Some(a) = strategies::random_legal_action(&h, &mut rng) else { break };
            let before = h.phase();
            let ev = h.apply(a).unwrap();
            t.check(&h, &ev, before);
        }
    }
}

proptest! {
    #![proptest_config(config(24))]

    /// Random games end with a winner holding the target on their own turn (docs/rulings.md §4;
    /// Base rules "Ending the Game"), with every invariant kept on the way.
    #[test]
    fn games_terminate_with_a_winner(
        rules in strategies::rules(),
        seed in any::<u64>(),
    ) {
        let mut g = Game::new(rules, seed).unwrap();
        let mut t = Tracker::new(&g);
        let mut policy = Rng::new(seed);
        let mut steps = 0u32;
        while let Some(a) = strategies::random_legal_action(&g, &mut policy) {
            let before = g.phase();
            let ev = g.apply(a).unwrap();
            t.check(&g, &ev, before);
            steps += 1;
            prop_assert!(steps < 20_000, "no winner after {} actions", steps);
        }
        let w = g.winner().expect("over with a winner");
        prop_assert_eq!(w, g.current_player());
        prop_assert!(g.points(w) >= rules.vp_target);
        prop_assert_eq!(g.apply(Action::EndTurn { player: w }), Err(RuleError::GameOver));
    }
}

/// Everything the public accessors say about a game, for comparing two games whose rules
/// differ (so `==` does not apply).
fn observable(g: &Game) -> String {
    let mut s = format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}\n",
        g.decision(),
        g.turn(),
        g.bank(),
        g.deck(),
        g.robber(),
        g.dice(),
        g.longest_road_holder(),
        g.largest_army_holder(),
        g.discards_owed()
    );
    for p in 0..g.players() {
        let p = Player(p);
        s += &format!(
            "{p:?} {:?} {:?} {} {:?} {} {}\n",
            g.hand(p),
            g.development_cards(p),
            g.knights_played(p),
            g.pieces_on_board(p),
            g.longest_road_of(p),
            g.points(p)
        );
    }
    let b = g.board();
    let nodes: Vec<_> = (0..b.nodes().len())
        .map(|n| g.building(NodeId(n as u8)))
        .collect();
    let edges: Vec<_> = (0..b.edges().len())
        .map(|e| g.road(EdgeId(e as u16)))
        .collect();
    s + &format!("{nodes:?}\n{edges:?}")
}

/// The action `a` of a seeded game with the chance outcome its events reveal filled in, as a
/// referee with physical dice and cards would send it.
fn with_outcome(a: Action, events: &[Event]) -> Action {
    let dice = events.iter().find_map(|e| match e {
        Event::DiceRolled { dice, .. } => Some(*dice),
        _ => None,
    });
    let card = events.iter().find_map(|e| match e {
        Event::DevelopmentCardBought { card, .. } => *card,
        _ => None,
    });
    let stolen = events.iter().find_map(|e| match e {
        Event::Stole { resource, .. } => *resource,
        _ => None,
    });
    match a {
        Action::Roll { player, .. } => Action::Roll { player, dice },
        Action::BuyDevelopmentCard { player, .. } => Action::BuyDevelopmentCard { player, card },
        Action::MoveRobber {
            player,
            hex,
            victim,
            ..
        } => Action::MoveRobber {
            player,
            hex,
            victim,
            resource: stolen,
        },
        Action::PlayKnight {
            player,
            hex,
            victim,
            ..
        } => Action::PlayKnight {
            player,
            hex,
            victim,
            resource: stolen,
        },
        other => other,
    }
}

proptest! {
    #![proptest_config(config(32))]

    /// Chance supplied from outside reproduces a seeded game: the outcomes read from the
    /// seeded game's events, passed as external outcomes, give the same events and the same
    /// observable state at every step (`DESIGN` "Chance is explicit").
    #[test]
    fn external_outcomes_replay_a_seeded_game(
        p in strategies::action_sequence_with(
            strategies::rules().prop_map(|r| catan_rules::Rules { chance: ChanceMode::Seeded, ..r }),
            300,
        )
    ) {
        let mut seeded = p.start();
        let ext_rules = catan_rules::Rules { chance: ChanceMode::External, ..p.rules };
        let mut external = Game::new(ext_rules, p.seed).unwrap();
        prop_assert_eq!(observable(&seeded), observable(&external));
        for &a in &p.actions {
            let ev = seeded.apply(a).unwrap();
            let b = with_outcome(a, &ev);
            let ev2 = external.apply(b);
            prop_assert_eq!(Ok(&ev), ev2.as_ref(), "{:?} then {:?}", a, b);
            prop_assert_eq!(observable(&seeded), observable(&external));
        }
    }

    /// Everyone the game waits for has something to do, and nobody else does
    /// (`Game::to_act` against the enumeration).
    #[test]
    fn everyone_to_act_has_a_legal_action(g in strategies::game()) {
        let legal = g.legal_actions_vec();
        let actors: HashSet<Player> = legal.iter().map(|a| a.player()).collect();
        let to_act: HashSet<Player> = g.to_act().iter().collect();
        prop_assert_eq!(actors, to_act, "{:?}", g.decision());
    }
}

/// The brute-force trail counter itself, on hand-made shapes (a sanity check of the
/// reference, not of the engine).
#[test]
fn brute_force_trail_reference_is_right_on_the_beginner_map() {
    let rules = catan_rules::Rules {
        map: catan_rules::MapKind::Beginner,
        ..Default::default()
    };
    let g = Game::new(rules, 1).unwrap();
    let t = Topology::of(&g);
    // Beginners' set-up: every player has two separate single roads (Base rules
    // "Starting Set-up for Beginners").
    for p in 0..4 {
        assert_eq!(g.pieces_on_board(Player(p)).0, 2);
        assert_eq!(brute_longest_trail(&g, &t, Player(p)), 1);
    }
}

/// The brute-force reference on shapes counted by hand around the centre hex of the
/// standard board: its six sides form a ring.
#[test]
fn brute_force_trail_reference_counts_hand_made_shapes() {
    let g = Game::new(catan_rules::Rules::default(), 1).unwrap();
    let t = Topology::of(&g);
    let b = g.board();
    let centre = b
        .hexes()
        .iter()
        .position(|h| h.coord == catan_rules::board::HexCoord::new(0, 0))
        .unwrap();
    let ring: Vec<usize> = b.hexes()[centre].nodes().map(|n| n.index()).collect();
    assert_eq!(ring.len(), 6);
    let edge = |a: usize, c: usize| {
        t.at[a]
            .iter()
            .copied()
            .find(|&e| t.other(e, a) == c)
            .expect("adjacent")
    };
    let sides: Vec<usize> = (0..6).map(|i| edge(ring[i], ring[(i + 1) % 6])).collect();
    // A spur: the third edge at ring node 0 (not a side of the centre hex).
    let spur = *t.at[ring[0]]
        .iter()
        .find(|e| !sides.contains(e))
        .expect("inland node of degree 3");
    let p0 = Some(Player(0));
    let len = |roads: &[usize], blocker: Option<usize>| {
        let mut r = vec![None; t.ends.len()];
        for &e in roads {
            r[e] = p0;
        }
        let mut o = vec![None; t.at.len()];
        if let Some(x) = blocker {
            o[x] = Some(Player(1));
        }
        brute_trail(&t, &r, &o, Player(0))
    };
    // A path of 3 sides: 3.
    assert_eq!(len(&sides[..3], None), 3);
    // The closed ring: 6 (a trail may come back to its start, no edge twice).
    assert_eq!(len(&sides, None), 6);
    // Ring plus a spur at node 0: from the spur's end, once round the ring: 7.
    let mut with_spur = sides.clone();
    with_spur.push(spur);
    assert_eq!(len(&with_spur, None), 7);
    // An opponent's building at node 0: the ring may still start and end there (6), but the
    // spur cannot be joined through it.
    assert_eq!(len(&with_spur, Some(ring[0])), 6);
    // An opponent's building at node 3 cuts the path 0-1-2-3-4: a trail may end at the
    // building but not pass it, so 0-1-2-3 counts 3 and 3-4 counts 1: 3.
    assert_eq!(len(&sides[..4], Some(ring[3])), 3);
    // ... and into 2 and 2 when the building stands at node 2.
    assert_eq!(len(&sides[..4], Some(ring[2])), 2);
}

/// External chance: the rolls listed are the 36 ordered dice (`DESIGN` "Chance is
/// explicit"), and every one applies.
#[test]
fn external_chance_lists_all_36_rolls() {
    let rules = catan_rules::Rules {
        map: catan_rules::MapKind::Beginner,
        chance: ChanceMode::External,
        ..Default::default()
    };
    let g = Game::new(rules, 3).unwrap();
    let legal = g.legal_actions_vec();
    assert_eq!(legal.len(), 36);
    assert!(legal.iter().all(|a| g.clone().apply(*a).is_ok()));
}

/// The supply shortage (docs/rulings.md §6; Base rules "Resource Production") is rare in random
/// play, so whole games are searched for one of each kind — the one claimant paid what is
/// left, and several claimants paid nothing — and those games are then checked action by
/// action, which recomputes production independently.
#[test]
fn supply_shortage_games_keep_every_invariant() {
    let rules = catan_rules::Rules::default();
    let (mut one, mut several) = (false, false);
    for seed in 0..2_000u64 {
        let (p, _) = Playthrough::generate(rules, seed, 10_000);
        let mut g = p.start();
        let (mut has_one, mut has_several) = (false, false);
        for &a in &p.actions {
            for e in g.apply(a).unwrap() {
                match e {
                    Event::Shortage { paid: Some(_), .. } => has_one = true,
                    Event::Shortage { paid: None, .. } => has_several = true,
                    _ => {}
                }
            }
        }
        if (has_one && !one) || (has_several && !several) {
            check_playthrough(&p);
            one |= has_one;
            several |= has_several;
        }
        if one && several {
            return;
        }
    }
    panic!("no shortage of each kind in 2000 games (one claimant: {one}, several: {several})");
}

/// A settlement breaking the Longest Road holder's road, and the card set aside when nobody
/// is uniquely longest with 5 or more (Base rules "Longest Road", special case; docs/rulings.md
/// 15), happen about once in a hundred and once in several hundred random games; so does a
/// win at the start of one's turn after the card came to you on someone else's
/// (docs/rulings.md §4; Base rules "Ending the Game"). Games are searched for each and then checked
/// action by action (the brute-force trail, the holder model and the victory rule run across
/// the change).
#[test]
fn rare_longest_road_and_victory_games_keep_every_invariant() {
    let (mut broken, mut set_aside, mut late_win) = (false, false, false);
    for seed in 0..4_000u64 {
        let rules = catan_rules::Rules {
            players: 2 + (seed % 3) as u8,
            ..Default::default()
        };
        let (p, _) = Playthrough::generate(rules, seed, 10_000);
        let mut g = p.start();
        let (mut b, mut s, mut w) = (false, false, false);
        for &a in &p.actions {
            let ev = g.apply(a).unwrap();
            for e in &ev {
                match e {
                    Event::LongestRoadChanged { to, .. } => {
                        b |= matches!(a, Action::BuildSettlement { .. });
                        s |= to.is_none();
                    }
                    Event::GameWon { player, .. } => {
                        w |= matches!(a, Action::EndTurn { player: q } if q != *player);
                    }
                    _ => {}
                }
            }
        }
        if (b && !broken) || (s && !set_aside) || (w && !late_win) {
            check_playthrough(&p);
            broken |= b;
            set_aside |= s;
            late_win |= w;
        }
        if broken && set_aside && late_win {
            return;
        }
    }
    panic!(
        "in 4000 games: a settlement broke Longest Road: {broken}, set aside: {set_aside}, \
         won at the start of a turn: {late_win}"
    );
}

// ------------------------------------------------------------------ five and six players

/// Rules for five or six players (the 5–6 player extension's island, its 24-card bank and
/// 34-card deck, the Special Build Phase by default, on or off); every other option as
/// [`strategies::rules`] draws it.
fn five_six_rules() -> impl Strategy<Value = catan_rules::Rules> {
    (strategies::rules(), 5u8..=6).prop_map(|(r, players)| catan_rules::Rules { players, ..r })
}

proptest! {
    #![proptest_config(config(32))]

    /// With five and six players, after every action: conservation of the 24 cards of each
    /// resource and the 34-card deck, pieces, road lengths, awards, points, distance and
    /// connection, no victory in a Special Build Phase (docs/rulings.md §4, §6, §12, §13, §19);
    /// every state round-trips through the position JSON and plays on identically; the
    /// enumeration equals the model every tenth step.
    #[test]
    fn five_and_six_players_keep_every_invariant(
        p in strategies::action_sequence_with(five_six_rules(), 600)
    ) {
        check_playthrough(&p);
        let mut g = p.start();
        for (i, &a) in p.actions.iter().enumerate() {
            let mut loaded = Game::from_json(&g.to_json()).unwrap();
            prop_assert!(loaded == g, "position lost something before {:?}", a);
            if i % 10 == 0 {
                model_agrees(&g)?;
            }
            let ev = g.apply(a).unwrap();
            prop_assert_eq!(loaded.apply(a), Ok(ev));
        }
    }

    /// Late five- and six-player games (piece limits, an empty deck, victory): every listed
    /// action applies and the enumeration equals the model.
    #[test]
    fn five_and_six_player_enumeration_matches_the_model(
        g in strategies::game_with(five_six_rules(), 3_000)
    ) {
        model_agrees(&g)?;
        for a in g.legal_actions_vec() {
            let mut c = g.clone();
            prop_assert!(c.apply(a).is_ok(), "{:?}", a);
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// Any seed deals a random 5–6 player board with its 28 tokens on the 28 producing hexes
    /// and no 6 or 8 next to another 6 or 8 (Base rules, "Set-up, Variable"; the printed 5–6
    /// player extension board).
    #[test]
    fn random_five_six_boards_keep_red_numbers_apart(seed in any::<u64>()) {
        let spec = catan_rules::layouts::five_six_random(&mut Rng::new(seed));
        let land: Vec<_> = spec.hexes.iter().filter(|h| h.terrain.is_land()).collect();
        prop_assert_eq!(land.len(), 30);
        prop_assert_eq!(land.iter().filter(|h| h.number.is_some()).count(), 28);
        let red: Vec<catan_rules::board::HexCoord> = land
            .iter()
            .filter(|h| matches!(h.number, Some(6) | Some(8)))
            .map(|h| catan_rules::board::HexCoord::new(h.q, h.r))
            .collect();
        prop_assert_eq!(red.len(), 6);
        for (i, a) in red.iter().enumerate() {
            for b in &red[i + 1..] {
                prop_assert!(a.distance(*b) > 1, "{} next to {}", a, b);
            }
        }
        prop_assert!(catan_rules::Board::new(spec).is_ok());
    }
}
