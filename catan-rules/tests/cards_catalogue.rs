//! The card game's catalogue: the default set and the validation of a user's catalogue
//! (docs/rulings.md §24: cards are data; a user may load their own catalogue).

use catan_rules::cards::{
    CardAction, CardGame, CardKind, CardRules, Catalogue, CatalogueProblem, DEFAULT_CATALOGUE_JSON,
};
use std::sync::Arc;

/// The default set has 120 cards (18 starting, 11 landscapes, 7 roads, 5 settlements,
/// 7 towns, 10 events, 62 development cards), and every value not printed in the rules is
/// marked as a guess with its reason.
#[test]
fn default_catalogue_is_the_120_card_set() {
    let cat = Catalogue::default_shared();
    assert_eq!(cat.total_cards(), 120);
    let count = |k: CardKind| -> usize {
        cat.cards
            .iter()
            .filter(|c| c.kind == k)
            .map(|c| c.count as usize)
            .sum()
    };
    assert_eq!(count(CardKind::Event), 10);
    assert_eq!(count(CardKind::Landscape), 23);
    assert_eq!(count(CardKind::Road), 9);
    assert_eq!(count(CardKind::Settlement), 9);
    assert_eq!(count(CardKind::Town), 7);
    let dev =
        count(CardKind::Action) + count(CardKind::SettlementUpgrade) + count(CardKind::TownUpgrade);
    assert_eq!(dev, 62);
    assert_eq!(count(CardKind::Action), 20);
    assert_eq!(count(CardKind::TownUpgrade), 16);
    for c in &cat.cards {
        assert!(!c.source.is_empty(), "{} names its source", c.id);
        if c.confidence != "confirmed" {
            assert!(
                c.guess.is_some(),
                "{} is not confirmed: its guess is explained",
                c.id
            );
        }
    }
    // Red upgrades hold 12 VP; with the tokens 14 VP are on offer beyond the centre cards.
    let red_vp: u32 = cat
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::TownUpgrade)
        .map(|c| c.victory_points as u32 * c.count as u32)
        .sum();
    assert_eq!(red_vp, 12);
}

#[test]
fn catalogue_round_trips_through_json() {
    let cat = Catalogue::default_shared();
    let back = Catalogue::from_json(&cat.to_json()).unwrap();
    assert_eq!(&back, cat.as_ref());
}

/// Every problem is reported at once: an unknown effect, impossible counts, missing
/// starting cards, a duplicate id, an unknown resource.
#[test]
fn broken_catalogue_reports_every_problem() {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_CATALOGUE_JSON).unwrap();
    let cards = v["cards"].as_array_mut().unwrap();
    let find = |cards: &Vec<serde_json::Value>, id: &str| {
        cards.iter().position(|c| c["id"] == id).unwrap()
    };
    let i = find(cards, "spy");
    cards[i]["effect"] = "peek_at_everything".into();
    let i = find(cards, "road");
    cards[i]["start"] = serde_json::json!([0, 1]);
    let i = find(cards, "market");
    cards[i]["count"] = 0.into();
    let i = find(cards, "town");
    cards[i]["start"] = serde_json::json!([5, 5]);
    let i = find(cards, "sawmill");
    cards[i]["resource"] = "timbre".into();
    let dup = cards[find(cards, "caravan")].clone();
    cards.push(dup);
    let errs = Catalogue::from_json(&v.to_string()).unwrap_err().0;
    let has = |f: &dyn Fn(&CatalogueProblem) -> bool| errs.iter().any(f);
    assert!(
        has(&|p| matches!(p, CatalogueProblem::UnknownEffect { card, .. } if card == "spy")),
        "{errs:?}"
    );
    assert!(has(&|p| matches!(
        p,
        CatalogueProblem::MissingStartingCards { set: 0, .. }
    )));
    assert!(has(
        &|p| matches!(p, CatalogueProblem::ImpossibleCount { card, .. } if card == "market")
    ));
    assert!(has(
        &|p| matches!(p, CatalogueProblem::ImpossibleCount { card, .. } if card == "town")
    ));
    assert!(has(
        &|p| matches!(p, CatalogueProblem::UnknownValue { card, .. } if card == "sawmill")
    ));
    assert!(has(
        &|p| matches!(p, CatalogueProblem::DuplicateId { card } if card == "caravan")
    ));
    assert!(errs.len() >= 6);
    assert!(Catalogue::from_json("{").is_err());
    assert!(matches!(
        Catalogue::from_json(r#"{"format":"x","version":9,"cards":[]}"#)
            .unwrap_err()
            .0[0],
        CatalogueProblem::WrongFormat { .. }
    ));
}

