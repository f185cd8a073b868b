"""The search's model of a La Prime coup: worlds from the table's evidence, played out on bitmasks.

A La Prime coup has few decisions (bet or pass and the stake, accept or decline, the second discard), each
settled at once by a showdown whose chips are the stake times a handful of outcomes. So the search plays
hundreds of cheap worlds instead of a few engine playouts: the unseen two-card starts dealt with the
evidence of the table (who passed and how many cards he laid aside, the bet's size, who accepted, who
did not show, how many cards each discarded), the rest of the pack in random order, and the coup played
out on bitmasks by the heuristic's rules computed exactly (bet from BET_AT with the stake growing, accept
from CALL_AT, discard keeping the subset with the best completed mean percentile, see ``best_keep``).
Every candidate action meets the same worlds (common random numbers). ``PrimeSearch`` (``prime.py``) uses it.

>>> import random, atout
>>> g = atout.new_game("prime", players=4, seed=3)
>>> obs = g.observation(g.current_player)
>>> worlds = model_worlds(obs, random.Random(1), 5)
>>> len(worlds), all(w[0][obs.seat] == sum(1 << c.id for c in obs.hand) for w in worlds)
(5, True)
"""

from __future__ import annotations

import random
from itertools import combinations

from atout.bots.prime import BET_AT, CALL_AT, GOOD, PACK_IDS, best_keep, hand_values, keep_strength, keep_table
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.cardset import ids
from atout.core.protocol import Observation
from atout.games.prime.evaluate import VALUES, Category

MADE = (Category.PRIME, Category.FLUX)  # the hands shown before the second discard (seed 004)
HAND_SIZE = 4  # seed 004: "chacun montre ses quatre cartes"
SLACK = 0.08  # how far a start may stray from the usual play's band (its strength is sampled, so noisy)

#: Worlds per decision of ``search`` and ``search_expert``.
MODEL_WORLDS = {"search": 400, "search_expert": 1200}




def _good_cards(m: int) -> int:
    """The cards a passer keeps: those worth at least a 5 (seed 004 "une bonne la retient")."""
    out = 0
    for c in ids(m):
        if VALUES[c] >= GOOD:
            out |= 1 << c
    return out


def _is_made(m: int) -> bool:
    return hand_values()[m].category in MADE


def best_keep_of_size(hand: int, size: int) -> int:
    """The ``size`` cards of ``hand`` (bitmask) whose random completion has the best mean percentile."""
    one, _ = keep_table()
    best, best_value = 0, -1.0
    for sub in combinations(ids(hand), size):
        m = 0
        for c in sub:
            m |= 1 << c
        if one[m] > best_value:
            best, best_value = m, one[m]
    return best


def _spare(hands: list[int], also: int = 0) -> list[int]:
    """Every card in nobody's hand (nor in ``also``): a restock when a world's stock runs out (D9)."""
    held = also
    for h in hands:
        held |= h
    return [c for c in PACK_IDS if not held >> c & 1]


