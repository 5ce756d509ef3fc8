//! Unit tests of the batched stepper.

use super::*;
use crate::rng::Rng;
use crate::types::Resources;

/// A huge count is refused before anything is allocated, and a 4-game batch asked for
/// 2,001 threads keeps no more than 1 (it once started 2,001).
#[test]
fn sizes_and_threads_are_capped() {
    for n in [MAX_BATCH_GAMES + 1, usize::MAX] {
        assert_eq!(
            Batch::new(Rules::default(), 1, n, 1).unwrap_err(),
            BatchError::TooManyGames { games: n }
        );
    }
    let mut b = Batch::new(Rules::default(), 1, 4, 2001).unwrap();
    assert_eq!(b.threads(), 1);
    b.set_threads(usize::MAX);
    assert_eq!(b.threads(), 1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(batch_threads(10_000, 2001) <= cores.min(256));
    assert_eq!(batch_threads(64, 2), 2.min(cores));
}

fn ids_of(mask: &[u64]) -> Vec<u32> {
    let mut out = Vec::new();
    for (w, &word) in mask.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            out.push((w * 64) as u32 + b.trailing_zeros());
            b &= b - 1;
        }
    }
    out
}

/// Runs `steps` random steps; returns every observation, mask and output.
type Run = (Vec<i16>, Vec<u64>, Vec<(f32, bool, i8)>);

fn run(threads: usize, steps: usize) -> Run {
    // A short game (5 points) so that games end and are replaced within the run.
    let rules = Rules {
        vp_target: 5,
        ..Rules::default()
    };
    // Enough games for two threads (MIN_GAMES_PER_THREAD each).
    let mut b = Batch::new(rules, 5, 70, threads).unwrap();
    let (n, words, ol) = (b.len(), b.space().words(), b.obs_len());
    let (mut m, mut o) = (vec![0; n * words], vec![0; n * ol]);
    let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
    let (mut all_o, mut all_m, mut outs) = (Vec::new(), Vec::new(), Vec::new());
    let mut rng = Rng::new(3);
    let mut ids = vec![0; n];
    for _ in 0..steps {
        b.observe(&mut m, &mut o).unwrap();
        for i in 0..n {
            let legal = ids_of(&m[i * words..(i + 1) * words]);
            assert!(!legal.is_empty());
            ids[i] = legal[rng.below(legal.len() as u32) as usize];
        }
        b.step(&ids, &mut r, &mut d, &mut w).unwrap();
        all_o.extend_from_slice(&o);
        all_m.extend_from_slice(&m);
        outs.extend((0..n).map(|i| (r[i], d[i], w[i])));
    }
    (all_o, all_m, outs)
}

/// `observe_board` is `Game::observation` of each game's acting seat; a finished game
/// is kept for one step, its final observation that of the seat that made the last move;
/// masks without offers have no offer id and are never empty.
#[test]
fn board_observations_and_final_observations() {
    let rules = Rules {
        vp_target: 4,
        ..Rules::default()
    };
    let mut b = Batch::new(rules, 9, 6, 1).unwrap();
    b.set_offers(false);
    let (n, words, ol) = (b.len(), b.space().words(), b.layout().len());
    let (mut m, mut o) = (vec![0; n * words], vec![0f32; n * ol]);
    let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
    let mut rng = Rng::new(4);
    let mut ids = vec![0; n];
    let mut finished = 0;
    let offers = b.space().offset(Block::Offer)..b.space().offset(Block::Offer) + 20;
    let mut one = vec![0f32; ol];
    for _ in 0..20_000 {
        b.observe_board(&mut m, &mut o).unwrap();
        for i in 0..n {
            let g = b.game(i);
            g.observation(acting_seat(g), b.layout(), &mut one).unwrap();
            assert_eq!(&o[i * ol..(i + 1) * ol], &one[..]);
            let legal = ids_of(&m[i * words..(i + 1) * words]);
            assert!(!legal.is_empty());
            assert!(legal.iter().all(|id| !offers.contains(id)));
            ids[i] = legal[rng.below(legal.len() as u32) as usize];
        }
        b.step(&ids, &mut r, &mut d, &mut w).unwrap();
        for i in 0..n {
            let kept = b.final_observation(i, &mut one).unwrap();
            assert_eq!(kept, d[i]);
            if let Some((g, seat)) = b.finished(i) {
                assert_eq!(g.winner().map_or(-1, |p| p.0 as i8), w[i]);
                let mut want = vec![0f32; ol];
                g.observation(seat, b.layout(), &mut want).unwrap();
                assert_eq!(one, want);
                finished += 1;
            }
        }
        if finished >= 4 {
            break;
        }
    }
    assert!(finished >= 4);
    assert_eq!(
        b.final_observation(0, &mut [0f32; 3]),
        Err(BatchError::Length {
            name: "obs",
            got: 3,
            expected: ol
        })
    );
}

