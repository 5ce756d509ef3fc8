//! A Fog Islands position with unexplored spaces discovered (Seafarers rules, 'The Fog
//! Islands': each takes the top hex of the face-down stack, and a producing hex the top
//! number).

use catan_rules::{Position, Terrain};

/// `start` after discovering its first `n` unexplored spaces from the top of the stacks.
pub fn discovered(start: &Position, n: usize) -> Position {
    let mut pos = start.clone();
    let f = pos.fog.as_mut().expect("a position with unexplored spaces");
    for h in f.unexplored.drain(..n) {
        let t = f.hexes.remove(0);
        let hex = &mut pos.board.hexes[h.index()];
        assert_eq!(hex.terrain, Terrain::Sea, "unexplored spaces are sea");
        hex.terrain = t;
        hex.number = (t.resource().is_some() || t == Terrain::Gold).then(|| f.numbers.remove(0));
    }
    pos
}
