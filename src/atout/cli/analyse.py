"""``atout replay FILE --analyse``: a finished Tarot game's deals analysed with every card seen (issue 20).

For each deal (or ``--deal K``): its double-dummy value when the analysis starts, each card's cost for its
side, and with ``--plot FILE.png`` a Matplotlib chart of the value card by card (the ``atout[plot]`` extra).
A refusal (not Tarot, not finished, a deal or a ``--tricks`` out of range, no Matplotlib): one line, exit 2.
"""

from __future__ import annotations

import math
import os
import re
import signal
import sys
import textwrap
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console

from atout.analysis.deal import DEFAULT_TRICKS, GROW_NODES, AnalysisError, DealAnalysis, analyse_record, margin
from atout.core.errors import RecordError
from atout.present import Table
from atout.present.analysis import describe, points, word
from atout.present.cards import join_words


def _wrapped(console: Console, line: str) -> list[str]:
    """A line cut at the terminal's width between words, its next lines indented under it (a card's line went
    back to column 0 at 80 columns); a file or a pipe gets it whole."""
    if console.soft_wrap or not console.is_terminal:
        return [line]
    indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    return textwrap.wrap(line, width=console.width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [line]


def run(console: Console, file: str, lang: str, tricks: int | None, deal: int | None, plot: str | None) -> int:
    """Analyse the record's deals and print them (and plot them); 0, or 2 after one line on stderr."""
    from atout.cli.replay import record_refusal
    from atout.records import load, replay, unreadable

    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return _refuse(word("no_plot", lang))
        folder = os.path.dirname(os.path.abspath(plot))
        if os.path.isdir(plot):  # said now: it failed after the whole analysis, in Python's English
            return _refuse(word("plot_is_dir", lang, path=plot.rstrip("/\\") or plot))
        if not plot.lower().endswith(".png"):  # a PNG written into "x.txt" surprised its reader
            return _refuse(word("plot_png", lang, path=plot))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):  # said now, not after minutes of analysis
            return _refuse(word("plot_dir", lang, dir=folder))
    try:
        with open(file, encoding="utf-8") as f:
            record = load(f)
        whole = replay(record)  # the record checked first: a wrong one is refused as `atout replay` refuses it
    except OSError as exc:  # said in the chosen language, as `atout replay` says it
        return _refuse(record_refusal(unreadable(file, exc), lang)[0])
    except RecordError as exc:
        return _refuse(record_refusal(exc, lang)[0])
    high = getattr(whole, "ntricks", None)  # a Tarot deal's tricks: --tricks checked before any deal is said
    if tricks is not None and isinstance(high, int) and not 1 <= tricks <= high:
        return _refuse(word("bad_tricks", lang, low=1, high=high))
    count = len(record["deals"]) if "deals" in record else 1
    wanted = [deal - 1] if deal is not None else list(range(count))
    found: list[DealAnalysis] = []
    table = Table(str(record.get("game")), int(record.get("players", 0)))
    progress = Console(stderr=True)  # where the solver's work is said, for a person at a terminal only
    for k in wanted:
        try:
            if progress.is_terminal:  # a plain line, no spinner: Ctrl+C must leave the terminal as it was
                progress.print(word("working", lang, deal=k + 1), highlight=False, markup=False)
            with _interruptible():
                # --tricks N: those N; by default the browser's: the last 5, then earlier ones within GROW_NODES
                a = analyse_record(record, k, DEFAULT_TRICKS, replay, None, GROW_NODES) if tricks is None \
                    else analyse_record(record, k, tricks, replay)
        except AnalysisError as exc:
            if exc.code in ("no_play", "annulled") and deal is None:  # a deal as the others: its rule, then why
                console.rule(f"[bold]{word('deal', lang, deal=k + 1)}[/]")
                console.print(word(f"{exc.code}_line", lang), highlight=False, markup=False)
                continue
            return _refuse(word(exc.code, lang, **exc.params))
        found.append(a)
        console.rule(f"[bold]{word('deal', lang, deal=k + 1)}[/]")
        for line in describe(a, lang, table, margin(a.variant, a.start)):
            for part in _wrapped(console, line):
                console.print(part, highlight=False, markup=False, soft_wrap=True)
    if plot is not None and found:
        try:
            draw(found, plot, lang)
        except OSError:  # the folder changed under the analysis (removed, made read-only): one line, exit 2
            return _refuse(word("plot_write", lang, path=plot))
        console.print(word("plot_written", lang, path=plot), highlight=False, markup=False)
    return 0


@contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl+C stops the process at once while the solver runs: its compiled loop never returns to Python to
    see the signal, and an analysis has nothing to save. Outside the main thread (a test's server), unchanged."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def draw(found: list[DealAnalysis], path: str, lang: str) -> None:
    """A PNG: the attack's card points under best play after each card, one line per deal."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=100)
    for a in found:
        ys = [float(x) for x in a.series()]
        before = (a.first_trick - 1) * a.players  # the x axis counts the deal's cards, not the analysis's
        line, = ax.step(range(before, before + len(ys)), ys, where="post", label=word("deal", lang, deal=a.deal + 1))
        ax.axhline(float(a.played_points), linestyle=":", linewidth=0.8, color=line.get_color(),
                   label=word("plot_played", lang, points=points(a.played_points, lang)))
        ax.step(range(before, before + len(ys)), a.needed_series(), where="post", linestyle="--", linewidth=0.9,
                color=line.get_color(), alpha=0.6, label=word("plot_needed", lang))  # the target, by the bouts held
    values = [float(x) for a in found for x in (*a.series(), a.played_points, *a.needed_series())]
    ax.set_ylim(math.floor(min(values)) - 2, math.ceil(max(values)) + 2)  # a flat line: whole points around it
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # card points and cards: no tick at 15.25 or 52.5
    first = found[0]
    low = min(a.first_trick for a in found)  # deals analysed from different tricks: the axis spans them all
    starts = [(t - 1) * first.players for t in range(low, first.tricks + 1)]
    ax.set_xticks(starts, [str(t) for t in range(low, first.tricks + 1)])  # each trick at its first card
    ax.set_title(word("plot_title_many", lang, deals=join_words([str(a.deal + 1) for a in found], lang))
                 if len(found) > 1 else word("plot_title", lang, deal=first.deal + 1))
    ax.set_xlabel(word("plot_x_tricks", lang))
    ax.set_ylabel(word("plot_y", lang))
    # under the chart, not over it: inside, it hid the dashed line of the points needed on a deal that failed
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=3, fontsize="small", frameon=False)
    ax.grid(alpha=0.3)
    fig.savefig(path, format="png", bbox_inches="tight")
    plt.close(fig)


def _refuse(line: str) -> int:
    print(re.sub(r"[ \t\r\n]+", " ", line).strip(), file=sys.stderr)  # one line, no-break spaces kept
    return 2


__all__ = ["draw", "run"]
