"""Each game's :class:`~atout.envs.spec.Config`: its pack, action blocks, phases and public card facts.

The layouts are documented in docs/envs.md; changing an order here changes every trained agent's inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from atout.core.cards import CARDS
from atout.core.packs import PIQUET32, PRIME40, TAROT66_1637, TAROT78_FRENCH, Pack
from atout.core.protocol import Observation
from atout.envs.layout import Block, Config, hand_block_args, seat_value

SUITS = ("S", "H", "D", "C")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


def _pack(pack: Pack) -> tuple[int, ...]:
    return tuple(c.id for c in pack.cards)


def _codes(pack: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(CARDS[c].code for c in pack)


def _words(*words: str) -> tuple[Block, ...]:
    return tuple(Block(w, ("",)) for w in words)


def _onehot(value: Any, choices: tuple[Any, ...]) -> list[float]:
    return [float(value == c) for c in choices]


def _rel(value: Any, seat: int, n: int) -> list[float]:
    out = [0.0] * n
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
        out[(value - seat) % n] = 1.0
    return out


def _per_seat(values: Any, seat: int, n: int, scale: float = 1.0, public: Any = None) -> list[float]:
    values = values or [0] * n
    return [float(seat_value(values, (seat + r) % n, public or {}) or 0) / scale for r in range(n)]


# --- Tarot --------------------------------------------------------------------------------------------
TAROT_PACK = _pack(TAROT78_FRENCH)
TAROT_CONTRACTS = {"seed": ("prise", "pousse", "garde", "garde_sans", "garde_contre"),
                   "fft": ("petite", "garde", "garde_sans", "garde_contre")}
TAROT_ANNOUNCES = ("sans_atouts", "sans_points", "capot", "chelem")
TAROT_ANN_KINDS = ("poignee_simple", "poignee_double", "poignee_triple", *TAROT_ANNOUNCES)
TAROT_HAND = {3: 24, 4: 18, 5: 15}


def tarot(players: int, variant: str) -> Config:
    """Tarot: play C (78), discard C (78), call C (78), show C (22: T1…T21, EX), bid K, then eight words."""
    codes = _codes(TAROT_PACK)
    contracts = TAROT_CONTRACTS[variant]
    blocks = (
        Block("play", codes), Block("discard", codes), Block("call", codes),
        Block("announce poignee", codes[56:]), Block("bid", contracts),
        *_words("pass", "done", "petit_sec", "no_petit_sec"), Block("announce", TAROT_ANNOUNCES),
    )

    def extras(obs: Observation, seat: int) -> list[float]:
        pub, n = obs.public, players
        out: list[float] = []
        last = {s: b for s, b in pub.get("bids") or ()}  # each seat's last word
        for r in range(n):
            out += _onehot(last.get((seat + r) % n), ("pass", *contracts))
        out += _onehot(pub.get("contract"), contracts)
        out += _rel(pub.get("taker"), seat, n) + _rel(pub.get("partner"), seat, n)
        made = {(a["seat"], a["kind"]) for a in pub.get("announcements") or ()}
        for r in range(n):
            out += [float(((seat + r) % n, k) in made) for k in TAROT_ANN_KINDS]
        out.append(float(len(pub.get("tricks") or ())) / (78 // n))
        return out

    extras_size = players * (1 + len(contracts)) + len(contracts) + 2 * players + players * len(TAROT_ANN_KINDS) + 1
    return Config("tarot", TAROT_PACK, blocks, ("petit_sec", "bidding", "call", "ecart", "annonces", "play", "over"),
                  seat_verbs=("play", "announce poignee", "discard"), card_fields=("talon", "ecart_trumps"),
                  named_fields=("called",), score_scale=1000.0, history=160, extras=extras, extras_size=extras_size,
                  hand_size=TAROT_HAND[players])


# --- La Triomphe ---------------------------------------------------------------------------------------
PIQUET_PACK = _pack(PIQUET32)


def triomphe(players: int, variant: str) -> Config:
    """La Triomphe: play C (32), pillage C (32), then six words."""
    codes = _codes(PIQUET_PACK)
    blocks = (Block("play", codes), Block("pillage", codes),
              *_words("concede", "no_concession", "accept", "refuse", "vole", "stop"))

    def extras(obs: Observation, seat: int) -> list[float]:
        pub, n = obs.public, players
        sides = pub.get("sides") or list(range(n))
        out = _onehot(pub.get("trump"), SUITS)
        out += [float(sides[(seat + r) % n] == sides[seat]) for r in range(n)]
        out += _per_seat(pub.get("tricks_won"), seat, n, 5.0, pub)
        out += _rel(pub.get("pillager"), seat, n)
        vole = pub.get("vole_side")
        out.append(float(vole is not None and vole == sides[seat]))
        out.append(float(vole is not None and vole != sides[seat]))
        out.append(float(bool(pub.get("concession"))))
        return out

    return Config("triomphe", PIQUET_PACK, blocks, ("concession", "pillage", "play", "vole", "over"),
                  seat_verbs=("play",), card_fields=("turnup", "pillaged"), score_scale=10.0, history=48,
                  extras=extras, extras_size=7 + 3 * players, hand_size=8)


# --- Tarot 1637 ----------------------------------------------------------------------------------------
T1637_PACK = _pack(TAROT66_1637)


def tarot1637(players: int, variant: str) -> Config:
    """The 1637 Tarot: play C (66), discard C (66), declare X (the seed's items), done."""
    from atout.games.tarot1637.marques import ITEMS

    codes = _codes(T1637_PACK)
    blocks = (Block("play", codes), Block("discard", codes), Block("declare", ITEMS), *_words("done"))

    def extras(obs: Observation, seat: int) -> list[float]:
        pub, n = obs.public, players
        out = _rel(pub.get("eldest"), seat, n)
        declared = pub.get("declared") or [[] for _ in range(n)]
        for r in range(n):
            mine = set(declared[(seat + r) % n])
            out += [float(item in mine) for item in ITEMS]
        out += [float(bool(x)) for x in _per_seat(pub.get("declarations_done"), seat, n)]
        out.append(float(pub.get("mort_left") or 0) / 22)
        return out

    return Config("tarot1637", T1637_PACK, blocks, ("discard", "declarations", "play", "over"),
                  seat_verbs=("play", "discard"), card_fields=("discard", "discards_face_up", "shown"),
                  score_scale=20.0, history=96, extras=extras, extras_size=2 * players + players * len(ITEMS) + 1,
                  hand_size=24)


# --- Mistigri ------------------------------------------------------------------------------------------
MISTIGRI_STATUS = ("play_hand", "take_fille", "draw", "pass")


def mistigri(players: int, variant: str) -> Config:
    """Mistigri: play C (32), exchange_retourne C (32), draw (31 subsets of the hand by slot), eight words."""
    codes = _codes(PIQUET_PACK)
    blocks = (Block("play", codes), Block("exchange_retourne", codes), Block("draw", hand_block_args(5, False), hand=True),
              *_words("play_hand", "take_fille", "pass", "reveal_lanturlu", "no_reveal"), Block("name_trump", SUIT_WORDS))

    def extras(obs: Observation, seat: int) -> list[float]:
        pub, n = obs.public, players
        out = _onehot(pub.get("trump"), SUIT_WORDS)
        out += [float(bool(pub.get("retourne_taken"))), float(bool(pub.get("noce")))]
        out += [float(pub.get("pool") or 0) / 30, float(pub.get("trick_value") or 0) / 5, float(pub.get("carry") or 0) / 30]
        out += [float(pub.get("talon_size") or 0) / 32, float(pub.get("deal") or 0) / 20]
        status = pub.get("status") or [None] * n
        for r in range(n):
            out += _onehot(status[(seat + r) % n], MISTIGRI_STATUS)
        out += _per_seat(pub.get("drawn"), seat, n, 5.0) + _per_seat(pub.get("pending"), seat, n, 30.0)
        out += _per_seat(pub.get("tricks_won"), seat, n, 5.0) + _rel(pub.get("fille_taker"), seat, n)
        return out

    return Config("mistigri", PIQUET_PACK, blocks, ("speaking", "trump", "reveal", "play", "over"),
                  seat_verbs=("play", "draw", "exchange_retourne"), card_fields=("retourne", "laid_aside", "lanturlu"),
                  score_field="stacks",
                  score_scale=30.0, history=64, extras=extras, extras_size=11 + players * (len(MISTIGRI_STATUS) + 4),
                  hand_size=5)


# --- Prime ---------------------------------------------------------------------------------------------
PRIME_PACK = _pack(PRIME40)
PRIME_STATUS = ("", "passed", "bettor", "accepted", "declined")
PRIME_MAX_STAKE = 10


def prime(players: int, variant: str) -> Config:
    """Prime: bet N (1…10), pass and discard (subsets of the 4-card hand by slot), five words."""
    blocks = (Block("bet", tuple(str(i) for i in range(1, PRIME_MAX_STAKE + 1))),
              Block("pass", hand_block_args(4, True), hand=True), Block("discard", hand_block_args(4, True), hand=True),
              *_words("accept", "decline", "show", "no_show"))

    def extras(obs: Observation, seat: int) -> list[float]:
        pub, n = obs.public, players
        out = _rel(pub.get("eldest"), seat, n) + _rel(pub.get("bettor"), seat, n)
        out += [float(pub.get("pot") or 0) / 100, float(pub.get("stake") or 0) / PRIME_MAX_STAKE,
                float(pub.get("stock_size") or 0) / 40]
        status = pub.get("status") or [""] * n
        for r in range(n):
            out += _onehot(status[(seat + r) % n], PRIME_STATUS)
        out += _per_seat(pub.get("laid_aside"), seat, n, 4.0)
        teams = pub.get("teams") or list(range(n))
        out += [float(teams[(seat + r) % n] == teams[seat]) for r in range(n)]
        return out

    return Config("prime", PRIME_PACK, blocks, ("opening", "calling", "first_discard", "second_discard", "show", "over"),
                  seat_verbs=("pass", "discard"), card_fields=("shown",), score_field="stacks", score_scale=100.0, history=40,
                  extras=extras, extras_size=3 + players * (2 + len(PRIME_STATUS) + 2), hand_size=4,
                  option_limits=(("max_stake", PRIME_MAX_STAKE),))


CONFIGS: dict[str, Callable[[int, str], Config]] = {
    "tarot": tarot, "triomphe": triomphe, "tarot1637": tarot1637, "mistigri": mistigri, "prime": prime,
}