class _Coup:
    """A world of one coup being played out on bitmasks (seed 004's order, the default rules)."""

    __slots__ = ("bettor", "consolation", "eldest", "hands", "max_stake", "n", "stake", "status", "stock")

    def __init__(self, n: int, eldest: int, hands: list[int], status: list[str], stake: int, bettor: int | None,
                 stock: list[int], max_stake: int, consolation: int) -> None:
        self.n, self.eldest, self.hands, self.status = n, eldest, hands, status
        self.stake, self.bettor, self.stock = stake, bettor, stock
        self.max_stake, self.consolation = max_stake, consolation

    def order(self) -> list[int]:
        return [(self.eldest + k) % self.n for k in range(self.n)]

    def open_from(self, seat: int, first: Action | None) -> list[int]:
        """The opening from ``seat`` (its action ``first`` if given, then the usual play): the chips."""
        n = self.n
        dealer = (self.eldest + n - 1) % n
        while True:
            action = first if first is not None else self._usual_opening(seat)
            first = None
            if action.kind == "bet":
                self.bettor, self.stake = seat, int(action.args[0])
                self.status[seat] = "bettor"
                return self.call_from((seat + 1) % n, None)
            aside = 0
            for code in action.args:
                aside |= 1 << Card.parse(code).id
            self.hands[seat] &= ~aside
            self.status[seat] = "passed"
            if seat == dealer:
                return [0] * n  # nobody bet: a void coup (spec D5)
            seat = (seat + 1) % n

    def _usual_opening(self, seat: int) -> Action:
        strength = keep_strength(self.hands[seat])
        if strength >= BET_AT:
            wanted = 1 + int((strength - BET_AT) / (1 - BET_AT) * self.max_stake)
            return Action("bet", (str(max(1, min(wanted, self.max_stake))),))
        bad = self.hands[seat] & ~_good_cards(self.hands[seat])
        return Action("pass", tuple(Card(c).code for c in ids(bad)))

    def call_from(self, seat: int, first: Action | None) -> list[int]:
        """The calling round from ``seat`` to the bettor's right, then the rest of the coup: the chips."""
        assert self.bettor is not None
        while seat != self.bettor:
            accept = first.kind == "accept" if first is not None else self._usual_call(seat)
            first = None
            self.status[seat] = "accepted" if accept else "declined"
            if not accept:
                self.hands[seat] = 0
            seat = (seat + 1) % self.n
        takers = [s for s in self.order() if self.status[s] in ("bettor", "accepted")]
        if len(takers) == 1:
            chips = [-self.consolation] * self.n
            chips[self.bettor] = self.consolation * (self.n - 1)
            return chips
        # The completion, one card at a time round the participants from eldest (D7).
        while any(self.hands[s].bit_count() < HAND_SIZE for s in takers):
            for s in takers:
                if self.hands[s].bit_count() < HAND_SIZE:
                    self.hands[s] |= 1 << self.stock.pop()
        if any(_is_made(self.hands[s]) for s in takers):
            return self.showdown(takers)  # a prime or a flux is shown: no second discard (seed 004)
        for s in takers:
            self.discard(s, best_keep(self.hands[s]))
        return self.showdown(takers)

    def _usual_call(self, seat: int) -> bool:
        k = max(1, sum(1 for s in self.status if s in ("bettor", "accepted")))
        return keep_strength(self.hands[seat], k) >= CALL_AT + 0.02 * (k - 1)

    def discard(self, seat: int, kept: int) -> None:
        hand = kept
        while hand.bit_count() < HAND_SIZE:
            if not self.stock:  # D9: the dead cards, but those this player is throwing, make a new stock
                self.stock = _spare(self.hands, self.hands[seat])
            hand |= 1 << self.stock.pop()
        self.hands[seat] = hand

    def showdown(self, takers: list[int]) -> list[int]:
        """The single best hand wins the stake from every other participant; a tie at the top, nothing."""
        table = hand_values()
        values = [table[self.hands[s]] for s in takers]
        best = max(values)
        chips = [0] * self.n
        if values.count(best) == 1:
            for s, v in zip(takers, values, strict=True):
                chips[s] = self.stake * (len(takers) - 1) if v == best else -self.stake
        return chips


def _seat_facts(obs: Observation) -> tuple[set[int], int | None, dict[int, tuple[bool, int]]]:
    """Who passed (before the bet), the bettor, and each call made so far: ``{seat: (accepted, callers then)}``."""
    pub = obs.public
    n = int(obs.rules["players"])
    eldest = int(pub["eldest"])
    bettor = pub["bettor"]
    order = [(eldest + k) % n for k in range(n)]
    if bettor is None:
        passers = {s for s in order if pub["status"][s] == "passed"}
        return passers, None, {}
    passers = set(order[: order.index(bettor)])
    calls: dict[int, tuple[bool, int]] = {}
    k = 1
    for step in range(1, n):
        s = (bettor + step) % n
        st = pub["status"][s]
        if st not in ("accepted", "declined"):
            break
        calls[s] = (st == "accepted", k)
        k += st == "accepted"
    return passers, bettor, calls


def _pair_fits(obs: Observation, seat: int, pair: int, passers: set[int], bettor: int | None,
               calls: dict[int, tuple[bool, int]]) -> tuple[bool, bool]:
    """Whether a two-card start of ``seat`` fits the hard evidence, and the soft (the usual play's bands)."""
    pub = obs.public
    soft = True
    kept = pair
    if seat in passers:
        kept = _good_cards(pair)
        if 2 - kept.bit_count() != pub["laid_aside"][seat]:
            return False, False  # seed 004: the bad cards are laid aside, a good one kept
        soft = keep_strength(pair) < BET_AT + SLACK
    if seat == bettor:
        max_stake, stake = int(pub["max_stake"]), int(pub["stake"])
        low = BET_AT + (1 - BET_AT) * (stake - 1) / max_stake
        high = 1.0 if stake >= max_stake else BET_AT + (1 - BET_AT) * stake / max_stake
        soft = low - SLACK <= keep_strength(pair) <= high + SLACK
    if seat in calls:
        accepted, k = calls[seat]
        strength = keep_strength(kept, k)
        bar = CALL_AT + 0.02 * (k - 1)
        soft = soft and (strength >= bar - SLACK if accepted else strength < bar + SLACK)
    return True, soft


