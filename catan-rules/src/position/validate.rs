//! Checking a [`Position`] and building the game it describes: every problem is reported
//! at once, in a stable order.

use super::{Position, PositionError, PositionErrors, TradeAnswer, TradeOffer, FORMAT, VERSION};
use crate::board::{Board, EdgeId, HexId, NodeId};
use crate::game::fog;
use crate::game::{
    answer, Game, Offer, Phase, CITY, F_BUILT, F_DEV_PLAYED, F_ROLLED, F_SHIP_MOVED, NONE, SHIP,
};
use crate::rules::{ChanceMode, Rules};
use crate::types::{DevCard, Piece, Player, Resource, Resources, Terrain, MAX_PLAYERS};
use std::sync::Arc;

impl Game {
    /// Checks a [`Position`] and makes it a game, recomputing what the game caches (road
    /// lengths, harbours reached).
    ///
    /// # Errors
    /// [`PositionErrors`] listing every problem found: ids off the board, two pieces in one
    /// place, the distance rule, roads not connected, pieces over the limits, resources or
    /// development cards not conserved, Longest Road or Largest Army held wrongly, turn and
    /// phase fields that cannot occur together, a wrong winner. When the rules, the board or
    /// the number of players are unusable, the checks that need them are skipped.
    ///
    /// # Examples
    /// ```
    /// use catan_rules::position::PositionError;
    /// use catan_rules::{Game, MapKind, Resource, Rules};
    ///
    /// // The beginners' set-up: play starts at once (no set-up phase).
    /// let game = Game::new(Rules { map: MapKind::Beginner, ..Rules::default() }, 9).unwrap();
    /// let mut pos = game.to_position();
    /// pos.bank[Resource::Ore] = 18; // one ore card vanished
    /// pos.players[3].knights = 1; // a knight played that no one could have held
    /// let errors = Game::from_position(pos).unwrap_err().0;
    /// assert_eq!(errors.len(), 2);
    /// assert!(matches!(errors[0], PositionError::ResourcesNotConserved { resource: Resource::Ore, .. }));
    /// assert!(matches!(errors[1], PositionError::DevCardsNotConserved { .. }));
    /// ```
    pub fn from_position(pos: Position) -> Result<Game, PositionErrors> {
        let mut errs = Vec::new();
        if pos.format != FORMAT {
            // Quoted in the message: only its start.
            errs.push(PositionError::Format {
                found: crate::error::truncate_for_message(&pos.format, 64),
            });
        }
        if pos.version != VERSION {
            errs.push(PositionError::Version { found: pos.version });
        }
        // A sea map of one's own names its own target (Game::with_sea_map).
        let checked = if pos.board.open_sea && pos.rules.scenario.is_none() {
            pos.rules.validate_up_to(Rules::MAX_SEA_MAP_VP_TARGET)
        } else {
            pos.rules.validate()
        };
        if let Err(error) = checked {
            errs.push(PositionError::Rules { error });
            return Err(PositionErrors(errs));
        }
        let rules = pos.rules;
        let n = rules.players as usize;
        if pos.players.len() != n {
            errs.push(PositionError::PlayerCount {
                expected: rules.players,
                found: pos.players.len(),
            });
        }
        let board = match Board::new(pos.board.clone()) {
            Ok(b) => Some(Arc::new(b)),
            Err(errors) => {
                errs.push(PositionError::Board { errors });
                None
            }
        };
        if pos.players.len() != n {
            return Err(PositionErrors(errs));
        }
        check_players_named(&pos, &mut errs);
        check_counts(&pos, &mut errs);
        check_turn(&pos, &mut errs);
        check_trade(&pos, &mut errs);
        let Some(board) = board else {
            return Err(PositionErrors(errs));
        };
        if let Err(crate::NewGameError::SetupCannotFinish {
            players,
            needed,
            blocked_after,
        }) = crate::NewGameError::check_setup_room(&board, rules.players)
        {
            errs.push(PositionError::SetupCannotFinish {
                players,
                needed,
                blocked_after,
            });
        }
        let mut g = Game::blank(rules, board, pos.rng);
        let before = errs.len();
        place(&pos, &mut g, &mut errs);
        // Distance, connection, awards and victory are only meaningful with every piece
        // placed where the position says.
        if errs.len() == before {
            check_placed(&pos, &g, &mut errs);
        }
        if errs.is_empty() {
            Ok(g)
        } else {
            Err(PositionErrors(errs))
        }
    }
}

fn is_setup(phase: Phase) -> bool {
    matches!(phase, Phase::SetupSettlement | Phase::SetupRoad)
}

