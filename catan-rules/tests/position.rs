//! Positions ("our FEN"): round trips from random games, saving and resuming, and every
//! kind of invalid position rejected with every problem reported at once.

#[path = "common/fog.rs"]
mod fog;

use catan_rules::board::NodeId;
use catan_rules::position::{PlayerPosition, TradeAnswer, TradeOffer};
use catan_rules::{
    Action, ChanceMode, DevCard, EdgeId, Event, Game, Harbor, HexId, LoadError, MapKind, Phase,
    Player, Position, PositionError, Resource, Resources, Rng, Rules,
};

/// The rule sets the random games are played under.
fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules {
            players: 3,
            map: MapKind::Variable,
            strict_phases: true,
            ..Rules::default()
        },
        Rules {
            map: MapKind::Beginner,
            chance: ChanceMode::External,
            ..Rules::default()
        },
        Rules {
            players: 2,
            friendly_robber: true,
            vp_target: 8,
            ..Rules::default()
        },
    ]
}

/// One random legal action (every legal action may be chosen, domestic offers included).
fn random_action(game: &Game, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
    game.legal_actions(buf);
    if buf.is_empty() {
        return None;
    }
    Some(buf[rng.below(buf.len() as u32) as usize])
}

const MAX_STEPS: usize = 2_500;

#[test]
fn every_state_of_random_games_round_trips() {
    let mut buf = Vec::new();
    let mut states = 0usize;
    let mut finished = 0usize;
    for (k, rules) in rule_sets().into_iter().enumerate() {
        for seed in 0..3u64 {
            let mut game = Game::new(rules, seed * 31 + k as u64).unwrap();
            let mut rng = Rng::new(seed ^ 0x5eed);
            for _ in 0..MAX_STEPS {
                let pos = game.to_position();
                let back = Game::from_position(pos.clone())
                    .unwrap_or_else(|e| panic!("{e}\n{}", game.to_json()));
                assert_eq!(back, game);
                assert_eq!(back.to_position(), pos);
                states += 1;
                let Some(a) = random_action(&game, &mut rng, &mut buf) else {
                    break;
                };
                game.apply(a).unwrap();
            }
            // JSON too, including the finished game.
            assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
            finished += usize::from(game.winner().is_some());
        }
    }
    assert!(states > 5_000, "only {states} states checked");
    assert!(finished > 0);
}

#[test]
fn a_saved_game_resumes_with_identical_events_and_states() {
    let mut buf = Vec::new();
    for (k, rules) in rule_sets().into_iter().enumerate() {
        for seed in 0..3u64 {
            let mut game = Game::new(rules, 1000 + seed + 7 * k as u64).unwrap();
            let mut rng = Rng::new(seed + 99);
            let save_at = 50 + 40 * seed as usize;
            for _ in 0..save_at {
                let Some(a) = random_action(&game, &mut rng, &mut buf) else {
                    break;
                };
                game.apply(a).unwrap();
            }
            let json = game.to_json();
            let mut loaded = Game::from_json(&json).unwrap();
            let mut rng2 = rng;
            for _ in 0..MAX_STEPS {
                let a = random_action(&game, &mut rng, &mut buf);
                let b = random_action(&loaded, &mut rng2, &mut buf);
                assert_eq!(a, b);
                let Some(a) = a else { break };
                let ea: Vec<Event> = game.apply(a).unwrap();
                let eb: Vec<Event> = loaded.apply(a).unwrap();
                assert_eq!(ea, eb);
                assert_eq!(game, loaded);
            }
        }
    }
}

// ---------------------------------------------------------------- invalid positions

/// The beginners' game, 4 players, at the first roll (Base rules "Starting Set-up for
/// Beginners").
fn beginner() -> (Game, Position) {
    let rules = Rules {
        map: MapKind::Beginner,
        ..Rules::default()
    };
    let game = Game::new(rules, 4).unwrap();
    let pos = game.to_position();
    assert_eq!(pos.phase, Phase::Roll);
    (game, pos)
}

fn errors(pos: Position) -> Vec<PositionError> {
    Game::from_position(pos).unwrap_err().0
}

/// Player 0's first settlement and the node its road leads to.
fn settlement_and_road_end(game: &Game, pos: &Position) -> (NodeId, NodeId) {
    let board = game.board();
    for &s in &pos.players[0].settlements {
        for e in board.node(s).edges() {
            if game.road(e) == Some(Player(0)) {
                return (s, board.edge(e).other(s));
            }
        }
    }
    unreachable!("beginner settlements have roads")
}

/// A node where nobody could build: no building on it or next to it, no road at it.
fn lonely_node(game: &Game) -> NodeId {
    let board = game.board();
    (0..board.nodes().len() as u8)
        .map(NodeId)
        .find(|&n| {
            game.building(n).is_none()
                && board
                    .node(n)
                    .neighbors()
                    .all(|m| game.building(m).is_none())
                && board.node(n).edges().all(|e| game.road(e).is_none())
                && board
                    .node(n)
                    .neighbors()
                    .all(|m| board.node(m).edges().all(|e| game.road(e).is_none()))
        })
        .unwrap()
}

#[test]
fn the_unchanged_beginner_position_is_valid() {
    let (game, pos) = beginner();
    assert_eq!(Game::from_position(pos).unwrap(), game);
}

#[test]
fn format_and_version_are_checked() {
    let (_, mut pos) = beginner();
    pos.format = "fen".into();
    pos.version = 2;
    assert_eq!(
        errors(pos),
        vec![
            PositionError::Format {
                found: "fen".into()
            },
            PositionError::Version { found: 2 }
        ]
    );
}

