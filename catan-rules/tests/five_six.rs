//! The 5–6 player extension through the whole public surface: the fixed action space and
//! the batched stepper sized for the extension's island and six seats, the pictures with
//! six colours, rules and positions as JSON. Sources: the printed 5–6 player extension
//! board; 5–6 player extension rules (2015), components ("green and brown") and "Special
//! Build Phase"; docs/rulings.md §19.

use catan_rules::action_space::ActionSpace;
use catan_rules::batch::{Batch, OBS_HEADER, OBS_PER_SEAT};
use catan_rules::render::PLAYER_COLOURS;
use catan_rules::{Action, Decision, Game, MapKind, Phase, Player, Rng, Rules};

fn six(map: MapKind) -> Rules {
    Rules {
        players: 6,
        map,
        ..Rules::default()
    }
}

/// Plays random legal actions (no domestic offers) until `stop` or the end.
fn play(game: &mut Game, seed: u64, mut stop: impl FnMut(&Game) -> bool) {
    let mut legal = Vec::new();
    let mut rng = Rng::new(seed);
    while game.winner().is_none() && !stop(game) {
        game.legal_actions_without_offers(&mut legal);
        let a = legal[rng.below(legal.len() as u32) as usize];
        game.apply(a).unwrap();
    }
}

#[test]
fn the_action_space_is_sized_for_the_island_and_six_seats() {
    let g6 = Game::new(six(MapKind::Random), 1).unwrap();
    let g4 = Game::new(Rules::default(), 1).unwrap();
    assert_eq!(g6.board().nodes().len(), 80);
    assert_eq!(g6.board().edges().len(), 109);
    let s6 = ActionSpace::new(g6.board(), 6);
    let s4 = ActionSpace::new(g4.board(), 4);
    assert!(s6.len() > s4.len());
    // Every seat's last building, road and discard has an id.
    for p in 0..6 {
        let player = Player(p);
        let road = Action::BuildRoad {
            player,
            edge: catan_rules::EdgeId(108),
        };
        let city = Action::BuildCity {
            player,
            node: catan_rules::NodeId(79),
        };
        assert!(s6.encode(&road).is_some() && s6.encode(&city).is_some());
    }
    // In the Special Build Phase the mask is exactly the builder's builds, purchase, pass.
    let mut g = g6.clone();
    play(&mut g, 3, |g| g.phase() == Phase::SpecialBuild);
    assert_eq!(g.phase(), Phase::SpecialBuild);
    let mut mask = vec![0u64; s6.words()];
    g.legal_mask(&s6, &mut mask);
    let ids: Vec<u32> = (0..s6.len() as u32)
        .filter(|&i| mask[i as usize / 64] >> (i % 64) & 1 != 0)
        .collect();
    let legal = g.legal_actions_vec();
    assert_eq!(ids.len(), legal.len());
    let builder = g.current_player();
    for a in &legal {
        assert_eq!(a.player(), builder);
        assert!(matches!(
            a,
            Action::BuildRoad { .. }
                | Action::BuildSettlement { .. }
                | Action::BuildCity { .. }
                | Action::BuyDevelopmentCard { .. }
                | Action::EndTurn { .. }
        ));
        assert!(ids.contains(&s6.encode(a).unwrap()));
    }
}

#[test]
fn the_batch_observes_six_seats_and_the_special_build_phase() {
    let mut env = Batch::new(six(MapKind::Random), 5, 4, 1).unwrap();
    let (n, words, obs_len) = (env.len(), env.space().words(), env.obs_len());
    assert_eq!(obs_len, OBS_HEADER + OBS_PER_SEAT * 6 + 80 + 109);
    assert_eq!(obs_len, 296, "the documented length for six seats");
    let mut masks = vec![0u64; n * words];
    let mut obs = vec![0i16; n * obs_len];
    let (mut ids, mut rewards) = (vec![0u32; n], vec![0f32; n]);
    let (mut done, mut winners) = (vec![false; n], vec![-1i8; n]);
    let mut rng = Rng::new(2);
    let mut saw_phase = false;
    let mut finished = 0;
    for _ in 0..60_000 {
        env.observe(&mut masks, &mut obs).unwrap();
        for (i, id) in ids.iter_mut().enumerate() {
            let o = &obs[i * obs_len..(i + 1) * obs_len];
            if o[2] == 8 {
                // The Special Build Phase: the acting seat is the one building.
                saw_phase = true;
                assert_eq!(o[1], 0, "the current player is the acting seat");
                assert_eq!(o[0], env.game(i).current_player().0 as i16);
            }
            let row = &masks[i * words..(i + 1) * words];
            let legal: Vec<u32> = (0..env.space().len() as u32)
                .filter(|&b| row[b as usize / 64] >> (b % 64) & 1 != 0)
                .collect();
            *id = legal[rng.below(legal.len() as u32) as usize];
        }
        env.step(&ids, &mut rewards, &mut done, &mut winners)
            .unwrap();
        for i in 0..n {
            if done[i] && winners[i] >= 0 {
                assert!((0..6).contains(&winners[i]));
                finished += 1;
            }
        }
        if finished >= 2 && saw_phase {
            break;
        }
    }
    assert!(saw_phase, "the phase shows as 8");
    assert!(finished >= 2, "six-player games finish in the batch");
}

