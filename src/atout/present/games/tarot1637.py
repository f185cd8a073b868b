"""The 1637 tarot's phrases (seed 000; spec tarot-1637.md): events, refusals, words, verbs, the breakdown.

Cards are named with the period's words (le Faon, le Mat, le Bagat, le Monde) from the 1637 pack.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> t = Table("tarot1637", 3, me=0)
>>> say(Event("card_played", seat=1, data={"card": "JD", "trick": 1}), "fr", t)
'Joueur 2 joue le Faon de deniers.'
>>> say(Event("card_played", seat=2, data={"card": "T18", "trick": 1}), "fr", t)
'Joueur 3 joue la Lune.'
>>> say(Event("mort_card", data={"card": "EX", "trick": 1}), "en", t)
'Drawn from the Mort (the dummy): the Mat (Fool).'
>>> card("T14", "fr"), card("T18", "en")
('la Tempérance', 'the Moon')
>>> say(Event("marques", seat=2, data={"reason": "ransom", "row": [1, 1, -2], "card": "KS", "taker": 0}), "en", t)
'Player 3 loses the King of Swords to Player 1 (you): its ransom, 1 marque to each.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.cards import Card
from atout.core.events import Event
from atout.present.cards import join_words
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Phrases, Table


def _book() -> Phrases:
    from atout.present import phrases

    return phrases("tarot1637")


def card(code: str, lang: str) -> str:
    """A card of the 1637 pack for sentences: ``le Faon de deniers``, ``la Dame d'épées``, ``le Mat`` (catalog ``cards``)."""
    c = Card.parse(code)
    book = _book()
    if c.is_excuse or c.trump_number is not None:
        return book.t("cards", f"the/{c.code}", lang)
    assert c.rank is not None and c.suit is not None
    name = book.say("cards", f"of/{'SHDC'[c.suit]}", lang, rank=book.t("cards", f"rank/{c.rank.code}", lang))
    return book.say("cards", f"the/{c.rank.code}", lang, name=name)


def cards(codes: list[str], lang: str) -> str:
    return join_words([card(c, lang) for c in codes], lang)


EVENTS: Section = Section("tarot1637", "events")

ERRORS: Section = Section("tarot1637", "errors")

_ITEMS: Section = Section("tarot1637", "items")

WORDS: Section = Section("tarot1637", "words")

LABELS: Section = Section("tarot1637", "labels")

VERBS: Section = Section("tarot1637", "verbs")

# One sentence per kind of payment (§4, §6, §8, §9, §12); {who}: the seat, {n}: the marques.
_PAYMENTS: Section = Section("tarot1637", "payments")


def _signed(row: list[int], lang: str, table: Table) -> str:
    """``Joueur 1 +2, Joueur 2 −1``: each seat's marques with their sign (the true minus)."""
    from atout.present import signed

    comma = _book().t("lists", "comma", lang)
    return comma.join(f"{table.seat_name(s, lang)} {signed(v, lang) if v else '+0'}" for s, v in enumerate(row))


def _payment(d: dict[str, Any], seat: int | None, lang: str, table: Table) -> str:
    reason = str(d["reason"])
    book = _book()
    who = table.seat_name(seat, lang)
    fields: dict[str, Any] = {"who": who, "extra": ""}
    if d.get("card"):
        fields["card"] = card(str(d["card"]), lang)
    if "cards" in d:
        fields["cards"] = cards(list(d["cards"]), lang)
    if reason == "ransom":
        fields["taker"] = table.seat_name(d.get("taker"), lang)
    if reason == "misdeal" and any(d["row"]):
        fields["extra"] = book.t("payments", "misdeal_extra", lang)
    if reason == "declaration":
        item = str(d["item"])
        if item == "qui_n_a_le_sien":
            reason = "sien" if d.get("payer") is not None else "sien_none"
            fields["payer"] = table.seat_name(d.get("payer"), lang)
        shown = list(d.get("cards") or [])
        fields["item"] = _ITEMS[lang].get(item, item).format(count=len(shown))  # "14 triomphes": the count shown
        n = int(d.get("value", 0))
        fields["n"] = book.say("units", "marques", lang, n, n=n)
        if reason == "declaration":  # the cards shown are public once shown (seed 000: "s'il ne montre point …")
            fields["cards"] = cards(shown, lang)
            reason = "declaration" if shown else "declaration/short"
    if reason == "cards":
        pts = d.get("points", [])
        fields["points"] = book.t("lists", "comma", lang).join(f"{table.seat_name(s, lang)} {p}" for s, p in enumerate(pts))
    book_of = _PAYMENTS[lang]
    if seat is not None and seat == table.me and f"{reason}/you" in book_of:  # "Vous déclarez", as "Vous jouez"
        reason = f"{reason}/you"
    text = book_of[reason].format(**fields)
    return text[:1].upper() + text[1:]


def _marques(event: Event, lang: str, table: Table) -> str | None:
    return _payment(dict(event.data), event.seat, lang, table)


