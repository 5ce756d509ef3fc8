//! Per-seat views and redacted events: a seat sees its own cards, everyone's public state,
//! and nothing else (DESIGN "Hidden information"; docs/rulings.md §11).

use catan_rules::{
    Action, DevCard, Event, Game, MapKind, Phase, Player, Position, Resource, Rng, Rules,
};

fn random_action(game: &Game, rng: &mut Rng, buf: &mut Vec<Action>) -> Option<Action> {
    game.legal_actions(buf);
    if buf.is_empty() {
        return None;
    }
    Some(buf[rng.below(buf.len() as u32) as usize])
}

/// Snapshots of random games (every legal action may be chosen), every `every` steps.
fn snapshots(seeds: u64, every: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..seeds {
        // Four players, and five and six (the Special Build Phase's purchases included).
        let players = [4, 5, 6][seed as usize % 3];
        let rules = Rules {
            players,
            ..Rules::default()
        };
        let mut game = Game::new(rules, seed).unwrap();
        let mut rng = Rng::new(seed + 77);
        for step in 0..2_000 {
            if step % every == 0 {
                out.push(game.clone());
            }
            let Some(a) = random_action(&game, &mut rng, &mut buf) else {
                break;
            };
            game.apply(a).unwrap();
        }
        out.push(game);
    }
    out
}

/// The same position with the hidden cards of two seats changed but every count kept: one
/// resource card of `seat` swapped with a different one of `partner`, one of `seat`'s
/// development cards swapped with a different kind from the deck, and a different random
/// generator state (so a different future deck order and different steals).
fn disguise(pos: &Position, seat: usize, partner: usize) -> Option<Position> {
    let mut p = pos.clone();
    let (a, b) = (p.players[seat].hand, p.players[partner].hand);
    let (from, to) = Resource::ALL
        .into_iter()
        .flat_map(|x| Resource::ALL.into_iter().map(move |y| (x, y)))
        .find(|&(x, y)| x != y && a[x] > 0 && b[y] > 0)?;
    p.players[seat].hand[from] -= 1;
    p.players[seat].hand[to] += 1;
    p.players[partner].hand[to] -= 1;
    p.players[partner].hand[from] += 1;
    let held = p.players[seat].dev_cards;
    if let Some(c) = DevCard::ALL.into_iter().find(|&c| held[c] > 0) {
        if let Some(d) = DevCard::ALL.into_iter().find(|&d| d != c && p.deck[d] > 0) {
            p.players[seat].dev_cards[c] -= 1;
            p.players[seat].dev_cards[d] += 1;
            p.deck[c] += 1;
            p.deck[d] -= 1;
        }
    }
    p.rng = Rng::from_state(p.rng.state() ^ 0xdead_beef);
    Some(p)
}

#[test]
fn a_view_does_not_depend_on_other_seats_hidden_cards() {
    let mut compared = 0;
    for game in snapshots(6, 37) {
        if game.phase() == Phase::GameOver {
            continue;
        }
        let pos = game.to_position();
        let viewer = game.current_player();
        for seat in 0..4usize {
            let partner = (seat + 1) % 4;
            if seat == viewer.index() || partner == viewer.index() {
                continue;
            }
            let Some(other) = disguise(&pos, seat, partner) else {
                continue;
            };
            // An open offer may pin a hand to what was offered (then the swap is refused).
            let Ok(other) = Game::from_position(other) else {
                continue;
            };
            assert_ne!(other, game);
            assert_eq!(other.view(Some(viewer)), game.view(Some(viewer)));
            assert_eq!(other.view(None), game.view(None));
            assert_ne!(
                other.view(Some(Player(seat as u8))),
                game.view(Some(Player(seat as u8)))
            );
            compared += 1;
        }
    }
    assert!(compared > 50, "only {compared} comparisons");
}

#[test]
fn a_spectator_sees_no_hand_and_nobody_sees_the_deck_or_the_generator() {
    for game in snapshots(2, 101) {
        let spectator = game.view(None);
        assert!(spectator.own.is_none());
        let json = serde_json::to_string(&spectator).unwrap();
        for hidden in ["\"hand\"", "\"rng\"", "\"deck\"", "victory_point"] {
            assert!(!json.contains(hidden), "{hidden} in {json}");
        }
        let seat = game.view(Some(Player(1)));
        let json = serde_json::to_string(&seat).unwrap();
        assert!(!json.contains("\"rng\"") && !json.contains("\"deck\""));
        assert_eq!(seat.deck_size, game.deck().total());
    }
}

