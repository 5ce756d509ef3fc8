//! Trade: Base rules "Trade", "Domestic Trade", "Maritime Trade", "Harbors", "Combined
//! Trade/Build Phase"; Clarifications "Turn phases" and its note on new harbours; docs/rulings.md §1,
//! 7, 17, 18.

use super::*;
use crate::game::Decision;
use crate::types::PlayerSet;

fn offer(p: Player, to: Option<Player>, give: Resources, get: Resources) -> Action {
    Action::OfferTrade {
        player: p,
        to,
        give,
        get,
    }
}

fn sea(p: Player, give: Resource, get: Resource, rate: u8) -> Action {
    Action::MaritimeTrade {
        player: p,
        give,
        get,
        rate,
    }
}

/// p0: 2 brick, 1 lumber; p1: 2 ore, 1 wool; p2: 1 grain.
fn traders() -> Pos {
    let mut pos = Pos::new(3);
    pos.give(0, res(2, 1, 0, 0, 0))
        .give(1, res(0, 0, 1, 0, 2))
        .give(2, res(0, 0, 0, 1, 0));
    pos
}

#[test]
fn domestic_trade_offer_accept_confirm() {
    // Base rules "Domestic Trade": the current player trades with another player at any
    // ratio; docs/rulings.md §17.
    let mut pos = traders();
    let a = offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1));
    audit(&pos.g);
    let ev = ok(&mut pos.g, a);
    assert!(ev.contains(&Event::TradeOffered {
        player: P0,
        to: None,
        give: res(1, 0, 0, 0, 0),
        get: res(0, 0, 0, 0, 1)
    }));
    assert_eq!(
        pos.g.decision(),
        Decision::TradeResponses {
            player: P0,
            pending: PlayerSet::EMPTY.with(P1).with(P2_)
        }
    );
    audit(&pos.g);
    // p2 has no ore: cannot accept, may reject.
    rejects(
        &mut pos.g,
        Action::AcceptTrade { player: P2_ },
        RuleError::NotEnoughResources {
            need: res(0, 0, 0, 0, 1),
        },
    );
    // Nobody has accepted yet.
    rejects(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P1,
        },
        RuleError::NotAccepted { partner: P1 },
    );
    ok(&mut pos.g, Action::AcceptTrade { player: P1 });
    rejects(
        &mut pos.g,
        Action::RejectTrade { player: P1 },
        RuleError::CannotAnswer { player: P1 },
    );
    ok(&mut pos.g, Action::RejectTrade { player: P2_ });
    rejects(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P2_,
        },
        RuleError::NotAccepted { partner: P2_ },
    );
    // The offerer does not answer their own offer, and only the offerer confirms.
    rejects(
        &mut pos.g,
        Action::AcceptTrade { player: P0 },
        RuleError::CannotAnswer { player: P0 },
    );
    rejects(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P1,
            with: P1,
        },
        RuleError::NotYourTurn { player: P1 },
    );
    audit(&pos.g);
    let ev = ok(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P1,
        },
    );
    assert!(ev.contains(&Event::Traded {
        player: P0,
        partner: P1,
        gave: res(1, 0, 0, 0, 0),
        got: res(0, 0, 0, 0, 1)
    }));
    assert_eq!(pos.g.hand(P0), res(1, 1, 0, 0, 1));
    assert_eq!(pos.g.hand(P1), res(1, 0, 1, 0, 1));
    assert_eq!(pos.g.decision(), Decision::Main { player: P0 });
    assert_cards_conserved(&pos.g);
    // Trade again in the same turn, at another ratio.
    ok(
        &mut pos.g,
        offer(P0, Some(P2_), res(1, 1, 0, 0, 0), res(0, 0, 0, 1, 0)),
    );
    ok(&mut pos.g, Action::AcceptTrade { player: P2_ });
    ok(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P2_,
        },
    );
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 1, 1));
    assert_cards_conserved(&pos.g);
}

