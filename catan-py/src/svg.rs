//! The pictures for notebooks (`_repr_svg_`): the core's SVG of the board and pieces.

use catan_rules::render::SvgOptions;
use catan_rules::{Board, Game};

/// The board alone: terrain, number tokens and harbours.
pub fn board_svg(board: &Board) -> String {
    catan_rules::render::board_svg(board)
}

/// The board with the game's roads, settlements, cities and robber.
pub fn game_svg(game: &Game) -> String {
    game.to_svg()
}

/// [`game_svg`] with id labels and the seat legend, in the game's vocabulary.
pub fn game_svg_with(
    game: &Game,
    node_ids: bool,
    edge_ids: bool,
    hex_ids: bool,
    legend: bool,
) -> String {
    game.to_svg_with(&SvgOptions {
        node_ids,
        edge_ids,
        hex_ids,
        vocabulary: game.rules().vocabulary,
        legend,
    })
}

/// [`board_svg`] with id labels.
pub fn board_svg_with(board: &Board, node_ids: bool, edge_ids: bool, hex_ids: bool) -> String {
    catan_rules::render::board_svg_with(
        board,
        &SvgOptions {
            node_ids,
            edge_ids,
            hex_ids,
            ..SvgOptions::default()
        },
    )
}