#[test]
fn unplayable_rules_and_wrong_player_count() {
    // docs/rulings.md §23: 2–6 players (3–4 the base game, 5–6 the extension, 2 a house
    // rule).
    let (_, mut pos) = beginner();
    pos.rules.players = 9;
    assert!(matches!(errors(pos)[..], [PositionError::Rules { .. }]));
    let (_, mut pos) = beginner();
    pos.players.pop();
    assert_eq!(
        errors(pos),
        vec![PositionError::PlayerCount {
            expected: 4,
            found: 3
        }]
    );
}

#[test]
fn a_bad_board_is_reported_with_the_other_problems() {
    let (_, mut pos) = beginner();
    let h = pos.board.hexes[0];
    pos.board.hexes.push(h);
    pos.bank[Resource::Wool] += 1;
    let errs = errors(pos);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(matches!(errs[0], PositionError::Board { .. }));
    assert!(matches!(
        errs[1],
        PositionError::ResourcesNotConserved {
            resource: Resource::Wool,
            total: 20,
            expected: 19
        }
    ));
}

#[test]
fn seats_out_of_range_are_rejected() {
    // docs/rulings.md §23: seats 0..players.
    let (_, mut pos) = beginner();
    pos.current = Player(7);
    pos.largest_army = Some(Player(4));
    assert_eq!(
        errors(pos),
        vec![
            PositionError::NoSuchPlayer {
                field: "current",
                player: Player(7)
            },
            PositionError::NoSuchPlayer {
                field: "largest_army",
                player: Player(4)
            }
        ]
    );
}

#[test]
fn ids_off_the_board_are_rejected() {
    let (_, mut pos) = beginner();
    pos.players[1].settlements.push(NodeId(200));
    pos.players[2].roads.push(EdgeId(300));
    pos.robber = Some(HexId(250));
    assert_eq!(
        errors(pos),
        vec![
            PositionError::NoSuchNode {
                player: Player(1),
                node: NodeId(200)
            },
            PositionError::NoSuchEdge {
                player: Player(2),
                edge: EdgeId(300)
            },
            PositionError::NoSuchHex {
                field: "robber",
                hex: HexId(250)
            }
        ]
    );
}

#[test]
fn the_robber_stands_on_land() {
    // Base rules "Rolling a 7": the robber moves to a terrain hex.
    let (game, mut pos) = beginner();
    let sea = (0..game.board().hexes().len())
        .find(|&h| !game.board().hexes()[h].terrain.is_land())
        .unwrap();
    pos.robber = Some(HexId(sea as u8));
    assert!(matches!(
        errors(pos)[..],
        [PositionError::NoSuchHex {
            field: "robber",
            ..
        }]
    ));
    let (_, mut pos) = beginner();
    pos.robber = None;
    assert_eq!(errors(pos), vec![PositionError::RobberMissing]);
}

#[test]
fn two_pieces_in_one_place_are_rejected() {
    // docs/rulings.md §12: one building per intersection, one road per path.
    let (_, mut pos) = beginner();
    let node = pos.players[0].settlements[0];
    let edge = pos.players[0].roads[0];
    pos.players[1].cities.push(node);
    pos.players[3].roads.push(edge);
    assert_eq!(
        errors(pos),
        vec![
            PositionError::NodeOccupied { node },
            PositionError::EdgeOccupied { edge }
        ]
    );
}

#[test]
fn distance_rule() {
    // Base rules "Distance Rule"; docs/rulings.md §12.
    let (game, mut pos) = beginner();
    let (s, m) = settlement_and_road_end(&game, &pos);
    pos.players[0].settlements.push(m);
    assert_eq!(
        errors(pos),
        vec![PositionError::DistanceRule {
            node: s.min(m),
            neighbor: s.max(m)
        }]
    );
}

#[test]
fn roads_and_buildings_must_be_connected() {
    // docs/rulings.md §12: a road joins the player's road, settlement or city.
    let (game, mut pos) = beginner();
    let n = lonely_node(&game);
    let e = game.board().node(n).edges().next().unwrap();
    pos.players[0].roads.push(e);
    assert_eq!(
        errors(pos),
        vec![PositionError::RoadNotConnected {
            player: Player(0),
            edge: e
        }]
    );
    let (_, mut pos) = beginner();
    pos.players[2].settlements.push(n);
    assert_eq!(
        errors(pos),
        vec![PositionError::BuildingNotConnected {
            player: Player(2),
            node: n
        }]
    );
}

#[test]
fn piece_limits() {
    // docs/rulings.md §12: 15 roads, 5 settlements, 4 cities.
    let (_, mut pos) = beginner();
    pos.players[1].roads = (0..16).map(EdgeId).collect();
    let errs = errors(pos);
    assert_eq!(
        errs[0],
        PositionError::TooManyPieces {
            player: Player(1),
            piece: catan_rules::Piece::Road,
            count: 16,
            limit: 15
        }
    );
}

