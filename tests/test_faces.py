"""SVG card faces: every face of every pack renders as well-formed SVG with its index and name (issue 8)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from atout.core.cards import Card
from atout.core.errors import NotationError
from atout.core.packs import PACKS, TAROT66_1637
from atout.faces import back, render, svg

NS = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{NS}text")]


@pytest.mark.parametrize("lang", ["fr", "it", "en"])
@pytest.mark.parametrize("name", list(PACKS))
def test_every_face_is_well_formed_svg_with_its_index_and_name(name: str, lang: str) -> None:
    pack = PACKS[name]
    for card in pack.cards:
        text = svg(name, card.code, lang)
        root = ET.fromstring(text)  # well-formed XML
        assert root.tag == f"{NS}svg" and root.get("viewBox") == "0 0 120 180", card
        shown = texts(root)
        title = root.find(f"{NS}title")
        assert title is not None and title.text == f"{pack.display(card, lang)} ({card.code})"
        titled = pack.trump_name(card, lang) if card.is_trump or card.is_excuse else ""
        if pack.style.roman:  # a Marseille-type pack's titles are capitalised ("Le Bagat" beside "Le Pape")
            titled = titled[:1].upper() + titled[1:]
        if card.is_excuse:
            assert " ".join(shown) == titled  # the title, on one or two lines
        elif card.is_trump:
            numeral = pack.style.trump_numeral(card.trump_number or 0)
            assert shown.count(numeral) >= 3, (card, shown)  # two corners and the medallion
            name_on_card = titled
            if name_on_card:
                assert " ".join(shown[3:]) == name_on_card, (card, shown)
        else:
            assert card.rank is not None
            assert shown.count(pack.index(card, lang)) == 2, (card, shown)  # both corners
            if card.rank > 10:
                assert pack.style.ranks[lang][card.rank - 1] in shown


def test_trump_faces_show_roman_numerals_and_titles() -> None:
    """Italian packs number trumps in Marseille numerals with their title; French-suited ones in digits."""
    t16 = texts(ET.fromstring(svg("tarot78-italian", "T16", "fr")))
    assert "XVI" in t16 and "La Maison" in t16 and "Dieu" in t16  # the title on two lines
    assert "21" in texts(ET.fromstring(svg("tarot78-french", "T21", "fr")))
    assert "Le Bagat" in texts(ET.fromstring(svg("tarot66-1637", "T1", "fr")))  # a title, as "Le Pape" beside it
    assert "Il Matto" in texts(ET.fromstring(svg("tarot66-1637", "EX", "it")))
    assert "le Petit" in texts(ET.fromstring(svg("tarot78-french", "T1", "fr")))  # French-suited: as named


def test_back_is_well_formed() -> None:
    for name in PACKS:
        root = ET.fromstring(back(name))
        assert root.get("viewBox") == "0 0 120 180"
    assert svg("piquet32", "back") == back("piquet32")


def test_render_writes_every_face_deterministically(tmp_path: Path) -> None:
    first = render("tarot66-1637", tmp_path / "a", "fr")
    second = render(TAROT66_1637, tmp_path / "b", "fr")
    assert len(first) == 67 and {p.name for p in first} == {f"{c.code}.svg" for c in TAROT66_1637.cards} | {"back.svg"}
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def test_bad_faces_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="card 10H is not in pack tarot66-1637"):
        svg("tarot66-1637", "10H")
    with pytest.raises(NotationError):
        svg("piquet32", "ZZ")
    with pytest.raises(ValueError, match="unknown pack"):
        svg("nope", "KH")
    with pytest.raises(ValueError, match="unknown language"):
        svg("piquet32", "KH", "de")


def test_render_refuses_a_bad_language_before_writing(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        render("piquet32", tmp_path / "out", "de")
    assert not (tmp_path / "out").exists()


def test_svg_accepts_card_objects() -> None:
    assert svg("piquet32", Card.parse("kh")) == svg("piquet32", "KH")


def test_an_unregistered_pack_renders_too() -> None:
    """A game may define its own pack (register_pack); faces work for it before and after registration."""
    from dataclasses import replace

    mine = replace(TAROT66_1637, name="my-pack")
    assert "le Monde" in svg(mine, "T21", "fr")
