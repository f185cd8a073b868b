"""Worlds for La Prime: the two-card hands and the stock dealt consistently with what one seat observed.

Seed 004: the dealer gives two cards to each, then completes the bettor and the acceptors "une à la
fois" from the stock; the second discard is replaced from the stock. The sampler rebuilds that order
(public: who is in, how many cards each laid aside or discarded), so the seat's own draws sit at their
places in the stock and every other card of the world is unseen to it. The evidence of the table:

* a passer lays aside his bad cards and keeps a good one (seed 004: "si ses deux cartes sont toutes les
  deux mauvaises, il les écarte. S'il y en a une bonne la retient"; a good card is worth a 5 or more);
* "celui qui a du jeu dans ses deux cartes, parie": a bettor's start is strong, the more so the higher
  his stake; an acceptor's is fair, a decliner's and a passer's weaker (soft: the strength bands of the
  table's usual play, relaxed when no world fits them);
* a participant who did not show holds no prime nor flux (compulsory in the seed's order, D8).

The hidden first and second discards are filled with cards of the world's hands.

>>> import random, atout
>>> g = atout.new_game("prime", players=4, seed=3)
>>> deal, fills = sample(g.observation(g.current_player), random.Random(1))
>>> len(deal["hands"]), len(deal["stock"])
(4, 32)
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from atout.bots.base import Bot, register_bot
from atout.bots.prime import PrimeBot, best_keep, hand_values, keep_strength, keep_table
from atout.bots.search import BUDGETS, Budget, SearchBot, cautious_choice, register_sampler, sample_world
from atout.core.actions import Action
from atout.core.cards import Card
from atout.core.cardset import codes, mask
from atout.core.packs import PRIME40
from atout.core.protocol import GameState, Observation
from atout.games.prime.evaluate import VALUES, Category, evaluate_ids

PACK_IDS = tuple(c.id for c in PRIME40.cards)
GOOD = 15  # seed 004 "une bonne": a card worth at least a 5 (5, A, 6, 7)
TRIES = 80  # worlds drawn per sample before the soft evidence is relaxed
MADE = (Category.PRIME, Category.FLUX)
HAND_SIZE = 4  # seed 004: "chacun montre ses quatre cartes"


def start_strength(pair: tuple[int, int]) -> float:
    """Mean percentile (among all four-card hands) of two cards completed by any two other cards."""
    return keep_table()[0][(1 << pair[0]) | (1 << pair[1])]


def _strength(cards: list[int]) -> float:
    a, b = sorted(cards)
    return start_strength((a, b))


def draw_order(participants: list[int], need: dict[int, int]) -> list[int]:
    """The seats served by the completion, one card at a time round the participants (seed 004, D7)."""
    got = dict.fromkeys(participants, 0)
    out: list[int] = []
    while any(got[s] < need[s] for s in participants):
        for s in participants:
            if got[s] < need[s]:
                got[s] += 1
                out.append(s)
    return out


#: The table's usual play (seed 004's advice as the heuristic bot reads it): a start strength from which
#: one bets, the stake growing with it, and from which one accepts (a bit more per extra opponent).
BET_AT, CALL_AT, SLACK = 0.60, 0.45, 0.08


def evidence(obs: Observation) -> list[tuple[int, int, float, float]]:
    """What the bets and calls say of the two first cards: ``(seat, cards laid aside before, low, high)``."""
    pub = obs.public
    max_stake = int(pub["max_stake"])
    out: list[tuple[int, int, float, float]] = []
    laid: dict[int, int] = {}
    callers = 1
    for s, text in obs.history:
        if s == obs.seat:
            if text == "accept":
                callers += 1
            continue
        verb = text.split(" ", 1)[0]
        if verb == "pass":
            laid[s] = 0 if "(0 hidden)" in text or text == "pass" else 1
            out.append((s, 0, 0.0, BET_AT + SLACK))  # did not bet
        elif verb == "bet":
            stake = int(text.split()[1])
            low = BET_AT + (1 - BET_AT) * (stake - 1) / max_stake
            high = 1.0 if stake >= max_stake else BET_AT + (1 - BET_AT) * stake / max_stake
            out.append((s, 0, low - SLACK, high + SLACK))
        elif verb in ("accept", "decline"):
            bar = CALL_AT + 0.02 * (callers - 1)
            if verb == "accept":
                out.append((s, laid.get(s, 0), bar - SLACK, 1.0))
                callers += 1
            else:
                out.append((s, laid.get(s, 0), 0.0, bar + SLACK))
    return out


def _soft_misses(initial: list[int], facts: list[tuple[int, int, float, float]]) -> int:
    """How many of the table's bets and calls a world's two-card hands contradict."""
    misses = 0
    for s, laid, low, high in facts:
        if laid:
            continue  # judged on fewer than two cards: not checked
        strength = _strength([c for c in PACK_IDS if initial[s] >> c & 1])
        misses += not low <= strength <= high
    return misses


def sample(obs: Observation, rng: random.Random) -> tuple[dict[str, Any], dict[int, str]] | None:
    """A deal (the two-card hands and the stock in order) consistent with ``obs``, and the hidden discards."""
    pub = obs.public
    n = int(obs.rules["players"])
    me = obs.seat
    hand = [c.id for c in obs.hand]
    participants: list[int] = list(pub["participants"])
    laid = list(pub["laid_aside"])
    second = list(pub["second_discard"])
    # The history: my own first discard (named), the others' hidden ones and their places.
    my_first: list[int] = []
    first_at: dict[int, int] = {}
    second_at: dict[int, int] = {}
    no_show: set[int] = set()
    seen_discard: set[int] = set()
    plain_pass: list[int] = []
    after_calling = obs.rules.get("first_discard") == "after_calling"
    for i, (s, text) in enumerate(obs.history):
        verb = text.split(" ", 1)[0]
        round_one = (verb == "pass" and not after_calling) or (verb == "discard" and after_calling and s not in seen_discard)
        if verb == "pass" and after_calling:
            if s != me:
                plain_pass.append(i)  # spec D7: nothing is laid aside with the pass
        elif verb == "discard" and not round_one:
            second_at[s] = i
        elif round_one:
            seen_discard.add(s)
            if s == me:
                my_first = [Card.parse(c).id for c in text.split()[1:]]
            else:
                first_at[s] = i  # filled even when empty: "pass (0 hidden)" is not an action
        elif verb == "no_show":
            no_show.add(s)
    completed = obs.phase in ("show", "second_discard") and me in participants
    if me in participants and second[me] >= 0:
        return None  # my own second discard is done: no decision of mine is left in this coup
    need = {s: 2 + laid[s] for s in participants} if completed else {}
    order = draw_order(participants, need) if completed else []
    for s in participants:
        if completed and second[s] > 0:
            order += [s] * second[s]
    kept_count = 2 - len(my_first)
    if completed:
        mine = list(hand)
        rng.shuffle(mine)
        kept, my_draws = mine[:kept_count], mine[kept_count:]
    else:
        kept, my_draws = list(hand), []
    my_initial = kept + my_first
    if len(my_initial) != 2:
        return None  # declined (my cards are dead): nothing of mine to decide
    known = mask(my_initial) | mask(my_draws)
    unseen = [c for c in PACK_IDS if not known >> c & 1]
    others = [s for s in range(n) if s != me]
    stock_len = 40 - 2 * n
    facts = evidence(obs)
    best: tuple[int, list[int], list[int]] | None = None
    for attempt in range(TRIES):
        rng.shuffle(unseen)
        initial = [0] * n
        initial[me] = mask(my_initial)
        for k, s in enumerate(others):
            initial[s] = mask(unseen[2 * k : 2 * k + 2])
        pool = unseen[2 * len(others) :]
        draws = iter(my_draws)
        rest = iter(pool)
        stock = [next(draws) if k < len(order) and order[k] == me else next(rest) for k in range(stock_len)]
        # Hard evidence: a passer keeps his good cards (seed 004); a participant who did not show has
        # neither prime nor flux once completed.
        misses = 0
        for s in first_at:
            bad = sum(1 for c in PACK_IDS if initial[s] >> c & 1 and VALUES[c] < GOOD)
            if bad != laid[s]:
                misses += 10
        if no_show:
            hands_now = {s: [c for c in PACK_IDS if initial[s] >> c & 1] for s in participants}
            for s, k in zip(order[: sum(need.values())], stock, strict=False):
                hands_now[s].append(k)
            for s in no_show:
                if s != me and s in hands_now and _made(hands_now[s], laid[s]):
                    misses += 10
        soft = _soft_misses(initial, facts)
        score = misses + soft
        if best is None or score < best[0]:
            best = (score, initial, stock)
        if score == 0 or (attempt >= TRIES // 2 and misses == 0):
            break
    assert best is not None
    _, initial, stock = best
    fills = _fills(obs, initial, stock, order, need, first_at, second_at, laid, second, rng)
    fills.update(dict.fromkeys(plain_pass, "pass"))
    deal = {"hands": [codes(h) for h in initial], "stock": [Card(c).code for c in stock]}
    return deal, fills


def _made(cards: list[int], laid: int) -> bool:
    """Whether a completed hand holds a prime or a flux, its bad cards laid aside first (see ``_fills``)."""
    hand = _keep(cards[:2], laid) + cards[2:]
    return len(hand) == 4 and evaluate_ids(hand).category in MADE


def _keep(start: list[int], laid: int) -> list[int]:
    """The cards a passer keeps when he lays ``laid`` aside: the best by value (seed 004 "la retient")."""
    return sorted(start, key=lambda c: -VALUES[c])[: len(start) - laid]


def _fills(obs: Observation, initial: list[int], stock: list[int], order: list[int], need: dict[int, int],
           first_at: dict[int, int], second_at: dict[int, int], laid: list[int], second: list[int],
           rng: random.Random) -> dict[int, str]:
    """Texts of the other seats' hidden discards: the bad cards first, then a second discard at random."""
    fills: dict[int, str] = {}
    hands: dict[int, list[int]] = {}
    for s, i in first_at.items():
        start = [c for c in PACK_IDS if initial[s] >> c & 1]
        keep = _keep(start, laid[s])
        aside = [c for c in start if c not in keep]
        verb = obs.history[i][1].split(" ", 1)[0]
        fills[i] = " ".join([verb, *(Card(c).code for c in aside)])
        hands[s] = keep
    for s in need:
        hands.setdefault(s, [c for c in PACK_IDS if initial[s] >> c & 1])
    for s, c in zip(order[: sum(need.values())], stock, strict=False):
        hands[s].append(c)
    for s, i in second_at.items():
        if s == obs.seat:
            continue
        aside = rng.sample(hands[s], second[s]) if second[s] > 0 else []
        fills[i] = " ".join(["discard", *(Card(c).code for c in aside)])
    return fills


