//! Building the game a checked [`Position`] describes: placing the pieces, cards, robber,
//! pirate, turn and unexplored spaces on a blank game, deriving the cached values, and the
//! checks that need the placed pieces (the distance rule, connection, land and sea, awards,
//! the end). Every problem is reported at once, in a stable order.

use super::validate::is_setup;
use super::{Position, PositionError, TradeAnswer, TradeOffer};
use crate::board::{EdgeId, HexId, NodeId};
use crate::game::fog;
use crate::game::{
    answer, Game, Offer, Phase, CITY, F_BUILT, F_DEV_PLAYED, F_ROLLED, F_SHIP_MOVED, NONE, SHIP,
};
use crate::rules::ChanceMode;
use crate::types::{Piece, Player, Resources, Terrain, MAX_PLAYERS};

/// Puts the pieces and cards on a blank game, reporting ids off the board and doubles.
pub(super) fn place(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    place_seats(pos, g, errs);
    place_robber(pos, g, errs);
    place_pirate(pos, g, errs);
    place_turn(pos, g, errs);
    g.offer = pos.trade.as_ref().map(|t| offer_of(pos, t));
    derive_cached(pos, g, errs);
}

/// Each seat's pieces, cards and discard owed.
fn place_seats(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    let nodes = g.board.nodes().len();
    let edges = g.board.edges().len();
    for (i, pp) in pos.players.iter().enumerate() {
        let player = Player(i as u8);
        let tag = i as u8 + 1;
        for (list, bits) in [(&pp.roads, tag), (&pp.ships, tag | SHIP)] {
            for &edge in list {
                if edge.index() >= edges {
                    errs.push(PositionError::NoSuchEdge { player, edge });
                } else if g.edges.get(edge.index()) != 0 {
                    errs.push(PositionError::EdgeOccupied { edge });
                } else {
                    g.edges.set(edge.index(), bits);
                }
            }
        }
        for (list, bits) in [(&pp.settlements, tag), (&pp.cities, tag | CITY)] {
            for &node in list {
                if node.index() >= nodes {
                    errs.push(PositionError::NoSuchNode { player, node });
                } else if g.nodes.get(node.index()) != 0 {
                    errs.push(PositionError::NodeOccupied { node });
                } else {
                    g.nodes.set(node.index(), bits);
                }
            }
        }
        let s = &mut g.seats[i];
        s.hand = pp.hand;
        s.dev = pp.dev_cards;
        s.new_dev = pp.new_dev_cards;
        s.knights = pp.knights;
        s.roads = pp.roads.len().min(255) as u8;
        s.ships = pp.ships.len().min(255) as u8;
        s.settlements = pp.settlements.len().min(255) as u8;
        s.cities = pp.cities.len().min(255) as u8;
        g.special_vp[i] = pp.special_victory_points;
        g.settled[i] = pp
            .settled_areas
            .iter()
            .filter(|&&a| a < 16)
            .fold(0, |m, &a| m | 1 << a);
        g.discard[i] = pp.discard_owed;
        g.gold[i] = pp.gold_owed;
    }
}

/// The robber, on a land hex (or off the board where the board has no robber).
fn place_robber(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    match pos.robber {
        Some(hex) => {
            if hex.index() >= g.board.hexes().len() || !g.board.hex(hex).terrain.is_land() {
                errs.push(PositionError::NoSuchHex {
                    field: "robber",
                    hex,
                });
            }
            g.robber = hex.0;
        }
        None => {
            // A desert discovered in The Fog Islands is not where the robber started.
            let start = g.board.robber_start();
            if start.is_some_and(|h| !g.board.fog_hexes().contains(&h)) {
                errs.push(PositionError::RobberMissing);
            }
            g.robber = NONE;
        }
    }
}

