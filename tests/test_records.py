"""Records (atout-record/1): round trip, replay checks, and refusal of corrupted records (issue 2, point 4)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import atout
from conftest import random_playout


def _record(game: str = "triomphe", players: int = 2, variant: str = "classic", seed: int = 5, **kw: Any) -> dict[str, Any]:
    return random_playout(atout.new_game(game, players=players, variant=variant, seed=seed, **kw), seed).to_record()


def test_write_read_replay_gives_the_same_result(tmp_path: Any) -> None:
    record = _record(deals=3)
    path = tmp_path / "match.json"
    with path.open("w", encoding="utf-8") as fp:
        atout.dump(record, fp)
    with path.open(encoding="utf-8") as fp:
        assert atout.load(fp) == record
    state = atout.read_record(path)
    assert [float(x) for x in state.returns()] == record["result"]["returns"]
    assert "deals" in record and len(record["deals"]) == 3


def test_a_hand_written_record_from_an_explicit_deal_replays() -> None:
    """A rule case written by hand: only the deal and the actions; the result is checked if stated."""
    record = {
        "format": "atout-record/1",
        "game": "triomphe",
        "variant": "classic",
        "players": 2,
        "dealer": 1,
        "deal": {"hands": [["KH", "QH", "JH", "AH", "10H"], ["9S", "8S", "7S", "KC", "QC"]], "turnup": "7H"},
        "actions": [
            {"seat": 0, "action": "no_concession"},
            {"seat": 1, "action": "no_concession"},
            {"seat": 0, "action": "play KH"},
            {"seat": 1, "action": "play 7S"},
            {"seat": 0, "action": "play QH"},
            {"seat": 1, "action": "play 8S"},
            {"seat": 0, "action": "play JH"},
            {"seat": 1, "action": "play 9S"},
            {"seat": 0, "action": "vole"},
            {"seat": 0, "action": "play AH"},
            {"seat": 1, "action": "play KC"},
            {"seat": 0, "action": "play 10H"},
            {"seat": 1, "action": "play QC"},
        ],
        "result": {"returns": [2, 0]},
    }
    state = atout.replay(record)
    assert state.is_terminal() and state.returns() == [2, 0]
    wrong = copy.deepcopy(record)
    wrong["result"]["returns"] = [1, 0]
    with pytest.raises(atout.RecordError, match="rules give"):
        atout.replay(wrong)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="atout-record/9"), "format"),
        (lambda r: r.update(game="chess"), "unknown game"),
        (lambda r: r.update(players="two"), "players"),
        (lambda r: r["actions"].__setitem__(2, {"seat": 0, "action": "play ZZ"}), "action 2"),
        (lambda r: r["actions"].__setitem__(2, {"seat": 1 - r["actions"][2]["seat"], "action": "play KS"}), "turn"),
        (lambda r: r["actions"].__setitem__(1, "oops"), "action 1"),
        (lambda r: r["deal"]["hands"][0].__setitem__(0, r["deal"]["hands"][1][0]), "twice"),
        (lambda r: r.update(dealer=1 - r["dealer"]), "turn|illegal|dealer"),
        (lambda r: r["result"].update(returns=[9, 9]), "rules give"),
        (lambda r: r.update(options={"pillage": True}), "set the game up"),
    ],
)
def test_corrupted_records_are_refused_with_a_precise_message(mutate: Any, message: str) -> None:
    record = _record()
    mutate(record)
    with pytest.raises((atout.RecordError, atout.UnknownGame), match=message):
        atout.replay(record)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_mutations_never_replay_silently_to_a_different_game(data: st.DataObject) -> None:
    """Hypothesis mutates one action of a valid record: replay either fails cleanly or still agrees."""
    seed = data.draw(st.integers(0, 50))
    record = _record(seed=seed, players=data.draw(st.sampled_from([2, 4])))
    i = data.draw(st.integers(0, len(record["actions"]) - 1))
    new_text = data.draw(st.sampled_from(["play " + c for c in ("KS", "7H", "AD", "10C", "JS")] + ["stop", "vole", "pass"]))
    record["actions"][i] = {"seat": record["actions"][i]["seat"], "action": new_text}
    try:
        state = atout.replay(record)
    except atout.RecordError as exc:
        assert "action" in str(exc) or "result" in str(exc) or "over" in str(exc)
    else:
        assert [float(x) for x in state.returns()] == record["result"]["returns"]


def test_loads_refuses_non_json_and_non_objects() -> None:
    with pytest.raises(atout.RecordError, match="not JSON"):
        atout.loads("{oops")
    with pytest.raises(atout.RecordError, match="JSON object"):
        atout.loads("[1, 2]")


def test_record_of_a_game_in_progress_replays_to_the_same_position() -> None:
    g = atout.new_game("triomphe", players=4, seed=9)
    rng = random.Random(0)
    for _ in range(5):
        g.apply(rng.choice(g.legal_actions()))
    again = atout.replay(json.loads(json.dumps(g.to_record())))
    assert again.current_player == g.current_player and again.to_record() == g.to_record()
    assert "result" not in g.to_record()
