"""Worlds for the tarot of 1637: the unseen cards dealt consistently with what one seat observed.

What the seat knows (seed 000; spec tarot-1637.md): its hand and its own discard, every card played
(the Mort's too, with two players, §11), the cards shown (a Tarot at the bottom of the dealer's cards,
or in his first packet in the manuscript, D3; the cards proving each declaration, §6), who declared
what and the marques paid. Play shows voids (D11): a player who did not follow has no card of the suit
led, one who neither followed nor played a triomphe has no trump (the Mat may be played at any time and
shows nothing). Discards hold no Tarot nor triomphe (§5, D4). A player's declarations are judged on his
twenty cards (D6): a world must give each player who opened his window exactly what he declared (or
more, when he closed it with ``done``), the declaration values paid and the cards shown. The Mort's
cards come out in a random order fixed at the deal: its first card is set aside unseen.

>>> import random, atout
>>> g = atout.new_game("tarot1637", players=3, seed=3)
>>> deal, fills = sample(g.observation(g.current_player), random.Random(1))
>>> sorted(len(h) for h in deal["hands"])
[21, 21, 24]
"""

from __future__ import annotations

import random
from typing import Any

from atout.bots.search import register_sampler
from atout.bots.search.worlds import assign
from atout.core.cards import Card
from atout.core.cardset import codes, mask
from atout.core.protocol import Observation
from atout.games.tarot1637 import marques as M
from atout.games.tarot1637.rules import (
    KEY_TAROTS,
    MAT,
    PACK,
    SUIT_MASKS,
    SUIT_OF,
    TAROTS,
    TRIOMPHES,
    TRUMPS,
    UNDISCARDABLE,
)

MORT = -1
TRIES = 150  # dealings tried before giving up on a sample (the declarations are exacting)
BELLE_BIT = M.BELLE_BIT
# The cards a declaration may show (its proof, §6), by item.
MAY_SHOW: dict[str, int] = {
    "rois": TAROTS | BELLE_BIT,
    "monde_mat_bagat": KEY_TAROTS,
    "triomphes": TRIOMPHES,
    "qui_n_a_le_sien": KEY_TAROTS,
    "brizigole_hautes": sum(M._HIGH_RUN[:6]),
    "brizigole_basses": sum(M._LOW_RUN[:6]),
    **{item: M._HONOURS & SUIT_MASKS[s] for item, s in M._SUIT_ITEMS.items()},
    **M._RANK_ITEMS,
}
# Declarations that show every card of a kind the hand holds: the unshown ones are not in that hand.
SHOWS_ALL: dict[str, int] = {"rois": TAROTS, "triomphes": TRIOMPHES, "qui_n_a_le_sien": KEY_TAROTS}
# Declarations whose cards are fixed: they are in the declarer's hand (or already played by him).
FIXED = {"monde_mat_bagat": KEY_TAROTS, **{i: M._HONOURS & SUIT_MASKS[s] for i, s in M._SUIT_ITEMS.items()},
         **M._RANK_ITEMS}


def voids(tricks: list[list[tuple[int, int]]], players: int) -> list[int]:
    """Per live seat, the cards it cannot hold, from the tricks (lists of ``(seat, card id)``) played (D11)."""
    out = [0] * players
    for trick in tricks:
        led = -1
        for seat, c in trick:
            if c == MAT:
                continue  # the Mat may be played at any turn: it shows nothing
            suit = SUIT_OF[c]
            if led < 0:
                led = suit
                continue
            if seat == MORT or suit == led:
                continue  # the Mort's cards are drawn at random
            if led < 4:
                out[seat] |= SUIT_MASKS[led]  # did not follow
            if suit != 4:
                out[seat] |= TRUMPS  # nor played a triomphe
    return out


