//! Paying and receiving by choice in the Catan Card Game. "If the player uses a unit of raw
//! materials, the corresponding land card must be rotated to show the next lowest number"
//! and a card that receives one turns to the next highest (Card Game rules, 'Recording Raw
//! Material Levels'); the player pays a cost by rotating "the corresponding land cards"
//! (Card Game rules, 'Development of the Principality', the example of Gotz Ironfist). An
//! action may name the cards (`landscapes`, one cell per unit); without it the engine
//! chooses as before (docs/cards.md, "Paying and receiving by choice").

use catan_rules::cards::{
    action_from_id, action_id, CardAction, CardDecision, CardError, CardEvent, CardGame,
    CardPosition, CardResource, CardRules, Pending, PileId, PosCell, Turns, ACTION_SPACE,
};
use catan_rules::{Player, PlayerSet, Rng};

/// A game in its main phase, turn 3 or later, nothing pending.
fn main_phase(seed: u64) -> CardGame {
    for s in seed.. {
        let mut g = CardGame::new(CardRules::default(), s);
        let mut r = Rng::new(s);
        let mut legal = Vec::new();
        for _ in 0..2_000 {
            let p = g.current_player();
            if g.turn() >= 3 && g.decision() == (CardDecision::Main { player: p }) {
                return g;
            }
            if g.winner().is_some() {
                break;
            }
            g.legal_actions(&mut legal);
            legal.retain(|a| !a.is_offer());
            g.apply(legal[r.below(legal.len() as u32) as usize])
                .unwrap();
        }
    }
    unreachable!()
}

fn cell(pos: &mut CardPosition, p: Player, row: u8, col: u8) -> &mut PosCell {
    pos.principalities[p.index()]
        .iter_mut()
        .find(|c| c.row == row && c.col == col)
        .unwrap()
}

/// The player to move with two fields — (1, 13) holding 3 grain and (3, 11) holding 1 —
/// and mountains (1, 15) holding 3 ore; every other landscape empty, nothing built this
/// turn and settlements at columns 12 and 14.
fn two_fields(seed: u64) -> (CardGame, Player) {
    let g = main_phase(seed);
    let p = g.current_player();
    let mut pos = g.to_position();
    // Lay a second field at (3, 11): swap that landscape with a field from the pile.
    let field = pos.piles[PileId::LANDSCAPES.index()]
        .iter()
        .position(|c| c.starts_with("fields"))
        .unwrap();
    let name = pos.piles[PileId::LANDSCAPES.index()][field].clone();
    let mine = std::mem::replace(&mut cell(&mut pos, p, 3, 11).card, name);
    pos.piles[PileId::LANDSCAPES.index()][field] = mine;
    for c in pos.principalities[p.index()].iter_mut() {
        if c.row == 1 || c.row == 3 {
            c.stock = 0;
        }
    }
    assert!(cell(&mut pos, p, 1, 13).card.starts_with("fields"));
    assert!(cell(&mut pos, p, 1, 15).card.starts_with("mountains"));
    cell(&mut pos, p, 1, 13).stock = 3;
    cell(&mut pos, p, 3, 11).stock = 1;
    cell(&mut pos, p, 1, 15).stock = 3;
    pos.built = false;
    pos.replenishing = false;
    pos.exchanged = false;
    let g = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
    (g, p)
}

fn turns(cells: &[(u8, u8)]) -> Turns {
    Turns::new(cells).unwrap()
}

fn stocks(g: &CardGame, p: Player) -> Vec<(usize, usize, u8)> {
    [1, 3]
        .into_iter()
        .flat_map(|r| (1..27).step_by(2).map(move |c| (r, c)))
        .map(|(r, c)| (r, c, g.cell(p, r, c).stock))
        .collect()
}

/// A town paid with 1 grain from each field and 3 ore: exactly the named cards turn down,
/// one step per time named; the engine's choice would have emptied the fuller field.
#[test]
fn paying_by_choice_turns_exactly_the_named_cards() {
    let (g, p) = two_fields(1);
    let town = |landscapes| CardAction::BuildTown {
        player: p,
        col: 12,
        landscapes,
    };
    let named = turns(&[(1, 15), (3, 11), (1, 15), (1, 13), (1, 15)]);
    let mut chosen = g.clone();
    chosen.apply(town(named)).unwrap();
    let mut expected = stocks(&g, p);
    for (r, c, n) in &mut expected {
        match (*r, *c) {
            (1, 13) => *n = 2,
            (3, 11) => *n = 0,
            (1, 15) => *n = 0,
            _ => {}
        }
    }
    assert_eq!(stocks(&chosen, p), expected);
    // Without a choice: the fuller field pays both units, as before.
    let mut auto = g.clone();
    auto.apply(town(Turns::NONE)).unwrap();
    assert_eq!(auto.cell(p, 1, 13).stock, 1);
    assert_eq!(auto.cell(p, 3, 11).stock, 1);
    assert_eq!(auto.stock(p), chosen.stock(p));
}

