"""A Gymnasium environment for the Card Game: one learning seat against a built-in bot.

>>> from catan_rules.envs.cards_gymnasium import CardsEnv
>>> env = CardsEnv(opponent="random")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import catan_rules
from catan_rules.envs import _common
from catan_rules.envs.gymnasium import SelfPlayBatchEnv

__all__ = ["CardBatchVectorEnv", "CardsEnv"]


class CardsEnv(_common.OneSeatEnv):
    """One learning seat of a Card Game (two players); the other seat is a built-in bot.

    * **Actions**: ``Discrete(game.action_space_size)``, the Card Game's fixed ids. Only
      the ids in ``action_masks()`` (also ``info["action_mask"]``, the learning seat's
      ``legal_mask_for``) are legal; an illegal id changes nothing, gives
      ``illegal_action_reward`` and ``info["illegal_action"] = True``.
    * **Observations**: ``catan_rules.card_observation(game, seat)`` — the learning seat's
      view only; bounds ``card_observation_high()``.
    * **Rewards**: +1 when the learning seat wins, -1 when the bot wins, else 0; a game
      still running after ``max_turns`` turns is truncated.
    * **Opponent**: a bot kind (``"random"``, ``"weighted"``, ``"greedy"``, ``"search:N"``,
      ...). ``seat`` is the learning seat (0 or 1) or ``None`` to draw it at every reset.
    * Chance is drawn by the game: ``chance="external"`` is refused.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        seat: Optional[int] = 0,
        opponent: str = "greedy",
        max_turns: int = 300,
        illegal_action_reward: float = -1.0,
        render_mode: Optional[str] = None,
        **rules: Any,
    ) -> None:
        self.opponent_kind = opponent
        self._setup(2, seat, [opponent], max_turns, illegal_action_reward, render_mode, rules)

    def _new_game(self, seed: int) -> catan_rules.CardGame:
        return catan_rules.CardGame(seed=seed, **self.rules)

    def _obs_high(self) -> npt.NDArray[np.float32]:
        return catan_rules.card_observation_high()

    def _seat_mask(self) -> npt.NDArray[np.bool_]:
        return np.array(self.game.legal_mask_for(self.seat), dtype=bool)

    def _apply_id(self, action: int) -> None:
        self.game.apply_id(action)

    def _observe(self) -> npt.NDArray[np.float32]:
        return catan_rules.card_observation(self.game, self.seat)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            v = self.game.view(self.seat)
            return (
                f"turn {v['turn']}, seat {v['current']} to move (as seen by seat {self.seat}); "
                f"points {self.game.points(0)}:{self.game.points(1)}, "
                f"hand {len(v['hand'])} cards"
            )
        return None


class CardBatchVectorEnv(SelfPlayBatchEnv):
    """``num_envs`` self-play Card Games stepped together in Rust
    (``catan_rules.CardBatchEnv``), as a Gymnasium vector env: the policy plays both
    seats of every game. The same calls and conventions as
    :class:`catan_rules.envs.gymnasium.BatchVectorEnv`:

    * **Actions**: one Card Game id per game (``MultiDiscrete``), for the game's acting
      seat (``info["seat"]``); ``info["action_mask"]`` is never empty.
    * **Observations**: the acting seat's ``catan_rules.card_observation``; bounds
      ``card_observation_high()``.
    * **Rewards**, ``info["returns"]`` (``(num_envs, 2)``), same-step autoreset with
      ``info["final_obs"]``: as ``BatchVectorEnv``.
    * ``offers=False`` (the default) leaves the offers to the opponent out of the masks;
      ``vp_target`` is the rule.

    >>> import numpy as np
    >>> from catan_rules.envs.cards_gymnasium import CardBatchVectorEnv
    >>> envs = CardBatchVectorEnv(4, vp_target=5)
    >>> obs, info = envs.reset(seed=1)
    >>> obs.shape == (4, envs.single_observation_space.shape[0])
    True
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(50):
    ...     ids = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
    ...     obs, rewards, terminated, truncated, info = envs.step(np.array(ids))
    >>> bool(info["action_mask"].any(axis=1).all())
    True
    """

    def __init__(
        self,
        num_envs: int,
        vp_target: int = 12,
        offers: bool = False,
        threads: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        self._kwargs: dict[str, Any] = dict(vp_target=vp_target, offers=offers, threads=threads)
        self.batch = catan_rules.CardBatchEnv(num_envs, seed=1, **self._kwargs)
        self._setup(num_envs, render_mode, self.batch.obs_high())

    def _new_batch(self, seed: int) -> catan_rules.CardBatchEnv:
        return catan_rules.CardBatchEnv(self.num_envs, seed=seed, **self._kwargs)

    def _observe(self) -> npt.NDArray[np.float32]:
        self._mask, obs = self.batch.observe()
        return obs

    def _text(self, game: catan_rules.CardGame) -> str:
        v = game.view(None)
        return (
            f"turn {v['turn']}, seat {v['current']} to move; "
            f"points {game.points(0)}:{game.points(1)}"
        )