def model_worlds(obs: Observation, rng: random.Random, count: int) -> list[tuple[list[int], list[int]]]:
    """``count`` worlds at the current decision: every seat's cards now (bitmasks) and the stock (drawn from the end).

    The unseen starts fit the evidence (see ``_pair_fits``; the soft bands are dropped for a seat none fits);
    at the second discard a participant's completed four cards hold no prime nor flux (nobody showed), and
    one who already discarded ``d`` cards kept the best ``4 - d`` and drew ``d``.
    """
    pub = obs.public
    n = int(obs.rules["players"])
    me = obs.seat
    mine = 0
    for c in obs.hand:
        mine |= 1 << c.id
    for s, text in obs.history:
        if s == me and text.split(" ", 1)[0] in ("pass", "discard"):
            for code in text.split()[1:]:
                mine |= 1 << Card.parse(code).id
    unseen = [c for c in PACK_IDS if not mine >> c & 1]
    passers, bettor, calls = _seat_facts(obs)
    status = pub["status"]
    others = [s for s in range(n) if s != me]
    pairs = [(1 << a) | (1 << b) for a, b in combinations(unseen, 2)]
    lists: dict[int, list[int]] = {}
    for s in others:
        hard: list[int] = []
        both: list[int] = []
        for p in pairs:
            ok, soft = _pair_fits(obs, s, p, passers, bettor, calls)
            if ok:
                hard.append(p)
                if soft:
                    both.append(p)
        if not both and s == bettor:
            # A stake the usual play never bets (no start fits its band, e.g. the limit): read it as a strong start.
            both = [p for p in hard if keep_strength(p) >= BET_AT - SLACK]
        lists[s] = both or hard or pairs
    by_size = sorted(others, key=lambda s: len(lists[s]))
    second = obs.phase == "second_discard"
    participants = list(pub["participants"])
    worlds: list[tuple[list[int], list[int]]] = []
    for _ in range(count):
        used = mine
        start = [0] * n
        for s in by_size:
            options = lists[s]
            for _try in range(30):
                p = options[rng.randrange(len(options))]
                if not p & used:
                    break
            else:
                free = [c for c in unseen if not used >> c & 1]
                a, b = rng.sample(free, 2)
                p = (1 << a) | (1 << b)
            start[s] = p
            used |= p
        hands = [0] * n
        dead = 0
        for s in others:
            kept = _good_cards(start[s]) if s in passers else start[s]
            if status[s] == "declined" or (second and s not in participants):
                kept = 0
            hands[s] = kept
            dead |= start[s] & ~kept
        hands[me] = int(sum(1 << c.id for c in obs.hand))
        rest = [c for c in unseen if not used >> c & 1]
        rng.shuffle(rest)
        if second:
            rest = _second_discard_world(obs, rng, hands, rest)
        stock = [c for c in PACK_IDS if dead >> c & 1 or (mine >> c & 1 and not hands[me] >> c & 1)]
        rng.shuffle(stock)
        worlds.append((hands, stock + rest))  # drawn from the end: the dead cards only after a restock (D9)
    return worlds


def _second_discard_world(obs: Observation, rng: random.Random, hands: list[int], rest: list[int]) -> list[int]:
    """Complete the participants' starts to four (no prime nor flux) and play the discards already made."""
    me = obs.seat
    pub = obs.public
    for s in pub["participants"]:
        if s == me:
            continue
        need = HAND_SIZE - hands[s].bit_count()
        for _try in range(12):
            picked = rng.sample(range(len(rest)), need)
            hand = hands[s]
            for i in picked:
                hand |= 1 << rest[i]
            if not _is_made(hand):
                break
        for i in sorted(picked, reverse=True):
            rest.pop(i)
        d = int(pub["second_discard"][s])
        if d > 0:
            kept = best_keep_of_size(hand, HAND_SIZE - d)
            for _k in range(d):
                if not rest:
                    rest = _spare(hands, hand | kept)
                kept |= 1 << rest.pop()
            hand = kept
        hands[s] = hand
    return rest


