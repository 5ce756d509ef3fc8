//! Seat privacy: nothing a seat can obtain through the seat-scoped API — its view, its
//! redacted events, its legal actions and mask, its errors from `check_as`/`apply_as` —
//! changes when only information hidden from it changes: the other seats' hands (cards
//! swapped between them, every count kept), the kinds of their development cards (swapped
//! with the deck, every count kept) and the generator's state (so the deck order and all
//! future chance).
//!
//! Random playthroughs (`catan_rules::strategies`) under random rules; at a few states of
//! each, for every seat, the game is compared with copies whose hidden information was
//! changed. Every id of the action space, given to every seat, is a probe for `check_as`.
//!
//! Case counts are kept small for a debug build on two cores; raise them with
//! `PROPTEST_CASES=N`.

use catan_rules::action_space::ActionSpace;
use catan_rules::strategies::{self, Playthrough};
use catan_rules::{Action, DevCard, Game, Player, Position, Resource, Rng};
use proptest::prelude::*;

#[path = "common/cases.rs"]
mod cases;
use cases::config;

/// `g` with information hidden from `seat` changed (`None` when nothing could be changed
/// into a loadable position): up to three swaps of one card between two other seats'
/// hands, up to two swaps of a development card kind between another seat and the deck,
/// and, with `reseed`, a new generator state.
fn perturb(g: &Game, seat: Player, reseed: bool, r: &mut Rng) -> Option<Game> {
    let mut pos: Position = g.to_position();
    let n = pos.players.len();
    let others: Vec<usize> = (0..n).filter(|&i| i != seat.index()).collect();
    let mut changed = false;
    for _ in 0..3 {
        if others.len() < 2 {
            break;
        }
        let x = others[r.below(others.len() as u32) as usize];
        let y = others[r.below(others.len() as u32) as usize];
        let a = Resource::ALL[r.below(5) as usize];
        let b = Resource::ALL[r.below(5) as usize];
        if x == y || a == b || pos.players[x].hand[a] == 0 || pos.players[y].hand[b] == 0 {
            continue;
        }
        pos.players[x].hand[a] -= 1;
        pos.players[x].hand[b] += 1;
        pos.players[y].hand[b] -= 1;
        pos.players[y].hand[a] += 1;
        changed = true;
    }
    // Victory point cards are left alone: they change a seat's points, and with them
    // when the game is won.
    let kinds = [
        DevCard::Knight,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];
    for _ in 0..2 {
        let x = others[r.below(others.len() as u32) as usize];
        let a = kinds[r.below(4) as usize];
        let b = kinds[r.below(4) as usize];
        if a == b || pos.players[x].dev_cards[a] == 0 || pos.deck[b] == 0 {
            continue;
        }
        pos.players[x].dev_cards[a] -= 1;
        pos.players[x].dev_cards[b] += 1;
        pos.deck[b] -= 1;
        pos.deck[a] += 1;
        changed = true;
    }
    if reseed {
        pos.rng = Rng::new(r.next_u64());
        changed = true;
    }
    if !changed {
        return None;
    }
    // A swap may break what the position requires (an accepted offer the new hand cannot
    // pay): such a copy is not a possible game, and is skipped.
    Game::from_position(pos).ok()
}

fn ids(mask: &[u64]) -> Vec<u32> {
    let mut out = Vec::new();
    for (w, &word) in mask.iter().enumerate() {
        let mut b = word;
        while b != 0 {
            out.push((w * 64) as u32 + b.trailing_zeros());
            b &= b - 1;
        }
    }
    out
}

/// Every action a seat could send: each id of the space decoded in `g`, given to each
/// seat, and the same for the actions listed in `g`.
fn probes(g: &Game, space: &ActionSpace) -> Vec<Action> {
    let mut base: Vec<Action> = (0..space.len() as u32)
        .filter_map(|id| space.decode(g, id))
        .collect();
    base.extend(g.legal_actions_vec());
    let mut out = Vec::with_capacity(base.len() * g.players() as usize);
    for a in base {
        for q in 0..g.players() {
            out.push(a.with_player(Player(q)));
        }
    }
    out.sort_by_key(|a| a.to_json());
    out.dedup();
    out
}

/// Whether what `seat` obtains from `a` and `b` is the same; the first difference if not.
fn same_for_seat(
    a: &Game,
    b: &Game,
    seat: Player,
    space: &ActionSpace,
    probes: &[Action],
) -> Result<(), String> {
    if a.view(Some(seat)) != b.view(Some(seat)) {
        return Err("view".into());
    }
    let (mut la, mut lb) = (Vec::new(), Vec::new());
    a.legal_actions_for(seat, &mut la);
    b.legal_actions_for(seat, &mut lb);
    if la != lb {
        return Err(format!("legal_actions_for: {la:?} vs {lb:?}"));
    }
    let (mut ma, mut mb) = (vec![0u64; space.words()], vec![0u64; space.words()]);
    let na = a.legal_mask_for(seat, space, &mut ma);
    let nb = b.legal_mask_for(seat, space, &mut mb);
    if ma != mb || na != nb {
        return Err(format!("legal_mask_for: {:?} vs {:?}", ids(&ma), ids(&mb)));
    }
    for p in probes {
        let (ea, eb) = (a.check_as(seat, p), b.check_as(seat, p));
        if ea != eb {
            return Err(format!("check_as({p:?}): {ea:?} vs {eb:?}"));
        }
        if let Err(e) = &ea {
            let (ta, tb) = (e.to_string(), serde_json::to_string(e).unwrap());
            // An error is the same text and data in both games, so it cannot carry a hand.
            let eb = eb.unwrap_err();
            if ta != eb.to_string() || tb != serde_json::to_string(&eb).unwrap() {
                return Err(format!("error text of {p:?}"));
            }
        }
    }
    Ok(())
}

