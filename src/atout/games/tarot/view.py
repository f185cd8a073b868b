"""What a seat may see of a Tarot deal: known cards, the observation, representative écarts.

Kept apart from :mod:`state` so that the information rules sit in one place: a seat knows its
hand, every card played, the talon once shown (Prise/Pousse/Garde only), trumps shown in the
écart or in a poignée, and — the taker only — his own écart.

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> known_cards(g, 0) == g.hands[0]  # before the bidding: only one's hand
True
>>> sorted(observation(g, 0).public)[:4]
['announcements', 'bids', 'called', 'contract']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from atout.core.actions import Action
from atout.core.cards import CARDS
from atout.core.cardset import codes
from atout.core.protocol import Observation, Score, check_seat, json_number
from atout.games.tarot.actions import cards_action
from atout.games.tarot.rules import VALUE2, callable_cards, ecart_candidates

if TYPE_CHECKING:
    from atout.games.tarot.state import TarotState


def _row_json(row: list[Score] | None) -> list[int | float] | None:
    return None if row is None else [json_number(x) for x in row]


def known_cards(state: TarotState, seat: int) -> int:
    """Bitmask of every card whose location ``seat`` may know now, and of the cards named in public.

    Named cards: the called card at five (its holder stays unknown until it is played) and, for the
    taker choosing it, the cards he may call.
    """
    check_seat(state, seat)
    known = state.hands[seat] | state.played | state.ecart_trumps | state.showing
    if state.called >= 0:
        known |= 1 << state.called
    elif state.phase == "call" and seat == state.taker:
        known |= callable_cards(state.hands[seat], state.variant)
    for c in state.trick:
        known |= 1 << c
    for _, _, shown in state.announcements:
        known |= shown
    if state.talon_shown:
        known |= state.talon  # Prise/Pousse/Garde: "les montre aux autres joueurs" (seed 001)
    if seat == state.taker:
        known |= state.ecart  # his own écart; never shown to the others (seed 001)
    return known


def public_partner(state: TarotState) -> tuple[int | None, bool | None]:
    """(partner, taker_alone) as far as the table knows: revealed by play, by the talon, or at the end."""
    if state.called < 0:
        return None, None
    if state._phase == "over" or state.outcome is not None:
        return (state.partner if state.partner >= 0 else None), state.partner < 0
    if state.talon_shown and state.talon >> state.called & 1:
        return None, True  # the called card lies in the shown talon: he plays alone (§5)
    if state.partner_revealed:
        return (state.partner if state.partner >= 0 else None), state.partner < 0
    return None, None


def observation(state: TarotState, seat: int) -> Observation:
    """The :class:`Observation` of ``seat``: its hand, public facts and (its turn) its legal actions."""
    check_seat(state, seat)
    n = state.players
    partner, alone = public_partner(state)
    taker = state.taker if state.taker >= 0 else None
    outcome = state.outcome
    public: dict[str, Any] = {
        "variant": state.variant,
        "italian": state.rules.italian,  # display Italian suit names (see TarotState.card_name)
        "deal": state.deal_index,
        "deals": state.deals_limit,
        "dealer": state.dealer,
        "bids": [[s, w] for s, w in state.bids],
        "contract": state.contract,
        "taker": taker,
        "called": CARDS[state.called].code if state.called >= 0 else None,
        "partner": partner,
        "taker_alone": alone,
        "talon": codes(state.talon) if state.talon_shown else None,
        "ecart_trumps": codes(state.ecart_trumps),
        "announcements": [{"seat": s, "kind": k, "cards": codes(m)} for s, k, m in state.announcements],
        "slam_announced": state.slam_announced,
        "leader": state.leader,
        "trick": [[(state.leader + i) % n, CARDS[c].code] for i, c in enumerate(state.trick)],
        "tricks": [{"leader": lead, "cards": [CARDS[c].code for c in cards], "winner": w}
                   for lead, cards, w in state.history],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "scores": [json_number(x) for x in state.returns()],
        "last_row": _row_json(state.last_row()),  # the whole sheet is in the record; observations stay small
        "result": None if outcome is None else {
            "attack_points": json_number(outcome["attack_points"]),
            "attack_oudlers": outcome["attack_oudlers"],
            "petit_au_bout": outcome["petit_au_bout"],
            "slam": outcome["slam"],
            "row": [json_number(x) for x in state.log[-1].result or []],
        },
    }
    # A poignée being shown one card at a time (issue 11): its cards are public as they are shown.
    public["showing"] = {"seat": state.shower, "cards": codes(state.showing)} if state.shower >= 0 else None
    if seat == state.taker and state.ecart:
        public["my_ecart"] = codes(state.ecart)
    return state._observation(seat, state.hands[seat], public)


def ecart_representatives(hand: int, need: int) -> list[Action]:
    """A bounded, deterministic set of legal écarts (``apply`` accepts any legal one).

    The cheapest cards; cards of each suit first (to make a void); the shortest suits first; the
    most valuable cards (points kept by the attack). Sorted by card ids.
    """
    must, pool = ecart_candidates(hand, need)
    k = need - must.bit_count()
    pool_ids = [c for c in range(78) if pool >> c & 1]
    length = [(hand >> (14 * s) & 0x3FFF).bit_count() for s in range(4)]

    def suit(c: int) -> int:
        return c // 14 if c < 56 else 4

    keys = [
        lambda c: (VALUE2[c], c),
        lambda c: (-VALUE2[c], c),
        lambda c: (length[suit(c)] if c < 56 else 99, VALUE2[c], c),
    ]
    keys += [lambda c, s=s: (suit(c) != s, VALUE2[c], c) for s in range(4)]  # type: ignore[misc]
    found: set[tuple[int, ...]] = set()
    for key in keys:
        chosen = sorted(pool_ids, key=key)[:k]
        found.add(tuple(sorted([c for c in range(78) if must >> c & 1] + chosen)))
    return [cards_action("discard", list(ids)) for ids in sorted(found)]
