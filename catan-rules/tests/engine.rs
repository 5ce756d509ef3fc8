//! The [`Engine`] interface (docs/architecture.md, 'The one interface the skins use'),
//! checked through the trait alone, so that the same harness ([`exercise`], generic over
//! `E: Engine`) runs both games: the base game and the Catan Card Game (1996).

use catan_rules::cards::{CardAction, CardEngineError, CardError, CardGame};
use catan_rules::engine::{json, Engine, EngineError};
use catan_rules::{Action, Game, Player, RuleError};

/// A small deterministic chooser (no dependence on the engine's own generator).
struct Pick(u64);

impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Plays up to `steps` actions through the trait, checking at every step that:
/// * the legal list is non-empty exactly while there is no winner, and somebody acts then
///   unless chance from outside decides (the Card Game's starting player);
/// * the ids of the legal actions come in the same order as the actions, so applying the
///   id of the chosen action gives the same game as applying the action;
/// * every action's JSON parses back to itself;
/// * every action changes the game, and (with `reports`) reports what it did in events;
/// * every so often the position JSON loads back into a game that writes the same JSON;
/// * a view serialises for every seat and for a spectator;
/// * every so often the JSON layer and the seat-scoped calls agree with the trait (see
///   [`json_and_seats_agree`]).
///
/// Returns the game at the end.
fn exercise<E: Engine>(
    mut game: E,
    steps: usize,
    seed: u64,
    reports: bool,
    skip: impl Fn(&E::Action) -> bool,
) -> E {
    let space = game.action_space();
    let len = E::space_len(&space);
    let mut legal = Vec::new();
    let mut ids = Vec::new();
    let mut events = Vec::new();
    let mut pick = Pick(seed);
    for step in 0..steps {
        let over = game.winner().is_some();
        if over || !game.external_chance() {
            assert_eq!(game.to_act().is_empty(), over, "step {step}");
        }
        game.legal_actions(&mut legal);
        assert_eq!(legal.is_empty(), over, "step {step}");
        if over {
            break;
        }
        let missing = game.legal_ids(&space, &mut ids);
        assert!(ids.iter().all(|&id| (id as usize) < len));
        let choices: Vec<usize> = (0..legal.len()).filter(|&i| !skip(&legal[i])).collect();
        let k = if choices.is_empty() {
            pick.next(legal.len())
        } else {
            choices[pick.next(choices.len())]
        };
        let action = legal[k];
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(E::parse_action(&json).unwrap(), action);
        if missing == 0 {
            assert_eq!(ids.len(), legal.len(), "step {step}");
            let mut by_id = game.clone();
            let mut id_events = Vec::new();
            by_id.apply_id(&space, ids[k], &mut id_events).unwrap();
            let mut by_action = game.clone();
            events.clear();
            by_action.apply(action, &mut events).unwrap();
            assert_eq!(
                by_id.position_json(),
                by_action.position_json(),
                "step {step}"
            );
            assert_eq!(
                serde_json::to_string(&id_events).unwrap(),
                serde_json::to_string(&events).unwrap()
            );
        }
        if step % 13 == 0 {
            json_and_seats_agree(&game, &legal, action);
        }
        events.clear();
        let before = game.position_json();
        game.apply(action, &mut events).unwrap();
        assert_ne!(game.position_json(), before, "{action:?} changed nothing");
        assert!(
            !reports || !events.is_empty(),
            "every action reports what it did: {action:?}"
        );
        if step % 97 == 0 {
            let json = game.position_json();
            let back = E::from_position_json(&json).unwrap();
            assert_eq!(back.position_json(), json);
            for seat in 0..game.players() {
                serde_json::to_string(&game.view(Some(Player(seat)))).unwrap();
            }
            serde_json::to_string(&game.view(None)).unwrap();
        }
    }
    game
}

