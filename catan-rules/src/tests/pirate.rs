//! The pirate on a Seafarers map (the printed New Shores 4-player map), each test citing
//! its source: Seafarers rules, 'The pirate' (on a 7 or a knight the mover moves the robber
//! or the pirate; the pirate goes to a sea hex and its mover steals from a player with a
//! ship next to it; no ship is built or moved on its hex's sides; harbours are unaffected)
//! and docs/rulings.md §39 (how the engine reads it: the robber's steal rules, the pirate
//! must move, it may not go back to the frame).
//!
//! Geometry (see `ships.rs`): the sea hex `WEST` (0x0504) has the corners `B = (5, 5)`
//! (north-east), `A = (5, 7)` (south-east) and `W1 = (4, 8)` (south); `EAST` (0x0506) has
//! `B` (north-west), `A` (south-west) and `(6, 8)` (south). So `A–B` is a side of both,
//! `A–W1` of `WEST` only and `A–(6, 8)` of `EAST` only.

use super::ships::{at, sea};
use super::*;
use crate::action_space::{ActionSpace, Block};
use crate::types::{PlayerSet, Terrain};

const WEST: (i8, i8) = (1, 2);
const EAST: (i8, i8) = (2, 2);

fn pirate(player: Player, hex: HexId, victim: Option<Player>, r: Option<Resource>) -> Action {
    Action::MovePirate {
        player,
        hex,
        victim,
        resource: r,
    }
}

fn knight_pirate(player: Player, hex: HexId, victim: Option<Player>) -> Action {
    Action::PlayKnightPirate {
        player,
        hex,
        victim,
        resource: None,
    }
}

/// The sea hexes of the board, in id order.
fn sea_hexes(g: &Game) -> Vec<HexId> {
    (0..g.board.hexes().len())
        .map(|i| HexId(i as u8))
        .filter(|&h| g.board.hex(h).terrain == Terrain::Sea)
        .collect()
}

/// New Shores after a rolled 7, player 0 to move the robber or the pirate.
fn after_seven() -> Pos {
    let mut p = sea();
    p.set_turn(0, Phase::MoveRobber);
    p.g.dice = [3, 4];
    p
}

#[test]
fn the_geometry_is_where_the_notes_say() {
    // Builder self-check of the sketch above.
    let p = sea();
    let (a, b, w1, s) = (at(&p, 5, 7), at(&p, 5, 5), at(&p, 4, 8), at(&p, 6, 8));
    let (west, east) = (p.hex(WEST), p.hex(EAST));
    assert_eq!(p.g.board.hex(west).terrain, Terrain::Sea);
    assert_eq!(p.g.board.hex(east).terrain, Terrain::Sea);
    let sides = |h| p.g.hex_sides(h).collect::<Vec<_>>();
    assert_eq!(sides(west).len(), 6);
    assert!(sides(west).contains(&p.edge(a, b)) && sides(east).contains(&p.edge(a, b)));
    assert!(sides(west).contains(&p.edge(a, w1)) && !sides(east).contains(&p.edge(a, w1)));
    assert!(sides(east).contains(&p.edge(a, s)) && !sides(west).contains(&p.edge(a, s)));
    // The printed map starts the pirate off the board (docs/rulings.md §20).
    assert_eq!(p.g.pirate(), None);
}

