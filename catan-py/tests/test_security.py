"""A referee a server can trust: the seat-scoped API, nothing hidden in errors, seeds kept
secret, and hostile calls (bad types, huge values, huge counts, mutated actions) that end
in a typed exception with the game unchanged. Seeded and bounded."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

import catan_rules
from catan_rules import Action, Event, Game

from conftest import play_until


def main_phase(seed: int = 12) -> Game:
    """A game in seat 1's main phase, with cards in seat 1's hand."""
    return play_until(
        Game(players=4, map="beginner", seed=seed),
        lambda g: g.phase == "main" and g.current_player == 1 and sum(g.hand(1).values()) > 0,
        seed=3,
    )


def test_another_seats_action_is_refused_first() -> None:
    # Finding 1: `check` of seat 1's purchase gave seat 1's hand to anyone.
    g = main_phase()
    buy = {"type": "buy_development_card", "player": 1}
    with pytest.raises(catan_rules.NotYourSeatError) as info:
        g.check_as(0, buy)
    assert info.value.kind == "not_your_seat"
    assert info.value.detail == {"seat": 0, "player": 1}
    before = g.to_json()
    with pytest.raises(catan_rules.NotYourSeatError):
        g.apply_as(0, buy)
    assert g.to_json() == before
    assert not g.is_legal_as(0, buy)
    with pytest.raises(catan_rules.NoSuchPlayerError):
        g.check_as(9, buy)
    with pytest.raises(ValueError):
        g.check_as(-1, buy)
    # The seat's own shortfall names the cost, never the hand.
    try:
        g.check_as(1, buy)
    except catan_rules.NotEnoughResourcesError as e:
        assert set(e.detail) == {"need"}
        assert "ByResource" not in str(e) and "have" not in str(e)


def test_per_seat_lists_masks_and_events() -> None:
    # Finding 3: during discards one list held every owing seat's options.
    g = play_until(Game(seed=3), lambda g: g.phase == "discard", seed=2)
    everything = list(g.legal_actions)
    joined: list[Action] = []
    for seat in range(4):
        mine = g.legal_actions_for(seat)
        assert all(a.player == seat for a in mine)
        assert (seat in g.to_act) == bool(mine)
        mask = g.legal_mask_for(seat)
        # By id, a discard is made one card at a time (docs/rulings.md §38): one id per
        # card kind the seat holds.
        kinds = sum(1 for v in g.hand(seat).values() if v > 0) if mine else 0
        assert mask.dtype == np.bool_ and int(mask.sum()) == kinds
        cards = {g.action_for_id(int(i)).to_json() for i in np.flatnonzero(mask)}
        assert all(g.action_for_id(int(i)).player == seat for i in np.flatnonzero(mask))
        assert len(cards) == kinds
        joined += mine
    assert sorted(a.to_json() for a in joined) == sorted(a.to_json() for a in everything)
    # Finding 2: per-seat event streams.
    bought = [Event("development_card_bought", player=1, card="knight")]
    assert Game.events_for(bought, 1) == bought
    assert Game.events_for(bought, 0)[0].card is None
    assert Game.events_for(bought)[0].card is None
    stole = [Event("stole", thief=2, victim=0, resource="ore")]
    assert Game.events_for(stole, 0) == stole and Game.events_for(stole, 2) == stole
    assert Game.events_for(stole, 3)[0].resource is None


def test_apply_as_plays_a_whole_game() -> None:
    g = Game(players=3, map="beginner", seed=4)
    rng = random.Random(4)
    while g.winner is None:
        seat = rng.choice(g.to_act)
        mine = [a for a in g.legal_actions_for(seat) if a.type != "offer_trade"]
        if not mine:
            continue
        events = g.apply_as(seat, rng.choice(mine))
        for viewer in [None, 0, 1, 2]:
            seen = Game.events_for(events, viewer)
            assert len(seen) == len(events)
            for e in seen:
                if e.type == "development_card_bought" and e.player != viewer:
                    assert e.card is None
    assert g.scores[g.winner] >= 10


def test_seeds_are_secret() -> None:
    # Finding 4: every default game was seed 7, and the repr printed the seed.
    a, b = Game(), Game()
    assert a.seed != b.seed
    assert a.board.to_json() != b.board.to_json() or a.to_json() != b.to_json()
    g = Game(seed=123456789)
    assert "123456789" not in repr(g)
    assert "123456789" not in json.dumps(g.view(0)) and "seed" not in g.view(None)
    # A position does not record the seed: a loaded game has none unless told.
    assert Game.from_json(g.to_json()).seed is None
    assert Game.from_json(g.to_json(), seed=5).seed == 5
    back = pickle.loads(pickle.dumps(Game.from_json(g.to_json())))
    assert back.seed is None and back == g


def test_decision_seats_are_lists_everywhere() -> None:
    # Finding 11: `decision.players` was a list in Python and a bitmask on the wire.
    g = play_until(Game(seed=3), lambda g: g.phase == "discard", seed=2)
    d = g.decision
    assert d["players"] == g.to_act
    assert g.view(0)["decision"]["players"] == g.to_act
    assert json.loads(g.to_json())["phase"] == "discard"


def test_getters() -> None:
    # Finding 13: award holders, road lengths and knights without parsing JSON.
    g = play_until(Game(seed=21, map="random"), lambda g: g.turn > 60 or g.winner is not None, seed=5)
    view = g.view(None)
    assert g.longest_road_holder == view["longest_road"]
    assert g.largest_army_holder == view["largest_army"]
    for p in range(4):
        assert g.road_length(p) == view["players"][p]["road_length"]
        assert g.knights_played(p) == view["players"][p]["knights"]
    with pytest.raises(ValueError):
        g.road_length(4)


def test_rules_that_stall_are_refused() -> None:
    # Finding 5: `discard_limit=0` dead-locked games and panicked inside `simulate`.
    with pytest.raises(catan_rules.RulesError) as info:
        Game(discard_limit=0)
    assert info.value.kind == "discard_limit"
    with pytest.raises(catan_rules.RulesError):
        catan_rules.simulate(60, discard_limit=0)
    with pytest.raises(catan_rules.RulesError):
        Game(vp_target=13)
    [s] = catan_rules.simulate(1, seed=60, discard_limit=1)
    assert s["winner"] is not None


def test_huge_counts_raise_instead_of_aborting() -> None:
    # Findings 6 and 7: huge counts aborted the process; 2,001 threads for 4 games.
    for n in [catan_rules.MAX_SIMULATE_GAMES + 1, 2**63]:
        with pytest.raises(ValueError):
            catan_rules.simulate(n)
    for n in [2**20 + 1, 2**63]:
        with pytest.raises(ValueError):
            catan_rules.BatchEnv(n)
    env = catan_rules.BatchEnv(4, threads=2001)
    assert env.threads == 1
    assert len(catan_rules.simulate(4, threads=2001)) == 4


def test_the_largest_batch_raises_memory_error_under_a_memory_limit() -> None:
    # docs/security.md: BatchEnv of the documented maximum that the memory cannot hold
    # raises MemoryError instead of aborting. A child interpreter limited to 2.5 GB of
    # address space asks for 2^20 games (over 6 GB).
    code = textwrap.dedent(
        """
        import resource, sys
        limit = 2500 * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        import catan_rules
        try:
            catan_rules.BatchEnv(2**20, threads=1)
        except MemoryError:
            sys.exit(42)
        sys.exit(1)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=600)
    assert done.returncode == 42, (done.returncode, done.stderr[-2000:])


