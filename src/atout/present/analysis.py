"""The words of a post-deal analysis (issue 20): the deal's value with every card seen, each card's cost.

Reads a :class:`atout.analysis.deal.DealAnalysis` (plain data: this layer does not import the solver) and
says it in the catalogs' language (``tarot`` domain, section ``analysis``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.present import catalogs, number, the_card

if TYPE_CHECKING:
    from atout.analysis.deal import CardCost, DealAnalysis
    from atout.present import Table


def word(key: str, lang: str, **params: Any) -> str:
    """One message of the analysis, filled, spaced by the language's typography."""
    count = params.get("count")  # a plural message counts with it ("la partie n'a qu'une donne")
    text = catalogs.text("tarot", "analysis", key, lang, count if isinstance(count, int) else None)
    return catalogs.typeset(text.format(**params), lang)


def points(x: Fraction | int, lang: str) -> str:
    """``14 points``, ``1,5 point`` (the catalog's plural for the number)."""
    return catalogs.text("common", "units", "points", lang, float(x)).format(n=number(x, lang))


def value_line(a: DealAnalysis, lang: str, margin: int) -> str:
    """``Toutes cartes vues, l'attaque fait 56 points avec 2 bouts (il en fallait 41) : Garde réussie de 15.``
    (from trick k when not the first): the bouts say which target the margin is counted from."""
    key, extra = ("start", {}) if a.first_trick == 1 else ("start_from", {"trick": a.first_trick})
    return word(key, lang, **_made(a, a.start, margin, lang), **extra)


def played_line(a: DealAnalysis, lang: str) -> str:
    """``Telle que jouée, l'attaque a fait 31 points avec 1 bout (il en fallait 51) : Prise chutée de 20.``"""
    return word("played", lang, **_made(a, a.cards[-1].after, a.played_margin(), lang))


def _made(a: DealAnalysis, value: Any, margin: int, lang: str) -> dict[str, str]:
    """The points, the bouts and the target at ``value``, and the contract's result by ``margin``."""
    contract = catalogs.text("tarot", "words", a.contract, lang)
    result = word("made" if margin >= 0 else "failed", lang, n=abs(margin))
    if a.variant == "seed" and value.petit_au_bout:  # seed 001 counts it in the margin: "49 (41 needed): made by 18"
        result = word(f"with_pab/{value.petit_au_bout}", lang, result=result)  # read as a sum gone wrong
    return {"points": points(value.attack_points, lang), "contract": contract,
            "bouts": _with_bouts(value.attack_oudlers, lang), "needed": str(a.needed(value)), "result": result}


def _bouts(n: int, lang: str) -> str:
    """``1 bout``, ``2 bouts`` (the catalog's plural for the number)."""
    return catalogs.text("tarot", "analysis", "bouts", lang, n).format(n=n)


def _with_bouts(n: int, lang: str) -> str:
    """``avec 2 bouts``, ``sans bout`` ("avec 0 bout" read badly)."""
    if n == 0:
        return catalogs.text("tarot", "analysis", "with_no_bout", lang)
    return catalogs.text("tarot", "analysis", "with_bouts", lang, n).format(n=n)


def cost_line(c: CardCost, lang: str) -> str:
    """``le 21 a coûté 14 points à l'attaque ; mieux : …``, ``… 4 points et un bout …`` when a bout changed side
    with it, or ``le 21 : rien perdu``."""
    card = the_card(c.card, lang)  # "le Petit (1 d'atout)", as the table names it
    lost = c.before.attack_oudlers - c.after.attack_oudlers  # bouts the attack lost by this card, against the best
    lost = lost if c.attack else -lost
    if c.card in c.best or (c.cost <= 0 and lost <= 0):
        return word("no_loss", lang, card=card)
    cost = points(c.cost, lang)
    if lost > 0:
        cost = word("and_bouts", lang, points=cost, bouts=_bouts(lost, lang))
    line = word("cost_attack" if c.attack else "cost_defence", lang, card=card, points=cost)
    # "; better: …", not in brackets: a card's name may hold its own ("le Petit (1 d'atout)")
    return word("cost_better", lang, cost=line, better=word("better", lang, cards=_better(c.best, lang)))