#[test]
fn no_gifts_and_no_like_for_like() {
    // Base rules "Trade": "You may not give away cards", "You may not trade like resources
    // (e.g., 2 wool for 1 wool)"; Clarifications: "Each player must contribute a nonzero number
    // of cards"; docs/rulings.md §17.
    let mut pos = traders();
    rejects(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), Resources::EMPTY),
        RuleError::InvalidTrade {
            reason: "each side must give at least one card",
        },
    );
    rejects(
        &mut pos.g,
        offer(P0, None, Resources::EMPTY, res(0, 0, 0, 0, 1)),
        RuleError::InvalidTrade {
            reason: "each side must give at least one card",
        },
    );
    rejects(
        &mut pos.g,
        offer(P0, None, res(2, 0, 0, 0, 0), res(1, 0, 0, 0, 1)),
        RuleError::InvalidTrade {
            reason: "the same resource on both sides",
        },
    );
    rejects(
        &mut pos.g,
        offer(P0, None, res(3, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
        RuleError::NotEnoughResources {
            need: res(3, 0, 0, 0, 0),
        },
    );
    rejects(
        &mut pos.g,
        offer(P0, Some(P0), res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
        RuleError::InvalidTrade {
            reason: "cannot trade with yourself",
        },
    );
    rejects(
        &mut pos.g,
        offer(P0, Some(Player(4)), res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
        RuleError::NoSuchPlayer { player: Player(4) },
    );
    // Counter-offers obey the same terms.
    ok(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
    );
    rejects(
        &mut pos.g,
        Action::CounterOffer {
            player: P1,
            give: res(0, 0, 0, 0, 1),
            get: Resources::EMPTY,
        },
        RuleError::InvalidTrade {
            reason: "each side must give at least one card",
        },
    );
    rejects(
        &mut pos.g,
        Action::CounterOffer {
            player: P1,
            give: res(0, 0, 0, 0, 1),
            get: res(0, 0, 0, 0, 1),
        },
        RuleError::InvalidTrade {
            reason: "the same resource on both sides",
        },
    );
}

#[test]
fn only_the_current_player_trades() {
    // Base rules "Domestic Trade": "Players may only trade with the player whose turn it is.
    // The other players may not trade among themselves"; "Trade": "You may not trade with
    // the bank during another player's turn". docs/rulings.md §17.
    let mut pos = traders();
    rejects(
        &mut pos.g,
        offer(P1, Some(P2_), res(0, 0, 1, 0, 0), res(0, 0, 0, 1, 0)),
        RuleError::NotYourTurn { player: P1 },
    );
    rejects(
        &mut pos.g,
        offer(P1, Some(P0), res(0, 0, 1, 0, 0), res(1, 0, 0, 0, 0)),
        RuleError::NotYourTurn { player: P1 },
    );
    pos.give(1, res(0, 0, 0, 0, 2));
    rejects(
        &mut pos.g,
        sea(P1, Resource::Ore, Resource::Brick, 4),
        RuleError::NotYourTurn { player: P1 },
    );
    // A one-player offer: the others cannot answer it.
    ok(
        &mut pos.g,
        offer(P0, Some(P1), res(1, 0, 0, 0, 0), res(0, 0, 1, 0, 0)),
    );
    rejects(
        &mut pos.g,
        Action::RejectTrade { player: P2_ },
        RuleError::CannotAnswer { player: P2_ },
    );
    audit(&pos.g);
}

#[test]
fn no_trade_before_the_roll() {
    // Base rules "Domestic Trade": "(after rolling for resource production)"; docs/rulings.md §2.
    let mut pos = traders().turn(0, Phase::Roll);
    rejects(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
        RuleError::WrongPhase {
            action: "offer_trade",
            reason: "roll the dice first",
        },
    );
}

#[test]
fn counter_offers_and_hands_rechecked_at_confirmation() {
    // Base rules "Domestic Trade" example: Beth and Cooper answer Pete with their own terms
    // and Pete accepts Cooper's. docs/rulings.md §17 (hands are checked again at confirmation).
    let mut pos = traders();
    ok(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
    );
    // p1 wants 3 brick for 1 ore: p0 has only 2.
    ok(
        &mut pos.g,
        Action::CounterOffer {
            player: P1,
            give: res(0, 0, 0, 0, 1),
            get: res(3, 0, 0, 0, 0),
        },
    );
    // p2 offers its grain for 1 brick + 1 lumber.
    ok(
        &mut pos.g,
        Action::CounterOffer {
            player: P2_,
            give: res(0, 0, 0, 1, 0),
            get: res(1, 1, 0, 0, 0),
        },
    );
    rejects(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P1,
        },
        RuleError::NotEnoughResources {
            need: res(3, 0, 0, 0, 0),
        },
    );
    audit(&pos.g);
    ok(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P2_,
        },
    );
    assert_eq!(pos.g.hand(P0), res(1, 0, 0, 1, 0));
    assert_eq!(pos.g.hand(P2_), res(1, 1, 0, 0, 0));
    assert_eq!(pos.g.hand(P1), res(0, 0, 1, 0, 2), "p1 untouched");
    assert_cards_conserved(&pos.g);
    // An accepted partner who no longer holds the cards cannot be confirmed.
    let mut pos = traders();
    ok(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 2)),
    );
    ok(&mut pos.g, Action::AcceptTrade { player: P1 });
    pos.g.seats[1].hand[Resource::Ore] = 1; // (a position only reachable by hand-editing)
    rejects(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P1,
        },
        RuleError::NotEnoughResources {
            need: res(0, 0, 0, 0, 2),
        },
    );
}

