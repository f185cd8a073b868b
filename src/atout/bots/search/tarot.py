"""Worlds for French Tarot: the unseen cards dealt consistently with what one seat observed.

What the seat knows (seed 001, and the view rules of ``games/tarot/view.py``): its hand, every card
played, the talon once shown (Prise/Pousse/Garde), trumps laid in the écart, poignées shown, the
called card, and — the taker — his own écart. Play shows voids: a seat that did not follow has no card
of the suit led; one that neither followed nor trumped has no trump; one that trumped under the best
trump has none above it (§9.1, "monter"). The écart holds no King, no oudler, and trumps only when
shown (§6). The replay in :func:`atout.bots.search.rebuild` checks everything else.
"""

from __future__ import annotations

import random
from typing import Any

from atout.bots.search import register_sampler
from atout.bots.search.worlds import assign, codes_mask, plays_in_history
from atout.core.cards import Card
from atout.core.cardset import codes, mask
from atout.core.protocol import Observation
from atout.games.tarot.rules import ABOVE, EXCUSE, HAND_SIZE, KINGS, OUDLERS, SUIT_MASKS, TALON_SIZE, TRUMPS

ALL = (1 << 78) - 1
ECART_OK = ALL & ~KINGS & ~OUDLERS & ~TRUMPS  # unseen écart cards: plain cards but Kings (§6)


def voids(tricks: list[tuple[int, list[int]]], players: int) -> list[int]:
    """Per seat, the cards it cannot hold any more, from the tricks ``(leader, card ids)`` it played in."""
    out = [0] * players
    for leader, cards in tricks:
        led = -1
        best_trump = -1
        for i, c in enumerate(cards):
            seat = (leader + i) % players
            if c == EXCUSE:
                continue  # the Excuse may be played at any time: it shows nothing
            suit = c // 14 if c < 56 else 4
            if led < 0:
                led = suit
            elif suit != led:
                if led < 4:
                    out[seat] |= SUIT_MASKS[led]  # did not follow: void in the suit led
                if suit != 4:
                    out[seat] |= TRUMPS  # neither followed nor trumped: no trump either
                elif best_trump >= 0 and c < best_trump:
                    out[seat] |= ABOVE[best_trump]  # trumped under: nothing higher (must overtrump)
            elif suit == 4 and best_trump >= 0 and c < best_trump:
                out[seat] |= ABOVE[best_trump]
            if suit == 4:
                best_trump = max(best_trump, c)
    return out


def _discard_count(text: str) -> int:
    """How many cards a ``discard`` entry of the history lays aside: ``discard (1 hidden)`` or named."""
    words = text.split()
    if len(words) == 3 and words[1].startswith("("):
        return int(words[1][1:])
    return len(words) - 1


def sample(obs: Observation, rng: random.Random) -> tuple[dict[str, Any], dict[int, str]] | None:
    """A deal consistent with ``obs`` and the texts of the hidden écart, or None."""
    pub = obs.public
    n = int(obs.rules["players"])
    me = obs.seat
    hand = mask(obs.hand)
    played_by = plays_in_history(obs.history, n)
    played = 0
    for m in played_by:
        played |= m
    taker = pub["taker"]
    talon_size = TALON_SIZE[n]
    talon_shown = codes_mask(pub["talon"]) if pub["talon"] is not None else 0
    # The écart is laid one card at a time ("discard (1 hidden)" each), or all at once in old records.
    discard_at = [(i, _discard_count(a)) for i, (s, a) in enumerate(obs.history) if a.startswith("discard")]
    laid = sum(k for _, k in discard_at)  # cards laid aside so far (the écart may still be partial)
    ecart_done = bool(discard_at)
    my_ecart = codes_mask(pub.get("my_ecart") or [])
    ecart_trumps = codes_mask(pub["ecart_trumps"])
    tricks = [(t["leader"], [Card.parse(c).id for c in t["cards"]]) for t in pub["tricks"]]
    if pub["trick"]:
        tricks.append((pub["trick"][0][0], [Card.parse(c).id for _, c in pub["trick"]]))
    void = voids(tricks, n)

    # Places: each other seat's hand, then the pile (the talon face down, or the écart).
    others = [s for s in range(n) if s != me]
    sizes = pub["hand_sizes"]
    fixed = [0] * n
    for a in pub["announcements"]:
        shown = codes_mask(a["cards"]) & ~played
        if a["seat"] != me:
            fixed[a["seat"]] |= shown  # a poignée's trumps stay in the hand that showed them
    pile_size, pile_fixed, pile_allowed = 0, 0, ALL
    if talon_shown and ecart_done:
        pile_size = laid
        if me == taker:
            pile_fixed = my_ecart
        else:
            pile_fixed, pile_allowed = ecart_trumps, ECART_OK
    elif not talon_shown:
        pile_size = talon_size  # the talon, unseen (not yet taken, or Garde sans / Garde contre)
    known_places = hand | played | pile_fixed
    for s in others:
        known_places |= fixed[s]
    unseen = ALL & ~known_places
    capacity = [sizes[s] - fixed[s].bit_count() for s in others] + [pile_size - pile_fixed.bit_count()]
    for a in pub["announcements"]:
        if "EX" in a["cards"] and a["seat"] != me:
            # Seed 001 §7: "S'il montre l'Excuse, cela signifie qu'il a montré tous les atouts qu'il possédait".
            void[a["seat"]] |= TRUMPS
    allowed = [ALL & ~void[s] for s in others] + [pile_allowed]
    if talon_shown and me != taker:
        # The shown talon's cards not played are with the taker, in his hand or his écart.
        for k, s in enumerate(others):
            if s != taker:
                allowed[k] &= ~talon_shown
    called = Card.parse(pub["called"]).id if pub["called"] else -1
    if called >= 0 and obs.rules["variant"] == "seed" and taker in others and not talon_shown >> called & 1:
        allowed[others.index(taker)] &= ~(1 << called)  # D9: the taker calls a card he does not hold
    cards = [c for c in range(78) if unseen >> c & 1]
    dealt = assign(cards, capacity, allowed, rng)
    if dealt is None:
        return None
    current = [0] * n
    current[me] = hand
    for k, s in enumerate(others):
        current[s] = dealt[k] | fixed[s]
    pile = dealt[-1] | pile_fixed
    initial = [current[s] | played_by[s] for s in range(n)]
    fills: dict[int, str] = {}
    if talon_shown:
        talon = talon_shown
        if taker >= 0:
            initial[taker] = (initial[taker] | (pile if ecart_done else 0)) & ~talon_shown
        if ecart_done and me != taker:
            pile_codes = codes(pile)  # any order: each prefix of a legal écart can be completed (§6)
            for i, k in discard_at:
                fills[i] = "discard " + " ".join(pile_codes[:k])
                pile_codes = pile_codes[k:]
    else:
        talon = pile
    if any(h.bit_count() != HAND_SIZE[n] for h in initial) or talon.bit_count() != talon_size:
        return None
    return {"hands": [codes(h) for h in initial], "talon": codes(talon)}, fills


register_sampler("tarot", sample)
