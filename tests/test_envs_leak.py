"""Nothing leaks through a tensor (issue 19): every card plane of the observation and information-state tensors,
decoded back to card codes, is a card the seat may know (``known_cards(seat)``), over thousands of seeded
random deals of every game, variant and table size; the hand plane is exactly the seat's hand, and the planes
of cards played hold exactly what the history shows was played.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from atout.core.cardset import codes
from atout.core.protocol import GameState, list_games, new_game
from atout.envs.spec import GameSpec, spec

TABLES = [(info.name, variant, n) for info in list_games() for variant, counts in info.player_counts.items()
          for n in counts]
#: Deals per table: 27 tables x 75 = 2,025 deals, each looked at from every seat at its start and at about
#: MOMENTS random moments (Tarot's deals are long: more moments there).
DEALS = 75
MOMENTS = 3


def leaks(s: GameSpec, state: GameState, seat: int, tensor: np.ndarray) -> list[str]:
    """What a tensor shows of ``seat``'s view that it should not: cards outside known_cards, a wrong hand."""
    known = set(codes(state.known_cards(seat)))
    obs = state.observation(seat)
    zones = s.decode(tensor)
    out = [f"{zone}: {sorted(cards - known)}" for zone, cards in zones.items()
           if zone not in s.config.named_fields and cards - known]
    if zones.get("hand", set()) != {c.code for c in obs.hand}:
        out.append(f"hand {sorted(zones.get('hand', set()))} is not {[c.code for c in obs.hand]}")
    played = {text.split()[1] for who, text in obs.history if text.startswith("play ")}
    shown = set().union(*(cards for zone, cards in zones.items() if zone.startswith("play/")))
    if "play" in s.config.seat_verbs and shown != played:
        out.append(f"played {sorted(played)} decoded as {sorted(shown)}")
    if len(obs.history) > s.config.history:
        out.append(f"history of {len(obs.history)} actions: {s.config.history} rows drop its start")
    return out


def _check_deal(name: str, variant: str, n: int, seed: int) -> int:
    """Play one random deal; at the start and at about MOMENTS random moments, check every seat's two tensors."""
    s = spec(name, n, variant)
    state = new_game(name, players=n, variant=variant, seed=seed)
    rng = random.Random(seed)
    checked = step = 0
    while not state.is_terminal():
        if step == 0 or rng.random() < MOMENTS / 60:
            for seat in range(n):
                for tensor in (s.observation(state, seat), s.info_state(state, seat)):
                    found = leaks(s, state, seat, tensor)
                    assert not found, f"{name} {variant} {n} seed {seed} step {step} seat {seat}: {found}"
                    checked += 1
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return checked


@pytest.mark.parametrize(("name", "variant", "n"), TABLES, ids=[f"{g}-{v}-{n}" for g, v, n in TABLES])
def test_no_card_outside_what_the_seat_may_know(name: str, variant: str, n: int) -> None:
    checked = sum(_check_deal(name, variant, n, 1000 + deal) for deal in range(DEALS))
    assert checked >= DEALS * n * 2


def test_the_check_catches_a_leak() -> None:
    # Another seat's card written into a plane is reported: the test can fail.
    s = spec("tarot", 4, "fft")
    state = new_game("tarot", players=4, variant="fft", seed=5)
    tensor = s.observation(state, 0)
    hidden = next(iter(state.observation(1).hand))
    tensor[s.planes.index("trick/1") * len(s.pack) + s.card_slot[hidden.id]] = 1.0
    assert any(hidden.code in line for line in leaks(s, state, 0, tensor))


def test_the_played_planes_hold_the_plays() -> None:
    # Deep in a Tarot deal, the decoded play planes are each seat's plays (relative seats: 0 is the viewer).
    s = spec("tarot", 4, "fft")
    state = new_game("tarot", players=4, variant="fft", seed=9)
    rng = random.Random(3)
    while state.phase != "play" or len(state.log[-1].actions) < 40:
        state.apply(rng.choice(state.legal_actions()))
    zones = s.decode(s.observation(state, 2))
    for who, text in state.log[-1].actions:
        if text.startswith("play "):
            assert text.split()[1] in zones[f"play/{(who - 2) % 4}"]
