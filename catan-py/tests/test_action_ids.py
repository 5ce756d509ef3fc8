"""Fixed action ids and BatchEnv: NumPy masks, ids and batch stepping."""

from __future__ import annotations

import numpy as np
import pytest

import catan_rules


def test_mask_matches_legal_actions() -> None:
    game = catan_rules.Game(players=4, map="beginner", seed=3)
    rng = np.random.default_rng(0)
    for _ in range(300):
        if game.winner is not None:
            break
        mask = game.legal_mask()
        assert mask.dtype == np.bool_
        assert mask.shape == (game.action_space_size,)
        expected = np.zeros(game.action_space_size, dtype=bool)
        for a in game.legal_actions:
            expected[game.id_for_action(a)] = True
        assert np.array_equal(mask, expected)
        ids = game.legal_ids()
        assert np.array_equal(ids, np.flatnonzero(mask))
        for i in ids[:10]:
            assert game.is_legal(game.action_for_id(int(i)))
        game.apply_id(int(rng.choice(ids)))


def test_id_errors_leave_the_game_unchanged() -> None:
    game = catan_rules.Game(map="beginner", seed=7)
    before = game.copy()
    with pytest.raises(ValueError):
        game.apply_id(game.action_space_size)
    with pytest.raises(ValueError):
        game.action_for_id(10**6)
    end_turn = game.id_for_action({"type": "end_turn", "player": 0})
    with pytest.raises(catan_rules.IllegalActionError):
        game.apply_id(end_turn)
    with pytest.raises(ValueError):
        game.id_for_action(
            {"type": "offer_trade", "player": 0, "to": 1, "give": {"brick": 2}, "get": {"ore": 1}}
        )
    assert game == before


def run(threads: int, steps: int = 2500) -> list[np.ndarray]:
    # 70 games: enough for two threads (at least 32 games each).
    env = catan_rules.BatchEnv(70, seed=2, threads=threads, vp_target=5)
    rng = np.random.default_rng(1)
    out: list[np.ndarray] = []
    for _ in range(steps):
        masks, obs = env.observe()
        ids = (masks * rng.random(masks.shape)).argmax(axis=1)  # a random legal id
        rewards, dones, winners = env.step(ids)
        out += [masks, obs, rewards, dones, winners]
    return out


def test_batch_is_deterministic_across_threads() -> None:
    one, two = run(1), run(2)
    assert any(bool(d.any()) for d in one[3::5]), "some game ended"
    assert len(one) == len(two)
    for a, b in zip(one, two):
        assert a.dtype == b.dtype and np.array_equal(a, b)


def test_batch_shapes_and_masks() -> None:
    env = catan_rules.BatchEnv(3, seed=5, threads=2)
    assert len(env) == 3
    masks, obs = env.observe()
    assert masks.shape == (3, env.action_space_size) and masks.dtype == np.bool_
    assert obs.shape == (3, env.obs_len) and obs.dtype == np.int16
    for i in range(3):
        game = env.game(i)
        assert np.array_equal(masks[i], game.legal_mask())
        assert obs[i, 0] == game.current_player
    assert "BatchEnv n=3" in repr(env)


def test_batch_errors_leave_every_game_unchanged() -> None:
    env = catan_rules.BatchEnv(3, seed=5, threads=2)
    masks, obs = env.observe()
    ids = masks.argmax(axis=1)
    bad = ids.copy()
    bad[2] = env.action_space_size + 5
    with pytest.raises(catan_rules.IllegalActionError) as e:
        env.step(bad)
    assert e.value.kind == "illegal_id"
    assert e.value.detail["game"] == 2
    with pytest.raises(catan_rules.IllegalActionError):
        env.step(np.array([ids[0], ids[1], -1]))
    with pytest.raises(ValueError):
        env.step(ids[:2])
    masks2, obs2 = env.observe()
    assert np.array_equal(masks, masks2) and np.array_equal(obs, obs2)
    env.step(ids)  # the good ids still apply
    with pytest.raises(ValueError):
        catan_rules.BatchEnv(0)
    with pytest.raises(catan_rules.RulesError):
        catan_rules.BatchEnv(2, players=9)
    with pytest.raises(TypeError):
        catan_rules.BatchEnv(2, colour="red")


