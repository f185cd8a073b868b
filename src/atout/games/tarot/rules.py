"""French Tarot rule options, card tables and the legality of each kind of move.

Seed 001, "Règles du Tarot"; spec ``shared/rules/tarot.md`` (sections §n, decisions Dn, "FFT rule n"
for its section "Variant: FFT official rules"). Every legality function is a cascade of guard
clauses over bitmasks (bit ``i`` = card id ``i``, see :mod:`atout.core.cards`).

>>> from atout.core.cardset import mask
>>> from atout.core.cards import cards
>>> hand = mask(cards("KH 3H T5 T12"))
>>> legal_play_mask(hand, led=HEARTS, best=card_id("QH")) == mask(cards("KH 3H"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Final, Literal

from atout.core.cards import EXCUSE_ID, PLAIN_CARDS, Card
from atout.core.cardset import SUIT_MASKS, TRUMPS_MASK
from atout.core.options import Interval, MultipleOf, check_fields

# --- card ids and masks ----------------------------------------------------------------------------
HEARTS: Final = 1
TRUMP_SUIT: Final = 4  # "suit" code of the trumps in the led-suit encoding below
NO_SUIT: Final = -1  # nothing led yet (empty trick, or only the Excuse so far)
PETIT: Final = 56  # trump 1, le Petit
TWENTY_ONE: Final = 76  # trump 21
EXCUSE: Final = EXCUSE_ID  # 77
EXCUSE_BIT: Final = 1 << EXCUSE
PETIT_BIT: Final = 1 << PETIT
TRUMPS: Final = TRUMPS_MASK  # trumps 1..21 (ids 56..76), without the Excuse
TRUMPS_EX: Final = TRUMPS | EXCUSE_BIT  # trumps and the Excuse ("assimilée à un atout", seed 001)
ALL_CARDS: Final = (1 << 78) - 1
#: ``1 << id`` per card id: a shift of a 78-bit integer allocates a new one, a tuple look-up does not.
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(78))
OUDLERS: Final = PETIT_BIT | (1 << TWENTY_ONE) | EXCUSE_BIT  # les bouts: 1, 21 and the Excuse
PLAIN: Final = (1 << PLAIN_CARDS) - 1
KINGS: Final = sum(1 << (s * 14 + 13) for s in range(4))
QUEENS: Final = KINGS >> 1
KNIGHTS: Final = KINGS >> 2
JACKS: Final = KINGS >> 3
COURTS: Final = KINGS | QUEENS | KNIGHTS | JACKS  # les figures
MIDDLE_TRUMPS: Final = TRUMPS & ~PETIT_BIT & ~(1 << TWENTY_ONE)  # trumps 2..20, "atouts intermédiaires"

#: Suit code of each card id: 0..3 plain suits (S H D C), 4 trumps, -1 the Excuse.
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 14 if i < PLAIN_CARDS else (TRUMP_SUIT if i < EXCUSE else NO_SUIT)
                                        for i in range(78))
#: Trumps strictly higher than a given trump id (0 for other ids): the "monter" masks of §9.1.
ABOVE: Final[tuple[int, ...]] = tuple(TRUMPS & ~((1 << (i + 1)) - 1) if i >= PLAIN_CARDS else 0 for i in range(78))

#: Card values in half points (§2.1, decision D3): oudler or King 4.5, Queen 3.5, Knight 2.5,
#: Jack 1.5, any other card 0.5; the pack totals 182 half points = 91 points.
VALUE2: Final[tuple[int, ...]] = tuple(
    9 if (1 << i) & (OUDLERS | KINGS) else 7 if (1 << i) & QUEENS else 5 if (1 << i) & KNIGHTS
    else 3 if (1 << i) & JACKS else 1
    for i in range(78)
)
LOW_CARDS: Final = sum(1 << i for i in range(78) if VALUE2[i] == 1)  # the ½-point cards ("carte sans valeur")

# --- contracts -------------------------------------------------------------------------------------
#: Contracts of each variant, weakest first, and their multipliers (seed 001 "coefficients"; FFT rule 1).
CONTRACTS: Final[dict[str, tuple[str, ...]]] = {
    "seed": ("prise", "pousse", "garde", "garde_sans", "garde_contre"),
    "fft": ("petite", "garde", "garde_sans", "garde_contre"),
}
MULTIPLIERS: Final[dict[str, dict[str, int]]] = {
    "seed": {"prise": 1, "pousse": 2, "garde": 4, "garde_sans": 8, "garde_contre": 12},
    "fft": {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6},
}
#: Contracts where the talon stays face down (seed 001: "Garde sans le Talon", "Garde contre").
BLIND_CONTRACTS: Final = frozenset({"garde_sans", "garde_contre"})
#: Points the attack needs with 0, 1, 2, 3 oudlers (seed 001, §10).
TARGETS: Final = (56, 51, 41, 36)

# --- deal sizes (§3) and handfuls (§7) -------------------------------------------------------------
HAND_SIZE: Final = {3: 24, 4: 18, 5: 15}
TALON_SIZE: Final = {3: 6, 4: 6, 5: 3}
#: Handful thresholds (simple, double, triple) per number of players (seed 001; D17 for FFT at five).
POIGNEE_THRESHOLDS: Final = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
POIGNEE_KINDS: Final = ("poignee_simple", "poignee_double", "poignee_triple")
#: Announcement values (seed 001 "Les annonces et les primes"; FFT rule 4 keeps the handful values).
ANNOUNCE_VALUES: Final = {
    "sans_atouts": 10, "sans_points": 10, "poignee_simple": 20, "poignee_double": 30, "poignee_triple": 40,
}
VARIANTS: Final = ("seed", "fft")
VARIANT_HELP: Final = {
    "seed": "seed 001 'Règles du Tarot': Prise/Pousse/Garde/Garde sans/Garde contre, annonces, capot",
    "fft": "official FFT rules: Petite/Garde/Garde sans/Garde contre, poignée and chelem, no Pousse",
}
PLAYER_COUNTS: Final[dict[str, tuple[int, ...]]] = {"seed": (3, 4, 5), "fft": (3, 4, 5)}
COUNT_METHODS: Final = ("half_points", "seed_literal")


def card_id(code: str) -> int:
    """The id of a card code (``'T21'`` → 76)."""
    return Card.parse(code).id


@dataclass(frozen=True)
class TarotRules:
    """Rule options of French Tarot (spec tarot.md, "Recommended rule options").

    >>> TarotRules(players=5, variant="fft").talon_size
    3
    """

    #: Options that only one variant's scoring reads (the lobby offers them with that variant only): the FFT
    #: scores the chelem at fixed values (spec tarot.md, FFT rule 5) and counts each honour with any low card
    #: (D3: "every other source (FFT, pagat)"); ``seed_literal`` is a reading of seed 001 alone.
    VARIANT_ONLY: ClassVar[dict[str, tuple[str, ...]]] = {"capot_value": ("seed",), "count_method": ("seed",)}

    players: int = 4  # 3, 4 or 5 (seed 001: "à trois, quatre ou cinq joueurs")
    variant: str = "seed"  # "seed" (seed 001) or "fft" (spec section "Variant: FFT official rules")
    # seed 001: 600 ("dans certaines régions, 1000"); even, since half is paid when unannounced (§11.4)
    capot_value: Annotated[int, Interval(ge=2, le=10_000), MultipleOf(2)] = 600
    # D3: every card at its half-point value; "seed_literal" pairs honours
    count_method: Literal["half_points", "seed_literal"] = "half_points"
    italian: bool = False  # show Italian suit names (swords, cups, coins, batons); the rules are unchanged

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"tarot has no variant {self.variant!r}; variants: {', '.join(VARIANTS)}")
        if self.players not in (3, 4, 5):
            raise ValueError(f"tarot is for 3, 4 or 5 players, not {self.players!r}")
        cv = self.capot_value
        if not isinstance(cv, int) or isinstance(cv, bool) or cv <= 0 or cv % 2:
            raise ValueError(f"capot_value must be a positive even integer (half is paid unannounced), not {cv!r}")
        if self.count_method not in COUNT_METHODS:
            raise ValueError(f"count_method must be one of {', '.join(COUNT_METHODS)}, not {self.count_method!r}")
        if not isinstance(self.italian, bool):
            raise ValueError(f"italian must be true or false, not {self.italian!r}")
        check_fields(self, "Tarot")  # every option's type and range (capot_value at most 10000), as build_rules says

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.players]

    @property
    def talon_size(self) -> int:
        return TALON_SIZE[self.players]

    @property
    def contracts(self) -> tuple[str, ...]:
        return CONTRACTS[self.variant]

    @property
    def fft(self) -> bool:
        return self.variant == "fft"


# --- trick play (§9.1) -----------------------------------------------------------------------------
def legal_play_mask(hand: int, led: int, best: int) -> int:
    """The cards of ``hand`` that may be played (§9.1); ``led`` and ``best`` describe the trick.

    ``led`` is the suit fixed by the first card other than the Excuse (0..3 plain, 4 trumps,
    -1 none yet); ``best`` is the id of the card winning so far (a trump id >= 56 once a trump is in).

    Speed: an operation on these 78-bit masks allocates a new integer, so each test takes the
    Excuse along in one ``&`` with a mask that includes it (``_WITH_EX``); ``m and m != EXCUSE_BIT``
    then means "some card other than the Excuse" (comparisons allocate nothing).
    """
    # Nothing fixes the suit yet (opening lead, or after a led Excuse): any card.
    if led < 0:
        return hand
    # The Excuse may always be played (seed 001: "à tout moment"): every mask below includes it.
    # Must follow the led plain suit, without having to beat (seed 001: "pas obligés de monter").
    if led < TRUMP_SUIT:
        follow = hand & _SUIT_EX[led]
        if follow and follow != EXCUSE_BIT:
            return follow
    trumps = hand & TRUMPS_EX
    # Void in the led suit (or trumps led) with no trump: any card (défausse).
    if not trumps or trumps == EXCUSE_BIT:
        return hand
    # Must overtrump a trump already in the trick when able, even a partner's (seed 001: "monter").
    if best >= PLAIN_CARDS:
        higher = hand & _ABOVE_EX[best]
        if higher and higher != EXCUSE_BIT:
            return higher
    # Must trump (couper), or still play a lower trump when unable to overtrump ("pisser").
    return trumps


#: A plain suit's cards and the Excuse; trumps above a trump id and the Excuse (see legal_play_mask).
_SUIT_EX: Final = tuple(m | EXCUSE_BIT for m in SUIT_MASKS)
_ABOVE_EX: Final = tuple(a | EXCUSE_BIT for a in ABOVE)


def play_rule(hand: int, led: int, best: int) -> str:
    """The rule that restricts the legal cards in this position, worded for an error message."""
    return play_rule_code(hand, led, best)[0]


def play_rule_code(hand: int, led: int, best: int) -> tuple[str, str, dict[str, object]]:
    """(message, code, params) of the rule that restricts the legal cards here (for IllegalAction)."""
    if led < 0:
        return "any card may be played", "any_card", {}
    suit = "SHDC"[led] if led < TRUMP_SUIT else "T"
    if led < TRUMP_SUIT and hand & SUIT_MASKS[led]:
        return ("must follow the suit led (seed 001: 'fournir la couleur demandée')", "must_follow",
                {"suit": suit, "cite": "seed 001, §9.1"})
    trumps = hand & TRUMPS
    if not trumps:
        return "no card of the suit led and no trump: any card may be played", "any_card", {}
    if best >= PLAIN_CARDS and trumps & ABOVE[best]:
        return (f"must overtrump the {Card(best).code} (seed 001: 'monter à l'atout')", "must_overtrump",
                {"card": Card(best).code, "cite": "seed 001, §9.1"})
    if led == TRUMP_SUIT:
        return "trumps were led: must play a trump (seed 001, §9.1)", "must_play_trump", {"cite": "seed 001, §9.1"}
    return ("void in the suit led: must trump (seed 001: 'couper'), even under a higher trump", "must_trump",
            {"suit": suit, "cite": "seed 001, §9.1"})


def trick_winner_index(trick: list[int]) -> int:
    """Index of the card that wins ``trick`` by §9.2: highest trump, else highest card of the suit led.

    The Excuse never wins here (its capot exception, §9.4, is the state's business).

    >>> trick_winner_index([card_id("EX"), card_id("3H"), card_id("KH"), card_id("T2")])
    3
    """
    led, best, win = NO_SUIT, -1, -1
    for i, c in enumerate(trick):
        if c == EXCUSE:
            continue
        suit = SUIT_OF[c]
        if led < 0:
            led, best, win = suit, c, i
        elif (suit == TRUMP_SUIT or suit == led) and c > best:
            best, win = c, i
    return win


# --- petit sec (§3.1) ------------------------------------------------------------------------------
def is_petit_sec(hand: int) -> bool:
    """Seed 001: "n'a que le Petit comme atout"; with the Excuse the Petit is not sec (D5)."""
    return hand & TRUMPS_EX == PETIT_BIT


# --- the call at five (§5) -------------------------------------------------------------------------
def callable_cards(hand: int, variant: str) -> int:
    """Cards the taker may call at five: a King; a Queen if he holds the four Kings; then Knight, Jack.

    Seed (D9): a card he does not hold. FFT rule 10: he may call a King of his own hand.
    """
    for rank_mask in (KINGS, QUEENS, KNIGHTS, JACKS):
        if hand & rank_mask != rank_mask:
            return rank_mask if variant == "fft" else rank_mask & ~hand
    raise AssertionError("a hand of 18 cards cannot hold every court card")


# --- the écart (§6) --------------------------------------------------------------------------------
def ecart_problem(hand: int, discard: int, need: int) -> str | None:
    """Why ``discard`` is not a legal écart from ``hand`` (None when it is legal).

    Seed 001: "on ne peut mettre ni Roi, ni atout, ni Oudler"; D6 / FFT rule 9: non-oudler trumps
    only when the other cards do not suffice, and they are then shown.
    """
    found = ecart_problem_code(hand, discard, need)
    return None if found is None else found[0]


def ecart_problem_code(hand: int, discard: int, need: int) -> tuple[str, str, dict[str, object]] | None:
    """(message, code, params) of why ``discard`` is not a legal écart, or None (see :func:`ecart_problem`)."""
    n = discard.bit_count()
    if n != need:
        return f"the écart is exactly {need} cards, not {n} (seed 001)", "ecart_count", {
            "need": need, "count": n, "cite": "seed 001, §6"}
    if discard & ~hand:
        return "you can only lay aside cards of your hand", "ecart_not_in_hand", {}
    if discard & KINGS:
        return "no King in the écart (seed 001: 'ni Roi')", "ecart_king", {"cite": "seed 001, §6"}
    if discard & OUDLERS:
        return "no oudler in the écart (seed 001: 'ni Oudler')", "ecart_oudler", {"cite": "seed 001, §6"}
    if discard & TRUMPS:
        allowed_plain = hand & PLAIN & ~KINGS
        if allowed_plain.bit_count() >= need:
            return ("no trump in the écart (seed 001: 'ni atout'); trumps only when unavoidable (D6, FFT rule 9)",
                    "ecart_trump", {"cite": "seed 001, §6; D6"})
        if allowed_plain & ~discard:
            return ("trumps go to the écart only when unavoidable: lay aside every other legal card first (D6)",
                    "ecart_trump_first", {"cite": "D6, FFT rule 9"})
    return None


def ecart_candidates(hand: int, need: int) -> tuple[int, int]:
    """(cards that must all go, cards to choose the rest from) for a legal écart (§6, D6)."""
    plain = hand & PLAIN & ~KINGS
    if plain.bit_count() >= need:
        return 0, plain
    return plain, hand & MIDDLE_TRUMPS


def ecart_next_cards(hand: int, laid: int, need: int) -> int:
    """The cards that may be laid next, one at a time, after ``laid`` (out of ``hand`` already).

    A card is legal when the cards laid so far plus it can still be completed to a legal écart
    (seed 001 §6, D6, FFT rule 9): the reachable écarts are then exactly the legal ones.

    >>> from atout.core.cardset import mask
    >>> from atout.core.cards import cards
    >>> hand = mask(cards("2S 3S 4S 5S 6S KS T5 T6 T21"))
    >>> ecart_next_cards(hand, 0, 6) == mask(cards("2S 3S 4S 5S 6S T5 T6"))
    True
    >>> ecart_next_cards(hand & ~mask(cards("T5")), mask(cards("T5")), 6) == mask(cards("2S 3S 4S 5S 6S"))
    True
    """
    must, pool = ecart_candidates(hand | laid, need)
    must_left = must & hand
    if must_left and must_left.bit_count() >= need - laid.bit_count():
        return must_left  # every slot left is owed to a plain card (D6: trumps only when unavoidable)
    return (must | pool) & hand


def ecart_step_problem(hand: int, laid: int, step: int, need: int) -> tuple[str, str, dict[str, object]] | None:
    """(message, code, params) of why the cards ``step`` may not be laid after ``laid``, or None.

    ``hand`` no longer holds ``laid``; a step that completes the écart is judged whole by
    :func:`ecart_problem_code`, a partial one by whether it can still be completed.
    """
    total = laid.bit_count() + step.bit_count()
    if total >= need:
        return ecart_problem_code(hand | laid, laid | step, need)
    if step & ~hand:
        return "you can only lay aside cards of your hand (§6)", "ecart_not_in_hand", {"cite": "seed 001, §6"}
    if step & KINGS:
        return "no King in the écart (seed 001: 'ni Roi')", "ecart_king", {"cite": "seed 001, §6"}
    if step & OUDLERS:
        return "no oudler in the écart (seed 001: 'ni Oudler')", "ecart_oudler", {"cite": "seed 001, §6"}
    if step & TRUMPS:
        allowed_plain = (hand | laid) & PLAIN & ~KINGS
        if allowed_plain.bit_count() >= need:
            return ("no trump in the écart (seed 001: 'ni atout'); trumps only when unavoidable (D6, FFT rule 9)",
                    "ecart_trump", {"cite": "seed 001, §6; D6"})
        if ((laid | step) & TRUMPS).bit_count() > need - allowed_plain.bit_count():
            return ("trumps go to the écart only when unavoidable: lay aside every other legal card first (D6)",
                    "ecart_trump_first", {"cite": "D6, FFT rule 9"})
    return None


# --- handfuls (§7) ---------------------------------------------------------------------------------
def poignee_level(hand: int, shown: int, shown_count: int, players: int, variant: str) -> tuple[int, str]:
    """The handful level (0 simple, 1 double, 2 triple) of the trumps ``shown``, or -1 and why not.

    Seed 001: "n'est obligé de présenter que le nombre d'atouts nécessaire … S'il montre l'Excuse,
    cela signifie qu'il a montré tous les atouts qu'il possédait". The count equals a threshold
    exactly; in the seed variant a show of every trump with the Excuse may exceed it (FFT rule 4: never).
    """
    thresholds = POIGNEE_THRESHOLDS[players]
    if shown_count != shown.bit_count():
        return -1, "a card is shown twice"
    if shown & ~hand:
        return -1, "you can only show trumps of your hand"
    if shown & ~TRUMPS_EX:
        return -1, "a poignée shows trumps (and possibly the Excuse) only"
    n = shown.bit_count()
    if shown & EXCUSE_BIT:
        if hand & TRUMPS & ~shown:
            return -1, "the Excuse may be shown only with every trump you hold (seed 001, §7)"
        if variant == "seed" and n >= thresholds[0]:
            return max(i for i, t in enumerate(thresholds) if n >= t), ""
    if n in thresholds:
        return thresholds.index(n), ""
    wanted = "/".join(map(str, thresholds))
    return -1, f"a poignée shows exactly {wanted} trumps at {players} players, not {n} (seed 001, §7)"


def poignee_levels_available(hand: int, players: int, variant: str) -> list[int]:
    """The handful levels this hand may declare (the Excuse counts as a trump, seed 001)."""
    trumps = (hand & TRUMPS).bit_count()
    has_ex = bool(hand & EXCUSE_BIT)
    out = []
    for level, t in enumerate(POIGNEE_THRESHOLDS[players]):
        if trumps >= t or (has_ex and trumps + 1 == t):
            out.append(level)
    return out


def poignee_can_finish(hand: int, shown: int, players: int, variant: str) -> bool:
    """Whether the cards ``shown`` so far (trumps, the Excuse, of ``hand``) extend to a valid show (§7).

    Without the Excuse: a threshold between the count shown and the trumps held. With it (seed 001:
    "il a montré tous les atouts qu'il possédait"): every trump and the Excuse, a valid count.
    """
    thresholds = POIGNEE_THRESHOLDS[players]
    k = shown.bit_count()
    trumps = (hand & TRUMPS).bit_count()
    if not shown & EXCUSE_BIT and any(k <= t <= trumps for t in thresholds):
        return True
    if hand & EXCUSE_BIT:
        n = trumps + 1  # the only show with the Excuse: every trump and it
        return n in thresholds or (variant == "seed" and n >= thresholds[0])
    return False


def poignee_next_cards(hand: int, shown: int, players: int, variant: str) -> int:
    """The trumps (and the Excuse) that may be shown next, one at a time: those after which a valid
    show (§7, FFT rule 4) is still reachable; the shows reachable so are exactly the valid ones.

    >>> from atout.core.cardset import mask
    >>> from atout.core.cards import cards
    >>> hand = mask(cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 EX"))
    >>> poignee_next_cards(hand, 0, 4, "seed") == hand  # ten trumps, or all ten and the Excuse
    True
    >>> poignee_next_cards(hand, 0, 4, "fft") == hand & ~mask(cards("EX"))  # FFT rule 4: eleven is no count
    True
    """
    m = hand & TRUMPS_EX & ~shown
    if not shown and m.bit_count() < POIGNEE_THRESHOLDS[players][0]:
        return 0  # too few trumps for any poignée (the common case: one test, no loop)
    out = 0
    while m:
        low = m & -m
        m ^= low
        if poignee_can_finish(hand, shown | low, players, variant):
            out |= low
    return out


def poignee_representative(hand: int, level: int, players: int) -> int:
    """One canonical show for ``level``: the lowest trumps, or every trump and the Excuse."""
    t = POIGNEE_THRESHOLDS[players][level]
    trumps = hand & TRUMPS
    if trumps.bit_count() >= t:
        out, m = 0, trumps
        for _ in range(t):
            low = m & -m
            out |= low
            m ^= low
        return out
    return trumps | EXCUSE_BIT


def sans_atouts(hand: int) -> bool:
    """Seed 001: "ne possède ni atouts ni l'Excuse"."""
    return not hand & TRUMPS_EX


def sans_points(hand: int) -> bool:
    """Seed 001: "n'a ni Oudlers ni Figures"."""
    return not hand & (OUDLERS | COURTS)


def shown_codes(m: int) -> list[str]:
    """A poignée's cards in the order the table writes them: trumps high to low, the Excuse last (as the hand
    shows them), the same in the narration, the table's facts and the record's events.

    >>> shown_codes((1 << 56) | (1 << 76) | EXCUSE_BIT | (1 << 60))
    ['T21', 'T5', 'T1', 'EX']
    """
    from atout.core.cards import CARDS

    return [CARDS[i].code for i in sorted((i for i in range(56, 78) if m >> i & 1), key=lambda i: (i == EXCUSE, -i))]
