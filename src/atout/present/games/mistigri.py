"""Mistigri's phrases (seed 003; spec mistigri.md): events, refusals, words, typed verbs, the pool's breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("lanturlu_shown", seat=2, data={"cards": ["7H", "9H", "QH", "KH", "JC"]}), "fr", Table("mistigri", 4))
'Joueur 3 montre Lanturlu : 7♥ 9♥ D♥ R♥ V♣ et ramasse tout ce qui est sur le jeu.'
>>> say(Event("bete", seat=0, data={"pays": 18}), "en", Table("mistigri", 4, me=0))
'You are bête: you put 18 chips into the next pool.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.core.packs import PIQUET32
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Table

PACK = PIQUET32.mask  # the 32-card piquet pack

EVENTS: Section = Section("mistigri", "events")

ERRORS: Section = Section("mistigri", "errors")

WORDS: Section = Section("mistigri", "words")

LABELS: Section = Section("mistigri", "labels")

VERBS: Section = Section("mistigri", "verbs")


def _seat(table: Table, seat: int | None, lang: str) -> str:
    return table.seat_name(seat, lang)


def _coup_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    who = _seat(table, event.seat, lang)
    parts = [str(d["stake"])] if d["stake"] else []
    parts += [str(b) for b in d["betes"] if b]
    if d["carry"]:
        parts.append(str(d["carry"]))
    made = " + ".join(parts) or "0"
    if lang == "fr":
        noce = " Coup de noce : tout le monde doit jouer." if d["noce"] else " Il y a des bêtes : on peut passer."
        stake = f"met {d['stake']} jetons au jeu et donne" if d["stake"] else "donne sans mise (on vide le jeu)"
        return f"Coup {d['deal'] + 1} : {who} {stake}. Au jeu : {made} = {d['pool']} jetons.{noce}"
    noce = " A coup de noce: everybody must play." if d["noce"] else " There are bêtes: passing is allowed."
    stake = f"stakes {d['stake']} chips and deals" if d["stake"] else "deals without a stake (emptying the pool)"
    return f"Coup {d['deal'] + 1}: {who} {stake}. Pool: {made} = {d['pool']} chips.{noce}"


def _play_started(event: Event, lang: str, table: Table) -> str:
    d = event.data
    names = ", ".join(_seat(table, s, lang) for s in d["engaged"])
    if lang == "fr":
        chips = f"{d['trick_value']} jeton{'s' if abs(d['trick_value']) >= 2 else ''}"
        return f"Y vont : {names}. Le pli vaut {chips}. {_seat(table, event.seat, lang)} entame."
    chips = f"{d['trick_value']} chip{'' if d['trick_value'] == 1 else 's'}"
    return f"In the coup: {names}. A trick is worth {chips}. {_seat(table, event.seat, lang)} leads."


_REASONS: Section = Section("mistigri", "reasons")


def _pool_taken(event: Event, lang: str, table: Table) -> str:
    d = event.data
    who = _seat(table, event.seat, lang)
    why = _REASONS[lang].get(str(d["reason"]), str(d["reason"]))
    if lang == "fr":
        return f"{who} ramasse les {d['chips']} jetons du jeu ({why})."
    return f"{who} takes the pool's {d['chips']} chips ({why})."


def _pool_settled(event: Event, lang: str, table: Table) -> str:
    d = event.data
    back = [f"{_seat(table, s, lang)} {x}" for s, x in enumerate(d["refunds"]) if x]
    fr = lang == "fr"
    parts = []
    if back:
        parts.append(("bêtes rendues : " if fr else "bêtes paid back: ") + ", ".join(back))
    if d["carry"]:
        to = _seat(table, d["carry_to"], lang)
        parts.append(f"{d['carry']} jeton(s) restés au jeu à {to}" if fr else f"{d['carry']} chip(s) left in the pool to {to}")
    head = "Fin de la partie, le jeu est soldé" if fr else "End of the match, the pool is settled"
    return f"{head} : {'; '.join(parts)}." if fr else f"{head}: {'; '.join(parts)}."


def _deal_scored(event: Event, lang: str, table: Table) -> str:
    d = event.data
    row = ", ".join(f"{_seat(table, s, lang)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d["row"]))
    if lang == "fr":
        return f"Fin du coup {d['deal'] + 1} : {row}."
    return f"End of coup {d['deal'] + 1}: {row}."


def _match_over(event: Event, lang: str, table: Table) -> str:
    d = event.data
    net = ", ".join(f"{_seat(table, s, lang)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d.get("totals", [])))
    if lang == "fr":
        return f"Fin de la partie. Jetons gagnés ou perdus : {net}."
    return f"End of the match. Chips won or lost: {net}."


def _drawn(event: Event, lang: str, table: Table) -> str:
    """Cards asked from the stock: ``1 carte``, ``3 cartes`` (no "(s)", issue 7)."""
    n = event.data.get("count", 0)
    you = event.seat == table.me
    who = _seat(table, event.seat, lang)
    if lang == "fr":
        head = "Vous demandez" if you else f"{who} demande"
        return f"{head} {n} carte{'s' if n >= 2 else ''} au talon."
    head = "You ask" if you else f"{who} asks"
    return f"{head} for {n} card{'' if n == 1 else 's'} from the stock."


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
    fr = lang == "fr"
    col = " :" if fr else ":"
    name = lambda s: _seat(table, s, lang)  # noqa: E731
    lines = [f"{'Au jeu' if fr else 'Pool'}{col} {d['pool']} {'jetons' if fr else 'chips'}"]
    if d.get("stake"):
        lines[0] += (f", dont la mise de {d['stake']} de {name(event.seat)}" if fr
                     else f", {name(event.seat)}'s stake of {d['stake']} included")
    if d["how"] == "tricks":
        v = d["trick_value"]
        priv = d.get("privileged")
        if priv:
            card = the_card(priv, lang)
            mist = priv == "JC"
            if fr:
                lines.append(f"Le pli vaut {d['pool']} ÷ 6 = {v} ; celui où tombe {card}"
                             f"{'' if mist else ', qui remplace le Mistigri,'} vaut double : {2 * v}")
            else:
                lines.append(f"A trick is worth {d['pool']} ÷ 6 = {v}; the one with {card}"
                             f"{' (the Mistigri)' if mist else ', standing in for the Mistigri,'} counts double: {2 * v}")
        else:
            lines.append(f"Le pli vaut {d['pool']} ÷ 6 = {v} ; pas d'atout joué : pas de pli double" if fr
                         else f"A trick is worth {d['pool']} ÷ 6 = {v}; no trump played: no double trick")
        for i, t in enumerate(d["tricks"], 1):
            lines.append(f"  {'Pli' if fr else 'Trick'} {i}{col} {name(t['winner'])} +{t['share']}")
        for s, x in enumerate(d["takings"]):
            if x:
                n = d["tricks_won"][s]
                lines.append(f"{name(s)} {'ramasse' if fr else 'takes'} {x} ({n} {'pli(s)' if fr else 'trick(s)'})")
    else:
        why = _REASONS[lang].get(str(d["how"]), str(d["how"]))
        lines.append(f"{name(d['winner'])} {'ramasse' if fr else 'takes'} {d['pool']} ({why})")
    for b in d["betes"]:
        lines.append(f"{name(b['seat'])} {'est bête et met' if fr else 'is bête and puts'} {b['pays']} "
                     + ("au coup suivant" if fr else "into the next pool"))
    if d["carry"]:
        lines.append(f"{'Restent au jeu' if fr else 'Left in the pool'}{col} {d['carry']}")
    if any(d["refunds"]) or d.get("carry_to") is not None:
        lines.append(_pool_settled(Event("pool_settled", event.seat, d), lang, table))
    row = ", ".join(f"{name(s)} {'+' if x > 0 else ''}{x}" for s, x in enumerate(d["row"]))
    lines.append(f"{'Ce coup' if fr else 'This coup'}{col} {row}")
    stacks = ", ".join(f"{name(s)} {x}" for s, x in enumerate(d["stacks"]))
    lines.append(f"{'Jetons' if fr else 'Chips'}{col} {stacks}")
    return lines


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("mistigri", "variants")


#: lang -> action verb -> a plain-words prompt shown with the choice (seed 003: the draw from the talon).
HINTS: Section = Section("mistigri", "hints")