/// Offers are out of the masks unless asked for; after each step every seat of a game won
/// there has its return (+1 the winner, -1 every other seat), the step's reward is the
/// entry of the seat that moved last, and every other game's row is 0.
#[test]
fn returns_for_every_seat_and_no_offers_by_default() {
    let rules = Rules {
        vp_target: 4,
        players: 3,
        ..Rules::default()
    };
    let mut b = Batch::new(rules, 2, 5, 1).unwrap();
    assert!(!b.offers());
    let (n, words, ol) = (b.len(), b.space().words(), b.obs_len());
    let (mut m, mut o) = (vec![0; n * words], vec![0; n * ol]);
    let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
    let mut ret = vec![9f32; n * 3];
    let (mut rng, mut ids, mut won) = (Rng::new(6), vec![0; n], 0);
    let offers = b.space().offset(Block::Offer)..b.space().offset(Block::Accept);
    for _ in 0..20_000 {
        b.observe(&mut m, &mut o).unwrap();
        for i in 0..n {
            let legal = ids_of(&m[i * words..(i + 1) * words]);
            assert!(legal.iter().all(|id| !offers.contains(id)));
            ids[i] = legal[rng.below(legal.len() as u32) as usize];
        }
        b.step(&ids, &mut r, &mut d, &mut w).unwrap();
        b.returns(&mut ret).unwrap();
        for i in 0..n {
            let row = &ret[i * 3..(i + 1) * 3];
            match b.finished(i).filter(|(g, _)| g.winner().is_some()) {
                Some((g, last)) => {
                    let winner = g.winner().unwrap().0 as usize;
                    assert_eq!(w[i] as usize, winner);
                    for (seat, &x) in row.iter().enumerate() {
                        assert_eq!(x, if seat == winner { 1.0 } else { -1.0 });
                    }
                    assert_eq!(r[i], row[last.0 as usize]);
                    won += 1;
                }
                None => assert_eq!(row, [0.0; 3]),
            }
        }
        if won >= 3 {
            break;
        }
    }
    assert!(won >= 3, "games were won");
    assert_eq!(
        b.returns(&mut [0f32; 4]),
        Err(BatchError::Length {
            name: "returns",
            got: 4,
            expected: n * 3
        })
    );
}

#[test]
fn same_results_for_any_thread_count() {
    let one = run(1, 2500);
    assert!(one.2.iter().any(|x| x.1), "some game finished");
    assert_eq!(run(2, 2500), one);
    assert_eq!(run(3, 2500), one);
}

#[test]
fn masks_are_the_acting_seats_legal_mask() {
    let mut b = Batch::new(Rules::default(), 9, 4, 2).unwrap();
    // With the offers, so that open offers (several seats answering) are seen too.
    b.set_offers(true);
    let (n, words, ol) = (b.len(), b.space().words(), b.obs_len());
    let (mut m, mut o) = (vec![0; n * words], vec![0; n * ol]);
    let (mut r, mut d, mut w) = (vec![0.0; n], vec![false; n], vec![0; n]);
    let mut rng = Rng::new(1);
    let mut full = vec![0; words];
    let mut multi = 0;
    for _ in 0..4000 {
        b.observe(&mut m, &mut o).unwrap();
        let mut ids = vec![0; n];
        for i in 0..n {
            let g = b.game(i);
            let row = &m[i * words..(i + 1) * words];
            assert_eq!(g.legal_mask(b.space(), &mut full), 0);
            let actor = acting_seat(g);
            if g.to_act().len() <= 1 {
                assert_eq!(row, &full[..], "one seat acts: exactly legal_mask");
            } else {
                multi += 1;
                let mine: Vec<u32> = ids_of(&full)
                    .into_iter()
                    .filter(|&id| id_seat(b.space(), g, id) == actor.0)
                    .collect();
                assert_eq!(ids_of(row), mine);
            }
            assert_eq!(o[i * ol], actor.0 as i16);
            let legal = ids_of(row);
            ids[i] = legal[rng.below(legal.len() as u32) as usize];
        }
        b.step(&ids, &mut r, &mut d, &mut w).unwrap();
    }
    assert!(multi > 0, "discards with several seats were seen");
}