def _worth(chips: list[int], me: int, teams: list[int] | None) -> float:
    """What a seat plays for: its own chips, or in partnership its side's (D10)."""
    if teams is None:
        return float(chips[me])
    return float(sum(x for s, x in enumerate(chips) if teams[s] == teams[me]))


def model_scores(obs: Observation, legal: list[Action], base: Action, pass_action: Action | None,
                 worlds: list[tuple[list[int], list[int]]], all_passes: bool = False) -> tuple[list[Action], list[list[float]]]:
    """The candidate actions (``base`` among them) and each one's result in every world (same worlds).

    At the opening: every bet, and the pass of the usual play (``pass_action``: the bad cards laid aside),
    or with ``all_passes`` every way of passing.
    """
    pub = obs.public
    n, me = int(obs.rules["players"]), obs.seat
    teams = pub["teams"]
    eldest, max_stake, consolation = int(pub["eldest"]), int(pub["max_stake"]), int(pub["consolation"])
    if obs.phase == "second_discard":
        return _discard_scores(obs, legal, base, worlds)
    if obs.phase == "opening":
        bets = [a for a in legal if a.kind == "bet"]
        passes = [a for a in legal if a.kind == "pass"] if all_passes else [pass_action, base]
        candidates = [*bets, *(a for a in passes if a is not None and a.kind == "pass")]
    else:
        candidates = [a for a in legal if a.kind in ("accept", "decline")]
    candidates = list(dict.fromkeys([*candidates, base]))
    scores: list[list[float]] = [[] for _ in candidates]
    for hands, stock in worlds:
        unit: list[int] | None = None
        for i, action in enumerate(candidates):
            if action.kind == "bet" and unit is not None:
                stake = int(action.args[0])
                chips = [x * stake for x in unit[1:]] if unit[0] else unit[1:]
            else:
                coup = _Coup(n, eldest, list(hands), list(pub["status"]), int(pub["stake"]), pub["bettor"],
                             list(stock), max_stake, consolation)
                first = Action("bet", ("1",)) if action.kind == "bet" else action
                if obs.phase == "opening":
                    chips = coup.open_from(me, first)
                else:
                    chips = coup.call_from(me, first)
                if action.kind == "bet":
                    # The usual calls do not look at the stake: a called bet's chips scale with it.
                    called = sum(1 for s in coup.status if s == "accepted") > 0
                    unit = [int(called), *chips]
                    stake = int(action.args[0])
                    chips = [x * stake for x in chips] if called else chips
            scores[i].append(_worth(chips, me, teams))
    return candidates, scores


def _discard_scores(obs: Observation, legal: list[Action], base: Action,
                    worlds: list[tuple[list[int], list[int]]]) -> tuple[list[Action], list[list[float]]]:
    """Every second discard against the same worlds: the others' final hands, my replacements from the top."""
    pub = obs.public
    n, me = int(obs.rules["players"]), obs.seat
    teams = pub["teams"]
    stake = int(pub["stake"])
    takers = list(pub["participants"])
    later = takers[takers.index(me) + 1 :]
    hand = 0
    for c in obs.hand:
        hand |= 1 << c.id
    kept_of = []
    for a in legal:
        aside = 0
        for code in a.args:
            aside |= 1 << Card.parse(code).id
        kept_of.append(hand & ~aside)
    scores: list[list[float]] = [[] for _ in legal]
    table = hand_values()
    for hands, stock in worlds:
        top = stock[-HAND_SIZE:] if len(stock) >= HAND_SIZE else _spare(hands)[-HAND_SIZE:]
        pool = stock[:-HAND_SIZE]
        values = {}
        for s in takers:
            if s == me:
                continue
            h = hands[s]
            if s in later:
                kept = best_keep(h)
                while kept.bit_count() < HAND_SIZE:
                    if not pool:
                        pool = [c for c in _spare(hands, h) if c not in top]
                    kept |= 1 << pool.pop()
                h = kept
            values[s] = table[h]
        for i, kept in enumerate(kept_of):
            h = kept
            j = len(top)
            while h.bit_count() < HAND_SIZE:
                j -= 1
                h |= 1 << top[j]
            values[me] = table[h]
            best = max(values.values())
            winners = [s for s in takers if values[s] == best]
            chips = [0] * n
            if len(winners) == 1:
                for s in takers:
                    chips[s] = stake * (len(takers) - 1) if s == winners[0] else -stake
            scores[i].append(_worth(chips, me, teams))
    return legal, scores