/// The JSON layer (`engine::json`, the body of both games' C entry points) and the
/// seat-scoped calls, against the trait's own methods, in one position with legal actions
/// `legal` and `action` among them:
/// * the legal list as JSON is the list; applying `action` as JSON, quietly, or as the seat
///   whose own list holds it, gives the same game (and as JSON the same events);
/// * every seat's own list holds only actions that seat may send: `check_as` accepts
///   them for it and refuses them for every other seat, and (with seeded chance) they
///   are in the referee's list;
/// * per-seat events through JSON are the trait's `events_for`, for every seat and a
///   spectator;
/// * malformed JSON is refused with nothing changed.
fn json_and_seats_agree<E: Engine>(game: &E, legal: &[E::Action], action: E::Action) {
    assert_eq!(
        json::legal_actions(game),
        serde_json::to_string(legal).unwrap()
    );
    let text = serde_json::to_string(&action).unwrap();
    let mut by_value = game.clone();
    let mut events = Vec::new();
    by_value.apply(action, &mut events).unwrap();
    let mut by_json = game.clone();
    let mut json_events = Vec::new();
    json::apply(&mut by_json, &text, &mut json_events).unwrap();
    assert_eq!(by_json.position_json(), by_value.position_json());
    assert_eq!(json::events::<E>(&json_events), json::events::<E>(&events));
    let mut quiet = game.clone();
    quiet.apply_quiet(action).unwrap();
    assert_eq!(quiet.position_json(), by_value.position_json());
    json::check(game, &text).unwrap();

    let mut sent_by = None;
    for s in 0..game.players() {
        let seat = Player(s);
        let mine: Vec<E::Action> = serde_json::from_str(&json::legal_actions_for(game, seat))
            .expect("a seat's list is JSON actions");
        for a in &mine {
            let a_text = serde_json::to_string(a).unwrap();
            json::check_as(game, seat, &a_text).unwrap();
            for other in (0..game.players()).filter(|&o| o != s) {
                assert!(
                    game.check_as(Player(other), a).is_err(),
                    "seat {other} may not send seat {s}'s {a:?}"
                );
            }
            if !game.external_chance() {
                assert!(legal.contains(a), "{a:?} of seat {s} is legal");
            }
        }
        if mine.contains(&action) {
            sent_by = Some(seat);
        }
    }
    if let Some(seat) = sent_by {
        let mut as_seat = game.clone();
        let mut seat_events = Vec::new();
        json::apply_as(&mut as_seat, seat, &text, &mut seat_events).unwrap();
        assert_eq!(as_seat.position_json(), by_value.position_json());
    }

    let all = json::events::<E>(&events);
    for viewer in (0..game.players()).map(|p| Some(Player(p))).chain([None]) {
        assert_eq!(
            json::events_for::<E>(&all, viewer).unwrap(),
            serde_json::to_string(&E::events_for(&events, viewer)).unwrap()
        );
    }
    let mut bad = game.clone();
    let before = bad.position_json();
    assert!(json::apply(&mut bad, "{\"type\": 7}", &mut Vec::new()).is_err());
    assert!(json::check_as(&bad, Player(0), "[").is_err());
    assert!(json::events_for::<E>("{", None).is_err());
    assert_eq!(bad.position_json(), before);
}

/// A whole seeded game through the trait, to its winner; the returns name the winner
/// (docs/architecture.md, 'The one interface the skins use': 1 for the winner, 0 else).
#[test]
fn base_game_plays_to_the_end_through_the_trait() {
    let game = <Game as Engine>::from_rules_json(r#"{"players": 4}"#, 11).unwrap();
    assert_eq!(<Game as Engine>::NAME, "catan");
    assert_eq!(Engine::players(&game), 4);
    assert!(!game.external_chance());
    let done = exercise(game, 50_000, 3, true, |a: &Action| a.is_trade_offer());
    let winner = done
        .winner()
        .expect("a seeded random game ends well within the step cap");
    let returns = done.returns();
    assert_eq!(returns.len(), 4);
    for (p, r) in returns.iter().enumerate() {
        assert_eq!(*r, if p == winner.index() { 1.0 } else { 0.0 });
    }
}

/// With external chance every roll carries its dice and the legal list offers all 36
/// (Catan base rules, 5th ed., 'Resource Production': two dice decide production).
#[test]
fn external_chance_puts_outcomes_in_the_actions() {
    let rules = r#"{"players": 3, "map": "beginner", "chance": "external"}"#;
    let game = <Game as Engine>::from_rules_json(rules, 5).unwrap();
    assert!(game.external_chance());
    let mut legal = Vec::new();
    Engine::legal_actions(&game, &mut legal);
    let rolls: Vec<_> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Roll { dice, .. } => Some(dice.expect("external dice are given")),
            _ => None,
        })
        .collect();
    assert_eq!(rolls.len(), 36);
    // A seeded roll (no dice) is refused, and refusing changes nothing.
    let mut g = game.clone();
    let before = g.position_json();
    let mut events = Vec::new();
    let seeded_roll = Action::Roll {
        player: Player(0),
        dice: None,
    };
    let err = Engine::apply(&mut g, seeded_roll, &mut events).unwrap_err();
    assert_eq!(err, EngineError::Rule(RuleError::OutcomeRequired));
    assert_eq!(g.position_json(), before);
    assert!(events.is_empty());
    exercise(game, 3_000, 9, true, |a: &Action| a.is_trade_offer());
}