/// Named cards that do not pay the cost exactly are refused and nothing changes: a card of
/// the wrong resource, too few or too many units, a card turned more often than it stores,
/// a cell without a landscape of the player.
#[test]
fn naming_the_wrong_cards_is_refused() {
    let (g, p) = two_fields(2);
    let before = g.to_json();
    let bad = [
        &[(1, 15), (1, 15), (1, 15), (1, 13), (3, 13)][..],
        &[(1, 15), (1, 15), (1, 15), (1, 13)][..],
        &[(1, 15), (1, 15), (1, 15), (1, 13), (1, 13), (3, 11)][..],
        &[(1, 15), (1, 15), (1, 15), (3, 11), (3, 11)][..],
        &[(1, 15), (1, 15), (1, 15), (1, 13), (1, 25)][..],
    ];
    for cells in bad {
        let mut h = g.clone();
        let a = CardAction::BuildTown {
            player: p,
            col: 12,
            landscapes: turns(cells),
        };
        assert_eq!(h.apply(a), Err(CardError::BadChoice), "{cells:?}");
        assert_eq!(h.to_json(), before);
    }
    // Cells that are no landscape slot are not a `landscapes` list at all.
    assert!(Turns::new(&[(2, 12)]).is_none());
    assert!(CardAction::from_json(
        r#"{"type":"build_town","player":0,"col":12,"landscapes":[{"row":2,"col":12}]}"#
    )
    .is_err());
}

/// Receiving by choice: a successful year's unit goes on the named field, not the emptiest
/// one (Card Game rules, 'Recording Raw Material Levels'); a bank trade gives from and
/// receives on the named cards; a search is paid from them.
#[test]
fn receiving_trading_and_searching_by_choice() {
    let (g, p) = two_fields(3);
    let mut pos = g.to_position();
    pos.pending = vec![Pending::Gain { player: p, n: 1 }];
    let gain = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
    let choose = |landscapes| CardAction::ChooseResource {
        player: p,
        resource: CardResource::Grain,
        landscapes,
    };
    let mut chosen = gain.clone();
    chosen.apply(choose(turns(&[(1, 13)]))).unwrap_err();
    chosen.apply(choose(turns(&[(3, 11)]))).unwrap();
    assert_eq!(
        (chosen.cell(p, 1, 13).stock, chosen.cell(p, 3, 11).stock),
        (3, 2)
    );

    let trade = CardAction::BankTrade {
        player: p,
        give: CardResource::Ore,
        get: CardResource::Grain,
        landscapes: turns(&[(1, 15), (3, 11), (1, 15), (1, 15)]),
    };
    let mut traded = g.clone();
    traded.apply(trade).unwrap();
    assert_eq!(
        (
            traded.cell(p, 1, 15).stock,
            traded.cell(p, 3, 11).stock,
            traded.cell(p, 1, 13).stock
        ),
        (0, 2, 3)
    );

    // A hand below its limit searches (Card Game rules, 'Replenishing Your Hand').
    let mut pos = g.to_position();
    while pos.hands[p.index()].len() >= g.hand_limit(p) {
        let card = pos.hands[p.index()].pop().unwrap().card;
        pos.piles[PileId::development(4).index()].push(card);
    }
    let mut searcher = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
    let search = CardAction::Search {
        player: p,
        pile: PileId::development(0),
        pay: [Some(CardResource::Grain), Some(CardResource::Grain)],
        landscapes: turns(&[(3, 11), (1, 13)]),
    };
    searcher.apply(search).unwrap();
    assert_eq!(
        (searcher.cell(p, 1, 13).stock, searcher.cell(p, 3, 11).stock),
        (2, 0)
    );
}

