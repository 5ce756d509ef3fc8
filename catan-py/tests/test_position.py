"""Position JSON (save and resume), per-seat views, and the picture."""

from __future__ import annotations

import json
import random

import pytest

import catan_rules
from catan_rules import Game

from conftest import play


def test_a_saved_game_resumes_identically() -> None:
    game = play(Game(players=4, map="random", seed=3), 300, seed=1)
    resumed = Game.from_json(game.to_json())
    assert resumed == game
    ra, rb = random.Random(9), random.Random(9)
    for _ in range(300):
        if game.winner is not None:
            break
        la, lb = list(game.legal_actions), list(resumed.legal_actions)
        assert la == lb
        assert game.apply(ra.choice(la)) == resumed.apply(rb.choice(lb))
    assert resumed == game


def test_an_impossible_position_lists_every_problem() -> None:
    game = play(Game(players=3, seed=5), 60)
    pos = json.loads(game.to_json())
    pos["bank"]["ore"] = 0  # bank + hands must be 19 of each (docs/rulings.md §6)
    pos["bank"]["wool"] = 0
    with pytest.raises(catan_rules.PositionError) as e:
        Game.from_json(json.dumps(pos))
    assert isinstance(e.value, ValueError)
    assert e.value.kind == "invalid_position"
    assert len(e.value.detail["errors"]) >= 2
    with pytest.raises(catan_rules.ParseError):
        Game.from_json("{")


def test_a_view_shows_own_cards_and_only_counts_of_others() -> None:
    game = play(Game(players=3, seed=8), 200)
    for seat in range(3):
        view = game.view(seat)
        assert view["own"]["hand"] == game.hand(seat)
        assert "rng" not in view and "deck" not in view
        text = json.dumps(view)
        for other in range(3):
            if other != seat:
                # Another seat's hand appears only as a count.
                assert view["players"][other]["resource_cards"] == sum(game.hand(other).values())
        assert json.loads(text) == view
    spectator = game.view()
    assert spectator["own"] is None
    with pytest.raises(ValueError):
        game.view(3)


def test_pickles_carry_the_position() -> None:
    import pickle

    game = play(Game(players=4, seed=12), 250)
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back.seed == game.seed


def test_the_picture_is_svg() -> None:
    game = Game(players=4, map="beginner", seed=7)
    svg = game._repr_svg_()
    assert svg.lstrip().startswith(("<svg", "<?xml"))
    assert svg.count('<polygon class="hex"') == 37  # 19 land and 18 sea hexes (Clarifications, 37 tiles)
    assert game.board._repr_svg_().lstrip().startswith(("<svg", "<?xml"))


def test_turns_past_65535_load_and_pickle() -> None:
    # Security audit finding 9: the 16-bit turn counter wrapped to 0 (the set-up's number)
    # and the position then failed to load; turns are counted in 32 bits now.
    import pickle

    game = Game(players=2, map="beginner", seed=4)
    pos = json.loads(game.to_json())
    pos["turn"] = 65_534
    game = Game.from_json(json.dumps(pos))
    rng = random.Random(2)
    while game.turn < 65_537 and game.winner is None:
        acts = [a for a in game.legal_actions if a.type in ("roll", "end_turn", "discard", "move_robber")]
        game.apply(rng.choice(acts or list(game.legal_actions)))
    assert game.turn == 65_537
    assert json.loads(game.to_json())["turn"] == 65_537
    assert Game.from_json(game.to_json()) == game
    assert pickle.loads(pickle.dumps(game)) == game