def test_huge_inputs_give_short_errors() -> None:
    # Finding 8: a 10 MB action gave a 10.5 MB message.
    g = Game(seed=1)
    for text in [
        json.dumps({"type": "x" * (10 << 20), "player": 0}),
        json.dumps({"type": "x" * 500_000, "player": 0}),
        json.dumps({"type": "play_monopoly", "player": 0, "resource": "é" * 200_000}),
    ]:
        with pytest.raises(catan_rules.ParseError) as info:
            g.apply(text)
        assert len(str(info.value)) < 400
    with pytest.raises(catan_rules.ParseError):
        Game.from_json("[" * (2 << 20))


HOSTILE_VALUES: list[Any] = [
    0, 1, -1, 5, 255, 256, 2**31, 2**64, -(2**63), 1.5, float("nan"), None, True, "",
    "ore", "gold", [], [1, 2], [7, 1], {}, {"brick": 1}, {"ore": 300}, "knight", "\x00",
    "x" * 10_000,
]
TYPES = [
    "roll", "end_turn", "build_road", "build_settlement", "build_city", "buy_development_card",
    "discard", "move_robber", "play_knight", "play_road_building", "play_year_of_plenty",
    "play_monopoly", "maritime_trade", "offer_trade", "counter_offer", "accept_trade",
    "reject_trade", "confirm_trade", "cancel_trade", "teleport",
]
FIELDS = ["edge", "node", "hex", "victim", "resource", "resources", "give", "get", "rate",
          "to", "with", "dice", "card", "player"]