#[test]
fn a_seven_moves_the_robber_or_the_pirate() {
    // Seafarers rules, 'The pirate': on a 7 the player moves either the robber or the
    // pirate, to any sea hex.
    let mut p = after_seven();
    let west = p.hex(WEST);
    let legal = p.g.legal_actions_vec();
    assert!(legal.iter().any(|a| matches!(a, Action::MoveRobber { .. })));
    let pirate_hexes: Vec<HexId> = legal
        .iter()
        .filter_map(|a| match a {
            Action::MovePirate { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    assert_eq!(pirate_hexes, sea_hexes(&p.g), "every sea hex, each once");
    audit(&p.g);

    // The robber instead: the pirate stays where it is.
    let mut robber = p.g.clone();
    let land = p.hex((1, 3));
    ok(
        &mut robber,
        Action::MoveRobber {
            player: P0,
            hex: land,
            victim: None,
            resource: None,
        },
    );
    assert_eq!((robber.robber(), robber.pirate()), (Some(land), None));

    // The pirate: the robber stays, the turn goes on.
    let robber_before = p.g.robber();
    let ev = ok(&mut p.g, pirate(P0, west, None, None));
    assert_eq!(
        ev,
        vec![Event::PirateMoved {
            player: P0,
            hex: west
        }]
    );
    assert_eq!(p.g.pirate(), Some(west));
    assert_eq!(p.g.robber(), robber_before);
    assert_eq!(p.g.phase(), Phase::Main);
    // Only one of them moves.
    assert!(p
        .g
        .apply(Action::MoveRobber {
            player: P0,
            hex: land,
            victim: None,
            resource: None,
        })
        .is_err());
}

#[test]
fn a_knight_moves_the_robber_or_the_pirate() {
    // Seafarers rules, 'The pirate': a knight, too, moves the robber or the pirate; it
    // counts for Largest Army either way (Catan base rules, 5th ed., 'Knight Cards').
    let mut p = sea();
    p.set_turn(0, Phase::Roll);
    p.dev(0, DevCard::Knight);
    let west = p.hex(WEST);
    let legal = p.g.legal_actions_vec();
    assert!(legal.iter().any(|a| matches!(a, Action::PlayKnight { .. })));
    assert!(legal.contains(&knight_pirate(P0, west, None)));
    audit(&p.g);
    let ev = ok(&mut p.g, knight_pirate(P0, west, None));
    assert_eq!(
        ev,
        vec![
            Event::DevelopmentCardPlayed {
                player: P0,
                card: DevCard::Knight
            },
            Event::PirateMoved {
                player: P0,
                hex: west
            },
        ]
    );
    assert_eq!(p.g.knights_played(P0), 1);
    assert_eq!(p.g.pirate(), Some(west));
    // Played before the roll: the roll is still due (docs/rulings.md §27).
    assert_eq!(p.g.phase(), Phase::Roll);
    // One card a turn: no second knight (docs/rulings.md §14).
    p.dev(0, DevCard::Knight);
    let east = p.hex(EAST);
    rejects(
        &mut p.g,
        knight_pirate(P0, east, None),
        RuleError::CardAlreadyPlayed,
    );
}

#[test]
fn the_pirate_steals_only_from_ship_owners_with_cards() {
    // Seafarers rules, 'The pirate': the mover steals one random resource from a player
    // with a ship next to the pirate's hex; as for the robber (docs/rulings.md §10), only
    // from an opponent holding a card, and a victim must be named when one can be.
    let mut p = after_seven();
    let (a, b, w1) = (at(&p, 5, 7), at(&p, 5, 5), at(&p, 4, 8));
    let west = p.hex(WEST);
    let sides: Vec<EdgeId> = p.g.hex_sides(west).collect();
    let (ab, aw) = (p.edge(a, b), p.edge(a, w1));
    let far = *sides.iter().find(|&&e| e != ab && e != aw).unwrap();
    // P1: a ship on a side, and cards. P2: a settlement at a corner, no ship. P3: a ship,
    // no cards. P0: its own ship.
    p.ship(1, ab).give(1, res(0, 0, 2, 0, 0));
    p.settle(2, a).give(2, res(1, 0, 0, 0, 0));
    p.ship(3, far);
    p.ship(0, aw).give(0, res(0, 0, 0, 1, 0));
    assert_eq!(p.g.pirate_victims(0, west), PlayerSet::EMPTY.with(P1));
    rejects(
        &mut p.g,
        pirate(P0, west, None, None),
        RuleError::VictimRequired,
    );
    for q in [P0, P2_, P3] {
        rejects(
            &mut p.g,
            pirate(P0, west, Some(q), Some(Resource::Wool)),
            RuleError::InvalidVictim { victim: q },
        );
    }
    // External chance: the card comes with the action and must be in the victim's hand.
    rejects(
        &mut p.g,
        pirate(P0, west, Some(P1), Some(Resource::Ore)),
        RuleError::ImpossibleOutcome {
            reason: "the victim holds no such card",
        },
    );
    rejects(
        &mut p.g,
        pirate(P0, west, Some(P1), None),
        RuleError::OutcomeRequired,
    );
    let listed: Vec<Action> =
        p.g.legal_actions_vec()
            .into_iter()
            .filter(|a| matches!(a, Action::MovePirate { hex, .. } if *hex == west))
            .collect();
    assert_eq!(
        listed,
        vec![pirate(P0, west, Some(P1), Some(Resource::Wool))]
    );
    audit(&p.g);
    let mut seeded = p.g.clone();
    let ev = ok(&mut p.g, pirate(P0, west, Some(P1), Some(Resource::Wool)));
    assert!(ev.contains(&Event::Stole {
        thief: P0,
        victim: P1,
        resource: Some(Resource::Wool)
    }));
    assert_eq!(p.g.hand(P1), res(0, 0, 1, 0, 0));
    assert_eq!(p.g.hand(P0), res(0, 0, 1, 1, 0));
    assert_cards_conserved(&p.g);

    // Seeded chance: the card is drawn from the victim's hand (all wool here).
    seeded.rules.chance = ChanceMode::Seeded;
    rejects(
        &mut seeded,
        pirate(P0, west, Some(P1), Some(Resource::Wool)),
        RuleError::OutcomeNotAllowed,
    );
    ok(&mut seeded, pirate(P0, west, Some(P1), None));
    assert_eq!(seeded.hand(P1), res(0, 0, 1, 0, 0));

    // A hex whose ship owners hold nothing: nobody is robbed.
    let mut empty = after_seven();
    empty.ship(1, ab);
    rejects(
        &mut empty.g,
        pirate(P0, west, Some(P1), Some(Resource::Wool)),
        RuleError::InvalidVictim { victim: P1 },
    );
    let ev = ok(&mut empty.g, pirate(P0, west, None, None));
    assert!(!ev.iter().any(|e| matches!(e, Event::Stole { .. })));
}

#[test]
fn the_pirate_blocks_building_and_moving_ships_on_its_hexs_sides() {
    // Seafarers rules, 'The pirate': no ship may be built on a side of the pirate's hex,
    // and ships next to it cannot be moved (nor moved next to it).
    let mut p = sea();
    let (a, b, w1, s) = (at(&p, 5, 7), at(&p, 5, 5), at(&p, 4, 8), at(&p, 6, 8));
    let (ab, aw, as_) = (p.edge(a, b), p.edge(a, w1), p.edge(a, s));
    let (west, east) = (p.hex(WEST), p.hex(EAST));
    p.settle(0, a).give(0, res(0, 3, 3, 0, 0));
    p.g.pirate = west.0;
    for e in [ab, aw] {
        rejects(
            &mut p.g,
            Action::BuildShip {
                player: P0,
                edge: e,
            },
            RuleError::PirateBlocksShip { edge: e },
        );
    }
    // A side of the other sea hex is free; roads are not the pirate's business.
    assert!(p.g.is_legal(&Action::BuildShip {
        player: P0,
        edge: as_
    }));
    p.give(0, res(1, 1, 0, 0, 0));
    assert!(p.g.is_legal(&Action::BuildRoad {
        player: P0,
        edge: aw
    }));
    audit(&p.g);

    // Moving: a ship on a side may not leave it, and no ship may come to one.
    p.ship(0, ab);
    p.g.pirate = NONE_HEX;
    let away = Action::MoveShip {
        player: P0,
        from: ab,
        to: as_,
    };
    assert!(p.g.is_legal(&away), "movable with the pirate elsewhere");
    p.g.pirate = west.0;
    rejects(&mut p.g, away, RuleError::PirateBlocksShip { edge: ab });
    audit(&p.g);
    let mut q = sea();
    q.settle(0, a).ship(0, as_);
    q.g.pirate = west.0;
    rejects(
        &mut q.g,
        Action::MoveShip {
            player: P0,
            from: as_,
            to: aw,
        },
        RuleError::PirateBlocksShip { edge: aw },
    );
    // The pirate on the other side of the ship blocks it as well.
    q.g.pirate = east.0;
    rejects(
        &mut q.g,
        Action::MoveShip {
            player: P0,
            from: as_,
            to: aw,
        },
        RuleError::PirateBlocksShip { edge: as_ },
    );
    audit(&q.g);
}

const NONE_HEX: u8 = crate::game::NONE;

#[test]
fn a_set_up_ship_is_blocked_too() {
    // Seafarers rules, 'The pirate' (no new ship on its hex's sides) with 'Ships' (a
    // coastal set-up settlement may take a ship): the set-up ship may not go there either;
    // a road still can.
    let mut p = sea();
    let (a, b) = (at(&p, 5, 7), at(&p, 5, 5));
    let ab = p.edge(a, b);
    p.g.setup_step = 0;
    p.g.turn = 0;
    p.g.put_settlement(0, a);
    p.g.setup_node = a.0;
    p.set_turn(0, Phase::SetupRoad);
    p.g.pirate = p.hex(WEST).0;
    rejects(
        &mut p.g,
        Action::BuildShip {
            player: P0,
            edge: ab,
        },
        RuleError::PirateBlocksShip { edge: ab },
    );
    let legal = p.g.legal_actions_vec();
    assert!(legal.iter().any(|a| matches!(a, Action::BuildRoad { .. })));
    audit(&p.g);
}

#[test]
fn harbours_are_unaffected_by_the_pirate() {
    // Seafarers rules, 'The pirate': the pirate does not affect harbours.
    let mut p = sea();
    let seas = sea_hexes(&p.g);
    let (node, hex) = (0..p.g.board.nodes().len())
        .map(|n| NodeId(n as u8))
        .filter(|&n| p.g.board.node(n).harbor.is_some())
        .find_map(|n| {
            seas.iter()
                .find(|&&h| p.g.board.hex(h).nodes().any(|m| m == n))
                .map(|&h| (n, h))
        })
        .expect("a harbour on a sea hex of the map");
    p.settle(0, node);
    p.set_turn(0, Phase::Main);
    let rates: Vec<u8> = Resource::ALL
        .iter()
        .map(|&r| p.g.best_rate(P0, r))
        .collect();
    assert!(rates.iter().any(|&r| r < 4), "the harbour gives a rate");
    p.g.pirate = hex.0;
    let with_pirate: Vec<u8> = Resource::ALL
        .iter()
        .map(|&r| p.g.best_rate(P0, r))
        .collect();
    assert_eq!(rates, with_pirate);
    p.give(0, res(4, 4, 4, 4, 4));
    let r = Resource::ALL[rates.iter().position(|&x| x < 4).unwrap()];
    ok(
        &mut p.g,
        Action::MaritimeTrade {
            player: P0,
            give: r,
            get: if r == Resource::Ore {
                Resource::Brick
            } else {
                Resource::Ore
            },
            rate: rates[r.index()],
        },
    );
}

#[test]
fn the_pirate_may_not_stay_and_goes_only_to_sea() {
    // Seafarers rules, 'The pirate', read as the robber's rule (Catan base rules, 5th ed.,
    // 'Rolling a 7': the robber must be moved): docs/rulings.md §39.
    let mut p = after_seven();
    let west = p.hex(WEST);
    p.g.pirate = west.0;
    rejects(
        &mut p.g,
        pirate(P0, west, None, None),
        RuleError::PirateMustMove,
    );
    let land = p.hex((1, 3));
    rejects(
        &mut p.g,
        pirate(P0, land, None, None),
        RuleError::NoSuchHex { hex: land },
    );
    let off = HexId(p.g.board.hexes().len() as u8);
    rejects(
        &mut p.g,
        pirate(P0, off, None, None),
        RuleError::NoSuchHex { hex: off },
    );
    // Not in the robber's phase: refused as out of phase.
    p.set_turn(0, Phase::Main);
    assert!(matches!(
        p.g.apply(pirate(P0, p.hex(EAST), None, None)),
        Err(RuleError::WrongPhase { .. })
    ));
    // A base-game map has no pirate.
    let mut base = Pos::new(4);
    base.set_turn(0, Phase::MoveRobber);
    rejects(
        &mut base.g,
        pirate(P0, HexId(0), None, None),
        RuleError::ShipsNotInPlay,
    );
    assert!(!base
        .g
        .legal_actions_vec()
        .iter()
        .any(|a| matches!(a, Action::MovePirate { .. })));
}

#[test]
fn pirate_ids_follow_every_other_block_and_are_empty_on_base_maps() {
    // docs/agents.md: new id blocks come after every existing block, so base-game ids do
    // not move; on an open-sea map the pirate has one id per sea hex and victim.
    let base = Pos::new(4);
    let s = ActionSpace::new(&base.g.board, 4);
    for b in [
        Block::MovePirate,
        Block::MovePirateSteal,
        Block::KnightPirate,
        Block::KnightPirateSteal,
    ] {
        assert_eq!(s.offset(b), s.offset(Block::MoveShip), "{b:?} empty");
    }
    let mut p = after_seven();
    let (a, b) = (at(&p, 5, 7), at(&p, 5, 5));
    p.ship(1, p.edge(a, b)).give(1, res(0, 0, 1, 1, 0));
    p.dev(0, DevCard::Knight);
    let s = ActionSpace::new(&p.g.board, 4);
    let w = sea_hexes(&p.g).len() as u32;
    assert_eq!(
        s.offset(Block::MovePirateSteal) - s.offset(Block::MovePirate),
        w * 5
    );
    assert_eq!(
        s.offset(Block::Gold) - s.offset(Block::KnightPirateSteal),
        5 * w * 4
    );
    let mut mask = vec![0u64; s.words()];
    for chance in [ChanceMode::External, ChanceMode::Seeded] {
        p.g.rules.chance = chance;
        for phase in [Phase::MoveRobber, Phase::Roll] {
            p.set_turn(0, phase);
            assert_eq!(p.g.legal_mask(&s, &mut mask), 0);
            let mut pirates = 0;
            for a in p.g.legal_actions_vec() {
                let id = s.encode(&a).expect("listed actions have ids");
                assert!(mask[id as usize / 64] >> (id % 64) & 1 == 1);
                assert_eq!(s.decode(&p.g, id), Some(a));
                let d = s.describe(id).unwrap();
                if let Action::MovePirate { hex, victim, .. }
                | Action::PlayKnightPirate { hex, victim, .. } = a
                {
                    pirates += 1;
                    assert_eq!(d.hex, hex.0 as i16);
                    assert_eq!(d.victim, victim.map_or(-1, |v| v.0 as i8));
                }
            }
            assert!(pirates >= w as usize, "{chance:?} {phase:?}");
        }
    }
}

#[test]
fn the_stolen_card_is_hidden_from_the_other_seats() {
    // docs/rulings.md §11 for the pirate's steal as for the robber's: thief and victim see
    // the card, nobody else does; where the pirate stands is public.
    let mut p = after_seven();
    let (a, b) = (at(&p, 5, 7), at(&p, 5, 5));
    let west = p.hex(WEST);
    p.ship(1, p.edge(a, b)).give(1, res(0, 0, 0, 0, 1));
    let ev = ok(&mut p.g, pirate(P0, west, Some(P1), Some(Resource::Ore)));
    let stole = |e: &[Event]| {
        e.iter()
            .find_map(|e| match e {
                Event::Stole { resource, .. } => Some(*resource),
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(stole(&Game::events_for(&ev, Some(P0))), Some(Resource::Ore));
    assert_eq!(stole(&Game::events_for(&ev, Some(P1))), Some(Resource::Ore));
    assert_eq!(stole(&Game::events_for(&ev, Some(P2_))), None);
    assert_eq!(stole(&Game::events_for(&ev, None)), None);
    for viewer in [None, Some(P2_)] {
        let v = p.g.view(viewer);
        assert_eq!(v.pirate, Some(west));
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.contains(&format!("\"pirate\":{}", west.0)));
    }
}

#[test]
fn the_pirate_is_part_of_a_position() {
    // docs/position.md: a position carries the pirate's hex and loads back equal; a pirate
    // on land, or on a map without open sea, is refused.
    let mut p = sea();
    // The set-up phase of an empty board (a valid position), the pirate on a sea hex.
    p.g = Game::blank(p.g.rules, p.g.board.clone(), Rng::new(1));
    p.g.pirate = p.hex(WEST).0;
    let pos = p.g.to_position();
    assert_eq!(pos.pirate, Some(p.hex(WEST)));
    assert_eq!(Game::from_position(pos.clone()).unwrap(), p.g);
    let json = serde_json::to_string(&pos).unwrap();
    assert!(json.contains(&format!("\"pirate\":{}", p.hex(WEST).0)));
    let mut bad = pos.clone();
    bad.pirate = Some(p.hex((1, 3)));
    let errs = Game::from_position(bad).unwrap_err();
    assert!(errs.0.iter().any(|e| matches!(
        e,
        crate::position::PositionError::NoSuchHex {
            field: "pirate",
            ..
        }
    )));
    // A map that starts the pirate on a sea hex never has it off the board.
    let mut on_sea = p.g.board.spec().clone();
    on_sea.pirate = Some(p.g.board.hex(p.hex(WEST)).coord);
    let mut missing = pos.clone();
    missing.board = on_sea;
    assert!(Game::from_position(missing.clone()).is_ok());
    missing.pirate = None;
    assert_eq!(
        Game::from_position(missing).unwrap_err().0,
        vec![crate::position::PositionError::PirateMissing]
    );
    let mut base = Pos::new(4).g.to_position();
    assert!(!serde_json::to_string(&base).unwrap().contains("pirate"));
    base.pirate = Some(HexId(0));
    assert!(Game::from_position(base).is_err());
}

#[test]
fn the_pirate_is_drawn() {
    // The SVG picture and the terminal picture show the pirate where it stands.
    let mut p = sea();
    let west = p.hex(WEST);
    assert!(!p.g.to_svg().contains("class=\"pirate\""));
    p.g.pirate = west.0;
    assert!(p
        .g
        .to_svg()
        .contains(&format!("<g class=\"pirate\" data-hex=\"{}\"", west.0)));
    let before = sea().g.to_ascii();
    let after = p.g.to_ascii();
    assert!(!before.contains("/ P \\"));
    assert_eq!(after.matches("/ P \\").count(), 1, "{after}");
}

#[test]
fn the_listed_ship_builds_follow_the_pirate_moved_by_the_rules() {
    // Seafarers rules, 'The pirate': no ship may be built on a side of the pirate's hex.
    // The pirate moved by the rules' effect twice: after each move the listed ship builds
    // are exactly the edges `is_legal` accepts, off the sides of its new hex and back on
    // those of the hex it left.
    let mut p = after_seven();
    let (a, b, w1, s) = (at(&p, 5, 7), at(&p, 5, 5), at(&p, 4, 8), at(&p, 6, 8));
    let (ab, aw, as_) = (p.edge(a, b), p.edge(a, w1), p.edge(a, s));
    let (west, east) = (p.hex(WEST), p.hex(EAST));
    p.settle(0, a).give(0, res(0, 3, 3, 0, 0));
    let builds = |g: &Game| -> Vec<EdgeId> {
        g.legal_actions_vec()
            .into_iter()
            .filter_map(|x| match x {
                Action::BuildShip { edge, .. } => Some(edge),
                _ => None,
            })
            .collect()
    };
    let accepted = |g: &Game| -> Vec<EdgeId> {
        (0..g.board().edges().len() as u16)
            .map(EdgeId)
            .filter(|&e| {
                g.is_legal(&Action::BuildShip {
                    player: P0,
                    edge: e,
                })
            })
            .collect()
    };
    ok(&mut p.g, pirate(P0, west, None, None));
    let listed = builds(&p.g);
    assert_eq!(listed, accepted(&p.g));
    assert!(listed.contains(&as_), "a side of the other hex only");
    assert!(!listed.contains(&ab) && !listed.contains(&aw));
    audit(&p.g);

    p.set_turn(0, Phase::MoveRobber);
    ok(&mut p.g, pirate(P0, east, None, None));
    let listed = builds(&p.g);
    assert_eq!(listed, accepted(&p.g));
    assert!(listed.contains(&aw), "the hex it left is free again");
    assert!(!listed.contains(&ab) && !listed.contains(&as_));
    // The listing read the lanes kept for the pirate's hex (`Game::sea_pirate_moved`),
    // not a working-out of its own.
    assert_eq!(p.g.ship_lanes().map(|l| l.pirate), Some(east.0));
    audit(&p.g);
}