#[test]
fn cancel_and_everyone_declines() {
    // Base rules "Domestic Trade": the current player chooses which answer to take, or none.
    let mut pos = traders();
    ok(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
    );
    // While an offer is open nothing else happens.
    rejects(
        &mut pos.g,
        Action::EndTurn { player: P0 },
        RuleError::WrongPhase {
            action: "end_turn",
            reason: "a trade offer is open",
        },
    );
    rejects(
        &mut pos.g,
        Action::CancelTrade { player: P1 },
        RuleError::NotYourTurn { player: P1 },
    );
    let ev = ok(&mut pos.g, Action::CancelTrade { player: P0 });
    assert!(ev.contains(&Event::TradeClosed { player: P0 }));
    assert_eq!(pos.g.decision(), Decision::Main { player: P0 });
    rejects(
        &mut pos.g,
        Action::CancelTrade { player: P0 },
        RuleError::NoOpenOffer,
    );
    // Everyone declines: the offer closes by itself.
    ok(
        &mut pos.g,
        offer(P0, None, res(1, 0, 0, 0, 0), res(0, 0, 0, 0, 1)),
    );
    ok(&mut pos.g, Action::RejectTrade { player: P1 });
    let ev = ok(&mut pos.g, Action::RejectTrade { player: P2_ });
    assert!(ev.contains(&Event::TradeClosed { player: P0 }));
    assert_eq!(pos.g.decision(), Decision::Main { player: P0 });
    assert_eq!(pos.g.hand(P0), res(2, 1, 0, 0, 0));
}

#[test]
fn maritime_four_to_one_always() {
    // Base rules "Maritime Trade": "The 4:1 trade is always possible, even if you do not
    // have a settlement on a harbor"; docs/rulings.md §18.
    let mut pos = Pos::new(3);
    pos.give(0, res(5, 0, 0, 0, 0));
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 3),
        RuleError::RateUnavailable {
            give: Resource::Brick,
            rate: 3,
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 2),
        RuleError::RateUnavailable {
            give: Resource::Brick,
            rate: 2,
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 5),
        RuleError::RateUnavailable {
            give: Resource::Brick,
            rate: 5,
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Brick, 4),
        RuleError::InvalidTrade {
            reason: "give and get the same resource",
        },
    );
    audit(&pos.g);
    let ev = ok(&mut pos.g, sea(P0, Resource::Brick, Resource::Ore, 4));
    assert!(ev.contains(&Event::MaritimeTraded {
        player: P0,
        give: Resource::Brick,
        get: Resource::Ore,
        rate: 4
    }));
    assert_eq!(pos.g.hand(P0), res(1, 0, 0, 0, 1));
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 4),
        RuleError::NotEnoughResources {
            need: res(4, 0, 0, 0, 0),
        },
    );
    assert_cards_conserved(&pos.g);
}

