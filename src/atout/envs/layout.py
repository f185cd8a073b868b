"""The building blocks of an environment's layout: action blocks, a game's configuration, per-seat values.

:mod:`atout.envs.games` describes each game with them and :mod:`atout.envs.spec` reads them; kept apart so
that neither of those two imports the other's importer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from atout.core.protocol import Observation

#: A game's extra scalar features: (observation, seat) -> floats, always the same number of them.
Extras = Callable[[Observation, int], list[float]]


@dataclass(frozen=True)
class Block:
    """One kind of action: ``prefix`` then one argument from ``args`` (``""`` for a bare word)."""

    prefix: str
    args: tuple[str, ...]
    #: True for a hand block: the arguments are subsets of the mover's hand by slot (``#0 #2``), not words.
    hand: bool = False

    def texts(self) -> list[str]:
        return [f"{self.prefix} {a}".rstrip() for a in self.args]


@dataclass(frozen=True)
class Config:
    """What differs between games: the pack, the action blocks, the phases and which public facts are cards."""

    game: str
    pack: tuple[int, ...]
    blocks: tuple[Block, ...]
    phases: tuple[str, ...]
    #: History verbs whose card arguments become one plane per relative seat (``play``, ``announce poignee``…).
    seat_verbs: tuple[str, ...]
    #: Keys of ``Observation.public`` holding cards whose place the seat knows (the talon once shown…).
    card_fields: tuple[str, ...]
    #: Keys holding cards that are only *named* (the called King): encoded, but they say nothing of a place.
    named_fields: tuple[str, ...] = ()
    #: Public key of the seats' scores (or chips) and the scale dividing them.
    score_field: str = "scores"
    score_scale: float = 100.0
    #: Longest public history kept in the information state (older actions dropped first; see docs/envs.md).
    history: int = 128
    extras: Extras | None = None
    extras_size: int = 0
    #: The hand's size at the deal (the scale of the hand-size features).
    hand_size: int = 18
    #: Rule options the fixed action space bounds, with the highest value it holds (Prime's bets: ``max_stake`` ≤ 10).
    option_limits: tuple[tuple[str, int], ...] = ()


def hand_block_args(size: int, empty: bool) -> tuple[str, ...]:
    """Every subset of ``size`` hand slots as ``#i #j`` words, by bitmask (the empty one first if allowed)."""
    return tuple(" ".join(f"#{i}" for i in range(size) if m >> i & 1) for m in range(0 if empty else 1, 1 << size))


def seat_value(values: Sequence[Any], s: int, public: Mapping[str, Any]) -> Any:
    """Seat ``s``'s entry of a per-seat list, or of a per-side one (La Triomphe's sides: ``public['sides']``)."""
    if len(values) == len(public.get("hand_sizes") or values) or "sides" not in public:
        return values[s] if s < len(values) else 0
    side = public["sides"][s]
    return values[side] if side < len(values) else 0


__all__ = ["Block", "Config", "Extras", "hand_block_args", "seat_value"]
