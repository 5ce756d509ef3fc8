//! The simulation hot path allocates nothing: once a game exists and the buffers have
//! grown, enumerating legal actions into a reused `Vec` (with or without a listing memo),
//! building a legal-action mask, copying the game (`clone` on a base map; `clone_from`
//! into a scratch game on every map: an open-sea game's `clone` allocates its boxed sea
//! state once) and applying an action (with events dropped, or by id) never touch the
//! heap. A counting global allocator proves it.
//!
//! The state is also small and fixed-size; its size is pinned here (see
//! `docs/performance.md`).

use catan_rules::action_space::ActionSpace;
use catan_rules::game::ListingMemo;
use catan_rules::{Action, Game, Rng, Rules, Scenario};
#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

#[test]
fn stepping_games_allocates_nothing() {
    steps_without_allocating(Rules::default(), 20);
}

/// The same with five and six players: the extension's island, the Special Build Phase.
#[test]
fn stepping_five_and_six_player_games_allocates_nothing() {
    for players in [5, 6] {
        steps_without_allocating(
            Rules {
                players,
                ..Rules::default()
            },
            8,
        );
    }
}

/// The same on a Seafarers scenario (Heading for New Shores, its printed 4-player map):
/// ships built and moved, the pirate, gold fields, special points for new islands.
#[test]
fn stepping_new_shores_games_allocates_nothing() {
    steps_without_allocating(Rules::scenario(Scenario::NewShores), 8);
}

fn steps_without_allocating(rules: Rules, count: u64) {
    // Made before counting: a game allocates its board once, when it is created, and an
    // open-sea game its sea state (as does each scratch copy, once).
    let mut games: Vec<Game> = (0..count).map(|s| Game::new(rules, s).unwrap()).collect();
    let mut scratch = games[0].clone();
    let space = ActionSpace::new(games[0].board(), rules.players);
    let mut mask = vec![0u64; space.words()];
    let mut legal: Vec<Action> = Vec::with_capacity(1 << 16);
    let mut policy = Rng::new(9);
    let mut memo = ListingMemo::new();

    // The counter sees allocations on this thread.
    let probe = allocations();
    drop(std::hint::black_box(Vec::<u8>::with_capacity(10)));
    assert_eq!(allocations(), probe + 1);

    let before = allocations();
    let mut steps = 0u64;
    for (i, game) in games.iter_mut().enumerate() {
        while game.winner().is_none() {
            if i % 3 == 1 {
                // With the caller's listing memo, kept across the games.
                game.legal_actions_with(&mut memo, &mut legal);
            } else {
                game.legal_actions(&mut legal);
            }
            legal.retain(|a| !a.is_trade_offer());
            let a = legal[policy.below(legal.len() as u32) as usize];
            if game.board().open_sea() {
                scratch.clone_from(game);
            } else {
                scratch = game.clone();
            }
            if i % 2 == 0 {
                game.apply_with(a, &mut ()).unwrap();
            } else {
                // The same step through the integer action space.
                game.legal_mask(&space, &mut mask);
                match space.encode(&a) {
                    Some(id) => game.apply_id(&space, id, &mut ()).unwrap(),
                    None => game.apply_with(a, &mut ()).unwrap(),
                }
            }
            assert_ne!(scratch.turn(), Game::MAX_TURN);
            steps += 1;
        }
    }
    let after = allocations();
    assert!(steps > 250 * count, "only {steps} steps");
    assert_eq!(after - before, 0, "allocations in {steps} steps");
}

/// The whole state is one fixed-size value (plus a shared, reference-counted board), so a
/// clone is a memory copy. The bound leaves room for the 5–6 player extension's boards:
/// node and edge ownership are nibble arrays sized for the largest board (256 nodes, 384
/// edges). Seafarers' ships built this turn (which may not move) and each seat's ships and
/// their ends live in a box that only open-sea games carry (8 bytes here, one allocation per
/// `clone` of an open-sea game, none for `clone_from` into one); the pirate's hex and the gold picks owed by each seat 7 (in padding); the scenarios'
/// settled areas and special points 18, the Fog Islands' discoveries and face-down stacks 44
/// (up to 32 unexplored spaces: the 6-player map has 25), the scenario rules 3.
#[test]
fn game_state_size_is_pinned() {
    let size = std::mem::size_of::<Game>();
    assert!(size <= 704, "Game is {size} bytes");
    assert_eq!(
        size, 680,
        "update docs/performance.md when the state size changes"
    );
    assert!(std::mem::size_of::<Action>() <= 16);
}