#[test]
fn maritime_three_to_one_at_a_generic_harbour_and_a_worse_rate_still_applies() {
    // Base rules "Maritime Trade", Generic Harbor (3:1); docs/rulings.md §18: "applying a worse
    // available rate must work".
    let mut pos = Pos::new(3);
    let n = pos.node(M10, Corner::N); // harbour 1: 3:1 (the harbours printed on the 5th-edition frame)
    pos.settle(0, n).give(0, res(0, 7, 0, 0, 0));
    assert_eq!(pos.g.best_rate(P0, Resource::Lumber), 3);
    rejects(
        &mut pos.g,
        sea(P0, Resource::Lumber, Resource::Wool, 2),
        RuleError::RateUnavailable {
            give: Resource::Lumber,
            rate: 2,
        },
    );
    audit(&pos.g);
    ok(&mut pos.g, sea(P0, Resource::Lumber, Resource::Wool, 3));
    // The dominated 4:1 is not listed but is legal.
    let worse = sea(P0, Resource::Lumber, Resource::Grain, 4);
    assert!(!pos.g.legal_actions_vec().contains(&worse));
    ok(&mut pos.g, worse);
    assert_eq!(pos.g.hand(P0), res(0, 0, 1, 1, 0));
    assert_cards_conserved(&pos.g);
}

#[test]
fn maritime_two_to_one_only_for_the_harbours_resource() {
    // Base rules "Maritime Trade", Special Harbor: "The exchange rate of 2:1 only applies to
    // the resource shown ... A special harbor does not permit you to trade any other
    // resource type at a more favorable rate (not even 3:1)!"
    let mut pos = Pos::new(3);
    let n = pos.node(H10, Corner::Ne); // harbour 3: 2:1 ore
    pos.settle(0, n).give(0, res(4, 0, 0, 0, 4));
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Wool, 3),
        RuleError::RateUnavailable {
            give: Resource::Brick,
            rate: 3,
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Wool, 2),
        RuleError::RateUnavailable {
            give: Resource::Brick,
            rate: 2,
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Ore, Resource::Wool, 3),
        RuleError::RateUnavailable {
            give: Resource::Ore,
            rate: 3,
        },
    );
    audit(&pos.g);
    // "He can also trade 4 ore cards for any 2 other cards" (two trades).
    ok(&mut pos.g, sea(P0, Resource::Ore, Resource::Wool, 2));
    ok(&mut pos.g, sea(P0, Resource::Ore, Resource::Lumber, 2));
    // "If he traded 4 wool instead of 4 ore, he would get only 1 card" (brick here).
    ok(&mut pos.g, sea(P0, Resource::Brick, Resource::Grain, 4));
    assert_eq!(pos.g.hand(P0), res(0, 1, 1, 1, 0));
    assert_cards_conserved(&pos.g);
}

#[test]
fn maritime_trade_cannot_take_what_the_bank_lacks() {
    // docs/rulings.md §7: "a maritime trade cannot take a resource the bank lacks".
    let mut pos = Pos::new(3);
    pos.give(0, res(4, 0, 0, 0, 0)).bank(Resource::Ore, 0);
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 4),
        RuleError::BankEmpty {
            resource: Resource::Ore,
        },
    );
    audit(&pos.g);
}