#[test]
fn cards_are_conserved() {
    // docs/rulings.md §6 (19 of each resource) and 13 (the development deck).
    let (_, mut pos) = beginner();
    pos.bank[Resource::Ore] -= 1;
    pos.deck[DevCard::Knight] -= 1;
    pos.players[2].dev_cards[DevCard::Monopoly] = 1;
    assert_eq!(
        errors(pos),
        vec![
            PositionError::ResourcesNotConserved {
                resource: Resource::Ore,
                total: 18,
                expected: 19
            },
            PositionError::DevCardsNotConserved {
                card: DevCard::Knight,
                counted: 13,
                composition: 14
            },
            PositionError::DevCardsNotConserved {
                card: DevCard::Monopoly,
                counted: 3,
                composition: 2
            }
        ]
    );
    // A played knight leaves the deck for good; a played Monopoly is not recorded.
    let (game, mut pos) = beginner();
    pos.deck[DevCard::Knight] -= 1;
    pos.players[1].knights = 1;
    pos.deck[DevCard::Monopoly] -= 1;
    let g = Game::from_position(pos).unwrap();
    assert_eq!(g.knights_played(Player(1)), 1);
    assert_ne!(g, game);
}

#[test]
fn longest_road_holder_must_fit_the_road_lengths() {
    // Base rules "Longest Road"; docs/rulings.md §15.
    // The beginners' roads are two separate pieces per player: length 1 each.
    let (game, mut pos) = beginner();
    assert_eq!(game.longest_road_of(Player(0)), 1);
    pos.longest_road = Some(Player(0));
    assert_eq!(
        errors(pos),
        vec![PositionError::LongestRoadInconsistent {
            holder: Some(Player(0)),
            holder_length: 1,
            longest: 1
        }]
    );
}

