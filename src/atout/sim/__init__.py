"""Bots playing matches: simulation for tournaments, tests and benchmarks.

>>> from atout.sim import simulate
>>> r = simulate("triomphe", players=2, deals=5, seed=1)
>>> r.deals, len(r.totals)
(5, 2)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from atout.bots.base import Bot, bot_names, make_bot
from atout.core.errors import clip
from atout.core.options import check_int
from atout.core.protocol import GameState, Score, game_info, json_number, new_game
from atout.records import dumps


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: the record of the deals played so far was kept (``record_path``)."""

    def __init__(self, record_path: str | None) -> None:
        super().__init__(record_path)
        self.record_path = record_path


def records_folder(records: str | Path) -> Path:
    """The folder for records, created now: refused (ValueError) before any work if it cannot be used."""
    if not isinstance(records, str | Path) or not str(records).strip():
        raise ValueError(f"--records needs a folder name, not {clip(records)}")
    folder = Path(records)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--records {clip(str(folder))[1:-1]}: exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"--records {clip(str(folder))[1:-1]}: cannot create the folder ({exc.strerror or exc})") from None
    if not os.access(folder, os.W_OK):
        raise ValueError(f"--records {clip(str(folder))[1:-1]}: the folder is not writable")
    return folder


@dataclass
class SimResult:
    """What a simulation measured: totals per seat over the deals, and the speed."""

    game: str
    variant: str
    players: int
    deals: int
    seed: int
    bots: list[str]
    seconds: float
    totals: list[Score]
    record_path: str | None = None
    state: GameState | None = field(default=None, repr=False)

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "bots": self.bots,
            "seconds": round(self.seconds, 4),
            "deals_per_second": round(self.deals_per_second, 1),
            "totals": [json_number(x) for x in self.totals],
            "zero_sum": sum(Fraction(x) for x in self.totals) == 0,
            "records": self.record_path,
        }


def default_bot(game: str) -> str:
    """The game's own bot if it has one, else the random bot."""
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def whole_tours(game: str, players: int, deals: int) -> int:
    """The number of deals ``simulate`` plays for ``deals`` asked: rounded up to whole tours of the deal in a
    game whose rules count its match in tours (a ``tours`` option: Mistigri, seed 003, "chaque tour commencé
    doit être terminé", so that every player has dealt and staked as often); ``deals`` itself elsewhere.

    >>> whole_tours("mistigri", 3, 5), whole_tours("mistigri", 4, 8), whole_tours("tarot", 4, 5)
    (6, 8, 5)
    """
    rules = game_info(game).rules
    if not is_dataclass(rules) or "tours" not in {f.name for f in fields(rules)}:
        return deals
    return -(-deals // players) * players


def simulate(
    game: str,
    players: int | None = None,
    variant: str | None = None,
    deals: int = 100,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    records: str | Path | None = None,
    on_deal: Callable[[int], None] | None = None,
    on_ready: Callable[[], None] | None = None,
    **options: Any,
) -> SimResult:
    """Bots play one match of ``deals`` deals from ``seed``; optionally write its record to ``records``.

    In a game played in tours (Mistigri) the match is whole tours: ``deals`` is rounded up to the next
    multiple of the players (:func:`whole_tours`), and ``SimResult.deals`` says how many were played.

    Everything is checked before the first deal (arguments, bots, the records folder); ``on_ready``
    is called then. On Ctrl-C the record of the deals so far is written and
    :class:`SimulationInterrupted` raised.
    """
    check_int("deals", deals, minimum=1)
    check_int("seed", seed, minimum=-(2**128), maximum=2**128)  # as new_game: new_seed() draws 128 bits
    info = game_info(game)
    state = new_game(info.name, players=players, variant=variant, seed=seed, deals=deals, **options)
    n = state.players
    if whole_tours(info.name, n, deals) != deals:  # finish the tour begun (seed 003)
        deals = whole_tours(info.name, n, deals)
        state = new_game(info.name, players=players, variant=variant, seed=seed, deals=deals, **options)
    if isinstance(bots, str):
        bots = [bots]
    names = list(bots) if bots else [default_bot(info.name)] * n
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        raise ValueError(f"give one bot name or {n} (one per seat), not {len(names)}")
    seats: list[Bot] = [make_bot(info.name, name, seed=seed * 1009 + i + 1) for i, name in enumerate(names)]
    out = None
    if records is not None:
        out = records_folder(records) / f"{info.name}-{state.variant}-{n}p-seed{seed}.json"
        if out.is_dir():
            raise ValueError(f"cannot write the record: {out} is a folder")
    if on_ready is not None:
        on_ready()
    start = time.perf_counter()
    done = 0
    try:
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(seats[seat].act(state.observation(seat)))
            finished = len(state.log) - (state.log[-1].result is None)
            if on_deal is not None and finished != done:
                on_deal(finished - done)
            done = finished
    except KeyboardInterrupt:
        if out is not None:  # keep what was played: the record of a match in progress replays
            out.write_text(dumps(state.to_record()), encoding="utf-8")
        raise SimulationInterrupted(str(out) if out is not None else None) from None
    seconds = time.perf_counter() - start
    path = None
    if out is not None:
        out.write_text(dumps(state.to_record()), encoding="utf-8")
        path = str(out)
    return SimResult(info.name, state.variant, n, deals, seed, names, seconds, state.returns(), path, state)
