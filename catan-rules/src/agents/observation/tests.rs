//! Tests of the observation encoding: sizes, bounds, hidden information, open-sea maps.

use super::*;
use crate::layouts::MapKind;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::scenario::Scenario;
use crate::types::Resources;

/// A game after `steps` random offer-free actions.
fn played(rules: Rules, seed: u64, steps: usize) -> Game {
    crate::tests::played(rules, seed, 0x0b5, steps)
}

#[test]
fn sizes_follow_the_documented_layout() {
    let g = Game::new(Rules::default(), 1).unwrap();
    let l = ObservationLayout::new(&g);
    let (h, n, e) = (g.board().hexes().len(), 54, 72);
    assert_eq!(g.board().land_hexes().count(), 19);
    let fixed = SCALARS;
    assert_eq!(l.len(), h * HEX_F + n * NODE_F + e * EDGE_F + fixed);
    assert_eq!(
        l.len(),
        2434,
        "the base board's vector length is documented"
    );
    assert_eq!(l.scalars().len(), fixed);
    let (c, rows, cols) = l.planes_shape();
    assert_eq!(c, PLANE_CHANNELS);
    // Every hex, node and edge has its own cell.
    let mut cells: Vec<u32> = l
        .hex_cells
        .iter()
        .chain(&l.node_cells)
        .chain(&l.edge_cells)
        .copied()
        .collect();
    cells.sort_unstable();
    cells.dedup();
    assert_eq!(cells.len(), h + n + e);
    assert!(cells.iter().all(|&c| (c as usize) < rows * cols));
}

/// Observations stay within their bounds, on every map and table size, throughout
/// random games.
#[test]
fn observations_stay_in_bounds() {
    for seed in 0..12u64 {
        let rules = Rules {
            players: 2 + (seed % 3) as u8,
            map: [MapKind::Random, MapKind::Beginner][seed as usize % 2],
            ..Rules::default()
        };
        let g = played(rules, seed, 100 * seed as usize);
        let l = ObservationLayout::new(&g);
        let mut obs = vec![0.0; l.len()];
        let mut planes = vec![0.0; l.planes_len()];
        for seat in 0..g.players() {
            g.observation(Player(seat), &l, &mut obs).unwrap();
            for (i, (v, h)) in obs.iter().zip(l.high()).enumerate() {
                assert!(*v >= 0.0 && v <= h, "entry {i}: {v} > {h}");
            }
            g.observation_planes(Player(seat), &l, &mut planes).unwrap();
            // One building per occupied node in the planes and the vector alike.
            let (pieces, _, _) = (0..g.players())
                .map(|p| g.pieces_on_board(Player(p)))
                .fold((0, 0, 0), |a, b| (a.0 + b.1 + b.2, 0, 0));
            let area = l.rows * l.cols;
            let base = 3 + T + 2;
            let on: f32 = planes[base * area..(base + 2 * P) * area].iter().sum();
            assert_eq!(on as u32, pieces as u32);
        }
    }
}

/// The observation depends only on what the seat may know: moving cards between other
/// hands (same sizes), changing other seats' development cards (same counts), the
/// deck's composition and the generator leave it unchanged; changing the seat's own
/// hand changes it.
#[test]
fn hidden_information_does_not_show() {
    for seed in 0..30u64 {
        let g = played(Rules::default(), seed, 150 + 13 * seed as usize);
        let l = ObservationLayout::new(&g);
        let me = Player((seed % 4) as u8);
        let mut a = vec![0.0; l.len()];
        let mut b = vec![0.0; l.len()];
        g.observation(me, &l, &mut a).unwrap();
        // Any sample of the hidden information is another such game.
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            let h = g.resample_hidden(me, &mut rng);
            h.observation(me, &l, &mut b).unwrap();
            assert_eq!(a, b);
        }
        // The seat's own hand does show.
        let mut h = g.clone();
        h.seats[me.index()].hand.add(&Resources::one(Resource::Ore));
        h.bank.sub(&Resources::one(Resource::Ore));
        h.observation(me, &l, &mut b).unwrap();
        assert_ne!(a, b);
    }
}

