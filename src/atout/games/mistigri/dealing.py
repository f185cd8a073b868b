"""Dealing a coup of Mistigri: two then three cards each, the fille just before the dealer, the retourne.

Seed 003: "La distribution se fait deux par deux à la première donnée, et trois par trois à la
deuxième donnée. Le joueur placé à la droite du donneur est servi le premier. [...] Le mort est servi
l'avant-dernier, c'est-à-dire immédiatement avant le donneur." Seats count to the right: seat ``d + 1``
is on the dealer ``d``'s right and speaks first (D2).

>>> import random
>>> d = shuffled_deal(new_pack(random.Random(1)), players=4, dealer=0)
>>> [h.bit_count() for h in d.hands], d.fille.bit_count(), len(d.talon)
([5, 5, 5, 5], 5, 6)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from atout.core.cards import Card
from atout.core.cardset import codes, mask
from atout.core.errors import NotationError, RecordError
from atout.core.packs import PIQUET32
from atout.games.mistigri.rules import HAND

PACKETS = (2, 3)  # seed 003: "deux par deux [...] et trois par trois"
FILLE = -1  # the dead hand's place among the receivers


@dataclass(frozen=True)
class Deal:
    """The cards of one coup: hands (bitmasks by seat), the fille, the retourne, the talon top first."""

    hands: tuple[int, ...]
    fille: int
    retourne: int
    talon: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [codes(h) for h in self.hands],
            "fille": codes(self.fille),
            "retourne": Card(self.retourne).code,
            "talon": [Card(c).code for c in self.talon],
        }


def receivers(players: int, dealer: int) -> list[int]:
    """Order of service: from the dealer's right, the fille just before the dealer."""
    return [(dealer + k) % players for k in range(1, players)] + [FILLE, dealer]


def shuffled_deal(pack: list[int], players: int, dealer: int) -> Deal:
    """Deal a shuffled pack (card ids, top first); the retourne is the first card after the deal (D3)."""
    order = receivers(players, dealer)
    got = {seat: 0 for seat in order}
    pos = 0
    for packet in PACKETS:
        for seat in order:
            got[seat] |= mask(pack[pos : pos + packet])
            pos += packet
    return Deal(tuple(got[s] for s in range(players)), got[FILLE], pack[pos], tuple(pack[pos + 1 :]))


def new_pack(rng: random.Random) -> list[int]:
    """The 32-card piquet pack shuffled by the state's seeded generator."""
    pack = [c.id for c in PIQUET32.cards]
    rng.shuffle(pack)
    return pack


def parse_deal(deal: Any, players: int) -> Deal:
    """Check an explicit deal: ``{"hands": [...], "fille": [...], "retourne": "X", "talon": [...]}``.

    ``talon`` (top first) may be left out of a hand-written case: the unused cards, in pack order.
    ``turnup``, ``stock`` and ``mort`` are accepted for ``retourne``, ``talon`` and ``fille``.
    """
    if not isinstance(deal, dict):
        raise RecordError(f"a Mistigri deal is an object with hands, fille, retourne, talon, not {type(deal).__name__}",
                          "bad_deal", {"fields": ["hands", "fille", "retourne", "talon"]})
    aliases = {"turnup": "retourne", "stock": "talon", "mort": "fille"}  # the other games' words
    deal = {aliases.get(k, k): v for k, v in deal.items()}
    missing = {"hands", "fille", "retourne"} - set(deal)
    if missing:
        raise RecordError(f"deal lacks {', '.join(sorted(missing))}", "deal_lacks", {"fields": sorted(missing)})
    raw = deal["hands"]
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError(f"deal needs {players} hands, got {raw!r:.60}", "hands_count", {"hands": players})
    try:
        hands = [[Card.parse(c) for c in h] for h in raw]
        fille = [Card.parse(c) for c in deal["fille"]]
        retourne = Card.parse(deal["retourne"])
        talon = [Card.parse(c) for c in deal.get("talon", [])]
    except (NotationError, TypeError, AttributeError) as exc:
        raise RecordError(f"bad card in deal: {exc}", "bad_card", {"detail": str(exc)}) from None
    seen: set[int] = set()
    for c in [c for h in hands for c in h] + fille + [retourne] + talon:
        if not PIQUET32.contains(c):
            raise RecordError(f"{c.code} is not in the 32-card piquet pack", "card_not_in_pack", {"card": c.code, "pack": 32})
        if c.id in seen:
            raise RecordError(f"{c.code} appears twice in the deal", "card_twice", {"card": c.code})
        seen.add(c.id)
    for who, h in [*((f"hand {s}", h) for s, h in enumerate(hands)), ("the fille", fille)]:
        if len(h) != HAND:
            raise RecordError(f"{who} has {len(h)} cards; each hand and the fille get five (seed 003)",
                              "wrong_size", {**({"pile": "fille"} if who == "the fille"
                                                else {"pile": "hand", "seat": int(who[5:])}),
                                             "count": len(h), "want": HAND, "cite": "seed 003"})
    expected = 32 - HAND * (players + 1) - 1
    if "talon" not in deal:
        talon = [c for c in PIQUET32.cards if c.id not in seen]
    if len(talon) != expected:
        raise RecordError(f"talon has {len(talon)} cards, expected {expected}", "wrong_size",
                          {"pile": "talon", "count": len(talon), "want": expected})
    return Deal(tuple(mask(h) for h in hands), mask(fille), retourne.id, tuple(c.id for c in talon))
