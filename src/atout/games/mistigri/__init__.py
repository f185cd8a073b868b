"""Mistigri, also Cascaret or Pamphile: Boussac's 1896 game of chips, pool and bêtes (seed 003).

Each coup the dealer stakes six chips; each of the five tricks takes a sixth of the pool, the
Mistigri's (the Jack of clubs, top trump) two; a player who goes in and takes no trick is *bête*
(he pays the pool's amount into the next one). ``deals=N`` plays N coups, ``deals=None`` the
``tours`` complete rounds of the deal; then the pool is emptied (D16) so that the chips add up.

>>> import atout
>>> g = atout.new_game("cascaret", players=4, seed=3, dealer=0)
>>> g.game_name, g.phase, g.current_player, g.pool
('mistigri', 'speaking', 1, 6)
>>> while not g.is_terminal():
...     g.apply(g.legal_actions()[0])
>>> sum(g.returns()), g.chips_in_play()
(0, 120)
"""

from __future__ import annotations

from typing import Any

from atout.core.options import build_rules
from atout.core.protocol import GameInfo, packaged_rules_text, register
from atout.games.mistigri.chips import Payout, share_pool
from atout.games.mistigri.rules import PLAYER_COUNTS, VARIANT_HELP, MistigriRules, is_lanturlu
from atout.games.mistigri.state import MistigriState

__all__ = ["MistigriRules", "MistigriState", "Payout", "is_lanturlu", "make", "share_pool"]


def make(
    players: int,
    variant: str,
    seed: int | None = None,
    deal: Any = None,
    dealer: int | None = None,
    deals: int | None = 1,
    **options: Any,
) -> MistigriState:
    """Create a Mistigri match (see :func:`atout.new_game`): one coup unless ``deals=N`` (or None: ``tours``)."""
    rules = build_rules(MistigriRules, "Mistigri", options, players=players)  # names and types checked
    return MistigriState(rules, variant, seed=seed, deal=deal, dealer=dealer, deals=deals)


def rules_text(lang: str = "fr") -> str:
    """The rules summary shipped with the package, in French or English."""
    return packaged_rules_text(__package__, lang)


INFO = register(
    GameInfo(
        name="mistigri",
        title="Mistigri (Cascaret, Pamphile)",
        player_counts=PLAYER_COUNTS,
        default_variant="boussac",
        default_players=4,
        factory=make,
        variant_help=VARIANT_HELP,
        rules_text=rules_text,
        aliases=("cascaret", "pamphile"),
        rules=MistigriRules,
    )
)
