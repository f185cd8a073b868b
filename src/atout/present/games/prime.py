"""La Prime's phrases (seed 004; spec prime.md): events, refusals, words, typed verbs, the showdown breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("bet", seat=1, data={"stake": 4}), "fr", Table("prime", 4))
'Joueur 2 parie 4 jetons.'
>>> say(Event("bet", seat=0, data={"stake": 1}), "en", Table("prime", 4, me=0))
'You bet 1 chip.'
>>> say(Event("show", seat=0, data={"cards": ["7H", "6S", "AD", "5C"], "category": "prime", "value": 70}),
...     "en", Table("prime", 4, me=0))
'You show a prime of 70: 7 of Hearts, 6 of Spades, Ace of Diamonds and 5 of Clubs.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PRIME40
from atout.games.prime.evaluate import point_cards
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Phrases, Table

PACK = PRIME40.mask  # A, 2-7, J, Q, K in four suits

EVENTS: Section = Section("prime", "events")

ERRORS: Section = Section("prime", "errors")

WORDS: Section = Section("prime", "words")

VERBS: Section = Section("prime", "verbs")

_A: Section = Section("prime", "a")


def _book() -> Phrases:
    from atout.present import phrases

    return phrases("prime")


def _chips(n: int, lang: str) -> str:
    """'1 jeton', '4 jetons'; '1 chip', '4 chips' (the catalog's plural forms)."""
    return _book().say("units", "chips", lang, n, n=n)


def _you(event: Event, table: Table, key: str) -> str:
    return key + "/you" if event.seat == table.me else key


def _say_bet(event: Event, lang: str, table: Table) -> str:
    text = _book().say("says", _you(event, table, "bet"), lang, who=table.seat_name(event.seat, lang),
                       chips=_chips(event.data["stake"], lang))
    return text[:1].upper() + text[1:]


def _say_consolation(event: Event, lang: str, table: Table) -> str:
    return _book().say("says", "consolation", lang, who=table.seat_name(event.seat, lang),
                       chips=_chips(event.data["total"], lang))


def _hand(h: dict[str, Any], lang: str, which: bool = False) -> str:
    """'une prime de 70' / 'a point of 36' (the 55 has no value to add); ``which``: a point names the cards that
    make it, 'a point of 33 (the 2 and the 7 of Hearts)' (a newcomer saw four cards and could not find the 33)."""
    from atout.present import card_names

    category = h["category"]
    a = _book().t("a", category, lang)
    if category == "cinquante_cinq":
        return a
    made = point_cards(h.get("cards", [])) if which and category == "point" else []
    if made and len(made) < len(h.get("cards", [])):
        return _book().say("a", "point_made_of", lang, hand=a, value=h["value"], cards=card_names(made, lang))
    return _book().say("a", "with_value", lang, hand=a, value=h["value"])


#: The classes of hands from the strongest (seed 004: the flux, the cinquante-cinq, the prime, the point).
ORDER = ("flux", "cinquante_cinq", "prime", "point")


def _why_won(d: Mapping[str, Any], lang: str) -> str | None:
    """Why the winner's hand beat the best of the others: its class, whatever the sums, or, in the same class,
    the higher sum (a newcomer saw a prime of 44 beat a point of 25 and looked for the rule)."""
    hands = {h["seat"]: h for h in d.get("hands", [])}
    win = hands.get(d.get("winner"))
    others = [h for s, h in hands.items() if s != d.get("winner")]
    if win is None or not others:
        return None
    best = min(others, key=lambda h: (ORDER.index(h["category"]), -h["value"]))
    book = _book()
    if best["category"] != win["category"]:
        return book.say("breakdown", "beats_class", lang, win=book.t("a", win["category"], lang),
                        lose=book.t("a", best["category"], lang))
    return book.say("breakdown", "beats_value", lang, hand=book.t("a", win["category"], lang))


def _say_show(event: Event, lang: str, table: Table) -> str:
    from atout.present import card_names

    text = _book().say("says", _you(event, table, "show"), lang, who=table.seat_name(event.seat, lang),
                       hand=_hand(dict(event.data), lang), cards=card_names(event.data["cards"], lang))
    return text[:1].upper() + text[1:]


def _say_showdown(event: Event, lang: str, table: Table) -> str:
    from atout.present import join_words

    book = _book()
    parts = book.t("lists", "comma", lang).join(
        book.say("says", "showdown_part", lang, who=table.seat_name(h["seat"], lang), hand=_hand(h, lang))
        for h in event.data["hands"])
    best = [table.seat_name(s, lang) for s in event.data["best"]]
    if len(best) == 1:
        return book.say("says", "showdown", lang, parts=parts, best=best[0])
    return book.say("says", "showdown/tie", lang, parts=parts, tied=join_words(best, lang))


def _say_count(event: Event, lang: str, table: Table) -> str:
    """A pass or a discard: how many cards went face down (never which)."""
    count = event.data["laid_aside" if event.kind == "pass" else "count"]
    key = _you(event, table, event.kind) + ("" if count else "/keep")
    text = _book().say("says", key, lang, count, who=table.seat_name(event.seat, lang), n=count)
    return text[:1].upper() + text[1:]


def _received(event: Event, lang: str, table: Table) -> str:
    """Cards dealt or drawn, with their articles: « Vous recevez la Dame de pique et l'As de cœur » (issue 7)."""
    from atout.present import the_card
    from atout.present.cards import join_words

    cards = join_words([the_card(c, lang) for c in event.data.get("cards", [])], lang)
    return _book().say("says", "received", lang, cards=cards)


def _match_over(event: Event, lang: str, table: Table) -> str:
    """The end of the match names who won the most chips, as Tarot's names its winner (it said only "Fin de la
    partie.")."""
    from atout.present.cards import join_words

    totals = event.data.get("totals", [])
    best = max(totals) if totals else 0
    if best <= 0:  # every stack as it began (zero-sum: nobody above 0 means everybody at 0)
        return _book().say("says", "match_drawn", lang)
    winners = [table.seat_name(s, lang) for s, t in enumerate(totals) if t == best]
    return _book().say("says", "match_over", lang, len(winners), names=join_words(winners, lang),
                       chips=_chips(int(best), lang))


SAYERS = {"cards_dealt": _received, "cards_drawn": _received,
          "show": _say_show, "showdown": _say_showdown, "pass": _say_count, "discard": _say_count, "bet": _say_bet,
          "consolation": _say_consolation, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """The coup written out: the bet, who was in, each hand's class and value, who paid whom, the row."""
    from atout.present import card_names, join_words, number, signed

    d = event.data
    book = _book()
    comma = book.t("lists", "comma", lang)

    def name(s: int) -> str:
        return table.seat_name(s, lang)

    def say(key: str, count: float | None = None, **fields: Any) -> str:
        return book.say("breakdown", key, lang, count, **fields)

    lines: list[str] = []
    if d.get("void"):
        lines.append(say("void"))
    elif d.get("consolation") is not None:
        stake, bettor = d["stake"], name(d["bettor"])
        lines.append(say("consolation", bettor=bettor, stake=stake))
        for s, paid in enumerate(d["consolation"]):
            if s != d["bettor"]:
                lines.append(say("consolation_paid", who=name(s), paid=paid))
    else:
        stake, bettor = d["stake"], name(d["bettor"])
        callers = comma.join(name(s) for s in d["participants"] if s != d["bettor"])
        lines.append(say("bet", bettor=bettor, stake=stake, callers=callers))
        if d.get("declined"):
            lines.append(say("declined", seats=comma.join(name(s) for s in d["declined"])))
        if d.get("shown_early") is not None:
            lines.append(say("shown_early", who=name(d["shown_early"])))
        for h in d["hands"]:
            lines.append(say("hand", who=name(h["seat"]), cards=card_names(h["cards"], lang),
                             hand=_hand(h, lang, which=True)))
        others = len(d["participants"]) - 1
        if d.get("winner") is not None:
            won = number(stake * others, lang)
            lines.append(say("wins", others, who=name(d["winner"]), stake=stake, others=others, won=won))
            why = _why_won(d, lang)
            if why:
                lines.append(why)
        else:
            lines.append(say("tie", seats=comma.join(name(s) for s in d.get("tie", []))))
    lines.append(say("row", row=comma.join(f"{name(s)} {signed(v, lang)}"
                                           for s, v in enumerate(d.get("row", [])))))
    if d.get("teams"):
        a, b = (signed(v, lang) for v in d["teams"])
        lines.append(say("teams", first=join_words([name(0), name(2)], lang), a=a,
                         second=join_words([name(1), name(3)], lang), b=b))
        winner = d.get("winner")  # rules D10: individual play, team scoring (a newcomer's partner took his chip)
        if winner is not None and (winner + 2) % 4 in d.get("participants", []):
            lines.append(say("partners_cancel"))
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("prime", "variants")


def _signed(v: Any, lang: str) -> str:
    from atout.present import signed

    return signed(v, lang)


def _sides(teams: list[int], table: Table, lang: str) -> list[str]:
    """Each side's seats named together: ``Joueur 1 (vous) et Joueur 3`` (teams: the side of each seat)."""
    from atout.present import join_words

    return [join_words([table.seat_name(s, lang) for s in range(len(teams)) if teams[s] == t], lang)
            for t in sorted(set(teams))]


def situation(public: dict[str, Any], lang: str, table: Table) -> list[str]:
    """What a player needs at each decision (issue 17): the stake to accept and the pot, every seat's chips, the
    partner in ``societe`` (the side of each, for a spectator)."""
    book = _book()
    lines: list[str] = []
    teams = public.get("teams")
    if teams:
        if table.me is not None and 0 <= table.me < len(teams):
            partner = next(s for s in range(len(teams)) if s != table.me and teams[s] == teams[table.me])
            lines.append(book.say("situation", "partner", lang, partner=table.seat_name(partner, lang)))
        else:
            first, second = _sides(list(teams), table, lang)
            lines.append(book.say("situation", "sides", lang, first=first, second=second))
    bettor = public.get("bettor")
    if bettor is not None and public.get("outcome") is None:
        key = "stake/you" if bettor == table.me else "stake"
        lines.append(book.say("situation", key, lang, bettor=table.seat_name(bettor, lang),
                              chips=_chips(public["stake"], lang), pot=_chips(public.get("pot", 0), lang)))
    stacks = public.get("stacks") or []
    if stacks:
        from atout.present import by_name

        shown = by_name(((table.seat_name(s, lang), number_of(v, lang)) for s, v in enumerate(stacks)), lang)
        lines.append(book.say("situation", "stacks", lang, stacks=shown))
    return lines


def number_of(v: Any, lang: str) -> str:
    """A count of chips in the language's style (``1 000`` in French)."""
    from atout.present import number

    return number(v, lang)


def sheet_teams(totals: list[Any], teams: list[int] | None, lang: str, table: Table) -> str | None:
    """The score sheet's line per side in ``societe``: ``Par camp : Joueur 1 (vous) et Joueur 3 +4, …``."""
    if not teams:
        return None
    first, second = _sides(list(teams), table, lang)
    a, b = (_signed(sum(totals[s] for s in range(len(teams)) if teams[s] == t), lang) for t in sorted(set(teams)))
    return _book().say("situation", "sheet_teams", lang, first=first, a=a, second=second, b=b)


def match_result(totals: list[Any], teams: list[int] | None, lang: str, table: Table) -> list[str] | None:
    """The end of a ``societe`` match: the winning side named (or the sides level), then the sides ranked.

    None without partnerships (the table then ranks the seats)."""
    if not teams:
        return None
    from atout.present.situation import ordinal

    book = _book()
    names = _sides(list(teams), table, lang)
    sums = [sum(totals[s] for s in range(len(teams)) if teams[s] == t) for t in sorted(set(teams))]
    order = sorted(range(len(sums)), key=lambda i: (-sums[i], i))
    best = sums[order[0]]
    if sums.count(best) > 1:
        lines = [book.say("situation", "level", lang, abs(best), chips=_chips_signed(best, lang))]
    else:
        lines = [book.say("situation", "won", lang, names=names[order[0]], chips=_chips_signed(best, lang))]
    place = 1
    for rank, i in enumerate(order):
        if rank and sums[i] != sums[order[rank - 1]]:
            place = rank + 1
        lines.append(book.say("situation", "place", lang, place=ordinal(place, lang, sums.count(sums[i]) > 1), names=names[i],
                              total=_signed(sums[i], lang)))
    return lines


def _chips_signed(n: int, lang: str) -> str:
    """``+12 jetons``, ``0 jeton``: a side's result with its sign, in the catalog's plural form."""
    return _book().say("units", "chips", lang, abs(n), n=_signed(n, lang))
