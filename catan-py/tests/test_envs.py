"""The Gymnasium and PettingZoo environments, checked by their own checkers."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from catan_rules.envs.gymnasium import BatchVectorEnv, CatanEnv, make_vector_env
from catan_rules.envs.pettingzoo import CatanAECEnv


def test_gymnasium_env_passes_check_env() -> None:
    check_env(CatanEnv(opponents="random", map="beginner"), skip_render_check=True)
    check_env(CatanEnv(players=3, opponents="weighted", seat=None), skip_render_check=True)


@pytest.mark.parametrize("mode", ["rgb_array", "ansi"])
def test_gymnasium_env_renders(mode: str) -> None:
    env = CatanEnv(opponents="random", map="beginner", render_mode=mode)
    env.reset(seed=1)
    picture = env.render()
    if mode == "rgb_array":
        assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
        assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 5
    else:
        assert "seat 0" in picture


def play_episode(env: CatanEnv, seed: int) -> tuple[float, int, list[int]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    actions = []
    while True:
        mask = env.action_masks()
        assert mask.any(), "a mask is never empty while the learning seat must act"
        assert np.array_equal(mask, info["action_mask"])
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            return reward, steps, actions


def test_gymnasium_episodes_are_seeded_and_end_with_a_reward() -> None:
    env = CatanEnv(opponents="greedy", map="random")
    r1, n1, a1 = play_episode(env, 11)
    r2, n2, a2 = play_episode(env, 11)
    assert (r1, n1, a1) == (r2, n2, a2)
    assert r1 in (-1.0, 1.0)
    # Against greedy bots a random learner loses.
    assert r1 == -1.0


def test_illegal_ids_change_nothing() -> None:
    env = CatanEnv(opponents="random", map="beginner")
    obs, info = env.reset(seed=3)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs2, reward, terminated, truncated, info2 = env.step(bad)
    assert info2["illegal_action"] and reward == -1.0
    assert np.array_equal(obs, obs2) and not terminated and not truncated


def test_vector_env_steps_and_resets() -> None:
    envs = make_vector_env(2, opponents="random", map="beginner", max_turns=30)
    obs, info = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    finished = 0
    ended = np.zeros(2, dtype=bool)
    for _ in range(400):
        masks = info["action_mask"].astype(bool)
        # After a game ends, its final observation comes with an empty mask; the next step
        # starts a new game (Gymnasium's next-step autoreset) and ignores the action.
        assert np.array_equal(~masks.any(axis=1), ended)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        ended = terminated | truncated
        finished += int(ended.sum())
        assert obs.shape == (2, len(obs[0])) and envs.single_observation_space.contains(obs[0])
    assert finished > 0
    envs.close()


def test_batch_vector_env_keeps_final_observations() -> None:
    # Self-play over BatchEnv: a mask is never empty, observations are in the space, and a
    # finished game's final observation is kept (same-step autoreset) while the returned
    # observation is the new game's.
    envs = BatchVectorEnv(8, map="random", vp_target=4)
    obs, info = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(4000):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(obs)
        done = terminated | truncated
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            for i in np.flatnonzero(done):
                final = info["final_obs"][i]
                assert envs.single_observation_space.contains(final)
                assert not np.array_equal(final, obs[i])
                assert rewards[i] in (-1.0, 1.0) or truncated[i]
                # Every seat's return: +1 the winner, -1 the other seats; the step's reward
                # is the return of the seat that moved last.
                row = info["returns"][i]
                if terminated[i]:
                    winner = int(info["winner"][i])
                    assert row[winner] == 1.0 and (np.delete(row, winner) == -1.0).all()
                    assert rewards[i] in row
                else:
                    assert not row.any()
            assert not info["returns"][~done].any()
            finished += int(done.sum())
        if finished >= 8:
            break
    assert finished >= 8
    # Seeded: the same seed gives the same first observations.
    a, _ = envs.reset(seed=9)
    b, _ = BatchVectorEnv(8, map="random", vp_target=4).reset(seed=9)
    assert np.array_equal(a, b)


def test_gymnasium_make_finds_the_registered_environments() -> None:
    import gymnasium

    env = gymnasium.make("catan_rules/Catan-v0", opponents="random", players=3)
    assert isinstance(env.unwrapped, CatanEnv) and env.unwrapped.players == 3
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs) and info["action_mask"].any()
    envs = gymnasium.make_vec("catan_rules/CatanSelfPlay-v0", num_envs=3, players=5)
    assert isinstance(envs, BatchVectorEnv) and envs.num_envs == 3
    assert envs.batch.returns().shape == (3, 5)
    vec = gymnasium.make_vec("catan_rules/Catan-v0", num_envs=2, opponents="random")
    assert vec.num_envs == 2


def test_gymnasium_make_finds_the_card_game_environments() -> None:
    # Every game is first-class: the Card Game's envs are registered as the board game's.
    import gymnasium

    from catan_rules.envs.cards_gymnasium import CardBatchVectorEnv, CardsEnv

    env = gymnasium.make("catan_rules/Cards-v0", opponent="random", vp_target=8)
    assert isinstance(env.unwrapped, CardsEnv)
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs) and info["action_mask"].any()
    envs = gymnasium.make_vec("catan_rules/CardsSelfPlay-v0", num_envs=3)
    assert isinstance(envs, CardBatchVectorEnv) and envs.num_envs == 3
    assert envs.batch.returns().shape == (3, 2)


def test_random_and_learning_play_leave_offers_out_by_default() -> None:
    # One default everywhere: no domestic trade offers in random or learning play.
    import inspect

    import catan_rules

    assert not catan_rules.BatchEnv(2).offers
    assert not BatchVectorEnv(2).batch.offers
    assert not CatanEnv().trade_offers
    assert not CatanAECEnv().trade_offers
    assert inspect.signature(catan_rules.simulate).parameters["domestic_trade"].default is False
    assert catan_rules.BatchEnv(2, offers=True).offers


def test_pettingzoo_env_passes_api_test() -> None:
    api_test(CatanAECEnv(players=4, map="beginner"), num_cycles=300)
    api_test(CatanAECEnv(players=3, max_turns=20), num_cycles=300)


@pytest.mark.parametrize("scenario", ["new_shores", "fog_islands"])
def test_seafarers_scenarios_train_like_the_base_game(scenario: str) -> None:
    """A Seafarers scenario (Seafarers rules, 'Heading for New Shores', 'The Fog Islands')
    through every environment: the checkers pass, the observation has the open-sea entries
    (observations version 3, docs/agents.md), and a random learner's episode ends."""
    env = CatanEnv(players=3, opponents="random", scenario=scenario)
    check_env(env, skip_render_check=True)
    sea_obs, _ = env.reset(seed=0)
    base_obs, _ = CatanEnv(players=3, opponents="random").reset(seed=0)
    assert len(sea_obs) > len(base_obs)
    reward, steps, _ = play_episode(env, 5)
    assert steps > 0 and reward in (-1.0, 0.0, 1.0)
    api_test(CatanAECEnv(players=3, scenario=scenario), num_cycles=200)
    vec = BatchVectorEnv(2, players=3, scenario=scenario)
    obs, info = vec.reset(seed=3)
    assert obs.shape == (2, len(sea_obs))
    rng = np.random.default_rng(4)
    for _ in range(300):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, _, _, _, info = vec.step(actions)
        assert vec.observation_space.contains(obs)


def test_pettingzoo_rewards_every_seat_at_the_end() -> None:
    env = CatanAECEnv(players=4, map="random")
    env.reset(seed=8)
    rng = np.random.default_rng(1)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert env.agents == []


def test_docs_agents_examples_run() -> None:
    """Every Python block of docs/agents.md runs as written."""
    import contextlib
    import io
    import re

    from conftest import REPO

    text = (REPO / "docs" / "agents.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    for i, block in enumerate(blocks):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, f"docs/agents.md block {i}", "exec"), {})
