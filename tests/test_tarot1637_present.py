"""The 1637 tarot speaks French and English: every event it emits has a sentence, every deal a breakdown
whose lines add up to the deal's row, every refusal a phrase with its seed citation."""

from __future__ import annotations

import pytest

import atout
from atout.bots import make_bot
from atout.present import Table, breakdown, say, say_error


@pytest.mark.parametrize(("players", "variant"), [(3, "printed"), (2, "manuscript")])
def test_every_event_is_said_in_both_languages(players: int, variant: str) -> None:
    for seed in range(8):
        g = atout.new_game("tarot1637", players=players, variant=variant, seed=seed, deals=players)
        bots = [make_bot("tarot1637", "heuristic", seed=s) for s in range(players)]
        while not g.is_terminal():
            seat = g.current_player
            assert seat is not None
            g.apply(bots[seat].act(g.observation(seat)))
        table = Table("tarot1637", players, me=0)
        for lang in ("fr", "en"):
            for event in g.events(0):
                text = say(event, lang, table)
                assert text is None or (text and "{" not in text)
                if event.kind == "deal_scored":
                    lines = breakdown(event, lang, table)
                    assert len(lines) >= len(event.data["lines"]) + 1
                    row = event.data["row"]
                    total = ", ".join(f"{table.seat_name(s, lang)} {v:+d}".replace("-", "\u2212") for s, v in enumerate(row))
                    assert lines[-1].endswith(total)


def test_refusals_are_said_with_the_seed_citation() -> None:
    g = atout.new_game("tarot1637", seed=5, dealer=0)
    card = next(c.code for c in g.observation(1).hand if c.is_trump)
    with pytest.raises(atout.IllegalAction) as exc:
        g.apply(f"discard {card}")
    fr, en = say_error(exc.value, "fr", "tarot1637"), say_error(exc.value, "en", "tarot1637")
    assert "triomphe" in fr and "[texte 000" in fr and "trump" in en
