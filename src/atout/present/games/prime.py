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

from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PRIME40
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Table

PACK = PRIME40.mask  # A, 2-7, J, Q, K in four suits

EVENTS: Section = Section("prime", "events")

ERRORS: Section = Section("prime", "errors")

WORDS: Section = Section("prime", "words")

VERBS: Section = Section("prime", "verbs")

_A: Section = Section("prime", "a")


def _chips(n: int, lang: str) -> str:
    """'1 jeton', '4 jetons'; '1 chip', '4 chips'."""
    word = ("jeton" if lang == "fr" else "chip") + ("s" if abs(n) > 1 else "")
    return f"{n} {word}"


def _say_bet(event: Event, lang: str, table: Table) -> str:
    chips = _chips(event.data["stake"], lang)
    if event.seat == table.me:
        return f"Vous pariez {chips}." if lang == "fr" else f"You bet {chips}."
    who = table.seat_name(event.seat, lang)
    text = f"{who} parie {chips}." if lang == "fr" else f"{who} bets {chips}."
    return text[:1].upper() + text[1:]


def _say_consolation(event: Event, lang: str, table: Table) -> str:
    chips = _chips(event.data["total"], lang)
    who = table.seat_name(event.seat, lang)
    if lang == "fr":
        return f"Personne n'accepte : {who} reçoit {chips} de consolation."
    return f"Nobody accepts: {who} receives {chips} of consolation."


def _hand(h: dict[str, Any], lang: str) -> str:
    """'une prime de 70' / 'a point of 36' (the 55 has no value to add)."""
    category = h["category"]
    if category == "cinquante_cinq":
        return _A[lang][category]
    return f"{_A[lang][category]} {'de' if lang == 'fr' else 'of'} {h['value']}"


def _say_show(event: Event, lang: str, table: Table) -> str:
    from atout.present import card_names

    who = table.seat_name(event.seat, lang)
    cards = card_names(event.data["cards"], lang)
    hand = _hand(dict(event.data), lang)
    if lang == "fr":
        text = f"{'Vous montrez' if event.seat == table.me else who + ' montre'} {hand} : {cards}."
    else:
        text = f"{'You show' if event.seat == table.me else who + ' shows'} {hand}: {cards}."
    return text[:1].upper() + text[1:]


def _say_showdown(event: Event, lang: str, table: Table) -> str:
    from atout.present import join_words

    parts = [f"{table.seat_name(h['seat'], lang)} {_hand(h, lang)}" for h in event.data["hands"]]
    best = [table.seat_name(s, lang) for s in event.data["best"]]
    head = "On montre les jeux : " if lang == "fr" else "Showdown: "
    if len(best) == 1:
        tail = f" ; {best[0]} l'emporte." if lang == "fr" else f"; {best[0]} wins."
    else:
        tied = join_words(best, lang)
        tail = f" ; égalité en tête entre {tied}." if lang == "fr" else f"; {tied} tie at the top."
    return head + ", ".join(parts) + tail


def _say_count(event: Event, lang: str, table: Table) -> str:
    """A pass or a discard: how many cards went face down (never which)."""
    count = event.data["laid_aside" if event.kind == "pass" else "count"]
    you = event.seat == table.me
    who = table.seat_name(event.seat, lang)
    if lang == "fr":
        verb = ("Vous passez" if you else f"{who} passe") if event.kind == "pass" else ""
        keep = "gardez vos cartes" if you else "garde ses cartes"
        lay = f"écart{'ez' if you else 'e'} {count} carte{'s' if count > 1 else ''}"
        subject = "vous" if you else who
        if verb:
            text = f"{verb} et {lay if count else keep}."
        else:
            text = f"{subject} {lay if count else keep}."
    else:
        verb = ("You pass" if you else f"{who} passes") if event.kind == "pass" else ""
        keep = "keep" if you else "keeps"
        lay = f"{'lay' if you else 'lays'} aside {count} card{'s' if count > 1 else ''}"
        subject = "you" if you else who
        text = f"{verb} and {lay if count else keep + ' both'}." if verb else f"{subject} {lay if count else keep + ' all'}."
    return text[:1].upper() + text[1:]