/// The default form is today's: no `landscapes` key on the wire, and an action without it
/// parses to the engine's choice.
#[test]
fn the_default_form_is_unchanged_on_the_wire() {
    let a = CardAction::BuildTown {
        player: Player(1),
        col: 12,
        landscapes: Turns::NONE,
    };
    assert_eq!(a.to_json(), r#"{"type":"build_town","player":1,"col":12}"#);
    assert_eq!(CardAction::from_json(&a.to_json()).unwrap(), a);
    let b = CardAction::BuildTown {
        player: Player(1),
        col: 12,
        landscapes: turns(&[(1, 13), (3, 11)]),
    };
    assert_eq!(
        b.to_json(),
        r#"{"type":"build_town","player":1,"col":12,"landscapes":[{"row":1,"col":13},{"row":3,"col":11}]}"#
    );
    assert_eq!(CardAction::from_json(&b.to_json()).unwrap(), b);
}

// ------------------------------------------------------------- turning by steps and ids

/// [`two_fields`] under the rule `choose_landscapes`: the seat turns its own cards by
/// steps (docs/cards.md, "Paying and receiving by choice").
fn two_fields_choosing(seed: u64, stock: [(u8, u8, u8); 3]) -> (CardGame, Player) {
    let (g, p) = two_fields(seed);
    let mut pos = g.to_position();
    pos.rules.choose_landscapes = true;
    for (r, c, n) in stock {
        cell(&mut pos, p, r, c).stock = n;
    }
    let g = CardGame::from_json(&serde_json::to_string(&pos).unwrap()).unwrap();
    (g, p)
}

fn id(a: CardAction) -> u32 {
    action_id(&a).unwrap()
}

fn pick(p: Player, row: u8, col: u8) -> CardAction {
    CardAction::ChooseCard {
        player: p,
        col,
        row,
    }
}

/// The decision: seat `p` turns `n` grain down (or up).
fn grain_step(p: Player, n: u8, up: bool) -> CardDecision {
    let step = Pending::Turn {
        player: p,
        resource: CardResource::Grain,
        n,
        up,
    };
    CardDecision::Step { player: p, step }
}

/// The ids the mask marks.
fn masked(g: &CardGame) -> Vec<u32> {
    let mut mask = vec![false; ACTION_SPACE as usize];
    g.legal_mask(&mut mask);
    (0..ACTION_SPACE).filter(|&i| mask[i as usize]).collect()
}

/// "He must rotate the corresponding land cards" (Card Game rules, 'Development of the
/// Principality'; 'Recording Raw Material Levels'): a town bought by id leaves the seat a
/// step per resource with a real choice — the grain, from two fields — and none for the
/// ore of its only mountain. Picking the poorer field by id turns exactly it; the last
/// unit then has one card left and turns at once. The engine alone would have emptied the
/// fuller field twice.
#[test]
fn paying_by_choice_through_ids_turns_the_chosen_cards() {
    let (g, p) = two_fields_choosing(1, [(1, 13, 3), (3, 11, 1), (1, 15, 3)]);
    let mut g2 = g.clone();
    g2.apply_id(id(CardAction::BuildTown {
        player: p,
        col: 12,
        landscapes: Turns::NONE,
    }))
    .unwrap();
    assert_eq!(g2.decision(), grain_step(p, 2, false));
    // The ore waits behind the grain (resources in their fixed order), then has one card.
    assert_eq!(g2.cell(p, 1, 15).stock, 3);
    assert_eq!(g2.to_act(), PlayerSet::EMPTY.with(p));
    assert_eq!(
        masked(&g2),
        vec![id(pick(p, 1, 13)), id(pick(p, 3, 11))],
        "one id per field that can give"
    );
    // An illegal pick (the mountain, now empty; a cell with no card) changes nothing.
    let before = g2.to_json();
    for bad in [
        pick(p, 1, 15),
        pick(p, 2, 12),
        pick(p, 4, 26),
        pick(p, 9, 9),
    ] {
        assert_eq!(g2.apply(bad), Err(CardError::BadChoice), "{bad:?}");
        assert_eq!(g2.to_json(), before);
    }
    // The other seat cannot pick for him.
    let other = catan_rules::cards::opponent(p);
    assert!(matches!(
        g2.apply(pick(other, 3, 11)),
        Err(CardError::NotYourTurn { .. })
    ));
    g2.apply_id(id(pick(p, 3, 11))).unwrap();
    assert_eq!(g2.decision(), CardDecision::Main { player: p });
    assert_eq!((g2.cell(p, 1, 13).stock, g2.cell(p, 3, 11).stock), (2, 0));
    assert_eq!(g2.cell(p, 1, 15).stock, 0);
    // The other seat sees the turned cards: the table is public.
    let seen = &g2.view(Some(other)).principalities[p.index()].cells;
    assert!(seen.iter().any(|&(r, c, _, n, _)| (r, c, n) == (3, 11, 0)));
    assert!(seen.iter().any(|&(r, c, _, n, _)| (r, c, n) == (1, 13, 2)));

    // Without the rule: the default game's choice, no step.
    let (plain, _) = two_fields(1);
    let mut plain = plain;
    plain
        .apply_id(id(CardAction::BuildTown {
            player: p,
            col: 12,
            landscapes: Turns::NONE,
        }))
        .unwrap();
    assert_eq!(plain.decision(), CardDecision::Main { player: p });
    assert_eq!(
        (plain.cell(p, 1, 13).stock, plain.cell(p, 3, 11).stock),
        (1, 1)
    );
    // Naming the cards on the action still works under the rule, without a step.
    let mut named = g.clone();
    named
        .apply(CardAction::BuildTown {
            player: p,
            col: 12,
            landscapes: turns(&[(1, 15), (3, 11), (1, 15), (1, 13), (1, 15)]),
        })
        .unwrap();
    assert_eq!(named.decision(), CardDecision::Main { player: p });
    assert_eq!(named.to_json(), g2.to_json());
}

/// A unit received goes on the card the seat turns up (Card Game rules, 'Recording Raw
/// Material Levels': the card turns "to show the next highest number"): a bank trade's
/// grain on the field picked, not the first of two equally empty ones; paid ore first.
#[test]
fn receiving_by_choice_fills_the_chosen_card() {
    let (g, p) = two_fields_choosing(3, [(1, 13, 1), (3, 11, 1), (1, 15, 3)]);
    let mut g = g;
    let trade = CardAction::BankTrade {
        player: p,
        give: CardResource::Ore,
        get: CardResource::Grain,
        landscapes: Turns::NONE,
    };
    let events = g.apply_id(id(trade)).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, CardEvent::BankTraded { .. })));
    assert_eq!(g.decision(), grain_step(p, 1, true));
    assert_eq!(g.cell(p, 1, 15).stock, 0);
    assert_eq!(
        masked(&g),
        vec![id(pick(p, 1, 13)), id(pick(p, 3, 11))],
        "one id per field with room"
    );
    g.apply_id(id(pick(p, 3, 11))).unwrap();
    assert_eq!((g.cell(p, 1, 13).stock, g.cell(p, 3, 11).stock), (1, 2));
    assert_eq!(g.decision(), CardDecision::Main { player: p });
}

