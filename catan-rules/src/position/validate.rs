//! Checking a [`Position`] and building the game it describes: every problem is reported
//! at once, in a stable order. This file checks the position's own numbers (players,
//! counts, the turn, gold owed, the trade); `place.rs` puts the pieces on the board and
//! checks what needs them.

use super::{Position, PositionError, PositionErrors, TradeAnswer, FORMAT, VERSION};
use crate::board::Board;
use crate::game::{Game, Phase};
use crate::rules::Rules;
use crate::types::{DevCard, Piece, Player, Resource};
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
        super::place::place(&pos, &mut g, &mut errs);
        // Distance, connection, awards and victory are only meaningful with every piece
        // placed where the position says.
        if errs.len() == before {
            super::place::check_placed(&pos, &g, &mut errs);
        }
        if errs.is_empty() {
            Ok(g)
        } else {
            Err(PositionErrors(errs))
        }
    }
}

pub(super) fn is_setup(phase: Phase) -> bool {
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
    // A discovered gold field (The Fog Islands, docs/rulings.md §41) owes its discoverer one
    // pick wherever a road or ship can be placed, the set-up included (whose road may
    // already have passed the turn on).
    let discovery = !pos.board.fog.is_empty()
        && owed.len() == 1
        && matches!(
            phase,
            Phase::SetupSettlement
                | Phase::SetupRoad
                | Phase::Roll
                | Phase::Main
                | Phase::RoadBuilding
                | Phase::SpecialBuild
        );
    match phase {
        _ if discovery => {}
        Phase::Main if rolled => {}
        Phase::SetupRoad
            if owed.len() == 1
                && owed[0].0 == pos.current.index()
                && pos.setup_step >= pos.rules.players => {}
        _ => bad("gold is owed only after a roll other than 7, for a second set-up settlement, or for a discovered gold field"),
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
