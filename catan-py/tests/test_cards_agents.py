"""The built-in bots and tournaments for the Card Game, through the same calls as the base
game's (docs/agents.md, "The Card Game")."""

from __future__ import annotations

import pytest

import catan_rules


def test_bots_play_card_games_to_the_end() -> None:
    # Every choice is one of the seat's own legal actions (CardGame.legal_actions_for).
    game = catan_rules.CardGame(seed=3)
    bots = [catan_rules.Bot("greedy", seed=1), catan_rules.Bot("random", seed=2)]
    steps = 0
    while game.winner is None:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert action is not None and action["player"] == seat
        assert action in game.legal_actions_for(seat)
        game.apply(action)
        steps += 1
        assert steps < 20_000
    assert max(game.points(0), game.points(1)) >= 12


def test_bot_arguments_for_card_games_are_checked() -> None:
    game = catan_rules.CardGame(seed=1)
    bot = catan_rules.Bot("weighted")
    with pytest.raises(ValueError):
        bot.choose(game, 2)
    with pytest.raises(TypeError, match="Game or a CardGame"):
        bot.choose("not a game")  # type: ignore[call-overload]
    other = 1 - game.to_act[0]
    assert bot.choose(game, other) is None


def test_card_tournament() -> None:
    # Seats rotate and the figures add up; greedy beats random (docs/agents.md's table).
    t = catan_rules.tournament(["greedy", "random"], games=4, seed=2, game="cards", threads=1)
    wins = [p["wins"] for p in t["players"]]
    assert sum(wins) + t["unfinished"] == 4
    assert wins[0] >= 3
    with pytest.raises(ValueError, match="2 contestants"):
        catan_rules.tournament(["greedy", "random", "random"], games=1, game="cards")
    with pytest.raises(ValueError, match="no rules"):
        catan_rules.tournament(["greedy", "random"], games=1, game="cards", vocabulary="zip")
    with pytest.raises(ValueError, match="unknown game"):
        catan_rules.tournament(["greedy", "random"], games=1, game="chess")
