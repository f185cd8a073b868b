"""An exact model of two-player La Triomphe (classic) on bitmasks, for the search bot.

With two players a deal is five tricks of one card each (seed 002 §3: five cards each), so once the
opponent's cards are fixed (a sampled *world*) the rest of the deal can be solved exactly: minimax over
the remaining tricks, the vole decision (§6, D8: stop with one point or play on for two) and the vole
bound by a refused concession (§4). Values are points for the searching seat minus the opponent's
(the deal's score difference: one for three tricks or a stop, two for a vole made or failed).

Cards are atout card ids (suit = id // 14); the rules of play (seed 002 §5, D7) at two players reduce
to: follow suit and beat the led card if able; void, trump; void in trumps too, any card. The model is
checked against ``atout.games.triomphe`` on random positions (tests/test_search_triomphe_duel.py).

>>> from atout.games.triomphe.rules import strength_table
>>> duel = Duel(trump=0, strength=strength_table(False))
>>> me = mask_of("KS QS JS AS 10S"); op = mask_of("KH QH JH AH 10H")
>>> duel.value(me, op, me_leads=True)  # five top trumps: every trick, so the vole (+2)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.core.cards import cards
from atout.core.cardset import ids, mask
from atout.core.packs import PIQUET32

SUIT_MASKS = tuple(0x3FFF << (14 * s) for s in range(4))
TRICKS = 5
#: The vole states: nobody plays for it, the searching seat does, the opponent does.
NO_VOLE, MY_VOLE, THEIR_VOLE = 0, 1, 2


def mask_of(text: str) -> int:
    """The bitmask of card codes separated by spaces.

    >>> mask_of("AS") == 1
    True
    """
    return mask(cards(text))


class Duel:
    """Exact values of two-player La Triomphe positions for one trump suit and rank order (memoised).

    A position: the two hands (``me``, ``op``), who leads the current trick, the card led if the trick
    is half played (``lead``, else -1), the tricks won so far and the vole state.
    """

    def __init__(self, trump: int, strength: Sequence[int]) -> None:
        self.trump = trump
        self.trump_mask = SUIT_MASKS[trump]
        cards = [c.id for c in PIQUET32.cards]
        #: Per led card, the cards that take it: higher in its suit, or any trump if it is not one.
        self.beaten_by = [0] * 56
        #: Per led card, the cards of its suit above it (the follower must "monter", D7a).
        self.above = [0] * 56
        for c in cards:
            same = [d for d in cards if d // 14 == c // 14 and strength[d] > strength[c]]
            for d in same:
                self.above[c] |= 1 << d
            self.beaten_by[c] = self.above[c] | (self.trump_mask if c // 14 != trump else 0)
        self.memo: dict[tuple[int, int, bool, int, int, int, int], int] = {}

    def follow(self, hand: int, lead: int) -> int:
        """The cards ``hand`` may play on ``lead`` (seed 002 §5: fournir, monter, couper)."""
        suit = hand & SUIT_MASKS[lead // 14]
        if suit:
            return (suit & self.above[lead]) or suit
        return (hand & self.trump_mask) or hand

    def legal(self, me: int, op: int, me_leads: bool, lead: int) -> int:
        """The cards of the seat to move."""
        if lead < 0:
            return me if me_leads else op
        return self.follow(op if me_leads else me, lead)

    def value(self, me: int, op: int, me_leads: bool, lead: int = -1, won_me: int = 0, won_op: int = 0,
              vole: int = NO_VOLE) -> int:
        """The deal's value for ``me`` from this position, both seats playing perfectly."""
        key = (me, op, me_leads, lead, won_me, won_op, vole)
        found = self.memo.get(key)
        if found is not None:
            return found
        my_move = me_leads == (lead < 0)
        best = -9 if my_move else 9
        m = self.legal(me, op, me_leads, lead)
        while m:
            low = m & -m
            m ^= low
            v = self.after(me, op, me_leads, lead, won_me, won_op, vole, low.bit_length() - 1)
            if my_move:
                if v > best:
                    best = v
                    if v == 2:
                        break  # the most a deal can give
            elif v < best:
                best = v
                if v == -2:
                    break
        self.memo[key] = best
        return best

    def after(self, me: int, op: int, me_leads: bool, lead: int, won_me: int, won_op: int, vole: int,
              card: int) -> int:
        """The value once the seat to move plays ``card``."""
        bit = 1 << card
        if lead < 0:  # a lead: the other seat answers
            if me_leads:
                return self.value(me & ~bit, op, me_leads, card, won_me, won_op, vole)
            return self.value(me, op & ~bit, me_leads, card, won_me, won_op, vole)
        if me_leads:
            op &= ~bit
        else:
            me &= ~bit
        follower_wins = bool(self.beaten_by[lead] & bit)
        i_win = follower_wins != me_leads
        return self.trick_done(me, op, won_me + i_win, won_op + (not i_win), i_win, vole)

    def trick_done(self, me: int, op: int, won_me: int, won_op: int, i_win: bool, vole: int) -> int:
        """The value after a trick (seed 002 §6, §7): the vole settled, three tricks, or play on."""
        done = won_me + won_op
        if vole == MY_VOLE:
            if not i_win:
                return -2  # "perd deux jeux, s'il ne fait pas la vole"
            return 2 if done == TRICKS else self.value(me, op, True, -1, won_me, won_op, vole)
        if vole == THEIR_VOLE:
            if i_win:
                return 2
            return -2 if done == TRICKS else self.value(me, op, False, -1, won_me, won_op, vole)
        if done == 3 and won_me == 3:  # D8: the first three tricks, stop (1) or play for the vole
            return max(1, self.value(me, op, True, -1, won_me, won_op, MY_VOLE))
        if done == 3 and won_op == 3:
            return min(-1, self.value(me, op, False, -1, won_me, won_op, THEIR_VOLE))
        if won_me >= 3:
            return 1
        if won_op >= 3:
            return -1
        return self.value(me, op, i_win, -1, won_me, won_op, vole)

    def card_values(self, me: int, op: int, me_leads: bool, lead: int = -1, won_me: int = 0, won_op: int = 0,
                    vole: int = NO_VOLE) -> dict[int, int]:
        """Per card the searching seat may play now (it must be its turn), the value after it."""
        if me_leads != (lead < 0):
            raise ValueError("card_values is for the searching seat's own turn")
        return {c: self.after(me, op, me_leads, lead, won_me, won_op, vole, c)
                for c in ids(self.legal(me, op, me_leads, lead))}
