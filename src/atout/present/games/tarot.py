"""French Tarot's phrases (seed 001; spec tarot.md): events, refusals, words, typed verbs, the score breakdown.

>>> from atout.present import Table, say
>>> from atout.core.events import Event
>>> say(Event("bid", seat=1, data={"contract": "garde_sans"}), "fr", Table("tarot", 4))
'Joueur 2 annonce une Garde sans le chien.'
>>> say(Event("talon_shown", seat=0, data={"cards": ["KH", "T3"]}), "en", Table("tarot", 4, me=0))
'You turn up the talon: K♥, trump 3.'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.core.events import Event
from atout.present.catalogs import PairSection, Section

if TYPE_CHECKING:
    from atout.present import Phrases, Table

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
    from atout.present import signed

    return signed(x, lang) if x else "+" + _num(x, lang)  # a difference of 0 is written +0 (the contract made)


def _minus(lang: str) -> str:
    from atout.present.catalogs import minus_sign

    return minus_sign(lang)


def _book() -> Phrases:
    from atout.present import phrases

    return phrases("tarot")


def _points_word(x: Any, lang: str) -> str:
    """``1 point``, ``2,5 points``, ``0,5 point`` (the catalog's plural forms; French: singular below 2)."""
    return _book().say("units", "points", lang, float(x), n=x)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _redeal(event: Event, lang: str, table: Table) -> str:
    reason = event.data.get("reason")
    key = "redeal/" + (reason if reason in ("all_passed", "petit_sec_fft") else "petit_sec")
    if reason == "all_passed" and event.data.get("last"):  # the match's last deal: nobody deals again
        key += "/last"
    elif reason == "all_passed" and event.data.get("again"):  # a table's: dealt again, not counted
        key += "/again"
    return _book().say("says", key, lang, who=table.seat_name(event.data.get("holder"), lang))


def _partner(event: Event, lang: str, table: Table) -> str:
    from atout.present import the_card

    who = table.seat_name(event.seat, lang)
    card = the_card(event.data["called"], lang, table.italian)
    return _cap(_book().say("says", "partner/alone" if event.data.get("alone") else "partner", lang, who=who, card=card))


def _excuse_of(owner: int | None, lang: str, table: Table) -> str:
    """Whose Excuse: ``votre Excuse`` for the reader's own (not "l'Excuse de Joueur 1 (vous)"), else
    ``l'Excuse de Joueur 2``, elided before a vowel in French (``l'Excuse d'Ann``)."""
    if owner is not None and owner == table.me:
        return _book().t("says", "excuse_of/you", lang)
    name = table.seat_name(owner, lang)
    elided = lang == "fr" and name[:1].lower() in "aeiouyhàâéèêëîïôöûü"
    return _book().say("says", "excuse_of/elided" if elided else "excuse_of", lang, owner=name)


def _trick(event: Event, lang: str, table: Table) -> str:
    """The winner and the card points his side keeps: without an Excuse that stays with its owner's side (seed
    001 §9.3) or changes sides at the last trick (FFT, D20), as the engine's ``excuse_to`` says; and the
    ½-point card the Excuse's side gives for it, on the trick where it is given (§9.3, D11)."""
    d = event.data
    you = event.seat == table.me  # "Vous remportez", as "Vous jouez" (the web names the viewer too)
    points = d.get("winner_points", d.get("points", 0))
    how = {"owner": "/kept", "opposite": "/changes"}.get(str(d.get("excuse_to")), "")
    if d.get("excuse_to") == "winner" and d.get("excuse") not in (None, event.seat):
        how = "/taken"  # seed 001 §9.3: at the last trick it goes with the trick (its loss was said nowhere)
    key = "trick_won" + ("/you" if you else "") + how
    text = _book().say("says", key, lang, who=table.seat_name(event.seat, lang), trick=d["trick"],
                       points=_points_word(points, lang), excuse=_excuse_of(d.get("excuse"), lang, table),
                       excuse_points=_points_word(Fraction(9, 2), lang))
    if d.get("exchange") is not None:  # the running count moved by it too: said where it moves
        giver = str(d.get("exchange_side"))
        other = "defence" if giver == "attack" else "attack"
        text += " " + _cap(_book().say("says", "trick_won/exchange", lang, side=_SIDE[lang][giver],
                                       other=_SIDE[lang][other], excuse=_excuse_of(d["exchange"], lang, table)))
    return text


def _excuse_settled(event: Event, lang: str, table: Table) -> str:
    """Where the Excuse ended and the half-point card given for it (seed 001 §9.3, D11; FFT D20): a recap
    after the last trick, in the past (the card was said on its trick's line as it was given)."""
    d = event.data
    key = "opposite" if d["excuse_to"] == "opposite" else {"given": "given", "none_won": "none_won"}.get(
        str(d.get("exchange")), "kept")
    other = "defence" if d["side"] == "attack" else "attack"
    return _cap(_book().say("says", f"excuse_settled/{key}", lang, excuse=_excuse_of(d["owner"], lang, table),
                            points=_points_word(d["points"], lang), side=_SIDE[lang][d["side"]],
                            other=_SIDE[lang][other]))


def _scored(event: Event, lang: str, table: Table) -> str:
    """"Garde chutée de 1 : …"; in the seed variant the petit au bout counts in that difference (§11.1, D13), said
    so: "40 against 51" in the breakdown read as a fall of 11 to a newcomer."""
    d = event.data
    pab = d.get("pab_points", 0) if d.get("variant") == "seed" else 0
    diff = _book().say("says", "diff_with_pab", lang, diff=abs(d["result"]), pab=_signed(pab, lang)) if pab \
        else abs(d["result"])
    return _book().say("says", "deal_scored/made" if d["made"] else "deal_scored/failed", lang,
                       contract=WORDS[lang].get(d["contract"], d["contract"]), diff=diff,
                       taker=table.seat_name(d["taker"], lang), score=_signed(d["row"][d["taker"]], lang))


def _slam_word(variant: object) -> str:
    """The slam's name: seed 001 calls it the capot (§"Le Capot", chelem a synonym), the FFT the chelem."""
    return "capot" if variant == "seed" else "slam"


def _slam(event: Event, lang: str, table: Table) -> str | None:
    side, announced = event.data.get("side"), event.data.get("announced")
    word = _slam_word(event.data.get("variant"))
    if side == "attack":
        return _book().t("says", f"{word}/attack_announced" if announced else f"{word}/attack", lang)
    if side == "defence":
        return _book().t("says", "slam/defence", lang)
    return _book().t("says", f"{word}/failed", lang) if announced else None


def _match_over(event: Event, lang: str, table: Table) -> str:
    from atout.present.cards import join_words

    totals = event.data.get("totals", [])
    best = max(totals) if totals else 0
    winners = [table.seat_name(s, lang) for s, t in enumerate(totals) if t == best]
    if len(winners) == len(totals) > 1:  # every score equal (everybody passed the only deal): nobody wins
        return _book().say("says", "match_drawn", lang, best=best)
    return _book().say("says", "match_over", lang, len(winners), names=join_words(winners, lang), best=best)


def _ecart_done(event: Event, lang: str, table: Table) -> str:
    """The écart made; trumps laid aside are shown to all (D6, FFT rule 9)."""
    from atout.present import fill

    you = event.seat == table.me
    key = "ecart_done/you" if you else "ecart_done"
    text = _cap(fill(EVENTS[lang][key], {"seat": event.seat}, lang, table))
    shown = event.data.get("shown_cards") or []
    if shown:
        text += _book().say("says", "ecart_shown", lang, cards=fill("{cards}", {"cards": shown}, lang, table))
    return text


def _shown_cards(event: Event, lang: str, table: Table) -> str:
    """The chien (and one's écart) in one format, the screen's short cards, as on the "Chien :" line (issue 7)."""
    from atout.present import fill, short_list

    key = event.kind + ("/you" if event.seat is not None and event.seat == table.me else "")
    template = EVENTS[lang].get(key) or EVENTS[lang][event.kind]
    listed = short_list(event.data.get("cards", []), lang, "tarot")  # the ace as the hand shows it: 1♠; "atouts 5 8"
    return _cap(fill(template.replace("{cards}", "{listed}"), {"seat": event.seat, "listed": listed}, lang, table))


SAYERS = {"talon_shown": _shown_cards, "ecart_made": _shown_cards,
          "ecart_done": _ecart_done, "redeal": _redeal, "partner_revealed": _partner, "trick_won": _trick, "deal_scored": _scored,
          "excuse_settled": _excuse_settled,
          "slam": _slam, "match_over": _match_over}


def breakdown(event: Event, lang: str, table: Table) -> list[str]:
    """A deal's score written out as a player checks it: contract, points, difference, each term, each seat."""
    d = event.data
    book = _book()

    def say(key: str, count: float | None = None, **fields: Any) -> str:
        return book.say("breakdown", key, lang, count, **fields)

    m = d["multiplier"]
    taker = table.seat_name(d["taker"], lang)
    contract = WORDS[lang].get(d["contract"], d["contract"])
    lines: list[str] = []
    who = taker
    if d["partner"] is not None:
        who += say("with_partner", name=table.seat_name(d["partner"], lang))
    if d["partner"] is None and d.get("called"):
        who += say("alone")
    lines.append(say("contract", contract=contract, m=m, who=who))
    comma = book.t("lists", "comma", lang)
    bouts = comma.join(_bout(c, lang) for c in d["bouts"])
    n_bouts = d["oudlers"]
    hidden = d["oudlers"] - len(d["bouts"])
    if hidden > 0:
        bouts = bouts + say("bouts_in_talon", n=hidden) if bouts else say("bouts_in_talon_only", n=hidden)
    defence_named = comma.join(_bout(c, lang) for c in d.get("defence_bouts", ()))
    hidden_theirs = 3 - n_bouts - len(d.get("defence_bouts", ())) if "defence_bouts" in d else 0
    if hidden_theirs > 0:  # a garde contre's talon, never shown
        defence_named += say("bouts_in_talon" if defence_named else "bouts_in_talon_only", n=hidden_theirs)
    if defence_named:  # where the others went (issue 17: "2 bouts (Petit, 21)", and the third?)
        # none with the attack: "0 bout (à la défense : …)", not "(aucun ; à la défense : …)"
        bouts = bouts + say("bouts_defence", bouts=defence_named) if bouts else say("bouts_defence_only",
                                                                                     bouts=defence_named)
    bouts = bouts or say("no_bouts")
    if d.get("excuse_to") == "opposite":
        bouts += say("excuse_changed")
    key = "attack_points" if n_bouts else "attack_points_none"  # "12 sans bout", not "12 avec 0 bout"
    lines.append(say(key, n_bouts, points=d["points"], n=n_bouts, bouts=bouts, needed=d["needed"]))
    aside = _aside(d, lang)
    if aside:
        lines.append(aside)
    diff = d["difference"]
    line = say("difference", points=d["points"], needed=d["needed"], diff=_signed(diff, lang))
    if d["variant"] == "seed" and d.get("pab_points"):
        line += say("difference_pab", pab=_signed(d["pab_points"], lang))
    if float(diff) + (d.get("pab_points", 0) if d["variant"] == "seed" else 0) != d["result"]:
        line += say("rounded", result=_signed(d["result"], lang))
    lines.append(say("verdict/made" if d["made"] else "verdict/failed", line=line, n=abs(d["result"])))
    r = abs(d["result"])
    if d["variant"] == "seed":
        lines.append(say("contract_seed/made" if d["made"] else "contract_seed/failed", r=r, m=m,
                         points=d["contract_points"]))
    else:
        lines.append(say("contract_fft", sign="" if d["made"] else _minus(lang), r=r, m=m, points=d["contract_points"]))
        if d.get("pab_points"):
            side = _SIDE[lang]["attack" if d["pab_points"] > 0 else "defence"]
            lines.append(say("pab_fft", side=side, sign="" if d["pab_points"] > 0 else _minus(lang), m=m, points=d["pab_points"]))
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            lines.append(_cap(say("announcement_fft", name=name, seat=table.seat_name(a["seat"], lang),
                                  sign="" if a["gains"] else _minus(lang), value=a["value"])))
    if d.get("slam_points"):
        lines.append(say(_slam_word(d.get("variant")), points=_signed(d["slam_points"], lang)))
    per = d["per_defender"]
    lines.append(say("per_defender/pays_attack" if per >= 0 else "per_defender/paid", per=_signed(per, lang)))
    n = len(d["row"])
    if d["share"] == "alone":
        lines.append(say("alone_total", taker=taker, k=n - 1, per=per, total=(n - 1) * per))
    else:
        partner = table.seat_name(d["partner"], lang)
        total = (n - 2) * Fraction(per)
        # The attack's total before the seed's announcement ledger (which comes on its own lines):
        # halves (seed 001 §11.2 at five), or two thirds to the taker and one to the partner (FFT rule 2).
        mine, theirs = (total / 2, total / 2) if d["share"] == "halves" else (total * 2 / 3, total / 3)
        split = "½ / ½" if d["share"] == "halves" else "⅔ / ⅓"
        lines.append(say("attack_total", k=n - 2, per=per, total=total, split=split, taker=taker, mine=mine,
                         partner=partner, theirs=theirs))
    if d["variant"] == "seed":
        for a in d.get("announcements", []):
            name = WORDS[lang].get(a["kind"], a["kind"])
            v, others = a["value"], n - 1
            lines.append(say("announcement_seed/gains" if a["gains"] else "announcement_seed/pays", name=name,
                             seat=table.seat_name(a["seat"], lang), v=v, others=others,
                             total=_signed(v * others if a["gains"] else -v * others, lang)))
    marks = comma.join(f"{table.seat_name(s, lang)} {_signed(v, lang)}" for s, v in enumerate(d["row"]))
    lines.append(say("deal_score", marks=marks))
    return lines


def _aside(d: Mapping[str, Any], lang: str) -> str | None:
    """Where the attack's points came from: its tricks and the écart (or the talon at a garde sans).

    The attack's count includes the cards laid aside (seed 001 §9.3, FFT rule 2); the event's ``trick_points``
    (the attack's card points after the last trick) tells them apart.
    """
    tricks = d.get("trick_points")
    if tricks is None:
        return None
    aside = Fraction(d["points"]) - Fraction(tricks)
    if d["contract"] == "garde_contre" or not aside:
        return None
    book = _book()
    where = book.t("breakdown", "aside/talon" if d["contract"] == "garde_sans" else "aside/ecart", lang)
    return book.say("breakdown", "aside", lang, tricks=tricks, aside=aside, where=where)


def _bout(code: str, lang: str) -> str:
    return _book().section("breakdown", lang).get(f"bout/{code}", code)


#: lang -> variant -> (title, one line), as the lobby and the table's header show them.
VARIANTS: PairSection = PairSection("tarot", "variants")

#: lang -> action verb -> a plain-words prompt shown with the choice (seed 001: the écart, one card at a time).
HINTS: Section = Section("tarot", "hints")


def SHORT(code: str, lang: str) -> str:  # a hook read by atout.present.screen, named like its peers
    """A Tarot card on screen: as :func:`atout.present.cards.short`, the Ace written ``1`` as the cards print it
    (seed 001: "le 2 et le 1 (l'As)"), in both languages and on both tables.

    >>> SHORT("AS", "fr"), SHORT("AH", "en"), SHORT("KS", "fr"), SHORT("T1", "en")
    ('1♠', '1♥', 'R♠', '1')
    """
    from atout.present.cards import short

    return short(code, lang, "tarot")