/// Applies one of `seat`'s own listed actions to both games with `apply_as` and compares
/// the events as `seat` and a spectator see them. Actions whose result `seat` legitimately
/// learns from hidden state are left out: its own steal (it sees the card taken), its
/// purchase (it sees the card drawn) and Monopoly (everyone sees what each seat gives).
fn same_events(a: &Game, b: &Game, seat: Player, pick: usize) -> Result<(), String> {
    let mut mine = Vec::new();
    a.legal_actions_for(seat, &mut mine);
    mine.retain(|x| {
        !matches!(
            x,
            Action::BuyDevelopmentCard { .. }
                | Action::PlayMonopoly { .. }
                | Action::MoveRobber {
                    victim: Some(_),
                    ..
                }
                | Action::PlayKnight {
                    victim: Some(_),
                    ..
                }
        )
    });
    if mine.is_empty() {
        return Ok(());
    }
    let mut act = mine[pick % mine.len()];
    // With external chance the seat's list leaves the outcome out; the referee adds the
    // same dice to both games.
    if let Action::Roll { player, dice: None } = act {
        if a.rules().chance == catan_rules::ChanceMode::External {
            act = Action::Roll {
                player,
                dice: Some([3, 4]),
            };
        }
    }
    let (mut ga, mut gb) = (a.clone(), b.clone());
    let ea = ga.apply_as(seat, act).map_err(|e| format!("{e}"))?;
    let eb = gb
        .apply_as(seat, act)
        .map_err(|e| format!("{act:?} legal in one game only: {e}"))?;
    for viewer in [Some(seat), None] {
        let (va, vb) = (Game::events_for(&ea, viewer), Game::events_for(&eb, viewer));
        if va != vb {
            return Err(format!(
                "events of {act:?} for {viewer:?}: {va:?} vs {vb:?}"
            ));
        }
    }
    Ok(())
}

fn check_states(pt: &Playthrough, sample_every: usize) -> Result<usize, TestCaseError> {
    let mut g = pt.start();
    let space = ActionSpace::new(g.board(), g.players());
    let mut r = Rng::new(pt.seed ^ 0x0bad_5eed);
    let mut compared = 0;
    for (i, a) in pt.actions.iter().enumerate() {
        if i % sample_every == sample_every - 1 {
            let probes = probes(&g, &space);
            for s in 0..g.players() {
                let seat = Player(s);
                // With the generator changed (the future differs) and without (so that
                // the same action can be applied to both and its events compared).
                for reseed in [true, false] {
                    let Some(h) = perturb(&g, seat, reseed, &mut r) else {
                        continue;
                    };
                    prop_assert_eq!(same_for_seat(&g, &h, seat, &space, &probes), Ok(()));
                    if !reseed {
                        prop_assert_eq!(same_events(&g, &h, seat, i), Ok(()));
                    }
                    compared += 1;
                }
            }
        }
        g.apply(*a).expect("a playthrough's actions are legal");
    }
    Ok(compared)
}

proptest! {
    #![proptest_config(config(12))]

    /// The property, over random games under random rules (seeded and external chance).
    #[test]
    fn a_seat_learns_nothing_from_hidden_information(
        pt in strategies::action_sequence(300)
    ) {
        check_states(&pt, 37)?;
    }
}

/// The same property on long games of the standard rules, so that discards, open trade
/// offers, development cards and late-game states are reached for sure, with a count of
/// comparisons made (the property is not vacuous).
#[test]
fn long_games_compare_many_states() {
    let mut total = 0;
    for seed in [3u64, 17, 40] {
        let (pt, _) = Playthrough::generate(catan_rules::Rules::default(), seed, 1500);
        total += check_states(&pt, 97).expect("seat privacy");
    }
    assert!(total > 60, "only {total} comparisons");
}

/// The leaks the outside audit found, one by one.
#[test]
fn the_reported_doors_are_closed() {
    use catan_rules::{Phase, RuleError};
    // Play to seat 1's main phase with cards in hand.
    let mut g = Game::new(catan_rules::Rules::default(), 12).unwrap();
    let mut r = Rng::new(1);
    while !(g.phase() == Phase::Main
        && g.current_player() == Player(1)
        && g.hand(Player(1)).total() > 0)
    {
        let a = strategies::random_legal_action(&g, &mut r).unwrap();
        if a.is_trade_offer() {
            continue;
        }
        g.apply(a).unwrap();
    }
    // 1. Another seat asking about seat 1's purchase gets the same answer whatever the
    //    hand, and no error anywhere carries a hand.
    let buy = Action::BuyDevelopmentCard {
        player: Player(1),
        card: None,
    };
    assert_eq!(
        g.check_as(Player(0), &buy),
        Err(RuleError::NotYourSeat {
            seat: Player(0),
            player: Player(1)
        })
    );
    if let Err(e) = g.check(&buy) {
        let json = serde_json::to_string(&e).unwrap();
        assert!(!json.contains("have"), "{json}");
    }
    // 3. During discards a seat's list holds only its own discards.
    let mut seen_discard = false;
    for _ in 0..20_000 {
        if g.winner().is_some() {
            break;
        }
        if g.phase() == Phase::Discard {
            seen_discard = true;
            let mut mine = Vec::new();
            for s in 0..4 {
                g.legal_actions_for(Player(s), &mut mine);
                assert!(mine.iter().all(|a| a.player() == Player(s)));
            }
        }
        let a = strategies::random_legal_action(&g, &mut r).unwrap();
        g.apply(a).unwrap();
    }
    assert!(seen_discard);
}
