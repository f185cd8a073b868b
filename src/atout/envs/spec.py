"""A game's fixed action space and tensors, per (game, players, variant): what every convention translates through.

A :class:`GameSpec` numbers every action the engine can offer at that table (``action_text``/``action_index``),
gives the mask of the legal ones (``legal_mask``) and encodes what one seat may know as two fixed-size float32
tensors built from the engine's own :meth:`~atout.core.protocol.GameState.observation` for that seat (so they
cannot hold more than it): the *observation* and the *information state* (the observation plus the public
history of the deal, in order). ``decode`` reads the card planes of either tensor back as card codes by zone:
the leak test checks them against ``known_cards(seat)``. The layout of every plane is in docs/envs.md.

Actions are blocks: ``play C`` for each card C of the pack, ``discard C``, ``bid K``… and single words
(``pass``, ``done``…). A *hand block* (Mistigri's draws, Prime's discards) numbers a subset of the mover's
hand by its slots (bit i = the i-th card of the hand by card id): its text depends on the state, so
``action_text`` shows the slots (``draw #0 #2``) and :meth:`GameSpec.engine_action` the cards.

>>> s = spec("tarot", players=4, variant="fft")
>>> s.action_text(s.action_index("play KS")), s.num_actions
('play KS', 268)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from atout.core.actions import Action, parse_action
from atout.core.cards import CARDS, Card
from atout.core.errors import NotationError
from atout.core.protocol import GameState, Observation, game_info
from atout.envs.games import CONFIGS
from atout.envs.layout import Block, Config, hand_block_args, seat_value


class GameSpec:
    """The fixed action space and the two tensors of one (game, players, variant); numpy only."""

    def __init__(self, config: Config, players: int, variant: str) -> None:
        self.config, self.game, self.players, self.variant = config, config.game, players, variant
        self.pack = config.pack
        self.card_slot = {c: i for i, c in enumerate(config.pack)}
        texts: list[str] = []
        self._block_of: list[tuple[int, int]] = []  # action index -> (block, argument)
        self.block_start: list[int] = []
        for b, block in enumerate(config.blocks):
            self.block_start.append(len(texts))
            for a, text in enumerate(block.texts()):
                texts.append(text)
                self._block_of.append((b, a))
        self.actions: tuple[str, ...] = tuple(texts)
        self._index = {t: i for i, t in enumerate(texts)}
        self._prefix = {b.prefix: i for i, b in enumerate(config.blocks)}
        self.num_actions = len(texts)
        n, size = players, len(self.pack)
        self.planes: list[str] = ["hand"]
        self.planes += [f"{verb}/{r}" for verb in config.seat_verbs for r in range(n)]
        self.planes += [f"trick/{r}" for r in range(n)]
        self.planes += list(config.card_fields) + list(config.named_fields)
        self.scalar_names: list[str] = []
        for name, width in self._scalar_widths():
            self.scalar_names += [f"{name}/{i}" for i in range(width)] if width > 1 else [name]
        self.observation_size = len(self.planes) * size + len(self.scalar_names)
        self.arg_width = max(len(b.args) for b in config.blocks)
        self.step_width = n + len(config.blocks) + self.arg_width + 1
        self.observation_shape: tuple[int, ...] = (self.observation_size,)
        self.info_state_shape: tuple[int, ...] = (self.observation_size + config.history * self.step_width,)

    def __repr__(self) -> str:
        return f"<GameSpec {self.game} {self.variant} players={self.players} actions={self.num_actions}>"

    # --- actions --------------------------------------------------------------------------------------
    def action_text(self, i: int) -> str:
        """The text of action ``i`` in the engine's notation (hand blocks show slots: ``draw #0 #2``)."""
        if not 0 <= i < self.num_actions:
            raise IndexError(f"no action {i} (actions are 0..{self.num_actions - 1})")
        return self.actions[i]

    def action_index(self, text: str | Action) -> int:
        """The index of an action given as text; KeyError if it is outside the space (``discard 2H 3H`` at once)."""
        try:
            canonical = str(parse_action(text))
        except NotationError:
            raise KeyError(text) from None
        return self._index[canonical]

    def index_in(self, state: GameState, action: Action | str, slots: list[int] | None = None) -> int:
        """The index of an engine action at ``state`` (a hand block's cards become the mover's slots)."""
        i = self._index.get(str(action))
        if i is not None:
            return i
        parsed = parse_action(action)
        b = self._prefix.get(parsed.kind)
        if b is not None and self.config.blocks[b].hand:
            slots = self._hand_slots(state) if slots is None else slots
            try:
                words = " ".join(f"#{i}" for i in sorted(slots.index(Card.parse(a).id) for a in parsed.args))
            except (ValueError, NotationError):
                raise KeyError(str(action)) from None
            return self._index[f"{parsed.kind} {words}".rstrip()]
        return self.action_index(parsed)

    def legal_actions(self, state: GameState) -> dict[int, Action]:
        """The legal actions of the seat to move by index (empty when the game is over)."""
        out: dict[int, Action] = {}
        slots: list[int] | None = None
        for action in state.legal_actions():
            i = self._index.get(str(action))
            if i is None:
                if slots is None:
                    slots = self._hand_slots(state)
                i = self.index_in(state, action, slots)
            out[i] = action
        return out

    def engine_action(self, state: GameState, i: int) -> str:
        """The engine's text of action ``i`` at ``state`` (a hand block's slots become the mover's cards)."""
        text = self.action_text(i)
        b, _ = self._block_of[i]
        block = self.config.blocks[b]
        if not block.hand:
            return text
        slots = self._hand_slots(state)
        words = text.split()[1:]
        cards = [CARDS[slots[int(w[1:])]].code for w in words if int(w[1:]) < len(slots)]
        if len(cards) != len(words):
            raise KeyError(f"{text}: the hand has {len(slots)} cards")
        return " ".join([block.prefix, *cards])

    def _hand_slots(self, state: GameState) -> list[int]:
        seat = state.current_player
        if seat is None:
            return []
        return [c.id for c in state.observation(seat).hand]

    def check(self, options: Mapping[str, Any]) -> None:
        """Refuse, before any deal, a rule option whose value needs actions the fixed space has not (ValueError).

        >>> spec("prime").check({"max_stake": 20})
        Traceback (most recent call last):
        ...
        ValueError: prime: max_stake=20 needs actions outside the fixed action space, which holds max_stake up to 10
        """
        for name, highest in self.config.option_limits:
            value = options.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > highest:
                raise ValueError(f"{self.game}: {name}={value} needs actions outside the fixed action space, "
                                 f"which holds {name} up to {highest}")

    def legal_mask(self, state: GameState) -> np.ndarray:
        """The legal actions of the seat to move as a bool vector (all False when the game is over)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[list(self.legal_actions(state))] = True
        return mask

    def step_of(self, i: int) -> tuple[int, int]:
        """Action ``i`` as (block, argument): the history's factored encoding."""
        return self._block_of[i]

    # --- tensors ---------------------------------------------------------------------------------------
    def observation(self, state: GameState, seat: int) -> np.ndarray:
        """What ``seat`` may know now as a float32 vector of ``observation_shape`` (docs/envs.md)."""
        return self.encode_observation(state.observation(seat))

    def info_state(self, state: GameState, seat: int) -> np.ndarray:
        """The observation followed by the deal's public history as ``seat`` saw it, in order."""
        obs = state.observation(seat)
        return np.concatenate([self.encode_observation(obs), self.encode_history(obs)])

    def encode_observation(self, obs: Observation) -> np.ndarray:
        """The observation tensor of an engine :class:`Observation`."""
        cfg, n, seat = self.config, self.players, obs.seat
        size = len(self.pack)
        out = np.zeros(self.observation_size, dtype=np.float32)
        planes = out[: len(self.planes) * size].reshape(len(self.planes), size)
        row = {name: i for i, name in enumerate(self.planes)}
        self._put(planes[0], (c.id for c in obs.hand))
        prefixes = {verb: verb.split() for verb in cfg.seat_verbs}
        for who, text in obs.history:
            words = text.split()
            for verb, pre in prefixes.items():
                if words[: len(pre)] == pre:
                    self._put(planes[row[f"{verb}/{(who - seat) % n}"]], _card_ids(words[len(pre):]))
        for who, code in obs.public.get("trick") or ():
            if who is not None and 0 <= who < n:
                self._put(planes[row[f"trick/{(who - seat) % n}"]], _card_ids([code]))
        for name in (*cfg.card_fields, *cfg.named_fields):
            self._put(planes[row[name]], _card_ids(_codes(obs.public.get(name))))
        out[len(self.planes) * size:] = self._scalars(obs)
        return out

    def encode_history(self, obs: Observation) -> np.ndarray:
        """The deal's actions as ``obs.seat`` saw them: one row a step (seat, block, argument, hidden flag)."""
        cfg, n, seat = self.config, self.players, obs.seat
        rows = np.zeros((cfg.history, self.step_width), dtype=np.float32)
        steps = obs.history[-cfg.history:]
        base = n + len(cfg.blocks)
        for t, (who, text) in enumerate(steps):
            rows[t, (who - seat) % n] = 1.0
            b, arg, hidden = self._history_step(text)
            if b is None:
                continue
            rows[t, n + b] = 1.0
            if arg is not None and arg < self.arg_width:
                rows[t, base + arg] = 1.0
            rows[t, -1] = float(hidden)
        return rows.reshape(-1)

    def _history_step(self, text: str) -> tuple[int | None, int | None, bool]:
        """(block, argument, hidden) of one history entry; a hidden or hand action keeps its card count only."""
        if text.endswith("hidden)"):  # "discard (1 hidden)": the count is public, the cards are not
            kind, rest = text.split(" (", 1)
            count = int(rest.split()[0])
            b = self._matching_block(kind)
            return b, (count - 1 if count > 0 else None), True
        i = self._index.get(text)
        if i is not None:
            b, a = self._block_of[i]
            return b, a, False
        parsed = parse_action(text)
        b = self._matching_block(parsed.kind)
        return b, (len(parsed.args) - 1 if parsed.args else None), False  # a hand block: its count of cards

    def _matching_block(self, kind: str) -> int | None:
        return self._prefix.get(kind)

    def _put(self, plane: np.ndarray, card_ids: Any) -> None:
        for c in card_ids:
            slot = self.card_slot.get(c)
            if slot is not None:
                plane[slot] = 1.0

    def _scalar_widths(self) -> list[tuple[str, int]]:
        n, cfg = self.players, self.config
        return [("phase", len(cfg.phases)), ("to_move", n), ("dealer", n), ("leader", n),
                ("hand_size", n), ("score", n), ("extra", cfg.extras_size)]

    def _scalars(self, obs: Observation) -> list[float]:
        cfg, n, seat, pub = self.config, self.players, obs.seat, obs.public
        out: list[float] = [float(obs.phase == p) for p in cfg.phases]
        out += _seat_onehot(obs.current_player, seat, n)
        out += _seat_onehot(pub.get("dealer"), seat, n)
        out += _seat_onehot(pub.get("leader"), seat, n)
        sizes = pub.get("hand_sizes") or [0] * n
        out += [float(sizes[(seat + r) % n]) / cfg.hand_size for r in range(n)]
        scores = pub.get(cfg.score_field) or [0] * n
        out += [_num(seat_value(scores, (seat + r) % n, pub)) / cfg.score_scale for r in range(n)]
        if cfg.extras is not None:
            extra = cfg.extras(obs, seat)
            if len(extra) != cfg.extras_size:
                raise AssertionError(f"{cfg.game}: {len(extra)} extra features, expected {cfg.extras_size}")
            out += extra
        return out

    # --- decoding (for the leak test and for reading a tensor) ------------------------------------------
    def decode(self, tensor: np.ndarray) -> dict[str, set[str]]:
        """Card codes by zone in an observation or information-state tensor (zones with no card left out).

        Named-card zones (``self.config.named_fields``) name a card without placing it; they are listed
        under their own names too, and the leak test leaves them aside.
        """
        tensor = np.asarray(tensor)
        size = len(self.pack)
        planes = tensor[: len(self.planes) * size].reshape(len(self.planes), size)
        out: dict[str, set[str]] = {}
        for name, plane in zip(self.planes, planes, strict=True):
            found = {CARDS[self.pack[j]].code for j in np.flatnonzero(plane > 0.5)}
            if found:
                out[name] = found
        if tensor.shape[0] > self.observation_size:
            rows = tensor[self.observation_size:].reshape(self.config.history, self.step_width)
            seen: set[str] = set()
            n, nb = self.players, len(self.config.blocks)
            for row in rows:
                blocks = np.flatnonzero(row[n:n + nb] > 0.5)
                args = np.flatnonzero(row[n + nb:n + nb + self.arg_width] > 0.5)
                if len(blocks) and len(args) and row[-1] < 0.5:
                    block = self.config.blocks[blocks[0]]
                    if not block.hand and args[0] < len(block.args):
                        seen.update(_codes_of_words([block.args[args[0]]]))
            if seen:
                out["history"] = seen
        return out


