//! Seat privacy in the Catan Card Game (1996): nothing a seat can obtain through the
//! seat-scoped API — its view, its legal actions and mask, its answers from `check_as`, and
//! whether `apply_as` accepts each of its actions — changes when only information hidden
//! from it changes: the cards in the opponent's hand (swapped with cards of a development
//! pile, every count kept), the order of every pile it has not seen, and the generator's
//! state (so every future die and shuffle). What a seat may know is docs/security.md,
//! 'The Card Game': the public table, its own hand, piles it searched, and the opponent's
//! hand only while a Spy or the Conflict event lets it look.
//!
//! Random playthroughs in both chance modes; at every few states, for each seat, the game
//! is compared with copies whose hidden information was changed. Every id of the action
//! space, decoded for each seat, is a probe for `check_as`. While the referee owes the steps
//! of a shuffle, the pile's order counts as hidden from both seats, whatever they saw of it
//! before (a Scout's look at the landscape pile). A spectator's view must not change when
//! both hands, every pile's order and the generator change, and a spectator's events name
//! no card that went into or out of a hand or pile (the card a Spy takes included).

use catan_rules::cards::{
    action_from_id, CardAction, CardDecision, CardEvent, CardGame, CardPosition, CardRules,
    Pending, PileId, ACTION_SPACE,
};
use catan_rules::{ChanceMode, Player, Rng};

/// The pile being shuffled from outside, if the referee owes its next step: its order is
/// nobody's to know, whatever a seat saw before.
fn shuffling(g: &CardGame) -> Option<PileId> {
    match g.decision() {
        CardDecision::Step {
            step: Pending::Shuffle { pile, .. },
            ..
        } => Some(pile),
        _ => None,
    }
}

/// Whether the referee owes the first or second step of a shuffle (compared every time).
fn shuffle_begins(g: &CardGame) -> bool {
    matches!(
        g.decision(),
        CardDecision::Step {
            step: Pending::Shuffle { placed: 0..=1, .. },
            ..
        }
    )
}

/// `g` with information hidden from `seat` (`None`: a spectator, who sees no hand and no
/// pile) changed, or `None` when the copy is not a loadable position or nothing changed.
fn perturb(g: &CardGame, seat: Option<Player>, r: &mut Rng) -> Option<CardGame> {
    let mut pos: CardPosition = g.to_position();
    let known = seat.map_or(0, |s| pos.known[s.index()]);
    let moving = shuffling(g);
    let unseen = |i: usize| known & (1 << i) == 0 || moving == Some(PileId(i as u8));
    let mut changed = false;
    // The hands the viewer may not look at now (a spectator: both).
    let others: Vec<usize> = match seat {
        Some(s) if g.view(Some(s)).opponent_hand.is_none() => vec![1 - s.index()],
        Some(_) => vec![],
        None => vec![0, 1],
    };
    for other in others {
        for _ in 0..3 {
            let hand = &pos.hands[other];
            if hand.is_empty() {
                break;
            }
            let h = r.below(hand.len() as u32) as usize;
            let pile = PileId::development(r.below(PileId::DEVELOPMENT as u32) as u8).index();
            if !unseen(pile) || pos.piles[pile].is_empty() {
                continue;
            }
            let k = r.below(pos.piles[pile].len() as u32) as usize;
            if pos.piles[pile][k] != pos.hands[other][h].card {
                std::mem::swap(&mut pos.piles[pile][k], &mut pos.hands[other][h].card);
                changed = true;
            }
        }
    }
    // The order of every pile the seat has not seen.
    for (i, pile) in pos.piles.iter_mut().enumerate() {
        if !unseen(i) || pile.len() < 2 {
            continue;
        }
        for j in (1..pile.len()).rev() {
            let k = r.below(j as u32 + 1) as usize;
            if pile[j] != pile[k] {
                pile.swap(j, k);
                changed = true;
            }
        }
    }
    pos.rng = Rng::new(r.next_u64());
    changed |= pos.rng != g.to_position().rng;
    if !changed {
        return None;
    }
    CardGame::from_json(&serde_json::to_string(&pos).unwrap()).ok()
}