def test_id_lists_without_offers_and_event_free_steps() -> None:
    # The playout path: ints without domestic offers, applied without building events.
    game = catan_rules.Game(players=4, map="random", seed=5)
    twin = game.copy()
    rng = np.random.default_rng(4)
    offer_ids = {
        game.id_for_action(a) for a in game.legal_actions if a.type == "offer_trade"
    }
    for _ in range(400):
        if game.winner is not None:
            break
        all_ids = game.legal_id_list()
        assert all_ids == [int(i) for i in game.legal_ids()]
        no_offers = game.legal_id_list(offers=False)
        assert no_offers == [int(i) for i in game.legal_ids(offers=False)]
        assert all(game.action_for_id(i).type != "offer_trade" for i in no_offers)
        assert set(all_ids) - set(no_offers) == {
            i for i in all_ids if game.action_for_id(i).type == "offer_trade"
        }
        offer_ids |= set(all_ids) - set(no_offers)
        assert no_offers, "a mask is never empty while the game is on"
        i = no_offers[int(rng.integers(len(no_offers)))]
        assert game.apply_id(i, events=False) is None
        events = twin.apply_id(i)
        assert isinstance(events, list) and events
        assert game == twin
    assert offer_ids, "offers were listed at some point"


def test_step_is_apply_id_without_events_and_says_when_the_game_is_over() -> None:
    # `step(id)` is `apply_id(id, events=False)` plus `winner is not None`: the same game,
    # move for move, and True exactly on the move that ends it.
    game = catan_rules.Game(players=4, map="random", seed=11)
    twin = game.copy()
    rng = np.random.default_rng(11)
    done = False
    moves = 0
    while not done:
        assert game.winner is None
        ids = game.legal_id_list(False)
        i = ids[int(rng.integers(len(ids)))]
        done = game.step(i)
        assert done is (game.winner is not None)
        twin.apply_id(i, events=False)
        assert game == twin
        moves += 1
    assert moves > 100 and game.winner is not None
    # Bad ids raise as apply_id does and change nothing; a finished game refuses every id.
    fresh = catan_rules.Game(players=4, map="random", seed=11)
    before = fresh.copy()
    with pytest.raises(ValueError):
        fresh.step(fresh.action_space_size)
    end_turn = fresh.id_for_action({"type": "end_turn", "player": 0})
    with pytest.raises(catan_rules.IllegalActionError):
        fresh.step(end_turn)
    assert fresh == before
    over = game.copy()
    with pytest.raises(catan_rules.GameOverError):
        game.step(end_turn)
    assert game == over
    with pytest.raises(TypeError):
        fresh.step(id=0)  # type: ignore[call-arg]


def test_ids_listed_for_an_earlier_state_or_never_listed_are_checked() -> None:
    # `step` trusts the ids of the last `legal_id_list` of this very state (they all apply);
    # any other id takes the checked path: a typed error, and the game is unchanged.
    game = catan_rules.Game(players=4, map="random", seed=21)
    rng = np.random.default_rng(21)
    end_turn = game.id_for_action({"type": "end_turn", "player": 0})
    refused = 0
    while game.winner is None and refused < 60:
        ids = game.legal_id_list(False)
        bad = [end_turn, 0] + [int(i) for i in rng.integers(game.action_space_size, size=4)]
        for i in (i for i in bad if not game.is_legal(game.action_for_id(i))):
            before = game.copy()
            with pytest.raises(catan_rules.IllegalActionError):
                game.step(i)
            assert game == before
            refused += 1
        with pytest.raises(ValueError):
            game.step(game.action_space_size)
        # Still listed for this state after the refusals: the listed ids apply.
        earlier, k = ids, ids[int(rng.integers(len(ids)))]
        game.step(k)
        # An id listed for the earlier state only, tried before any new listing.
        stale = [i for i in earlier if not game.is_legal(game.action_for_id(i))]
        if stale and game.winner is None:
            before = game.copy()
            with pytest.raises(catan_rules.IllegalActionError):
                game.step(stale[0])
            assert game == before
            refused += 1
    assert refused >= 60


def test_changing_the_game_drops_its_listing() -> None:
    # Every call that changes the game forgets the ids listed before it: an id listed for
    # the state before `apply`, `apply_as`, `apply_id` or `copy_from` is checked again.
    game = catan_rules.Game(players=4, map="beginner", seed=7)
    roll = game.id_for_action({"type": "roll", "player": 0})
    rolled = game.copy()
    rolled.apply({"type": "roll", "player": 0})
    changes = [
        lambda g: g.apply({"type": "roll", "player": 0}),
        lambda g: g.apply_as(0, {"type": "roll", "player": 0}),
        lambda g: g.apply_id(roll),
        lambda g: g.copy_from(rolled),
    ]
    for change in changes:
        g = game.copy()
        assert g.legal_id_list() == [roll]
        change(g)
        assert g == rolled
        with pytest.raises(catan_rules.IllegalActionError):
            g.step(roll)  # listed before the change: no second roll
        assert g == rolled