#[test]
fn longest_road_broken_road_rule() {
    // docs/rulings.md §15: a holder tied for longest keeps the card; nobody may hold it while two
    // tie; a single longest road of ≥ 5 must be held by its owner.
    let mut buf = Vec::new();
    let mut checked = [0usize; 2];
    for seed in 0..25u64 {
        let mut game = Game::new(Rules::default(), seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut changed = false;
        for _ in 0..MAX_STEPS {
            // Judge each state whose roads or buildings just changed.
            if changed && game.turn() > 0 {
                let h = game.longest_road_holder();
                let pos = game.to_position();
                let mut none = pos.clone();
                none.longest_road = None;
                let lens: Vec<u8> = (0..4).map(|p| game.longest_road_of(Player(p))).collect();
                let max = *lens.iter().max().unwrap();
                let tied = lens.iter().filter(|&&l| l == max).count() > 1;
                let res = Game::from_position(none);
                if max < 5 {
                    assert!(res.is_ok());
                } else if tied {
                    // Set aside while tied: valid, and then any tied player may hold it.
                    assert!(res.is_ok());
                    checked[0] += 1;
                } else {
                    assert!(matches!(
                        res.unwrap_err().0[..],
                        [PositionError::LongestRoadInconsistent { holder: None, .. }]
                    ));
                    checked[1] += 1;
                }
                for (q, &l) in lens.iter().enumerate() {
                    let mut other = pos.clone();
                    other.longest_road = Some(Player(q as u8));
                    let ok = l >= 5 && l == max;
                    // The holder's two points may make an undeclared win; judge the award only.
                    let errs = Game::from_position(other).err().map_or(vec![], |e| e.0);
                    let award_ok = !errs
                        .iter()
                        .any(|e| matches!(e, PositionError::LongestRoadInconsistent { .. }));
                    assert_eq!(award_ok, ok, "holder {h:?}, lens {lens:?}, q {q}");
                }
            }
            let Some(a) = random_action(&game, &mut rng, &mut buf) else {
                break;
            };
            changed = game
                .apply(a)
                .unwrap()
                .iter()
                .any(|e| matches!(e, Event::RoadBuilt { .. } | Event::SettlementBuilt { .. }));
        }
    }
    assert!(checked.iter().all(|&c| c > 0), "{checked:?}");
}

#[test]
fn largest_army_holder_must_fit_the_knights() {
    // Base rules "Largest Army"; docs/rulings.md §16: first to 3, strictly more to take it.
    let (_, mut pos) = beginner();
    pos.deck[DevCard::Knight] -= 6;
    pos.players[1].knights = 3;
    pos.players[2].knights = 3;
    let mut held = pos.clone();
    held.largest_army = Some(Player(2));
    assert!(Game::from_position(held.clone()).is_ok());
    held.largest_army = Some(Player(1));
    assert!(Game::from_position(held).is_ok());
    assert_eq!(
        errors(pos.clone()),
        vec![PositionError::LargestArmyInconsistent {
            holder: None,
            holder_knights: 0,
            most: 3
        }]
    );
    pos.largest_army = Some(Player(0));
    assert_eq!(
        errors(pos),
        vec![PositionError::LargestArmyInconsistent {
            holder: Some(Player(0)),
            holder_knights: 0,
            most: 3
        }]
    );
}

#[test]
fn dice_discards_and_phase_fields() {
    // docs/rulings.md §2: the roll comes first, then trading and building.
    let (_, mut pos) = beginner();
    pos.phase = Phase::Main;
    pos.dice = Some([7, 0]);
    assert_eq!(errors(pos), vec![PositionError::BadDice { dice: [7, 0] }]);

    let (_, mut pos) = beginner();
    pos.phase = Phase::Main;
    assert!(matches!(
        errors(pos)[..],
        [PositionError::PhaseInconsistent {
            phase: Phase::Main,
            ..
        }]
    ));

    // docs/rulings.md §9: only after a 7, half of a hand over the limit.
    let (_, mut pos) = beginner();
    pos.players[1].discard_owed = 3;
    assert_eq!(
        errors(pos),
        vec![PositionError::DiscardInconsistent {
            player: Player(1),
            owed: 3,
            expected: 0
        }]
    );

    let (_, mut pos) = beginner();
    pos.turn = 0;
    pos.built_this_turn = true;
    let errs = errors(pos);
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(errs
        .iter()
        .all(|e| matches!(e, PositionError::PhaseInconsistent { .. })));
}

#[test]
fn trade_offers_only_in_the_main_phase() {
    // docs/rulings.md §17.
    let (game, mut pos) = beginner();
    let hand = game.hand(Player(0));
    let have = Resource::ALL.into_iter().find(|&r| hand[r] > 0).unwrap();
    let want = Resource::ALL.into_iter().find(|&r| r != have).unwrap();
    pos.trade = Some(TradeOffer {
        to: None,
        give: Resources::one(have),
        get: Resources::one(want),
        answers: (1..4)
            .map(|q| TradeAnswer::Pending { player: Player(q) })
            .collect(),
    });
    let mut main = pos.clone();
    main.phase = Phase::Main;
    main.dice = Some([2, 3]);
    assert!(Game::from_position(main.clone()).is_ok());
    assert_eq!(
        errors(pos),
        vec![PositionError::TradeInconsistent {
            reason: "offers are open only in the main phase"
        }]
    );
    let t = main.trade.as_mut().unwrap();
    t.answers.pop();
    t.give = t.get;
    // Same resource on both sides, not in the offerer's hand, and player 3 left out.
    let errs = errors(main);
    assert_eq!(errs.len(), 3, "{errs:?}");
}

#[test]
fn harbours_gained_this_turn_must_be_owned() {
    // docs/rulings.md §1: with strict phases a harbour built this turn is not usable yet.
    let (game, mut pos) = beginner();
    let owned: Vec<Harbor> = pos.players[0]
        .settlements
        .iter()
        .filter_map(|&n| game.board().node(n).harbor)
        .collect();
    let h = Harbor::ALL
        .into_iter()
        .find(|h| !owned.contains(h))
        .unwrap();
    pos.phase = Phase::Main;
    pos.dice = Some([1, 1]);
    pos.built_this_turn = true;
    pos.harbors_gained_this_turn = vec![h];
    assert_eq!(
        errors(pos),
        vec![PositionError::HarborNotOwned { harbor: h }]
    );
}

#[test]
fn winner_only_when_over_and_wins_are_declared() {
    // docs/rulings.md §4: a player wins on their own turn as soon as they hold the target.
    let (_, mut pos) = beginner();
    pos.winner = Some(Player(2));
    assert!(matches!(
        errors(pos)[..],
        [PositionError::WinnerInconsistent {
            winner: Some(Player(2)),
            ..
        }]
    ));
    let (_, mut pos) = beginner();
    pos.phase = Phase::GameOver;
    pos.winner = Some(Player(0));
    assert!(matches!(
        errors(pos)[..],
        [PositionError::WinnerInconsistent {
            reason: "the winner has fewer points than the target",
            ..
        }]
    ));
    // docs/rulings.md §5: victory point cards count at once.
    let (_, mut pos) = beginner();
    pos.rules.vp_target = 4;
    pos.deck[DevCard::VictoryPoint] -= 2;
    pos.players[0].dev_cards[DevCard::VictoryPoint] = 2;
    assert_eq!(
        errors(pos.clone()),
        vec![PositionError::UndeclaredWin {
            player: Player(0),
            points: 4
        }]
    );
    pos.phase = Phase::GameOver;
    pos.winner = Some(Player(0));
    let over = Game::from_position(pos).unwrap();
    assert_eq!(over.winner(), Some(Player(0)));
}

#[test]
fn three_problems_are_reported_at_once() {
    let (game, mut pos) = beginner();
    let (_, m) = settlement_and_road_end(&game, &pos);
    pos.bank[Resource::Grain] += 2;
    pos.winner = Some(Player(2));
    pos.players[0].settlements.push(m);
    let errs = errors(pos);
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(matches!(
        errs[0],
        PositionError::ResourcesNotConserved { .. }
    ));
    assert!(matches!(errs[1], PositionError::WinnerInconsistent { .. }));
    assert!(matches!(errs[2], PositionError::DistanceRule { .. }));
}

#[test]
fn set_up_positions_are_checked() {
    // Base rules "Set-up Phase"; docs/rulings.md §8: snake order, one settlement and road per step.
    let game = Game::new(Rules::default(), 12).unwrap();
    let mut pos = game.to_position();
    assert_eq!(pos.phase, Phase::SetupSettlement);
    pos.current = Player(1);
    pos.players[2].roads.push(EdgeId(0));
    let errs = errors(pos);
    assert!(
        errs.iter()
            .filter(|e| matches!(e, PositionError::PhaseInconsistent { .. }))
            .count()
            == 2,
        "{errs:?}"
    );
}

#[test]
fn malformed_json_is_a_parse_error_and_bad_positions_are_invalid() {
    assert!(matches!(
        Game::from_json("{not json"),
        Err(LoadError::Parse { .. })
    ));
    let (game, _) = beginner();
    let json = game.to_json().replacen('{', r#"{"colour":"red","#, 1);
    match Game::from_json(&json) {
        Err(LoadError::Parse { error }) => assert!(error.message.contains("colour")),
        other => panic!("{other:?}"),
    }
    let json = game.to_json().replacen(r#""turn":1"#, r#""turn":0"#, 1);
    assert!(matches!(
        Game::from_json(&json),
        Err(LoadError::Invalid { .. })
    ));
}

#[test]
fn the_documented_example_position_loads() {
    let text = include_str!("../../docs/position-example.json");
    let game = Game::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.phase(), Phase::Main);
    assert_eq!(game.current_player(), Player(1));
    let pos: Position = serde_json::from_str(text).unwrap();
    assert_eq!(game.to_position(), pos);
    assert_eq!(pos.players.len(), 2);
    let _ = PlayerPosition::default();
}

const PHASES: [Phase; 8] = [
    Phase::SetupSettlement,
    Phase::SetupRoad,
    Phase::Roll,
    Phase::Discard,
    Phase::MoveRobber,
    Phase::Main,
    Phase::RoadBuilding,
    Phase::GameOver,
];

/// One random change to a position: a field set to a value that may or may not make sense.
fn mutate(pos: &mut Position, r: &mut Rng) {
    let n = pos.players.len();
    let q = r.below(n as u32) as usize;
    let small = |r: &mut Rng| r.below(8) as u8;
    let res = Resource::ALL[r.below(5) as usize];
    let card = DevCard::ALL[r.below(5) as usize];
    let node = NodeId(r.below(60) as u8);
    let edge = EdgeId(r.below(80) as u16);
    match r.below(24) {
        0 => pos.phase = PHASES[r.below(8) as usize],
        1 => pos.current = Player(r.below(5) as u8),
        2 => pos.turn = r.below(3),
        3 => pos.dice = [None, Some([r.below(7) as u8, r.below(7) as u8])][r.below(2) as usize],
        4 => pos.dev_card_played = !pos.dev_card_played,
        5 => pos.built_this_turn = !pos.built_this_turn,
        6 => pos.setup_step = small(r),
        7 => pos.setup_node = [None, Some(node)][r.below(2) as usize],
        8 => pos.road_building_left = r.below(3) as u8,
        9 => pos.robber = Some(HexId(r.below(40) as u8)),
        10 => {
            pos.players[q].hand[res] += 1;
            pos.bank[res] = pos.bank[res].saturating_sub(1);
        }
        11 => {
            pos.players[q].dev_cards[card] += 1;
            pos.deck[card] = pos.deck[card].saturating_sub(1);
        }
        12 => {
            pos.players[q].new_dev_cards[card] += 1;
            pos.deck[card] = pos.deck[card].saturating_sub(1);
        }
        13 => {
            pos.players[q].knights += 1;
            pos.deck[DevCard::Knight] = pos.deck[DevCard::Knight].saturating_sub(1);
        }
        14 => pos.players[q].discard_owed = small(r),
        15 => pos.players[q].roads.push(edge),
        16 => pos.players[q].settlements.push(node),
        17 => pos.players[q].cities.push(node),
        18 => {
            let p = &mut pos.players[q];
            if let Some(s) = p.settlements.pop() {
                p.cities.push(s);
            }
        }
        19 => pos.longest_road = [None, Some(Player(q as u8))][r.below(2) as usize],
        20 => pos.largest_army = [None, Some(Player(q as u8))][r.below(2) as usize],
        21 => pos.winner = [None, Some(Player(q as u8))][r.below(2) as usize],
        22 => {
            pos.trade = match r.below(3) {
                0 => None,
                _ => Some(TradeOffer {
                    to: [None, Some(Player(q as u8))][r.below(2) as usize],
                    give: Resources::one(res),
                    get: Resources::one(Resource::ALL[r.below(5) as usize]),
                    answers: (0..n as u8)
                        .filter(|&p| p != pos.current.0)
                        .map(|p| match r.below(4) {
                            0 => TradeAnswer::Pending { player: Player(p) },
                            1 => TradeAnswer::Accepted { player: Player(p) },
                            2 => TradeAnswer::Rejected { player: Player(p) },
                            _ => TradeAnswer::Countered {
                                player: Player(p),
                                give: Resources::one(Resource::ALL[r.below(5) as usize]),
                                get: Resources::one(res),
                            },
                        })
                        .collect(),
                }),
            }
        }
        _ => pos.harbors_gained_this_turn = vec![Harbor::ALL[r.below(6) as usize]],
    }
}

#[test]
fn mutated_positions_never_panic_and_accepted_ones_play_on() {
    // No panics on bad input; a position that is accepted is a game like any other: its
    // legal actions apply, and it round-trips.
    let mut buf = Vec::new();
    let mut r = Rng::new(2024);
    let mut accepted = 0;
    let mut rejected = 0;
    for (k, rules) in rule_sets().into_iter().enumerate() {
        let mut game = Game::new(rules, 500 + k as u64).unwrap();
        for step in 0..1_200 {
            if step % 3 == 0 {
                for _ in 0..4 {
                    let mut pos = game.to_position();
                    for _ in 0..1 + r.below(3) {
                        mutate(&mut pos, &mut r);
                    }
                    match Game::from_position(pos) {
                        Err(e) => {
                            assert!(!e.0.is_empty());
                            rejected += 1;
                        }
                        Ok(mut g) => {
                            accepted += 1;
                            // Nobody is ever stuck: someone can act until the game is over.
                            g.legal_actions(&mut buf);
                            assert_eq!(buf.is_empty(), g.winner().is_some(), "{}", g.to_json());
                            assert_eq!(Game::from_position(g.to_position()).unwrap(), g);
                            let mut r2 = Rng::new(step as u64);
                            for _ in 0..25 {
                                let Some(a) = random_action(&g, &mut r2, &mut buf) else {
                                    break;
                                };
                                g.apply(a).unwrap();
                            }
                            assert_eq!(Game::from_position(g.to_position()).unwrap(), g);
                        }
                    }
                }
            }
            let Some(a) = random_action(&game, &mut r, &mut buf) else {
                break;
            };
            game.apply(a).unwrap();
        }
    }
    assert!(accepted > 100 && rejected > 100, "{accepted} / {rejected}");
}

#[test]
fn a_map_at_the_edge_of_the_coordinates_is_an_error_not_a_panic() {
    let (_, mut pos) = beginner();
    pos.board = serde_json::from_str(
        r#"{"hexes": [{"q": 127, "r": -128, "terrain": "desert"}],
            "harbors": [{"q": 127, "r": -128, "side": "ne", "kind": "ore"}]}"#,
    )
    .unwrap();
    let errs = errors(pos);
    assert!(!errs.is_empty());
}

mod properties {
    use super::{random_action, rule_sets};
    use catan_rules::{Game, Rng};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any state reached by legal play round-trips through position JSON, and the
        /// loaded game continues identically (same events, same states).
        #[test]
        fn positions_round_trip_and_resume(
            seed in any::<u64>(),
            rules_index in 0usize..4,
            steps in 0usize..600,
        ) {
            let rules = rule_sets()[rules_index];
            let mut game = Game::new(rules, seed).unwrap();
            let mut rng = Rng::new(seed.rotate_left(17));
            let mut buf = Vec::new();
            for _ in 0..steps {
                let Some(a) = random_action(&game, &mut rng, &mut buf) else { break };
                game.apply(a).unwrap();
            }
            let mut loaded = Game::from_json(&game.to_json()).unwrap();
            prop_assert_eq!(&loaded, &game);
            for _ in 0..30 {
                let Some(a) = random_action(&game, &mut rng, &mut buf) else { break };
                prop_assert_eq!(game.apply(a), loaded.apply(a));
            }
            prop_assert_eq!(&loaded, &game);
        }
    }
}

