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
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import catan_rules
from catan_rules.envs import _common

__all__ = ["CardsAECEnv"]


class CardsAECEnv(AECEnv):  # type: ignore[misc]
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
        if render_mode is not None and render_mode != "ansi":
            raise ValueError(f"unknown render_mode {render_mode!r}")
        _common.require_seeded(rules.get("chance"), "CardsAECEnv")
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.rules = rules
        self.game = catan_rules.CardGame(seed=0, **rules)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        high = catan_rules.card_observation_high()
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
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63 - 1))
        self.game = catan_rules.CardGame(seed=seed, **self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.final_rewards = {}
        self._select()

    def _select(self) -> None:
        """Chooses the agent to act and its mask."""
        self._mask = np.zeros(self._size, dtype=np.int8)
        if self.game.winner is None and self.game.turn < self.max_turns:
            seat = min(self.game.to_act)
            self._mask = np.array(self.game.legal_mask_for(seat), dtype=np.int8)
            if not self._mask.any():
                raise RuntimeError(f"seat {seat} must act and has no id")
            self.agent_selection = self.possible_agents[seat]
        for a in self.agents:
            self.infos[a] = {"turn": self.game.turn}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        mask = self._mask if agent == self.agent_selection else np.zeros(self._size, np.int8)
        return {
            "observation": catan_rules.card_observation(self.game, seat),
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
        self.game.apply_id(a)
        self._select()
        winner = self.game.winner
        if winner is not None:
            for i, x in enumerate(self.possible_agents):
                r = 1.0 if i == winner else -1.0
                self.rewards[x] = r
                self.final_rewards[x] = r
                self.terminations[x] = True
        elif self.game.turn >= self.max_turns:
            for x in self.agents:
                self.truncations[x] = True
                self.final_rewards[x] = 0.0
        if winner is not None or self.game.turn >= self.max_turns:
            i = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(i + 1) % 2]
        self._accumulate_rewards()

    def render(self) -> Any:
        if self.render_mode == "ansi":
            seat = self.possible_agents.index(self.agent_selection)
            v = self.game.view(seat)
            return f"turn {v['turn']}, seat {v['current']} to move (as seen by seat {seat})"
        return None

    def close(self) -> None:
        pass