def _seat_onehot(who: Any, seat: int, n: int) -> list[float]:
    out = [0.0] * n
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < n:
        out[(who - seat) % n] = 1.0
    return out


def _num(x: Any) -> float:
    if isinstance(x, int | float | Fraction):
        return float(x)
    return 0.0


@functools.lru_cache(maxsize=4096)
def _card_id(word: str) -> int | None:
    try:
        return Card.parse(word).id
    except NotationError:
        return None


def _card_ids(words: Sequence[str]) -> list[int]:
    return [c for c in map(_card_id, words) if c is not None]


def _codes_of_words(words: Sequence[str]) -> list[str]:
    return [CARDS[c].code for c in _card_ids(words)]


def _codes(value: Any) -> list[str]:
    """Every card code inside a public value (a code, a list of them, nested lists, dicts' ``cards``)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value] if _card_id(value) is not None else []
    if isinstance(value, Mapping):
        return _codes(value.get("cards"))
    if isinstance(value, list | tuple):
        return [c for v in value for c in _codes(v)]
    return []


@functools.lru_cache(maxsize=64)
def spec(game: str, players: int | None = None, variant: str | None = None) -> GameSpec:
    """The spec of a table: the game by name or alias, its default variant and player count if not given."""
    info = game_info(game)
    variant = (variant or info.default_variant).lower()
    if variant not in info.player_counts:
        raise ValueError(f"{info.name} has no variant {variant!r}; variants: {', '.join(info.variants)}")
    allowed = info.player_counts[variant]
    if players is None:
        players = info.default_players if info.default_players in allowed else allowed[0]
    if players not in allowed:
        raise ValueError(f"{info.name} ({variant}) is for {', '.join(map(str, allowed))} players, not {players!r}")
    return GameSpec(CONFIGS[info.name](players, variant), players, variant)


__all__ = ["Block", "Config", "GameSpec", "hand_block_args", "spec"]
