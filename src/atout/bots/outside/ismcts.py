"""``ismcts``: OpenSpiel's information-set Monte Carlo tree search playing atout games.

An *outside opponent* (issue 11): atout games wrapped as OpenSpiel Python games
(``pyspiel.register_game``, one per atout game: ``python_atout_triomphe``, ``python_atout_tarot``),
searched by OpenSpiel's own ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (Cowling, Powley and
Whitehouse 2011) with its random-rollout evaluator (``open_spiel.python.algorithms.mcts``). Nothing
of the search is atout's: atout supplies the rules (``legal_actions`` / ``apply``), the information
sets (a seat's hand and the deal's history as it saw it) and the worlds the search samples (the
search bot's samplers, :data:`atout.bots.search.SAMPLERS`, and ``rebuild``), so the bot still reads
only its :class:`~atout.core.protocol.Observation`.

Action ids: OpenSpiel wants integers, atout has texts; an action's id is the CRC-32 of its text (30 bits)
(stable across processes and runs; a collision would raise). Returns are centred (a seat's score
minus the table's mean) and divided by a per-game scale, so that the UCT constant means the same
in every game.

>>> import atout
>>> from atout.bots import make_bot
>>> g = atout.new_game("triomphe", players=2, seed=4)
>>> bot = make_bot("triomphe", "ismcts", seed=1)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from atout.bots.base import Bot, make_bot
from atout.bots.search import sample_world
from atout.core.actions import Action
from atout.core.protocol import GameState, Observation, new_game

#: Games wrapped for OpenSpiel, with the scale their returns are divided by (a typical deal's score).
SCALES: dict[str, float] = {"triomphe": 1.0, "tarot": 100.0}
_TEXT_OF_ID: dict[int, str] = {}


def action_id(text: str) -> int:
    """OpenSpiel's integer for an atout action text (CRC-32, stable everywhere).

    >>> action_id("play KS") == action_id("play KS") != action_id("play QS")
    True
    """
    aid = zlib.crc32(text.encode()) & 0x3FFFFFFF
    known = _TEXT_OF_ID.setdefault(aid, text)
    if known != text:
        raise ValueError(f"action ids collide: {known!r} and {text!r}")
    return aid


def _game_type(game: str) -> Any:
    return pyspiel.GameType(
        short_name=f"python_atout_{game}",
        long_name=f"atout {game} (Python, through atout's protocol)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,  # the deal: from the seed, at creation
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,  # centred returns
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": 2 if game == "triomphe" else 4, "seed": 0, "variant": ""},
    )


class AtoutSpielGame(pyspiel.Game):
    """An atout game as an OpenSpiel game; ``new_initial_state`` deals from the ``seed`` parameter."""

    atout_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2 if self.atout_name == "triomphe" else 4))
        info = pyspiel.GameInfo(num_distinct_actions=1 << 30, max_chance_outcomes=0, num_players=players,
                                min_utility=-100.0, max_utility=100.0, utility_sum=0.0, max_game_length=400)
        super().__init__(_game_type(self.atout_name), info, params)
        self.players = players
        self.seed = int(params.get("seed", 0))
        self.rng = random.Random(self.seed)  # the worlds of resample_from_infostate
        self.variant = str(params.get("variant", "")) or None

    def new_initial_state(self) -> AtoutSpielState:
        """A fresh deal of the wrapped atout game (one deal, from the game's seed)."""
        return AtoutSpielState(self, new_game(self.atout_name, players=self.players, seed=self.seed,
                                                    variant=self.variant))

    def wrap(self, state: GameState) -> AtoutSpielState:
        """An OpenSpiel state around an atout state (owned by the wrapper from now on)."""
        return AtoutSpielState(self, state)


class AtoutSpielState(pyspiel.State):
    """An atout state seen through OpenSpiel's ``State`` interface."""

    def __init__(self, game: AtoutSpielGame, state: GameState) -> None:
        super().__init__(game)
        self._game = game
        self.st = state
        self._scale = SCALES.get(game.atout_name, 1.0)
        self._legal: dict[int, Action] | None = None

    def current_player(self) -> int:
        seat = self.st.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_map(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = {action_id(str(a)): a for a in self.st.legal_actions()}
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_map())

    def _apply_action(self, action: int) -> None:
        self.st.apply(self._legal_map()[action])
        self._legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        return _TEXT_OF_ID.get(action, str(action))

    def is_terminal(self) -> bool:
        return self.st.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's score minus the table's mean, over the game's scale (zero-sum)."""
        r = [float(x) for x in self.st.returns()]
        mean = sum(r) / len(r)
        return [(x - mean) / self._scale for x in r]

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows: its seat, its cards now and the deal's history as it saw it."""
        seat = self.current_player() if player is None else player
        hands = getattr(self.st, "hands", None)
        hand = hands[seat] if hands is not None else tuple(c.id for c in self.st.observation(seat).hand)
        return f"{seat}|{hand}|{self.st.seen_history(seat)}"

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> AtoutSpielState:
        """A world consistent with what ``player`` observed (atout's samplers; no hidden state read), drawn
        from the game's generator (seeded by its ``seed`` parameter; OpenSpiel's sampler is not used)."""
        world = sample_world(self.st.observation(player), self._game.rng, tries=50)
        if world is None:
            raise pyspiel.SpielError(f"no world consistent with seat {player}'s observation")
        return self._game.wrap(world)

    def clone(self) -> AtoutSpielState:
        return self._game.wrap(self.st.clone())

    def __deepcopy__(self, memo: dict[int, Any]) -> AtoutSpielState:
        return self.clone()

    def __str__(self) -> str:
        return f"{self.st.game_name} {self.st.phase} seat {self.st.current_player}"


_GAMES: dict[str, type[AtoutSpielGame]] = {}
for _name in SCALES:
    _cls = type(f"AtoutSpiel_{_name}", (AtoutSpielGame,), {"atout_name": _name})
    _GAMES[_name] = _cls
    pyspiel.register_game(_game_type(_name), _cls)


@dataclass(frozen=True)
class IsmctsBudget:
    """Work per decision: simulations (each from a freshly sampled world), the UCT constant, rollouts,
    and whether every node is keyed by the searching seat's information set (``single_observer``)."""

    simulations: int
    uct_c: float = 2.0
    rollouts: int = 1
    single_observer: bool = True


class SingleObserverISMCTS(os_ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, its nodes keyed by the *searching* seat's information set.

    OpenSpiel keys a node by the information set of the player to move, so another seat's nodes
    differ in every sampled world (its hand differs) and are almost never revisited: that seat then
    plays as its random rollouts do. Keying every node by the searching seat's view (and the player
    to move) is Cowling, Powley and Whitehouse's single-observer ISMCTS (SO-ISMCTS); the search
    itself (selection, expansion, backpropagation) is OpenSpiel's, unchanged.
    """

    viewer: int = 0

    def get_state_key(self, state: Any) -> tuple[int, str]:
        return state.current_player(), state.information_state_string(self.viewer)


#: Budgets of about 0.35 s of CPU per decision (about 1 s on the loaded 2-core machine; docs/bots.md).
BUDGETS: dict[str, IsmctsBudget] = {"triomphe": IsmctsBudget(simulations=500), "tarot": IsmctsBudget(simulations=200)}


class IsmctsBot(Bot):
    """OpenSpiel's IS-MCTS (random rollouts) at an atout table: La Triomphe, Tarot."""

    name = "ismcts"

    def __init__(self, seed: int = 0, game: str = "triomphe", budget: IsmctsBudget | None = None) -> None:
        super().__init__(seed)
        if game not in SCALES:
            raise ValueError(f"the ismcts bot plays {', '.join(SCALES)}, not {game!r}")
        self.game = game
        self.budget = budget or BUDGETS[game]
        #: Decisions taken, and those left to the heuristic because no world could be sampled.
        self.stats: Counter[str] = Counter()

    def act(self, obs: Observation) -> Action:
        if obs.game != self.game:
            raise ValueError(f"this ismcts bot plays {self.game}, not {obs.game}")
        self.stats["decisions"] += 1
        if len(obs.legal_actions) == 1:
            return obs.legal_actions[0]
        rng = random.Random(self.rng.getrandbits(64))
        root = sample_world(obs, rng, tries=50)
        if root is None:  # no consistent world found: the game's heuristic decides (counted)
            self.stats["fallback_heuristic"] += 1
            return make_bot(obs.game, "heuristic", seed=self.seed).act(obs)
        game = _GAMES[obs.game]({"players": int(obs.rules.get("players", 2))})
        np_rng = np.random.RandomState(rng.getrandbits(32))
        evaluator = os_mcts.RandomRolloutEvaluator(n_rollouts=self.budget.rollouts, random_state=np_rng)
        kind = SingleObserverISMCTS if self.budget.single_observer else os_ismcts.ISMCTSBot
        search = kind(game, evaluator, self.budget.uct_c, self.budget.simulations, random_state=np_rng,
                      final_policy_type=os_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                      allow_inconsistent_action_sets=self.budget.single_observer)  # another seat's moves vary by world
        search.viewer = obs.seat

        def resample(state: AtoutSpielState, player: int) -> AtoutSpielState:
            world = sample_world(obs, rng, tries=50)
            if world is None:  # keep searching the first world rather than fail
                self.stats["resample_failed"] += 1
                world = root.clone()  # type: ignore[union-attr]
            return game.wrap(world)

        search.set_resampler(resample)
        chosen = search.step(game.wrap(root))
        text = _TEXT_OF_ID[int(chosen)]
        for a in obs.legal_actions:
            if str(a) == text:
                return a
        raise AssertionError(f"OpenSpiel chose {text!r}, not among the legal actions")  # pragma: no cover