/// A position waiting for a pick saves and loads as it was; crafted turn steps that no
/// game reaches are refused: without the rule, more units than the cards hold, behind
/// another step, or with one card left (the engine would turn it at once).
#[test]
fn positions_with_a_pending_pick_round_trip_and_bad_ones_are_refused() {
    let (g, p) = two_fields_choosing(1, [(1, 13, 3), (3, 11, 1), (1, 15, 3)]);
    let mut g = g;
    g.apply(CardAction::BuildTown {
        player: p,
        col: 12,
        landscapes: Turns::NONE,
    })
    .unwrap();
    let text = g.to_json();
    let back = CardGame::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json(), text);
    let turn = |n, up| Pending::Turn {
        player: p,
        resource: CardResource::Grain,
        n,
        up,
    };
    let load = |f: &dyn Fn(&mut CardPosition)| {
        let mut pos = g.to_position();
        f(&mut pos);
        CardGame::from_json(&serde_json::to_string(&pos).unwrap())
    };
    assert!(load(&|_| {}).is_ok());
    assert!(load(&|pos| pos.pending = vec![turn(3, false)]).is_ok());
    let refused: [&dyn Fn(&mut CardPosition); 6] = [
        &|pos| pos.rules.choose_landscapes = false,
        &|pos| pos.pending = vec![turn(5, false)],
        &|pos| pos.pending = vec![turn(0, false)],
        &|pos| pos.pending = vec![turn(9, true)],
        &|pos| pos.pending = vec![Pending::Discard { player: p }, turn(1, false)],
        &|pos| {
            cell(pos, p, 3, 11).stock = 0;
            pos.pending = vec![turn(1, false)];
        },
    ];
    for (i, f) in refused.iter().enumerate() {
        assert!(load(*f).is_err(), "crafted position {i} loaded");
    }
}

