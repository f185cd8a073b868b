"""Issue 16, points 1 and 6: every rule option has a documented range, checked at ``new_game`` whatever the
path (the API, the CLI's ``-o``, a web table's ``options``), and no option can make a legal-action list large.

Before: ``new_game("prime", max_stake=10**12, chips=10**12)`` was accepted and its opening listed every bet
(20 GB, then killed; with 10**6 each, 3.7 s a listing); ``deals``, ``target`` and Mistigri's ``tours``
had no cap, and a web table's ``options`` slipped past the ``deals`` field's.
"""

from __future__ import annotations

import json
import random
import time
import typing
from pathlib import Path
from typing import Any

import pytest
from annotated_types import Ge, Le

import atout
from atout.cli.main import main
from atout.core.options import constraints, option_types, options_table
from atout.core.protocol import MAX_DEALS, MAX_TARGET

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = [g.name for g in atout.list_games()]
#: The most legal actions any decision may offer (today's largest: Prime's 50 bets and 4 passes).
MOST_ACTIONS = 64
#: The most CPU time one ``legal_actions()`` call may take, in seconds (generous for a loaded CI machine,
#: and CPU time, not wall time, so that other processes do not count; before the fix a listing with stakes
#: of 10**6 took 3.7 s).
SLOWEST_LISTING = 0.5


def bounds(game: str) -> dict[str, tuple[int | None, int | None]]:
    """Each whole-number option of a game and its declared (lowest, highest) value."""
    info = atout.game_info(game)
    assert info.rules is not None
    out: dict[str, tuple[int | None, int | None]] = {}
    for name, tp in option_types(info.rules).items():
        base, rules = constraints(tp)
        if base is int and name != "players":
            lo = next((r.ge for r in rules if isinstance(r, Ge)), None)
            hi = next((r.le for r in rules if isinstance(r, Le)), None)
            out[name] = (lo, hi)
    return out


def configs() -> list[tuple[str, str, int]]:
    return [(g.name, v, n) for g in atout.list_games() for v, counts in g.player_counts.items() for n in counts]


# --- every number option has a range ------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_whole_number_option_declares_both_ends_of_its_range(game: str) -> None:
    """A number option with no upper end is how max_stake=10**12 got in: every one now has both ends."""
    found = bounds(game)
    assert all(lo is not None and hi is not None for lo, hi in found.values()), found
    if game in ("prime", "mistigri", "tarot"):
        assert found, f"{game} has whole-number options, each with a range"


def test_the_reported_prime_table_is_refused_with_one_message_naming_option_value_and_range() -> None:
    with pytest.raises(ValueError) as err:
        atout.new_game("prime", players=4, max_stake=10**12, chips=10**12)
    assert str(err.value) == "La Prime option 'max_stake' must be a whole number from 1 to 50, not 1000000000000"
    with pytest.raises(ValueError, match=r"^La Prime option 'max_stake' must be a whole number from 1 to 50, not 1000000$"):
        atout.new_game("prime", players=4, max_stake=10**6, chips=10**6)


@pytest.mark.parametrize(("game", "name", "value"), [
    (game, name, value)
    for game in GAMES for name, (lo, hi) in bounds(game).items()
    for value in ((lo or 0) - 1, (hi or 0) + 1, 10**12)
])
def test_an_option_outside_its_range_is_refused_naming_it(game: str, name: str, value: int) -> None:
    lo, hi = bounds(game)[name]
    with pytest.raises(ValueError) as err:
        atout.new_game(game, **{name: value})
    message = str(err.value)
    assert "\n" not in message and f"'{name}'" in message and str(value) in message and f"from {lo} to {hi}" in message
    wide = {"max_stake": bounds(game)["max_stake"][1]} if name == "min_stake" else {}  # min_stake ≤ max_stake
    atout.new_game(game, seed=1, **{**wide, name: hi})  # both ends are allowed
    atout.new_game(game, seed=1, **{**wide, name: lo})


def test_a_long_list_option_is_refused_before_its_items_are_read() -> None:
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"'deal_packets' must be a list of 1 to 5 whole numbers from 1 to 5, not <list"):
        atout.new_game("triomphe", deal_packets=[1] * 1_000_000)
    assert time.perf_counter() - start < 0.5


