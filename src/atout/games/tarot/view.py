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

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import codes
from atout.core.protocol import Observation, Score, check_seat, json_number
from atout.games.tarot.actions import cards_action
from atout.games.tarot.fields import TarotFields
from atout.games.tarot.rules import VALUE2, callable_cards, ecart_candidates, shown_codes
from atout.games.tarot.scoring import quarter_fraction


def _row_json(row: list[Score] | None) -> list[int | float] | None:
    return None if row is None else [json_number(x) for x in row]


def known_cards(state: TarotFields, seat: int) -> int:
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


def public_partner(state: TarotFields) -> tuple[int | None, bool | None]:
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


_KEYS = ("variant", "italian", "deal", "deals", "dealer", "bids", "contract", "taker", "called", "partner",
         "taker_alone", "talon", "ecart_trumps", "announcements", "slam_announced", "leader", "trick", "tricks",
         "hand_sizes", "scores", "last_row", "result", "showing")
_CODES = tuple(c.code for c in CARDS)


class TarotPublic(Mapping[str, Any]):
    """The public facts of an observation, built lazily: a search playout reads a few of them per step.

    The state's public fields are copied (ints and tuples) when the observation is made, so later play
    never changes it; the lists and dicts of the mapping are built on first reading. Besides the
    mapping, int-level copies serve fast bots: ``trick_ids`` (the cards of the trick, from ``leader``),
    ``tricks_ids`` (``(leader, cards, winner)`` per finished trick), ``played_mask`` (their cards),
    ``ecart_trumps_mask``, ``my_ecart_mask`` (0 but for the taker), ``called_id`` (-1: none),
    ``hand_sizes`` (a tuple), ``shower`` (the seat showing a poignée, -1: none), ``taker``, ``partner`` and
    ``taker_alone`` (as in the mapping).

    >>> import atout
    >>> pub = atout.new_game("tarot", players=4, seed=3).observation(0).public
    >>> pub["contract"], pub["tricks"], dict(pub) == {k: pub[k] for k in pub}
    (None, [], True)
    """

    __slots__ = ("_announcements", "_bids", "_last_row", "_result", "_showing", "_talon", "_totals4", "_values",
                 "called_id", "ecart_trumps_mask", "hand_sizes", "leader", "my_ecart_mask", "partner", "played_mask",
                 "shower", "taker", "taker_alone", "trick_ids", "tricks_ids")
    taker: int | None
    called_id: int
    partner: int | None
    taker_alone: bool | None
    leader: int
    trick_ids: tuple[int, ...]
    tricks_ids: tuple[tuple[int, tuple[int, ...], int], ...]
    played_mask: int
    ecart_trumps_mask: int
    my_ecart_mask: int
    hand_sizes: tuple[int, ...]
    shower: int
    _bids: tuple[tuple[int, str], ...]
    _talon: int
    _announcements: tuple[tuple[int, str, int], ...]
    _totals4: tuple[int, ...]
    _last_row: list[Score] | None
    _showing: int
    _result: dict[str, Any] | None
    _values: dict[str, Any]

    def __init__(self, state: TarotFields, seat: int) -> None:
        self.taker = taker = state.taker if state.taker >= 0 else None
        self.called_id = called = state.called
        self.partner, self.taker_alone = partner, alone = public_partner(state) if called >= 0 else (None, None)
        self.leader = leader = state.leader
        self.trick_ids = tuple(state.trick)
        self.tricks_ids = tuple(state.history)  # (leader, cards, winner): immutable tuples, shared with the state
        self.played_mask = state.played
        self.ecart_trumps_mask = state.ecart_trumps
        self.my_ecart_mask = state.ecart if seat == taker else 0  # his own écart; never the others'
        self.hand_sizes = tuple([h.bit_count() for h in state.hands])
        self._bids = tuple(state.bids)
        self._talon = state.talon if state.talon_shown else -1  # -1: not shown (never the hidden talon)
        self._announcements = tuple(state.announcements)
        self._totals4 = tuple(state.totals4)
        self._last_row = state.last_row()
        self.shower, self._showing = state.shower, state.showing
        outcome = state.outcome  # (only its public parts: its piles hold the écart)
        self._result = None if outcome is None else {
            "attack_points": json_number(outcome["attack_points"]),
            "attack_oudlers": outcome["attack_oudlers"],
            "petit_au_bout": outcome["petit_au_bout"],
            "slam": outcome["slam"],
            "row": tuple(json_number(x) for x in state.log[-1].result or []),
        }
        self._values: dict[str, Any] = {
            "variant": state.variant,
            "italian": state.rules.italian,  # display Italian suit names (see TarotState.card_name)
            "deal": state.deal_index,
            "deals": state.deals_limit,
            "dealer": state.dealer,
            "contract": state.contract,
            "taker": taker,
            "called": _CODES[called] if called >= 0 else None,
            "partner": partner,
            "taker_alone": alone,
            "slam_announced": state.slam_announced,
            "leader": leader,
        }

    def _trick(self) -> list[list[Any]]:
        n, lead = len(self.hand_sizes), self.leader
        return [[(lead + i) % n, _CODES[c]] for i, c in enumerate(self.trick_ids)]

    def _tricks(self) -> list[dict[str, Any]]:
        return [{"leader": lead, "cards": [_CODES[c] for c in cards], "winner": w} for lead, cards, w in self.tricks_ids]

    def _result_json(self) -> dict[str, Any] | None:
        result = self._result
        return None if result is None else {**result, "row": list(result["row"])}

    def _showing_json(self) -> dict[str, Any] | None:
        # A poignée being shown one card at a time (issue 11): its cards are public as they are shown.
        return {"seat": self.shower, "cards": shown_codes(self._showing)} if self.shower >= 0 else None

    def __getitem__(self, key: str) -> Any:
        values = self._values
        found = values.get(key, values)  # (the dict itself: not built yet)
        if found is values:
            build = _BUILD.get(key)
            if build is None or (key == "my_ecart" and not self.my_ecart_mask):
                raise KeyError(key)
            found = values[key] = build(self)
        return found

    def get(self, key: str, default: Any = None) -> Any:
        """``self[key]``, or ``default`` for a key the observation does not hold."""
        try:
            return self[key]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[str]:
        yield from _KEYS
        if self.my_ecart_mask:
            yield "my_ecart"

    def __len__(self) -> int:
        return len(_KEYS) + (1 if self.my_ecart_mask else 0)

    def __contains__(self, key: object) -> bool:
        return key in self._values or (key in _BUILD and (key != "my_ecart" or bool(self.my_ecart_mask)))

    def __repr__(self) -> str:
        return repr(dict(self))


