"""Dealing Tarot (§3): random deals from a seeded generator, and explicit deals checked card by card.

A deal is ``{"hands": [[codes] x players], "talon": [codes]}``: 24, 18 or 15 cards a hand, a talon
of 6, 6 or 3 (seed 001). Random deals partition a uniformly shuffled pack; every legal dealing
procedure of the seed (packets of three, talon cards never among the first or last three) gives
the same law over deals, so the spec (§3 note) lets an engine do just that.

>>> import random
>>> hands, talon, deal = random_deal(random.Random(1), 4)
>>> [h.bit_count() for h in hands], talon.bit_count(), len(deal["talon"])
([18, 18, 18, 18], 6, 6)
"""

from __future__ import annotations

import random
from typing import Any

from atout.core.cards import CARDS, Card
from atout.core.errors import NotationError, RecordError, clip
from atout.games.tarot.rules import HAND_SIZE, TALON_SIZE

_PACK = range(78)
_CODE = tuple(c.code for c in CARDS)


def random_deal(rng: random.Random, players: int) -> tuple[list[int], int, dict[str, Any]]:
    """(hand masks, talon mask, the deal as card codes) from a uniformly shuffled pack.

    The shuffle sorts the 78 cards by independent uniform keys (twice as fast as ``shuffle``).
    """
    rnd = rng.random
    keys = [rnd() for _ in _PACK]
    pack = sorted(_PACK, key=keys.__getitem__)
    size = HAND_SIZE[players]
    groups = [sorted(pack[s * size:(s + 1) * size]) for s in range(players)]
    groups.append(sorted(pack[players * size:]))
    masks = []
    for group in groups:
        m = 0
        for c in group:
            m |= 1 << c
        masks.append(m)
    code = _CODE
    deal = {"hands": [[code[c] for c in g] for g in groups[:players]], "talon": [code[c] for c in groups[players]]}
    return masks[:players], masks[players], deal


def parse_deal(deal: Any, index: int, players: int) -> tuple[list[int], int]:
    """Check an explicit deal and return (hand masks, talon mask); RecordError names what is wrong."""
    size, tsize = HAND_SIZE[players], TALON_SIZE[players]
    where = f"deal {index}"
    if not isinstance(deal, dict):
        raise RecordError(f"{where}: a tarot deal is an object with 'hands' and 'talon', not {type(deal).__name__}",
                          "bad_deal", {"deal": index, "fields": ["hands", "talon"]})
    missing = {"hands", "talon"} - set(deal)
    unknown = set(deal) - {"hands", "talon"}
    if missing or unknown:
        what = f"lacks {', '.join(sorted(missing))}" if missing else f"has unknown key(s) {', '.join(sorted(unknown))}"
        raise RecordError(f"{where} {what} (expected 'hands' and 'talon')",
                          *(("deal_lacks", {"deal": index, "fields": sorted(missing)}) if missing
                            else ("deal_unknown_keys", {"deal": index, "keys": sorted(unknown)})))
    raw_hands = deal["hands"]
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        raise RecordError(f"{where}: 'hands' must be a list of {players} hands, got {clip(raw_hands)}", "hands_count",
                          {"deal": index, "hands": players})
    names = [f"hand {s}" for s in range(players)] + ["the talon"]
    owner: dict[int, str] = {}
    masks = []
    for name, group in zip(names, [*raw_hands, deal["talon"]], strict=True):
        if not isinstance(group, list):
            raise RecordError(f"{where}: {name} must be a list of card codes, not {clip(group)}", "bad_pile",
                              {"deal": index, **({"pile": "talon"} if name == "the talon"
                                                 else {"pile": "hand", "seat": int(name[5:])})})
        m = 0
        for code in group:
            try:
                c = Card.parse(code)
            except (NotationError, AttributeError) as exc:
                raise RecordError(f"{where}: {name}: {exc}", "bad_card",
                                  {"deal": index, "detail": str(exc)}) from None
            if c.id in owner:
                raise RecordError(f"{where}: {c.code} is dealt twice ({owner[c.id]} and {name})", "card_twice",
                                  {"deal": index, "card": c.code})
            owner[c.id] = name
            m |= 1 << c.id
        want = tsize if name == "the talon" else size
        if len(group) != want:
            raise RecordError(f"{where}: {name} has {len(group)} cards; at {players} players it needs {want} (seed 001)",
                              "wrong_size", {"deal": index, **({"pile": "talon"} if name == "the talon"
                                                               else {"pile": "hand", "seat": int(name[5:])}),
                                             "count": len(group), "want": want, "cite": "seed 001"})
        masks.append(m)
    return masks[:players], masks[players]