/// Every action a seat could send: each id decoded for each seat, and each listed action.
fn probes(a: &CardGame, b: &CardGame) -> Vec<CardAction> {
    let mut out: Vec<CardAction> = (0..ACTION_SPACE)
        .flat_map(|id| (0..2).filter_map(move |q| action_from_id(id, Player(q))))
        .collect();
    out.extend(a.legal_actions_vec());
    out.extend(b.legal_actions_vec());
    out
}

trait Listed {
    fn legal_actions_vec(&self) -> Vec<CardAction>;
}

impl Listed for CardGame {
    fn legal_actions_vec(&self) -> Vec<CardAction> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }
}

/// The first difference in what `seat` obtains from `a` and `b`, if any.
fn same_for_seat(a: &CardGame, b: &CardGame, seat: Player) -> Result<(), String> {
    if a.view(Some(seat)) != b.view(Some(seat)) {
        return Err("view".into());
    }
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    a.legal_actions_for(seat, &mut la);
    b.legal_actions_for(seat, &mut lb);
    if la != lb {
        return Err(format!("legal_actions_for: {la:?} vs {lb:?}"));
    }
    // Chance outcomes are the referee's, never in a seat's list.
    if let Some(o) = la.iter().find(|x| {
        matches!(
            x,
            CardAction::ChooseStarter { .. }
                | CardAction::RollOutcome { .. }
                | CardAction::DieOutcome { .. }
                | CardAction::ShuffleStep { .. }
        )
    }) {
        return Err(format!("an outcome in the seat's list: {o:?}"));
    }
    let mut ma = vec![false; ACTION_SPACE as usize];
    let mut mb = vec![false; ACTION_SPACE as usize];
    let na = a.legal_mask_for(seat, &mut ma);
    let nb = b.legal_mask_for(seat, &mut mb);
    if ma != mb || na != nb {
        return Err("legal_mask_for".into());
    }
    for p in probes(a, b) {
        let (ca, cb) = (a.check_as(seat, &p), b.check_as(seat, &p));
        if ca != cb {
            return Err(format!("check_as({p:?}): {ca:?} vs {cb:?}"));
        }
    }
    for &act in &la {
        let (ra, rb) = (
            a.clone().apply_as(seat, act).is_ok(),
            b.clone().apply_as(seat, act).is_ok(),
        );
        // In an external-chance game `roll` is the seat's choice; the referee applies the
        // outcome, so apply_as refuses the bare choice in both copies alike.
        if ra != rb {
            return Err(format!("apply_as({act:?}): {ra} vs {rb}"));
        }
    }
    Ok(())
}

fn playthrough(seed: u64, chance: ChanceMode, every: usize) -> usize {
    let rules = CardRules {
        chance,
        ..CardRules::default()
    };
    playthrough_with(seed, rules, every)
}

fn playthrough_with(seed: u64, rules: CardRules, every: usize) -> usize {
    let mut g = CardGame::new(rules, seed);
    let mut r = Rng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut compared = 0;
    for step in 0..1_500 {
        if g.winner().is_some() {
            break;
        }
        if step % every == 0 || shuffle_begins(&g) {
            for seat in [Player(0), Player(1)] {
                if let Some(h) = perturb(&g, Some(seat), &mut r) {
                    if let Err(e) = same_for_seat(&g, &h, seat) {
                        panic!("seed {seed}, step {step}, {seat}: {e} differs");
                    }
                    compared += 1;
                }
            }
            // A spectator: both hands, every pile's order and the generator hidden.
            if let Some(h) = perturb(&g, None, &mut r) {
                assert_eq!(g.view(None), h.view(None), "seed {seed}, step {step}");
                compared += 1;
            }
        }
        g.legal_actions(&mut legal);
        let choices: Vec<_> = legal.iter().filter(|a| !a.is_offer()).collect();
        let a = *choices[r.below(choices.len() as u32) as usize];
        let events = g.apply(a).unwrap();
        // A spectator sees no card that went from a hand or pile into a hand or pile.
        for e in CardGame::events_for(&events, None) {
            match e {
                CardEvent::TookCard { card, .. }
                | CardEvent::DrewCard { card, .. }
                | CardEvent::PutUnder { card, .. }
                | CardEvent::TookFromHand { card, .. } => {
                    assert_eq!(card, None, "seed {seed}, step {step}: {e:?}")
                }
                _ => {}
            }
        }
    }
    compared
}

