"""The Tarot écart (§6, D6, FFT rule 9) laid aside one card at a time (issue 11): a mixin of :class:`TarotState`.

``legal_actions`` lists ``discard C`` for every card after which a legal écart is still reachable
(:func:`rules.ecart_next_cards`), so the écarts reachable by the steps are exactly the legal ones;
``discard C1 … C6`` (all at once, or the rest at once) stays accepted, as in old records.

>>> import atout
>>> g = atout.new_game("tarot", players=4, seed=3, dealer=3)
>>> for a in ("bid prise", "pass", "pass", "pass"):
...     g.apply(a)
>>> g.phase, {len(a.args) for a in g.legal_actions()}
('ecart', {1})
"""

from __future__ import annotations

from typing import Any

from atout.core.actions import Action
from atout.core.cardset import codes, mask
from atout.core.errors import IllegalAction
from atout.games.tarot.actions import DISCARD
from atout.games.tarot.rules import BIT, TRUMPS, TarotRules, ecart_next_cards, ecart_step_problem

_DISCARD_GET = {id(a): i for i, a in enumerate(DISCARD)}.get


class EcartMixin:
    """The écart phase; the state provides the attributes declared here."""

    rules: TarotRules
    hands: list[int]
    taker: int
    ecart: int  # the cards laid aside so far
    ecart_trumps: int
    _ecart_next: int  # the cards legal_actions() listed for the next step (0: not computed)

    def _emit(self, kind: str, seat: int | None = None, to: int | None = None, **data: Any) -> None:
        raise NotImplementedError

    def _open_annonces(self) -> None:
        raise NotImplementedError

    def _ecart_actions(self, seat: int) -> list[Action]:
        """``discard C`` for every card that keeps a legal écart reachable, lowest card id first."""
        allowed = self._ecart_next = ecart_next_cards(self.hands[seat], self.ecart, self.rules.talon_size)
        out = []
        while allowed:
            low = allowed & -allowed
            out.append(DISCARD[low.bit_length() - 1])
            allowed ^= low
        return out

    def _apply_ecart(self, action: Action) -> None:
        """Lay aside one card (``discard C``), several, or the whole écart at once (§6, D6, FFT rule 9).

        ``self.ecart`` holds the cards laid so far; the écart is complete at ``talon_size`` cards."""
        need = self.rules.talon_size
        c = _DISCARD_GET(id(action), -1)
        if c >= 0 and self._ecart_next >> c & 1:  # a listed step: legal by construction (the playouts' path)
            self._lay_aside(BIT[c], need)
            return
        if action.kind != "discard" or not action.args:
            raise IllegalAction(f"{action}: the taker lays aside his écart: 'discard C' one card at a time, "
                                f"or 'discard C1 … C{need}' (§6)",
                                code="ecart_expected", params={"need": need, "cite": "seed 001, §6"})
        ids = [c.id for c in action.cards()]
        m = mask(ids)
        if len(ids) != m.bit_count():
            raise IllegalAction(f"{action}: a card is named twice", code="card_twice")
        laid = self.ecart
        if m & ~self.hands[self.taker]:
            raise IllegalAction(f"{action}: you can only lay aside cards of your hand (§6)", code="ecart_not_in_hand",
                                params={"cite": "seed 001, §6"})
        n = len(ids) + laid.bit_count()
        if n != need and len(ids) != 1:  # one card, or every card left at once
            raise IllegalAction(f"{action}: the écart is exactly {need} cards, not {n} (seed 001); "
                                "or lay them aside one at a time: 'discard C'",
                                code="ecart_count", params={"need": need, "count": n, "cite": "seed 001, §6"})
        problem = ecart_step_problem(self.hands[self.taker], laid, m, need)
        if problem:
            raise IllegalAction(f"{action}: {problem[0]}", code=problem[1], params=problem[2])
        self._lay_aside(m, need)

    def _lay_aside(self, m: int, need: int) -> None:
        """Move the cards ``m`` from the taker's hand to the écart; complete at ``need`` cards (§6)."""
        self._ecart_next = 0
        self.hands[self.taker] &= ~m
        self.ecart = m = self.ecart | m
        if m.bit_count() < need:
            return  # the same taker lays the next card
        self.ecart_trumps = m & TRUMPS
        self._emit("ecart_made", seat=self.taker, to=self.taker, cards=codes(m))
        self._emit("ecart_done", seat=self.taker, count=need, shown_cards=codes(m & TRUMPS))
        self._open_annonces()
