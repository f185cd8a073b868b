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


@cache
def keep_table() -> tuple[dict[int, float], dict[int, tuple[float, float, float]]]:
    """Strength of every set of 0-4 kept cards (a bitmask of card ids), computed once (about 1 s).

    The first map gives the mean percentile of the set completed to four by any other cards (a four-card
    set: its own percentile; the empty set: 0.5). The second, for sets of at most two cards, the means of
    the percentile to the powers 1, 2 and 3 (the chance of beating 1, 2 or 3 random hands).
    """
    one, small, _ = _tables()
    return one, small


def hand_values() -> dict[int, HandValue]:
    """Every four-card hand's value by its bitmask (the bots' fastest path to ``evaluate_ids``)."""
    return _tables()[2]


@cache
def _tables() -> tuple[dict[int, float], dict[int, tuple[float, float, float]], dict[int, HandValue]]:
    values, total = _table()
    pct: dict[HandValue, float] = {}
    lo = 0
    while lo < total:
        hi = bisect_right(values, values[lo], lo)
        pct[values[lo]] = (lo + (hi - lo) / 2) / total
        lo = hi
    one: dict[int, float] = {}
    by_mask: dict[int, HandValue] = {}
    powers: dict[int, list[float]] = {}
    for hand in combinations(PACK_IDS, 4):
        v = evaluate_ids(hand)
        p = pct[v]
        a, b, c, d = (1 << x for x in hand)
        by_mask[a | b | c | d] = v
        one[a | b | c | d] = p
        for m in (a | b | c, a | b | d, a | c | d, b | c | d):
            one[m] = one.get(m, 0.0) + p
        p2 = p * p
        for m in (a | b, a | c, a | d, b | c, b | d, c | d, a, b, c, d):
            acc = powers.get(m)
            if acc is None:
                powers[m] = [p, p2, p2 * p]
            else:
                acc[0] += p
                acc[1] += p2
                acc[2] += p2 * p
    n = len(PACK_IDS)
    completions = {3: n - 3, 2: (n - 2) * (n - 3) // 2, 1: (n - 1) * (n - 2) * (n - 3) // 6}
    small: dict[int, tuple[float, float, float]] = {0: (0.5, 1 / 3, 1 / 4)}
    for m, acc in powers.items():
        k = completions[m.bit_count()]
        small[m] = (acc[0] / k, acc[1] / k, acc[2] / k)
        one[m] = acc[0] / k
    for m in [m for m in one if m.bit_count() == 3]:
        one[m] /= completions[3]
    one[0] = 0.5
    return one, small, by_mask


def keep_strength(kept: int, opponents: int = 1) -> float:
    """Chance-like strength of the kept cards (bitmask) completed at random, against ``opponents`` random hands.

    With one opponent it is the mean percentile; with ``k`` (two or three; more count as three) the
    ``k``-th root of the mean ``k``-th power, as the heuristic's ``_start`` estimates by sampling.

    >>> round(keep_strength(0), 3), round(keep_strength(mask_of("7H 6H")), 3), round(keep_strength(mask_of("2H KS")), 3)
    (0.5, 0.817, 0.402)
    """
    one, small = keep_table()
    if opponents <= 1 or kept.bit_count() > 2:
        return one[kept]
    k = min(opponents, 3)
    return float(small[kept][k - 1] ** (1 / k))


def best_keep(hand: int) -> int:
    """The subset of a four-card hand (bitmask) whose random completion has the best mean percentile.

    A 55 (Ace, 6 and 7 of hearts) keeps its three hearts and draws for the flux:

    >>> best = best_keep(mask_of("7H 6H AH 2S"))
    >>> sorted(Card(c).code for c in range(56) if best >> c & 1)
    ['6H', '7H', 'AH']
    """
    found = _BEST_KEEP.get(hand)
    if found is not None:
        return found
    one, _ = keep_table()
    bits = []
    rest = hand
    while rest:
        low = rest & -rest
        bits.append(low)
        rest ^= low
    best, best_value = hand, one[hand]
    for r in range(1, 1 << len(bits)):
        m = hand
        for i, bit in enumerate(bits):
            if r >> i & 1:
                m ^= bit
        v = one[m]
        if v > best_value:
            best, best_value = m, v
    _BEST_KEEP[hand] = best
    return best


_BEST_KEEP: dict[int, int] = {}


def mask_of(text: str) -> int:
    """The bitmask of card ids of a string of codes (``"7H 6H"``)."""
    out = 0
    for code in text.split():
        out |= 1 << Card.parse(code).id
    return out


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

    def pass_choice(self, obs: Observation) -> Action | None:
        """The pass this bot plays at the opening (laying aside its bad cards), None outside the opening."""
        if obs.phase != "opening" or not any(a.kind == "pass" for a in obs.legal_actions):
            return None
        return self._pass(obs.legal_actions, [c.id for c in obs.hand])

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
