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

from dataclasses import fields
from typing import Any

from atout.core.protocol import GameInfo, check_options, packaged_rules_text, register
from atout.games.tarot.rules import PLAYER_COUNTS, VARIANT_HELP, TarotRules
from atout.games.tarot.scoring import score_deal
from atout.games.tarot.state import TarotState

__all__ = ["TarotRules", "TarotState", "make", "score_deal"]

_RULE_FIELDS = {f.name for f in fields(TarotRules)} - {"players", "variant"}
_RULES_CACHE: dict[tuple[Any, ...], TarotRules] = {}  # rules are frozen: one instance per option set


def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int | None = 1,
    **options: Any,
) -> TarotState:
    """Create a Tarot match (see :func:`atout.new_game`): one deal unless ``deals=N``."""
    check_options("Tarot", options, _RULE_FIELDS)
    key = (players, variant, *sorted((k, type(v).__name__, v) for k, v in options.items()))
    try:
        rules = _RULES_CACHE[key]
    except KeyError:
        rules = _RULES_CACHE[key] = TarotRules(players=players, variant=variant, **options)
    except TypeError:  # an unhashable option value: let the dataclass say what is wrong with it
        rules = TarotRules(players=players, variant=variant, **options)
    return TarotState(rules, seed=seed, deal=deal, dealer=dealer, deals=1 if deals is None else deals)


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
    )
)
