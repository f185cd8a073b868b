"""Post-deal analysis (issue 20): what each card played in a finished Tarot deal cost, every hand seen.

For each position of the analysed tricks, :func:`atout.analysis.solve` gives the value of every legal card;
a card's **cost** is the card points its side lost against the best card there (the attack's card points
under best play after the best card, minus after the card played; the other way round for the defence).
The **value** move by move is the attack's card points under best play from each position on.

Only finished deals are analysed (a deal in progress still hides cards), and only the last ``tricks``
tricks of a deal: the solver's time grows fast with the cards left (docs/analysis.md), so the caller
bounds the work. The caller replays the record (this module sees only engine states).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from atout.analysis.solver import SolveLimit, Value, solve
from atout.games.tarot.rules import TARGETS

if TYPE_CHECKING:
    from atout.games.tarot.state import TarotState

#: Default and largest number of tricks analysed (the last ones of the deal); more is slower (docs/analysis.md).
DEFAULT_TRICKS = 5
#: By default, earlier tricks are then added while their solves stay within these nodes (about a second at
#: four players; docs/analysis.md): the browser's and the terminal's default, the same on any machine.
GROW_NODES = 3_000_000


class AnalysisError(ValueError):
    """A deal that cannot be analysed: ``code`` names why (``not_tarot``, ``unfinished``, ``no_play`` (all
    passed), ``annulled`` (a petit sec: no bid was made),
    ``bad_deal``, ``bad_tricks``, ``too_slow``), ``params`` the numbers of the message."""

    def __init__(self, message: str, code: str, params: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.code, self.params = code, dict(params or {})


@dataclass(frozen=True)
class CardCost:
    """One card played: who, which, the position's value before it (best play) and after it, its cost."""

    trick: int  # 1-based trick number
    seat: int
    card: str  # the card's code, e.g. "T21"
    attack: bool  # played by the attack
    before: Value
    after: Value
    cost: Fraction  # card points it cost its side against the best card (0: a best card)
    best: tuple[str, ...]  # the best cards there (codes)
    nodes: int = 0  # the solve's nodes (what a node budget counts)


@dataclass(frozen=True)
class DealAnalysis:
    """A deal's analysis: the value when its first analysed trick starts, each card's cost, the real end."""

    deal: int  # 0-based index in the record
    variant: str
    players: int
    contract: str
    taker: int
    first_trick: int  # 1-based: the first trick analysed (1: from the first lead)
    tricks: int  # tricks in the deal
    start: Value
    cards: tuple[CardCost, ...]
    played_points: Fraction  # the attack's card points as the deal was played
    partner: int | None = None  # the taker's partner at five (the called card's holder), None when alone

    def needed(self, value: Value) -> int:
        """The card points the attack needs with the bouts (oudlers) it has at ``value`` (36, 41, 51 or 56)."""
        return TARGETS[value.attack_oudlers]

    def played_margin(self) -> int:
        """By how much the contract was made (≥ 0) or failed as the deal was really played (its last card)."""
        return margin(self.variant, self.cards[-1].after)

    def needed_series(self) -> list[int]:
        """The points the attack needs, by the bouts it holds under best play, at each point of :meth:`series`."""
        return [self.needed(self.start), *(self.needed(c.after) for c in self.cards)]

    def series(self) -> list[Fraction]:
        """The attack's card points under best play, at the first analysed position then after each card."""
        return [self.start.attack_points, *(c.after.attack_points for c in self.cards)]


def margin(variant: str, value: Value) -> int:
    """By how much the contract is made (≥ 0) or failed (< 0) at that value, as the rules round it:
    card points against the target of the oudlers (seed 001 adds the petit au bout's 10 before rounding)."""
    d2 = int(value.attack_points * 2) - 2 * TARGETS[value.attack_oudlers]
    if variant == "seed":
        d2 += 20 if value.petit_au_bout == "attack" else -20 if value.petit_au_bout == "defence" else 0
    d = (abs(d2) + 1) // 2  # half a point counts as a whole one, away from zero
    return d if d2 >= 0 else -d