class PrimeSearch(SearchBot):
    """Search for La Prime: each action against hundreds of cheap worlds, the heuristic's choice kept unless beaten.

    Under the seed's rules (the pass carries the first discard, a prime or flux is shown) the bet or pass
    and its stake, the call and the second discard are scored by the model below (``model_worlds``,
    ``model_scores``): every candidate meets the same worlds, and replaces the heuristic's choice only when
    its mean gain exceeds ``MARGIN`` standard errors of the paired differences. Under the spec's options
    (D7 ``after_calling``, D8 ``optional``) it falls back to engine playouts over ``budget.worlds`` worlds
    with the 2-standard-error rule.
    """

    MARGIN = 0.0
    ALL_PASSES = False  # at the opening, weigh every way of passing (not only laying the bad cards aside)
    PIMC_MARGIN = 2.0

    def __init__(self, seed: int = 0, game: str = "prime", budget: Budget | None = None, worlds: int = 400) -> None:
        super().__init__(seed, game, budget)
        self.model_worlds = worlds

    def act(self, obs: Observation) -> Action:
        legal = list(obs.legal_actions)
        if len(legal) <= 1:
            return super().act(obs)
        base = self.fallback.act(obs)
        seed_rules = obs.rules.get("first_discard", "pass") == "pass" and obs.rules.get("show", "compulsory") == "compulsory"
        if seed_rules and obs.phase in ("opening", "calling", "second_discard"):
            if self.MARGIN == float("inf"):
                return base
            pass_action = None
            if obs.phase == "opening" and isinstance(self.fallback, PrimeBot):
                pass_action = self.fallback.pass_choice(obs)
            worlds = model_worlds(obs, self.rng, self.model_worlds)
            candidates, scores = model_scores(obs, legal, base, pass_action, worlds, self.ALL_PASSES)
            return cautious(base, candidates, scores, self.MARGIN)
        players = int(obs.rules["players"])
        policies = [make_policy(self.policy_name, self.rng.getrandbits(32)) for _ in range(players)]
        scores_: list[list[float]] = [[] for _ in legal]
        for _ in range(self.budget.worlds):
            world = sample_world(obs, self.rng, self.budget.tries)
            if world is None:
                continue
            for i, action in enumerate(legal):
                sim = world.clone()
                sim.apply(action)
                scores_[i].append(self._team_playout(sim, obs.seat, policies, obs.public["teams"]))
        return cautious_choice(base, legal, scores_, self.PIMC_MARGIN)

    @staticmethod
    def _team_playout(state: GameState, me: int, policies: list[Bot], teams: list[int] | None) -> float:
        """My result against the others' mean; in partnership (D10) my side's total against the other's."""
        if teams is None:
            return SearchBot._playout(state, me, policies)
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            state.apply(policies[seat].act(state.observation(seat)))
        ret = state.returns()
        mine = sum(float(r) for s, r in enumerate(ret) if teams[s] == teams[me])
        return mine - sum(float(r) for s, r in enumerate(ret) if teams[s] != teams[me])


