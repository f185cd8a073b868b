"""Mistigri's phrases (seed 003; spec mistigri.md): events, refusals, words, typed verbs, the pool's breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("lanturlu_shown", seat=2, data={"cards": ["7H", "9H", "QH", "KH", "JC"]}), "fr", Table("mistigri", 4))
'Joueur 3 montre Lanturlu\\xa0: 7♥ 9♥ D♥ R♥ V♣ et ramasse tout ce qui est sur le jeu.'
>>> say(Event("bete", seat=0, data={"pays": 18}), "en", Table("mistigri", 4, me=0))
'You are bête: you put 18 chips into the next pool.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PIQUET32
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Phrases, Table

PACK = PIQUET32.mask  # the 32-card piquet pack

EVENTS: Section = Section("mistigri", "events")

ERRORS: Section = Section("mistigri", "errors")

WORDS: Section = Section("mistigri", "words")

LABELS: Section = Section("mistigri", "labels")

VERBS: Section = Section("mistigri", "verbs")


def _seat(table: Table, seat: int | None, lang: str) -> str:
    return table.seat_name(seat, lang)


def _book() -> Phrases:
    from atout.present import phrases

    return phrases("mistigri")


def _chips(n: int, lang: str) -> str:
    """``1 jeton``, ``6 jetons`` (the catalog's plural forms)."""
    return _book().say("units", "chips", lang, n, n=n)


def _coup_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    book = _book()
    parts = [str(d["stake"])] if d["stake"] else []
    parts += [str(b) for b in d["betes"] if b]
    if d["carry"]:
        parts.append(str(d["carry"]))
    made = " + ".join(parts) + " = " if len(parts) > 1 else ""  # "6 + 6 = 12 jetons"; one part alone, "6 jetons"
    stake = book.say("says", "stake", lang, chips=_chips(d["stake"], lang)) if d["stake"] else book.t("says", "no_stake", lang)
    noce = book.t("says", "noce" if d["noce"] else "betes_in_pool", lang)
    return book.say("says", "coup_started", lang, coup=d["deal"] + 1, who=_seat(table, event.seat, lang), stake=stake,
                    made=made, pool=_chips(d["pool"], lang), noce=noce)


def _play_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    names = _book().t("lists", "comma", lang).join(_seat(table, s, lang) for s in d["engaged"])
    return _book().say("says", "play_started", lang, names=names, chips=_chips(d["trick_value"], lang),
                       leader=_seat(table, event.seat, lang))


def _pool_taken(event: Event, lang: str, table: Table) -> str:
    d = event.data
    why = _book().section("reasons", lang).get(str(d["reason"]), str(d["reason"]))
    return _book().say("says", "pool_taken", lang, who=_seat(table, event.seat, lang), chips=_chips(d["chips"], lang),
                       why=why)


def _pool_settled(event: Event, lang: str, table: Table) -> str:
    d = event.data
    book = _book()
    comma = book.t("lists", "comma", lang)
    back = [f"{_seat(table, s, lang)} {x}" for s, x in enumerate(d["refunds"]) if x]
    parts = []
    if back:
        parts.append(book.say("says", "betes_back", lang, seats=comma.join(back)))
    if d["carry"]:
        parts.append(book.say("says", "carry_left", lang, d["carry"], n=d["carry"],
                              to=_seat(table, d["carry_to"], lang)))
    return book.say("says", "pool_settled", lang, parts=book.t("lists", "semicolon", lang).join(parts))


def _net(row: list[int], lang: str, table: Table) -> str:
    """``Joueur 1 +3, Joueur 2 0, Joueur 3 −5``: chips won or lost, the true minus sign."""
    from atout.present import signed

    return _book().t("lists", "comma", lang).join(f"{_seat(table, s, lang)} {signed(x, lang)}" for s, x in enumerate(row))


def _deal_scored(event: Event, lang: str, table: Table) -> str:
    d = event.data
    return _book().say("says", "coup_over", lang, coup=d["deal"] + 1, row=_net(d["row"], lang, table))


def _match_over(event: Event, lang: str, table: Table) -> str:
    return _book().say("says", "match_over", lang, net=_net(event.data.get("totals", []), lang, table))


def _drawn(event: Event, lang: str, table: Table) -> str:
    """Cards asked from the stock: ``1 carte``, ``3 cartes`` (the catalog's plural forms, issue 7)."""
    n = event.data.get("count", 0)
    key = "cards_drawn/you" if event.seat == table.me else "cards_drawn"
    return _book().say("says", key, lang, n, who=_seat(table, event.seat, lang), n=n)


SAYERS: dict[str, Any] = {
    "cards_drawn": _drawn,
    "match_over": _match_over,
    "coup_started": _coup_started,
    "play_started": _play_started,
    "pool_taken": _pool_taken,
    "pool_settled": _pool_settled,
    "deal_scored": _deal_scored,
}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Who took which share of the pool, the bêtes, the carry and the chips now (seed 003, spec §8)."""
    from atout.present import the_card

    d = event.data
    book = _book()

    def name(s: int | None) -> str:
        return _seat(table, s, lang)

    lines = [book.say("breakdown", "pool", lang, chips=_chips(d["pool"], lang))]
    if d.get("stake"):
        lines[0] += book.say("breakdown", "stake", lang, who=name(event.seat), n=d["stake"])
    if d["how"] == "tricks":
        v = d["trick_value"]
        priv = d.get("privileged")
        if priv:
            key = "trick_value/mistigri" if priv == "JC" else "trick_value/standing_in"
            lines.append(book.say("breakdown", key, lang, pool=d["pool"], value=v, card=the_card(priv, lang), double=2 * v))
        else:
            lines.append(book.say("breakdown", "trick_value/no_trump", lang, pool=d["pool"], value=v))
        for i, t in enumerate(d["tricks"], 1):
            lines.append(book.say("breakdown", "trick", lang, trick=i, who=name(t["winner"]), share=t["share"]))
        for s, x in enumerate(d["takings"]):
            if x:
                n = d["tricks_won"][s]
                lines.append(book.say("breakdown", "takes", lang, who=name(s), n=x,
                                      tricks=book.say("units", "tricks", lang, n, n=n)))
    else:
        why = book.section("reasons", lang).get(str(d["how"]), str(d["how"]))
        lines.append(book.say("breakdown", "takes_all", lang, who=name(d["winner"]), n=d["pool"], why=why))
    for b in d["betes"]:
        lines.append(book.say("breakdown", "bete", lang, who=name(b["seat"]), n=b["pays"]))
    if d["carry"]:
        lines.append(book.say("breakdown", "carry", lang, n=d["carry"]))
    if any(d["refunds"]) or d.get("carry_to") is not None:
        lines.append(_pool_settled(Event("pool_settled", event.seat, d), lang, table))
    lines.append(book.say("breakdown", "this_coup", lang, row=_net(d["row"], lang, table)))
    from atout.present import by_name, number

    stacks = by_name(((name(s), number(x, lang)) for s, x in enumerate(d["stacks"])), lang)
    lines.append(book.say("breakdown", "stacks", lang, stacks=stacks))
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("mistigri", "variants")


#: lang -> action verb -> a plain-words prompt shown with the choice (seed 003: the draw from the talon).
HINTS: Section = Section("mistigri", "hints")
