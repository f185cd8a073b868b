"""The score sheet at the terminal, laid out to fit the terminal's width (issue 17).

The final sheet: columns headed by the players' names when they fit; else by short names (``J1``, ``P1``) with a
legend; else, on a very narrow terminal, one line per deal. The line after each deal (:func:`sheet_line`) is cut
between players only, never between a name and its score nor inside a number. Gains and losses are written with
their sign and the true minus (``+9``, ``−3``), except where the game keeps a score (La Triomphe's points, the
game module's ``SHEET_SIGNED = False``); a game may name its deals its own way (La Prime's ``Coup``).

>>> lines = score_sheet(["Joueur 1 (vous)", "Joueur 2"], [[10, -10]], [10, -10], "fr", 80)
>>> print("\\n".join(lines).replace("\u2212", "-"))
            Joueur 1 (vous)         Joueur 2
  Donne 1 :             +10              -10
  Total :               +10              -10
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len

from atout.core.protocol import GameState, Score
from atout.present import number, phrases, signed


def value(x: Any, lang: str, game: str = "common") -> str:
    """One value of the sheet: signed (``+9``, ``−3``) unless the game keeps a score (``SHEET_SIGNED = False``)."""
    module = phrases(game).module if game != "common" else None
    return signed(x, lang) if getattr(module, "SHEET_SIGNED", True) else number(x, lang)


def sheet_line(head: str, entries: Sequence[str], lang: str, width: int) -> list[str]:
    """``head`` then the entries (``Joueur 1 (vous) −3``) joined by commas, in lines of at most ``width`` cells,
    cut between entries only; the lines after the first indented by two spaces. An entry's own spaces are kept
    as they are: the caller prints the lines without wrapping them again.

    >>> sheet_line("Sheet (1):", ["Player 1 (you) \u22123", "Player 2 +9", "Player 3 0"], "en", 36)
    ['Sheet (1): Player 1 (you) \u22123,', '  Player 2 +9, Player 3 0']
    """
    mark = phrases("common").t("lists", "comma", lang).rstrip()  # "," in French and English
    pieces = [entry + mark for entry in entries[:-1]] + list(entries[-1:])
    lines = [head]
    for piece in pieces:
        if cell_len(lines[-1]) + 1 + cell_len(piece) > width:
            lines.append("  " + piece)
        else:
            lines[-1] += " " + piece
    return lines


def score_sheet(names: Sequence[str], rows: Sequence[Sequence[Any]], totals: Sequence[Any], lang: str,
                width: int, game: str = "common", void: Sequence[int] = ()) -> list[str]:
    """The sheet's lines (deals, then the total), none wider than ``width`` when that can be done; the rows
    ``void`` (0-based: deals everybody passed, dealt again) say so beside their number.

    >>> score_sheet(["A", "B"], [[0, 0], [3, -3]], [3, -3], "fr", 80, void=[0])[1].split()[:4]
    ['Donne', '1', '(annulée)', ':']
    """
    book = phrases(game)
    lab = book.section("play_labels", lang)
    colon = book.t("punct", "colon_end", lang)  # "Donne 1 :", "Deal 1:"
    voided = f" ({lab['void']})"  # "Donne 1 (annulée) :": a row of zeros read as a deal played
    heads = [f"{lab['deal']} {i}{voided if i - 1 in void else ''}{colon}" for i in range(1, len(rows) + 1)]
    heads.append(f"{lab['total']}{colon}")
    pad = max(len(h) for h in heads) + 1
    values = [[value(x, lang, game) for x in row] for row in [*rows, totals]]
    shorts = [book.say("play_labels", "seat_short", lang, n=s + 1) for s in range(len(names))]
    legend = _legend(shorts, names, colon, width)
    for columns, extra in ((list(names), []), (shorts, legend)):
        col = max(6, *(len(c) for c in columns), *(len(v) for row in values for v in row))
        lines = ["  " + " " * pad + "  ".join(f"{c:>{col}}" for c in columns)]
        lines += [f"  {head:<{pad}}" + "  ".join(f"{v:>{col}}" for v in row) for head, row in zip(heads, values, strict=True)]
        if max(len(line) for line in lines) <= width:
            return lines + extra
    # Too narrow even so: one line per deal, each value named (the terminal wraps it between values).
    comma = book.t("lists", "comma", lang)
    return [f"  {head} " + comma.join(f"{s} {v}" for s, v in zip(shorts, row, strict=True))
            for head, row in zip(heads, values, strict=True)] + legend


def _legend(shorts: Sequence[str], names: Sequence[str], colon: str, width: int) -> list[str]:
    """``J1 : Joueur 1 (vous) · J2 : Joueur 2 …`` in lines of at most ``width`` (an entry is never cut)."""
    lines: list[str] = []
    for entry in (f"{s}{colon} {n}" for s, n in zip(shorts, names, strict=True)):
        if lines and len(lines[-1]) + 3 + len(entry) <= width:
            lines[-1] += " · " + entry
        else:
            lines.append("  " + entry)
    return lines


_KEEP = "\x1f"  # stands for a space that may not break while a line is cut (never printed)


def fit(text: str, names: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """``text`` cut into lines of at most ``width`` cells at its spaces, but never inside a player's name nor
    between a name and the score after it (``Joueur 3 −3``); the lines after the first indented. A line that
    fits is left as it is.

    >>> fit("Par camp : Joueur 1 et Joueur 3 −6, Joueur 2 et Joueur 4 +6", ["Joueur 1", "Joueur 2", "Joueur 3",
    ...     "Joueur 4"], 40)
    ['Par camp : Joueur 1 et Joueur 3 −6,', '  Joueur 2 et Joueur 4 +6']
    """
    import re
    import textwrap

    if cell_len(text) <= width:
        return [text]
    kept = text
    for name in sorted(set(names), key=len, reverse=True):
        kept = kept.replace(name, name.replace(" ", _KEEP))
    kept = re.sub(r"(?<=[\w)]) (?=[+\u2212-]?\d)", _KEEP, kept)  # a name and its score: "Joueur 3 −3"
    lines = textwrap.wrap(kept, width=width, subsequent_indent=indent, break_long_words=False,
                          break_on_hyphens=False)
    return [line.replace(_KEEP, " ") for line in lines] or [text]


def void_rows(state: GameState) -> list[int]:
    """The score sheet's rows (0-based) of deals everybody passed and dealt again, for both tables to mark them
    "annulée" (a newcomer read a void deal's row of zeros as a deal played)."""
    finished = [d for d in state.log if d.result is not None]
    return [i for i, d in enumerate(finished) if d.note.startswith("all passed")]


def sheet_totals(state: GameState) -> list[Score]:
    """The sheet's total row: each seat's sum of the rows written, as both tables show under them.

    Not ``returns()``: in the middle of a deal those count chips already staked (Mistigri's dealer puts his
    stake in the pool when the coup starts; the 1637 tarot pays its declarations at once), so a newcomer read
    "Player 3: −12" under rows summing to −6.

    >>> import atout
    >>> g = atout.new_game("mistigri", players=4, seed=4)
    >>> g.returns(), sheet_totals(g)
    ([0, -6, 0, 0], [0, 0, 0, 0])
    """
    rows = state.sheet()
    return [sum((row[s] for row in rows), 0) for s in range(state.players)]