// ---------------------------------------------------------------- the turn counter

/// Plays `game` (a game past set-up) by rolling, discarding, moving the robber and ending
/// turns only, until its turn number reaches `until`, round-tripping the position through
/// JSON at every new turn.
fn roll_and_end_until(game: &mut Game, until: u32, rng: &mut Rng) {
    let mut buf = Vec::new();
    while game.turn() < until && game.winner().is_none() {
        game.legal_actions(&mut buf);
        let quick: Vec<Action> = buf
            .iter()
            .copied()
            .filter(|a| {
                !matches!(
                    a,
                    Action::BuildRoad { .. }
                        | Action::BuildSettlement { .. }
                        | Action::BuildCity { .. }
                        | Action::BuyDevelopmentCard { .. }
                        | Action::MaritimeTrade { .. }
                        | Action::OfferTrade { .. }
                )
            })
            .collect();
        let pick = if quick.is_empty() { &buf } else { &quick };
        let before = game.turn();
        game.apply(pick[rng.below(pick.len() as u32) as usize])
            .unwrap();
        if game.turn() != before {
            let back = Game::from_json(&game.to_json()).unwrap();
            assert_eq!(&back, game);
        }
    }
}

/// Finding 9 of the security audit: the turn counter was 16 bits and wrapped to 0 (the
/// set-up's number) after 65,535 turns, and the position then failed to load. Turns are
/// counted in 32 bits now (docs/security.md).
#[test]
fn turns_past_65535_are_counted_and_load() {
    let (_, mut pos) = beginner();
    pos.turn = 65_533;
    let mut game = Game::from_position(pos).unwrap();
    let mut rng = Rng::new(9);
    roll_and_end_until(&mut game, 65_540, &mut rng);
    assert!(game.winner().is_some() || game.turn() == 65_540);
    let pos = game.to_position();
    assert!(pos.turn > u32::from(u16::MAX));
    assert_eq!(Game::from_position(pos).unwrap(), game);
}

