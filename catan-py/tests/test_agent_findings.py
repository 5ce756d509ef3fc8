"""Regression tests for the findings of an outside attack on the agent layer: bots and
environments never pick chance outcomes, budgets and threads are bounded, and the text
rendering shows only the seat's view."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

import catan_rules
from catan_rules.envs import _common
from catan_rules.envs.gymnasium import BatchVectorEnv, CatanEnv
from catan_rules.envs.pettingzoo import CatanAECEnv


def choice_of(action: catan_rules.Action) -> dict[str, object]:
    """An action's fields without its chance outcome."""
    return {k: v for k, v in action.to_dict().items() if k not in ("dice", "card", "resource")}


def test_bots_choose_no_outcome_with_external_chance() -> None:
    # With chance="external" the referee supplies dice, stolen and bought cards (Game's
    # docstring); the list of outcomes depends on hidden cards, so a bot returns only its
    # seat's choice, one of legal_actions_for(seat), which names no outcome.
    for kind in ["random", "greedy", "search:4"]:
        game = catan_rules.Game(players=3, map="beginner", seed=5, chance="external")
        bot = catan_rules.Bot(kind, seed=1)
        rolls = 0
        for _ in range(120):
            if game.winner is not None or not game.to_act:
                break
            seat = game.to_act[0]
            choice = bot.choose(game, seat)
            assert choice is not None
            assert choice in game.legal_actions_for(seat), (kind, choice)
            if choice.type == "roll":
                rolls += 1
                assert choice.to_dict().get("dice") is None
            # The referee adds an outcome, when the choice needs one.
            full = list(game.legal_actions)
            if choice in full:
                game.apply(choice)
                continue
            outcomes = [a for a in full if choice_of(a) == choice_of(choice)]
            assert outcomes, choice
            game.apply(outcomes[len(outcomes) // 2])
        assert rolls > 0


@pytest.mark.parametrize(
    "make",
    [
        lambda: CatanEnv(opponents="random", chance="external"),
        lambda: CatanAECEnv(players=3, chance="external"),
        lambda: BatchVectorEnv(2, chance="external"),
    ],
)
def test_envs_refuse_external_chance_at_construction(make: object) -> None:
    with pytest.raises(ValueError, match="chance='external'"):
        make()  # type: ignore[operator]


def test_envs_accept_seeded_chance() -> None:
    env = CatanEnv(opponents="random", map="beginner", chance="seeded")
    obs, _ = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    api_test(CatanAECEnv(players=2, map="beginner", chance="seeded", max_turns=30), num_cycles=50)


@pytest.mark.parametrize("kind", ["search:4294967295", "search:100001", "search:60001ms"])
def test_search_budget_has_a_maximum(kind: str) -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        catan_rules.Bot(kind)
    assert catan_rules.Bot("search:100000").kind == "search:100000"


def test_tournament_threads_are_clamped() -> None:
    # threads=3000 used to start 3000 OS threads; now at most one per core (and per game),
    # with the same figures as one thread.
    many = catan_rules.tournament(["random", "random"], games=3, seed=4, threads=3000)
    one = catan_rules.tournament(["random", "random"], games=3, seed=4, threads=1)
    assert [p["wins"] for p in many["players"]] == [p["wins"] for p in one["players"]]


def test_ansi_render_shows_only_the_seats_view() -> None:
    # Play until a seat holds a victory point card: its points then differ from its public
    # points, and only the public ones may show to another seat.
    game = catan_rules.Game(players=3, map="beginner", seed=11)
    bots = [catan_rules.Bot("greedy", seed=s) for s in range(3)]
    hidden = None
    while game.winner is None and hidden is None:
        seat = game.to_act[0]
        action = bots[seat].choose(game, seat)
        assert action is not None
        game.apply(action)
        view = game.view(None)
        for p in range(3):
            if game.points(p) != view["players"][p]["public_points"]:
                hidden = p
    assert hidden is not None, "a victory point card was bought"
    viewer = (hidden + 1) % 3
    picture = _common.text(game, viewer)
    assert "scores" not in picture and "<Game" not in picture
    line = next(x for x in picture.splitlines() if f"seat {hidden}:" in x)
    public = game.view(viewer)["players"][hidden]["public_points"]
    assert f"{public} points" in line and f"{game.points(hidden)} points" not in line
    # The environments render through the same text.
    env = CatanEnv(opponents="random", map="beginner", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == _common.text(env.game, env.seat)