/// Along random games under the rule: at every pick, every id of the action space is in
/// the mask exactly when it applies (only `choose_card` ids of the seat's turnable cards
/// are); a refused id changes nothing; the position round-trips. After every action the
/// cards' units stay 0–3 and add up to each seat's stock.
#[test]
fn pick_ids_are_masked_iff_they_apply() {
    let rules = CardRules {
        choose_landscapes: true,
        ..CardRules::default()
    };
    let mut picks = 0;
    let mut mask = vec![false; ACTION_SPACE as usize];
    let mut legal = Vec::new();
    for seed in 0..2u64 {
        let mut g = CardGame::new(rules, seed);
        let mut r = Rng::new(seed ^ 0x7a7a);
        for step in 0..1_500 {
            if g.winner().is_some() {
                break;
            }
            if let CardDecision::Step {
                player,
                step: Pending::Turn { .. },
            } = g.decision()
            {
                picks += 1;
                g.legal_mask(&mut mask);
                let before = g.to_json();
                for i in 0..ACTION_SPACE {
                    let Some(a) = action_from_id(i, player) else {
                        assert!(!mask[i as usize]);
                        continue;
                    };
                    let ok = g.is_legal(&a);
                    assert_eq!(ok, mask[i as usize], "seed {seed} step {step} id {i}");
                    assert!(!ok || matches!(a, CardAction::ChooseCard { .. }));
                    if ok || i % 256 == 0 {
                        let mut h = g.clone();
                        assert_eq!(h.apply_id(i).is_ok(), ok);
                        if !ok {
                            assert_eq!(h.to_json(), before);
                        }
                    }
                }
                assert!(mask.iter().filter(|&&m| m).count() >= 2, "a real choice");
                assert_eq!(CardGame::from_json(&before).unwrap(), g);
            }
            g.legal_actions(&mut legal);
            legal.retain(|a| !a.is_offer() || r.below(10) == 0);
            g.apply(legal[r.below(legal.len() as u32) as usize])
                .unwrap();
            for p in [Player(0), Player(1)] {
                let cells = stocks(&g, p);
                let total: u32 = cells.iter().map(|&(_, _, n)| u32::from(n)).sum();
                assert!(cells.iter().all(|&(_, _, n)| n <= 3));
                assert_eq!(total, g.stock(p).total(), "seed {seed} step {step}");
            }
        }
    }
    assert!(picks > 20, "only {picks} picks met");
}

/// An offer never has a resource on both sides (docs/cards.md, "Where the rules are
/// silent", 10, as docs/rulings.md §17 for the board game): 1 ore for 1 ore is refused with
/// `BadTrade` and changes nothing, as a bank trade of a resource for itself is. Its id
/// (one-for-one offers, ore for ore) is never masked.
#[test]
fn an_offer_with_a_resource_on_both_sides_is_refused() {
    let (g, p) = two_fields_choosing(5, [(1, 13, 3), (3, 11, 1), (1, 15, 3)]);
    let mut g = g;
    let before = g.clone();
    let ore = catan_rules::cards::CardResources::one(CardResource::Ore);
    let same = CardAction::Offer {
        player: p,
        give: ore,
        get: ore,
    };
    assert_eq!(g.apply(same), Err(CardError::BadTrade));
    assert_eq!(g, before);
    let mut mask = vec![false; ACTION_SPACE as usize];
    g.legal_mask(&mut mask);
    assert!(!mask[action_id(&same).unwrap() as usize]);
    let mut both = catan_rules::cards::CardResources::one(CardResource::Ore);
    both.0[CardResource::Grain.index()] = 1;
    let overlapping = CardAction::Offer {
        player: p,
        give: both,
        get: ore,
    };
    assert_eq!(g.apply(overlapping), Err(CardError::BadTrade));
    assert_eq!(g, before);
}

/// A search paid with two resources is one payment in either order: both orders have the
/// one id of the listed order, lower resource first (docs/cards.md, "Where the rules are
/// silent", 10); no other id decodes to the other order.
#[test]
fn a_search_payment_has_one_id_in_either_order() {
    use catan_rules::cards::PileId;
    let pile = PileId::development(0);
    let (grain, ore) = (CardResource::Grain, CardResource::Ore);
    let (lo, hi) = if grain.index() < ore.index() {
        (grain, ore)
    } else {
        (ore, grain)
    };
    let search = |pay: [Option<CardResource>; 2]| CardAction::Search {
        player: Player(0),
        pile,
        pay,
        landscapes: catan_rules::cards::Turns::NONE,
    };
    let listed = search([Some(lo), Some(hi)]);
    let other = search([Some(hi), Some(lo)]);
    let id = action_id(&listed).unwrap();
    assert_eq!(action_id(&other), Some(id));
    assert_eq!(action_from_id(id, Player(0)), Some(listed));
    let reverse = (0..ACTION_SPACE)
        .find(|&i| i != id && matches!(action_from_id(i, Player(0)), Some(a) if a == other));
    assert_eq!(reverse, None);
}
