"""La Triomphe and its each-for-himself variant "l'As qui pille" (seed 002).

>>> import atout
>>> g = atout.new_game("triomphe", players=2, seed=1)
>>> g.phase
'concession'
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from atout.core.protocol import GameInfo, check_options, packaged_rules_text, register
from atout.games.triomphe.rules import PLAYER_COUNTS, VARIANT_HELP, VARIANTS, TriompheRules
from atout.games.triomphe.state import TriompheState

__all__ = ["TriompheRules", "TriompheState", "make"]

_RULE_FIELDS = {f.name for f in fields(TriompheRules)}


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
    check_options("Triomphe", options, _RULE_FIELDS - {"players"})
    preset: dict[str, Any] = {**VARIANTS[variant], **options, "players": players}
    if isinstance(preset.get("deal_packets"), list):
        preset["deal_packets"] = tuple(preset["deal_packets"])
    rules = TriompheRules(**preset)
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
    )
)