def make_policy(name: str, seed: int) -> Bot:
    """The playout policy of a seat (the game's heuristic bot)."""
    from atout.bots.base import make_bot

    return make_bot("prime", name, seed=seed)


def _search_factory(name: str, budget: Budget) -> Any:
    return lambda seed: PrimeSearch(seed, "prime", budget, MODEL_WORLDS.get(name, 400))



# --- The model: many cheap worlds played to the showdown by the table's usual play ------------------------
#
# A La Prime coup has few decisions (bet or pass and the stake, accept or decline, the second discard), each
# settled at once by a showdown whose chips are the stake times a handful of outcomes. So the search plays
# hundreds of cheap worlds instead of a few engine playouts: the unseen two-card starts dealt with the
# evidence of the table (who passed and how many cards he laid aside, the bet's size, who accepted, who
# did not show, how many cards each discarded), the rest of the pack in random order, and the coup played
# out on bitmasks by the heuristic's rules (bet from BET_AT with the stake growing, accept from CALL_AT,
# discard keeping the subset with the best completed mean percentile, see ``best_keep``). Every candidate
# action meets the same worlds (common random numbers).

#: Worlds per decision of ``search`` and ``search_expert``.
MODEL_WORLDS = {"search": 400, "search_expert": 1200}


def _bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _good_cards(m: int) -> int:
    """The cards a passer keeps: those worth at least a 5 (seed 004 "une bonne la retient")."""
    out = 0
    for c in _bits(m):
        if VALUES[c] >= GOOD:
            out |= 1 << c
    return out


