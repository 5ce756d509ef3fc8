"""Seafarers scenarios from Python: the ``scenario`` keyword (Seafarers rules, 'Heading for
New Shores', 'The Four Islands', 'The Fog Islands', 'Through the Desert'; docs/rulings.md
§41)."""

from __future__ import annotations

import json
import random

import pytest

import catan_rules
from catan_rules import Game


@pytest.mark.parametrize(
    ("scenario", "target"),
    [("new_shores", 14), ("four_islands", 13), ("fog_islands", 12), ("through_the_desert", 14)],
)
def test_a_scenario_is_a_keyword_and_brings_its_target(scenario: str, target: int) -> None:
    game = Game(players=3, scenario=scenario, seed=2)
    assert game.rules["scenario"] == scenario
    assert game.rules["vp_target"] == target
    # A target given is kept.
    assert Game(players=4, scenario=scenario, vp_target=15, seed=2).rules["vp_target"] == 15


def test_a_new_shores_game_plays_with_its_special_points() -> None:
    game = Game(players=4, scenario="new_shores", map="random", seed=5)
    rng = random.Random(5)
    steps = 0
    while game.winner is None and steps < 4000:
        game.apply(rng.choice(list(game.legal_actions)))
        steps += 1
    view = game.view(0)
    for p in view["players"]:
        # Special points are public and part of the public points.
        assert p.get("special_victory_points", 0) <= p["public_points"]
        assert p.get("special_victory_points", 0) % 2 == 0
    if game.winner is not None:
        assert game.scores[game.winner] >= 14


def test_scenarios_are_for_three_to_six_players() -> None:
    # 5 and 6 players take the scenario's 6-player map (docs/rulings.md §42); 2 have none.
    with pytest.raises(catan_rules.RulesError):
        Game(players=2, scenario="four_islands", seed=1)
    assert Game(players=5, scenario="four_islands", seed=1).rules["players"] == 5


def test_the_older_new_shores_plays_to_thirteen() -> None:
    game = Game(players=3, scenario="new_shores", older_edition=True, seed=1)
    assert game.rules["vp_target"] == 13
    with pytest.raises(catan_rules.RulesError):
        Game(players=3, scenario="fog_islands", older_edition=True, seed=1)


def test_fog_islands_hide_the_stacks_from_views() -> None:
    game = Game(players=3, scenario="fog_islands", seed=3)
    view = game.view(0)
    assert len(view["unexplored"]) == 12
    assert view["fog_stacks_left"] == [12, 10]
    assert '"fog"' in game.to_json()
    assert '"numbers"' not in json.dumps(view)
