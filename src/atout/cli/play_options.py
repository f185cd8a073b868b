"""``atout play``'s own options read: ``--speed`` (seconds, or 'enter'), ``--records`` (the folder), ``--target``."""

from __future__ import annotations

import errno
import inspect
import os
import sys
from pathlib import Path

from atout.cli.said import refusal
from atout.core.errors import clip
from atout.core.protocol import game_info, list_games


def _speed(value: object) -> tuple[float, bool]:
    """``--speed``: seconds between the bots' cards (default 0.6), or 'enter' to press Enter after each trick."""
    if value is None:  # a pause only for a person at a terminal (piped input plays at once)
        return (0.6 if sys.stdin.isatty() else 0.0), False
    text = str(value).strip().lower()
    if text in ("enter", "entree", "entrée", "step"):
        return 0.0, True
    try:
        seconds = float(text.replace(",", "."))  # 0,5 as a French speaker writes it
    except ValueError:
        raise refusal("speed_word", value=clip(value)) from None
    if not 0 <= seconds <= 10:
        raise refusal("speed_range", value=clip(value))
    return seconds, False


def _records_dir(value: object) -> Path:
    """Where records go: ``--records DIR``, else $ATOUT_RECORDS, else ~/.local/share/atout/records."""
    if value:
        folder = Path(str(value))
    elif os.environ.get("ATOUT_RECORDS"):
        folder = Path(os.environ["ATOUT_RECORDS"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        folder = base / "atout" / "records"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise refusal("records_create", folder=str(folder), why=exc.strerror or str(exc),
                      reason=errno.errorcode.get(exc.errno or 0, "")) from None
    if not folder.is_dir():
        raise refusal("records_not_folder", folder=str(folder))
    return folder


def target_defaults() -> dict[str, object]:
    """The games whose creation takes a target score (``--target``), each with its default (None: none)."""
    return {g.name: inspect.signature(g.factory).parameters["target"].default for g in list_games()
            if "target" in inspect.signature(g.factory).parameters}


def _check_target(game: str, target: object) -> None:
    """``--target`` is a match's score for the games whose creation takes one (La Triomphe): said so for another
    game, rather than refused as an unknown rule option of that game."""
    takes = target_defaults()
    if target is None or game_info(game).name in takes:
        return
    raise refusal("target_only", games=", ".join(takes), game=game_info(game).name)