/// The counter stops at `Game::MAX_TURN` instead of wrapping: the game goes on as that
/// turn, and its positions still load (docs/security.md, "Inputs that cannot stop a
/// game").
#[test]
fn the_turn_counter_stops_at_its_limit() {
    let (_, mut pos) = beginner();
    pos.turn = Game::MAX_TURN - 1;
    let mut game = Game::from_position(pos).unwrap();
    let mut rng = Rng::new(3);
    roll_and_end_until(&mut game, Game::MAX_TURN, &mut rng);
    assert_eq!(game.turn(), Game::MAX_TURN);
    // Two more full rounds: still the last number, still a loadable game.
    let mut turns = 0;
    let mut buf = Vec::new();
    let mut events = Vec::new();
    while turns < 8 && game.winner().is_none() {
        game.legal_actions(&mut buf);
        let a = buf
            .iter()
            .copied()
            .find(|a| matches!(a, Action::EndTurn { .. }))
            .unwrap_or(buf[0]);
        events.clear();
        game.apply_with(a, &mut events).unwrap();
        for e in &events {
            if let Event::TurnStarted { turn, .. } = e {
                assert_eq!(*turn, Game::MAX_TURN);
                turns += 1;
            }
        }
        assert_eq!(game.turn(), Game::MAX_TURN);
        assert_eq!(Game::from_json(&game.to_json()).unwrap(), game);
    }
    assert!(turns > 0);
}