#: How each entry of the public mapping not filled at once (the scalars are) is built from the copies.
_BUILD: dict[str, Callable[[TarotPublic], Any]] = {
    "bids": lambda pub: [[s, w] for s, w in pub._bids],
    "talon": lambda pub: codes(pub._talon) if pub._talon >= 0 else None,
    "ecart_trumps": lambda pub: codes(pub.ecart_trumps_mask),
    "announcements": lambda pub: [{"seat": s, "kind": k, "cards": shown_codes(m)} for s, k, m in pub._announcements],
    "trick": TarotPublic._trick,
    "tricks": TarotPublic._tricks,
    "hand_sizes": lambda pub: list(pub.hand_sizes),
    "scores": lambda pub: [json_number(quarter_fraction(q)) for q in pub._totals4],
    "last_row": lambda pub: _row_json(pub._last_row),  # the whole sheet is in the record; observations stay small
    "result": TarotPublic._result_json,
    "showing": TarotPublic._showing_json,
    "my_ecart": lambda pub: codes(pub.my_ecart_mask),
}


def observation(state: TarotFields, seat: int) -> Observation:
    """The :class:`Observation` of ``seat``: its hand, public facts and (its turn) its legal actions.

    Built as :meth:`GameState._observation` builds it (the same fields), the hand from a table.
    """
    check_seat(state, seat)
    current = state.current_player
    return Observation(
        game="tarot",
        seat=seat,
        phase=state._phase,
        current_player=current,
        hand=hand_cards(state.hands[seat]),
        legal_actions=tuple(state.legal_actions()) if seat == current else (),
        public=TarotPublic(state, seat),
        history=state.seen_history(seat),
        rules=state.table_rules(),
    )


class PlayView(NamedTuple):
    """What a seat knows that the play needs, as ints: the public facts of :class:`TarotPublic` (same
    meanings) and ``known_ecart``, the écart's cards it knows (trumps shown; the taker's own)."""

    players: int
    taker: int | None
    partner: int | None
    taker_alone: bool | None
    leader: int
    trick_ids: tuple[int, ...]
    tricks_ids: tuple[tuple[int, tuple[int, ...], int], ...]
    played_mask: int
    known_ecart: int
    called_id: int
    shower: int


def seat_view(state: TarotFields, seat: int) -> tuple[int, PlayView]:
    """What ``seat`` knows during the play, without the observation's objects: its hand (a mask) and
    the public facts as ints.

    For a search's playouts in a world it sampled (``TarotBot.rollout_act``): the same knowledge as
    :func:`observation` gives, so the same decisions.

    >>> import atout
    >>> g = atout.new_game("tarot", players=4, seed=3)
    >>> hand, view = seat_view(g, 1)
    >>> hand == g.hands[1], view.trick_ids, view.taker
    (True, (), None)
    """
    check_seat(state, seat)
    taker = state.taker
    called = state.called
    partner, alone = public_partner(state) if called >= 0 else (None, None)
    return state.hands[seat], PlayView(
        state.players, taker if taker >= 0 else None, partner, alone, state.leader, tuple(state.trick),
        tuple(state.history), state.played, state.ecart_trumps | (state.ecart if seat == taker else 0), called,
        state.shower)


_HAND_CHUNKS: tuple[dict[int, tuple[Card, ...]], ...] = tuple({} for _ in range(6))


def hand_cards(hand: int) -> tuple[Card, ...]:
    """The cards of a mask, by id, from per-14-bit tables (filled as met; at most 6 x 16,384 entries).

    >>> [c.code for c in hand_cards(0b101 | 1 << 77)]
    ['AS', '3S', 'EX']
    """
    out: tuple[Card, ...] = ()
    for k, table in enumerate(_HAND_CHUNKS):
        v = hand >> (14 * k) & 0x3FFF
        if v:
            found = table.get(v)
            if found is None:
                found = table[v] = tuple(CARDS[14 * k + b] for b in range(14) if v >> b & 1)
            out += found
    return out


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