def test_rules_built_directly_are_checked_too() -> None:
    """The rules dataclasses check their own ranges (``check_fields``), not only ``build_rules``."""
    from atout.games.mistigri import MistigriRules
    from atout.games.prime import PrimeRules
    from atout.games.tarot import TarotRules

    for make, kwargs in ((PrimeRules, {"max_stake": 51}), (MistigriRules, {"tours": 21}), (TarotRules, {"capot_value": 10_002})):
        with pytest.raises(ValueError, match="from"):
            make(**kwargs)


# --- deals, target, tours, coups: capped in new_game ------------------------------------------------------
@pytest.mark.parametrize(("game", "kwargs", "words"), [
    ("tarot", {"deals": MAX_DEALS + 1}, f"deals must be from 1 to {MAX_DEALS}, not {MAX_DEALS + 1}"),
    ("mistigri", {"deals": 100_000}, f"deals must be from 1 to {MAX_DEALS}, not 100000"),
    ("triomphe", {"target": 10**9}, f"target must be from 1 to {MAX_TARGET}, not 1000000000"),
    ("prime", {"coups": 10**6}, f"coups must be from 1 to {MAX_DEALS}, not 1000000"),
    ("mistigri", {"tours": 10**6, "deals": None}, "Mistigri option 'tours' must be a whole number from 1 to 20, not 1000000"),
])
def test_match_lengths_are_capped_in_new_game(game: str, kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError) as err:
        atout.new_game(game, **kwargs)
    assert str(err.value) == words


def test_the_caps_themselves_are_allowed() -> None:
    assert atout.new_game("tarot", seed=1, deals=MAX_DEALS).current_player is not None
    assert atout.new_game("triomphe", seed=1, target=MAX_TARGET).current_player is not None
    assert atout.new_game("mistigri", players=5, seed=1, deals=None, tours=20).deals_limit == 100


# --- no legal-action list is large, options at their extremes ------------------------------------------
def extreme_options(game: str) -> list[dict[str, Any]]:
    """Every whole-number option at its highest value; then each alone at its lowest and at its highest."""
    found = bounds(game)
    out: list[dict[str, Any]] = [{name: hi for name, (_, hi) in found.items()}]
    for name, (lo, hi) in found.items():
        out += [{name: lo}, {name: hi}]
    for options in out:  # La Prime: the lowest stake may not be above the highest
        if "min_stake" in options and "max_stake" not in options:
            options["max_stake"] = found["max_stake"][1]
    return out


@pytest.mark.parametrize(("game", "variant", "players"), configs())
def test_no_decision_offers_many_actions_with_options_at_their_extremes(game: str, variant: str, players: int) -> None:
    worst, slowest = 0, 0.0
    for k, options in enumerate(extreme_options(game)):
        if "tours" in options:
            options = {**options, "deals": None}  # Mistigri's tours: a whole match of them
        state = atout.new_game(game, players=players, variant=variant, seed=k,
                               **({"deals": players} if "deals" not in options else {}), **options)  # whole rounds (1637, D15)
        rng = random.Random(k)
        while not state.is_terminal():
            start = time.process_time()
            legal = state.legal_actions()
            slowest = max(slowest, time.process_time() - start)
            worst = max(worst, len(legal))
            assert 0 < len(legal) <= MOST_ACTIONS, (options, state.phase, len(legal))
            state.apply(rng.choice(legal))
    assert slowest < SLOWEST_LISTING, slowest
    if game == "prime":
        assert worst >= 50, "the opening at max_stake=50 lists its 50 bets (and passes)"


def test_prime_bots_play_at_the_highest_stakes() -> None:
    """The heuristic and the search bot choose among the bounded bets (max_stake 50, big stacks)."""
    from atout.sim import simulate

    result = simulate("prime", players=4, deals=6, seed=3, bots=["search", "heuristic", "search", "heuristic"],
                            max_stake=50, chips=100_000, consolation=50)
    assert sum(result.totals) == 0 and result.deals == 6


# --- the CLI: exit 2 and one line ---------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [
    ["simulate", "prime", "--deals", "1", "-o", "max_stake=1000000000000", "-o", "chips=1000000000000"],
    ["simulate", "mistigri", "--deals", "1", "-o", "tours=1000000"],
    ["simulate", "tarot", "--deals", "100000"],
    ["simulate", "tarot", "--deals", "1", "-o", "capot_value=20000"],
    ["play", "triomphe", "--target", "1000000000", "--lang", "en"],
    ["play", "prime", "-o", "min_stake=0", "--lang", "en"],
])
def test_cli_refuses_out_of_range_values_with_exit_2_and_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*argv, "--json"] if argv[0] == "simulate" else argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert err.strip() and err.strip().count("\n") == 0 and "Traceback" not in err, err
    assert "from" in err or "at most" in err, err
    if argv[0] == "simulate":
        assert json.loads(out)["error"]


