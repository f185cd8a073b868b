"""The tarot of 1637 ("Règles du jeu des tarots", Nevers 1637, attributed to the abbé de Marolles).

Three players each for himself (or two with the Mort, the dummy), the 66-card Italian-suited pack,
declarations, tribute and ransom of the seven Tarots, the count by threes against a par of 25; the
``manuscript`` variant follows Augustin Dupuy's handwritten addition. Seed 000; spec tarot-1637.md.

>>> import atout
>>> g = atout.new_game("tarot1637", seed=3)
>>> g.phase, len(g.observation(g.current_player).hand)
('discard', 21)
>>> while not g.is_terminal():
...     g.apply(g.legal_actions()[0])
>>> sum(g.returns())
0
"""

from __future__ import annotations

from typing import Any

from atout.core.options import build_rules
from atout.core.protocol import GameInfo, packaged_rules_text, register
from atout.games.tarot1637.rules import PLAYER_COUNTS, VARIANT_HELP, Tarot1637Rules
from atout.games.tarot1637.state import Tarot1637State

__all__ = ["Tarot1637Rules", "Tarot1637State", "make"]


def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int | None = 1,
    **options: Any,
) -> Tarot1637State:
    """Create a 1637 tarot match (see :func:`atout.new_game`): one deal unless ``deals=N`` (D15: 9)."""
    rules = build_rules(Tarot1637Rules, "tarot1637", options, players=players, variant=variant)
    return Tarot1637State(rules, seed=seed, deal=deal, dealer=dealer, deals=1 if deals is None else deals)


def rules_text(lang: str = "fr") -> str:
    """The rules summary shipped with the package, in French or English."""
    return packaged_rules_text(__package__, lang)


INFO = register(
    GameInfo(
        name="tarot1637",
        title="Tarot 1637 (Marolles)",
        player_counts=PLAYER_COUNTS,
        default_variant="printed",
        default_players=3,
        factory=make,
        variant_help=VARIANT_HELP,
        rules_text=rules_text,
        rules=Tarot1637Rules,
    )
)
