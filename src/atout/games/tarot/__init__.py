"""French Tarot for 3, 4 and 5 players: the seed text (seed 001) and the official FFT rules.

>>> import atout
>>> g = atout.new_game("tarot", players=4, variant="fft", seed=2, dealer=3)
>>> g.phase, g.current_player
('bidding', 0)
>>> while not g.is_terminal():
...     g.apply(g.legal_actions()[-1])
>>> sum(g.returns())
Fraction(0, 1)
"""

from __future__ import annotations

from typing import Any

from atout.core.options import build_rules
from atout.core.protocol import GameInfo, packaged_rules_text, register
from atout.games.tarot.rules import PLAYER_COUNTS, VARIANT_HELP, TarotRules
from atout.games.tarot.scoring import score_deal
from atout.games.tarot.state import TarotState

__all__ = ["TarotRules", "TarotState", "make", "score_deal"]


def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int | None = 1,
    redeal_void: bool = False,
    **options: Any,
) -> TarotState:
    """Create a Tarot match (see :func:`atout.new_game`): one deal unless ``deals=N``; with ``redeal_void``, a deal
    everybody passed is dealt again without counting among them (the tables' matches)."""
    # Options checked by name and type against TarotRules; no cache that could remember a bad call.
    rules = build_rules(TarotRules, "Tarot", options, players=players, variant=variant)
    return TarotState(rules, seed=seed, deal=deal, dealer=dealer, deals=1 if deals is None else deals,
                      redeal_void=redeal_void)


def rules_text(lang: str = "fr") -> str:
    """The rules summary shipped with the package, in French or English."""
    return packaged_rules_text(__package__, lang)


INFO = register(
    GameInfo(
        name="tarot",
        title="Tarot",
        player_counts=PLAYER_COUNTS,
        default_variant="seed",
        default_players=4,
        factory=make,
        variant_help=VARIANT_HELP,
        rules_text=rules_text,
        rules=TarotRules,
    )
)
