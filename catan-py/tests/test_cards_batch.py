"""CardBatchEnv and CardBatchVectorEnv: the Card Game stepped in batches, with the calls of
BatchEnv and BatchVectorEnv."""

from __future__ import annotations

import numpy as np
import pytest

import catan_rules
from catan_rules.envs.cards_gymnasium import CardBatchVectorEnv


def run(threads: int, steps: int = 300) -> list[np.ndarray]:
    # 40 games: enough for two threads (at least 32 games each). A 3-point game ("Card Game
    # rules, 'End of the Game'" plays to 12; the tip allows fewer) ends within the run.
    env = catan_rules.CardBatchEnv(40, seed=2, threads=threads, vp_target=3)
    high = env.obs_high()
    rng = np.random.default_rng(1)
    out: list[np.ndarray] = []
    for _ in range(steps):
        masks, obs = env.observe()
        assert masks.any(axis=1).all()
        assert ((obs >= 0) & (obs <= high)).all()
        ids = (masks * rng.random(masks.shape)).argmax(axis=1)  # a random legal id
        rewards, dones, winners = env.step(ids)
        returns = env.returns()
        for i in range(len(env)):
            if dones[i]:
                finished = env.finished_game(i)
                assert finished is not None and finished.winner == winners[i]
                assert returns[i, winners[i]] == 1.0 and returns[i, 1 - winners[i]] == -1.0
                assert rewards[i] in (-1.0, 1.0)
                final = env.final_observation(i)
                assert final is not None and ((final >= 0) & (final <= high)).all()
            else:
                assert env.finished_game(i) is None and env.final_observation(i) is None
                assert not returns[i].any() and rewards[i] == 0 and winners[i] == -1
        out += [masks, obs, rewards, dones, winners]
    return out


def test_card_batch_steps_masked_ids_and_resets() -> None:
    one, two = run(1), run(2)
    assert sum(int(d.sum()) for d in one[3::5]) >= 5, "games ended"
    for a, b in zip(one, two):
        assert a.dtype == b.dtype and np.array_equal(a, b)


def test_card_batch_masks_and_observations_are_the_acting_seats() -> None:
    env = catan_rules.CardBatchEnv(3, seed=5, threads=1)
    assert len(env) == 3 and "CardBatchEnv n=3" in repr(env)
    masks, obs = env.observe()
    assert masks.shape == (3, env.action_space_size) and masks.dtype == np.bool_
    assert obs.shape == (3, env.obs_len) and obs.dtype == np.float32
    for i, seat in enumerate(env.acting_seats()):
        game = env.game(i)
        assert game.to_act == [seat]
        assert np.array_equal(masks[i], game.legal_mask_for(int(seat), offers=False))
        assert np.array_equal(obs[i], catan_rules.card_observation(game, int(seat)))


def test_card_batch_errors_leave_every_game_unchanged() -> None:
    env = catan_rules.CardBatchEnv(3, seed=5, threads=1)
    masks, obs = env.observe()
    ids = masks.argmax(axis=1)
    bad = ids.copy()
    bad[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(catan_rules.IllegalActionError) as e:
        env.step(bad)
    assert e.value.kind == "illegal_id" and e.value.detail["game"] == 2
    with pytest.raises(ValueError):
        env.step(ids[:2])
    masks2, obs2 = env.observe()
    assert np.array_equal(masks, masks2) and np.array_equal(obs, obs2)
    env.step(ids)
    with pytest.raises(ValueError):
        catan_rules.CardBatchEnv(0)
    with pytest.raises(catan_rules.RulesError):
        catan_rules.CardBatchEnv(2, vp_target=2)


def test_card_batch_vector_env_keeps_final_observations() -> None:
    envs = CardBatchVectorEnv(8, vp_target=3)
    obs, info = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(2000):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(obs)
        done = terminated | truncated
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            for i in np.flatnonzero(done):
                assert envs.single_observation_space.contains(info["final_obs"][i])
                winner = int(info["winner"][i])
                assert info["returns"][i, winner] == 1.0
                assert info["returns"][i, 1 - winner] == -1.0
            finished += int(done.sum())
        if finished >= 8:
            break
    assert finished >= 8
    a, _ = envs.reset(seed=9)
    b, _ = CardBatchVectorEnv(8, vp_target=3).reset(seed=9)
    assert np.array_equal(a, b)