def _seat_cards(obs: Observation, n: int) -> tuple[list[list[tuple[int, int]]], list[int], list[int]]:
    """The tricks as ``(seat, id)`` lists (the current one last), each live seat's cards played, the Mort's."""
    pub = obs.public
    tricks = [[(s, Card.parse(c).id) for s, c in t["cards"]] for t in pub["tricks"]]
    if pub["trick"]:
        tricks.append([(s, Card.parse(c).id) for s, c in pub["trick"]])
    played = [0] * n
    mort: list[int] = []
    for t in tricks:
        for s, c in t:
            if s == MORT:
                mort.append(c)
            else:
                played[s] |= 1 << c
    return tricks, played, mort


def sample(obs: Observation, rng: random.Random) -> tuple[dict[str, Any], dict[int, str]] | None:
    """A deal consistent with ``obs`` (hands, the dealer's order, the Mort) and the others' hidden discards."""
    pub = obs.public
    n = int(obs.rules["players"])
    me, dealer = obs.seat, int(pub["dealer"])
    hand = mask(obs.hand)
    tricks, played, mort_played = _seat_cards(obs, n)
    void = voids(tricks, n)
    my_discard = mask(Card.parse(c).id for c in pub["discard"])
    face_up = mask(Card.parse(c).id for c in pub["discards_face_up"])
    if face_up & ~my_discard:
        return None  # another's forced face-up discard (D4, nearly never): not modelled
    shown = mask(Card.parse(c).id for c in pub["shown"])
    all_played = mask(mort_played)
    for m in played:
        all_played |= m
    discard_at: dict[int, list[int]] = {}
    for i, (s, text) in enumerate(obs.history):
        if s != me and text.startswith("discard"):
            discard_at.setdefault(s, []).append(i)
    closed_with_done = {s for s, text in obs.history if text == "done"}
    declared: list[list[str]] = [list(d) for d in pub["declared"]]
    others = [s for s in range(n) if s != me]
    bonus = {p["reason"] for p in pub["payments"] if p["reason"] in ("bottom_card", "first_packet")}

    # Places: each other seat's hand, each other seat's discard, the Mort (its card set aside and those to come).
    fixed = [0] * n
    allowed = [PACK] * n
    for s in others:
        allowed[s] = PACK & ~void[s]
        for item in declared[s]:
            fixed[s] |= FIXED.get(item, 0) & ~played[s]
            allowed[s] &= ~(SHOWS_ALL.get(item, 0) & ~shown)
    unseen_shown = shown & ~hand & ~all_played
    for c in range(78):
        if unseen_shown >> c & 1:
            owners = [s for s in others if any(MAY_SHOW[i] >> c & 1 for i in declared[s])
                      or (s == dealer and bonus and TAROTS >> c & 1)]
            for s in others:
                if s not in owners:
                    allowed[s] &= ~(1 << c)
    known = hand | my_discard | all_played
    for s in others:
        known |= fixed[s]
    unseen = [c for c in range(78) if PACK >> c & 1 and not known >> c & 1]
    sizes = pub["hand_sizes"]
    capacity = [sizes[s] - fixed[s].bit_count() for s in others]
    slots = [allowed[s] for s in others]
    capacity += [len(discard_at.get(s, [])) for s in others]
    slots += [PACK & ~UNDISCARDABLE & ~shown] * len(others)
    mort_size = (1 + int(pub["mort_left"])) if n == 2 else 0
    capacity.append(mort_size)
    slots.append(PACK & ~shown)
    if sum(capacity) != len(unseen) or any(c < 0 for c in capacity):
        return None
    k = len(others)
    for _ in range(TRIES):
        dealt = assign(unseen, capacity, slots, rng, tries=4)
        if dealt is None:
            continue
        hands20 = [0] * n
        discards = [0] * n
        hands20[me] = hand | played[me]
        discards[me] = my_discard
        for j, s in enumerate(others):
            hands20[s] = dealt[j] | fixed[s] | played[s]
            discards[s] = dealt[k + j]
        order = _dealer_order(obs, dealer, hands20[dealer] | discards[dealer], bonus, declared[dealer], rng)
        if order is None or not _declarations_fit(obs, hands20, declared, closed_with_done, order[1], shown):
            continue
        hands = [codes(hands20[s] | discards[s]) for s in range(n)]
        hands[dealer] = [Card(c).code for c in order[0]]
        deal: dict[str, Any] = {"hands": hands}
        if n == 2:
            rest = [c for c in range(78) if dealt[-1] >> c & 1]
            rng.shuffle(rest)
            deal["mort"] = [Card(c).code for c in [rest[0], *mort_played, *rest[1:]]]
        fills: dict[int, str] = {}
        for s, at in discard_at.items():
            cards = [c for c in range(78) if discards[s] >> c & 1]
            rng.shuffle(cards)
            for i, c in zip(at, cards, strict=True):
                fills[i] = f"discard {Card(c).code}"
        return deal, fills
    return None