def _is_made(m: int) -> bool:
    return hand_values()[m].category in MADE


def best_keep_of_size(hand: int, size: int) -> int:
    """The ``size`` cards of ``hand`` (bitmask) whose random completion has the best mean percentile."""
    one, _ = keep_table()
    best, best_value = 0, -1.0
    for sub in combinations(_bits(hand), size):
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
        return Action("pass", tuple(Card(c).code for c in _bits(bad)))

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


def cautious(base: Action, candidates: list[Action], scores: list[list[float]], margin: float) -> Action:
    """Keep ``base`` unless a candidate's mean gain over it, world by world, exceeds ``margin`` standard errors.

    (The rule of ``atout.bots.search.cautious_choice``, here with the best gain taken among the clear ones.)

    >>> a, b = Action("pass"), Action("bet", ("1",))
    >>> cautious(a, [a, b], [[0.0, 0.0, 0.0], [1.0, 1.2, 0.9]], margin=2.0) == b
    True
    """
    k = candidates.index(base)
    worlds = len(scores[k])
    if worlds < 2:
        return base
    best, best_gain = base, 0.0
    for i, action in enumerate(candidates):
        diffs = [x - y for x, y in zip(scores[i], scores[k], strict=True)]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
        if mean > best_gain and mean > margin * (var / worlds) ** 0.5:
            best, best_gain = action, mean
    return best


register_sampler("prime", sample)
for _name, _budget in BUDGETS.items():
    register_bot("prime", _name, _search_factory(_name, _budget))
