"""A PettingZoo AEC environment: every seat of a Catan game is an agent.

>>> from catan_rules.envs.pettingzoo import CatanAECEnv
>>> import numpy as np
>>> env = CatanAECEnv(players=3, map="beginner")
>>> env.reset(seed=2)
>>> rng = np.random.default_rng(0)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
...     env.step(action)
>>> sorted(env.final_rewards.values())
[-1.0, -1.0, 1.0]
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

import catan_rules
from catan_rules.envs import _common
from catan_rules.envs._aec import TableAECEnv

__all__ = ["CatanAECEnv"]

RENDER_MODES = ("ansi", "rgb_array")


class CatanAECEnv(TableAECEnv):
    """Every seat of a Catan game as a PettingZoo agent (``"player_0"`` moves first).

    * The agent to act is the seat that must decide now (while several must — discards
      after a 7 — the lowest of them first).
    * **Observations** are dicts: ``"observation"``, the flat ``float32`` vector of
      ``catan_rules.observation`` from that agent's seat (only what it may know), and
      ``"action_mask"``, an ``int8`` mask of its legal fixed ids (all zero when it is not
      that agent's turn). Domestic trade offers are in the mask only with
      ``trade_offers=True``.
    * **Rewards** come at the end, to every seat: +1 to the winner, -1 to the others.
      Termination is a win; a game still running after ``max_turns`` turns is *truncated*
      for every agent (reward 0).
    * **Rendering**: ``render_mode="ansi"`` (text) or ``"rgb_array"`` (the board).

    A seat that owes a discard after a 7 makes it one card at a time, one id per card
    (``catan_rules::action_space``): every seat that must act always has a legal id.
    """

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "catan_v1",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        players: int = 4,
        map: str = "random",
        max_turns: int = 500,
        trade_offers: bool = False,
        render_mode: Optional[str] = None,
        **rules: Any,
    ) -> None:
        super().__init__()
        self.map = map
        self.trade_offers = trade_offers
        self._setup(players, max_turns, render_mode, rules)

    def _new_game(self, seed: int) -> catan_rules.Game:
        return catan_rules.Game(players=self.players, map=self.map, seed=seed, **self.rules)

    def _obs_high(self) -> npt.NDArray[np.float32]:
        return np.asarray(catan_rules.observation_layout(self.game)["high"], dtype=np.float32)

    def _seat_mask(self, seat: int) -> npt.NDArray[np.int8]:
        return _common.mask_of(self._size, _common.seat_ids(self.game, seat, self.trade_offers))

    def _apply_id(self, action: int) -> None:
        self.game.apply_id(action, events=False)

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        return catan_rules.observation(self.game, seat)

    def render(self) -> Any:
        seat = self._seat(self.agent_selection)
        if self.render_mode == "rgb_array":
            return _common.rgb(self.game, seat)
        if self.render_mode == "ansi":
            return _common.text(self.game, None)
        return None