#[test]
fn errors_change_nothing() {
    let mut b = Batch::new(Rules::default(), 2, 3, 2).unwrap();
    let before: Vec<Game> = (0..3).map(|i| b.game(i).clone()).collect();
    let (mut r, mut d, mut w) = (vec![9.0; 3], vec![true; 3], vec![7; 3]);
    let mut m = vec![0; 3 * b.space().words()];
    let mut o = vec![0; 3 * b.obs_len()];
    b.observe(&mut m, &mut o).unwrap();
    let words = b.space().words();
    let good: Vec<u32> = (0..3)
        .map(|i| ids_of(&m[i * words..(i + 1) * words])[0])
        .collect();
    let end_turn = b.space().offset(Block::EndTurn);
    let bad = [good[0], good[1], end_turn];
    assert_eq!(
        b.step(&bad, &mut r, &mut d, &mut w),
        Err(BatchError::Illegal {
            game: 2,
            id: end_turn,
            seat: acting_seat(&before[2]).0
        })
    );
    let huge = [good[0], u32::MAX, good[2]];
    assert!(matches!(
        b.step(&huge, &mut r, &mut d, &mut w),
        Err(BatchError::Illegal { game: 1, .. })
    ));
    assert!(matches!(
        b.step(&good[..2], &mut r, &mut d, &mut w),
        Err(BatchError::Length { name: "ids", .. })
    ));
    assert!(matches!(
        b.observe(&mut m[1..], &mut o),
        Err(BatchError::Length { name: "masks", .. })
    ));
    for (i, g) in before.iter().enumerate() {
        assert_eq!(b.game(i), g);
    }
    assert_eq!((r, d, w), (vec![9.0; 3], vec![true; 3], vec![7; 3]));
    assert_eq!(
        Batch::new(Rules::default(), 1, 0, 1).unwrap_err(),
        BatchError::Empty
    );
}

#[test]
fn observations_hide_other_seats_cards() {
    // Play a game a while, then change another seat's hidden cards (keeping counts).
    let mut g = Game::new(Rules::default(), 4).unwrap();
    let mut legal = Vec::new();
    let mut rng = Rng::new(8);
    while g.turn() < 12 {
        g.legal_actions(&mut legal);
        legal.retain(|a| !a.is_trade_offer());
        g.apply(legal[rng.below(legal.len() as u32) as usize])
            .unwrap();
    }
    let actor = acting_seat(&g);
    let other = Player((actor.0 + 1) % 4);
    let mut h = g.clone();
    let seat = &mut h.seats[other.index()];
    let total = seat.hand.total();
    let devs: u8 = seat.dev.0.iter().sum();
    seat.hand = Resources::new(total as u8, 0, 0, 0, 0);
    seat.dev = crate::types::ByDevCard([0, 0, 0, 0, devs]);
    h.rng = Rng::new(12345);
    assert_ne!(g, h);
    let len = OBS_HEADER + OBS_PER_SEAT * 4 + g.board.nodes().len() + g.board.edges().len();
    let (mut a, mut b) = (vec![0; len], vec![0; len]);
    write_observation(&g, &mut a);
    write_observation(&h, &mut b);
    assert_eq!(a, b);
    // Own cards are visible.
    assert_eq!(a[18..23], g.hand(actor).0.map(|c| c as i16));
}

/// On an open-sea map the compact layout's edge slots tell ships (`1 + P + r`) from roads
/// (`1 + r`), by seat relative to the acting seat (Seafarers rules, 'Ships'). The game is
/// built crate-internally: public games on open-sea maps wait for the scenario layer.
#[test]
fn edge_slots_tell_ships_from_roads() {
    use crate::observation::tests::sea_game;
    use crate::scenario::Scenario;
    let g = sea_game(Scenario::NewShores, 4, 5, 400);
    let n = g.players() as usize;
    let (nodes, edges) = (g.board().nodes().len(), g.board().edges().len());
    let mut out = vec![0i16; OBS_HEADER + OBS_PER_SEAT * n + nodes + edges];
    write_observation(&g, &mut out);
    let actor = acting_seat(&g).0 as usize;
    let slots = &out[OBS_HEADER + OBS_PER_SEAT * n + nodes..];
    let (mut ships, mut roads) = (0, 0);
    for (k, &v) in slots.iter().enumerate() {
        let e = crate::board::EdgeId(k as u16);
        let rel = |p: Player| ((p.index() + n - actor) % n) as i16;
        match (g.road(e), g.ship(e)) {
            (Some(p), None) => {
                assert_eq!(v, 1 + rel(p));
                roads += 1;
            }
            (None, Some(p)) => {
                assert_eq!(v, 1 + n as i16 + rel(p));
                ships += 1;
            }
            _ => assert_eq!(v, 0),
        }
    }
    assert!(ships > 0 && roads > 0, "{ships} ships, {roads} roads");
}
