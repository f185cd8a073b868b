"""Every atout game as an OpenSpiel game (``pyspiel.register_game``; extra ``atout[rl]``), on the fixed action space.

Importing this module registers ``python_atout_tarot``, ``python_atout_triomphe``, ``python_atout_tarot1637``,
``python_atout_mistigri`` and ``python_atout_prime``, each with the parameters ``players``, ``variant``
(``""``: the default), ``seed`` (the deals: the first ``new_initial_state`` deals ``new_game(seed=seed)``, each
next one the next match of a generator seeded by it) and
``scale`` (returns are centred, a seat's score minus the table's mean, then divided by it). Actions are the
indices of :mod:`atout.envs.spec`; chance is sampled inside (the deal comes from the seed: ``SAMPLED_STOCHASTIC``).
``information_state_tensor``/``observation_tensor`` are the spec's tensors; ``resample_from_infostate`` draws
a world consistent with the seat's observation from atout's samplers (:func:`atout.bots.search.sample_world`:
voids and shown cards respected) with the game's own generator.

>>> import pyspiel
>>> game = pyspiel.load_game("python_atout_triomphe", {"players": 2, "seed": 4})
>>> state = game.new_initial_state()
>>> game.num_distinct_actions(), len(state.information_state_tensor(0)) == game.information_state_tensor_size()
(70, True)
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pyspiel

from atout.bots.search import sample_world
from atout.core.actions import Action
from atout.core.cardset import codes
from atout.core.protocol import GameState, game_info, new_game
from atout.envs.spec import GameSpec, spec

#: The games registered, by atout name.
GAMES = ("tarot", "triomphe", "tarot1637", "mistigri", "prime")
#: Longest match, in actions, per game (a bound OpenSpiel checks; Mistigri's match is several deals).
MAX_LENGTH = {"tarot": 200, "triomphe": 60, "tarot1637": 120, "mistigri": 2500, "prime": 60}
#: Bound of a centred return before scaling (every game's stakes are far below it).
MAX_UTILITY = 1e6
#: Largest ``scale`` parameter (returns divided by more than this would all read 0).
MAX_SCALE = 1e6


def _game_type(game: str) -> Any:
    info = game_info(game)
    counts = sorted({n for v in info.player_counts.values() for n in v})
    return pyspiel.GameType(
        short_name=f"python_atout_{game}",
        long_name=f"atout {info.title} (atout.envs)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,  # the deal, from the seed parameter
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,  # centred returns
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=counts[-1],
        min_num_players=counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "variant": "", "seed": 0, "scale": 1.0},
    )


class AtoutSpielGame(pyspiel.Game):
    """An atout game as an OpenSpiel game; subclasses set ``atout_name``."""

    atout_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = game_info(self.atout_name)
        variant = str(params.get("variant", "")) or info.default_variant
        players = int(params.get("players", info.default_players))
        self.spec: GameSpec = spec(self.atout_name, players, variant)
        self.players, self.variant = players, variant
        self.scale = float(params.get("scale", 1.0))
        if not math.isfinite(self.scale) or not 0 < self.scale <= MAX_SCALE:
            raise ValueError(f"scale is a number above 0 and at most {MAX_SCALE:g} (returns are divided by it), "
                             f"not {params.get('scale')!r}")
        bound = MAX_UTILITY / self.scale
        game_info_ = pyspiel.GameInfo(
            num_distinct_actions=self.spec.num_actions, max_chance_outcomes=0, num_players=players,
            min_utility=-bound, max_utility=bound, utility_sum=0.0, max_game_length=MAX_LENGTH[self.atout_name])
        super().__init__(_game_type(self.atout_name), game_info_, params)
        self.seed = int(params.get("seed", 0))
        if not 0 <= self.seed < 2**31:  # (OpenSpiel's integer parameters are 32-bit)
            raise ValueError(f"seed is a whole number from 0 to 2**31 - 1, not {self.seed}")
        self.deals = random.Random(self.seed)  # the seeds of the matches after the first
        self.next_seed = self.seed
        self.rng = random.Random(self.seed + 1)  # the worlds of resample_from_infostate

    def new_initial_state(self) -> AtoutSpielState:
        """The next match dealt from the game's seed (dealt on first use: OpenSpiel's ``Clone`` makes a state
        and overwrites it, which must not consume a deal)."""
        return AtoutSpielState(self, None)

    def deal(self) -> GameState:
        """The next match: the first from ``seed`` itself (``new_game(seed=…)``'s deal), the next ones from a
        generator seeded by it."""
        seed, self.next_seed = self.next_seed, self.deals.getrandbits(62)
        return new_game(self.atout_name, players=self.players, variant=self.variant, seed=seed)

    def wrap(self, state: GameState) -> AtoutSpielState:
        """An OpenSpiel state around an atout state (owned by the wrapper from now on)."""
        return AtoutSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AtoutObserver:
        """The spec's information-state tensor for a perfect-recall observer, its observation tensor otherwise."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return AtoutObserver(self.spec, perfect_recall)


class AtoutObserver:
    """OpenSpiel's PyObserver: ``tensor`` and ``dict`` filled by ``set_from``, text by ``string_from``."""

    def __init__(self, game_spec: GameSpec, perfect_recall: bool) -> None:
        self.spec, self.perfect_recall = game_spec, perfect_recall
        shape = game_spec.info_state_shape if perfect_recall else game_spec.observation_shape
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AtoutSpielState, player: int) -> None:
        encode = self.spec.info_state if self.perfect_recall else self.spec.observation
        self.tensor[:] = encode(state.st, player)

    def string_from(self, state: AtoutSpielState, player: int) -> str:
        return state.information_state_string(player) if self.perfect_recall else state.observation_string(player)