def _better(best: tuple[str, ...], lang: str) -> str:
    """The best cards: up to four named, else the first three and how many more (ten Diamonds said one by one
    drowned the line)."""
    comma = catalogs.text("common", "punct", "comma", lang)
    if len(best) <= 4:
        return comma.join(the_card(b, lang) for b in best)
    return word("better_more", lang, cards=comma.join(the_card(b, lang) for b in best[:3]), n=len(best) - 3)


def attack_line(a: DealAnalysis, lang: str, table: Table) -> str:
    """Who "the attack" is: ``L'attaque : Joueur 1 (preneur) et Joueur 3 (partenaire) ; contrat : Garde.``"""
    contract = catalogs.text("tarot", "words", a.contract, lang)
    if a.partner is None:
        return word("attack_is", lang, taker=table.seat_name(a.taker, lang), contract=contract)
    return word("attack_is_two", lang, taker=table.seat_name(a.taker, lang), contract=contract,
                partner=table.seat_name(a.partner, lang))


def describe(a: DealAnalysis, lang: str, table: Table, margin: int) -> list[str]:
    """The analysis as lines: heading, who the attack is, the value, each trick's cards with their cost, the deal
    as played."""
    lines = [word("heading", lang, first=a.first_trick, last=a.tricks), attack_line(a, lang, table),
             value_line(a, lang, margin)]
    colon = catalogs.text("common", "punct", "colon", lang)
    trick = 0
    for c in a.cards:
        if c.trick != trick:
            trick = c.trick
            lines.append(word("trick", lang, trick=trick))
        lines.append(catalogs.typeset(f"  {table.seat_name(c.seat, lang)}{colon}{cost_line(c, lang)}", lang))
    lines.append(played_line(a, lang))
    return lines


def view(a: DealAnalysis, lang: str, table: Table, margin: int) -> dict[str, Any]:
    """The analysis as JSON data for the browser: the value series, each card's cost and words."""
    return {
        "deal": a.deal + 1,
        "taker": a.taker,  # named by the page as its seats show it
        "taker_name": table.seat_name(a.taker, lang),  # ("Joueur 2": where the page has no names)
        "partner": a.partner,  # at five, the called card's holder; None when the taker is alone
        "partner_name": None if a.partner is None else table.seat_name(a.partner, lang),
        "contract": a.contract,
        "contract_name": catalogs.text("tarot", "words", a.contract, lang),  # "Garde"
        "first_trick": a.first_trick,
        "tricks": a.tricks,
        "value": float(a.start.attack_points),
        "margin": margin,
        "summary": value_line(a, lang, margin),
        "played": played_line(a, lang),
        "series": [float(x) for x in a.series()],
        "needed": a.needed_series(),  # the target by the bouts held, point by point (a dashed line)
        "cards": [{"trick": c.trick, "seat": c.seat, "seat_name": table.seat_name(c.seat, lang), "card": c.card,
                   "attack": c.attack, "cost": float(c.cost), "after": float(c.after.attack_points),
                   "text": cost_line(c, lang)} for c in a.cards],
        "labels": {k: word(k, lang, deal=a.deal + 1, first=a.first_trick, last=a.tricks)
                   for k in ("plot_title", "plot_x_tricks", "plot_y", "plot_needed", "plot_cost", "cards_hint", "scope",
                             "back_to_list")},
        "trick_names": {c.trick: word("trick", lang, trick=c.trick) for c in a.cards},  # "Pli 14": the list's headings
    }


__all__ = ["attack_line", "cost_line", "describe", "played_line", "points", "value_line", "view", "word"]