/// Messages are written for people: no Rust debug text (`Some(Player(1))`, `[7, 0]`,
/// `RoadBuilding`, `Ne`) in what a position or board error says (security audit,
/// finding 11).
#[test]
fn position_and_board_messages_have_no_debug_text() {
    use catan_rules::board::{BoardError, HexCoord, Side};
    let messages = [
        PositionError::Format {
            found: "fen".into(),
        }
        .to_string(),
        PositionError::LongestRoadInconsistent {
            holder: Some(Player(1)),
            holder_length: 4,
            longest: 6,
        }
        .to_string(),
        PositionError::LongestRoadInconsistent {
            holder: None,
            holder_length: 0,
            longest: 6,
        }
        .to_string(),
        PositionError::LargestArmyInconsistent {
            holder: Some(Player(2)),
            holder_knights: 2,
            most: 3,
        }
        .to_string(),
        PositionError::BadDice { dice: [7, 0] }.to_string(),
        PositionError::PhaseInconsistent {
            phase: Phase::RoadBuilding,
            reason: "r",
        }
        .to_string(),
        PositionError::WinnerInconsistent {
            winner: None,
            reason: "r",
        }
        .to_string(),
        BoardError::HarborNotCoastal {
            at: HexCoord { q: 0, r: 0 },
            side: Side::Ne,
        }
        .to_string(),
    ];
    for m in &messages {
        for debug in ["Some(", "None", "Player(", "[", "RoadBuilding", " Ne "] {
            assert!(!m.contains(debug), "{m:?} contains {debug:?}");
        }
    }
    assert_eq!(
        messages[0],
        "format must be \"catan-position\", not \"fen\""
    );
    assert!(
        messages[1].starts_with("Longest Road held by player 1 "),
        "{}",
        messages[1]
    );
    assert!(
        messages[2].starts_with("Longest Road held by nobody "),
        "{}",
        messages[2]
    );
    assert_eq!(messages[4], "dice 7 and 0 are not two values 1 to 6");
    assert_eq!(messages[5], "in the Road Building phase: r");
    assert_eq!(messages[6], "winner nobody: r");
    assert!(messages[7].contains("north-east side"), "{}", messages[7]);
    // A long format string is quoted only in part.
    let (_, mut pos) = beginner();
    pos.format = "x".repeat(10_000);
    let e = errors(pos);
    assert!(e[0].to_string().len() < 120, "{}", e[0]);
}

// ---------------------------------------------------------------- unplayable games

fn board_of(hexes: &[(i8, i8)]) -> catan_rules::board::BoardSpec {
    use catan_rules::board::{BoardSpec, HexSpec};
    use catan_rules::Terrain;
    BoardSpec {
        hexes: hexes
            .iter()
            .map(|&(q, r)| HexSpec {
                q,
                r,
                terrain: Terrain::Forest,
                number: Some(8),
            })
            .collect(),
        ..BoardSpec::default()
    }
}

/// Finding 10 of the security audit: a one-hex board was accepted although two players'
/// four set-up settlements cannot fit on its six corners under the distance rule (two
/// settlements on opposite corners leave none free): set-up could never finish. Catan
/// base rules, 5th ed., 'Set-up Phase' and 'The Distance Rule'.
#[test]
fn boards_whose_set_up_cannot_finish_are_refused() {
    use catan_rules::{Board, NewGameError};
    use std::sync::Arc;
    let one = Arc::new(Board::new(board_of(&[(0, 0)])).unwrap());
    let rules = Rules {
        players: 2,
        ..Rules::default()
    };
    let e = Game::with_board(rules, Arc::clone(&one), 1).unwrap_err();
    assert_eq!(
        e,
        NewGameError::SetupCannotFinish {
            players: 2,
            needed: 4,
            blocked_after: 2
        }
    );
    assert!(e.to_string().contains("2 players place 4"), "{e}");
    // Two hexes (ten corners): three settlements can rule out all ten.
    let two = Arc::new(Board::new(board_of(&[(0, 0), (1, 0)])).unwrap());
    assert!(matches!(
        Game::with_board(rules, two, 1),
        Err(NewGameError::SetupCannotFinish {
            blocked_after: 3,
            ..
        })
    ));
    // Three in a row (fourteen corners, each settlement rules out at most four): three
    // settlements cannot block it, so two players always finish; four players cannot.
    let three = Arc::new(Board::new(board_of(&[(0, 0), (1, 0), (2, 0)])).unwrap());
    let mut g = Game::with_board(rules, Arc::clone(&three), 1).unwrap();
    let mut buf = Vec::new();
    let mut rng = Rng::new(5);
    for _ in 0..200 {
        if g.turn() > 0 {
            break;
        }
        g.legal_actions(&mut buf);
        assert!(!buf.is_empty(), "set-up goes on");
        g.apply(buf[rng.below(buf.len() as u32) as usize]).unwrap();
    }
    assert_eq!(g.turn(), 1, "set-up finished");
    let four = Rules {
        players: 4,
        ..Rules::default()
    };
    assert!(matches!(
        Game::with_board(four, three, 1),
        Err(NewGameError::SetupCannotFinish { needed: 8, .. })
    ));
    // Every map the engine makes leaves room.
    for map in [MapKind::Beginner, MapKind::Variable, MapKind::Random] {
        for players in 2..=4 {
            let r = Rules {
                players,
                map,
                ..Rules::default()
            };
            assert!(Game::new(r, 3).is_ok());
        }
    }
    // A position on such a board is refused too, with its other problems.
    let (_, mut pos) = beginner();
    pos.board = board_of(&[(0, 0)]);
    let errs = errors(pos);
    assert!(
        errs.iter()
            .any(|e| matches!(e, PositionError::SetupCannotFinish { needed: 8, .. })),
        "{errs:?}"
    );
}