/// The pirate, on a sea hex of an open-sea map, or off the board (Seafarers).
fn place_pirate(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    g.pirate = match pos.pirate {
        Some(hex) => {
            if !g.board.open_sea()
                || hex.index() >= g.board.hexes().len()
                || g.board.hex(hex).terrain != crate::types::Terrain::Sea
            {
                errs.push(PositionError::NoSuchHex {
                    field: "pirate",
                    hex,
                });
            }
            hex.0
        }
        None => {
            if g.board.pirate_start().is_some() {
                errs.push(PositionError::PirateMissing);
            }
            NONE
        }
    };
}

/// The turn state: phase, player, turn flags, set-up progress, awards, bank and deck.
fn place_turn(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    let nodes = g.board.nodes().len();
    if let Some(node) = pos.setup_node {
        let mine =
            node.index() < nodes && g.nodes.get(node.index()) as u16 == pos.current.0 as u16 + 1;
        if pos.phase == Phase::SetupRoad && !mine {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "setup_node is not a settlement of the current player",
            });
        }
        g.setup_node = node.0;
    }
    g.phase = pos.phase;
    g.current = pos.current.0;
    g.turn = pos.turn;
    for (set, bit) in [
        (pos.dice.is_some(), F_ROLLED),
        (pos.dev_card_played, F_DEV_PLAYED),
        (pos.built_this_turn, F_BUILT),
    ] {
        if set {
            g.flags |= bit;
        }
    }
    if pos.ship_moved {
        if is_setup(pos.phase) {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "no ship is moved in the set-up phase",
            });
        }
        g.flags |= F_SHIP_MOVED;
    }
    let edges = g.board.edges().len();
    for &edge in &pos.ships_built_this_turn {
        // In set-up every player's set-up ship is new, and in the Special Build Phase the
        // ships of the turn's player and of every builder so far; otherwise only the
        // current player's.
        let v = if edge.index() < edges {
            g.edges.get(edge.index())
        } else {
            0
        };
        let whose_ok =
            is_setup(pos.phase) || pos.phase == Phase::SpecialBuild || v & 7 == pos.current.0 + 1;
        if v & SHIP == 0 || !whose_ok {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "ships_built_this_turn names an edge without a ship built this turn",
            });
        } else {
            g.note_fresh_ship(edge);
        }
    }
    g.dice = pos.dice.unwrap_or([0, 0]);
    g.setup_step = pos.setup_step;
    g.road_building_left = pos.road_building_left;
    g.special_after = pos.special_build_after.map_or(NONE, |p| p.0);
    g.winner = pos.winner.map_or(NONE, |p| p.0);
    g.longest_road = pos.longest_road.map_or(NONE, |p| p.0);
    g.largest_army = pos.largest_army.map_or(NONE, |p| p.0);
    g.bank = pos.bank;
    g.deck = pos.deck;
}

/// The open offer as the game holds it.
fn offer_of(pos: &Position, t: &TradeOffer) -> Offer {
    let mut o = Offer {
        from: pos.current.0,
        to: t.to.map(|p| p.0),
        give: t.give,
        get: t.get,
        answers: [answer::NOT_ASKED; MAX_PLAYERS],
        counters: [(Resources::EMPTY, Resources::EMPTY); MAX_PLAYERS],
    };
    for a in &t.answers {
        let q = a.player().index().min(MAX_PLAYERS - 1);
        o.answers[q] = match *a {
            TradeAnswer::Pending { .. } => answer::PENDING,
            TradeAnswer::Accepted { .. } => answer::ACCEPTED,
            TradeAnswer::Rejected { .. } => answer::REJECTED,
            TradeAnswer::Countered { give, get, .. } => {
                o.counters[q] = (give, get);
                answer::COUNTERED
            }
        };
    }
    o
}