/// Bad input through the trait is a typed error and changes nothing (the common
/// standard: no partial update).
#[test]
fn bad_input_is_refused_without_change() {
    assert!(matches!(
        <Game as Engine>::from_rules_json("{", 1),
        Err(EngineError::Parse(_))
    ));
    assert!(matches!(
        <Game as Engine>::from_rules_json(r#"{"players": 9}"#, 1),
        Err(EngineError::NewGame(_))
    ));
    assert!(matches!(
        <Game as Engine>::parse_action(r#"{"type": "fly"}"#),
        Err(EngineError::Parse(_))
    ));
    assert!(matches!(
        <Game as Engine>::from_position_json(r#"{"format": "catan-position"}"#),
        Err(EngineError::Load(_))
    ));
    let mut game = <Game as Engine>::from_rules_json("{}", 2).unwrap();
    let space = game.action_space();
    let before = game.position_json();
    let mut events = Vec::new();
    // Seat 1 may not act during seat 0's set-up placement.
    let wrong_seat =
        <Game as Engine>::parse_action(r#"{"type": "end_turn", "player": 1}"#).unwrap();
    assert_eq!(
        Engine::apply(&mut game, wrong_seat, &mut events),
        Err(EngineError::Rule(RuleError::NotYourTurn {
            player: Player(1)
        }))
    );
    let too_big = <Game as Engine>::space_len(&space) as u32;
    assert_eq!(
        Engine::apply_id(&mut game, &space, too_big, &mut events),
        Err(EngineError::UnknownId { id: too_big })
    );
    assert_eq!(game.position_json(), before);
    assert!(events.is_empty());
    assert_eq!(game.returns(), vec![0.0; 4]);
}

/// The same harness drives the Card Game: a seeded game to its winner through the trait
/// alone (Card Game rules, 'End of the Game': the first to 12 victory points wins). Some
/// of its steps report no event of their own (drawing the landscapes for a settlement, a
/// step of an external shuffle, letting an attack go uncountered): their effect shows in
/// the views and the events that follow.
#[test]
fn card_game_plays_to_the_end_through_the_trait() {
    let game = <CardGame as Engine>::from_rules_json("{}", 11).unwrap();
    assert_eq!(<CardGame as Engine>::NAME, "catan-cards");
    assert_eq!(Engine::players(&game), 2);
    assert!(!game.external_chance());
    let done = exercise(game, 50_000, 3, false, |a: &CardAction| a.is_offer());
    let winner = done
        .winner()
        .expect("a seeded random card game ends well within the step cap");
    assert!(done.points(winner) >= 12);
    let returns = done.returns();
    for (p, r) in returns.iter().enumerate() {
        assert_eq!(*r, if p == winner.index() { 1.0 } else { 0.0 });
    }
}

/// With external chance the card game's rolls carry both dice and the legal list offers
/// all 36 (Card Game rules, 'Rolling the Dice': an event die and a production die).
#[test]
fn card_game_external_chance_puts_outcomes_in_the_actions() {
    let game = <CardGame as Engine>::from_rules_json(r#"{"chance": "external"}"#, 5).unwrap();
    assert!(game.external_chance());
    let mut g = exercise(game, 1, 1, false, |a: &CardAction| a.is_offer());
    // Play up to the first roll.
    let mut legal = Vec::new();
    let mut events = Vec::new();
    loop {
        Engine::legal_actions(&g, &mut legal);
        if legal
            .iter()
            .any(|a| matches!(a, CardAction::RollOutcome { .. }))
        {
            break;
        }
        let a = *legal.iter().find(|a| !a.is_offer()).unwrap();
        Engine::apply(&mut g, a, &mut events).unwrap();
    }
    let outcomes = legal
        .iter()
        .filter(|a| matches!(a, CardAction::RollOutcome { .. }))
        .count();
    assert_eq!(outcomes, 36);
    let before = g.position_json();
    events.clear();
    let seeded_roll = CardAction::Roll {
        player: g.current_player(),
    };
    let err = Engine::apply(&mut g, seeded_roll, &mut events).unwrap_err();
    assert_eq!(
        err,
        CardEngineError::Rule(CardError::WrongChanceMode { mode: "external" })
    );
    assert_eq!(g.position_json(), before);
    assert!(events.is_empty());
    exercise(g, 3_000, 9, false, |a: &CardAction| a.is_offer());
}

/// Bad input to the card game through the trait is a typed error and changes nothing.
#[test]
fn card_game_bad_input_is_refused_without_change() {
    assert!(matches!(
        <CardGame as Engine>::from_rules_json("{", 1),
        Err(CardEngineError::Parse { .. })
    ));
    assert!(matches!(
        <CardGame as Engine>::from_rules_json(r#"{"players": 3}"#, 1),
        Err(CardEngineError::Parse { .. })
    ));
    assert!(matches!(
        <CardGame as Engine>::parse_action(r#"{"type": "fly"}"#),
        Err(CardEngineError::Parse { .. })
    ));
    assert!(matches!(
        <CardGame as Engine>::from_position_json(r#"{"format": "catan-cards-position"}"#),
        Err(CardEngineError::Load(_))
    ));
    let mut game = <CardGame as Engine>::from_rules_json("{}", 2).unwrap();
    let space = game.action_space();
    let before = game.position_json();
    let mut events = Vec::new();
    let idle = Player(1 - game.current_player().0);
    assert_eq!(
        Engine::apply(&mut game, CardAction::EndTurn { player: idle }, &mut events),
        Err(CardEngineError::Rule(CardError::NotYourTurn {
            player: idle
        }))
    );
    let too_big = <CardGame as Engine>::space_len(&space) as u32;
    assert_eq!(
        Engine::apply_id(&mut game, &space, too_big, &mut events),
        Err(CardEngineError::UnknownId { id: too_big })
    );
    assert_eq!(game.position_json(), before);
    assert!(events.is_empty());
    assert_eq!(game.returns(), vec![0.0; 2]);
}