/// On every Seafarers scenario's map, for 3 and 4 players, every entry stays within its
/// bound throughout random games that build ships first. A trade route counts roads and
/// ships (Seafarers rules, 'Longest Route'), so its bound is 15 + 15: a route of 19 once
/// exceeded the roads-only bound of 15.
#[test]
fn open_sea_observations_stay_in_bounds() {
    let mut longest = 0;
    for scenario in Scenario::ALL {
        for players in [3, 4] {
            let mut g = sea_game(scenario, players, 7, 0);
            let l = ObservationLayout::new(&g);
            let mut obs = vec![0.0; l.len()];
            let mut pick = Rng::new(u64::from(players));
            let mut legal = Vec::new();
            for step in 0..2000 {
                if g.winner().is_some() {
                    break;
                }
                if step % 10 == 0 {
                    for seat in 0..players {
                        g.observation(Player(seat), &l, &mut obs).unwrap();
                        for (i, (v, h)) in obs.iter().zip(l.high()).enumerate() {
                            assert!(*v >= 0.0 && v <= h, "{scenario:?}: entry {i}: {v} > {h}");
                        }
                    }
                    longest = (0..players)
                        .map(|p| g.longest_road_of(Player(p)))
                        .fold(longest, u8::max);
                }
                g.legal_actions_without_offers(&mut legal);
                let ships: Vec<_> = legal
                    .iter()
                    .filter(|a| {
                        matches!(
                            a,
                            crate::Action::BuildShip { .. } | crate::Action::BuildRoad { .. }
                        )
                    })
                    .copied()
                    .collect();
                let from = if ships.is_empty() || pick.below(2) == 0 {
                    &legal
                } else {
                    &ships
                };
                g.apply(from[pick.below(from.len() as u32) as usize])
                    .unwrap();
            }
        }
    }
    assert!(
        longest > 15,
        "a route longer than the roads alone: {longest}"
    );
}

/// A game of `players` on a Seafarers scenario's printed map (an open-sea map), played
/// at random from its set-up for `steps` actions, ships preferred. Built with the
/// crate-internal constructor, as `tests/ships.rs` does: public games on open-sea maps
/// wait for the scenario layer.
pub(crate) fn sea_game(scenario: Scenario, players: u8, seed: u64, steps: usize) -> Game {
    let dealt = scenario.map(players).unwrap().deal(None).unwrap();
    let board = std::sync::Arc::new(Board::new(dealt.board).unwrap());
    let rules = Rules {
        players,
        ..Rules::default()
    };
    let mut g = Game::blank(rules, board, Rng::new(seed));
    let mut pick = Rng::new(seed ^ 0x5ea);
    let mut legal = Vec::new();
    for _ in 0..steps {
        if g.winner().is_some() {
            break;
        }
        g.legal_actions_without_offers(&mut legal);
        // Ships first when there are any, so that the sea fills up.
        let ships: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, crate::Action::BuildShip { .. }))
            .copied()
            .collect();
        let from = if ships.is_empty() { &legal } else { &ships };
        let a = from[pick.below(from.len() as u32) as usize];
        g.apply(a).unwrap();
    }
    g
}

/// Pieces on edges per (slot, is a ship), read back from the flat vector.
fn edge_pieces(g: &Game, l: &ObservationLayout, obs: &[f32]) -> (f32, f32) {
    let b = g.board();
    let start = b.hexes().len() * (HEX_F + SEA_HEX_F) + b.nodes().len() * NODE_F;
    let edges = &obs[start..start + b.edges().len() * (EDGE_F + SEA_EDGE_F)];
    assert!(l.open_sea());
    let (mut roads, mut ships) = (0.0, 0.0);
    for e in edges.chunks(EDGE_F + SEA_EDGE_F) {
        roads += e[..P].iter().sum::<f32>();
        ships += e[P..].iter().sum::<f32>();
    }
    (roads, ships)
}

/// On an open-sea map ships are told apart from roads, per relative seat, in the flat
/// vector and in the planes; the pirate's hex is flagged wherever it stands (The Four
/// Islands' map starts it on the sea, New Shores' off the board, and random play moves
/// it on 7s and knights); sea and gold are terrains; the sizes
/// follow the documented layout (Seafarers rules, 'Ships', 'The Pirate').
#[test]
fn open_sea_maps_show_ships_and_the_pirate() {
    let mut pirates = 0;
    for (scenario, players) in [(Scenario::NewShores, 4), (Scenario::FourIslands, 3)] {
        pirates += open_sea_map_shows_ships_and_the_pirate(scenario, players);
    }
    assert!(
        pirates >= 1,
        "a pirate on the sea in at least one of the games"
    );
    // The base game's board keeps its size: 2,434 values for four players.
    let base = Game::new(Rules::default(), 1).unwrap();
    let bl = ObservationLayout::new(&base);
    assert!(!bl.open_sea());
    assert_eq!(bl.len(), 2434);
    assert_eq!(bl.planes_shape().0, PLANE_CHANNELS);
    let sea = ObservationLayout::new(&sea_game(Scenario::NewShores, 4, 1, 0));
    // docs/agents.md: New Shores for four (42 hexes, 108 nodes, 149 edges).
    assert_eq!(sea.len(), 5014);
    assert_eq!(sea.planes_shape(), (45, 31, 29));
    assert!(!sea.fits(&base));
}