class _Box:
    """The state's Python side, as OpenSpiel's ``Clone`` deep-copies it: the game shared, the atout state cloned."""

    __slots__ = ("game", "legal", "state")

    def __init__(self, game: AtoutSpielGame, state: GameState | None) -> None:
        self.game, self.state = game, state
        self.legal: dict[int, Action] | None = None  # the legal actions by index, until the next move

    def get(self) -> GameState:
        if self.state is None:
            self.state = self.game.deal()
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, self.get().clone())


class AtoutSpielState(pyspiel.State):
    """An atout state seen through OpenSpiel's ``State`` interface (``clone`` is OpenSpiel's: history kept)."""

    def __init__(self, game: AtoutSpielGame, state: GameState | None) -> None:
        super().__init__(game)
        self._box = _Box(game, state)

    @property
    def st(self) -> GameState:
        """The atout state."""
        return self._box.get()

    @property
    def _game(self) -> AtoutSpielGame:
        return self._box.game

    @property
    def spec(self) -> GameSpec:
        return self._box.game.spec

    def current_player(self) -> int:
        seat = self.st.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal(self) -> dict[int, Action]:
        box = self._box
        if box.legal is None:
            box.legal = self.spec.legal_actions(box.get())
        return box.legal

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.st.current_player:
            return []
        return sorted(self._legal())

    def _apply_action(self, action: int) -> None:
        chosen = self._legal().get(int(action))
        if chosen is None:
            raise pyspiel.SpielError(f"action {action} ({self.spec.action_text(int(action))}) is not legal now")
        self.st.apply(chosen)
        self._box.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        if self.st.current_player == player:
            try:
                return self.spec.engine_action(self.st, int(action))
            except KeyError:
                pass
        return self.spec.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.st.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's score minus the table's mean, over the game's ``scale`` (zero-sum); zeros until the match
        is over (OpenSpiel's terminal reward model, even where a match of several deals scores as it goes)."""
        if not self.st.is_terminal():
            return [0.0] * self._game.players
        r = [float(x) for x in self.st.returns()]
        mean = sum(r) / len(r)
        return [(x - mean) / self._game.scale for x in r]

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows: its seat, its hand now (card codes), the deal's history as it saw it and the
        deal's number (0-based): ``"0|7H QS T21|((3, 'pass'),)|deal 0"``."""
        seat = self.current_player() if player is None else player
        st = self.st
        hands = getattr(st, "hands", None)
        mine = hands[seat] if isinstance(hands, list | tuple) and isinstance(hands[seat], int) else None
        hand = " ".join(codes(mine) if mine is not None else [c.code for c in st.observation(seat).hand])
        return f"{seat}|{hand}|{st.seen_history(seat)}|deal {st.deal_index}"

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        obs = self.st.observation(seat)
        return f"{seat}|{' '.join(c.code for c in obs.hand)}|{sorted(obs.public.items())}"

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        return self.spec.info_state(self.st, seat).tolist()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        return self.spec.observation(self.st, seat).tolist()

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> AtoutSpielState:
        """A world consistent with what ``player`` observed (atout's samplers; no hidden state read), drawn
        from the game's generator (seeded by its ``seed`` parameter; OpenSpiel's sampler is not used)."""
        world = sample_world(self.st.observation(player), self._game.rng, tries=50)
        if world is None:
            raise pyspiel.SpielError(f"no world consistent with seat {player}'s observation")
        return self._game.wrap(world)

    def __str__(self) -> str:
        return f"{self.st.game_name} {self.st.phase} seat {self.st.current_player}: {self.st.log[-1].actions[-4:]}"


#: The OpenSpiel game class of each atout game.
SPIEL_GAMES: dict[str, type[AtoutSpielGame]] = {}
for _name in GAMES:
    SPIEL_GAMES[_name] = type(f"AtoutSpiel_{_name}", (AtoutSpielGame,), {"atout_name": _name})
    pyspiel.register_game(_game_type(_name), SPIEL_GAMES[_name])