def _received(event: Event, lang: str, table: Table) -> str:
    """Cards dealt or drawn, with their articles: « Vous recevez la Dame de pique et l'As de cœur » (issue 7)."""
    from atout.present import the_card
    from atout.present.cards import join_words

    cards = join_words([the_card(c, lang) for c in event.data.get("cards", [])], lang)
    return f"Vous recevez {cards}." if lang == "fr" else f"You receive {cards}."


SAYERS = {"cards_dealt": _received, "cards_drawn": _received,
          "show": _say_show, "showdown": _say_showdown, "pass": _say_count, "discard": _say_count, "bet": _say_bet,
          "consolation": _say_consolation}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """The coup written out: the bet, who was in, each hand's class and value, who paid whom, the row."""
    from atout.present import card_names, number

    d = event.data
    fr = lang == "fr"
    name = lambda s: table.seat_name(s, lang)  # noqa: E731
    lines: list[str] = []
    if d.get("void"):
        lines.append("Personne n'a parié : le coup est nul." if fr else "Nobody bet: the coup is void.")
    elif d.get("consolation") is not None:
        stake, bettor = d["stake"], name(d["bettor"])
        lines.append(f"{bettor} parie {stake} ; personne n'accepte." if fr else f"{bettor} bets {stake}; nobody accepts.")
        for s, paid in enumerate(d["consolation"]):
            if s != d["bettor"]:
                lines.append(f"  {name(s)} donne {paid} de consolation" if fr else f"  {name(s)} pays {paid} of consolation")
    else:
        stake, bettor = d["stake"], name(d["bettor"])
        callers = ", ".join(name(s) for s in d["participants"] if s != d["bettor"])
        lines.append(f"{bettor} parie {stake} ; tiennent : {callers}" if fr else f"{bettor} bets {stake}; called by {callers}")
        if d.get("declined"):
            out = ", ".join(name(s) for s in d["declined"])
            lines.append(f"Refusent (ne paient rien) : {out}" if fr else f"Declined (pay nothing): {out}")
        if d.get("shown_early") is not None:
            who = name(d["shown_early"])
            lines.append(f"{who} a montré son jeu avant le second écart." if fr else f"{who} showed before the second discard.")
        for h in d["hands"]:
            lines.append(f"  {name(h['seat'])} : {card_names(h['cards'], lang)} — {_hand(h, lang)}" if fr
                         else f"  {name(h['seat'])}: {card_names(h['cards'], lang)} — {_hand(h, lang)}")
        others = len(d["participants"]) - 1
        if d.get("winner") is not None:
            w, won = name(d["winner"]), number(stake * others, lang)
            if others == 1:
                lines.append(f"{w} gagne {stake} sur l'autre joueur : +{won}" if fr
                             else f"{w} wins {stake} from the other player: +{won}")
            else:
                lines.append(f"{w} gagne {stake} sur chacun des {others} autres : +{won}" if fr
                             else f"{w} wins {stake} from each of the {others} others: +{won}")
        else:
            tied = ", ".join(name(s) for s in d.get("tie", []))
            lines.append(f"Égalité en tête ({tied}) : personne ne gagne ni perd." if fr
                         else f"Tie at the top ({tied}): nobody wins or loses.")
    colon = " :" if fr else ":"
    lines.append(("Jetons du coup" if fr else "Chips this coup") + colon + " " + ", ".join(
        f"{name(s)} {'+' if v > 0 else ''}{number(v, lang)}" for s, v in enumerate(d.get("row", []))))
    if d.get("teams"):
        t = d["teams"]
        a, b = (("+" if v > 0 else "") + number(v, lang) for v in t)
        lines.append(f"Par camp : {name(0)} et {name(2)} {a}, {name(1)} et {name(3)} {b}" if fr
                     else f"Per team: {name(0)} and {name(2)} {a}, {name(1)} and {name(3)} {b}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("prime", "variants")
