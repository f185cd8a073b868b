"""French Tarot's phrases (seed 001; spec tarot.md): events, refusals, words, typed verbs, the score breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("bid", seat=1, data={"contract": "garde_sans"}), "fr", Table("tarot", 4))
'Joueur 2 annonce une Garde sans le chien.'
>>> say(Event("talon_shown", seat=0, data={"cards": ["KH", "T3"]}), "en", Table("tarot", 4, me=0))
'You turn up the talon (le chien): K♥ 3.'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Table

EVENTS: Section = Section("tarot", "events")

ERRORS: Section = Section("tarot", "errors")

WORDS: Section = Section("tarot", "words")

LABELS: Section = Section("tarot", "labels")

VERBS: Section = Section("tarot", "verbs")

_SIDE: Section = Section("tarot", "side")


def _num(x: Any, lang: str) -> str:
    from atout.present import number

    return number(x, lang)


def _signed(x: Any, lang: str) -> str:
    text = _num(x, lang)
    return text if text.startswith("-") else "+" + text


def _points_word(x: Any, lang: str) -> str:
    """``1 point``, ``2,5 points``, ``0,5 point`` (French: singular below 2)."""
    value = float(x)
    word = "point" if (lang == "fr" and abs(value) < 2) or (lang == "en" and value == 1) else "points"
    return f"{_num(x, lang)} {word}"


def _redeal(event: Event, lang: str, table: Table) -> str:
    reason = event.data.get("reason")
    who = table.seat_name(event.data.get("holder"), lang)
    if lang == "fr":
        if reason == "all_passed":
            return "Tout le monde passe : la donne est annulée et le joueur suivant redistribue."
        if reason == "petit_sec_fft":
            return f"{who} a le Petit sec : la donne est annulée, le joueur suivant redistribue."
        return f"{who} a le Petit sec et demande l'annulation : le même donneur redistribue."
    if reason == "all_passed":
        return "Everybody passes: the deal is void and the next player deals."
    if reason == "petit_sec_fft":
        return f"{who} holds the Petit sec (the 1 of trumps alone): the deal is annulled, the next player deals."
    return f"{who} holds the Petit sec and annuls the deal: the same dealer deals again."


def _partner(event: Event, lang: str, table: Table) -> str:
    from atout.present import the_card

    who = table.seat_name(event.seat, lang)
    card = the_card(event.data["called"], lang, table.italian)
    if event.data.get("alone"):
        if lang == "fr":
            return f"{who.capitalize()} joue {card}, la carte appelée : le preneur jouait seul."
        return f"{who.capitalize()} plays {card}, the called card: the taker was playing alone."
    if lang == "fr":
        return f"{card[:1].upper() + card[1:]} est tombé : {who} est le partenaire du preneur."
    return f"{card} is out: {who} is the taker's partner."


#: Tricks in a deal by number of players (seed 001 §3): the Excuse rule differs at the last one (§9.3).
_LAST_TRICK = {3: 24, 4: 18, 5: 15}


def _trick(event: Event, lang: str, table: Table) -> str:
    """The winner and the card points the trick brings: without an Excuse that stays with its owner's side
    (seed 001 §9.3: its owner takes it back and gives a card of no value instead)."""
    d = event.data
    who = table.seat_name(event.seat, lang)
    you = event.seat == table.me and table.names is None
    points = Fraction(d.get("points", 0))
    owner = d.get("excuse")
    kept = owner is not None and owner != event.seat and d.get("trick") != _LAST_TRICK.get(table.players)
    if kept:
        points -= Fraction(9, 2)
    pts = _points_word(points, lang)
    if lang == "fr":
        head = f"Vous remportez le pli {d['trick']}" if you else f"{who} remporte le pli {d['trick']}"
        if kept:
            return f"{head} ({pts} ; l'Excuse de {table.seat_name(owner, lang)} reste à son camp)."
        return f"{head} ({pts})."
    head = f"You win trick {d['trick']}" if you else f"{who} wins trick {d['trick']}"
    if kept:
        return f"{head} ({pts}; {table.seat_name(owner, lang)}'s Excuse stays with its side)."
    return f"{head} ({pts})."


def _scored(event: Event, lang: str, table: Table) -> str:
    d = event.data
    taker = table.seat_name(d["taker"], lang)
    diff = abs(d["result"])
    contract = WORDS[lang].get(d["contract"], d["contract"])
    row = d["row"]
    if lang == "fr":
        verdict = f"{contract} réussie de {diff}" if d["made"] else f"{contract} chutée de {diff}"
        return f"{verdict} : {taker} marque {_signed(row[d['taker']], lang)}."
    verdict = f"{contract} made by {diff}" if d["made"] else f"{contract} failed by {diff}"
    return f"{verdict}: {taker} scores {_signed(row[d['taker']], lang)}."


def _slam(event: Event, lang: str, table: Table) -> str | None:
    side, announced = event.data.get("side"), event.data.get("announced")
    if lang == "fr":
        if side == "attack":
            if announced:
                return "Chelem réussi : l'attaque a fait tous les plis !"
            return "L'attaque a fait tous les plis (chelem non annoncé)."
        if side == "defence":
            return "La défense a fait tous les plis !"
        return "Chelem annoncé mais chuté." if announced else None
    if side == "attack":
        return "Slam made: the attack won every trick!" if announced else "The attack won every trick (unannounced slam)."
    if side == "defence":
        return "The defence won every trick!"
    return "Slam announced but failed." if announced else None


def _match_over(event: Event, lang: str, table: Table) -> str:
    totals = event.data.get("totals", [])
    best = max(totals) if totals else 0
    winners = [table.seat_name(s, lang) for s, t in enumerate(totals) if t == best]
    from atout.present.cards import join_words

    names = join_words(winners, lang)
    if lang == "fr":
        return f"Fin de la partie : {names} {'gagne' if len(winners) == 1 else 'gagnent'} avec {_num(best, lang)}."
    return f"End of the match: {names} {'wins' if len(winners) == 1 else 'win'} with {_num(best, lang)}."


def _ecart_done(event: Event, lang: str, table: Table) -> str:
    """The écart made; trumps laid aside are shown to all (D6, FFT rule 9)."""
    from atout.present import fill

    you = event.seat == table.me
    key = "ecart_done/you" if you else "ecart_done"
    text = fill(EVENTS[lang][key], {"seat": event.seat}, lang, table)
    text = text[:1].upper() + text[1:]
    shown = event.data.get("shown_cards") or []
    if shown:
        cards = fill("{cards}", {"cards": shown}, lang, table)
        text += f" Atouts écartés, montrés : {cards}." if lang == "fr" else f" Trumps laid aside, shown: {cards}."
    return text


def _shown_cards(event: Event, lang: str, table: Table) -> str:
    """The chien (and one's écart) in one format, the screen's short cards, as on the "Chien :" line (issue 7)."""
    from atout.present import fill
    from atout.present.cards import short

    key = event.kind + ("/you" if event.seat is not None and event.seat == table.me else "")
    template = EVENTS[lang].get(key) or EVENTS[lang][event.kind]
    listed = " ".join(short(c, lang) for c in event.data.get("cards", []))
    text = fill(template.replace("{cards}", "{listed}"), {"seat": event.seat, "listed": listed}, lang, table)
    return text[:1].upper() + text[1:]


SAYERS = {"talon_shown": _shown_cards, "ecart_made": _shown_cards,
          "ecart_done": _ecart_done, "redeal": _redeal, "partner_revealed": _partner, "trick_won": _trick, "deal_scored": _scored,
          "slam": _slam, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """A deal's score written out as a player checks it: contract, points, difference, each term, each seat."""
    d = event.data
    fr = lang == "fr"
    col = " :" if fr else ":"
    m = d["multiplier"]
    taker = table.seat_name(d["taker"], lang)
    contract = WORDS[lang].get(d["contract"], d["contract"])
    lines: list[str] = []
    who = taker
    if d["partner"] is not None:
        who += f", {'partenaire' if fr else 'partner'} {table.seat_name(d['partner'], lang)}"
    if d["partner"] is None and d.get("called"):
        who += ", seul" if fr else ", alone"
    lines.append(f"{'Contrat' if fr else 'Contract'}{col} {contract} (×{m}), {'preneur' if fr else 'taker'} {who}")
    bouts = ", ".join(_bout(c, lang) for c in d["bouts"]) or ("aucun" if fr else "none")
    hidden = d["oudlers"] - len(d["bouts"])
    if hidden > 0:
        bouts += f" + {hidden} {'au chien' if fr else 'in the talon'}"
    n_bouts = d["oudlers"]
    if fr:
        lines.append(f"Points de l'attaque : {_num(d['points'], lang)} avec {n_bouts} "
                     f"{'bout' if n_bouts < 2 else 'bouts'} ({bouts}) ; il en fallait {d['needed']}")
    else:
        lines.append(f"Attack points: {_num(d['points'], lang)} with {n_bouts} "
                     f"{'oudler' if n_bouts == 1 else 'oudlers'} ({bouts}); needed {d['needed']}")
    aside = _aside(d, lang)
    if aside:
        lines.append(aside)
    diff = d["difference"]
    line = f"{'Différence' if fr else 'Difference'}{col} {_num(d['points'], lang)} - {d['needed']} = {_signed(diff, lang)}"
    if d["variant"] == "seed" and d.get("pab_points"):
        line += f", petit au bout {_signed(d['pab_points'], lang)}"
    if float(diff) + (d.get("pab_points", 0) if d["variant"] == "seed" else 0) != d["result"]:
        line += f" → {_signed(d['result'], lang)} ({'arrondi' if fr else 'rounded'})"
    verdict = ("réussi" if d["made"] else "chuté") if fr else ("made" if d["made"] else "failed")
    lines.append(f"{line} : {verdict} de {abs(d['result'])}" if fr else f"{line}: {verdict} by {abs(d['result'])}")
    r = abs(d["result"])
    if d["variant"] == "seed":
        if d["made"]:
            lines.append(f"{'Contrat' if fr else 'Contract'}{col} (25 + {r}) × {m} = {d['contract_points']}")
        else:
            lines.append(f"{'Contrat' if fr else 'Contract'}{col} -{r} × {m} = {d['contract_points']}"
                         + (" (pas de prime de 25 en cas de chute)" if fr else " (no 25 bonus when failed)"))
    else:
        sign = "" if d["made"] else "-"
        lines.append(f"{'Contrat' if fr else 'Contract'}{col} {sign}(25 + {r}) × {m} = {d['contract_points']}")
        if d.get("pab_points"):
            side = _SIDE[lang]["attack" if d["pab_points"] > 0 else "defence"]
            lines.append(f"Petit au bout ({side}){col} {'' if d['pab_points'] > 0 else '-'}10 × {m} = {d['pab_points']}")
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            lines.append(f"{name.capitalize()} ({table.seat_name(a['seat'], lang)}){col} {'' if a['gains'] else '-'}{a['value']}"
                         + (" (au camp gagnant, non multipliée)" if fr else " (to the winning side, not multiplied)"))
    if d.get("slam_points"):
        lines.append(f"{'Chelem' if fr else 'Slam'}{col} {_signed(d['slam_points'], lang)}")
    per = d["per_defender"]
    if per >= 0:
        note = " (chaque défenseur paie l'attaque)" if fr else " (each defender pays the attack)"
    else:
        note = " (l'attaque paie chaque défenseur)" if fr else " (the attack pays each defender)"
    lines.append(f"{'Par défenseur' if fr else 'Per defender'}{col} {_signed(per, lang)}{note}")
    n = len(d["row"])
    if d["share"] == "alone":
        lines.append(f"{taker}{col} {n - 1} × {_num(per, lang)} = {_num((n - 1) * per, lang)}")
    else:
        partner = table.seat_name(d["partner"], lang)
        total = (n - 2) * Fraction(per)
        # The attack's total before the seed's announcement ledger (which comes on its own lines):
        # halves (seed 001 §11.2 at five), or two thirds to the taker and one to the partner (FFT rule 2).
        mine, theirs = (total / 2, total / 2) if d["share"] == "halves" else (total * 2 / 3, total / 3)
        split = "½ / ½" if d["share"] == "halves" else "⅔ / ⅓"
        lines.append(f"{'Attaque' if fr else 'Attack'}{col} {n - 2} × {_num(per, lang)} = {_num(total, lang)}, "
                     f"{split} : {taker} {_num(mine, lang)}, {partner} {_num(theirs, lang)}"
                     if fr else
                     f"Attack: {n - 2} × {_num(per, lang)} = {_num(total, lang)}, split {split}: {taker} "
                     f"{_num(mine, lang)}, {partner} {_num(theirs, lang)}")
    if d["variant"] == "seed":
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            seat = table.seat_name(a["seat"], lang)
            v, others = a["value"], n - 1
            if fr:
                how = f"chacun des {others} autres lui paie {v}" if a["gains"] else f"il paie {v} à chacun des {others} autres"
                lines.append(f"Annonce {name} ({seat}){col} {how} ({_signed(v * others if a['gains'] else -v * others, lang)})")
            else:
                how = f"each of the {others} others pays {v}" if a["gains"] else f"pays {v} to each of the {others} others"
                lines.append(f"Announcement {name} ({seat}): {how} ({_signed(v * others if a['gains'] else -v * others, lang)})")
    marks = ", ".join(f"{table.seat_name(s, lang)} {_signed(v, lang)}" for s, v in enumerate(d["row"]))
    lines.append(f"{'Marque de la donne' if fr else 'Deal score'}{col} {marks}")
    return lines


def _aside(d: Mapping[str, Any], lang: str) -> str | None:
    """Where the attack's points came from: its tricks and the écart (or the talon at a garde sans).

    The attack's count includes the cards laid aside (seed 001 §9.3, FFT rule 2); the table adds
    ``trick_points`` (the attack's card points after the last trick) to the event when it knows it.
    """
    tricks = d.get("trick_points")
    if tricks is None:
        return None
    aside = Fraction(d["points"]) - Fraction(tricks)
    if d["contract"] == "garde_contre" or not aside:
        return None
    where = {"fr": "au chien (garde sans)" if d["contract"] == "garde_sans" else "à l'écart",
             "en": "in the talon (garde sans)" if d["contract"] == "garde_sans" else "in the écart (discard)"}[lang]
    if lang == "fr":
        return f"  dont {_num(tricks, lang)} dans les plis et {_num(aside, lang)} {where}"
    return f"  of which {_num(tricks, lang)} in tricks and {_num(aside, lang)} {where}"


def _bout(code: str, lang: str) -> str:
    return {"T1": "Petit" if lang == "fr" else "Petit (1)", "T21": "21", "EX": "Excuse"}.get(code, code)


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("tarot", "variants")

#: lang -> action verb -> a plain-words prompt shown with the choice (seed 001: the écart, one card at a time).
HINTS: Section = Section("tarot", "hints")
