"""A Gymnasium environment: one learning seat against the built-in bots.

>>> from catan_rules.envs.gymnasium import CatanEnv
>>> env = CatanEnv(opponents="random", map="beginner")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(env.action_masks())))
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 1.0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import catan_rules
from catan_rules.envs import _common

__all__ = ["BatchVectorEnv", "CatanEnv", "SelfPlayBatchEnv", "make_vector_env"]

RENDER_MODES = ("ansi", "rgb_array")


class CatanEnv(_common.OneSeatEnv):
    """One learning seat of a Catan game; the other seats are built-in bots.

    * **Actions**: ``Discrete(game.action_space_size)``, the game's fixed ids. Only the
      ids in ``action_masks()`` (also ``info["action_mask"]``) are legal; an illegal id
      changes nothing, gives ``illegal_action_reward`` and ``info["illegal_action"] = True``.
      With ``trade_offers=False`` (the default) domestic trade offers are left out of the
      mask (the bots never make offers, so no offer is ever open).
    * **Observations**: ``catan_rules.observation(game, seat)`` — the flat ``float32``
      vector with the board, from the learning seat's view only; the bounds are the
      layout's (``observation_layout``).
    * **Rewards**: +1 when the learning seat wins, -1 when another seat wins, 0 otherwise.
      A game still running after ``max_turns`` turns is truncated.
    * **Opponents**: a bot kind for every other seat (``"random"``, ``"weighted"``,
      ``"greedy"``, ``"search"``, ``"search:N"``, ``"search:Nms"``) or a list with one kind per other seat,
      in seat order. ``seat`` is the learning seat (0 moves first) or ``None`` to draw it at
      every reset.
    * **Rendering**: ``render_mode="rgb_array"`` (the board planes as a picture) or
      ``"ansi"`` (text).

    A discard after a 7 is made one card at a time, one id per card: whenever the learning
    seat must act, its mask has a legal id.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        players: int = 4,
        seat: Optional[int] = 0,
        opponents: Union[str, Sequence[str]] = "greedy",
        map: str = "random",
        max_turns: int = 500,
        trade_offers: bool = False,
        illegal_action_reward: float = -1.0,
        render_mode: Optional[str] = None,
        **rules: Any,
    ) -> None:
        kinds = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        self.map = map
        self.trade_offers = trade_offers
        self._setup(
            players, seat, kinds, max_turns, illegal_action_reward, render_mode, rules
        )

    def _new_game(self, seed: int) -> catan_rules.Game:
        return catan_rules.Game(players=self.players, map=self.map, seed=seed, **self.rules)

    def _obs_high(self) -> npt.NDArray[np.float32]:
        return np.asarray(catan_rules.observation_layout(self.game)["high"], dtype=np.float32)

    def _seat_mask(self) -> npt.NDArray[np.bool_]:
        ids = _common.seat_ids(self.game, self.seat, self.trade_offers)
        return _common.mask_of(self._size, ids).astype(bool)

    def _apply_id(self, action: int) -> None:
        self.game.apply_id(action, events=False)

    def _observe(self) -> npt.NDArray[np.float32]:
        return catan_rules.observation(self.game, self.seat)

    def render(self) -> Any:
        if self.render_mode == "rgb_array":
            return _common.rgb(self.game, self.seat)
        if self.render_mode == "ansi":
            return _common.text(self.game, self.seat)
        return None


def make_vector_env(num_envs: int, **kwargs: Any) -> gymnasium.vector.SyncVectorEnv:
    """``num_envs`` :class:`CatanEnv` (same keyword arguments) as one Gymnasium vector env.
    Gymnasium's next-step autoreset keeps each finished game's final observation: the step
    that ends a game returns it (with an empty mask), and the next step starts the new game
    and ignores that env's action.

    >>> from catan_rules.envs.gymnasium import make_vector_env
    >>> envs = make_vector_env(2, opponents="random", map="beginner")
    >>> obs, info = envs.reset(seed=3)
    >>> obs.shape[0], info["action_mask"].shape[0]
    (2, 2)
    """
    return gymnasium.vector.SyncVectorEnv([lambda: CatanEnv(**kwargs) for _ in range(num_envs)])


class SelfPlayBatchEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """The body of :class:`BatchVectorEnv` and
    :class:`catan_rules.envs.cards_gymnasium.CardBatchVectorEnv`: self-play games of a
    Rust batch as a Gymnasium vector env. A game's subclass says how to make its batch
    (:meth:`_new_batch`), observe it (:meth:`_observe`) and show a game (:meth:`_text`);
    the bookkeeping (spaces, seeding, rewards, returns, same-step autoreset with final
    observations) is here, once.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}
    if hasattr(gymnasium.vector, "AutoresetMode"):
        metadata["autoreset_mode"] = gymnasium.vector.AutoresetMode.SAME_STEP

    def _setup(self, num_envs: int, render_mode: Optional[str], high: Any) -> None:
        """Spaces from the batch made by :meth:`_new_batch` and its bounds ``high``."""
        self.num_envs = num_envs
        self.render_mode = render_mode
        size = self.batch.action_space_size
        self._obs_len = len(high)
        self.single_observation_space = spaces.Box(
            low=np.zeros_like(high), high=high, dtype=np.float32
        )
        self.single_action_space = spaces.Discrete(size)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, size))
        self._mask = np.zeros((num_envs, size), dtype=bool)

    def _new_batch(self, seed: int) -> Any:
        raise NotImplementedError

    def _observe(self) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _text(self, game: Any) -> str:
        raise NotImplementedError

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.batch = self._new_batch(game_seed)
        obs = self._observe()
        return obs, self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        rewards, done, winners = self.batch.step(np.asarray(actions))
        terminated = done & (winners >= 0)
        truncated = done & (winners < 0)
        final = np.zeros((self.num_envs, self._obs_len), np.float32)
        for i in np.flatnonzero(done):
            f = self.batch.final_observation(int(i))
            assert f is not None
            final[i] = f
        obs = self._observe()
        info = self._info()
        info["winner"] = winners
        info["returns"] = self.batch.returns()
        if done.any():
            info["final_obs"] = final
            info["_final_obs"] = done.copy()
        return obs, rewards, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The acting seats' legal ids, ``(num_envs, action_space_size)``."""
        return self._mask

    def render(self) -> Any:
        if self.render_mode == "ansi":
            return "\n\n".join(self._text(self.batch.game(i)) for i in range(self.num_envs))
        return None

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask, "seat": self.batch.acting_seats()}


class BatchVectorEnv(SelfPlayBatchEnv):
    """``num_envs`` self-play games stepped together in Rust (``catan_rules.BatchEnv``), as
    a Gymnasium vector env: the policy plays every seat of every game.

    * **Actions**: one fixed id per game (``MultiDiscrete``), for the game's *acting seat*
      (the current player; while discarding, the lowest seat that still owes cards; while
      an offer is open, the lowest seat still to answer). ``info["action_mask"]`` (and
      ``action_masks()``) is a ``bool`` array ``(num_envs, action_space_size)``; a mask
      is never empty. ``info["seat"]`` is every game's acting seat.
    * **Observations**: ``observe_board`` — the acting seat's flat ``float32`` observation
      with the board (``catan_rules.observation``), bounds from the batch's layout.
    * **Rewards**: +1 to the seat whose move won, -1 when a game ends with another seat's
      win, else 0 (the seat that acted). Every seat's return of the games that ended in
      the step is in ``info["returns"]``, ``(num_envs, players)``: +1 the winner, -1 every
      other seat (as the PettingZoo environment; 0 for a game without a winner), so that
      self-play can credit the seats that did not make the last move. A game still running
      after the batch's turn limit is truncated.
    * **Autoreset** (Gymnasium's same-step mode): a finished game is replaced at once; the
      step returns the new game's observation and keeps the finished game's final
      observation in ``info["final_obs"]`` (with ``info["_final_obs"]`` saying which
      games finished) and its winner in ``info["winner"]``.
    * ``offers=False`` (the default) leaves domestic trade offers out of the masks.

    >>> import numpy as np
    >>> from catan_rules.envs.gymnasium import BatchVectorEnv
    >>> envs = BatchVectorEnv(4, map="beginner")
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
        players: int = 4,
        map: str = "random",
        offers: bool = False,
        threads: Optional[int] = None,
        render_mode: Optional[str] = None,
        **rules: Any,
    ) -> None:
        _common.require_seeded(rules.get("chance"), "BatchVectorEnv")
        self._kwargs = dict(players=players, map=map, offers=offers, threads=threads, **rules)
        self.batch = catan_rules.BatchEnv(num_envs, seed=1, **self._kwargs)
        self._setup(num_envs, render_mode, self.batch.board_obs_high())

    def _new_batch(self, seed: int) -> catan_rules.BatchEnv:
        return catan_rules.BatchEnv(self.num_envs, seed=seed, **self._kwargs)

    def _observe(self) -> npt.NDArray[np.float32]:
        self._mask, obs = self.batch.observe_board()
        return obs

    def _text(self, game: catan_rules.Game) -> str:
        return _common.text(game, None)
