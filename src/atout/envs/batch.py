"""Many tables stepped at once on numpy arrays: :class:`BatchEnv` (issue 19).

``BatchEnv(game, n, players=, variant=, seed=)`` holds ``n`` independent tables of one game. ``reset()``
deals them all and returns ``(obs, mask)``; ``step(actions)`` takes one action per table (an index in the
game's fixed action space, :func:`atout.envs.spec.spec`) for the seat to act there, and returns
``(obs, mask, rewards, done)``. A table whose deal ends records that deal's scores in ``rewards`` (one
column per seat, in points; zero elsewhere), sets ``done`` and is dealt again at once: the returned
``obs``/``mask`` are already those of its next deal. ``seat`` holds the seat to act at every table.

Tarot goes through a compiled kernel (:mod:`atout.envs._tarot_batch`, every table in one numba call per
step over the rollout kernel's arrays); every other game, and Tarot with rule options the kernel does not
know, runs one engine state per table (same interface, slower). ``seed`` makes the whole run reproducible.

Observations (``obs=``): ``"full"`` is the spec's observation tensor of the seat to act
(``spec.observation(state, seat)``); ``"compact"`` (Tarot's kernel only) is one int8 per card plus a few
scalars (``docs/envs.md``); ``"none"`` returns an empty ``(n, 0)`` array, for the fastest self-play loops.

>>> env = BatchEnv("tarot", 8, players=4, seed=1, obs="none")
>>> obs, mask = env.reset()
>>> obs.shape, mask.shape[0], bool(mask.any(axis=1).all())
((8, 0), 8, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from atout.core.cards import CARDS
from atout.core.protocol import GameState, game_info, new_game
from atout.envs import _tarot_batch as TB
from atout.games.tarot import _kernel as K
from atout.games.tarot.rules import CONTRACTS

OBS_MODES = {"none": TB.OBS_NONE, "compact": TB.OBS_COMPACT, "full": TB.OBS_FULL}


def kernel_code_text(code: int, variant: str) -> str | None:
    """The API's text of a Tarot kernel action code (``_kernel``: play, discard, call, show, bid, …), or None."""
    if 0 <= code < 78:
        return f"play {CARDS[code].code}"
    base, rest = divmod(code, 100)
    if base in (1, 2, 3) and rest < 78:
        word = {1: "discard", 2: "call", 3: "announce poignee"}[base]
        return f"{word} {CARDS[rest].code}"
    if base == 4 and rest < len(CONTRACTS[variant]):
        return f"bid {CONTRACTS[variant][rest]}"
    named = {K.PASS: "pass", K.DONE: "done", K.PETIT_SEC: "petit_sec", K.NO_PETIT_SEC: "no_petit_sec",
             K.CAPOT: "announce capot", K.CHELEM: "announce chelem", K.SANS_ATOUTS: "announce sans_atouts",
             K.SANS_POINTS: "announce sans_points"}
    return named.get(code)


def _spec(game: str, players: int, variant: str) -> Any:
    from atout.envs.spec import spec  # (the translation layer; imported late so that a missing one says so)

    return spec(game, players, variant)


