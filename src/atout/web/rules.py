"""The rules panel's data (issue 18, point 9): each suit's card order and the trump order, high to low, in
the game's real order (its ``card_strength``: La Triomphe's King above the Ace, l'As qui pille's Ace on top,
the 1637 orders), and the game's rules summary in the table's language.

>>> rules_data("triomphe", "fr", 4, "as_qui_pille")["card_order"][0]["cards"][:3]
['A♠', 'R♠', 'D♠']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from atout import present
from atout.core.cards import Card
from atout.core.packs import packs_used_by
from atout.core.protocol import game_info, new_game
from atout.present import catalogs


@lru_cache(maxsize=256)  # the same for every table of a game, size and variant: built once
def rules_data(game: str, lang: str, players: int | None = None, variant: str | None = None) -> dict[str, Any]:
    """``{"card_order": [{"suit", "cards", "names"}], "trump_order": [...], "trump_names": [...], "excuse": str|None,
    "summary": markdown}`` for ``game`` (its default table when ``players``/``variant`` are None).

    Raises ValueError (an unknown game, a table size or variant the game has not).
    """
    state = new_game(game, players=players, variant=variant, seed=0)
    packs = [p for p in packs_used_by(state.game_name) if not p.italian] or packs_used_by(state.game_name)
    cards: list[Card] = packs[0].cards if packs else []
    suits: dict[int, list[Card]] = {}
    trumps: list[Card] = []
    excuse: Card | None = None
    for c in cards:
        if c.is_excuse:
            excuse = c
        elif c.is_trump:
            trumps.append(c)
        else:
            suits.setdefault(int(c.suit or 0), []).append(c)
    pack = packs[0] if packs else None

    def name(c: Card) -> str:
        try:
            return pack.display(c, lang) if pack is not None else present.card_name(c, lang)
        except (KeyError, ValueError, IndexError):
            return present.card_name(c, lang)

    order = []
    for suit, group in sorted(suits.items()):
        ranked = sorted(group, key=state.card_strength, reverse=True)
        styled = pack.style.suits.get(lang) if pack is not None else None
        word = styled[suit] if styled else catalogs.text("common", "words", "SHDC"[suit], lang)
        order.append({"suit": word[:1].upper() + word[1:], "cards": [present.short(c, lang) for c in ranked],
                      "names": [name(c) for c in ranked]})
    ranked_trumps = sorted(trumps, key=state.card_strength, reverse=True)
    info = game_info(state.game_name)
    return {
        "game": state.game_name, "players": state.players, "variant": state.variant,
        "card_order": order,
        "trump_order": [present.short(c, lang) for c in ranked_trumps],
        "trump_names": [name(c) for c in ranked_trumps],
        "excuse": name(excuse) if excuse is not None else None,
        "summary": info.rules_text(lang),
    }

