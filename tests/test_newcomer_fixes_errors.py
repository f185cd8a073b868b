"""Newcomer findings 14: error codes, seed citations and echoed input (docs/api.md, Errors)."""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.core.errors import IllegalAction, clip, echo
from atout.core.protocol import GameState

TABLES: list[tuple[str, dict[str, Any]]] = [("tarot", {}), ("tarot", {"variant": "fft"}), ("triomphe", {}),
                                            ("triomphe", {"variant": "as_qui_pille"}),
          ("tarot1637", {}), ("mistigri", {}), ("prime", {})]


def refusal(state: GameState, text: str) -> IllegalAction:
    """The IllegalAction ``text`` raises on a clone of ``state`` (the state itself is never touched)."""
    with pytest.raises(IllegalAction) as info:
        state.clone().apply(text)
    return info.value


def to_play(state: GameState) -> GameState:
    """The first position of ``state``'s deal where a card is to be played."""
    while not any(a.kind == "play" and len(a.args) == 1 for a in state.legal_actions()):
        actions = state.legal_actions()
        state.apply(next((a for a in actions if str(a) in ("no_concession", "refuse")), actions[0]))
    return state


@pytest.mark.parametrize(("name", "kw"), TABLES)
def test_unreadable_text_is_notation_and_echoed_once(name: str, kw: dict[str, Any]) -> None:
    # api.md Errors: a text that is no action at all (Action.parse refuses it) has code "notation";
    # a 2,000-character text is quoted once, clipped.
    game = atout.new_game(name, seed=1, **kw)
    e = refusal(game, "x" * 2000)
    assert e.code == "notation"
    assert str(e).count("x…") == 1 and len(str(e)) < 150
    assert refusal(game, "").code == "notation"
    assert refusal(game, "!! KH").code == "notation"


@pytest.mark.parametrize(("name", "kw"), TABLES)
def test_unknown_verb_gets_the_phase_code_echoed_as_typed(name: str, kw: dict[str, Any]) -> None:
    # api.md Errors: a readable action that is not one of this phase's kinds (an unknown word too) gets the
    # phase's code, which says what may be done now; the message starts with the text as typed.
    game = atout.new_game(name, seed=1, **kw)
    for text in ("xyz", "ZZZ 7H", "Play KH KH"):
        e = refusal(game, text)
        assert e.code not in ("notation", "illegal"), (text, e.code)
        assert str(e).startswith(f"{text}: "), str(e)
        assert "cite" in e.params, (name, e.code)


@pytest.mark.parametrize(("name", "kw"), [t for t in TABLES if t[0] in ("tarot", "triomphe", "tarot1637")])
def test_play_of_a_non_card_is_notation_in_every_game(name: str, kw: dict[str, Any]) -> None:
    # 'play ZZ' when a card is due: the argument cannot be read, code "notation" in every game (Tarot had
    # "notation", La Triomphe "illegal"), the bad word quoted as typed, not lowercased.
    game = to_play(atout.new_game(name, seed=3, **kw))
    e = refusal(game, "play ZZ")
    assert e.code == "notation"
    assert str(e).startswith("play ZZ: ") and "'ZZ'" in str(e) and "zz" not in str(e)


@pytest.mark.parametrize(("name", "kw"), [t for t in TABLES if t[0] in ("tarot", "triomphe", "tarot1637")])
def test_not_in_hand_is_echoed_as_typed(name: str, kw: dict[str, Any]) -> None:
    # not_in_hand has no seed citation (no rule of a seed: one plays from one's hand); api.md says so.
    game = to_play(atout.new_game(name, seed=3, **kw))
    seat = game.current_player
    assert seat is not None
    held = {c.code for c in game.observation(seat).hand}
    missing = next(c for c in ("KH", "KS", "KD", "KC", "QH", "QS") if c not in held)
    typed = f"play {missing.lower()}"
    e = refusal(game, typed)
    assert e.code == "not_in_hand" and e.params["card"] == missing
    assert str(e).startswith(f"{typed}: ")
    assert "cite" not in e.params


def test_tarot_bid_expected_cites_seed_001_s4() -> None:
    # seed 001, §4 (Les enchères: Passer, Prendre, Pousser, Garder…): in the bidding, 'pass' or 'bid X'.
    e = refusal(atout.new_game("tarot", seed=1), "play KH")
    assert e.code == "bid_expected" and e.params["cite"] == "seed 001, §4"


def test_tarot_ecart_not_in_hand_cites_seed_001_s6() -> None:
    # seed 001, §6: the taker joins the talon to his hand and lays aside 6 cards of it.
    game = atout.new_game("tarot", seed=1)
    while game.phase != "ecart":
        if game.phase == "bidding":
            game.apply("bid prise" if game.current_player == 0 else "pass")
            if game.phase == "bidding" and game.current_player is None:
                pytest.skip("redeal")
        else:
            game.apply(game.legal_actions()[0])
    taker_hand = {c.code for c in game.observation(game.current_player).hand}  # type: ignore[arg-type]
    other = next(c for c in ("2H", "3H", "4H", "5H", "2S", "3S", "4S", "5S") if c not in taker_hand)
    e = refusal(game, f"discard {other}")
    assert e.code == "ecart_not_in_hand" and e.params["cite"] == "seed 001, §6"


def test_tarot1637_expected_play_cites_the_seed() -> None:
    # seed 000 / tarot-1637.md §7 (trick play): once the cards are out, only 'play CARD'.
    game = to_play(atout.new_game("tarot1637", seed=3))
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    e = refusal(game, "pass")
    assert e.code in ("expected_play", "expected_declaration")
    if e.code == "expected_play":
        assert str(e.params["cite"]).startswith("seed 000")


def test_echo_keeps_the_case_and_clips() -> None:
    assert echo("  Play   ZZ ") == "Play ZZ"
    assert echo("y" * 500) == "y" * 60 + "…"
    assert echo("play \x1b[2J") == clip("play \x1b[2J")  # no terminal escape is echoed raw


#: The codes docs/api.md lists as naming no rule of a seed (so without params["cite"]).
NO_CITE = {"not_in_hand", "card_twice", "already_announced", "unknown_declaration", "already_declared", "game_over",
           "notation"}


@pytest.mark.parametrize(("name", "kw"), TABLES)
def test_every_rule_code_met_in_random_deals_cites_its_source(name: str, kw: dict[str, Any]) -> None:
    # A walk over the codes: in seeded random deals, every refusal of a probe text either carries a citation
    # or is one of the codes api.md lists as naming no rule.
    import random

    from atout.core.cards import CARDS

    rng = random.Random(7)
    probes = ["xyz", "pass", "done", "stop", "concede", "bid foo", "bid prise", "announce foo", "declare foo",
              "announce poignee", "bet 0", "draw", "play_hand", "take_fille"]
    met: set[str] = set()
    for seed in range(6):
        game = atout.new_game(name, seed=seed, **kw)
        steps = 0
        while not game.is_terminal() and steps < 150:
            steps += 1
            cards = [c.code for c in rng.sample(CARDS[:78], 6)]
            for text in probes + [f"{verb} {c}" for verb in ("play", "discard", "call", "pillage") for c in cards[:2]]:
                clone = game.clone()
                try:
                    clone.apply(text)
                except IllegalAction as e:
                    met.add(e.code)
                    assert e.code in NO_CITE or "cite" in e.params, (name, text, e.code, str(e))
            game.apply(rng.choice(game.legal_actions()))
    assert len(met) >= 2, met