def _played(event: Event, lang: str, table: Table) -> str:
    you = event.seat == table.me  # "Vous remportez", as "Vous jouez" (the web names the viewer too)
    return _book().say("says", "card_played/you" if you else "card_played", lang,
                       who=table.seat_name(event.seat, lang), card=card(str(event.data["card"]), lang))


def _mort(event: Event, lang: str, table: Table) -> str:
    return _book().say("says", "mort_card", lang, card=card(str(event.data["card"]), lang))


def _cut(event: Event, lang: str, table: Table) -> str:
    book = _book()
    last = event.data["rounds"][-1]
    drawn = book.t("lists", "comma", lang).join(
        book.say("says", "cut_part", lang, who=table.seat_name(s, lang), card=card(c, lang)) for s, c in last)
    return book.say("says", "cut", lang, drawn=drawn, dealer=table.seat_name(event.data["dealer"], lang))


def _scored(event: Event, lang: str, table: Table) -> str:
    return _book().say("says", "deal_scored", lang, deal=event.data["deal"], marks=_signed(event.data["row"], lang, table))


def _match_over(event: Event, lang: str, table: Table) -> str:
    return _book().say("says", "match_over", lang, marks=_signed(list(event.data["totals"]), lang, table))


SAYERS = {"marques": _marques, "card_played": _played, "mort_card": _mort, "cut": _cut, "deal_scored": _scored,
          "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Every marque of the deal, line by line with its row, then the count by threes and the deal's row."""
    from babel.numbers import format_decimal

    from atout.present.catalogs import number_locale

    d = dict(event.data)
    book = _book()

    def say(key: str, count: float | None = None, **fields: Any) -> str:
        return book.say("breakdown", key, lang, count, **fields)

    lines: list[str] = []
    for line in d["lines"]:
        # each seat's marques said by name, never a bare row of numbers (issue 18): "… — Joueur 1 −1, Joueur 2 +2"
        lines.append(f"{_payment(line, line.get('seat'), lang, table)} — {_signed(line['row'], lang, table)}")
        if line["reason"] == "cards":
            par = line.get("par")
            for s, (p, third, size) in enumerate(zip(line["points"], line["raw_thirds"], line["pile_sizes"], strict=True)):
                raw = format_decimal(third / 3, format="0.00", locale=number_locale(lang))
                target = say("par", par=par) if par else say("half")
                lines.append(say("pile", size, who=table.seat_name(s, lang), n=size, raw=raw, points=p, target=target))
            for pay in line.get("settlement", []):
                m = int(pay["marques"])
                lines.append(say("settlement", payer=table.seat_name(pay["payer"], lang),
                                 payee=table.seat_name(pay["payee"], lang),
                                 marques=book.say("units", "marques", lang, m, n=m), loss=pay["loss"]))
    lines.append(say("deal", row=_signed(d["row"], lang, table)))
    return lines


def situation(public: dict[str, Any], lang: str, table: Table) -> list[str]:
    """At the discard, the cards the seat has still to lay aside (seed 000 §5: every hand is brought to 20 cards:
    the dealer lays aside 4, the others 1), said at each step."""
    sizes = public.get("hand_sizes") or []
    me = table.me
    if me is None or not 0 <= me < len(sizes) or public.get("trick") or public.get("tricks"):
        return []
    left = int(sizes[me]) - HAND_AFTER_DISCARD
    return [_book().say("situation", "discard_left", lang, left, n=left)] if left > 0 else []


#: Every hand after the discard (seed 000: "ses quatre de plus que les vingt estant pour faire les escarts").
HAND_AFTER_DISCARD = 20


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("tarot1637", "variants")


#: lang -> action verb -> a plain-words prompt shown with the choice (seed 000 §5: the discard).
HINTS: Section = Section("tarot1637", "hints")


# --- the table's display: one set of names, the pack's own (atout.core.packs, seed 000) ----------------------
def SHORT(code: str, lang: str) -> str:  # a hook read by atout.present.screen, named like its peers
    """A card's short form in the 1637 pack: ``Rn♠`` (Reine d'épées), ``F♦`` (Faon de deniers), ``21``, ``Mat``.

    >>> SHORT("QS", "fr"), SHORT("JD", "fr"), SHORT("EX", "fr"), SHORT("NH", "en")
    ('Rn♠', 'F♦', 'Mat', 'Kn♥')
    """
    c = Card.parse(code)
    if c.is_excuse:
        return _book().t("cards", "short/excuse", lang)
    if c.trump_number is not None:
        return str(c.trump_number)
    from atout.present.cards import SUIT_SYMBOLS

    assert c.suit is not None and c.rank is not None
    rank = _book().t("cards", f"short/{c.rank.code}", lang) if c.rank == 1 or c.rank >= 11 else c.rank.code
    return rank + SUIT_SYMBOLS[c.suit]


#: Cards in sentences and refusals by the 1637 pack's names (read by atout.present's templates).
CARD_NAME = card
