"""The Catan Card Game from Python (the rules are tested in Rust: docs/cards.md)."""

from __future__ import annotations

import json
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
    with pytest.raises(catan_rules.PositionError):
        catan_rules.CardGame.from_json(json.dumps({"format": "nonsense"}))
    with pytest.raises((catan_rules.PositionError, catan_rules.ParseError)):
        catan_rules.Game.from_json(json.dumps({"format": "nonsense"}))
    before = cards.to_json()
    with pytest.raises(catan_rules.ParseError):
        cards.apply_id(cards.action_space_size)
    seat = cards.to_act[0]
    with pytest.raises(catan_rules.NotYourSeatError):
        cards.apply_as(1 - seat, cards.legal_actions_for(seat)[0])
    assert cards.to_json() == before
    assert cards.is_legal_as(seat, cards.legal_actions_for(seat)[0])
    assert not cards.is_legal_as(1 - seat, cards.legal_actions_for(seat)[0])