#[test]
fn a_seat_sees_its_own_cards_and_everyone_s_counts() {
    for game in snapshots(3, 53) {
        for p in 0..4u8 {
            let v = game.view(Some(Player(p)));
            let own = v.own.as_ref().unwrap();
            let (dev, new_dev) = game.development_cards(Player(p));
            assert_eq!(own.hand, game.hand(Player(p)));
            assert_eq!((own.dev_cards, own.new_dev_cards), (dev, new_dev));
            // docs/rulings.md §5: hidden victory point cards count for their owner.
            assert_eq!(own.points, game.points(Player(p)));
            assert_eq!(v.decision, game.decision());
            for (q, pp) in v.players.iter().enumerate() {
                let q = Player(q as u8);
                let (d, n) = game.development_cards(q);
                assert_eq!(pp.resource_cards, game.hand(q).total());
                assert_eq!(pp.dev_cards, d.total() + n.total());
                assert_eq!(pp.public_points, game.public_points(q));
                assert_eq!(pp.road_length, game.longest_road_of(q));
                assert_eq!(pp.knights, game.knights_played(q));
            }
        }
    }
}

#[test]
fn a_seat_out_of_the_game_sees_what_a_spectator_sees() {
    let game = Game::new(
        Rules {
            players: 3,
            map: MapKind::Beginner,
            ..Rules::default()
        },
        2,
    )
    .unwrap();
    let v = game.view(Some(Player(5)));
    assert!(v.own.is_none());
    assert_eq!(v.players, game.view(None).players);
}

#[test]
fn events_are_redacted_per_seat() {
    // docs/rulings.md §11: a stolen card is seen by thief and victim only; a bought card by its
    // buyer only.
    let mut buf = Vec::new();
    let (mut steals, mut buys) = (0, 0);
    for seed in 0..4u64 {
        let mut game = Game::new(Rules::default(), seed).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(a) = random_action(&game, &mut rng, &mut buf) {
            let events = game.apply(a).unwrap();
            for viewer in [None, Some(Player(0)), Some(Player(1)), Some(Player(3))] {
                let seen = Game::events_for(&events, viewer);
                assert_eq!(seen.len(), events.len());
                for (s, e) in seen.iter().zip(&events) {
                    match (*s, *e) {
                        (Event::Stole { resource, .. }, Event::Stole { thief, victim, .. }) => {
                            steals += 1;
                            let knows = viewer == Some(thief) || viewer == Some(victim);
                            assert_eq!(resource.is_some(), knows);
                        }
                        (
                            Event::DevelopmentCardBought { card, .. },
                            Event::DevelopmentCardBought { player, .. },
                        ) => {
                            buys += 1;
                            assert_eq!(card.is_some(), viewer == Some(player));
                        }
                        _ => assert_eq!(s, e),
                    }
                }
            }
            if game.turn() > 400 {
                break;
            }
        }
    }
    assert!(steals > 0 && buys > 0);
}

mod properties {
    use super::{disguise, random_action};
    use catan_rules::{Game, Player, Rng, Rules};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Views leak nothing: changing two other seats' hidden cards (same counts) and the
        /// generator's state leaves a seat's view and the spectator's view unchanged.
        #[test]
        fn views_leak_no_hidden_cards(seed in any::<u64>(), steps in 0usize..800) {
            let mut game = Game::new(Rules::default(), seed).unwrap();
            let mut rng = Rng::new(!seed);
            let mut buf = Vec::new();
            for _ in 0..steps {
                let Some(a) = random_action(&game, &mut rng, &mut buf) else { break };
                game.apply(a).unwrap();
            }
            let pos = game.to_position();
            for viewer in 0..4usize {
                let (seat, partner) = ((viewer + 1) % 4, (viewer + 2) % 4);
                let Some(other) = disguise(&pos, seat, partner) else { continue };
                let Ok(other) = Game::from_position(other) else { continue };
                let v = Some(Player(viewer as u8));
                prop_assert_eq!(other.view(v), game.view(v));
                prop_assert_eq!(other.view(None), game.view(None));
            }
        }
    }
}
