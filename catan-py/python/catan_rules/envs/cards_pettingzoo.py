"""A PettingZoo AEC environment for the Card Game: both seats are agents.

>>> from catan_rules.envs.cards_pettingzoo import CardsAECEnv
>>> import numpy as np
>>> env = CardsAECEnv()
>>> env.reset(seed=2)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter(max_iter=200):
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     env.step(action)
>>> env.game.turn > 1
True
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

import catan_rules
from catan_rules.envs._aec import TableAECEnv

__all__ = ["CardsAECEnv"]


class CardsAECEnv(TableAECEnv):
    """Both seats of a Card Game as PettingZoo agents (``"player_0"``, ``"player_1"``).

    * The agent to act is the seat that must decide now.
    * **Observations** are dicts: ``"observation"``, ``catan_rules.card_observation`` from
      that agent's seat (only what it may know), and ``"action_mask"``, an ``int8`` mask of
      its legal fixed ids (all zero when it is not that agent's turn).
    * **Rewards** come at the end: +1 to the winner, -1 to the other. A game still running
      after ``max_turns`` turns is truncated for both (reward 0).
    * Chance is drawn by the game: ``chance="external"`` is refused.
    """

    metadata = {"render_modes": ["ansi"], "name": "catan_cards_v1", "is_parallelizable": False}

    def __init__(
        self, max_turns: int = 300, render_mode: Optional[str] = None, **rules: Any
    ) -> None:
        super().__init__()
        self._setup(2, max_turns, render_mode, rules)

    def _new_game(self, seed: int) -> catan_rules.CardGame:
        return catan_rules.CardGame(seed=seed, **self.rules)

    def _obs_high(self) -> npt.NDArray[np.float32]:
        return catan_rules.card_observation_high()

    def _seat_mask(self, seat: int) -> npt.NDArray[np.int8]:
        return np.array(self.game.legal_mask_for(seat), dtype=np.int8)

    def _apply_id(self, action: int) -> None:
        self.game.apply_id(action)

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        return catan_rules.card_observation(self.game, seat)

    def render(self) -> Any:
        if self.render_mode == "ansi":
            seat = self._seat(self.agent_selection)
            v = self.game.view(seat)
            return f"turn {v['turn']}, seat {v['current']} to move (as seen by seat {seat})"
        return None
