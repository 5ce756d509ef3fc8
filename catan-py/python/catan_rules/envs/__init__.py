"""Reinforcement-learning environments over ``catan_rules`` (optional extra: ``pip install
catan-rules[rl]``, which brings Gymnasium, PettingZoo and NumPy).

* :class:`catan_rules.envs.gymnasium.CatanEnv` — a Gymnasium env: one learning seat,
  the other seats played by the built-in bots.
* :func:`catan_rules.envs.gymnasium.make_vector_env` — several of them as a Gymnasium
  vector env (each finished game's final observation is kept by Gymnasium's autoreset).
* :class:`catan_rules.envs.pettingzoo.CatanAECEnv` — a PettingZoo AEC env: every seat an
  agent.
* :class:`catan_rules.envs.cards_gymnasium.CardsEnv` and
  :class:`catan_rules.envs.cards_pettingzoo.CardsAECEnv` — the same two for the Card Game
  (observations ``catan_rules.card_observation``, ids of ``CardGame.action_space_size``).
* :class:`catan_rules.envs.gymnasium.BatchVectorEnv` and
  :class:`catan_rules.envs.cards_gymnasium.CardBatchVectorEnv` — self-play games stepped
  together in Rust (``BatchEnv``, ``CardBatchEnv``) as a Gymnasium vector env.

Every environment refuses ``chance="external"``: its games draw their own chance.

Actions are the fixed ids of ``Game.action_space_size``; masks come from the game and
hold only the acting seat's legal ids. Observations are ``catan_rules.observation``
(with the board; its version is in the layout).

The modules import Gymnasium and PettingZoo, so import them explicitly:
``from catan_rules.envs.gymnasium import CatanEnv``. With Gymnasium installed,
``import catan_rules`` also registers the environments (:func:`register`), so that
``gymnasium.make("catan_rules/Catan-v0")`` makes a :class:`CatanEnv` and
``gymnasium.make_vec("catan_rules/CatanSelfPlay-v0", num_envs=64)`` a
:class:`catan_rules.envs.gymnasium.BatchVectorEnv` (keywords go to the class); the Card
Game's twins are ``catan_rules/Cards-v0`` (a
:class:`catan_rules.envs.cards_gymnasium.CardsEnv`) and ``catan_rules/CardsSelfPlay-v0``
(a :class:`catan_rules.envs.cards_gymnasium.CardBatchVectorEnv`).
"""

#: The Gymnasium ids :func:`register` adds.
ENV_IDS = (
    "catan_rules/Catan-v0",
    "catan_rules/CatanSelfPlay-v0",
    "catan_rules/Cards-v0",
    "catan_rules/CardsSelfPlay-v0",
)


def register() -> None:
    """Registers the environments with Gymnasium (once; ``import catan_rules`` calls it
    when Gymnasium is installed): ``catan_rules/Catan-v0``, one learning seat against the
    built-in bots (``gymnasium.make``; ``gymnasium.make_vec`` steps several), and
    ``catan_rules/CatanSelfPlay-v0``, self-play games stepped together in Rust
    (``gymnasium.make_vec`` only); and the same two for the Card Game,
    ``catan_rules/Cards-v0`` (one learning seat against a bot) and
    ``catan_rules/CardsSelfPlay-v0``.

    >>> import gymnasium, catan_rules
    >>> env = gymnasium.make("catan_rules/Catan-v0", opponents="random", map="beginner")
    >>> obs, info = env.reset(seed=1)
    >>> type(env.unwrapped).__name__, obs.shape == env.observation_space.shape
    ('CatanEnv', True)
    >>> envs = gymnasium.make_vec("catan_rules/CatanSelfPlay-v0", num_envs=4)
    >>> type(envs).__name__, envs.num_envs
    ('BatchVectorEnv', 4)
    >>> type(gymnasium.make("catan_rules/Cards-v0", opponent="random").unwrapped).__name__
    'CardsEnv'
    >>> type(gymnasium.make_vec("catan_rules/CardsSelfPlay-v0", num_envs=2)).__name__
    'CardBatchVectorEnv'
    """
    import gymnasium

    if ENV_IDS[0] in gymnasium.registry:
        return
    gymnasium.register(id=ENV_IDS[0], entry_point="catan_rules.envs.gymnasium:CatanEnv")
    gymnasium.register(
        id=ENV_IDS[1], vector_entry_point="catan_rules.envs.gymnasium:BatchVectorEnv"
    )
    gymnasium.register(id=ENV_IDS[2], entry_point="catan_rules.envs.cards_gymnasium:CardsEnv")
    gymnasium.register(
        id=ENV_IDS[3],
        vector_entry_point="catan_rules.envs.cards_gymnasium:CardBatchVectorEnv",
    )
