"""Five and six players: the 5-6 player extension's island and its Special Build Phase
(5-6 player extension rules (2015), "Special Build Phase"; docs/rulings.md §19), from
Python."""

from __future__ import annotations

import random

import numpy as np
import pytest

import catan_rules
from catan_rules import Game


def play_by_ids(game: Game, seed: int) -> tuple[Game, bool]:
    """Random legal ids (no domestic offers) to the end; whether the phase came up."""
    rng = random.Random(seed)
    saw = False
    while game.winner is None:
        if game.phase == "special_build":
            saw = True
            d = game.decision
            assert d["type"] == "special_build"
            assert d["player"] == game.current_player != d["after"]
            assert game.to_act == [d["player"]]
        ids = game.legal_id_list(offers=False)
        if ids:
            game.apply_id(rng.choice(ids), events=False)
        else:
            # A discard larger than the action space's cap has no id: apply it as a value.
            game.apply(rng.choice(list(game.legal_actions)))
    return game, saw


@pytest.mark.parametrize("players", [5, 6])
def test_a_game_plays_to_the_end(players: int) -> None:
    game = Game(players=players, map="random", seed=3)
    assert len(game.board.hexes) - sum(
        h["terrain"] == "sea" for h in game.board.hexes
    ) == 30
    assert game.bank == {r: 24 for r in ("brick", "lumber", "wool", "grain", "ore")}
    game, saw = play_by_ids(game, players)
    assert saw
    winner = game.winner
    assert winner is not None and winner in range(players)
    assert game.scores[winner] >= 10
    assert len(game.scores) == players


def test_the_special_build_phase_allows_building_and_passing_only() -> None:
    game = Game(players=6, map="variable", seed=5)
    rng = random.Random(1)
    while game.phase != "special_build":
        game.apply(rng.choice(list(game.legal_actions)))
    builder = game.current_player
    kinds = {a.type for a in game.legal_actions}
    assert "end_turn" in kinds
    assert kinds <= {"build_road", "build_settlement", "build_city", "buy_development_card", "end_turn"}
    with pytest.raises(catan_rules.WrongPhaseError):
        game.apply({"type": "maritime_trade", "player": builder, "give": "brick",
                    "get": "ore", "rate": 4})
    with pytest.raises(catan_rules.NotYourTurnError):
        game.apply({"type": "end_turn", "player": game.decision["after"]})
    # Mid-phase positions round-trip.
    again = Game.from_json(game.to_json())
    assert again == game
    assert again.decision == game.decision
    events = game.apply({"type": "end_turn", "player": builder})
    assert events[0].type == "special_build_passed"


def test_the_option_turns_the_phase_on_for_four_and_off_for_six() -> None:
    for players, option, phase in [(4, True, "special_build"), (6, False, "roll")]:
        game = Game(players=players, map="random", seed=2, special_build_phase=option)
        rng = random.Random(0)
        while game.turn < 1 or game.phase not in ("main",):
            game.apply(rng.choice(list(game.legal_actions)))
        game.apply({"type": "end_turn", "player": game.current_player})
        assert game.phase == phase


def test_islands_that_do_not_fit_are_rules_errors() -> None:
    with pytest.raises(catan_rules.RulesError) as info:
        Game(players=6, island="standard")
    assert info.value.kind == "island"
    with pytest.raises(catan_rules.RulesError):
        Game(players=4, island="five_six")


def test_batch_env_observes_six_seats() -> None:
    env = catan_rules.BatchEnv(4, seed=9, players=6, map="random")
    assert env.obs_len == 296
    rng = np.random.default_rng(0)
    finished = 0
    saw = False
    for _ in range(40_000):
        masks, obs = env.observe()
        saw = saw or bool((obs[:, 2] == 8).any())
        ids = [rng.choice(np.flatnonzero(m)) for m in masks]
        _, done, winners = env.step(ids)
        finished += int((done & (winners >= 0)).sum())
        if finished >= 1 and saw:
            break
    assert saw and finished >= 1


def test_simulate_six_players() -> None:
    results = catan_rules.simulate(3, players=6, seed=4)
    assert len(results) == 3
    for r in results:
        assert len(r["scores"]) == 6
        assert r["winner"] in range(6)
        assert r["scores"][r["winner"]] >= 10
