"""``ismcts``: OpenSpiel's information-set Monte Carlo tree search playing atout games.

An *outside opponent* (issue 11): the atout games as OpenSpiel games (:mod:`atout.envs.openspiel`, the one
wrapper: ``python_atout_<game>``, fixed action spaces from :mod:`atout.envs.spec`), searched by OpenSpiel's own
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (Cowling, Powley and Whitehouse 2011) with its
random-rollout evaluator (``open_spiel.python.algorithms.mcts``). Nothing of the search is atout's: atout
supplies the rules, the information sets (a seat's hand and the deal's history as it saw it) and the worlds
the search samples (the search bot's samplers, :data:`atout.bots.search.SAMPLERS`), so the bot still reads
only its :class:`~atout.core.protocol.Observation`. Returns are centred and divided by a per-game scale
(the game's ``scale`` parameter), so that the UCT constant means the same in every game.

>>> import atout
>>> from atout.bots import make_bot
>>> g = atout.new_game("triomphe", players=2, seed=4)
>>> bot = make_bot("triomphe", "ismcts", seed=1)
>>> bot.act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from atout.bots.base import Bot, make_bot
from atout.bots.search import sample_world
from atout.core.actions import Action
from atout.core.protocol import Observation
from atout.envs.openspiel import SPIEL_GAMES, AtoutSpielState

#: Games the bot plays, with the scale their returns are divided by (a typical deal's score).
SCALES: dict[str, float] = {"triomphe": 1.0, "tarot": 100.0}
#: The OpenSpiel game classes (atout.envs.openspiel's), by atout name.
_GAMES = SPIEL_GAMES


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
        game = _GAMES[obs.game]({"players": int(obs.rules.get("players", 2)), "variant": str(obs.rules.get("variant", "")),
                                 "scale": SCALES[obs.game]})
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
        text = game.spec.engine_action(root, int(chosen))
        for a in obs.legal_actions:
            if str(a) == text:
                return a
        raise AssertionError(f"OpenSpiel chose {text!r}, not among the legal actions")  # pragma: no cover
