"""La Triomphe and its each-for-himself variant "l'As qui pille" (seed 002).

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=1)
>>> g.phase
'concession'
"""

from __future__ import annotations

from typing import Any

from atout.core.options import build_rules
from atout.core.protocol import GameInfo, packaged_rules_text, register
from atout.games.triomphe.rules import PLAYER_COUNTS, VARIANT_HELP, VARIANTS, TriompheRules
from atout.games.triomphe.state import TriompheState

__all__ = ["TriompheRules", "TriompheState", "make"]


def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int | None = 1,
    target: int | None = None,
    scores: list[int] | None = None,
    **options: Any,
) -> TriompheState:
    """Create a Triomphe match (see :func:`atout.new_game`)."""
    # Options checked by name and type against TriompheRules over the variant's preset (JSON lists
    # become tuples); deals, target, dealer and deal were checked by new_game, scores by the state.
    rules = build_rules(TriompheRules, "Triomphe", options, preset=VARIANTS[variant], players=players)
    if target is not None and deals == 1:
        deals = None  # a target asks for a match played until it is reached
    return TriompheState(rules, variant, seed=seed, deal=deal, dealer=dealer, deals=deals, target=target, scores=scores)


def rules_text(lang: str = "fr") -> str:
    """The rules summary shipped with the package, in French or English."""
    return packaged_rules_text(__package__, lang)


INFO = register(
    GameInfo(
        name="triomphe",
        title="La Triomphe",
        player_counts=PLAYER_COUNTS,
        default_variant="classic",
        default_players=2,
        factory=make,
        variant_help=VARIANT_HELP,
        rules_text=rules_text,
        rules=TriompheRules,
    )
)
