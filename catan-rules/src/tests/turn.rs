//! Turn order, points, hidden information, harbours and other rules of the book not tied to
//! one action: Base rules "Game Play", "Victory Points", "Harbors", "Coast", "Progress
//! Cards"; Clarifications (robber and harbours); docs/rulings.md §10, 11, 23.

use super::*;
use crate::game::{Decision, NewGameError, ROAD_COST};
use crate::rules::RulesError;

#[test]
fn turn_passes_to_the_left() {
    // Base rules "Game Play": "Pass the dice to the player on your left at the end of your
    // turn"; the starting player begins.
    let mut pos = Pos::new(3);
    for (next, turn) in [(P1, 2), (P2_, 3), (P0, 4)] {
        let me = pos.g.current_player();
        let ev = ok(&mut pos.g, Action::EndTurn { player: me });
        assert!(ev.contains(&Event::TurnEnded { player: me }));
        assert_eq!(pos.g.decision(), Decision::Roll { player: next });
        assert_eq!(pos.g.turn(), turn);
        ok(&mut pos.g, roll(next, 1, 1));
    }
}

#[test]
fn victory_points_tally() {
    // Base rules "Victory Points": settlement 1, city 2, Longest Road 2, Largest Army 2,
    // VP card 1; only the VP cards are hidden.
    let mut pos = Pos::new(3);
    let a = pos.node(M10, Corner::N);
    let b = pos.node(M8, Corner::Se);
    pos.settle(0, a).city(0, b).holder(Some(0));
    pos.g.largest_army = 0;
    pos.dev(0, DevCard::VictoryPoint);
    assert_eq!(pos.g.points(P0), 1 + 2 + 2 + 2 + 1);
    assert_eq!(pos.g.public_points(P0), 7);
    assert_eq!(pos.g.scores(), vec![8, 0, 0]);
}

#[test]
fn player_count_and_target_are_validated() {
    // docs/rulings.md §23: 3-4 players, 2 as a house rule, 5-6 with the extension's
    // island (the 5–6 player extension); docs/rulings.md §20 (targets other than 10 for
    // scenarios).
    for players in [0, 1, 7, 200] {
        assert_eq!(
            Game::new(rules(players), 1).err(),
            Some(NewGameError::Rules(RulesError::Players { players }))
        );
    }
    for players in 2..=6 {
        assert!(Game::new(rules(players), 1).is_ok());
    }
    assert_eq!(
        Game::new(
            Rules {
                vp_target: 0,
                ..rules(4)
            },
            1
        )
        .err(),
        Some(NewGameError::Rules(RulesError::VpTarget { vp_target: 0 }))
    );
}

#[test]
fn stolen_and_bought_cards_are_seen_only_by_those_involved() {
    // Base rules "Rolling a 7": the robbed player holds his cards face down; "Development
    // Cards": keep them hidden. docs/rulings.md §11.
    let stole = Event::Stole {
        thief: P0,
        victim: P1,
        resource: Some(Resource::Ore),
    };
    assert_eq!(stole.redacted_for(Some(P0)), stole);
    assert_eq!(stole.redacted_for(Some(P1)), stole);
    for viewer in [Some(P2_), None] {
        assert_eq!(
            stole.redacted_for(viewer),
            Event::Stole {
                thief: P0,
                victim: P1,
                resource: None
            }
        );
    }
    let bought = Event::DevelopmentCardBought {
        player: P0,
        card: Some(DevCard::VictoryPoint),
    };
    assert_eq!(bought.redacted_for(Some(P0)), bought);
    assert_eq!(
        bought.redacted_for(Some(P1)),
        Event::DevelopmentCardBought {
            player: P0,
            card: None
        }
    );
}

#[test]
fn the_robber_does_not_affect_harbours() {
    // Clarifications: "The Robber has no effect on the functionality of ports"; docs/rulings.md §10.
    let mut pos = Pos::new(3);
    let n = pos.node(M10, Corner::N);
    pos.settle(0, n).robber(M10).give(0, res(3, 0, 0, 0, 0));
    ok(
        &mut pos.g,
        Action::MaritimeTrade {
            player: P0,
            give: Resource::Brick,
            get: Resource::Ore,
            rate: 3,
        },
    );
}

#[test]
fn a_harbour_needs_a_settlement_or_city_on_it() {
    // Base rules "Harbors": "In order to control a harbor, you must build a settlement on a
    // coastal intersection which borders the harbor"; a city keeps it.
    let mut pos = Pos::new(3);
    let n = pos.node(P2, Corner::N); // 2:1 grain
    let ne = pos.node(P2, Corner::Ne);
    let e = pos.edge(n, ne);
    pos.road(0, e).give(0, res(0, 0, 0, 4, 0));
    assert_eq!(
        pos.g.best_rate(P0, Resource::Grain),
        4,
        "a road is not enough"
    );
    rejects(
        &mut pos.g,
        Action::MaritimeTrade {
            player: P0,
            give: Resource::Grain,
            get: Resource::Ore,
            rate: 2,
        },
        RuleError::RateUnavailable {
            give: Resource::Grain,
            rate: 2,
        },
    );
    pos.city(0, n);
    assert_eq!(pos.g.best_rate(P0, Resource::Grain), 2);
    audit(&pos.g);
}

#[test]
fn roads_may_run_along_the_coast() {
    // Base rules "Coast": "You can build a road along a coast"; "Roads": "You can build roads
    // along the coast".
    let mut pos = Pos::new(3);
    let n = pos.node(M10, Corner::N);
    pos.settle(0, n).give(0, ROAD_COST);
    let coastal = pos.side(M10, Side::Nw);
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: coastal,
        },
    );
    assert_eq!(pos.g.road(coastal), Some(P0));
}

#[test]
fn year_of_plenty_cards_can_be_used_at_once() {
    // Base rules "Progress Cards": "You may use these cards to build in the same turn."
    let mut pos = Pos::new(3);
    let n = pos.node(DESERT, Corner::N);
    pos.settle(0, n).dev(0, DevCard::YearOfPlenty);
    ok(
        &mut pos.g,
        Action::PlayYearOfPlenty {
            player: P0,
            resources: ROAD_COST,
        },
    );
    let e = pos.g.board.node(n).edges().next().unwrap();
    ok(
        &mut pos.g,
        Action::BuildRoad {
            player: P0,
            edge: e,
        },
    );
}

#[test]
fn zip_vocabulary_is_accepted_as_input() {
    // docs/rulings.md §22: Zip!'s wheat, wood and Invention are input aliases.
    let a = Action::from_json(
        r#"{"type":"maritime_trade","player":0,"give":"wood","get":"wheat","rate":4}"#,
    )
    .unwrap();
    assert_eq!(
        a,
        Action::MaritimeTrade {
            player: P0,
            give: Resource::Lumber,
            get: Resource::Grain,
            rate: 4
        }
    );
    let b = Action::from_json(r#"{"type":"buy_development_card","player":1,"card":"invention"}"#)
        .unwrap();
    assert_eq!(
        b,
        Action::BuyDevelopmentCard {
            player: P1,
            card: Some(DevCard::YearOfPlenty)
        }
    );
}
