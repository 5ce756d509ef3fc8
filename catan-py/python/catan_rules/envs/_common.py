"""Helpers shared by the environments."""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import catan_rules

# Terrain colours for the RGB rendering (hills, forest, pasture, fields, mountains, desert,
# sea, gold), then colours of seats by relative slot.
TERRAIN_RGB = np.array(
    [
        [196, 98, 45],
        [34, 110, 52],
        [140, 200, 90],
        [232, 200, 74],
        [128, 128, 140],
        [226, 207, 152],
        [63, 131, 196],
        [200, 150, 12],
    ],
    dtype=np.uint8,
)
SEAT_RGB = np.array(
    [
        [220, 40, 40],
        [40, 90, 220],
        [245, 245, 245],
        [240, 140, 20],
        [30, 160, 80],
        [120, 70, 30],
    ],
    dtype=np.uint8,
)
TERRAINS = 8
SLOTS = 6


def seat_ids(game: catan_rules.Game, seat: int, offers: bool) -> list[int]:
    """The fixed ids of `seat`'s legal actions now (empty exactly when it has nothing to
    do: every legal action has an id, discards one card at a time)."""
    to_act = game.to_act
    if seat not in to_act:
        return []
    if len(to_act) == 1:
        return game.legal_id_list(offers)
    return [int(i) for i in np.flatnonzero(game.legal_mask_for(seat, offers))]


def mask_of(size: int, ids: list[int]) -> npt.NDArray[np.int8]:
    """A 0/1 ``int8`` mask of length `size` with ones at `ids`."""
    mask = np.zeros(size, dtype=np.int8)
    if ids:
        mask[ids] = 1
    return mask


def rgb(game: catan_rules.Game, seat: int, cell: int = 10) -> npt.NDArray[np.uint8]:
    """The board from `seat`'s point of view as an RGB image (one square of `cell` pixels
    per hex, node and edge of the board planes): terrain colours, the robber dark, pieces in
    their seat's colour (the observer red)."""
    planes = catan_rules.observation_planes(game, seat)
    _, rows, cols = planes.shape
    img = np.zeros((rows, cols, 3), dtype=np.uint8)
    img[:] = (20, 60, 110)
    is_hex, is_node, is_edge = planes[0] > 0, planes[1] > 0, planes[2] > 0
    terrain = planes[3 : 3 + TERRAINS].argmax(axis=0)
    img[is_hex] = TERRAIN_RGB[terrain[is_hex]]
    robber = planes[3 + TERRAINS + 1] > 0
    img[robber] = (30, 30, 30)
    img[is_node | is_edge] = (90, 90, 90)
    base = 3 + TERRAINS + 2
    for slot in range(SLOTS):
        for ch in (base + slot, base + SLOTS + slot, base + 2 * SLOTS + 6 + slot):
            img[planes[ch] > 0] = SEAT_RGB[slot]
    return np.kron(img, np.ones((cell, cell, 1), dtype=np.uint8))


def require_seeded(chance: Any, env: str) -> None:
    """Refuses external-chance rules for an environment: its games draw every roll, steal
    and purchase themselves, and an agent chooses only its seat's decisions (with external
    chance the outcomes would be the agent's to pick, from a list that depends on hidden
    cards)."""
    if chance is not None and str(chance).lower() == "external":
        raise ValueError(
            f"{env} plays games that draw their own chance: chance='external' is not "
            "supported (leave chance out, or use chance='seeded')"
        )


