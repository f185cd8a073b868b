"""The words of a post-deal analysis (issue 20): the deal's value with every card seen, each card's cost.

Reads a :class:`atout.analysis.deal.DealAnalysis` (plain data: this layer does not import the solver) and
says it in the catalogs' language (``tarot`` domain, section ``analysis``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.present import catalogs, number
from atout.present.cards import card_name

if TYPE_CHECKING:
    from atout.analysis.deal import CardCost, DealAnalysis
    from atout.present import Table


def word(key: str, lang: str, **params: Any) -> str:
    """One message of the analysis, filled, spaced by the language's typography."""
    return catalogs.typeset(catalogs.text("tarot", "analysis", key, lang).format(**params), lang)


def points(x: Fraction | int, lang: str) -> str:
    """``14 points``, ``1,5 point`` (the catalog's plural for the number)."""
    return catalogs.text("common", "units", "points", lang, float(x)).format(n=number(x, lang))


def value_line(a: DealAnalysis, lang: str, margin: int) -> str:
    """``Toutes cartes vues, l'attaque fait 56 points : Garde réussie de 5.`` (from trick k when not the first)."""
    contract = catalogs.text("tarot", "words", a.contract, lang)
    result = word("made" if margin >= 0 else "failed", lang, n=abs(margin))
    key, extra = ("start", {}) if a.first_trick == 1 else ("start_from", {"trick": a.first_trick})
    return word(key, lang, points=points(a.start.attack_points, lang), contract=contract, result=result, **extra)


def cost_line(c: CardCost, lang: str) -> str:
    """``21 d'atout a coûté 14 points à l'attaque (mieux : …)`` or ``21 d'atout : rien perdu``."""
    card = card_name(c.card, lang)
    if c.card in c.best or c.cost <= 0:
        return word("no_loss", lang, card=card)
    line = word("cost_attack" if c.attack else "cost_defence", lang, card=card, points=points(c.cost, lang))
    better = catalogs.text("common", "punct", "comma", lang).join(card_name(b, lang) for b in c.best)
    return f"{line} ({word('better', lang, cards=better)})"


def describe(a: DealAnalysis, lang: str, table: Table, margin: int) -> list[str]:
    """The analysis as lines: heading, the value, each trick's cards with their cost, the deal as played."""
    lines = [word("heading", lang, first=a.first_trick, last=a.tricks), value_line(a, lang, margin)]
    colon = catalogs.text("common", "punct", "colon", lang)
    trick = 0
    for c in a.cards:
        if c.trick != trick:
            trick = c.trick
            lines.append(word("trick", lang, trick=trick))
        lines.append(catalogs.typeset(f"  {table.seat_name(c.seat, lang)}{colon}{cost_line(c, lang)}", lang))
    lines.append(word("played", lang, points=points(a.played_points, lang)))
    return lines


def view(a: DealAnalysis, lang: str, table: Table, margin: int) -> dict[str, Any]:
    """The analysis as JSON data for the browser: the value series, each card's cost and words."""
    return {
        "deal": a.deal + 1,
        "first_trick": a.first_trick,
        "tricks": a.tricks,
        "value": float(a.start.attack_points),
        "margin": margin,
        "summary": value_line(a, lang, margin),
        "played": word("played", lang, points=points(a.played_points, lang)),
        "series": [float(x) for x in a.series()],
        "cards": [{"trick": c.trick, "seat": c.seat, "seat_name": table.seat_name(c.seat, lang), "card": c.card,
                   "attack": c.attack, "cost": float(c.cost), "after": float(c.after.attack_points),
                   "text": cost_line(c, lang)} for c in a.cards],
        "labels": {k: word(k, lang, deal=a.deal + 1) for k in ("plot_title", "plot_x", "plot_y")},
    }


__all__ = ["cost_line", "describe", "points", "value_line", "view", "word"]