/// Every field that names a seat names one in the game.
fn check_players_named(pos: &Position, errs: &mut Vec<PositionError>) {
    let n = pos.rules.players;
    let mut named = vec![
        ("current", Some(pos.current)),
        ("longest_road", pos.longest_road),
        ("largest_army", pos.largest_army),
        ("winner", pos.winner),
    ];
    if let Some(t) = &pos.trade {
        named.push(("trade.to", t.to));
        named.extend(
            t.answers
                .iter()
                .map(|a| ("trade.answers", Some(a.player()))),
        );
    }
    for (field, p) in named {
        if let Some(player) = p.filter(|p| p.0 >= n) {
            errs.push(PositionError::NoSuchPlayer { field, player });
        }
    }
}

/// Piece limits and the conservation of cards.
fn check_counts(pos: &Position, errs: &mut Vec<PositionError>) {
    let rules = &pos.rules;
    let (max_roads, max_settlements, max_cities) = rules.pieces();
    for (i, pp) in pos.players.iter().enumerate() {
        let player = Player(i as u8);
        for (piece, count, limit) in [
            (Piece::Road, pp.roads.len(), max_roads),
            (Piece::Ship, pp.ships.len(), crate::game::SHIPS),
            (Piece::Settlement, pp.settlements.len(), max_settlements),
            (Piece::City, pp.cities.len(), max_cities),
        ] {
            if count > limit as usize {
                errs.push(PositionError::TooManyPieces {
                    player,
                    piece,
                    count,
                    limit,
                });
            }
        }
    }
    let supply = rules.bank_per_resource();
    for r in Resource::ALL {
        let total = pos.bank[r] as u32 + pos.players.iter().map(|p| p.hand[r] as u32).sum::<u32>();
        if total != supply as u32 {
            errs.push(PositionError::ResourcesNotConserved {
                resource: r,
                total,
                expected: supply,
            });
        }
    }
    let composition = rules.dev_deck();
    for c in DevCard::ALL {
        let mut counted = pos.deck[c] as u32
            + pos
                .players
                .iter()
                .map(|p| p.dev_cards[c] as u32 + p.new_dev_cards[c] as u32)
                .sum::<u32>();
        if c == DevCard::Knight {
            counted += pos.players.iter().map(|p| p.knights as u32).sum::<u32>();
        }
        let exact = matches!(c, DevCard::Knight | DevCard::VictoryPoint);
        let want = composition[c.index()] as u32;
        if counted > want || (exact && counted != want) {
            errs.push(PositionError::DevCardsNotConserved {
                card: c,
                counted,
                composition: composition[c.index()],
            });
        }
    }
}

/// Turn, phase and set-up fields that must fit together.
fn check_turn(pos: &Position, errs: &mut Vec<PositionError>) {
    if is_setup(pos.phase) {
        check_setup_turn(pos, errs);
    } else {
        check_play_turn(pos, errs);
    }
    check_turn_state(pos, errs);
}

/// The turn fields during set-up: turn 0, the snake order, nothing rolled, played or
/// bought, the pieces of the placements made.
fn check_setup_turn(pos: &Position, errs: &mut Vec<PositionError>) {
    let phase = pos.phase;
    let n = pos.rules.players;
    let mut bad =
        |reason: &'static str| errs.push(PositionError::PhaseInconsistent { phase, reason });
    let rolled = pos.dice.is_some();
    if pos.turn != 0 {
        bad("the set-up phase is turn 0");
    }
    if pos.setup_step >= 2 * n {
        bad("set-up is over after two placements per player");
    } else if pos.current.0 != setup_player(n, pos.setup_step) {
        bad("the current player is not the one whose set-up placement it is");
    }
    if rolled || pos.dev_card_played || pos.built_this_turn {
        bad("nothing is rolled, played or built during set-up");
    }
    if !pos.harbors_gained_this_turn.is_empty() {
        bad("harbours gained this turn are counted from the first turn on");
    }
    if pos.deck.0 != pos.rules.dev_deck()
        || pos
            .players
            .iter()
            .any(|p| p.dev_cards.total() + p.new_dev_cards.total() + p.knights as u32 > 0)
    {
        bad("no development card is bought during set-up");
    }
    match (phase, pos.setup_node) {
        (Phase::SetupRoad, None) => bad("the set-up road needs the settlement just placed"),
        (Phase::SetupSettlement, Some(_)) => {
            bad("setup_node is only set while the set-up road is placed")
        }
        _ => {}
    }
    if pos.setup_step < 2 * n {
        for (q, pp) in pos.players.iter().enumerate() {
            let done = (0..pos.setup_step)
                .filter(|&s| setup_player(n, s) == q as u8)
                .count();
            let placing = usize::from(phase == Phase::SetupRoad && pos.current.0 == q as u8);
            if pp.settlements.len() != done + placing
                || pp.roads.len() + pp.ships.len() != done
                || !pp.cities.is_empty()
            {
                bad("the pieces on the board do not match the set-up placements made");
                break;
            }
        }
    }
}

