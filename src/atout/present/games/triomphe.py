"""La Triomphe's phrases (seed 002; spec triomphe.md): events, refusals, words, typed verbs, the breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("card_played", seat=0, data={"card": "KS"}), "en", Table("triomphe", 2, me=1))
'Player 1 plays the King of Spades.'
>>> say(Event("stopped", seat=1, data={}), "fr", Table("triomphe", 2))
"Joueur 2 s'arrête après trois plis et marque un jeu."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PIQUET32
from atout.present.cards import join_words
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Phrases, Table

PACK = PIQUET32.mask  # the 32-card piquet pack: no Cavalier, so C is clubs only as a suit

EVENTS: Section = Section("triomphe", "events")

ERRORS: Section = Section("triomphe", "errors")

WORDS: Section = Section("triomphe", "words")

LABELS: Section = Section("triomphe", "labels")

VERBS: Section = Section("triomphe", "verbs")


def side_name(side: int, seat_sides: list[int], lang: str, table: Table) -> str:
    """A side by its players: ``Anne`` (each for himself, or two players) or ``Anne et Claire``."""
    seats = [s for s, x in enumerate(seat_sides) if x == side]
    return join_words([table.seat_name(s, lang) for s in seats], lang)


def _book() -> Phrases:
    from atout.present import phrases

    return phrases("triomphe")


def _trick(event: Event, lang: str, table: Table) -> str:
    d = event.data
    you = event.seat == table.me  # "Vous remportez", as "Vous jouez" (the web names the viewer too)
    tricks = list(d["side_tricks"])
    key = "trick_won/you" if you else "trick_won"
    side = d.get("winner_side")
    if len(tricks) == 2 and side in (0, 1):  # whose count is whose: "0 – 1" said neither (a newcomer's report)
        key += "/sides"
        return _book().say("says", key, lang, who=table.seat_name(event.seat, lang), trick=d["trick"],
                           mine=tricks[side], theirs=tricks[1 - side])
    counts = " – ".join(str(x) for x in tricks)  # each for himself: every player's count, in seat order
    return _book().say("says", key, lang, who=table.seat_name(event.seat, lang), trick=d["trick"], counts=counts)


def _players(side: int, seat_sides: list[int]) -> int:
    """How many players a side has: the verb agrees with them (``Anne et Claire ont fait trois plis``)."""
    return sum(1 for x in seat_sides if x == side)


def _deciding_side(d: dict[str, object]) -> int:
    gains, losses = d["gains"], d["losses"]
    assert isinstance(gains, list) and isinstance(losses, list)
    for s, g in enumerate(gains):
        if g:
            return s
    return next((s for s, x in enumerate(losses) if x), 0)


def _scored(event: Event, lang: str, table: Table) -> str:
    d = dict(event.data)
    deciding = _deciding_side(d)
    side = side_name(deciding, d["seat_sides"], lang, table)
    text = _book().say("reasons", str(d["reason"]), lang, _players(deciding, d["seat_sides"]), side=side)
    if d.get("refused") and d["reason"] in ("vole_made", "vole_failed"):
        text += _book().t("says", "after_refusal", lang)
    return text[:1].upper() + text[1:]


def _match_over(event: Event, lang: str, table: Table) -> str:
    scores = list(event.data.get("scores", []))
    seat_sides = [s if len(scores) == table.players else s % len(scores) for s in range(table.players)]
    return _result(scores, seat_sides, lang, table)


def _result(scores: list[Any], seat_sides: list[int], lang: str, table: Table) -> str:
    """The end of a match: the winning side named with its score, then the others' (``1 à 0``); a tie names
    every side at the top."""
    from atout.present import number

    book = _book()
    best = max(scores) if scores else 0
    top = [s for s, x in enumerate(scores) if x == best]
    names = join_words([side_name(s, seat_sides, lang, table) for s in top], lang)
    if len(top) > 1:
        marks = " – ".join(number(x, lang) for x in scores)
        return book.say("says", "match_over", lang, sum(_players(s, seat_sides) for s in top), names=names,
                        marks=marks)
    others = join_words([number(x, lang) for s, x in enumerate(scores) if s != top[0]], lang)
    key = "match_won/side" if _players(top[0], seat_sides) > 1 else "match_won/alone"
    return book.say("says", key, lang, best, names=names, n=best, others=others)


def match_result(totals: list[Any], teams: list[int] | None, lang: str, table: Table) -> list[str] | None:
    """The end of a match played in partnerships: the winning side and its score, then the sides ranked (the
    terminal and the browser show it instead of a ranking per player). None when each plays for himself."""
    if not teams or len(set(teams)) == len(teams):
        return None
    from atout.present import number
    from atout.present.situation import ordinal

    sides = sorted(set(teams))
    scores = [next(totals[s] for s in range(len(teams)) if teams[s] == side) for side in sides]  # a side's points
    lines = [_result(scores, list(teams), lang, table)]
    order = sorted(range(len(sides)), key=lambda i: (-scores[i], i))
    place = 1
    for rank, i in enumerate(order):
        if rank and scores[i] != scores[order[rank - 1]]:
            place = rank + 1
        lines.append(_book().say("says", "side_place", lang, place=ordinal(place, lang, scores.count(scores[i]) > 1),
                                 names=side_name(sides[i], list(teams), lang, table), total=number(scores[i], lang)))
    return lines


SAYERS = {"trick_won": _trick, "deal_scored": _scored, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Tricks per side, why the deal ended, the points marked or lost, the score now (seed 002, §7, §9.5)."""
    d = dict(event.data)
    book = _book()
    seat_sides: list[int] = d["seat_sides"]
    sides = range(len(d["side_tricks"]))
    sep = book.t("lists", "semicolon", lang)

    def name(s: int) -> str:
        return side_name(s, seat_sides, lang, table)

    tricks = sep.join(book.say("breakdown", "side_value", lang, side=name(s), value=d["side_tricks"][s]) for s in sides)
    lines = [book.say("breakdown", "tricks", lang, tricks=tricks), _scored(event, lang, table)]
    for s in sides:
        g, loss = d["gains"][s], d["losses"][s]
        players = _players(s, seat_sides)
        if g:
            paid = min(g, d["debts_before"][s])
            note = book.say("breakdown", "paying_debt", lang, paid, paid=paid) if paid else ""
            lines.append(book.say("breakdown", "scores", lang, players, side=name(s), n=g, note=note))
        if loss:
            why = book.t("breakdown", "loss_why/two_sides" if d["sides"] == 2 else "loss_why/debt", lang)
            lines.append(book.say("breakdown", "loses", lang, players, side=name(s), n=loss, why=why))
    marks = sep.join(book.say("breakdown", "side_value", lang, side=name(s), value=d["scores"][s])
                     + (book.say("breakdown", "debt", lang, n=d["debts"][s]) if d["debts"][s] else "") for s in sides)
    target = d.get("target")
    tail = book.say("breakdown", "target", lang, target=target) if target else ""
    lines.append(book.say("breakdown", "score", lang, marks=marks, tail=tail))
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("triomphe", "variants")


#: lang -> action -> what choosing it costs, in one line (seed 002 §4), shown beside the table's buttons.
HINTS: Section = Section("triomphe", "hints")
SHEET_SIGNED = False  # La Triomphe keeps a score towards a target: its sheet shows points, not gains