/// What the game caches: harbours reached (and those gained this turn), road lengths.
fn derive_cached(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    let nodes = g.board.nodes().len();
    for (i, v) in g.nodes.iter(nodes).enumerate() {
        if v != 0 {
            if let Some(h) = g.board.node(NodeId(i as u8)).harbor {
                g.seats[((v & 7) - 1) as usize].harbors |= h.bit();
            }
        }
    }
    let setup = is_setup(pos.phase);
    let mut gained = 0u8;
    let current_harbors = g.seats.get(g.current as usize).map_or(0, |s| s.harbors);
    for &h in &pos.harbors_gained_this_turn {
        gained |= h.bit();
        if current_harbors & h.bit() == 0 {
            errs.push(PositionError::HarborNotOwned { harbor: h });
        }
    }
    for (i, s) in g.seats[..pos.players.len()].iter_mut().enumerate() {
        s.harbors_at_start = if setup {
            0
        } else if i == g.current as usize {
            s.harbors & !gained
        } else {
            s.harbors
        };
    }
    for p in 0..pos.players.len() as u8 {
        crate::roads::measure_again(g, p);
    }
    // The sea state is derived from the pieces, never read from the position.
    g.rebuild_sea();
    check_areas(pos, g, errs);
    place_fog(pos, g, errs);
}

/// Seafarers scenarios: each player's settled areas are those of their buildings, and
/// their special points at most what those areas pay.
fn check_areas(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    let board = &*g.board;
    let mut built = [0u16; crate::types::MAX_PLAYERS];
    for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
        if v != 0 {
            built[((v & 7) - 1) as usize] |= board.node_areas(NodeId(i as u8));
        }
    }
    let vp = board.area_special_vp();
    for (i, pp) in pos.players.iter().enumerate() {
        let player = Player(i as u8);
        let listed = g.settled[i];
        let valid = pp.settled_areas.iter().all(|&a| (a as usize) < vp.len());
        let mut sorted = pp.settled_areas.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if !valid || sorted.len() != pp.settled_areas.len() || listed != built[i] {
            errs.push(PositionError::AreasInconsistent {
                player,
                reason:
                    "settled_areas must list, once each, the land areas of the player's buildings",
            });
            continue;
        }
        let most: u32 = (0..vp.len())
            .filter(|a| listed >> a & 1 != 0)
            .map(|a| vp[a] as u32)
            .sum();
        if pp.special_victory_points as u32 > most {
            errs.push(PositionError::AreasInconsistent {
                player,
                reason: "more special victory points than the settled areas pay",
            });
        }
    }
}

/// The Fog Islands: unexplored spaces among the board's, still sea; stacks that fill them;
/// waiting discoveries only with external chance.
fn place_fog(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
    let spaces = g.board.fog_hexes().to_vec();
    let mut bad = |reason| errs.push(PositionError::FogInconsistent { reason });
    if spaces.is_empty() {
        if pos.fog.is_some() {
            bad("the board has no unexplored spaces (its fog list is empty)");
        }
        return;
    }
    // Left out (as empty fields are): every space discovered, both stacks used up.
    let all_discovered = crate::position::FogPosition::default();
    let f = pos.fog.as_ref().unwrap_or(&all_discovered);
    let bits = |list: &[HexId]| -> Option<u32> {
        let mut m = 0u32;
        for h in list {
            let i = spaces.iter().position(|s| s == h)?;
            if m >> i & 1 != 0 {
                return None;
            }
            m |= 1 << i;
        }
        Some(m)
    };
    let (Some(unexplored), Some(pending)) = (bits(&f.unexplored), bits(&f.pending)) else {
        return bad("unexplored and pending list the board's fog spaces, once each");
    };
    if pending & !unexplored != 0 {
        return bad("a pending space must be unexplored");
    }
    if f.unexplored
        .iter()
        .any(|&h| g.board.hex(h).terrain != Terrain::Sea || g.board.hex(h).number.is_some())
    {
        return bad("an unexplored space is sea on the board until discovered");
    }
    if f.hexes.len() != f.unexplored.len() {
        return bad("the hex stack holds one hex per unexplored space");
    }
    let producing = f.hexes.iter().filter(|&&t| fog::produces(t)).count();
    if f.numbers.len() != producing || f.numbers.iter().any(|&n| !(2..=12).contains(&n) || n == 7) {
        return bad(
            "the number stack holds one token (2–6, 8–12) per producing hex of the hex stack",
        );
    }
    match (pending != 0, f.discoverer) {
        (false, None) => {}
        (true, Some(p)) if pos.rules.chance == ChanceMode::External && p.0 < pos.rules.players => {}
        _ => {
            return bad(
                "pending discoveries, with their discoverer, occur with external chance only",
            )
        }
    }
    let mut fog = fog::Fog::new(&f.hexes, &f.numbers);
    fog.revealed = !unexplored & ((1u64 << spaces.len()) - 1) as u32;
    fog.pending = pending;
    fog.discoverer = f.discoverer.map_or(0, |p| p.0);
    g.fog = fog;
}