/// Finding 10: after set-up every seat has two buildings and two roads at least (pieces
/// never leave the board; a city replaces a settlement). A seat with none was accepted.
/// Catan base rules, 5th ed., 'Set-up Phase'.
#[test]
fn a_seat_without_its_set_up_pieces_is_refused() {
    let (_, mut pos) = beginner();
    pos.players[2].settlements.clear();
    pos.players[2].roads.clear();
    pos.players[3].roads.pop();
    let errs = errors(pos);
    assert!(errs.contains(&PositionError::SetupPiecesMissing {
        player: Player(2),
        buildings: 0,
        roads: 0
    }));
    assert!(errs.contains(&PositionError::SetupPiecesMissing {
        player: Player(3),
        buildings: 2,
        roads: 1
    }));
    // A city counts as the settlement it replaced.
    let (game, mut pos) = beginner();
    let s = pos.players[0].settlements.pop().unwrap();
    pos.players[0].cities.push(s);
    let _ = game;
    let errs = Game::from_position(pos)
        .err()
        .map(|e| e.0)
        .unwrap_or_default();
    assert!(
        !errs
            .iter()
            .any(|e| matches!(e, PositionError::SetupPiecesMissing { .. })),
        "{errs:?}"
    );
}

/// Finding 10: the generator's state is read only in the form it is written (16
/// lower-case hex digits), so a position reads back as the same text.
#[test]
fn a_non_canonical_generator_state_is_refused() {
    let (game, _) = beginner();
    let json = game.to_json();
    let state = format!("{:016x}", game.rng().state());
    assert!(json.contains(&state));
    assert!(Game::from_json(&json).is_ok());
    for bad in [
        state.to_uppercase(),
        format!("+{}", &state[1..]),
        state[1..].to_string(),
    ] {
        if bad == state {
            continue;
        }
        let text = json.replace(&state, &bad);
        assert!(
            matches!(Game::from_json(&text), Err(LoadError::Parse { .. })),
            "{bad}"
        );
    }
}

/// Finding 10: node id 255 means "no node", so a board may have at most 255 nodes; one
/// of 256 (two rows of 42 hexes: `2 · 3 · 43 - 2` corners) described its last node as
/// missing. A parallelogram of `r` rows of `k` hexes has `2 (r + 1) (k + 1) - 2` corners
/// (one hex: 6, two in a row: 10).
#[test]
fn a_board_of_256_nodes_is_refused() {
    use catan_rules::board::{BoardError, MAX_NODES};
    assert!(MAX_NODES <= usize::from(u8::MAX));
    let nodes = |r: i8, k: i8| {
        let hexes: Vec<(i8, i8)> = (0..r).flat_map(|r| (0..k).map(move |q| (q, r))).collect();
        catan_rules::Board::new(board_of(&hexes)).map(|b| b.nodes().len())
    };
    assert_eq!(nodes(1, 1), Ok(6));
    assert_eq!(nodes(1, 2), Ok(10));
    assert_eq!(nodes(2, 3), Ok(22));
    let mut hexes = Vec::new();
    for r in 0..2 {
        for q in 0..42 {
            hexes.push((q, r));
        }
    }
    let errs = catan_rules::Board::new(board_of(&hexes)).unwrap_err().0;
    assert!(
        errs.contains(&BoardError::TooLarge {
            what: "nodes",
            count: 256,
            max: 255
        }),
        "{errs:?}"
    );
}

#[test]
fn a_fog_game_with_every_space_discovered_leaves_fog_out() {
    // docs/position.md: empty fields are left out. The Fog Islands' stacks exactly fill the
    // unexplored spaces (Seafarers rules, 'The Fog Islands'), so once every space is
    // discovered nothing of `fog` is left: the position leaves it out and loads without it;
    // the form with empty lists, written before, still loads.
    use catan_rules::scenario::Scenario;
    use catan_rules::Terrain;
    let rules = Rules {
        players: 3,
        map: MapKind::Beginner,
        ..Rules::scenario(Scenario::FogIslands)
    };
    let g = Game::new(rules, 3).unwrap();
    let start = g.to_position();
    assert_eq!(start.fog.as_ref().unwrap().unexplored.len(), 12);
    let mut pos = fog::discovered(&start, 12);
    pos.fog = None;
    let all = Game::from_position(pos).unwrap();
    assert_eq!(all.unexplored().count(), 0);
    assert_eq!(all.fog_stacks_left(), (0, 0));
    let json = all.to_json();
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v.get("fog"), None, "{json}");
    assert_eq!(Game::from_json(&json).unwrap(), all);
    v["fog"] = serde_json::json!({"unexplored": [], "hexes": [], "numbers": []});
    assert_eq!(Game::from_json(&v.to_string()).unwrap(), all);
    assert_eq!(
        Game::from_position(fog::discovered(&start, 12)).unwrap(),
        all
    );
    // While a space is unexplored `fog` is written, and an empty number stack (the last
    // hex face down is sea) is left out.
    let mut sea_last = start.clone();
    let f = sea_last.fog.as_mut().unwrap();
    let sea = f.hexes.iter().rposition(|&t| t == Terrain::Sea).unwrap();
    let t = f.hexes.remove(sea);
    f.hexes.push(t);
    let last = f.unexplored[11];
    let one = Game::from_position(fog::discovered(&sea_last, 11)).unwrap();
    let v: serde_json::Value = serde_json::from_str(&one.to_json()).unwrap();
    assert_eq!(
        v["fog"],
        serde_json::json!({"unexplored": [last], "hexes": ["sea"]})
    );
    assert_eq!(Game::from_json(&one.to_json()).unwrap(), one);
}
