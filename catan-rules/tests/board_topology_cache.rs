//! Boards of one shape share a cached topology (nodes, edges, adjacency). A board built
//! while the cache holds another shape, or the same shape with other terrain, must equal
//! the same board built on a fresh thread (with an empty cache).

use catan_rules::board::{Board, BoardSpec};
use catan_rules::{layouts, Rng};

fn specs() -> Vec<BoardSpec> {
    let mut rng = Rng::new(4);
    let small: BoardSpec = serde_json::from_str(
        r#"{"hexes": [{"q": 0, "r": 0, "terrain": "forest", "number": 8},
                      {"q": 1, "r": 0, "terrain": "desert"}],
            "harbors": [{"q": 0, "r": 0, "side": "w", "kind": "3:1"}]}"#,
    )
    .unwrap();
    let mut sea_swap = layouts::beginner();
    // Same coordinates, one land hex turned to sea: a different shape.
    let i = sea_swap
        .hexes
        .iter()
        .position(|h| h.terrain == catan_rules::Terrain::Desert)
        .unwrap();
    sea_swap.hexes[i].terrain = catan_rules::Terrain::Sea;
    vec![
        layouts::beginner(),
        layouts::random(&mut rng),
        small,
        layouts::variable(&mut rng),
        sea_swap,
        layouts::random(&mut rng),
        layouts::beginner(),
    ]
}

fn fresh(spec: &BoardSpec) -> Result<Board, String> {
    let spec = spec.clone();
    std::thread::spawn(move || Board::new(spec).map_err(|e| e.to_string()))
        .join()
        .unwrap()
}

#[test]
fn cached_topology_gives_the_same_boards() {
    for spec in specs() {
        let here = Board::new(spec.clone()).map_err(|e| e.to_string());
        assert_eq!(here, fresh(&spec));
    }
}
