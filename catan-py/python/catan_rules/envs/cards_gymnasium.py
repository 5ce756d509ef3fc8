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

__all__ = ["CardsEnv"]


class CardsEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
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
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"unknown render_mode {render_mode!r}")
        _common.require_seeded(rules.get("chance"), "CardsEnv")
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat {seat} is not at a table of 2")
        catan_rules.Bot(opponent)  # raises ValueError for an unknown kind
        self.fixed_seat = seat
        self.opponent_kind = opponent
        self.max_turns = max_turns
        self.illegal_action_reward = float(illegal_action_reward)
        self.render_mode = render_mode
        self.rules = rules
        self.game = catan_rules.CardGame(seed=0, **rules)
        self.seat = seat if seat is not None else 0
        high = catan_rules.card_observation_high()
        self.observation_space = spaces.Box(
            low=np.zeros_like(high), high=high, dtype=np.float32
        )
        self._size = self.game.action_space_size
        self.action_space = spaces.Discrete(self._size)
        self._bot = catan_rules.Bot(opponent)
        self._mask = np.zeros(self._size, dtype=bool)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = catan_rules.CardGame(seed=game_seed, **self.rules)
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(0, 2))
        self._bot = catan_rules.Bot(self.opponent_kind, seed=game_seed ^ (2 - self.seat))
        self._advance()
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        a = int(action)
        if self._over():
            raise RuntimeError("the episode is over: call reset()")
        if not (0 <= a < self._size and self._mask[a]):
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_action_reward, False, False, info
        self.game.apply_id(a)
        self._advance()
        winner = self.game.winner
        terminated = winner is not None
        truncated = not terminated and self.game.turn >= self.max_turns
        reward = 0.0 if winner is None else (1.0 if winner == self.seat else -1.0)
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal ids now, as a boolean mask."""
        return self._mask.copy()

    def render(self) -> Any:
        if self.render_mode == "ansi":
            v = self.game.view(self.seat)
            return (
                f"turn {v['turn']}, seat {v['current']} to move (as seen by seat {self.seat}); "
                f"points {self.game.points(0)}:{self.game.points(1)}, "
                f"hand {len(v['hand'])} cards"
            )
        return None

    def _over(self) -> bool:
        return self.game.winner is not None or self.game.turn >= self.max_turns

    def _advance(self) -> None:
        """Lets the bot play until the learning seat must act or the game ends."""
        self._mask = np.zeros(self._size, dtype=bool)
        while not self._over():
            to_act = self.game.to_act
            if self.seat in to_act:
                self._mask = np.array(self.game.legal_mask_for(self.seat), dtype=bool)
                assert self._mask.any(), "a seat that must act has a legal id"
                return
            other = 1 - self.seat
            move = self._bot.choose(self.game, other)
            assert move is not None, "a seat that must act has an action"
            self.game.apply(move)

    def _observe(self) -> npt.NDArray[np.float32]:
        return catan_rules.card_observation(self.game, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat, "turn": self.game.turn}