/// The turn fields after set-up: the phase fits the dice, the flags fit each other.
fn check_play_turn(pos: &Position, errs: &mut Vec<PositionError>) {
    let phase = pos.phase;
    let n = pos.rules.players;
    for (i, pp) in pos.players.iter().enumerate() {
        // A set-up road may be a ship on a sea map; ships move but are never removed.
        let buildings = pp.settlements.len() + pp.cities.len();
        let routes = pp.roads.len() + pp.ships.len();
        if buildings < 2 || routes < 2 {
            errs.push(PositionError::SetupPiecesMissing {
                player: Player(i as u8),
                buildings,
                roads: routes,
            });
        }
    }
    let mut bad =
        |reason: &'static str| errs.push(PositionError::PhaseInconsistent { phase, reason });
    let rolled = pos.dice.is_some();
    if pos.setup_step != 2 * n {
        bad("after set-up, setup_step is twice the number of players");
    }
    if pos.setup_node.is_some() {
        bad("setup_node is only set while the set-up road is placed");
    }
    if pos.turn == 0 {
        bad("turns after set-up are numbered from 1");
    }
    let seven = pos.dice.is_some_and(|[a, b]| a as u16 + b as u16 == 7);
    match phase {
        Phase::Roll if rolled => bad("the dice are already rolled"),
        Phase::Discard | Phase::MoveRobber if !seven => bad("only a rolled 7 moves the robber"),
        Phase::Discard if pos.players.iter().all(|p| p.discard_owed == 0) => {
            bad("nobody owes a discard")
        }
        Phase::Main if !rolled => bad("the main phase comes after the roll"),
        Phase::RoadBuilding if !pos.dev_card_played => {
            bad("road building follows a development card played this turn")
        }
        Phase::RoadBuilding if !(1..=2).contains(&pos.road_building_left) => {
            bad("road building places 1 or 2 roads")
        }
        Phase::SpecialBuild if rolled || pos.dev_card_played => {
            bad("nothing is rolled or played in the Special Build Phase")
        }
        _ => {}
    }
    if matches!(phase, Phase::Discard | Phase::MoveRobber) && pos.built_this_turn {
        bad("nothing is built before the robber is moved");
    }
    let special = phase == Phase::SpecialBuild;
    if !rolled && pos.built_this_turn && !special {
        bad("nothing is built before the roll");
    }
    // In the Special Build Phase the builder may hold cards bought in earlier phases.
    let cur = pos.players.get(pos.current.index());
    if cur.is_some_and(|p| p.new_dev_cards.total() > 0) && !pos.built_this_turn && !special {
        bad("the current player bought a card this turn, so built_this_turn is set");
    }
    if !pos.harbors_gained_this_turn.is_empty() && !pos.built_this_turn {
        bad("a harbour is gained by building, so built_this_turn is set");
    }
}

/// Fields of any phase: Road Building's count, the Special Build Phase's fields, the dice,
/// discards owed, the winner.
fn check_turn_state(pos: &Position, errs: &mut Vec<PositionError>) {
    let phase = pos.phase;
    crate::game::check_special_build_position(pos, &mut |reason| {
        errs.push(PositionError::PhaseInconsistent { phase, reason })
    });
    if pos.road_building_left > 0 && !matches!(phase, Phase::RoadBuilding | Phase::GameOver)
        || pos.road_building_left > 2
    {
        errs.push(PositionError::PhaseInconsistent {
            phase,
            reason: "road_building_left is 1 or 2 in the road building phase only",
        });
    }
    if let Some(dice) = pos.dice {
        if !dice.iter().all(|d| (1..=6).contains(d)) {
            errs.push(PositionError::BadDice { dice });
        }
    }
    for (i, pp) in pos.players.iter().enumerate() {
        let total = pp.hand.total();
        // Half the hand when the 7 was rolled; a seat may since have discarded part of it
        // (docs/rulings.md §38), so what is left is at most half of what it holds now.
        let expected = if phase == Phase::Discard {
            (total / 2) as u8
        } else {
            0
        };
        if pp.discard_owed > expected {
            errs.push(PositionError::DiscardInconsistent {
                player: Player(i as u8),
                owed: pp.discard_owed,
                expected,
            });
        }
    }
    check_gold(pos, errs);
    let over = phase == Phase::GameOver;
    match pos.winner {
        None if over => errs.push(PositionError::WinnerInconsistent {
            winner: None,
            reason: "a finished game has a winner",
        }),
        Some(_) if !over => errs.push(PositionError::WinnerInconsistent {
            winner: pos.winner,
            reason: "only a finished game has a winner",
        }),
        Some(w) if w != pos.current => errs.push(PositionError::WinnerInconsistent {
            winner: pos.winner,
            reason: "a player wins only on their own turn",
        }),
        _ => {}
    }
}

