"""The Catan Card Game from Python (the rules are tested in Rust: docs/cards.md)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

import catan_rules


def play(game: catan_rules.CardGame, seed: int = 0, limit: int = 50_000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if game.winner is not None:
            return
        game.apply(rng.choice([a for a in game.legal_actions() if a["type"] != "offer"]))


def test_random_game_reaches_twelve_points() -> None:
    game = catan_rules.CardGame(seed=3)
    play(game)
    assert game.winner in (0, 1)
    assert game.points(game.winner) >= 12


def test_refused_action_changes_nothing_and_says_why() -> None:
    game = catan_rules.CardGame(seed=1)
    before = game.to_json()
    with pytest.raises(catan_rules.IllegalActionError) as e:
        game.apply({"type": "end_turn", "player": game.to_act[0]})
    assert e.value.kind == "wrong_phase"
    assert game.to_json() == before
    with pytest.raises(catan_rules.ParseError):
        game.apply({"type": "fly"})


def test_views_hide_the_opponent_hand() -> None:
    game = catan_rules.CardGame(seed=2)
    play(game, limit=40)
    mine = game.view(0)
    theirs = game.view(1)
    assert mine["hand"] != [] or theirs["hand"] != []
    assert mine["principalities"] == theirs["principalities"]
    assert "hand" in mine and mine["opponent_hand"] is None
    assert game.view()["hand"] == []


def test_positions_round_trip_and_masks() -> None:
    game = catan_rules.CardGame(seed=4)
    play(game, limit=200)
    back = catan_rules.CardGame.from_json(game.to_json())
    assert back.to_json() == game.to_json()
    mask = game.legal_mask()
    assert len(mask) == game.action_space_size
    ids = [i for i, ok in enumerate(mask) if ok]
    assert ids
    game.apply_id(ids[0])
    bad = json.loads(back.to_json())
    bad["hands"][0].append({"card": "colossus"})
    with pytest.raises(catan_rules.PositionError):
        catan_rules.CardGame.from_json(json.dumps(bad))


def test_svg_for_notebooks() -> None:
    game = catan_rules.CardGame(seed=5)
    assert game._repr_svg_().startswith("<svg")
    assert "seat 0" in game.ascii()


def test_default_seed_comes_from_the_os_and_is_not_shown() -> None:
    # A seed is a secret (docs/security.md): two default games differ, and repr never
    # shows the seed.
    a, b = catan_rules.CardGame(), catan_rules.CardGame()
    assert a.to_json() != b.to_json()
    assert "seed" not in repr(a)
    assert catan_rules.CardGame(seed=9).to_json() == catan_rules.CardGame(seed=9).to_json()


def test_seat_scoped_calls() -> None:
    # docs/security.md, 'The Card Game': another seat's action is refused first, a seat's
    # list holds its own actions, and per-seat events hide the other seat's drawn cards.
    game = catan_rules.CardGame(seed=6)
    me = game.to_act[0]
    them = 1 - me
    mine = game.legal_actions_for(me)
    assert mine and all(a["player"] == me for a in mine)
    assert game.legal_actions_for(them) == []
    assert sum(game.legal_mask_for(me)) == len(mine)
    before = game.to_json()
    with pytest.raises(catan_rules.NotYourSeatError):
        game.check_as(them, mine[0])
    with pytest.raises(catan_rules.NotYourSeatError):
        game.apply_as(them, mine[0])
    assert game.to_json() == before
    assert game.is_legal_as(me, mine[0])
    rng = random.Random(2)
    for _ in range(5_000):
        seat = game.to_act[0]
        options = [a for a in game.legal_actions_for(seat) if a["type"] != "offer"]
        events = game.apply_as(seat, rng.choice(options))
        drawn = [e for e in events if e["type"] == "drew_card" and e["player"] == seat]
        if drawn:
            theirs = catan_rules.CardGame.events_for(events, 1 - seat)
            assert all(e["card"] is None for e in theirs if e["type"] == "drew_card")
            assert catan_rules.CardGame.events_for(events, seat) == events
            return
    raise AssertionError("no card drawn")


def test_both_classes_answer_the_shared_calls_alike() -> None:
    # The calls both games share are one body over the Engine trait (docs/architecture.md,
    # 'The one interface the skins use'): who acts is a list of ints for both (the Card
    # Game's once came out as bytes), bad ids and positions raise the same classes, and a
    # refused action changes nothing in either game.
    cards = catan_rules.CardGame(seed=4)
    base = catan_rules.Game(map="beginner", seed=4)
    for game in (cards, base):
        assert isinstance(game.to_act, list) and game.to_act
        assert all(isinstance(p, int) for p in game.to_act)
        assert game.winner is None
        assert isinstance(game.view(None), dict)
    for cls in (catan_rules.CardGame, catan_rules.Game):
        with pytest.raises(catan_rules.ParseError):
            cls.from_json(json.dumps({"format": "nonsense"}))
    before = cards.to_json()
    with pytest.raises(ValueError):
        cards.apply_id(cards.action_space_size)
    seat = cards.to_act[0]
    with pytest.raises(catan_rules.NotYourSeatError):
        cards.apply_as(1 - seat, cards.legal_actions_for(seat)[0])
    assert cards.to_json() == before
    assert cards.is_legal_as(seat, cards.legal_actions_for(seat)[0])
    assert not cards.is_legal_as(1 - seat, cards.legal_actions_for(seat)[0])


def seats_game(seed: int, limit: int) -> catan_rules.CardGame:
    """A game after up to ``limit`` random actions (offers left out)."""
    game = catan_rules.CardGame(seed=seed)
    play(game, seed=seed, limit=limit)
    return game


def test_queries_agree_with_the_view() -> None:
    # Issue 25 ('C and Python parity'): the queries `Game` has, for the Card Game, read
    # the same state as the public view (docs/security.md, 'The Card Game': points,
    # strength, tokens, stocks and dice are on the table).
    for limit in (0, 60, 400):
        game = seats_game(5, limit)
        view = game.view(None)
        assert game.turn == view["turn"]
        assert game.current_player == view["current"]
        assert game.dice == (list(view["dice"]) if view["dice"] is not None else None)
        assert game.decision == view["decision"]
        assert game.phase in ("start", "opening", "roll", "main", "over")
        assert game.knight_token == view["knight_token"]
        assert game.mill_token == view["mill_token"]
        assert game.rules == {"vp_target": 12, "hand_limit": 3, "chance": "seeded"}
        for seat in (0, 1):
            p = view["principalities"][seat]
            assert game.points(seat) == game.scores[seat] == p["points"]
            assert game.strength(seat) == p["strength"]
            assert game.tournament_points(seat) == p["tournament"]
            assert game.trade_points(seat) == p["trade"]
            assert game.hand_limit(seat) == p["hand_limit"]
            assert len(game.hand(seat)) == p["hand_size"]
            # The stock is what the landscapes store: a cell is [row, col, card, stock, under].
            stock = dict.fromkeys(["brick", "lumber", "wool", "grain", "ore", "gold"], 0)
            for _row, _col, card, units, _under in p["cells"]:
                resource = game.catalogue[card].get("resource")
                if game.catalogue[card]["kind"] == "landscape" and resource is not None:
                    stock[resource] += units
            assert game.stock(seat) == stock


def test_every_card_number_has_a_name() -> None:
    # docs/cards.md, 'Cards are data': views and events give catalogue numbers; the
    # catalogue and card_name name them.
    game = seats_game(6, 300)
    catalogue = game.catalogue
    assert [c["name"] for c in catalogue] == [game.card_name(n) for n in range(len(catalogue))]
    assert all({"id", "name", "kind", "cost", "effect"} <= set(c) for c in catalogue)
    seat = game.to_act[0]
    view = game.view(seat)
    numbers = [cell[2] for p in view["principalities"] for cell in p["cells"]]
    numbers += [h["card"] for h in view["hand"]]
    assert numbers and all(isinstance(game.card_name(n), str) for n in numbers)
    events = game.apply(game.legal_actions()[0])
    for e in events:
        if isinstance(e.get("card"), int):
            assert game.card_name(e["card"]) == catalogue[e["card"]]["name"]
        assert game.describe_event(e)
    for bad in (len(catalogue), -1):
        with pytest.raises(ValueError):
            game.card_name(bad)


def test_same_exception_classes_as_game_for_the_same_failures() -> None:
    # Issue 25: a missing seat is NoSuchPlayerError (a ValueError) in both games, an id
    # naming no action a plain ValueError, malformed JSON a ParseError and an impossible
    # position a PositionError listing every problem.
    cards = catan_rules.CardGame(seed=8)
    base = catan_rules.Game(players=2, map="beginner", seed=8)
    for game in (cards, base):
        for seat in (2, -1, 99):
            for call in (game.view, game.points, game.legal_actions_for, game.legal_mask_for):
                with pytest.raises(catan_rules.NoSuchPlayerError):
                    call(seat)
            with pytest.raises(catan_rules.NoSuchPlayerError):
                game.check_as(seat, {"type": "roll", "player": 0})
    for seat in (2, -1):
        for query in (cards.stock, cards.strength, cards.hand_limit, cards.hand):
            with pytest.raises(catan_rules.NoSuchPlayerError):
                query(seat)
        with pytest.raises(catan_rules.NoSuchPlayerError):
            catan_rules.CardGame.events_for([], seat)
    before = cards.to_json()
    with pytest.raises(catan_rules.NoSuchPlayerError):
        cards.apply({"type": "roll", "player": 5})
    for game in (cards, base):
        with pytest.raises(ValueError) as e:
            game.apply_id(game.action_space_size)
        assert not isinstance(e.value, catan_rules.CatanError)
        with pytest.raises(catan_rules.ParseError):
            type(game).from_json("{")
    bad = json.loads(cards.to_json())
    bad["current"] = 5
    with pytest.raises(catan_rules.PositionError) as p:
        catan_rules.CardGame.from_json(json.dumps(bad))
    assert p.value.detail["errors"]
    assert cards.to_json() == before


def test_check_raises_what_apply_would() -> None:
    game = catan_rules.CardGame(seed=10)
    me = game.to_act[0]
    with pytest.raises(catan_rules.NotYourTurnError):
        game.check({"type": "roll", "player": 1 - me})
    with pytest.raises(catan_rules.WrongPhaseError):
        game.check({"type": "end_turn", "player": me})
    for action in game.legal_actions():
        game.check(action)  # raises if it is not legal


def test_fixed_ids_both_ways_and_numpy_masks() -> None:
    game = seats_game(11, 50)
    mask = game.legal_mask()
    assert mask.dtype == bool and mask.shape == (game.action_space_size,)
    listed = [game.id_for_action(a) for a in game.legal_actions() if a["type"] != "offer"]
    assert sorted(set(listed)) == [i for i, ok in enumerate(mask) if ok] == game.legal_id_list()
    assert game.legal_ids().tolist() == game.legal_id_list()
    # offers=False leaves out exactly the offers' ids, as Game's masks leave out its offers:
    # play on to a state that lists offers.
    rng = random.Random(11)
    while not any(a["type"] == "offer" for a in game.legal_actions()):
        game.apply(rng.choice([a for a in game.legal_actions() if a["type"] != "offer"]))
    mask = game.legal_mask()
    without = game.legal_id_list(offers=False)
    offers = {game.id_for_action(a) for a in game.legal_actions() if a["type"] == "offer"}
    assert without == [i for i in game.legal_id_list() if i not in offers]
    assert game.legal_mask(offers=False).tolist() == [i in without for i in range(len(mask))]
    seat_mask = game.legal_mask_for(game.to_act[0], offers=False)
    assert {i for i, ok in enumerate(seat_mask) if ok} == set(without)
    for i in listed:
        assert game.id_for_action(game.action_for_id(i)) == i
    seat = game.to_act[0]
    assert game.legal_mask_for(seat).sum() == len(game.legal_actions_for(seat))
    with pytest.raises(ValueError):
        game.action_for_id(game.action_space_size)
    with pytest.raises(ValueError):
        game.id_for_action({"type": "offer", "player": seat, "give": {"brick": 2}, "get": {"ore": 1}})


def test_copies_and_pickles_continue_identically() -> None:
    game = seats_game(12, 100)
    twins = [
        game.copy(),
        copy.copy(game),
        copy.deepcopy(game),
        pickle.loads(pickle.dumps(game)),
    ]
    scratch = catan_rules.CardGame(seed=1)
    scratch.copy_from(game)
    twins.append(scratch)
    assert all(t == game for t in twins)
    assert all(t.seed == 12 for t in twins)
    assert catan_rules.CardGame.from_json(game.to_json()).seed is None
    assert catan_rules.CardGame.from_json(game.to_json(), seed=12) == game
    rng = random.Random(3)
    for _ in range(200):
        if game.winner is not None:
            break
        action = rng.choice([a for a in game.legal_actions() if a["type"] != "offer"])
        events = game.apply(action)
        for t in twins:
            assert t.apply(action) == events
    assert all(t == game and t.to_json() == game.to_json() for t in twins)
    assert game != catan_rules.CardGame(seed=12)
    assert game.to_svg() == game._repr_svg_()


def test_step_trusts_only_the_ids_listed_for_this_state() -> None:
    # As Game.step: `done = game.step(ids[k])` over `legal_id_list`; an id listed for this
    # very state applies unchecked (the same game as the checked `apply_id`), any other is
    # checked: a typed error and no change.
    game = catan_rules.CardGame(seed=5)
    twin = game.copy()
    rng = random.Random(5)
    done, refused, steps = False, 0, 0
    while not done:
        ids = game.legal_id_list(False)
        for i in (0, 1, 2, 3, rng.randrange(game.action_space_size)):
            try:
                action = game.action_for_id(i)
            except ValueError:
                continue  # an id that names no action now: ValueError, as checked below
            if not game.is_legal(action):
                before = game.copy()
                with pytest.raises(catan_rules.IllegalActionError):
                    game.step(i)
                assert game == before
                refused += 1
        with pytest.raises(ValueError):
            game.step(game.action_space_size)
        k = ids[rng.randrange(len(ids))]
        done = game.step(k)
        assert done is (game.winner is not None)
        twin.apply_id(k)
        assert game == twin
        steps += 1
        if not done:
            # The ids listed before the step are no longer trusted.
            stale = [i for i in ids if not game.is_legal(game.action_for_id(i))]
            if stale:
                before = game.copy()
                with pytest.raises(catan_rules.IllegalActionError):
                    game.step(stale[0])
                assert game == before
                refused += 1
    assert steps > 100 and refused > 100