/// Rules that need the pieces in place: distance, connection, awards, victory.
pub(super) fn check_placed(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    check_distance(g, errs);
    check_connected(pos, g, errs);
    check_awards(pos, g, errs);
    check_end(pos, g, errs);
}

/// The distance rule between every two buildings.
fn check_distance(g: &Game, errs: &mut Vec<PositionError>) {
    let board = &*g.board;
    for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
        if v == 0 {
            continue;
        }
        let node = NodeId(i as u8);
        for neighbor in board.node(node).neighbors() {
            if neighbor > node && g.nodes.get(neighbor.index()) != 0 {
                errs.push(PositionError::DistanceRule { node, neighbor });
            }
        }
    }
}

/// Every building has a road of its owner (but the settlement whose set-up road is being
/// placed), and every road joins its owner's buildings through their own roads.
fn check_connected(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    let board = &*g.board;
    for p in 0..pos.players.len() as u8 {
        let tag = p + 1;
        let player = Player(p);
        // Every road joins one of the player's buildings through their own roads. A trail may
        // run through a building an opponent put there later, so connection ignores owners.
        let mut reached = vec![false; board.edges().len()];
        let mut stack: Vec<NodeId> = Vec::new();
        for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
            if v != 0 && v & 7 == tag {
                let node = NodeId(i as u8);
                stack.push(node);
                let placing = pos.phase == Phase::SetupRoad && pos.setup_node == Some(node);
                // On a Seafarers map the only ship at a building may have sailed on.
                if !placing
                    && !board.open_sea()
                    && !board
                        .node(node)
                        .edges()
                        .any(|e| g.edges.get(e.index()) & 7 == tag)
                {
                    errs.push(PositionError::BuildingNotConnected { player, node });
                }
            }
        }
        // Roads join through roads, ships through ships (Seafarers rules, 'Ships').
        let starts = stack.clone();
        for kind in [tag, tag | SHIP] {
            stack.clone_from(&starts);
            while let Some(at) = stack.pop() {
                for e in board.node(at).edges() {
                    if g.edges.get(e.index()) == kind && !reached[e.index()] {
                        reached[e.index()] = true;
                        stack.push(board.edge(e).other(at));
                    }
                }
            }
        }
        for (i, v) in g.edges.iter(board.edges().len()).enumerate() {
            let edge = EdgeId(i as u16);
            if v == tag && !reached[i] {
                errs.push(PositionError::RoadNotConnected { player, edge });
            } else if v == tag | SHIP && !reached[i] {
                errs.push(PositionError::ShipNotConnected { player, edge });
            }
        }
        check_ground(g, p, errs);
    }
}