def hostile_action(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.1:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(40))).decode("latin-1")
    if roll < 0.15:
        return rng.choice(HOSTILE_VALUES)
    a: dict[str, Any] = {"type": rng.choice(TYPES), "player": rng.choice([0, 1, 2, 3, 4, -1])}
    for _ in range(rng.randrange(4)):
        a[rng.choice(FIELDS)] = rng.choice(HOSTILE_VALUES)
    return json.dumps(a) if rng.random() < 0.3 else a


def test_hostile_calls_change_nothing() -> None:
    # 2 x 1,500 rounds of hostile calls on moving games (seeded): each raises a typed
    # exception or succeeds, a failure leaves the game byte-identical, and a seat-scoped
    # call with another seat's action is always `NotYourSeatError`.
    for seed in (1, 2):
        rng = random.Random(seed)
        g = Game(players=rng.choice([2, 3, 4]), map="random", seed=seed)
        for _ in range(1500):
            before = g.to_json()
            a = hostile_action(rng)
            seat = rng.choice([0, 1, 2, 3, 4, -1, 2**40])
            call = rng.randrange(7)
            try:
                if call == 0:
                    g.apply(a)
                elif call == 1:
                    g.check(a)
                elif call == 2:
                    g.apply_as(seat, a)
                elif call == 3:
                    g.check_as(seat, a)
                elif call == 4:
                    g.legal_actions_for(seat)
                    g.legal_mask_for(seat)
                elif call == 5:
                    g.apply_id(rng.choice([0, 5, 3000, 2**32 - 1]), events=False)
                else:
                    Game.events_for([Event("stole", thief=0, victim=1, resource="ore")], seat)
            except (catan_rules.CatanError, ValueError, TypeError, OverflowError) as e:
                assert g.to_json() == before, (a, e)
                assert len(str(e)) < 2000
            # Another seat's action, through the seat-scoped calls.
            n = len(g.scores)
            if n > 1:
                actor, asker = rng.sample(range(n), 2)
                with pytest.raises(catan_rules.NotYourSeatError):
                    g.check_as(asker, {"type": "buy_development_card", "player": actor})
            # Keep the game moving.
            if g.winner is None:
                moves = [m for m in g.legal_actions if m.type != "offer_trade"] or list(g.legal_actions)
                g.apply(rng.choice(moves))
            else:
                g = Game(players=rng.choice([2, 3, 4]), map="random", seed=rng.randrange(2**32))


def test_a_seat_outside_the_game_is_no_such_player_everywhere() -> None:
    # Finding 11: a seat the game does not have is NoSuchPlayerError (still a ValueError)
    # from every call that takes a seat, never NotYourTurnError or a bare ValueError.
    g = main_phase()
    end = {"type": "end_turn", "player": 7}
    calls = [
        lambda: g.view(7),
        lambda: g.hand(7),
        lambda: g.points(7),
        lambda: g.road_length(7),
        lambda: g.legal_actions_for(7),
        lambda: g.legal_mask_for(7),
        lambda: g.legal_actions_for(-1),
        lambda: g.check(end),
        lambda: g.check_as(7, end),
        lambda: g.apply_as(7, end),
        lambda: g.check_as(300, end),
        lambda: Game.events_for([], -1),
    ]
    before = g.to_json()
    for call in calls:
        with pytest.raises(catan_rules.NoSuchPlayerError) as info:
            call()
        assert isinstance(info.value, ValueError)
        assert info.value.kind == "no_such_player"
        assert "Player(" not in str(info.value)
    assert g.to_json() == before


def test_unplayable_boards_and_finishing_road_building() -> None:
    # Finding 10: a board whose set-up cannot finish is refused, saying why.
    g = Game(players=2, seed=1)
    pos = json.loads(g.to_json())
    pos["board"] = {"hexes": [{"q": 0, "r": 0, "terrain": "forest", "number": 8}]}
    with pytest.raises(catan_rules.PositionError) as info:
        Game.from_json(json.dumps(pos))
    kinds = [e["type"] for e in info.value.detail["errors"]]
    assert "setup_cannot_finish" in kinds
    # A non-canonical generator state is malformed.
    pos = json.loads(g.to_json())
    pos["rng"] = pos["rng"].upper() if pos["rng"].upper() != pos["rng"] else "+" + pos["rng"][1:]
    with pytest.raises(catan_rules.ParseError):
        Game.from_json(json.dumps(pos))
    # Finding 12: finish_road_building is an action like any other; outside Road
    # Building it is the wrong phase.
    a = Action("finish_road_building", player=0)
    assert a.to_dict() == {"type": "finish_road_building", "player": 0}
    with pytest.raises(catan_rules.WrongPhaseError):
        g.check(a)
