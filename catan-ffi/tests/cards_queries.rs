//! The Card Game's C calls in the base game's shapes:
//! masks as 64-bit words with the buffer protocol of `catan_game_legal_mask`, who acts as a
//! seat set, fixed ids both ways, the state JSON, scores, tokens, per-seat stats and
//! stock, the catalogue that names every card number, the referee's check and
//! `copy_from`. Each answer is compared with the core's (`catan_rules::cards::CardGame`)
//! along random games, so a call that mistranslates fails.

mod common;

use catan::cards::*;
use catan::*;
use catan_rules::cards::{
    action_from_id, action_id, CardAction, CardDecision, CardGame, CardResource, CardRules, Pending,
};
use catan_rules::Player;
use common::cards::*;
use common::*;
use serde_json::Value;
use std::ptr;

fn new_cards(rules: &str, seed: u64) -> *mut catan_cards_game {
    let mut g = ptr::null_mut();
    // SAFETY: valid C string and out pointer.
    let st = unsafe { catan_cards_new(c(rules).as_ptr(), seed, &mut g) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    g
}

fn string_call(
    g: *const catan_cards_game,
    f: unsafe extern "C" fn(*const catan_cards_game, *mut *mut std::ffi::c_char) -> catan_status,
) -> Value {
    let mut out = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    assert_eq!(
        unsafe { f(g, &mut out) },
        catan_status::Ok,
        "{}",
        last_error()
    );
    serde_json::from_str(&take(out)).unwrap()
}

/// Applies fixed id `id` through C, the same action to the core twin, and checks both
/// agree on the events.
fn step(g: *mut catan_cards_game, twin: &mut CardGame, id: u32) {
    let mut json = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_action_json_for_id(g, id, &mut json) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let action: CardAction = serde_json::from_str(&take(json)).unwrap();
    assert_eq!(
        action_id(&action),
        Some(id),
        "the id decodes to an action with that id"
    );
    let mut back = u32::MAX;
    // SAFETY: a live handle, a valid C string and out pointer.
    let st = unsafe { catan_cards_id_for_action_json(g, c(action.to_json()).as_ptr(), &mut back) };
    assert_eq!((st, back), (catan_status::Ok, id));
    let mut events = ptr::null_mut();
    // SAFETY: a live handle and a valid out pointer.
    let st = unsafe { catan_cards_apply_id(g, id, &mut events) };
    assert_eq!(st, catan_status::Ok, "{}", last_error());
    let expected = twin.apply(action).unwrap();
    assert_eq!(take(events), serde_json::to_string(&expected).unwrap());
}

/// Checks every query of the state against the core twin.
fn same_state(g: *const catan_cards_game, twin: &CardGame) {
    assert_eq!(position(g), twin.to_json());
    let state = string_call(g, catan_cards_state_json);
    let decision = serde_json::to_value(twin.decision()).unwrap();
    assert_eq!(state["decision"], decision);
    assert_eq!(state["phase"], serde_json::to_value(twin.phase()).unwrap());
    let to_act: Vec<u8> = twin.to_act().iter().map(|p| p.0).collect();
    assert_eq!(state["to_act"], serde_json::json!(to_act));
    assert_eq!(state["current_player"], twin.current_player().0);
    assert_eq!(state["turn"], twin.turn());
    assert_eq!(
        state["dice"],
        serde_json::json!(twin.dice().map(|(e, p)| [e, p]))
    );
    let points = [twin.points(Player(0)), twin.points(Player(1))];
    assert_eq!(state["scores"], serde_json::json!(points));
    assert_eq!(state["players"], 2);
    let seat = |p: Option<Player>| p.map_or(-1, |p| i32::from(p.0));
    assert_eq!(
        state["knight_token"],
        serde_json::json!(twin.knight_token().map(|p| p.0))
    );

    let mut acting = u32::MAX;
    // SAFETY: a live handle and valid out pointers throughout.
    unsafe {
        assert_eq!(catan_cards_to_act(g, &mut acting), catan_status::Ok);
        assert_eq!(acting, u32::from(twin.to_act().0));
        let mut winner = -2;
        assert_eq!(catan_cards_winner(g, &mut winner), catan_status::Ok);
        assert_eq!(winner, seat(twin.winner()));
        let mut scores = [0u8; 2];
        let mut len = 0;
        assert_eq!(
            catan_cards_scores(g, scores.as_mut_ptr(), 2, &mut len),
            catan_status::Ok
        );
        assert_eq!((len, scores.map(u32::from)), (2, points));
        let (mut knight, mut mill) = (-2, -2);
        assert_eq!(
            catan_cards_token_holders(g, &mut knight, &mut mill),
            catan_status::Ok
        );
        assert_eq!(knight, seat(twin.knight_token()));
        assert_eq!(mill, seat(twin.mill_token()));
        for p in [Player(0), Player(1)] {
            let mut stats = [0u8; 4];
            let [a, b, c, d] = &mut stats;
            assert_eq!(
                catan_cards_seat_stats(g, i32::from(p.0), a, b, c, d),
                catan_status::Ok
            );
            let expected = [
                twin.strength(p),
                twin.tournament_points(p),
                twin.trade_points(p),
                twin.hand_limit(p) as u32,
            ];
            assert_eq!(stats.map(u32::from), expected);
            let mut stock = [0u8; 6];
            assert_eq!(
                catan_cards_stock(g, i32::from(p.0), stock.as_mut_ptr(), 6, &mut len),
                catan_status::Ok
            );
            assert_eq!(len, 6);
            for r in CardResource::ALL {
                assert_eq!(stock[r.index()], twin.stock(p).get(r), "{r:?}");
            }
        }
    }
    // The masks are the core's ids: the referee's for the seat to act, and each seat's.
    let mut legal = Vec::new();
    twin.legal_actions(&mut legal);
    let mut ids: Vec<u32> = legal.iter().filter_map(action_id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(mask(g), ids);
    let mut bits = vec![false; space_len(g)];
    twin.legal_mask_with(&mut bits, false);
    let no_offers: Vec<u32> = (0..bits.len() as u32)
        .filter(|&i| bits[i as usize])
        .collect();
    let n = bits.len().div_ceil(64);
    let mut words = vec![u64::MAX; n];
    let mut len = 0;
    // SAFETY: a live handle, `n` writable words and a valid out pointer.
    let st = unsafe { catan_cards_legal_mask_without_offers(g, words.as_mut_ptr(), n, &mut len) };
    assert_eq!((st, len), (catan_status::Ok, n));
    assert_eq!(ids_of(&words), no_offers);
    for p in [Player(0), Player(1)] {
        let mut bits = vec![false; space_len(g)];
        twin.legal_mask_for(p, &mut bits);
        let theirs: Vec<u32> = (0..bits.len() as u32)
            .filter(|&i| bits[i as usize])
            .collect();
        assert_eq!(mask_for(g, i32::from(p.0)), theirs);
    }
}

#[test]
fn every_query_agrees_with_the_core_along_random_games() {
    for seed in [3u64, 11] {
        let g = new_cards("{}", seed);
        let mut twin = CardGame::new(CardRules::default(), seed);
        let mut x = seed;
        for _ in 0..200 {
            same_state(g, &twin);
            if twin.winner().is_some() {
                break;
            }
            let ids = mask(g);
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            step(g, &mut twin, ids[(x >> 33) as usize % ids.len()]);
        }
        // SAFETY: a live handle freed once.
        unsafe { catan_cards_free(g) };
    }
}

/// Under the rule `choose_landscapes` a seat turns its own landscape cards (Card Game
/// rules, 'Recording Raw Material Levels'): the picks of a turn step are `choose_card` ids
/// in the C masks, applied by id, and every answer agrees with the core (docs/cards.md,
/// "Paying and receiving by choice").
#[test]
fn landscape_picks_go_by_id_through_c() {
    let rules = CardRules {
        choose_landscapes: true,
        ..CardRules::default()
    };
    let g = new_cards(r#"{"choose_landscapes": true}"#, 5);
    assert_eq!(
        string_call(g, catan_cards_rules_json)["choose_landscapes"],
        true
    );
    let mut twin = CardGame::new(rules, 5);
    let (mut x, mut picks) = (5u64, 0);
    for i in 0..3_000 {
        if twin.winner().is_some() {
            break;
        }
        let ids = mask(g);
        let picking = matches!(
            twin.decision(),
            CardDecision::Step {
                step: Pending::Turn { .. },
                ..
            }
        );
        if picking {
            picks += 1;
            same_state(g, &twin);
            assert!(ids.len() >= 2, "a real choice: {ids:?}");
            for &id in &ids {
                let a = action_from_id(id, Player(0)).unwrap();
                assert!(matches!(a, CardAction::ChooseCard { .. }), "{a:?}");
            }
        } else if i % 100 == 0 {
            same_state(g, &twin);
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let plain: Vec<u32> = ids
            .iter()
            .copied()
            .filter(|&id| !action_from_id(id, Player(0)).is_some_and(|a| a.is_offer()))
            .collect();
        let pool = if plain.is_empty() { &ids } else { &plain };
        step(g, &mut twin, pool[(x >> 33) as usize % pool.len()]);
    }
    assert!(picks > 5, "only {picks} picks");
    // SAFETY: a live handle freed once.
    unsafe { catan_cards_free(g) };
}

#[test]
fn masks_and_buffers_follow_the_base_games_protocol() {
    let g = new_cards("{}", 5);
    let words = space_len(g).div_ceil(64);
    let mut len = 0;
    // SAFETY: a live handle; NULL buffers with `cap` 0 and valid out pointers.
    unsafe {
        assert_eq!(
            catan_cards_legal_mask(g, ptr::null_mut(), 0, &mut len),
            catan_status::BufferTooSmall
        );
        assert_eq!(len, words, "the needed length is written");
        len = 0;
        assert_eq!(
            catan_cards_legal_mask_for(g, 0, ptr::null_mut(), 0, &mut len),
            catan_status::BufferTooSmall
        );
        assert_eq!(len, words);
        let mut one = [7u8; 1];
        assert_eq!(
            catan_cards_scores(g, one.as_mut_ptr(), 1, &mut len),
            catan_status::BufferTooSmall
        );
        assert_eq!((len, one), (2, [7]), "nothing written to a short buffer");
        assert_eq!(
            catan_cards_stock(g, 0, one.as_mut_ptr(), 1, &mut len),
            catan_status::BufferTooSmall
        );
        assert_eq!(len, 6);
        assert_eq!(
            catan_cards_legal_mask(g, ptr::null_mut(), 5, &mut len),
            catan_status::NullArgument
        );
        let mut w = vec![0u64; words];
        for seat in [-1, 2] {
            assert_eq!(
                catan_cards_legal_mask_for(g, seat, w.as_mut_ptr(), words, &mut len),
                catan_status::NoSuchPlayer
            );
            assert_eq!(
                catan_cards_stock(g, seat, one.as_mut_ptr(), 6, &mut len),
                catan_status::NoSuchPlayer
            );
            assert_eq!(
                catan_cards_seat_stats(
                    g,
                    seat,
                    ptr::null_mut(),
                    ptr::null_mut(),
                    ptr::null_mut(),
                    ptr::null_mut()
                ),
                catan_status::NoSuchPlayer
            );
        }
        assert_eq!(
            catan_cards_action_space_len(ptr::null(), &mut len),
            catan_status::NullArgument
        );
        let mut json = ptr::null_mut();
        let n = space_len(g) as u32;
        assert_eq!(
            catan_cards_action_json_for_id(g, n, &mut json),
            catan_status::IdOutOfRange
        );
        assert!(json.is_null());
        // A two-for-one offer is legal to send but has no fixed id.
        let offer = r#"{"type": "offer", "player": 0, "give": {"brick": 2}, "get": {"ore": 1}}"#;
        let mut id = u32::MAX;
        assert_eq!(
            catan_cards_id_for_action_json(g, c(offer).as_ptr(), &mut id),
            catan_status::ActionNotListed
        );
        assert_eq!(
            catan_cards_id_for_action_json(g, c("{").as_ptr(), &mut id),
            catan_status::MalformedJson
        );
        assert_eq!(id, u32::MAX);
        catan_cards_free(g);
    }
}

#[test]
fn the_catalogue_names_every_card_number_of_views_and_events() {
    // docs/cards.md, 'Cards are data': views and events name cards by their number in the
    // catalogue; the catalogue JSON's `cards[n]` is card `n`.
    let g = new_cards("{}", 9);
    let twin = CardGame::new(CardRules::default(), 9);
    let cat = string_call(g, catan_cards_catalogue_json);
    let cards = cat["cards"].as_array().unwrap();
    assert_eq!(cards.len(), twin.catalogue().cards.len());
    // Play until the seat to act holds cards (after the opening).
    let view = loop {
        let seat = to_act(g);
        let mut view = ptr::null_mut();
        // SAFETY: a live handle and a valid out pointer.
        let st = unsafe { catan_cards_view_json(g, seat, &mut view) };
        assert_eq!(st, catan_status::Ok);
        let view: Value = serde_json::from_str(&take(view)).unwrap();
        if !view["hand"].as_array().unwrap().is_empty() {
            break view;
        }
        // SAFETY: a live handle; events not wanted.
        let st = unsafe { catan_cards_apply_id(g, mask(g)[0], ptr::null_mut()) };
        assert_eq!(st, catan_status::Ok);
    };
    let seat = view["seat"].as_u64().unwrap() as usize;
    // A cell is `[row, col, card, stock, under]`; a hand card `{"card": n}`.
    let cells = view["principalities"][seat]["cells"].as_array().unwrap();
    let hand = view["hand"].as_array().unwrap();
    let numbers: Vec<&Value> = cells
        .iter()
        .map(|cell| &cell[2])
        .chain(hand.iter().map(|h| &h["card"]))
        .collect();
    assert!(cells.len() >= 6 && !hand.is_empty(), "{view}");
    for n in numbers {
        let n = n.as_u64().unwrap() as usize;
        let spec = twin.catalogue().card(catan_rules::cards::CardId(n as u8));
        assert_eq!(cards[n]["name"], spec.name.as_str());
        assert_eq!(cards[n]["id"], spec.id.as_str());
    }
    let rules = string_call(g, catan_cards_rules_json);
    assert_eq!(rules, serde_json::to_value(CardRules::default()).unwrap());
    // SAFETY: a live handle freed once.
    unsafe { catan_cards_free(g) };
}

#[test]
fn check_is_the_referees_and_copy_from_makes_a_twin() {
    // docs/security.md, 'The Card Game': `check` takes either seat's action (the
    // referee's); `check_as` refuses the other seat's first.
    let g = new_cards(r#"{"vp_target": 8}"#, 12);
    let me = to_act(g);
    let roll = |p: i32| {
        c(CardAction::Roll {
            player: Player(p as u8),
        }
        .to_json())
    };
    let mut copy = new_cards("{}", 1);
    // SAFETY: live handles and valid C strings throughout.
    unsafe {
        let mut legal = ptr::null_mut();
        assert_eq!(
            catan_cards_legal_actions_json(g, &mut legal),
            catan_status::Ok
        );
        let legal: Vec<CardAction> = serde_json::from_str(&take(legal)).unwrap();
        assert_eq!(
            catan_cards_check_json(g, c(legal[0].to_json()).as_ptr()),
            catan_status::Ok
        );
        assert_eq!(
            catan_cards_check_json(g, roll(1 - me).as_ptr()),
            catan_status::NotYourTurn
        );
        assert_eq!(
            catan_cards_check_as_json(g, me, roll(1 - me).as_ptr()),
            catan_status::NotYourSeat
        );
        assert_eq!(
            catan_cards_check_json(g, c("{").as_ptr()),
            catan_status::MalformedJson
        );

        assert_eq!(catan_cards_copy_from(copy, g), catan_status::Ok);
        assert_eq!(position(copy), position(g));
        let rules = string_call(copy, catan_cards_rules_json);
        assert_eq!(rules["vp_target"], 8, "the rules come along");
        assert_eq!(catan_cards_copy_from(g, g), catan_status::Ok);
        let before = position(copy);
        assert_eq!(
            catan_cards_copy_from(copy, ptr::null()),
            catan_status::NullArgument
        );
        assert_eq!(position(copy), before, "unchanged on failure");
        // The copy continues exactly like the original, future chance included.
        for _ in 0..60 {
            let ids = mask(g);
            assert_eq!(mask(copy), ids);
            let id = ids[ids.len() / 2];
            assert_eq!(
                catan_cards_apply_id(g, id, ptr::null_mut()),
                catan_status::Ok
            );
            assert_eq!(
                catan_cards_apply_id(copy, id, ptr::null_mut()),
                catan_status::Ok
            );
        }
        assert_eq!(position(copy), position(g));
        catan_cards_free(copy);
        copy = ptr::null_mut();
        catan_cards_free(copy);
        catan_cards_free(g);
    }
}

#[test]
fn null_handles_and_outputs_are_refused_and_nothing_is_written() {
    // catan-ffi's conventions (catan-ffi/README.md, 'Conventions'): NULL is refused with
    // `NULL_ARGUMENT` except for outputs documented as optional, and outputs are written
    // only on success.
    let g = new_cards("{}", 13);
    let before = position(g);
    let null = ptr::null::<catan_cards_game>();
    let mut json = ptr::null_mut();
    let (mut n, mut len, mut id, mut seat) = (7u32, 7usize, 7u32, 7i32);
    let mut buf = [7u8; 8];
    let mut words = [7u64; 80];
    let roll = c(r#"{"type": "roll", "player": 0}"#);
    // SAFETY: every pointer is NULL or valid; the handle is live.
    unsafe {
        let json_queries: [unsafe extern "C" fn(
            *const catan_cards_game,
            *mut *mut std::ffi::c_char,
        ) -> catan_status; 4] = [
            catan_cards_state_json,
            catan_cards_rules_json,
            catan_cards_catalogue_json,
            catan_cards_legal_actions_json,
        ];
        for f in json_queries {
            assert_eq!(f(null, &mut json), catan_status::NullArgument);
            assert_eq!(f(g, ptr::null_mut()), catan_status::NullArgument);
        }
        let nulls = [
            catan_cards_action_space_len(null, &mut len),
            catan_cards_action_space_len(g, ptr::null_mut()),
            catan_cards_legal_mask(null, words.as_mut_ptr(), 80, &mut len),
            catan_cards_legal_mask(g, words.as_mut_ptr(), 80, ptr::null_mut()),
            catan_cards_legal_mask_for(null, 0, words.as_mut_ptr(), 80, &mut len),
            catan_cards_apply_id(ptr::null_mut(), 0, ptr::null_mut()),
            catan_cards_action_json_for_id(null, 0, &mut json),
            catan_cards_action_json_for_id(g, 0, ptr::null_mut()),
            catan_cards_id_for_action_json(null, roll.as_ptr(), &mut id),
            catan_cards_id_for_action_json(g, ptr::null(), &mut id),
            catan_cards_id_for_action_json(g, roll.as_ptr(), ptr::null_mut()),
            catan_cards_check_json(null, roll.as_ptr()),
            catan_cards_check_json(g, ptr::null()),
            catan_cards_to_act(null, &mut n),
            catan_cards_to_act(g, ptr::null_mut()),
            catan_cards_winner(null, &mut seat),
            catan_cards_winner(g, ptr::null_mut()),
            catan_cards_scores(null, buf.as_mut_ptr(), 8, &mut len),
            catan_cards_scores(g, buf.as_mut_ptr(), 8, ptr::null_mut()),
            catan_cards_token_holders(null, &mut seat, &mut seat),
            catan_cards_seat_stats(
                null,
                0,
                buf.as_mut_ptr(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
            ),
            catan_cards_stock(null, 0, buf.as_mut_ptr(), 8, &mut len),
            catan_cards_stock(g, 0, ptr::null_mut(), 8, &mut len),
            catan_cards_copy_from(ptr::null_mut(), g),
        ];
        for (i, st) in nulls.into_iter().enumerate() {
            assert_eq!(st, catan_status::NullArgument, "call {i}");
        }
        assert!(json.is_null());
        assert_eq!((n, len, id, seat), (7, 7, 7, 7), "no output written");
        assert_eq!(buf, [7; 8]);
        assert!(words.iter().all(|&w| w == 7));
        // Optional outputs may be NULL.
        assert_eq!(
            catan_cards_token_holders(g, ptr::null_mut(), ptr::null_mut()),
            catan_status::Ok
        );
        assert_eq!(
            catan_cards_seat_stats(
                g,
                1,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            catan_status::Ok
        );
    }
    assert_eq!(position(g), before);
    // SAFETY: a live handle freed once.
    unsafe { catan_cards_free(g) };
}

#[test]
fn list_indices_are_the_base_games_and_follow_the_list() {
    // The `*_index` calls (catan-ffi/README.md, 'Indices and ids') index the current list
    // of `catan_cards_legal_actions_json`, in the engine's order, for the Card Game too.
    let g = new_cards("{}", 17);
    let mut twin = CardGame::new(CardRules::default(), 17);
    let mut x = 17u64;
    // SAFETY: a live handle and valid pointers throughout.
    unsafe {
        for _ in 0..120 {
            if twin.winner().is_some() {
                break;
            }
            let mut legal = Vec::new();
            twin.legal_actions(&mut legal);
            let mut n = 0;
            assert_eq!(catan_cards_legal_count(g, &mut n), catan_status::Ok);
            assert_eq!(n, legal.len());
            let mut idx = vec![u32::MAX; n];
            let mut len = 0;
            assert_eq!(
                catan_cards_legal_indices(g, idx.as_mut_ptr(), n, &mut len),
                catan_status::Ok
            );
            assert_eq!((len, idx), (n, (0..n as u32).collect::<Vec<_>>()));
            for (i, a) in legal.iter().enumerate() {
                let mut json = ptr::null_mut();
                assert_eq!(
                    catan_cards_action_json_for_index(g, i as u32, &mut json),
                    catan_status::Ok
                );
                assert_eq!(take(json), a.to_json());
                let mut back = u32::MAX;
                let st = catan_cards_index_for_action_json(g, c(a.to_json()).as_ptr(), &mut back);
                // The list holds each action once, so the index comes back.
                assert_eq!((st, back as usize), (catan_status::Ok, i));
            }
            let mut json = ptr::null_mut();
            assert_eq!(
                catan_cards_action_json_for_index(g, n as u32, &mut json),
                catan_status::IdOutOfRange
            );
            assert_eq!(
                catan_cards_apply_index(g, n as u32, ptr::null_mut()),
                catan_status::IdOutOfRange
            );
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let k = (x >> 33) as usize % n;
            let mut events = ptr::null_mut();
            assert_eq!(
                catan_cards_apply_index(g, k as u32, &mut events),
                catan_status::Ok
            );
            let expected = twin.apply(legal[k]).unwrap();
            assert_eq!(take(events), serde_json::to_string(&expected).unwrap());
            assert_eq!(position(g), twin.to_json());
        }
        // Not in the list: the rule it breaks.
        let me = to_act(g);
        let other = c(CardAction::Roll {
            player: Player(1 - me as u8),
        }
        .to_json());
        let mut i = u32::MAX;
        assert_eq!(
            catan_cards_index_for_action_json(g, other.as_ptr(), &mut i),
            catan_status::NotYourTurn
        );
        assert_eq!(i, u32::MAX);
        catan_cards_free(g);
    }
}