def test_id_lists_are_the_callers_own() -> None:
    # Lists are reused only once nobody else holds them: a list kept, changed or grown by
    # the caller is never touched by later calls, and later lists are right regardless.
    game = catan_rules.Game(players=4, map="random", seed=3)
    rng = np.random.default_rng(3)
    kept: list[tuple[list[int], list[int]]] = []
    for n in range(600):
        if game.winner is not None:
            break
        ids = game.legal_id_list(False)
        assert ids == [int(i) for i in game.legal_ids(False)]
        if n % 7 == 0 and n % 11 != 0:
            kept.append((ids, list(ids)))
        if n % 11 == 0:
            ids.append(game)  # type: ignore[arg-type]  # a cycle through a pooled list
            ids.pop()
            ids.append(-1)
        game.step(ids[int(rng.integers(len(ids) - (n % 11 == 0)))])
    assert all(ids == copy for ids, copy in kept)
    assert len(kept) > 50


def test_discards_are_made_one_card_at_a_time_by_id() -> None:
    # docs/rulings.md §38: a discard may be handed over in parts; the fixed ids number
    # one-card discards, so the mask is never empty, whatever the hand size.
    seen = 0
    for seed in range(40):
        game = catan_rules.Game(players=4, map="random", seed=seed)
        rng = np.random.default_rng(seed)
        while game.winner is None and game.turn < 150:
            ids = game.legal_id_list(offers=False)
            assert ids, game.decision
            if game.phase == "discard":
                seat = min(game.to_act)
                owed = game.decision["amounts"][seat]
                held = game.hand(seat)
                mine = [i for i in np.flatnonzero(game.legal_mask_for(seat)).tolist()]
                kinds = [game.action_for_id(i).resources for i in mine]
                assert all(sum(r.values()) == 1 for r in kinds)
                assert len(mine) == sum(1 for v in held.values() if v > 0)
                game.apply_id(mine[0], events=False)
                after = game.decision["amounts"][seat] if game.phase == "discard" else 0
                assert after == owed - 1
                seen += 1
                continue
            game.apply_id(ids[int(rng.integers(len(ids)))], events=False)
    assert seen > 20


def test_action_table_round_trips() -> None:
    game = catan_rules.Game(players=3, map="random", seed=2)
    table = game.action_table()
    assert table.dtype.names is not None and "kind" in table.dtype.names
    assert len(table) == game.action_space_size
    assert (table["id"] == np.arange(len(table))).all()
    for row in table[:: max(1, len(table) // 300)]:
        a = game.action_for_id(int(row["id"]))
        assert a.type == str(row["kind"])
        assert game.id_for_action(a) == int(row["id"])
        if a.type in ("build_settlement", "build_city"):
            assert int(row["node"]) == a.node
        if a.type == "build_road":
            assert int(row["edge"]) == a.edge
    discards = table[table["block"] == "discard"]
    assert len(discards) == 5 * 3
    assert (discards["resources"].sum(axis=1) == 1).all()
    assert sorted(set(discards["seat"].tolist())) == [0, 1, 2]


def test_observation_is_a_game_method_and_batch_observes_the_board() -> None:
    game = catan_rules.Game(map="beginner", seed=7)
    assert np.array_equal(game.observation(2), catan_rules.observation(game, 2))
    assert game.observation_planes(1).shape == catan_rules.observation_layout(game)["planes_shape"]
    env = catan_rules.BatchEnv(6, seed=3, offers=False, vp_target=3)
    masks, obs = env.observe_board()
    assert obs.shape == (6, env.board_obs_len) and obs.dtype == np.float32
    assert (obs <= env.board_obs_high()).all()
    for i in range(6):
        seat = int(env.acting_seats()[i])
        assert np.array_equal(obs[i], env.game(i).observation(seat))
    rng = np.random.default_rng(1)
    offer_ids = np.flatnonzero(env.game(0).action_table()["block"] == "offer")
    assert len(offer_ids) == 20
    finished = 0
    for _ in range(3000):
        masks, obs = env.observe_board()
        assert masks.any(axis=1).all()
        assert not masks[:, offer_ids].any()
        ids = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, done, winners = env.step(ids)
        for k in np.flatnonzero(done).tolist():
            final = env.final_observation(k)
            ended = env.finished_game(k)
            assert final is not None and ended is not None
            assert ended.winner == winners[k] or ended.winner is None
            finished += 1
        for k in np.flatnonzero(~done).tolist():
            assert env.final_observation(k) is None
        if finished >= 3:
            break
    assert finished >= 3