/// `clone_from` into a game on the same board copies the state without allocating or
/// touching the board's reference count, and the copy equals the source (which also keeps
/// every field of the state listed there). Onto another board it takes the source's board.
#[test]
fn clone_from_copies_the_whole_state_without_touching_the_board() {
    let rules = Rules::default();
    let mut game = Game::new(rules, 3).unwrap();
    let mut legal = Vec::with_capacity(1 << 12);
    let mut policy = Rng::new(4);
    let mut scratch = game.clone();
    let other = Game::new(rules, 4).unwrap();
    let board_refs = std::sync::Arc::strong_count(game.board());
    let mut steps = 0;
    while game.winner().is_none() {
        game.legal_actions_without_offers(&mut legal);
        let a = legal[policy.below(legal.len() as u32) as usize];
        game.apply_with(a, &mut ()).unwrap();
        let before = allocations();
        scratch.clone_from(&game);
        assert_eq!(allocations(), before, "clone_from allocated");
        assert_eq!(scratch, game);
        assert_eq!(std::sync::Arc::strong_count(game.board()), board_refs);
        steps += 1;
    }
    assert!(steps > 100);
    scratch.clone_from(&other);
    assert_eq!(scratch, other);
    assert!(std::sync::Arc::ptr_eq(scratch.board(), other.board()));
    assert_eq!(std::sync::Arc::strong_count(game.board()), board_refs - 1);
}

/// The seat-scoped queries a server makes for every seat after every action —
/// `legal_actions_for`, `legal_mask_for`, `check_as` and `apply_as_with` — allocate nothing
/// once the buffers have grown.
#[test]
fn seat_scoped_calls_allocate_nothing() {
    let rules = Rules::default();
    let start = Game::new(rules, 5).unwrap();
    let space = ActionSpace::new(start.board(), rules.players);
    let mut mask = vec![0u64; space.words()];
    let mut legal: Vec<Action> = Vec::with_capacity(1 << 16);
    let mut mine: Vec<Action> = Vec::with_capacity(1 << 16);
    let mut policy = Rng::new(3);
    let mut game = start.clone();
    let before = allocations();
    let mut steps = 0u64;
    while game.winner().is_none() {
        for s in 0..rules.players {
            let seat = catan_rules::Player(s);
            game.legal_actions_for(seat, &mut mine);
            game.legal_mask_for(seat, &space, &mut mask);
            for a in &mine {
                assert_eq!(game.check_as(seat, a), Ok(()));
            }
        }
        game.legal_actions(&mut legal);
        legal.retain(|a| !a.is_trade_offer());
        let a = legal[policy.below(legal.len() as u32) as usize];
        game.apply_as_with(a.player(), a, &mut ()).unwrap();
        steps += 1;
    }
    assert!(steps > 300, "only {steps} steps");
    assert_eq!(allocations() - before, 0, "allocations in {steps} steps");
}

/// The Card Game's hot path allocates nothing either once its games exist: enumerating into
/// a reused `Vec`, a legal-action mask, applying (events dropped, or by id through the
/// mask's numbering) and `clone_from` into a reused game.
#[test]
fn stepping_card_games_allocates_nothing() {
    use catan_rules::cards::{action_id, CardAction, CardGame, CardRules, ACTION_SPACE};
    let games: Vec<CardGame> = (0..6)
        .map(|s| CardGame::new(CardRules::default(), s))
        .collect();
    let mut scratch = games[0].clone();
    let mut legal: Vec<CardAction> = Vec::with_capacity(1 << 12);
    let mut mask = vec![false; ACTION_SPACE as usize];
    let mut policy = Rng::new(11);
    let before = allocations();
    let mut steps = 0u64;
    for (i, start) in games.iter().enumerate() {
        scratch.clone_from(start);
        while scratch.winner().is_none() {
            scratch.legal_actions(&mut legal);
            legal.retain(|a| !a.is_offer());
            let a = legal[policy.below(legal.len() as u32) as usize];
            if i % 2 == 1 {
                scratch.legal_mask(&mut mask);
                assert!(action_id(&a).is_some_and(|id| mask[id as usize]));
            }
            scratch.apply_with(a, &mut ()).unwrap();
            steps += 1;
        }
    }
    let after = allocations();
    assert!(steps > 1_000 * games.len() as u64, "only {steps} steps");
    assert_eq!(after - before, 0, "allocations in {steps} Card Game steps");
}
