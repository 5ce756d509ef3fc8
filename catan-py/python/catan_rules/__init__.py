"""catan_rules: a complete, fast rules engine for Catan, with a typed Python API.

The rules live in Rust (the ``catan-rules`` crate); this package is a thin skin over it.

>>> import random, catan_rules
>>> game = catan_rules.Game(players=4, map="beginner", seed=7)
>>> rng = random.Random(1)
>>> while game.winner is None:
...     events = game.apply(rng.choice(list(game.legal_actions)))
>>> max(game.scores) >= 10
True
"""

from catan_rules._catan import (
    Action,
    BatchEnv,
    Board,
    Bot,
    CardBatchEnv,
    CardGame,
    CatanError,
    ChanceError,
    DevelopmentCardError,
    DiscardError,
    Event,
    Game,
    GameOverError,
    IllegalActionError,
    MAX_INPUT_BYTES,
    MAX_SIMULATE_GAMES,
    LegalActions,
    NoSuchPlayerError,
    NotEnoughResourcesError,
    NotYourSeatError,
    NotYourTurnError,
    ParseError,
    PlacementError,
    PositionError,
    RobberError,
    RulesError,
    SupplyError,
    TradeError,
    WrongPhaseError,
    __version__,
    card_observation,
    card_observation_high,
    hex_from_jsettlers,
    hex_to_jsettlers,
    observation,
    observation_layout,
    observation_planes,
    play_match,
    simulate,
    tournament,
)

__all__ = [
    "Action",
    "BatchEnv",
    "Board",
    "Bot",
    "CardBatchEnv",
    "CardGame",
    "CatanError",
    "ChanceError",
    "DevelopmentCardError",
    "DiscardError",
    "Event",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "LegalActions",
    "MAX_INPUT_BYTES",
    "MAX_SIMULATE_GAMES",
    "NoSuchPlayerError",
    "NotEnoughResourcesError",
    "NotYourSeatError",
    "NotYourTurnError",
    "ParseError",
    "PlacementError",
    "PositionError",
    "RobberError",
    "RulesError",
    "SupplyError",
    "TradeError",
    "WrongPhaseError",
    "__version__",
    "observation",
    "card_observation",
    "card_observation_high",
    "observation_layout",
    "observation_planes",
    "play_match",
    "simulate",
    "hex_from_jsettlers",
    "hex_to_jsettlers",
    "tournament",
]

# With Gymnasium installed (the `rl` extra), `gymnasium.make("catan_rules/Catan-v0")` works
# after `import catan_rules`; the environment classes are imported only when made.
import importlib.util as _importlib_util  # noqa: E402

if _importlib_util.find_spec("gymnasium") is not None:
    from catan_rules.envs import register as _register_envs

    _register_envs()
