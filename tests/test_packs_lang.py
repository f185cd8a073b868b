"""``atout packs show --order`` and ``atout packs orders`` say the history of seed 000 in the chosen language.

With ``--lang fr`` the notes on Dummett's orders (seed 000; decks.md §6.1, D1–D3) are French: no English
sentence is left (marker words below); the orders' keys and the trumps' names stay as they are. With
``--lang en`` the English notes are unchanged.
"""

from __future__ import annotations

import json
import re

import pytest

from atout.cli.main import main
from atout.core.history import ORDERS, ORDERS_FR, SOURCES_FR, TRADITIONS, TRADITIONS_FR

# Words of the English notes that no French line may hold (titles of works are kept as published, so
# their words, "Game", "Lists", "Trumps", "sequence", are not markers).
ENGLISH = ("trump order", "Angel", "above", "virtues", "grouped", "rank equal", "south", "Popess", "just below",
           "highest", "hybrid", "one country", "Bologna", "Ferrara", "Savoy", "Piedmont", "not before",
           "review note", "the north", "sermon sequence", "Dummett's order", "numbering", "outranks", "stands in",
           "Milan and its region", "branch", "c. 1500")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    # The words come from the catalogs (issue 17): French spacing is no-break before ':' and ';'.
    return code, capsys.readouterr().out.replace("\xa0", " ").replace("\u202f", " ")


def english_in(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]


@pytest.mark.parametrize("key", list(ORDERS))
def test_show_order_in_french_has_no_english(capsys: pytest.CaptureFixture[str], key: str) -> None:
    code, out = run(capsys, "packs", "show", "tarot78-italian", "--order", key, "--lang", "fr")
    assert code == 0
    assert english_in(out) == []
    assert f"ordre des atouts {ORDERS_FR[key]['label']} :" in out
    assert ORDERS_FR[key]["note"] in out


def test_show_order_a_in_french_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 000: "il met le Jugement (appelé l'Angelo en italien) au sommet (au-dessus du Monde), mais il
    # groupe les vertus ensemble vers le bas"; decks.md D3: the four Papi rank equal.
    _, out = run(capsys, "packs", "show", "tarot78-italian", "--order", "A", "--lang", "fr")
    lines = out.splitlines()
    assert lines[1] == ("ordre des atouts A (Bologne) : Bologne, Florence ; vers le sud jusqu'en Sicile "
                        "(tarocchino, minchiate). L'Ange au-dessus du Monde, les vertus groupées vers le bas "
                        "(seed 000) ; les quatre Papi sont de rang égal (D3).")
    assert lines[2].startswith("  sources : tarocchinobolognese.it ; gambiter.com, « Tarocco Bolognese » ;")
    assert "   1. T20      XX  Le Jugement" in out  # the trumps' names unchanged: the Marseille titles


def test_show_order_json_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "packs", "show", "tarot78-italian", "--order", "B", "--lang", "fr", "--json")
    info = json.loads(out)["order_info"]
    assert info["label"] == "B (Ferrare)" and info["region"] == "Ferrare ; le Nord : Venise, Trente"
    assert english_in(json.dumps(info, ensure_ascii=False)) == []


def test_orders_in_french_has_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "packs", "orders", "--lang", "fr")
    assert code == 0 and english_in(out) == []
    assert "savoy — C′ (Savoie, Piémont) : Savoie et Piémont" in out
    assert "Angelo > Mondo > Sole" in out  # Bologna's own names stay (decks.md §6.1)


def test_english_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "packs", "show", "tarot78-italian", "--order", "A", "--lang", "en")
    assert "trump order A (Bologna): Bologna, Florence; south to Sicily" in out
    assert "The Angel above the World" in out
    _, out = run(capsys, "packs", "orders", "--lang", "en")
    assert "B — B (Ferrara): Ferrara; the north: Venice, Trento" in out


def test_every_text_has_its_french() -> None:
    for key, order in ORDERS.items():
        assert set(ORDERS_FR[key]) == {"label", "region", "note", "cite"}
        assert english_in(" ".join(ORDERS_FR[key].values())) == []
        for source in order.sources:
            assert english_in(SOURCES_FR.get(source, source)) == [], source
    assert set(TRADITIONS_FR) == set(TRADITIONS)
    with pytest.raises(ValueError, match="label, region, note or cite"):
        ORDERS["A"].text("tiers", "fr")
