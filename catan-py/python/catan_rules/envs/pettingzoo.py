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
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import catan_rules
from catan_rules.envs import _common

__all__ = ["CatanAECEnv"]

RENDER_MODES = ("ansi", "rgb_array")


class CatanAECEnv(AECEnv):  # type: ignore[misc]
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
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        _common.require_seeded(rules.get("chance"), "CatanAECEnv")
        self.players = players
        self.map = map
        self.max_turns = max_turns
        self.trade_offers = trade_offers
        self.render_mode = render_mode
        self.rules = rules
        self.game = catan_rules.Game(players=players, map=map, seed=0, **rules)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        layout = catan_rules.observation_layout(self.game)
        size = self.game.action_space_size
        self._size = size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=np.zeros(layout["length"], dtype=np.float32),
                    high=layout["high"].astype(np.float32),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._ids: list[int] = []
        self.final_rewards: dict[str, float] = {}
        self.agent_selection = self.possible_agents[0]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    @staticmethod
    def _seat(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self.game = catan_rules.Game(players=self.players, map=self.map, seed=seed, **self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.final_rewards = {}
        self._select()

    def _select(self) -> None:
        """Chooses the agent to act (the lowest seat that must) and its ids."""
        self._ids = []
        if self.game.winner is None and self.game.turn < self.max_turns:
            seat = min(self.game.to_act)
            self._ids = _common.seat_ids(self.game, seat, self.trade_offers)
            if not self._ids:
                raise RuntimeError(f"seat {seat} must act and has no id")
            self.agent_selection = self.possible_agents[seat]
        for a in self.agents:
            self.infos[a] = {"turn": self.game.turn}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat(agent)
        ids = self._ids if agent == self.agent_selection else []
        return {
            "observation": catan_rules.observation(self.game, seat),
            "action_mask": _common.mask_of(self._size, ids),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = int(action)
        if a not in self._ids:
            raise ValueError(f"id {a} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self.game.apply_id(a, events=False)
        self._select()
        winner = self.game.winner
        if winner is not None:
            for x in self.agents:
                r = 1.0 if self._seat(x) == winner else -1.0
                self.rewards[x] = r
                self.final_rewards[x] = r
                self.terminations[x] = True
        elif self.game.turn >= self.max_turns:
            for x in self.agents:
                self.truncations[x] = True
                self.final_rewards[x] = 0.0
        if winner is not None or self.game.turn >= self.max_turns:
            # Every agent is told in turn, starting from the one after the last to act.
            i = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(i + 1) % len(self.possible_agents)]
        self._accumulate_rewards()

    def render(self) -> Any:
        seat = self._seat(self.agent_selection)
        if self.render_mode == "rgb_array":
            return _common.rgb(self.game, seat)
        if self.render_mode == "ansi":
            return _common.text(self.game, None)
        return None

    def close(self) -> None:
        pass
