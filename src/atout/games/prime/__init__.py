"""La Prime (Primero), after seed 004: two cards, a bet, four cards, and flux > 55 > prime > point.

``evaluate(cards)`` ranks a four-card hand; the game itself is ``atout.new_game("prime", …)``.

>>> import atout
>>> from atout.games.prime import evaluate
>>> evaluate("7H 6S AD 5C")
HandValue(category=<Category.PRIME: 2>, value=70)
>>> atout.new_game("prime", players=4, variant="societe", seed=3).rules.partnerships
True
"""

from __future__ import annotations

from typing import Any

from atout.core.options import build_rules, check_int
from atout.core.protocol import MAX_DEALS, GameInfo, packaged_rules_text, register
from atout.games.prime.evaluate import Category, HandValue, card_value, evaluate
from atout.games.prime.rules import PLAYER_COUNTS, VARIANT_HELP, VARIANTS, PrimeRules
from atout.games.prime.state import PrimeState

__all__ = ["Category", "HandValue", "PrimeRules", "PrimeState", "card_value", "evaluate", "make"]

def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int = 1,
    coups: int | None = None,
    **options: Any,
) -> PrimeState:
    """Create a match of La Prime (see :func:`atout.new_game`); ``coups`` is a synonym of ``deals`` (D12)."""
    rules = build_rules(PrimeRules, "La Prime", options, preset=VARIANTS[variant], players=players)
    if coups is not None:
        deals = check_int("coups", coups, minimum=1, maximum=MAX_DEALS)  # the cap new_game sets on deals
    return PrimeState(rules, variant, seed=seed, deal=deal, dealer=dealer, deals=deals)


def rules_text(lang: str = "fr") -> str:
    """The rules summary shipped with the package, in French or English."""
    return packaged_rules_text(__package__, lang)


INFO = register(
    GameInfo(
        name="prime",
        title="La Prime",
        player_counts=PLAYER_COUNTS,
        default_variant="chacun_pour_soi",
        default_players=4,
        factory=make,
        variant_help=VARIANT_HELP,
        rules_text=rules_text,
        rules=PrimeRules,
    )
)
