"""The search bot of La Prime (``PrimeSearch``) and its engine worlds: the deal consistent with what one seat saw.

Under the seed's rules ``PrimeSearch`` scores its decisions over the cheap worlds of ``prime_model``; the
engine worlds below (``sample``, registered for ``sample_world``) serve the spec's options and the tests.

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
from typing import Any

from atout.bots.base import Bot, register_bot
from atout.bots.prime import PrimeBot, keep_table
from atout.bots.search import BUDGETS, Budget, SearchBot, cautious_choice, paired_scores, register_sampler
from atout.bots.search.prime_model import MODEL_WORLDS, model_scores, model_worlds
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
            return cautious_choice(base, candidates, scores, self.MARGIN)
        players = int(obs.rules["players"])
        policies = [make_policy(self.policy_name, self.rng.getrandbits(32)) for _ in range(players)]
        teams = obs.public["teams"]
        scores_ = paired_scores(obs, self.rng, self.budget, legal,
                                lambda sim: self._team_playout(sim, obs.seat, policies, teams))
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



register_sampler("prime", sample)
for _name, _budget in BUDGETS.items():
    register_bot("prime", _name, _search_factory(_name, _budget))
