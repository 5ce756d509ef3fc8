//! The search bot allocates nothing per iteration, flat or in a tree: once its buffers have
//! grown (the candidates, the tree's arena, the action lists), a whole decision —
//! determinizing, descending the tree, expanding, playing out, backing up — never touches
//! the heap. A counting global allocator proves it (as in `no_alloc.rs`).

use catan_rules::bots::{Bot, Method, Perspective, SearchBot, SearchConfig, WeightedBot};
use catan_rules::{Game, Rules};
#[path = "common/counting.rs"]
mod counting;
use counting::allocations;

#[test]
fn search_decisions_allocate_nothing_once_warm() {
    // Positions along a game between weighted bots (made before counting).
    let mut game = Game::new(Rules::default(), 12).unwrap();
    let mut players: Vec<WeightedBot> = (0..4).map(WeightedBot::new).collect();
    let mut positions = Vec::new();
    let mut legal = Vec::new();
    for step in 0..600 {
        if game.winner().is_some() || positions.len() == 12 {
            break;
        }
        let seat = game.to_act().iter().next().unwrap();
        // Only real choices: a seat with one legal action is not searched.
        Perspective::new(&game, seat).legal_actions(&mut legal);
        if step % 7 == 6 && legal.len() > 1 {
            positions.push((game.clone(), seat));
        }
        let a = players[seat.index()]
            .choose(&Perspective::new(&game, seat))
            .unwrap();
        game.apply(a).unwrap();
    }
    assert_eq!(positions.len(), 12);
    for method in [Method::Flat, Method::Tree] {
        let config = SearchConfig {
            playouts: 16,
            depth: 12,
            method,
            ..SearchConfig::default()
        };
        let mut bot = SearchBot::with_config(3, config);
        // Warm-up: the buffers grow to what these positions need.
        for _ in 0..2 {
            for (g, seat) in &positions {
                bot.choose(&Perspective::new(g, *seat));
            }
        }
        let probe = allocations();
        drop(std::hint::black_box(Vec::<u8>::with_capacity(10)));
        assert_eq!(allocations(), probe + 1, "the counter sees this thread");
        let before = allocations();
        let mut searched = 0;
        for (g, seat) in &positions {
            bot.choose(&Perspective::new(g, *seat));
            searched += usize::from(bot.compared() > 1);
        }
        assert_eq!(allocations(), before, "a warm {method:?} search allocated");
        assert!(
            searched >= 5,
            "{method:?}: only {searched} positions were searched"
        );
    }
}