fn random_game(g: &mut CardGame, seed: u64, max: usize) {
    let mut legal = Vec::new();
    let mut x = seed;
    for _ in 0..max {
        if g.winner().is_some() {
            return;
        }
        g.legal_actions(&mut legal);
        let moves: Vec<CardAction> = legal.iter().copied().filter(|a| !a.is_offer()).collect();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = moves[(x >> 33) as usize % moves.len()];
        g.apply(a).unwrap();
    }
}

/// A user's catalogue (another edition: more Black Knights, a third Colossus-like card,
/// cheaper towns) loads and plays random games to the end with its own card total.
#[test]
fn custom_catalogue_plays_to_the_end() {
    let mut v: serde_json::Value = serde_json::from_str(DEFAULT_CATALOGUE_JSON).unwrap();
    v["name"] = "house-edition".into();
    let cards = v["cards"].as_array_mut().unwrap();
    for c in cards.iter_mut() {
        match c["id"].as_str().unwrap() {
            "black_knight" => c["count"] = 5.into(),
            "town" => c["cost"] = serde_json::json!({"ore": 2, "grain": 2}),
            "plague" => c["count"] = 4.into(),
            _ => {}
        }
    }
    let cat = Arc::new(Catalogue::from_json(&v.to_string()).unwrap());
    assert_eq!(cat.total_cards(), 124);
    for seed in 0..3 {
        let mut g = CardGame::with_catalogue(CardRules::default(), cat.clone(), seed);
        random_game(&mut g, seed, 30_000);
        assert!(g.winner().is_some(), "seed {seed}");
        assert_eq!(g.total_cards(), 124);
        // Positions name their catalogue and load back only with it.
        let json = g.to_json();
        assert!(CardGame::from_json(&json).is_err());
        assert_eq!(CardGame::from_json_with(&json, cat.clone()).unwrap(), g);
    }
}

/// Positions are validated with every problem reported at once: an unknown card, a stock
/// above 3, a red upgrade on a settlement, a card missing from the set, a token that does
/// not match the table, a card in the wrong pile.
#[test]
fn position_reports_every_problem() {
    use catan_rules::cards::{CardPosition, CardPositionError};
    let g = CardGame::new(CardRules::default(), 9);
    let mut pos: CardPosition = g.to_position();
    let p0 = &mut pos.principalities[0];
    let land = p0.iter_mut().find(|c| c.row == 1).unwrap();
    land.stock = 5;
    // Move a card from a pile onto a settlement's slot: a red upgrade on a settlement.
    let dev = &mut pos.piles[5];
    let i = dev
        .iter()
        .position(|c| c == "market")
        .or_else(|| dev.iter().position(|c| c == "colossus"));
    if let Some(i) = i {
        let card = dev.remove(i);
        pos.principalities[0].push(catan_rules::cards::PosCell {
            row: 1,
            col: 12,
            card,
            stock: 0,
            under: None,
        });
    }
    pos.hands[1].push(catan_rules::cards::PosHandCard {
        card: "dragon".into(),
        fresh: false,
    });
    pos.knight_token = Some(catan_rules::Player(1));
    let road = pos.piles[1].pop().unwrap();
    pos.piles[0].push(road);
    let errs = CardGame::from_json(&serde_json::to_string(&pos).unwrap())
        .unwrap_err()
        .0;
    let has = |f: &dyn Fn(&CardPositionError) -> bool| errs.iter().any(f);
    assert!(
        has(&|e| matches!(e, CardPositionError::UnknownCard { card } if card == "dragon")),
        "{errs:?}"
    );
    assert!(has(
        &|e| matches!(e, CardPositionError::BadCell { reason, .. } if reason.contains("stock"))
    ));
    assert!(has(&|e| matches!(
        e,
        CardPositionError::BadPile { pile: 0, .. }
    )));
    assert!(has(
        &|e| matches!(e, CardPositionError::Inconsistent { reason } if reason.contains("tokens"))
    ));
    assert!(errs.len() >= 4);
    assert!(matches!(
        CardGame::from_json("{").unwrap_err().0[0],
        CardPositionError::Malformed { .. }
    ));
}
