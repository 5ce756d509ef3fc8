//! Paying and receiving by choice in the Catan Card Game. "If the player uses a unit of raw
//! materials, the corresponding land card must be rotated to show the next lowest number"
//! and a card that receives one turns to the next highest (Card Game rules, 'Recording Raw
//! Material Levels'); the player pays a cost by rotating "the corresponding land cards"
//! (Card Game rules, 'Development of the Principality', the example of Gotz Ironfist). An
//! action may name the cards (`landscapes`, one cell per unit); without it the engine
//! chooses as before (docs/cards.md, "Paying and receiving by choice").

use catan_rules::cards::{
    CardAction, CardDecision, CardError, CardGame, CardPosition, CardResource, CardRules, Pending,
    PileId, PosCell, Turns,
};
use catan_rules::{Player, Rng};

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
