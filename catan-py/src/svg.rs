//! The pictures for notebooks (`_repr_svg_`): the core's SVG of the board and pieces.

use catan_rules::{Board, Game};

/// The board alone: terrain, number tokens and harbours.
pub fn board_svg(board: &Board) -> String {
    catan_rules::render::board_svg(board)
}

/// The board with the game's roads, settlements, cities and robber.
pub fn game_svg(game: &Game) -> String {
    game.to_svg()
}
