"""A La Prime bot: bets on strong starts, keeps what can become a point, prime, 55 or flux, discards by sampling.

It sees only the observation: its cards, the bet, who is in, the counts laid aside and the hands shown.
A hand's strength is its percentile among all 91,390 four-card hands (class first, then value), and a
choice is judged by sampling the unseen cards: the chance of beating ``k`` opponents is taken as the
percentile to the power ``k``.

>>> import atout
>>> from atout.bots.prime import PrimeBot
>>> g = atout.new_game("prime", players=4, seed=2)
>>> PrimeBot(seed=0).act(g.observation(g.current_player)) in g.legal_actions()
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache
from itertools import combinations

from atout.bots.base import Bot, register_bot
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.packs import PRIME40
from atout.core.protocol import Observation
from atout.games.prime.evaluate import VALUES, HandValue, evaluate_ids

PACK_IDS = tuple(c.id for c in PRIME40.cards)
SAMPLES = 12  # completions sampled per candidate; enough to rank the 16 ways of discarding
BET_AT = 0.60  # start strength from which the bot bets (seed 004: "plus de 30 points" is its folk version)
CALL_AT = 0.45  # start strength from which it accepts a bet (below BET_AT: a bettor may be bluffing)
GOOD = 15  # cards worth at least this (5, A, 6, 7) are kept when passing: "s'il y en a une bonne la retient"


@cache
def _table() -> tuple[list[HandValue], int]:
    """Every four-card hand's value, sorted (computed once, on first use)."""
    values = sorted(evaluate_ids(h) for h in combinations(PACK_IDS, 4))
    return values, len(values)


def percentile(value: HandValue) -> float:
    """Share of all four-card hands this value beats, ties counted half."""
    values, total = _table()
    lo, hi = bisect_left(values, value), bisect_right(values, value)
    return (lo + (hi - lo) / 2) / total


@cache
def _pct(value: HandValue) -> float:
    return percentile(value)


class PrimeBot(Bot):
    """Heuristic player for La Prime (each for himself and in partnership)."""

    name = "heuristic"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        hand = [c.id for c in obs.hand]
        unseen = self._unseen(obs, hand)
        if "show" in kinds:
            return Action("show")  # show="optional" (spec D8): show anyway, to stop the others improving
        if "accept" in kinds:
            k = max(1, sum(1 for s in obs.public["status"] if s in ("bettor", "accepted")))
            return Action("accept") if self._start(hand, unseen, k) >= CALL_AT + 0.02 * (k - 1) else Action("decline")
        if "bet" in kinds or "pass" in kinds:
            strength = self._start(hand, unseen, 1)
            bets = [a for a in legal if a.kind == "bet"]
            if bets and strength >= BET_AT:
                wanted = 1 + int((strength - BET_AT) / (1 - BET_AT) * obs.public["max_stake"])
                return min(bets, key=lambda a: abs(int(a.args[0]) - wanted))
            return self._pass(legal, hand)
        if "discard" in kinds:
            opponents = max(1, len(obs.public["participants"]) - 1)
            if all(len(a.args) <= 2 for a in legal):  # the first discard (spec D7 option)
                return self._pass(legal, hand)
            return self._discard(legal, hand, unseen, opponents)
        return legal[0]

    def _unseen(self, obs: Observation, hand: list[int]) -> list[int]:
        seen = set(hand)
        for shown in obs.public["shown"]:
            seen.update(Card.parse(code).id for code in shown)
        return [c for c in PACK_IDS if c not in seen]

    def _start(self, hand: list[int], unseen: list[int], k: int) -> float:
        """Expected chance-like strength of two cards once completed (sampled), for ``k`` opponents."""
        need = 4 - len(hand)
        total = 0.0
        for _ in range(SAMPLES * 2):
            drawn = self.rng.sample(unseen, need)
            total += _pct(evaluate_ids(hand + drawn)) ** k
        return (total / (SAMPLES * 2)) ** (1 / k)

    def _pass(self, legal: tuple[Action, ...], hand: list[int]) -> Action:
        """Pass (or first discard) laying aside the cards worth less than a 5."""
        aside = tuple(sorted(Card(c).code for c in hand if VALUES[c] < GOOD))
        for a in legal:
            if a.kind in ("pass", "discard") and tuple(sorted(a.args)) == aside:
                return a
        return next(a for a in legal if a.kind in ("pass", "discard") and not a.args)

    def _discard(self, legal: tuple[Action, ...], hand: list[int], unseen: list[int], opponents: int) -> Action:
        """The discard whose sampled completions beat ``opponents`` hands most often."""
        best, best_score = legal[0], -1.0
        for a in legal:
            aside = {Card.parse(code).id for code in a.args}
            kept = [c for c in hand if c not in aside]
            if not aside:
                score = _pct(evaluate_ids(hand)) ** opponents
            else:
                pool = unseen  # the discards may come back only after a restock: ignored
                score = sum(
                    _pct(evaluate_ids(kept + self.rng.sample(pool, len(aside)))) ** opponents for _ in range(SAMPLES)
                ) / SAMPLES
            if score > best_score:
                best, best_score = a, score
        return best


register_bot("prime", "heuristic", PrimeBot)