def analyse(plays: list[tuple[TarotState, str]], deal: int, tricks: int = DEFAULT_TRICKS,
            deadline: float | None = None, grow_nodes: int = 0) -> DealAnalysis:
    """Analyse one deal from ``plays``: each card of the deal's play in order, as ``(the state before it,
    its code)``, as the caller replayed them from a finished record; the last ``tricks`` tricks at least.
    ``deadline`` (``time.monotonic()``): past it, between two positions, AnalysisError ``too_slow``.

    ``grow_nodes``: then earlier tricks are added, one whole trick at a time from the latest back, while
    their solves stay within that many nodes in all (a trick that would pass it is left out, and so are
    those before it; so is any once ``deadline`` is past). Nodes, not seconds, so that the same record
    gets the same analysis on any machine: the first solve starts from an empty table."""
    if not plays:
        raise AnalysisError(f"deal {deal + 1}: no card was played (everybody passed)", "no_play", {"deal": deal + 1})
    first = plays[0][0]
    total = first.ntricks
    if not 1 <= tricks <= total:
        raise AnalysisError(f"tricks must be 1 to {total}", "bad_tricks", {"low": 1, "high": total})
    n = first.players
    assert first.contract is not None
    out: list[CardCost] = []
    fresh = True
    for state, card in plays:
        if state.trick_no < total - tricks:
            continue
        if deadline is not None and time.monotonic() > deadline:
            raise AnalysisError("analysis over its time budget", "too_slow", {"deal": deal + 1})
        out.append(_cost(state, card, fresh=fresh))
        fresh = False
    if not out:
        raise AnalysisError(f"deal {deal + 1}: its last tricks were not played", "no_play", {"deal": deal + 1})
    first_trick = total - tricks + 1
    left = grow_nodes
    while first_trick > 1 and left > 0 and not (deadline is not None and time.monotonic() > deadline):
        earlier = [(s, c) for s, c in plays if s.trick_no == first_trick - 2]
        try:
            added = []
            for state, card in earlier:
                cost = _cost(state, card, max_nodes=left)
                left -= cost.nodes
                added.append(cost)
        except SolveLimit:
            break
        out[:0] = added
        first_trick -= 1
    partner = first.partner if first.partner >= 0 and first.partner != first.taker else None
    return DealAnalysis(deal, first.variant, n, first.contract, first.taker, first_trick, total,
                        out[0].before, tuple(out), out[-1].after.attack_points, partner)


def _cost(state: TarotState, card: str, max_nodes: int | None = None, fresh: bool = False) -> CardCost:
    """The card ``card`` played at ``state``: its value against the best card there (one solve)."""
    solution = solve(state, max_nodes=max_nodes, fresh=fresh)
    seat = state.current_player
    assert seat is not None
    after = solution.cards[f"play {card}"]
    attack = state.side[seat] == 0
    lost = solution.attack_points - after.attack_points
    best = tuple(a.split(" ", 1)[1] for a in solution.best_cards())
    return CardCost(state.trick_no + 1, seat, card, attack, _value(solution), after, lost if attack else -lost,
                    best, solution.nodes)


def analyse_record(record: dict[str, Any], deal: int, tricks: int, replay: Callable[..., Any],
                   deadline: float | None = None, grow_nodes: int = 0) -> DealAnalysis:
    """Analyse deal ``deal`` (0-based) of a finished record; ``replay`` is :func:`atout.records.replay` (passed
    in: the records sit beside this package, not below it). AnalysisError for a game not Tarot, not finished,
    a deal out of range or without play."""
    from atout.games.tarot.state import TarotState

    entries = record["deals"] if "deals" in record else [record]
    whole = replay(record)
    if not isinstance(whole, TarotState):
        game = str(record.get("game"))
        raise AnalysisError(f"the analysis is for Tarot, not {game}", "not_tarot", {"game": game})
    if not whole.is_terminal():
        raise AnalysisError("the game is not over: its analysis would show hidden cards", "unfinished")
    if not 0 <= deal < len(entries):
        raise AnalysisError(f"deal {deal + 1}: the game has {len(entries)}", "bad_deal",
                            {"deal": deal + 1, "count": len(entries)})
    offset = sum(len(e["actions"]) for e in entries[:deal])
    state = replay(record, until=offset)
    plays: list[tuple[TarotState, str]] = []
    for step in entries[deal]["actions"]:
        action = str(step["action"])
        if action.startswith("play ") and state.phase == "play":
            plays.append((state.clone(), action.split(" ", 1)[1]))
        state.apply(action)
    if not plays and not any(str(step["action"]) == "pass" for step in entries[deal]["actions"]):
        # no card and no pass: the deal was annulled before the bidding (a petit sec), nobody passed
        raise AnalysisError(f"deal {deal + 1}: annulled before the bidding, no card was played", "annulled",
                            {"deal": deal + 1})
    return analyse(plays, deal, tricks, deadline, grow_nodes)


def _value(v: Value) -> Value:
    """The :class:`Value` part of a solution (without its cards)."""
    return Value(v.returns, v.attack_points, v.attack_score, v.attack_oudlers, v.petit_au_bout, v.slam)


__all__ = ["DEFAULT_TRICKS", "GROW_NODES", "AnalysisError", "CardCost", "DealAnalysis", "analyse", "analyse_record", "margin"]
