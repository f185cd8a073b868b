"""La Triomphe's phrases (seed 002; spec triomphe.md): events, refusals, words, typed verbs, the breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("card_played", seat=0, data={"card": "KS"}), "en", Table("triomphe", 2, me=1))
'Player 1 plays King of Spades.'
>>> say(Event("stopped", seat=1, data={}), "fr", Table("triomphe", 2))
'Joueur 2 s’arrête après trois plis et marque un jeu.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.core.events import Event
from atout.core.packs import PIQUET32
from atout.present.cards import join_words
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Table

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


def _trick(event: Event, lang: str, table: Table) -> str:
    d = event.data
    you = event.seat == table.me and table.names is None
    who = table.seat_name(event.seat, lang)
    if lang == "fr":
        head = f"Vous remportez le pli {d['trick']}" if you else f"{who} remporte le pli {d['trick']}"
    else:
        head = f"You win trick {d['trick']}" if you else f"{who} wins trick {d['trick']}"
    counts = " – ".join(str(x) for x in d["side_tricks"])
    return f"{head} ({'plis' if lang == 'fr' else 'tricks'} {counts})."


_REASONS: Section = Section("triomphe", "reasons")


def _plural(side: int, seat_sides: list[int]) -> bool:
    return sum(1 for x in seat_sides if x == side) > 1


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
    reasons = _REASONS[lang]
    key = str(d["reason"]) + ("/pl" if _plural(deciding, d["seat_sides"]) else "")
    text = reasons.get(key, reasons.get(str(d["reason"]), "{side}")).format(side=side)
    if d.get("refused") and d["reason"] in ("vole_made", "vole_failed"):
        text += " (concession refusée)" if lang == "fr" else " (after a refused concession)"
    return text[:1].upper() + text[1:]


def _match_over(event: Event, lang: str, table: Table) -> str:
    scores = list(event.data.get("scores", []))
    best = max(scores) if scores else 0
    sides = [s for s, x in enumerate(scores) if x == best]
    seat_sides = [s if len(scores) == table.players else s % len(scores) for s in range(table.players)]
    names = join_words([side_name(s, seat_sides, lang, table) for s in sides], lang)
    marks = " – ".join(str(x) for x in scores)
    one = len(sides) == 1 and not _plural(sides[0], seat_sides)
    if lang == "fr":
        return f"Fin de la partie : {names} {'gagne' if one else 'gagnent'} ({marks})."
    return f"End of the match: {names} {'wins' if one else 'win'} ({marks})."


SAYERS = {"trick_won": _trick, "deal_scored": _scored, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """Tricks per side, why the deal ended, the points marked or lost, the score now (seed 002, §7, §9.5)."""
    d = dict(event.data)
    fr = lang == "fr"
    col = " :" if fr else ":"
    seat_sides: list[int] = d["seat_sides"]
    sides = range(len(d["side_tricks"]))
    tricks = " ; ".join(f"{side_name(s, seat_sides, lang, table)}{col} {d['side_tricks'][s]}" for s in sides) if fr else \
        "; ".join(f"{side_name(s, seat_sides, lang, table)}{col} {d['side_tricks'][s]}" for s in sides)
    lines = [f"{'Plis' if fr else 'Tricks'}{col} {tricks}", _scored(event, lang, table)]
    for s in sides:
        g, loss = d["gains"][s], d["losses"][s]
        if g:
            debt = d["debts_before"][s]
            paid = min(g, debt)
            note = ""
            if paid:
                note = (f" (dont {paid} pour payer une dette)" if fr else f" ({paid} of them paying a debt)")
            pl = _plural(s, seat_sides)
            verb = ("marquent" if pl else "marque") if fr else ("score" if pl else "scores")
            lines.append(f"{side_name(s, seat_sides, lang, table)} {verb} {g}{note}")
        if loss:
            pl = _plural(s, seat_sides)
            verb = ("perdent" if pl else "perd") if fr else ("lose" if pl else "loses")
            lines.append(f"{side_name(s, seat_sides, lang, table)} {verb} {loss} "
                         + ("(un jeu marqué en moins, sinon l'adversaire le marque)" if fr and d["sides"] == 2 else
                            "(one point taken off, else the other side scores it)" if d["sides"] == 2 else
                            ("(ce qui manque devient une dette)" if fr else "(what is missing becomes a debt)")))
    marks = (" ; " if fr else "; ").join(f"{side_name(s, seat_sides, lang, table)}{col} {d['scores'][s]}"
                      + (f" ({'dette' if fr else 'debt'} {d['debts'][s]})" if d["debts"][s] else "") for s in sides)
    target = d.get("target")
    tail = f" ({'en' if fr else 'to'} {target})" if target else ""
    lines.append(f"{'Marque' if fr else 'Score'}{col} {marks}{tail}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("triomphe", "variants")


#: lang -> action -> what choosing it costs, in one line (seed 002 §4), shown beside the table's buttons.
HINTS: Section = Section("triomphe", "hints")
