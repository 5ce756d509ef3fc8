"""The Card Game's Gymnasium and PettingZoo environments, checked by their own checkers."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

import catan_rules
from catan_rules.envs.cards_gymnasium import CardsEnv
from catan_rules.envs.cards_pettingzoo import CardsAECEnv


def test_cards_env_passes_check_env() -> None:
    check_env(CardsEnv(opponent="random"), skip_render_check=True)
    check_env(CardsEnv(opponent="weighted", seat=None), skip_render_check=True)


def test_cards_aec_env_passes_api_test() -> None:
    api_test(CardsAECEnv(max_turns=40), num_cycles=300)


def test_cards_env_plays_whole_episodes_with_masked_ids() -> None:
    # Every masked id applies (the mask is the seat's legal_mask_for) and episodes end.
    env = CardsEnv(opponent="random", max_turns=400)
    rng = np.random.default_rng(0)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            legal = np.flatnonzero(info["action_mask"])
            assert legal.size > 0
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            assert "illegal_action" not in info
            done = terminated or truncated
        assert reward in (-1.0, 0.0, 1.0)


def test_cards_env_illegal_id_changes_nothing() -> None:
    env = CardsEnv(opponent="random")
    obs, info = env.reset(seed=3)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    before = env.game.view(None)
    obs2, reward, terminated, truncated, info2 = env.step(bad)
    assert info2["illegal_action"] and reward == -1.0
    assert env.game.view(None) == before and np.array_equal(obs, obs2)


def test_card_observation_from_python() -> None:
    game = catan_rules.CardGame(seed=1)
    high = catan_rules.card_observation_high()
    for seat in (0, 1):
        obs = catan_rules.card_observation(game, seat)
        assert obs.dtype == np.float32 and obs.shape == high.shape
        assert ((obs >= 0) & (obs <= high)).all()
    with pytest.raises(ValueError):
        catan_rules.card_observation(game, 2)


@pytest.mark.parametrize("make", [lambda: CardsEnv(chance="external"), lambda: CardsAECEnv(chance="external")])
def test_cards_envs_refuse_external_chance(make: object) -> None:
    with pytest.raises(ValueError, match="chance='external'"):
        make()  # type: ignore[operator]
