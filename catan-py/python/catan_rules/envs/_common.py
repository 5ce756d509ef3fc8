"""Helpers shared by the environments."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt

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
