"""A rule-following Triomphe bot: wins tricks cheaply, saves trumps, never gambles on the vole blindly.

It sees only the observation: its hand, the trump, the cards played, the sides and the scores.

>>> import atout
>>> from atout.bots.triomphe import TriompheBot
>>> g = atout.new_game("triomphe", players=2, seed=2)
>>> TriompheBot(seed=0).act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.packs import PIQUET32
from atout.core.protocol import Observation


class TriompheBot(Bot):
    """Heuristic player for every Triomphe variant."""

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        pub = obs.public
        self._order = {r: len(pub["order"]) - i for i, r in enumerate(pub["order"])}
        self._trump = pub["trump"]
        kinds = {a.kind for a in legal}
        if "play" in kinds:
            return self._play(obs)
        if "pillage" in kinds:
            # Always rob: put the weakest card under the stock, a plain card rather than a trump.
            options = [a for a in legal if a.kind == "pillage"]
            return min(options, key=lambda a: self._keep_value(Card.parse(a.args[0])))
        if "concede" in kinds:
            # Give the point (seed 002 §4) only with a hopeless hand: no trump and no King (estimate 0).
            # The old threshold 0.8 conceded two deals in three at two players; duplicate tournaments
            # (3,000 boards) against it: +0.14/+0.16 per deal at 2, +0.19 at 4, +0.21 at 6.
            return Action("concede") if self._hand_tricks(obs) < 0.3 else Action("no_concession")
        if "accept" in kinds:
            return Action("accept")  # a sure point beats a forced vole
        if "vole" in kinds:
            return Action("vole") if self._all_masters(obs) else Action("stop")
        return legal[0]

    # --- evaluation ----------------------------------------------------------------------------
    def _is_trump(self, c: Card) -> bool:
        return c.code[-1] == self._trump

    def _rank(self, c: Card) -> int:
        return self._order[c.code[:-1]]

    def _keep_value(self, c: Card) -> int:
        """How much the bot wants to keep a card: trumps first, then by rank."""
        return self._rank(c) + (20 if self._is_trump(c) else 0)

    def _hand_tricks(self, obs: Observation) -> float:
        """A rough count of tricks the hand should take."""
        est = 0.0
        for c in obs.hand:
            r = self._rank(c)
            if self._is_trump(c):
                est += 1.0 if r >= 6 else 0.5
            elif r >= 8:
                est += 0.6
        return est

    def _unseen(self, obs: Observation) -> list[Card]:
        seen = {c.code for c in obs.hand}
        for t in obs.public["tricks"]:
            seen.update(t["cards"])
        seen.update(code for _, code in obs.public["trick"])
        if obs.public["turnup"]:
            seen.add(obs.public["turnup"])
        return [c for c in PIQUET32.cards if c.code not in seen]

    def _all_masters(self, obs: Observation) -> bool:
        """True when every card left in hand is a trump above every unseen trump."""
        unseen_trumps = [self._rank(c) for c in self._unseen(obs) if self._is_trump(c)]
        top = max(unseen_trumps, default=0)
        return all(self._is_trump(c) and self._rank(c) > top for c in obs.hand)

    # --- card play -----------------------------------------------------------------------------
    def _beats(self, card: Card, best: Card, led: str) -> bool:
        if self._is_trump(card) != self._is_trump(best):
            return self._is_trump(card)
        if card.code[-1] != best.code[-1]:
            return False
        return self._rank(card) > self._rank(best)

    def _play(self, obs: Observation) -> Action:
        cards = [Card.parse(a.args[0]) for a in obs.legal_actions]
        trick = [(s, Card.parse(code)) for s, code in obs.public["trick"]]
        if not trick:
            trumps = [c for c in obs.hand if self._is_trump(c)]
            if len(trumps) >= 2:
                lead = max(trumps, key=self._rank)
            else:
                plain = [c for c in cards if not self._is_trump(c)] or cards
                lead = max(plain, key=self._rank)
            return Action("play", (lead.code,))
        led = trick[0][1].code[-1]
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if self._beats(c, best, led):
                best_seat, best = s, c
        sides = obs.public["sides"]
        partner_wins = sides[best_seat] == sides[obs.seat] and best_seat != obs.seat
        winners = [c for c in cards if self._beats(c, best, led)]
        if winners and not partner_wins:
            choice = min(winners, key=self._keep_value)
        else:
            choice = min(cards, key=self._keep_value)
        return Action("play", (choice.code,))


register_bot("triomphe", "heuristic", TriompheBot)