/// The checks of [`open_sea_maps_show_ships_and_the_pirate`] on one map; the number of
/// pirates on the board.
fn open_sea_map_shows_ships_and_the_pirate(scenario: Scenario, players: u8) -> usize {
    let g = sea_game(scenario, players, 3, 400);
    let b = g.board().clone();
    assert!(b.open_sea());
    let l = ObservationLayout::new(&g);
    let (h, n, e) = (b.hexes().len(), b.nodes().len(), b.edges().len());
    assert_eq!(
        l.len(),
        h * (HEX_F + SEA_HEX_F) + n * NODE_F + e * (EDGE_F + SEA_EDGE_F) + SCALARS + SEA_SCALARS
    );
    assert_eq!(l.scalars().len(), SCALARS + SEA_SCALARS);
    assert_eq!(l.planes_shape().0, PLANE_CHANNELS + SEA_PLANE_CHANNELS);
    let (ships, roads): (u32, u32) = (0..players as usize)
        .map(|p| (g.seats[p].ships as u32, g.seats[p].roads as u32))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(ships > 0 && roads > 0, "{ships} ships, {roads} roads");
    let mut obs = vec![0.0; l.len()];
    let mut planes = vec![0.0; l.planes_len()];
    let pirate: Vec<usize> = g.pirate().map(|p| p.0 as usize).into_iter().collect();
    for seat in 0..players {
        g.observation(Player(seat), &l, &mut obs).unwrap();
        assert!(obs.iter().zip(l.high()).all(|(v, h)| *v >= 0.0 && v <= h));
        assert_eq!(edge_pieces(&g, &l, &obs), (roads as f32, ships as f32));
        // The observer's own ships are in slot 0.
        let start = h * (HEX_F + SEA_HEX_F) + n * NODE_F;
        let own: f32 = (0..e)
            .map(|i| obs[start + i * (EDGE_F + SEA_EDGE_F) + P])
            .sum();
        assert_eq!(own as u32, g.seats[seat as usize].ships as u32);
        // The pirate flag: exactly the pirate's hex.
        let flags: Vec<usize> = (0..h)
            .filter(|&i| obs[i * (HEX_F + SEA_HEX_F) + HEX_F] == 1.0)
            .collect();
        assert_eq!(flags, pirate);
        // Sea and gold fields are terrains of the one-hot.
        for t in [Terrain::Sea, Terrain::Gold] {
            let count = (0..h)
                .filter(|&i| obs[i * (HEX_F + SEA_HEX_F) + t.index()] == 1.0)
                .count();
            let on_board = b.hexes().iter().filter(|x| x.terrain == t).count();
            assert_eq!(count, on_board, "{t:?}");
        }
        g.observation_planes(Player(seat), &l, &mut planes).unwrap();
        let area = l.rows * l.cols;
        let roads_at = 3 + T + 2 + 2 * P + 6;
        let sea_at = roads_at + P;
        let sum = |from: usize, to: usize| planes[from * area..to * area].iter().sum::<f32>();
        assert_eq!(sum(roads_at, roads_at + P) as u32, roads);
        assert_eq!(sum(sea_at + 2, sea_at + 2 + P) as u32, ships);
        assert_eq!(
            sum(sea_at + 2, sea_at + 3) as u32,
            g.seats[seat as usize].ships as u32
        );
        assert_eq!(sum(sea_at, sea_at + 1) as usize, pirate.len());
    }
    pirate.len()
}