def text(game: catan_rules.Game, seat: Optional[int]) -> str:
    """A short text picture of the game from `seat`'s point of view (`None`: a
    spectator's): built from ``game.view(seat)`` only, so hidden cards and hidden victory
    points never show."""
    view = game.view(seat)
    viewer = "spectator" if seat is None else f"seat {seat}"
    lines = [
        f"turn {view['turn']}, {view['phase']}, seat {view['current']} to play "
        f"(as seen by {viewer})"
    ]
    for i, p in enumerate(view["players"]):
        mark = "*" if i == game.current_player else " "
        lines.append(
            f"{mark} seat {i}: {p['public_points']} points, {p['resource_cards']} cards, "
            f"{p['dev_cards']} development cards, {p['knights']} knights"
        )
    if seat is not None and view.get("own"):
        hand = view["own"]["hand"]
        lines.append(f"seat {seat} holds " + ", ".join(f"{k} {v}" for k, v in hand.items()))
    return "\n".join(lines)


class OneSeatEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """The body of the one-learning-seat Gymnasium environments (``CatanEnv``,
    ``CardsEnv``): seeding, the bots of the other seats, stepping by masked id, rewards,
    truncation and the info dict, once. A game's env says how to make a game
    (:meth:`_new_game`), the learning seat's mask (:meth:`_seat_mask`), how to apply an id
    (:meth:`_apply_id`), its observation (:meth:`_observe`) and its rendering.
    """

    def _setup(
        self,
        players: int,
        seat: Optional[int],
        kinds: list[str],
        max_turns: int,
        illegal_action_reward: float,
        render_mode: Optional[str],
        rules: dict[str, Any],
    ) -> None:
        """Checks the arguments, makes a first game and the spaces; ``kinds`` are the bots
        of the other seats, in seat order. A subclass sets what :meth:`_new_game` reads
        first."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}")
        require_seeded(rules.get("chance"), type(self).__name__)
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not at a table of {players}")
        if len(kinds) != players - 1:
            raise ValueError(f"{players - 1} opponents needed, got {len(kinds)}")
        for k in kinds:
            catan_rules.Bot(k)  # raises ValueError for an unknown kind
        self.players = players
        self.fixed_seat = seat
        self.opponent_kinds = kinds
        self.max_turns = max_turns
        self.illegal_action_reward = float(illegal_action_reward)
        self.render_mode = render_mode
        self.rules = rules
        self.game = self._new_game(0)
        self.seat = seat if seat is not None else 0
        high = self._obs_high()
        self.observation_space = spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)
        self._size = self.game.action_space_size
        self.action_space = spaces.Discrete(self._size)
        self._bots: dict[int, catan_rules.Bot] = {}
        self._mask = np.zeros(self._size, dtype=bool)

    def _new_game(self, seed: int) -> Any:
        raise NotImplementedError

    def _obs_high(self) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _seat_mask(self) -> npt.NDArray[np.bool_]:
        raise NotImplementedError

    def _apply_id(self, action: int) -> None:
        raise NotImplementedError

    def _observe(self) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = self._new_game(game_seed)
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(0, self.players))
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {
            s: catan_rules.Bot(k, seed=game_seed ^ (s + 1))
            for s, k in zip(others, self.opponent_kinds)
        }
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
        self._apply_id(a)
        self._advance()
        winner = self.game.winner
        terminated = winner is not None
        truncated = not terminated and self.game.turn >= self.max_turns
        reward = 0.0 if winner is None else (1.0 if winner == self.seat else -1.0)
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of the learning seat now, as a boolean mask (for maskable
        policies, such as sb3-contrib's ``MaskablePPO``)."""
        return self._mask.copy()

    def _over(self) -> bool:
        return bool(self.game.winner is not None or self.game.turn >= self.max_turns)

    def _advance(self) -> None:
        """Lets the bots play until the learning seat must act or the game ends."""
        self._mask = np.zeros(self._size, dtype=bool)
        while not self._over():
            to_act = self.game.to_act
            if self.seat in to_act:
                self._mask = self._seat_mask()
                assert self._mask.any(), "a seat that must act has a legal id"
                return
            other = next(s for s in to_act if s != self.seat)
            move = self._bots[other].choose(self.game, other)
            assert move is not None, "a seat that must act has an action"
            self.game.apply(move)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat, "turn": self.game.turn}