#[test]
fn pictures_of_the_big_island_use_six_colours() {
    let mut g = Game::new(six(MapKind::Beginner), 7).unwrap();
    play(&mut g, 7, |_| false);
    let svg = g.to_svg();
    for (p, (name, fill)) in PLAYER_COLOURS.iter().enumerate() {
        let (roads, _, _) = g.pieces_on_board(Player(p as u8));
        assert!(roads > 0);
        assert!(svg.contains(fill), "{name} ({fill}) drawn");
    }
    // One polygon per hex: 30 land, the sea frame around it.
    let hexes = g.board().hexes().len();
    assert_eq!(svg.matches(r#"<polygon class="hex""#).count(), hexes);
    assert_eq!(svg.matches(r#"data-terrain="sea""#).count(), hexes - 30);
    assert_eq!(svg.matches(r#"data-terrain="desert""#).count(), 2);
    let ascii = g.to_ascii();
    for p in 0..6u8 {
        let (_, settlements, cities) = g.pieces_on_board(Player(p));
        let marks =
            ascii.matches(&format!("s{p}")).count() + ascii.matches(&format!("C{p}")).count();
        assert_eq!(marks, (settlements + cities) as usize, "seat {p}\n{ascii}");
    }
}

#[test]
fn a_mid_phase_position_and_view_round_trip() {
    // A 6-player game stopped during a Special Build Phase with a builder who has already
    // passed behind it: the position restores it exactly, as JSON too.
    let mut g = Game::new(six(MapKind::Variable), 9).unwrap();
    play(&mut g, 9, |g| {
        matches!(g.decision(), Decision::SpecialBuild { player, after }
            if player.0 == (after.0 + 3) % 6)
    });
    assert!(matches!(g.decision(), Decision::SpecialBuild { .. }));
    let pos = g.to_position();
    let json = serde_json::to_string(&pos).unwrap();
    let back = Game::from_position(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.decision(), g.decision());
    // The view names the phase and who builds for whom.
    let v = g.view(Some(Player(0)));
    assert_eq!(v.phase, Phase::SpecialBuild);
    assert_eq!(v.decision, g.decision());
    assert_eq!(v.players.len(), 6);
}

#[test]
fn rules_as_json() {
    let r: Rules =
        serde_json::from_str(r#"{"players": 6, "map": "variable", "discard_limit": 9}"#).unwrap();
    assert_eq!(r.validate(), Ok(()));
    assert!(r.special_build());
    let r: Rules = serde_json::from_str(r#"{"players": 4, "special_build_phase": true}"#).unwrap();
    assert!(r.special_build());
    // An island that does not fit is a tagged rules error (docs/json.md, "Errors").
    let e = Rules {
        players: 6,
        island: catan_rules::Island::Standard,
        ..Rules::default()
    }
    .validate()
    .unwrap_err();
    assert_eq!(
        serde_json::to_value(&e).unwrap(),
        serde_json::json!({"type": "island", "players": 6, "island": "standard",
            "need": "5–6 players need the 5–6 player extension's 30-hex island"})
    );
    // Defaults are left out when written.
    let json = serde_json::to_string(&six(MapKind::Random)).unwrap();
    assert!(
        !json.contains("island") && !json.contains("special_build_phase"),
        "{json}"
    );
}

#[test]
fn inconsistent_special_build_positions_are_rejected() {
    // docs/rulings.md §19: the phase follows one player's turn, that player does not build
    // in it, nothing is rolled or played in it, and only rules with the phase have it.
    use catan_rules::position::{Position, PositionError};
    let mut g = Game::new(six(MapKind::Random), 4).unwrap();
    play(&mut g, 4, |g| g.phase() == Phase::SpecialBuild);
    let pos = g.to_position();
    let after = pos.special_build_after.expect("named in the phase");
    assert_ne!(after, pos.current);
    let reasons = |p: Position| -> Vec<&'static str> {
        match Game::from_position(p) {
            Ok(_) => vec![],
            Err(e) => {
                e.0.into_iter()
                    .filter_map(|e| match e {
                        PositionError::PhaseInconsistent { reason, .. } => Some(reason),
                        _ => None,
                    })
                    .collect()
            }
        }
    };
    let with = |f: &dyn Fn(&mut Position)| {
        let mut p = pos.clone();
        f(&mut p);
        reasons(p)
    };
    assert!(reasons(pos.clone()).is_empty());
    assert_eq!(
        with(&|p| p.special_build_after = None),
        ["the Special Build Phase names the player whose turn it follows"]
    );
    assert_eq!(
        with(&|p| p.special_build_after = Some(p.current)),
        ["the player whose turn ended does not build in the Special Build Phase"]
    );
    assert_eq!(
        with(&|p| p.special_build_after = Some(Player(6))),
        ["special_build_after is not a seat of this game"]
    );
    assert_eq!(
        with(&|p| p.dice = Some([3, 4])),
        ["nothing is rolled or played in the Special Build Phase"]
    );
    assert_eq!(
        with(&|p| p.rules.special_build_phase = Some(false)),
        ["these rules have no Special Build Phase"]
    );
    let mut main = Game::new(six(MapKind::Random), 4).unwrap();
    play(&mut main, 4, |g| g.phase() == Phase::Main);
    let mut p = main.to_position();
    p.special_build_after = Some(Player(0));
    assert_eq!(
        reasons(p),
        ["special_build_after is set in the Special Build Phase only"]
    );
}
