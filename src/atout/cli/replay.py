"""``atout replay FILE --step``: a finished game's record narrated deal by deal, everything shown.

A record is of a game played: nothing in it is secret any more. So the narration shows, besides the public
events, each deal's hands (and its talon) and each écart as it is laid aside (issue 17), between the tricks.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.text import Text

from atout.core.actions import Action
from atout.core.errors import RecordError
from atout.present import Table, breakdown, number, phrases, say, signed
from atout.present.cards import fold
from atout.present.catalogs import Section
from atout.present.screen import hand_lines
from atout.present.sheet import fit

LABELS: Section = Section("common", "play_labels")
QUIT = {"q", "quitter", "quit", "exit", "sortir"}


def deals_of(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals of a record, each ``{"deal": …, "actions": […]}``: a match's ``deals``, or the one deal.

    >>> deals_of({"deal": {"hands": [["KH"]]}, "actions": [{"seat": 0, "action": "play KH"}]})[0]["actions"]
    [{'seat': 0, 'action': 'play KH'}]
    """
    if isinstance(record.get("deals"), list):
        return [d for d in record["deals"] if isinstance(d, dict)]
    return [{"deal": record.get("deal"), "actions": record.get("actions") or []}]


def discards(deal: dict[str, Any]) -> dict[int, list[str]]:
    """The cards each seat laid aside in a deal (``discard`` actions, one card or several at a time)."""
    out: dict[int, list[str]] = {}
    for step in deal.get("actions") or []:
        action = Action.parse(str(step.get("action", "")))
        if action.kind == "discard":
            out.setdefault(int(step["seat"]), []).extend(action.args)
    return out


def _punct(key: str, lang: str) -> str:
    return phrases("common").t("punct", key, lang)


def show_deal(console: Console, deal: dict[str, Any], table: Table, lang: str, game: str) -> None:
    """Every hand of the deal (and its talon), as the table shows a hand."""
    lab, col = LABELS[lang], _punct("colon", lang)
    raw = deal.get("deal")
    given: dict[str, Any] = raw if isinstance(raw, dict) else {}
    hands = given.get("hands") or []
    if not hands:
        return
    console.print(Text(str(lab["replay_hands"]), style="bold"))
    for seat, hand in enumerate(hands):
        _print_hand(console, Text(f"  {table.seat_name(seat, lang)}{col}"), list(hand), lang, game)
    if given.get("talon"):
        _print_hand(console, Text(f"  {lab['talon']}{col}"), list(given["talon"]), lang, game)


def _print_hand(console: Console, head: Text, codes: list[str], lang: str, game: str) -> None:
    """A hand after its head, broken between suits on a narrow terminal (a file or a pipe: one line)."""
    for line in hand_lines(head, codes, lang, game, None if console.soft_wrap else console.width):
        console.print(line, soft_wrap=True)


def show_ecarts(console: Console, deal: dict[str, Any], table: Table, lang: str, game: str) -> None:
    """Each seat's écart, once laid aside."""
    col = _punct("colon", lang)
    for seat, cards in discards(deal).items():
        head = str(LABELS[lang]["replay_ecart"]).format(seat=table.seat_name(seat, lang))
        _print_hand(console, Text(f"{head}{col}", style="bold"), cards, lang, game)


def replay_step(console: Console, file: str, lang: str = "fr", pause: bool = True) -> int:
    """The record narrated trick by trick, with the hands and the écarts; Enter between tricks, q to stop."""
    from atout.records import load, read_record

    state = read_record(file)
    with open(file, encoding="utf-8") as f:
        record = load(f)
    deals = deals_of(record)
    game = state.game_name
    table = Table(game, state.players)
    lab = phrases(game).section("play_labels", lang)  # a game's own word over the common one: 'Coup'
    index = -1
    ecart_said = True
    for e in state.events(None):
        if e.kind == "deal_started":
            console.rule(f"[bold]{lab['deal']} {e.data.get('deal', '')}[/]")
            index += 1
            ecart_said = False
        text = say(e, lang, table)
        if e.kind == "deal_started" and 0 <= index < len(deals):
            if text:
                console.print(text)
            show_deal(console, deals[index], table, lang, game)
            continue
        if e.kind in ("ecart_done", "card_played") and not ecart_said and 0 <= index < len(deals):
            if e.kind == "ecart_done" and text:
                console.print(text)
            show_ecarts(console, deals[index], table, lang, game)  # laid aside before the first card
            ecart_said = True
            if e.kind == "ecart_done":
                continue
        if e.kind == "deal_scored":
            console.rule(f"[bold]{text}[/]")
            for line in breakdown(e, lang, table):
                _fit(console, "  " + line, table, lang)
            continue
        if text:
            console.print(Text(text, style="bold green" if e.kind == "trick_won" else ""))
        if e.kind == "trick_won":
            console.rule(style="dim")
            if pause:
                try:
                    answer = console.input(Text(str(lab["enter_or_q"]), style="dim"))
                except EOFError:
                    pause = False
                except KeyboardInterrupt:
                    console.print()
                    return 1
                else:
                    if fold(answer) in QUIT:
                        return 1
    returns = list(state.returns())
    shown = signed if any(x < 0 for x in returns) else number  # a zero-sum score: "−664, +1992"; points: bare
    totals = _punct("comma", lang).join(f"{table.seat_name(s, lang)} {shown(x, lang)}" for s, x in enumerate(returns))
    head = f"{lab['total']}{_punct('colon', lang)}"
    _fit(console, head + totals, table, lang, bold=len(head))
    return 0


def _fit(console: Console, text: str, table: Table, lang: str, bold: int = 0) -> None:
    """A line cut at the terminal's width between words, the lines after the first indented, never a name from
    its score (``Joueur 4 −664`` was cut at 80 columns, its second line not indented); ``bold``: the first
    cells so written. A file or a pipe gets the line whole."""
    names = [table.seat_name(s, lang) for s in range(table.players)]
    indent = " " * (len(text) - len(text.lstrip(" ")) + 2)
    lines = [text] if console.soft_wrap or not console.is_terminal else fit(text, names, console.width, indent)
    for i, line in enumerate(lines):
        out = Text(line)
        if i == 0 and bold:
            out.stylize("bold", 0, bold)
        console.print(out, soft_wrap=True)


def record_refusal(exc: RecordError, lang: str | None) -> tuple[str, dict[str, object]]:
    """A refused record as one line in ``lang`` (None: the engine's English message) and its data for --json.

    The data holds the error's ``code`` and ``params`` (see docs/records.md) whatever the language.
    """
    from atout.present.records import refusal, say_refusal

    code, params = refusal(exc)
    line = str(exc) if lang is None else say_refusal(code, params, lang)
    return re.sub(r"[ \t\r\n]+", " ", line).strip(), {"code": code, "params": params, **({"lang": lang} if lang else {})}