# --- the web: every path to new_game meets the same checks ------------------------------------------------
@pytest.fixture
def client() -> Any:
    pytest.importorskip("fastapi.testclient")
    from fastapi.testclient import TestClient

    from atout.web import create_app

    with TestClient(create_app("sqlite://", bot_delay=0)) as c:
        yield c


@pytest.mark.parametrize("body", [
    {"game": "prime", "players": 4, "seat": None, "options": {"max_stake": 10**12, "chips": 10**12}},
    {"game": "prime", "players": 4, "options": {"max_stake": 10**6, "chips": 10**6}},
    {"game": "tarot", "options": {"deals": 100_000}},
    {"game": "tarot", "options": {"deals": 101}},  # the deals field's own cap, however it arrives
    {"game": "triomphe", "options": {"target": 10**9}},
    {"game": "mistigri", "options": {"tours": 10**6}},
    {"game": "prime", "options": {"coups": 5000}},
    {"game": "prime", "deals": 3, "options": {"coups": 5000}},  # two values for one field: refused (422)
    {"game": "tarot", "options": {"capot_value": 10**9}},
])
def test_web_refuses_out_of_range_tables_with_a_4xx(client: Any, body: dict[str, Any]) -> None:
    r = client.post("/api/tables", json=body)
    assert 400 <= r.status_code < 500, r.text
    answer = r.json()
    assert {"error", "message", "lang"} <= set(answer) and "\n" not in answer["message"]  # said in the page's language
    assert answer["lang"] == "fr" and len(answer["message"]) < 200, answer  # one sentence, not a list of 50 values
    assert client.get("/api/tables?status=open").json() == []  # nothing was stored


def test_web_still_accepts_a_match_length_in_options(client: Any) -> None:
    r = client.post("/api/tables", json={"game": "tarot", "options": {"deals": 100}, "seat": 0})
    assert r.status_code == 200 and r.json()["table"]["options"]["deals"] == 100


# --- the docs state the ranges the code enforces ------------------------------------------------------------
@pytest.mark.parametrize(("game", "page"), [("tarot", "tarot.md"), ("triomphe", "triomphe.md"), ("tarot1637", "tarot1637.md"),
                                            ("mistigri", "mistigri.md"), ("prime", "prime.md")])
def test_each_game_page_holds_its_options_table(game: str, page: str) -> None:
    rules = atout.game_info(game).rules
    assert rules is not None
    table = options_table(rules)
    text = (DOCS / page).read_text(encoding="utf-8")
    assert table in text, f"docs/{page} must hold this table (paste it):\n{table}"


def test_api_doc_states_the_match_caps() -> None:
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    assert f"{MAX_DEALS:,}" in text and f"{MAX_TARGET:,}" in text


def test_option_types_keep_their_ranges() -> None:
    """``option_types`` keeps the ``Annotated`` ranges (``get_type_hints`` drops them unless asked)."""
    from atout.games.prime import PrimeRules

    assert typing.get_origin(option_types(PrimeRules)["max_stake"]) is typing.Annotated


def test_a_table_stored_before_the_ranges_is_not_loaded_and_no_500(tmp_path: Path) -> None:
    """Issue 16: after a restart, ``GET /api/tables/{id}`` of the poisoned Prime table rebuilt it (and listed
    10**12 bets again). Its options are refused now: the table is not loaded (404), the server answers on."""
    pytest.importorskip("fastapi.testclient")
    from fastapi.testclient import TestClient
    from sqlalchemy import create_engine, text

    from atout.web import create_app

    url = f"sqlite:///{tmp_path / 'atout.db'}"
    with TestClient(create_app(url, bot_delay=0)) as c:
        table = c.post("/api/tables", json={"game": "prime", "players": 4, "options": {"max_stake": 10}}).json()
    engine = create_engine(url)
    with engine.begin() as db:  # as the table was stored before the fix
        db.execute(text("""UPDATE web_tables SET options = '{"max_stake": 1000000000000, "chips": 1000000000000}'"""))
    engine.dispose()
    with TestClient(create_app(url, bot_delay=0), raise_server_exceptions=False) as c:
        r = c.get(f"/api/tables/{table['id']}")
        assert r.status_code == 404 and r.json()["error"] == "no_table"
        assert c.get("/healthz").status_code == 200