def _dealer_order(obs: Observation, dealer: int, cards: int, bonus: set[str], declared: list[str],
                  rng: random.Random) -> tuple[list[int], int] | None:
    """The dealer's 24 cards in the order received, and the Tarots his bottom card or first packet showed.

    Printed: the bottom card (the last) is a Tarot exactly when it was paid; manuscript: the first
    packet (3 or 5 cards) holds Tarots exactly when it was paid, and they are shown (D3).
    """
    ids = [c for c in range(78) if cards >> c & 1]
    rng.shuffle(ids)
    shown = mask(Card.parse(c).id for c in obs.public["shown"])
    explained = 0
    for item in declared:
        explained |= M.declaration_cards(item, cards)
    tarots = [c for c in ids if TAROTS >> c & 1]
    plain = [c for c in ids if not TAROTS >> c & 1]
    mine_shown = [c for c in tarots if shown >> c & 1]
    if obs.rules["variant"] == "manuscript":
        packet_size = int(obs.rules.get("deal_packets", 3))
        if "first_packet" in bonus:
            packet = [c for c in mine_shown if not explained >> c & 1] or mine_shown[:1]
            if not packet or len(packet) > packet_size:
                return None
        else:
            packet = []
        packet += plain[: packet_size - len(packet)]
        rest = [c for c in ids if c not in packet]
        return packet + rest, mask(c for c in packet if TAROTS >> c & 1)
    if "bottom_card" in bonus:
        pick = [c for c in mine_shown if not explained >> c & 1] or mine_shown[:1]
        if not pick:
            return None
        bottom = pick[0]
        return [c for c in ids if c != bottom] + [bottom], 1 << bottom
    bottom = plain[0]
    return [c for c in ids if c != bottom] + [bottom], 0


def _declarations_fit(obs: Observation, hands20: list[int], declared: list[list[str]], closed: set[int],
                      bonus_shown: int, shown: int) -> bool:
    """Whether the twenty-card hands make the same declarations, values, payers and shown cards (§6, D6)."""
    pub = obs.public
    n = len(hands20)
    world_shown = bonus_shown
    for s in range(n):
        if not pub["declarations_done"][s] and not declared[s]:
            continue
        eligible = set(M.eligible_items(hands20[s]))
        if not set(declared[s]) <= eligible:
            return False
        if pub["declarations_done"][s] and s not in closed and eligible != set(declared[s]):
            return False
        if s in closed and eligible == set(declared[s]):
            return False  # "done" closed a window with something still open
        for item in declared[s]:
            world_shown |= M.declaration_cards(item, hands20[s])
    if world_shown != shown:
        return False
    for p in pub["payments"]:
        if p["reason"] != "declaration":
            continue
        s, item, row = p["seat"], p["item"], p["row"]
        if item == "qui_n_a_le_sien":
            payer = M.sien_payer(s, hands20)
            if row != ([0] * n if payer is None else M.row_between(payer, s, 1, n)):
                return False
        elif row[s] != M.declaration_value(item, hands20[s]) * (n - 1):
            return False
    return True


register_sampler("tarot1637", sample)