/// p0 with a road to the 3:1 harbour corner M10 N, cards for a settlement and 3 lumber.
fn harbour_builder(strict: bool) -> (Pos, NodeId) {
    let mut pos = Pos::with_rules(Rules {
        strict_phases: strict,
        ..rules(3)
    });
    let n = pos.node(M10, Corner::N);
    let nw = pos.node(M10, Corner::Nw);
    let sw = pos.node(M10, Corner::Sw);
    pos.settle(0, sw).path(0, &[sw, nw, n]);
    pos.give(0, res(1, 4, 1, 1, 0));
    (pos, n)
}

#[test]
fn combined_phase_new_harbour_usable_at_once_and_trade_after_building() {
    // Base rules "Combined Trade/Build Phase": "you can trade, build, trade again and build
    // again ... You can even use a harbor on the same turn you build a settlement there";
    // docs/rulings.md §1 (the default).
    let (mut pos, n) = harbour_builder(false);
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: n,
        },
    );
    assert_eq!(pos.g.best_rate(P0, Resource::Lumber), 3);
    audit(&pos.g);
    ok(&mut pos.g, sea(P0, Resource::Lumber, Resource::Ore, 3));
    assert_eq!(pos.g.hand(P0), res(0, 0, 0, 0, 1));
}

#[test]
fn strict_phases_no_trade_after_building_and_new_harbour_waits() {
    // Clarifications "Turn phases": roll, trade, build, "No backtracking is allowed"; note: "a
    // new port may not be used for maritime trade on the same turn that it has been built";
    // docs/rulings.md §1 (option `strict_phases`).
    let (mut pos, n) = harbour_builder(true);
    // Trading first is fine.
    pos.give(1, res(0, 0, 0, 0, 1));
    ok(
        &mut pos.g,
        offer(P0, Some(P1), res(0, 1, 0, 0, 0), res(0, 0, 0, 0, 1)),
    );
    ok(&mut pos.g, Action::AcceptTrade { player: P1 });
    ok(
        &mut pos.g,
        Action::ConfirmTrade {
            player: P0,
            with: P1,
        },
    );
    pos.give(0, res(0, 1, 0, 0, 0));
    ok(
        &mut pos.g,
        Action::BuildSettlement {
            player: P0,
            node: n,
        },
    );
    // The harbour is not usable this turn, and no trade of any kind after building.
    assert_eq!(pos.g.best_rate(P0, Resource::Lumber), 4);
    rejects(
        &mut pos.g,
        sea(P0, Resource::Lumber, Resource::Ore, 3),
        RuleError::TradeAfterBuild,
    );
    rejects(
        &mut pos.g,
        offer(P0, None, res(0, 1, 0, 0, 0), res(0, 0, 0, 0, 1)),
        RuleError::TradeAfterBuild,
    );
    audit(&pos.g);
    // Next own turn the harbour works.
    ok(&mut pos.g, Action::EndTurn { player: P0 });
    for q in [P1, P2_] {
        ok(&mut pos.g, roll(q, 1, 1));
        ok(&mut pos.g, Action::EndTurn { player: q });
    }
    ok(&mut pos.g, roll(P0, 1, 1));
    assert_eq!(pos.g.best_rate(P0, Resource::Lumber), 3);
    ok(&mut pos.g, sea(P0, Resource::Lumber, Resource::Ore, 3));
}

#[test]
fn strict_phases_buying_a_card_also_ends_trading() {
    // Base rules "Build": buying development cards is part of the build step; docs/rulings.md §1.
    let mut pos = Pos::with_rules(Rules {
        strict_phases: true,
        ..rules(3)
    });
    pos.give(0, res(4, 0, 1, 1, 1));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
    );
    rejects(
        &mut pos.g,
        sea(P0, Resource::Brick, Resource::Ore, 4),
        RuleError::TradeAfterBuild,
    );
    // Combined default: the same trade is fine.
    let mut pos = Pos::new(3);
    pos.give(0, res(4, 0, 1, 1, 1));
    ok(
        &mut pos.g,
        Action::BuyDevelopmentCard {
            player: P0,
            card: Some(DevCard::Knight),
        },
    );
    ok(&mut pos.g, sea(P0, Resource::Brick, Resource::Ore, 4));
}