/// The Fog Islands (Seafarers rules, 'The Fog Islands'; docs/rulings.md §41) and gold
/// fields (§40) in the observation: the unexplored spaces are flagged (flat vector and
/// planes) exactly as [`Game::unexplored`] lists them, as the game goes on; the sea block
/// counts the stacks, the picks each slot owes, and a discovery waiting for the
/// referee's hex (external chance).
#[test]
fn fog_and_gold_show_as_the_view_tells_them() {
    use crate::rules::ChanceMode;
    let (mut discovered, mut owed, mut waiting) = (0, 0, 0);
    for (seed, chance) in [(1, ChanceMode::Seeded), (2, ChanceMode::External)] {
        let rules = Rules {
            chance,
            ..Rules::scenario(Scenario::FogIslands)
        };
        let mut g = Game::new(rules, seed).unwrap();
        let l = ObservationLayout::new(&g);
        let b = g.board().clone();
        let (h, n, e) = (b.hexes().len(), b.nodes().len(), b.edges().len());
        let fog_at = |i: usize| i * (HEX_F + SEA_HEX_F) + HEX_F + 1;
        let sea_block = h * (HEX_F + SEA_HEX_F) + n * NODE_F + e * (EDGE_F + SEA_EDGE_F) + SCALARS;
        let mut obs = vec![0.0; l.len()];
        let mut planes = vec![0.0; l.planes_len()];
        let mut pick = Rng::new(seed);
        let mut legal = Vec::new();
        let start = g.unexplored().count();
        assert!(start > 0);
        for _ in 0..3000 {
            if g.winner().is_some() {
                break;
            }
            let seat = g.to_act().iter().next().unwrap_or(Player(0));
            g.observation(seat, &l, &mut obs).unwrap();
            let flagged: Vec<usize> = (0..h).filter(|&i| obs[fog_at(i)] == 1.0).collect();
            let listed: Vec<usize> = g.unexplored().map(|x| x.index()).collect();
            assert_eq!(flagged, listed);
            let (hexes, numbers) = g.fog_stacks_left();
            assert_eq!(obs[sea_block + P + 1], hexes as f32);
            assert_eq!(obs[sea_block + P + 2], numbers as f32);
            assert_eq!(obs[sea_block + P] == 1.0, g.reveal_pending().is_some());
            waiting += usize::from(g.reveal_pending().is_some());
            let gold = g.gold_owed();
            for slot in 0..P {
                let q = (seat.index() + slot) % g.players() as usize;
                let want = if slot < g.players() as usize {
                    gold[q]
                } else {
                    0
                };
                assert_eq!(obs[sea_block + slot], want as f32);
            }
            owed += usize::from(gold.iter().any(|&x| x > 0));
            g.observation_planes(seat, &l, &mut planes).unwrap();
            let area = l.rows * l.cols;
            let fog_plane = 3 + T + 2 + 2 * P + 6 + P + 1;
            let cells = planes[fog_plane * area..(fog_plane + 1) * area]
                .iter()
                .sum::<f32>();
            assert_eq!(cells as usize, listed.len());
            g.legal_actions_without_offers(&mut legal);
            let a = legal[pick.below(legal.len() as u32) as usize];
            g.apply(a).unwrap();
        }
        discovered += start - g.unexplored().count();
    }
    assert!(discovered > 0, "spaces discovered");
    assert!(owed > 0, "gold picks owed at some point");
    assert!(waiting > 0, "a discovery waited for its hex");
}

/// On an open-sea map too, the observation and the planes depend only on what the seat
/// may know: any resample of the hidden information leaves them unchanged.
#[test]
fn hidden_information_does_not_show_on_open_sea() {
    let mut checked = 0;
    for seed in 0..12u64 {
        let (scenario, players) =
            [(Scenario::NewShores, 4), (Scenario::FourIslands, 3)][seed as usize % 2];
        let g = sea_game(scenario, players, seed, 150 + 25 * seed as usize);
        let l = ObservationLayout::new(&g);
        let me = Player((seed % players as u64) as u8);
        let (mut a, mut b) = (vec![0.0; l.len()], vec![0.0; l.len()]);
        let (mut pa, mut pb) = (vec![0.0; l.planes_len()], vec![0.0; l.planes_len()]);
        g.observation(me, &l, &mut a).unwrap();
        g.observation_planes(me, &l, &mut pa).unwrap();
        let mut rng = Rng::new(seed);
        for _ in 0..4 {
            let h = g.resample_hidden(me, &mut rng);
            if h != g {
                checked += 1;
            }
            h.observation(me, &l, &mut b).unwrap();
            assert_eq!(a, b);
            h.observation_planes(me, &l, &mut pb).unwrap();
            assert_eq!(pa, pb);
        }
        let mut h = g.clone();
        h.seats[me.index()].hand.add(&Resources::one(Resource::Ore));
        h.bank.sub(&Resources::one(Resource::Ore));
        h.observation(me, &l, &mut b).unwrap();
        assert_ne!(a, b);
    }
    assert!(
        checked > 20,
        "only {checked} samples differed from the game"
    );
}

#[test]
fn bad_requests_are_errors_and_write_nothing() {
    let g = Game::new(Rules::default(), 1).unwrap();
    let l = ObservationLayout::new(&g);
    let mut short = vec![7.0; 10];
    assert_eq!(
        g.observation(Player(0), &l, &mut short),
        Err(ObservationError::OutputTooShort {
            needed: l.len(),
            got: 10
        })
    );
    assert!(short.iter().all(|&v| v == 7.0));
    let mut out = vec![0.0; l.len()];
    assert_eq!(
        g.observation(Player(4), &l, &mut out),
        Err(ObservationError::NoSuchSeat {
            seat: 4,
            players: 4
        })
    );
    let three = Game::new(
        Rules {
            players: 3,
            ..Rules::default()
        },
        1,
    )
    .unwrap();
    assert_eq!(
        three.observation(Player(0), &l, &mut out),
        Err(ObservationError::LayoutMismatch)
    );
}