class BatchEnv:
    """``n`` tables of one game stepped together; see the module docstring for the contract."""

    def __init__(self, game: str, n: int, players: int | None = None, variant: str | None = None,
                 seed: int | None = None, obs: str = "full", track: bool = False, parallel: bool = False,
                 **options: Any) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"n must be a positive number of tables, not {n!r}")
        if obs not in OBS_MODES:
            raise ValueError(f"obs must be one of {', '.join(OBS_MODES)}, not {obs!r}")
        probe = new_game(game, players=players, variant=variant, seed=0, **options)  # checks every argument
        info = game_info(game)
        self.game, self.n = info.name.lower(), n
        self.players: int = probe.players
        self.variant: str = getattr(probe, "variant", variant or info.default_variant)
        self.options = options
        self.spec = _spec(self.game, self.players, self.variant)
        self.spec.check(options)  # Prime's max_stake above 10: no index for 'bet 11'
        self.num_actions: int = int(self.spec.num_actions)
        self.kernel = self.game == "tarot" and not (set(options) - {"capot_value", "count_method"})
        if obs == "compact" and not self.kernel:
            raise ValueError("obs='compact' is Tarot's kernel view only; use 'full' or 'none'")
        self.obs_mode = obs
        self._track = obs == "full" or track
        self._replicas: list[GameState] | None = None
        self._seeds = np.random.SeedSequence(seed)
        self._sampler = np.asarray(self._seeds.spawn(1)[0].generate_state(1, np.uint64), np.uint64)
        self._step_all = TB.step_all_parallel if parallel else TB.step_all
        self.seat = np.zeros(n, np.int64)
        self._started = False
        self._redealt = np.zeros(self.n, np.bool_)
        if self.kernel:
            self._init_kernel(probe)
        else:
            self._states: list[GameState] = []
            self._deal_seeds = np.random.default_rng(self._seeds)

    # --- Tarot through the kernel -------------------------------------------------------------------
    def _init_kernel(self, probe: Any) -> None:
        rules = probe.rules
        self._a = TB.new_arrays(self.n, self.players, self.variant == "fft", rules.capot_value,
                                rules.count_method == "seed_literal")
        words = self._seeds.generate_state(self.n, np.uint64)
        self._a["rng"] = np.asarray(words, np.uint64)
        code2idx = np.zeros(K.PASS + 10, np.int64)
        for code in range(code2idx.shape[0]):
            text = kernel_code_text(code, self.variant)
            if text is not None:
                try:
                    code2idx[code] = self.spec.action_index(text)
                except (ValueError, KeyError):  # a code never legal (a poignée of a plain card): index 0 unused
                    code2idx[code] = 0
        self._code2idx = code2idx
        self._texts = [kernel_code_text(c, self.variant) or "" for c in range(code2idx.shape[0])]
        width = {"none": 0, "compact": TB.COMPACT_WIDTH, "full": 0}[self.obs_mode]
        self._compact_width = width

    def _kernel_out(self) -> tuple[np.ndarray, np.ndarray]:
        mask = np.empty((self.n, self.num_actions), np.bool_)
        obs = np.empty((self.n, self._compact_width), np.int8)
        return obs, mask

    def _kernel_mode(self) -> int:
        return TB.OBS_COMPACT if self.obs_mode == "compact" else TB.OBS_NONE

    def _full_obs(self) -> np.ndarray:
        """The spec's observation of each table's seat to act (through the engine state of the position)."""
        return np.stack([self.spec.observation(self.state(i), int(self.seat[i])) for i in range(self.n)])

    # --- the interface --------------------------------------------------------------------------------
    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        """Deal every table; ``(obs, mask)`` of the seat to act at each."""
        self._started = True
        self._redealt = np.zeros(self.n, np.bool_)  # no step yet: redealt() is all False until the first
        if not self.kernel:
            self._states = [self._new_state() for _ in range(self.n)]
            return self._generic_out()
        a = self._a
        obs, mask = self._kernel_out()
        TB.reset_all(a["own"], a["pile"], a["showing"], a["sv"], a["side"], a["flags"], a["poig"], a["trick"],
                     a["rng"], a["dealer"], a["dealt"], a["packs"], a["codes"], a["nlegal"], self._code2idx, mask,
                     obs, self._kernel_mode(), self.seat)
        if self._track:
            self._sync_replicas(None)
        if self.obs_mode == "full":
            obs = self._full_obs()
        return obs, mask

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One action per table: ``(obs, mask, rewards, done)``; an illegal action changes no table."""
        if not self._started:
            raise ValueError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.n,) or not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"step() takes one integer action per table: shape ({self.n},), not {acts.shape}")
        if not self.kernel:
            return self._generic_step(acts)
        a = self._a
        bad = TB.check_actions(a["codes"], a["nlegal"], self._code2idx, acts.astype(np.int64, copy=False),
                               a["chosen"])
        if bad >= 0:
            raise ValueError(f"table {bad}: action {int(acts[bad])} is not legal there (see the mask)")
        obs, mask = self._kernel_out()
        rewards = np.empty((self.n, self.players), np.float64)
        done = np.empty(self.n, np.bool_)
        self._redealt = np.empty(self.n, np.bool_)
        with np.errstate(over="ignore"):
            self._step_all(a["own"], a["pile"], a["showing"], a["sv"], a["side"], a["flags"], a["poig"], a["trick"],
                        a["rng"], a["dealer"], a["dealt"], a["packs"], a["codes"], a["nlegal"], self._code2idx,
                        a["chosen"], mask, obs, self._kernel_mode(), self.seat, a["rows"], rewards, done,
                        self._redealt)
        if self._track:
            self._sync_replicas(a["chosen"])
        if self.obs_mode == "full":
            obs = self._full_obs()
        return obs, mask, rewards, done

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per table, drawn from the env's own seeded generator.

        The same draw as a numpy choice from the mask, without the ``(n, num_actions)`` work: for self-play
        baselines and benchmarks.
        """
        if not self._started:
            raise ValueError("call reset() before random_actions()")
        out = np.empty(self.n, np.int64)
        if self.kernel:
            with np.errstate(over="ignore"):
                TB.random_actions(self._a["codes"], self._a["nlegal"], self._code2idx, self._sampler, out)
            return out
        rng = np.random.default_rng(int(self._sampler[0]))
        self._sampler[0] = rng.integers(0, 2**63 - 1)
        for i, state in enumerate(self._states):
            out[i] = rng.choice(np.flatnonzero(self.spec.legal_mask(state)))
        return out

    # --- looking at one table (tests, debugging) -------------------------------------------------------
    def deal(self, i: int) -> dict[str, Any]:
        """Table ``i``'s current deal as ``new_game(..., deal=, dealer=)`` takes it (Tarot's kernel only)."""
        if not self.kernel:
            raise ValueError("deal() describes the Tarot kernel's tables; the generic path keeps engine states")
        dealt = self._a["dealt"][i]
        hands = [[c.code for c in CARDS if dealt[c.id] == s] for s in range(self.players)]
        return {"deal": {"hands": hands, "talon": [c.code for c in CARDS if dealt[c.id] == K.TALON]},
                "dealer": int(self._a["dealer"][i])}

    def redealt(self) -> np.ndarray:
        """Which tables started a new deal at the last step (a scored deal, or a petit sec claimed)."""
        return self._redealt.copy()

    def state(self, i: int) -> GameState:
        """Table ``i``'s position as an engine state (generic path: the state itself; Tarot: replayed).

        On the kernel path this rebuilds the deal from its cards and replays the moves made since, so it is
        slow; it exists for the ``obs="full"`` mode and for checking the kernel against the engine.
        """
        if not self.kernel:
            return self._states[i]
        return self._replica(i)

    def _replica(self, i: int) -> GameState:
        if self._replicas is None:
            raise ValueError("state(i) on Tarot's kernel needs BatchEnv(..., obs='full') or track=True")
        return self._replicas[i]

    def _new_replica(self, i: int) -> GameState:
        d = self.deal(i)
        return new_game("tarot", players=self.players, variant=self.variant, deal=d["deal"], dealer=d["dealer"],
                        **self.options)

    def _sync_replicas(self, chosen: np.ndarray | None) -> None:
        """Keep one engine state per table in step with the kernel (for ``obs='full'`` and ``state(i)``)."""
        if chosen is None or self._replicas is None:
            self._replicas = [self._new_replica(i) for i in range(self.n)]
            return
        texts = self._texts
        for i in range(self.n):
            if self._redealt[i]:
                self._replicas[i] = self._new_replica(i)
            else:
                self._replicas[i].apply(texts[int(chosen[i])])

    # --- every other game: one engine state per table --------------------------------------------------
    def _new_state(self) -> GameState:
        seed = int(self._deal_seeds.integers(0, 2**63 - 1))
        return new_game(self.game, players=self.players, variant=self.variant, seed=seed, **self.options)

    def _generic_out(self) -> tuple[np.ndarray, np.ndarray]:
        spec = self.spec
        mask = np.zeros((self.n, self.num_actions), np.bool_)
        obs_rows = []
        for i, state in enumerate(self._states):
            seat = state.current_player
            assert seat is not None
            self.seat[i] = seat
            mask[i] = spec.legal_mask(state)
            if self.obs_mode == "full":
                obs_rows.append(np.asarray(spec.observation(state, seat)))
        obs = np.stack(obs_rows) if obs_rows else np.zeros((self.n, 0), np.int8)
        return obs, mask

    def _generic_step(self, acts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        spec = self.spec
        texts = []
        for i, state in enumerate(self._states):
            a = int(acts[i])
            if not 0 <= a < self.num_actions or not spec.legal_mask(state)[a]:
                raise ValueError(f"table {i}: action {a} is not legal there (see the mask)")
            texts.append(spec.engine_action(state, a))  # (a hand block's slots become cards)
        rewards = np.zeros((self.n, self.players), np.float64)
        done = np.zeros(self.n, np.bool_)
        self._redealt = np.zeros(self.n, np.bool_)
        for i, state in enumerate(self._states):
            state.apply(texts[i])
            if state.current_player is None:
                rewards[i] = [float(r) for r in state.returns()]
                done[i] = self._redealt[i] = True
                self._states[i] = self._new_state()
        obs, mask = self._generic_out()
        return obs, mask, rewards, done