/// Gold-field picks owed (Seafarers, docs/rulings.md §40): after a roll that was not a 7, in
/// the main phase, or in set-up by the player whose second settlement was just placed;
/// never with an open offer, never more than the bank holds.
fn check_gold(pos: &Position, errs: &mut Vec<PositionError>) {
    let owed: Vec<(usize, u8)> = pos
        .players
        .iter()
        .enumerate()
        .filter(|(_, pp)| pp.gold_owed > 0)
        .map(|(i, pp)| (i, pp.gold_owed))
        .collect();
    if owed.is_empty() {
        return;
    }
    let phase = pos.phase;
    let mut bad = |reason| errs.push(PositionError::PhaseInconsistent { phase, reason });
    let rolled = pos.dice.is_some_and(|[a, b]| a + b != 7);
    match phase {
        Phase::Main if rolled => {}
        Phase::SetupRoad
            if owed.len() == 1
                && owed[0].0 == pos.current.index()
                && pos.setup_step >= pos.rules.players => {}
        _ => bad("gold is owed only after a roll other than 7, or for a second set-up settlement"),
    }
    if pos.trade.is_some() {
        bad("no trade offer is open while gold is owed");
    }
    let total: u32 = owed.iter().map(|&(_, o)| o as u32).sum();
    if total > pos.bank.total() {
        bad("more gold is owed than the bank holds");
    }
}

/// The open offer, if any (docs/rulings.md §17).
fn check_trade(pos: &Position, errs: &mut Vec<PositionError>) {
    let Some(t) = &pos.trade else { return };
    let mut bad = |reason: &'static str| errs.push(PositionError::TradeInconsistent { reason });
    let n = pos.rules.players;
    let me = pos.current;
    if pos.phase != Phase::Main {
        bad("offers are open only in the main phase");
    }
    if pos.rules.strict_phases && pos.built_this_turn {
        bad("no trading after building with strict phases");
    }
    if t.give.is_empty() || t.get.is_empty() || t.give.overlaps(&t.get) {
        bad("each side gives at least one card and no resource is on both sides");
    }
    if pos
        .players
        .get(me.index())
        .is_some_and(|p| !p.hand.contains(&t.give))
    {
        bad("the offerer does not hold what they offer");
    }
    if t.to == Some(me) {
        bad("the offerer cannot ask themselves");
    }
    let mut asked = 0u8;
    for q in 0..n {
        if q != me.0 && t.to.is_none_or(|to| to.0 == q) {
            asked |= 1 << q;
        }
    }
    let mut listed = 0u8;
    let mut open = false;
    for a in &t.answers {
        let q = a.player();
        if q.0 >= n {
            continue; // reported as NoSuchPlayer
        }
        if listed & q.bit() != 0 {
            bad("a player answers twice");
        }
        listed |= q.bit();
        let hand = pos.players[q.index()].hand;
        match *a {
            TradeAnswer::Rejected { .. } => {}
            TradeAnswer::Pending { .. } => open = true,
            TradeAnswer::Accepted { .. } => {
                open = true;
                if !hand.contains(&t.get) {
                    bad("a player accepted without holding what is asked");
                }
            }
            TradeAnswer::Countered { give, get, .. } => {
                open = true;
                if give.is_empty() || get.is_empty() || give.overlaps(&get) {
                    bad("a counter-offer gives nothing, asks nothing or names a resource twice");
                }
                if !hand.contains(&give) {
                    bad("a player countered with cards they do not hold");
                }
            }
        }
    }
    if listed != asked {
        bad("the answers are not exactly the players asked");
    }
    if !open {
        bad("an offer everyone declined is closed");
    }
}

fn setup_player(n: u8, step: u8) -> u8 {
    if step < n {
        step
    } else {
        (2 * n).saturating_sub(1 + step)
    }
}

/// Puts the pieces and cards on a blank game, reporting ids off the board and doubles.
fn place(pos: &Position, g: &mut Game, errs: &mut Vec<PositionError>) {
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
            g.fresh_ships.insert(edge.index());
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
        g.seats[p as usize].road_len = g.road_length(p);
    }
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
    let Some(f) = &pos.fog else {
        if !spaces.is_empty() {
            errs.push(PositionError::FogInconsistent {
                reason: "the board has unexplored spaces but the position has no fog",
            });
        }
        return;
    };
    let mut bad = |reason| errs.push(PositionError::FogInconsistent { reason });
    if spaces.is_empty() {
        return bad("the board has no unexplored spaces (its fog list is empty)");
    }
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
fn check_placed(pos: &Position, g: &Game, errs: &mut Vec<PositionError>) {
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
