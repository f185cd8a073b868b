"""A heuristic player for the 1637 tarot: banks points in its discard, declares everything, earns the
tribute of its Tarots and keeps them from ransom, excuses itself with the Mat in time.

It sees only the observation: its hand and discard, the tricks played, the cards shown, the scores.

>>> import atout
>>> from atout.bots.tarot1637 import Tarot1637Bot
>>> g = atout.new_game("tarot1637", seed=2)
>>> Tarot1637Bot(seed=0).act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.cards import CARDS, Card
from atout.core.cardset import ids
from atout.core.protocol import Observation
from atout.games.tarot1637.rules import (
    BAGAT,
    KINGS,
    MAT,
    MONDE,
    NO_SUIT,
    PACK,
    STRENGTH,
    SUIT_OF,
    TAROTS,
    TRUMP_SUIT,
    VALUE,
    led_suit,
    trick_winner,
)

DONE = Action("done")
_ID = {c.code: c.id for c in CARDS}  # card code -> id, for reading observations quickly


class Tarot1637Bot(Bot):
    """Heuristic player for both rulesets, three players or two with the Mort."""

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "declare" in kinds:
            return next(a for a in legal if a.kind == "declare")  # a marque not declared is lost
        hand = [c.id for c in obs.hand]
        if "discard" in kinds:
            return self._discard(legal, hand)
        return self._play(obs, legal, hand)

    # --- discard ---------------------------------------------------------------------------------
    def _discard(self, legal: tuple[Action, ...], hand: list[int]) -> Action:
        """Bank a Queen or Knight (the discard counts for its owner, D5), else shorten a short suit."""
        length = [sum(1 for c in hand if SUIT_OF[c] == s) for s in range(4)]
        has_king = [any(SUIT_OF[c] == s and KINGS >> c & 1 for c in hand) for s in range(4)]

        def score(a: Action) -> float:
            c = Card.parse(a.args[0]).id
            s = SUIT_OF[c]
            if s < 0 or s == TRUMP_SUIT:
                return -100.0 + STRENGTH[c] * -0.01  # a forced trump: the lowest
            shortness = 4 - min(length[s], 4)
            guard = -2 if has_king[s] and length[s] <= 3 else 0  # keep small cards guarding a King
            return VALUE[c] * 2 + shortness + guard
        return max(legal, key=score)

    # --- play ------------------------------------------------------------------------------------
    def _play(self, obs: Observation, legal: tuple[Action, ...], hand: list[int]) -> Action:
        pub = obs.public
        options = [Card.parse(a.args[0]).id for a in legal]
        trick_pairs = [(s, _ID[code]) for s, code in pub["trick"]]
        live = [(s, c) for s, c in trick_pairs if s >= 0]
        number = len(pub["tricks"]) + 1
        players = len(pub["hand_sizes"])
        unseen = self._unseen(obs, hand)
        voids = self._voids(pub)
        if MAT in options and number >= 17:
            return self._act(MAT)  # excuse oneself in time: the Mat kept to the last trick pays 2 to each
        if not live:
            return self._lead(options, hand, unseen, voids, number, obs.seat, players)
        cards = [c for _, c in live]
        win_i = trick_winner(cards)
        best = cards[win_i] if win_i >= 0 else None
        led = led_suit(cards)
        last = len(live) == players - 1
        winners = [c for c in options if c != MAT and self._beats(c, best, led)]
        later = [(obs.seat + k) % players for k in range(1, players - len(live))]
        trick_value = sum(VALUE[c] for c in cards)
        # A Tarot of an opponent in the trick: take it if we can (its ransom, its points).
        if winners:
            safe = [c for c in winners if last or self._safe(c, led, later, voids, unseen)]
            tarot_safe = [c for c in safe if TAROTS >> c & 1]
            if tarot_safe:
                return self._act(min(tarot_safe, key=lambda c: STRENGTH[c]))  # tribute
            if safe and (last or trick_value >= 4 or any(TAROTS >> c & 1 for c in cards)):
                cheap = [c for c in safe if c not in (BAGAT,)] or safe
                return self._act(min(cheap, key=lambda c: (VALUE[c], STRENGTH[c])))
        return self._act(self._dump(options, number))

    def _lead(self, options: list[int], hand: list[int], unseen: int, voids: list[set[int]],
              number: int, seat: int, players: int) -> Action:
        others = [(seat + k) % players for k in range(1, players)]
        if MAT in options and number >= 16:
            return self._act(MAT)  # excuse oneself before the last trick (seed 000: "paye deux a chacun")
        # A King whose suit the others still hold (and none is known void in it): tribute.
        for c in options:
            if KINGS >> c & 1:
                s = SUIT_OF[c]
                left = sum(1 for u in ids(unseen) if SUIT_OF[u] == s)
                if left >= 3 and not any(s in voids[o] for o in others) and number <= 12:
                    return self._act(c)
        if MONDE in options and (number >= 10 or (unseen & (1 << BAGAT))):
            return self._act(MONDE)  # the Monde always wins: it may catch the Bagat
        plain = [c for c in options if 0 <= SUIT_OF[c] < 4 and not KINGS >> c & 1]
        if plain:
            length = {s: sum(1 for c in hand if SUIT_OF[c] == s) for s in range(4)}
            return self._act(min(plain, key=lambda c: (VALUE[c], -length[SUIT_OF[c]], STRENGTH[c])))
        return self._act(self._dump(options, number))

    def _dump(self, options: list[int], number: int) -> int:
        """The card that costs least to lose: never a Tarot if avoidable (the Mat excuses instead)."""
        plain = [c for c in options if not TAROTS >> c & 1]
        if plain:
            low = min(plain, key=lambda c: (VALUE[c], STRENGTH[c]))
            if MAT in options and VALUE[low] >= 3 and number < 20:
                return MAT
            return low
        if MAT in options:
            return MAT
        return min(options, key=lambda c: (VALUE[c], STRENGTH[c]))

    # --- reading the table -----------------------------------------------------------------------
    @staticmethod
    def _act(card: int) -> Action:
        return Action("play", (Card(card).code,))

    @staticmethod
    def _beats(c: int, best: int | None, led: int) -> bool:
        if best is None:
            return True
        if SUIT_OF[c] == TRUMP_SUIT:
            return SUIT_OF[best] != TRUMP_SUIT or STRENGTH[c] > STRENGTH[best]
        return SUIT_OF[best] != TRUMP_SUIT and SUIT_OF[c] == led and STRENGTH[c] > STRENGTH[best]

    @staticmethod
    def _unseen(obs: Observation, hand: list[int]) -> int:
        pub = obs.public
        seen = 0
        for c in hand:
            seen |= 1 << c
        for code in pub["discard"]:
            seen |= 1 << _ID[code]
        for t in pub["tricks"]:
            for _, code in t["cards"]:
                seen |= 1 << _ID[code]
        for _, code in pub["trick"]:
            seen |= 1 << _ID[code]
        return PACK & ~seen

    @staticmethod
    def _voids(pub: dict[str, Any] | Any) -> list[set[int]]:
        """Suits each seat has shown it lacks (a card of another suit on a led suit; no trump when void)."""
        voids: list[set[int]] = [set() for _ in pub["hand_sizes"]]
        for t in pub["tricks"]:
            ids = [(s, _ID[code]) for s, code in t["cards"]]
            led = led_suit([c for s, c in ids if s >= 0])
            for s, c in ids:
                if s < 0 or c == MAT or led == NO_SUIT:
                    continue
                if SUIT_OF[c] != led:
                    voids[s].add(led)
                    if led != TRUMP_SUIT and SUIT_OF[c] != TRUMP_SUIT:
                        voids[s].add(TRUMP_SUIT)
        return voids

    @staticmethod
    def _safe(c: int, led: int, later: list[int], voids: list[set[int]], unseen: int) -> bool:
        """Whether ``c`` should hold the trick against the players still to play."""
        if c == MONDE:
            return True
        if SUIT_OF[c] == TRUMP_SUIT:
            higher = sum(1 for u in ids(unseen) if SUIT_OF[u] == TRUMP_SUIT and STRENGTH[u] > STRENGTH[c])
            return higher == 0 or all(TRUMP_SUIT in voids[p] for p in later)
        # A suit card is beaten by a later player void in the suit who still has trumps.
        return not any(led in voids[p] and TRUMP_SUIT not in voids[p] for p in later) and not any(
            SUIT_OF[u] == led and STRENGTH[u] > STRENGTH[c] for u in ids(unseen)
        )




register_bot("tarot1637", "heuristic", Tarot1637Bot)
