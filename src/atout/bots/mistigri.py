"""Mistigri bot: a cautious heuristic player that sees only its observation.

It counts the tricks its hand should take (the Mistigri and high trumps, Kings of plain suits); it
goes in when it expects at least one trick (a bête pays the whole pool), passes otherwise when it may,
draws or takes the fille when it must play a poor hand; the dealer takes the retourne (always a trump)
against his weakest card; a Lanturlu passes when it may, to let others commit, and is shown at the
end of the round. In play it wins a trick as cheaply as it can, else throws its weakest card.

>>> import atout
>>> g = atout.new_game("mistigri", players=4, seed=2)
>>> MistigriBot(seed=0).act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.protocol import Observation
from atout.games.mistigri.rules import MISTIGRI, STRENGTH, card_key, card_suit, trick_winner

_SUITS = ("spades", "hearts", "diamonds", "clubs")
# Expected tricks of a trump by its strength (7 = 1 … K = 8, the Mistigri 9), and of a plain card.
_TRUMP_VALUE = {9: 1.0, 8: 0.9, 7: 0.75, 6: 0.6, 5: 0.5, 4: 0.4, 3: 0.35, 2: 0.3, 1: 0.25}
_PLAIN_VALUE = {8: 0.55, 7: 0.25, 6: 0.1}
GO_IN = 0.95  # expected tricks needed to risk paying the pool as a bête


def _value(card: int, trump: int) -> float:
    if card == MISTIGRI or card // 14 == trump:
        return _TRUMP_VALUE[9 if card == MISTIGRI else STRENGTH[card]]
    return _PLAIN_VALUE.get(STRENGTH[card], 0.0)


def expected_tricks(hand: Sequence[int], trump: int) -> float:
    """A rough count of the tricks a hand takes with ``trump`` turned."""
    return sum(_value(c, trump) for c in hand)


class MistigriBot(Bot):
    """Heuristic Mistigri player for 3 to 5 players (observation only)."""

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action (it is seat {obs.current_player}'s turn)")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "trump":
            return self._name_trump(obs)
        if obs.phase == "reveal":
            return Action("reveal_lanturlu")  # it takes the whole pool
        if obs.phase == "speaking":
            return self._speak(obs, legal)
        return self._play(obs, legal)

    def _name_trump(self, obs: Observation) -> Action:
        hand = [c.id for c in obs.hand]
        best = max(range(4), key=lambda s: (expected_tricks(hand, s), -s))
        return Action("name_trump", (_SUITS[best],))

    def _speak(self, obs: Observation, legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        pub = obs.public
        trump = _SUITS.index(pub["trump"])
        hand = [c.id for c in obs.hand]
        if "reveal_lanturlu" in kinds:
            # Seed 003: "celui qui a Lanlurlu passe-t-il toujours, s'il n'est pas dernier à parler".
            return Action("pass") if "pass" in kinds else Action("reveal_lanturlu")
        exchanges = [a for a in legal if a.kind == "exchange_retourne"]
        if exchanges:
            retourne = Card.parse(pub["retourne"]).id
            weakest = min(hand, key=lambda c: (_value(c, trump), STRENGTH[c]))
            with_it = [c for c in hand if c != weakest] + [retourne]
            if expected_tricks(with_it, trump) >= GO_IN or "pass" not in kinds:
                return Action("exchange_retourne", (Card(weakest).code,))
        strength = expected_tricks(hand, trump)
        if strength >= GO_IN:
            return Action("play_hand")
        if "pass" in kinds:
            return Action("pass")
        draws = [a for a in legal if a.kind == "draw"]
        weak = sorted(Card(c).code for c in hand if _value(c, trump) < 0.3)
        wanted = Action("draw", tuple(Card(c).code for c in sorted(Card.parse(x).id for x in weak)))
        if weak and wanted in draws:
            return wanted
        if "take_fille" in kinds and strength < 0.5:
            return Action("take_fille")
        return Action("play_hand")

    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        pub = obs.public
        trump = _SUITS.index(pub["trump"])
        cards = [Card.parse(a.args[0]).id for a in legal]
        trick = [Card.parse(code).id for _, code in pub["trick"]]
        if not trick:
            # Lead the best card: a winner if one is likely, else the weakest.
            return Action("play", (Card(max(cards, key=lambda c: (_value(c, trump), STRENGTH[c]))).code,))
        led = card_suit(trick[0], trump)
        winners = [c for c in cards if trick_winner([*trick, c], trump) == len(trick)]
        if winners:
            cheapest = min(winners, key=lambda c: card_key(c, led, trump))
            return Action("play", (Card(cheapest).code,))
        return Action("play", (Card(min(cards, key=lambda c: (_value(c, trump), STRENGTH[c]))).code,))


register_bot("mistigri", "heuristic", MistigriBot)
