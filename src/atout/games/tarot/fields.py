"""What the Tarot state holds, as a structural type: the narration, view and rollout helpers read a
:class:`TarotFields`, so they need not import :class:`~atout.games.tarot.state.TarotState` (which imports them).

Each field is described where ``TarotState.__init__`` or ``_reset_deal`` sets it; this is the reading side only.
"""

from __future__ import annotations

from typing import Any, Protocol

from atout.core.actions import Action
from atout.core.protocol import DealLog, Score
from atout.games.tarot.rules import TarotRules


class TarotFields(Protocol):
    """The attributes and methods of a Tarot state that its helper modules read."""

    rules: TarotRules
    variant: str
    players: int
    seed: int
    fft: bool
    log: list[DealLog]
    deals_limit: int
    redeal_void: bool
    counted: int
    totals4: list[int]
    next_seat: tuple[int, ...]
    ntricks: int
    # the deal
    hands: list[int]
    talon: int
    talon_shown: bool
    eldest: int
    bids: tuple[tuple[int, str], ...]
    best_bid: int
    taker: int
    contract: str | None
    called: int
    partner: int
    partner_revealed: bool
    side: list[int]
    ecart: int
    ecart_trumps: int
    announcements: list[tuple[int, str, int]]
    flags: tuple[int, ...]
    slam_announced: bool
    ann_count: int
    shower: int
    showing: int
    # the play
    leader: int
    trick: tuple[int, ...]
    led: int
    best: int
    win: int
    ex_seat: int
    trick_no: int
    history: tuple[tuple[int, tuple[int, ...], int], ...]
    played: int
    piles: list[int]
    tricks_won: list[int]
    debt: int
    pab: str | None
    outcome: dict[str, Any] | None
    current_player: int | None
    _phase: str

    @property
    def phase(self) -> str: ...

    @property
    def deal_index(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    def legal_actions(self) -> list[Action]: ...

    def returns(self) -> list[Score]: ...

    def last_row(self) -> list[Score] | None: ...

    def seen_history(self, seat: int) -> tuple[tuple[int, str], ...]: ...

    def table_rules(self) -> dict[str, Any]: ...

    def apply(self, action: Action | str) -> None: ...

    def clone(self) -> TarotFields: ...