/// Each of `p`'s pieces stands on ground that allows it: ships along the sea of an
/// open-sea map, roads along land, settlements and cities on land (Seafarers rules,
/// 'Ships').
fn check_ground(g: &Game, p: u8, errs: &mut Vec<PositionError>) {
    let board = &*g.board;
    let tag = p + 1;
    let player = Player(p);
    for (i, v) in g.edges.iter(board.edges().len()).enumerate() {
        let info = board.edge(EdgeId(i as u16));
        let wrong = if v == tag | SHIP {
            if !board.open_sea() {
                Some((Piece::Ship, "this map has no open sea"))
            } else if !info.touches_sea() && !next_to_discovery(board, info) {
                // A ship stays where it stood when land is discovered beside it.
                Some((Piece::Ship, "the edge runs between two land hexes"))
            } else {
                None
            }
        } else if v == tag && !info.touches_land() {
            Some((Piece::Road, "the edge runs between two sea hexes"))
        } else {
            None
        };
        if let Some((piece, reason)) = wrong {
            errs.push(PositionError::WrongGround {
                player,
                piece,
                at: format!("edge {i}"),
                reason,
            });
        }
    }
    for (i, v) in g.nodes.iter(board.nodes().len()).enumerate() {
        if v & 7 == tag && !board.node(NodeId(i as u8)).on_land() {
            let piece = if v & CITY != 0 {
                Piece::City
            } else {
                Piece::Settlement
            };
            errs.push(PositionError::WrongGround {
                player,
                piece,
                at: format!("node {i}"),
                reason: "the node is in open sea",
            });
        }
    }
}

/// Whether an edge runs along a space unexplored at the start (The Fog Islands).
fn next_to_discovery(board: &crate::board::Board, e: &crate::board::EdgeInfo) -> bool {
    board.node_fog(e.nodes[0]) & board.node_fog(e.nodes[1]) != 0
}

/// Longest Road and Largest Army are held as the road lengths and knights say.
fn check_awards(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    let n = pos.players.len();
    // Longest Road (docs/rulings.md §15).
    let lens: Vec<u8> = g.seats[..n].iter().map(|s| s.road_len).collect();
    let longest = lens.iter().copied().max().unwrap_or(0);
    let leaders = lens.iter().filter(|&&l| l == longest).count();
    let holder_length = pos
        .longest_road
        .map_or(0, |h| lens.get(h.index()).copied().unwrap_or(0));
    let ok = match pos.longest_road {
        Some(h) if h.index() >= n => true, // reported as NoSuchPlayer
        Some(_) => holder_length >= 5 && holder_length == longest,
        None => longest < 5 || leaders > 1,
    };
    if !ok {
        errs.push(PositionError::LongestRoadInconsistent {
            holder: pos.longest_road,
            holder_length,
            longest,
        });
    }
    // Largest Army (docs/rulings.md §16).
    let most = pos.players.iter().map(|p| p.knights).max().unwrap_or(0);
    let holder_knights = pos
        .largest_army
        .map_or(0, |h| pos.players.get(h.index()).map_or(0, |p| p.knights));
    let ok = match pos.largest_army {
        Some(h) if h.index() >= n => true, // reported as NoSuchPlayer
        Some(_) => holder_knights >= 3 && holder_knights == most,
        None => most < 3,
    };
    if !ok {
        errs.push(PositionError::LargestArmyInconsistent {
            holder: pos.largest_army,
            holder_knights,
            most,
        });
    }
}

/// Road Building's roads can be placed, and the winner (or an undeclared one) fits.
fn check_end(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
    let n = pos.players.len();
    // Road Building ends early when no road can be placed (docs/rulings.md §14).
    if pos.phase == Phase::RoadBuilding && pos.current.index() < n {
        let p = pos.current.0;
        let left = g.free_route_pieces_left(p);
        if pos.road_building_left > left || !g.has_free_route_spot(p) {
            errs.push(PositionError::PhaseInconsistent {
                phase: pos.phase,
                reason: "the free roads left cannot all be placed",
            });
        }
    }

    // Victory (docs/rulings.md §4).
    if !is_setup(pos.phase) && pos.current.index() < n {
        let points = g.points(pos.current);
        let target = pos.rules.vp_target;
        if pos.phase == Phase::GameOver {
            if points < target {
                errs.push(PositionError::WinnerInconsistent {
                    winner: pos.winner,
                    reason: "the winner has fewer points than the target",
                });
            }
        } else if points >= target && pos.phase != Phase::SpecialBuild {
            // Points reached in a Special Build Phase wait for the player's own turn.
            errs.push(PositionError::UndeclaredWin {
                player: pos.current,
                points,
            });
        }
    }
}
