"""La Prime rule options (spec prime.md, "Recommended rule options"; seed 004).

>>> PrimeRules(players=4, partnerships=True).team_of(3)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from atout.core.options import Interval, check_fields

#: Variants: each for himself (3-6 players) and the 4-player partnership ("en société de deux à deux").
VARIANTS: dict[str, dict[str, bool]] = {"chacun_pour_soi": {}, "societe": {"partnerships": True}}
VARIANT_HELP = {
    "chacun_pour_soi": "each for himself, 3 to 6 players (seed 004)",
    "societe": "4 players in two partnerships, partners facing (seat mod 2); scores per team (seed 004, D10)",
}
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"chacun_pour_soi": (3, 4, 5, 6), "societe": (4,)}
#: When the first discard happens: with the pass, before anyone bets (the seed's order), or after the
#: calling round for every participant (spec D7).
FIRST_DISCARD = ("pass", "after_calling")
SHOW_RULES = ("compulsory", "optional")
#: The highest stake an option may set: the opening lists one ``bet N`` per amount from min_stake to
#: max_stake, so at most 50 bets and 4 passes (issue 16: a stake of 10¹² once listed 10¹² bets).
STAKE_LIMIT = 50
#: The largest stack an option may give: a thousand times the default, far above any table's use.
CHIPS_LIMIT = 100_000


@dataclass(frozen=True)
class PrimeRules:
    """Rule options of La Prime."""

    players: int = 4  # seed 004: "entre 3, entre 4, entre 5, & même en 6 personnes"
    partnerships: bool = False  # seed 004: with 4, "en société de deux à deux" (partners: seat mod 2)
    max_stake: Annotated[int, Interval(ge=1, le=STAKE_LIMIT)] = 10  # seed 004: "le plus fort pari n'ira pas au-delà de …"
    min_stake: Annotated[int, Interval(ge=1, le=STAKE_LIMIT)] = 1  # the smallest bet, in chips (at most max_stake)
    # seed 004: paid by each player to a bettor nobody calls ("limite à un écu … ou à ce qu'on veut")
    consolation: Annotated[int, Interval(ge=0, le=STAKE_LIMIT)] = 1
    chips: Annotated[int, Interval(ge=1, le=CHIPS_LIMIT)] = 100  # each stack at the start (the seed names no amount)
    # "pass": the seed's order, a passer lays aside 0-2 cards; "after_calling": spec D7, every participant.
    first_discard: Literal["pass", "after_calling"] = "pass"
    # "compulsory": the seed's order, a prime or flux dealt in the completion is shown and the second
    # discard happens only "s'il ne se trouve pas un jeu fait" (seed 004); "optional": spec D8's reading.
    show: Literal["compulsory", "optional"] = "compulsory"

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or self.players not in (3, 4, 5, 6):
            raise ValueError(f"La Prime is for 3, 4, 5 or 6 players (seed 004), not {self.players!r}")
        if self.partnerships and self.players != 4:
            raise ValueError(f"partnerships need exactly 4 players (seed 004), not {self.players}")
        if self.first_discard not in FIRST_DISCARD:
            raise ValueError(f"first_discard must be one of {', '.join(FIRST_DISCARD)}, not {self.first_discard!r}")
        if self.show not in SHOW_RULES:
            raise ValueError(f"show must be one of {', '.join(SHOW_RULES)}, not {self.show!r}")
        check_fields(self, "La Prime")  # every option's type and range (stakes, chips), as build_rules says them
        if self.min_stake > self.max_stake:
            raise ValueError(f"min_stake ({self.min_stake}) is above max_stake ({self.max_stake})")

    @property
    def teams(self) -> int:
        """Number of scoring sides: two teams in partnership, else one per player."""
        return 2 if self.partnerships else self.players

    def team_of(self, seat: int) -> int:
        """Partners sit alternately (seat mod 2), as in La Triomphe; each for himself: the seat."""
        return seat % 2 if self.partnerships else seat
