"""The body shared by the PettingZoo AEC environments (``CatanAECEnv``, ``CardsAECEnv``)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from catan_rules.envs import _common


class TableAECEnv(AECEnv):  # type: ignore[misc]
    """Every seat of a game as a PettingZoo agent (``"player_0"`` moves first): the agent
    to act, masks, end-of-game rewards to every seat, truncation and the AEC bookkeeping,
    once. A game's env says how to make a game (:meth:`_new_game`), a seat's mask
    (:meth:`_seat_mask`, ``int8``), how to apply an id (:meth:`_apply_id`), a seat's
    observation (:meth:`_observation`) and its rendering.
    """

    def _setup(
        self, players: int, max_turns: int, render_mode: Optional[str], rules: dict[str, Any]
    ) -> None:
        """Checks the arguments, makes a first game and the spaces (a subclass sets what
        :meth:`_new_game` reads first)."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        _common.require_seeded(rules.get("chance"), type(self).__name__)
        self.players = players
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.rules = rules
        self.game = self._new_game(0)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        high = self._obs_high()
        size = self.game.action_space_size
        self._size = size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._mask = np.zeros(size, dtype=np.int8)
        self.final_rewards: dict[str, float] = {}
        self.agent_selection = self.possible_agents[0]
        self._clear()

    def _new_game(self, seed: int) -> Any:
        raise NotImplementedError

    def _obs_high(self) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _seat_mask(self, seat: int) -> npt.NDArray[np.int8]:
        raise NotImplementedError

    def _apply_id(self, action: int) -> None:
        raise NotImplementedError

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _clear(self) -> None:
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
        self.game = self._new_game(seed)
        self.agents = list(self.possible_agents)
        self._clear()
        self.final_rewards = {}
        self._select()

    def _select(self) -> None:
        """Chooses the agent to act (the lowest seat that must) and its mask."""
        self._mask = np.zeros(self._size, dtype=np.int8)
        if self.game.winner is None and self.game.turn < self.max_turns:
            seat = min(self.game.to_act)
            self._mask = self._seat_mask(seat)
            if not self._mask.any():
                raise RuntimeError(f"seat {seat} must act and has no id")
            self.agent_selection = self.possible_agents[seat]
        for a in self.agents:
            self.infos[a] = {"turn": self.game.turn}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        mask = self._mask if agent == self.agent_selection else np.zeros(self._size, np.int8)
        return {
            "observation": self._observation(self._seat(agent)),
            "action_mask": mask.copy(),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = int(action)
        if not (0 <= a < self._size and self._mask[a]):
            raise ValueError(f"id {a} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {x: 0.0 for x in self.agents}
        self._apply_id(a)
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

    def close(self) -> None:
        pass