/// Seeded chance: hidden hands, pile orders and the generator never reach a seat.
#[test]
fn a_seat_learns_nothing_hidden_seeded() {
    let compared: usize = (1..=4)
        .map(|seed| playthrough(seed, ChanceMode::Seeded, 9))
        .sum();
    assert!(compared > 100, "only {compared} comparisons");
}

/// External chance: the same, with the dice left to the referee.
#[test]
fn a_seat_learns_nothing_hidden_external() {
    let compared: usize = (5..=7)
        .map(|seed| playthrough(seed, ChanceMode::External, 9))
        .sum();
    assert!(compared > 60, "only {compared} comparisons");
}

/// Under the rule `choose_landscapes` (docs/cards.md, "Paying and receiving by choice"):
/// the turn steps and their picks read nothing hidden either.
#[test]
fn a_seat_learns_nothing_hidden_choosing_landscapes() {
    let rules = CardRules {
        choose_landscapes: true,
        ..CardRules::default()
    };
    let compared = playthrough_with(8, rules, 7);
    assert!(compared > 30, "only {compared} comparisons");
}

/// Another seat's action is refused before anything else is looked at, with the same
/// error in every state; the starting player is never a seat's choice (Card Game rules,
/// 'Laying Out the Playing Area': the dice decide who starts).
#[test]
fn other_seats_actions_are_refused_first() {
    use catan_rules::cards::CardError;
    let external = CardRules {
        chance: ChanceMode::External,
        ..CardRules::default()
    };
    let mut g = CardGame::new(external, 3);
    let before = g.to_json();
    let start = CardAction::ChooseStarter { player: Player(0) };
    assert_eq!(
        g.apply_as(Player(0), start),
        Err(CardError::NotYourTurn { player: Player(0) })
    );
    assert_eq!(g.to_json(), before);
    let mut seeded = CardGame::new(CardRules::default(), 3);
    let me = seeded.current_player();
    let them = Player(1 - me.0);
    let before = seeded.to_json();
    for id in 0..ACTION_SPACE {
        let Some(a) = action_from_id(id, me) else {
            continue;
        };
        // Outcomes only the referee supplies are refused for every seat, its own too.
        if matches!(
            a,
            CardAction::ChooseStarter { .. }
                | CardAction::DieOutcome { .. }
                | CardAction::ShuffleStep { .. }
        ) {
            for seat in [me, them] {
                assert_eq!(
                    seeded.apply_as(seat, a),
                    Err(CardError::NotYourTurn { player: seat })
                );
            }
            continue;
        }
        assert_eq!(
            seeded.apply_as(them, a),
            Err(CardError::NotYourSeat {
                seat: them,
                player: me
            })
        );
    }
    assert_eq!(
        seeded.check_as(Player(2), &CardAction::Roll { player: me }),
        Err(CardError::NoSuchPlayer { player: Player(2) })
    );
    assert_eq!(seeded.to_json(), before);
    // The seat to roll lists `roll` once in an external-chance game, never an outcome.
    g.apply(CardAction::ChooseStarter { player: Player(1) })
        .unwrap();
    let mut mine = Vec::new();
    loop {
        g.legal_actions_for(g.current_player(), &mut mine);
        if mine.iter().any(|a| matches!(a, CardAction::Roll { .. })) {
            break;
        }
        let mut all = Vec::new();
        g.legal_actions(&mut all);
        g.apply(all[0]).unwrap();
    }
    let seat = g.current_player();
    assert!(mine.iter().all(|a| !matches!(
        a,
        CardAction::RollOutcome { .. } | CardAction::DieOutcome { .. }
    )));
    assert_eq!(g.check_as(seat, &CardAction::Roll { player: seat }), Ok(()));
    let outcome = CardAction::RollOutcome {
        player: seat,
        event: 3,
        production: 4,
    };
    assert!(g.apply_as(seat, outcome).is_ok());
}
