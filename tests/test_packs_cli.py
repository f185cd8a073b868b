"""``atout packs``: list, show in an order, orders, render; bad arguments give one line and exit 2."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atout.cli.main import main

ATOUT = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_packs_lists_the_five_packs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs")
    assert code == 0
    for name in ("piquet32", "tarot78-french", "tarot78-italian", "tarot66-1637", "prime40"):
        assert name in out
    code, out, _ = run(capsys, "packs", "--json")
    rows = {r["pack"]: r for r in json.loads(out)}
    assert rows["tarot66-1637"]["cards"] == 66 and rows["prime40"]["trumps"] is False


def test_show_in_order_a_with_bolognese_names(capsys: pytest.CaptureFixture[str]) -> None:
    """decks.md §6.1: order A (Bologna), Angelo first, the four Papi equal (D3)."""
    code, out, _ = run(capsys, "packs", "show", "tarot78-italian", "--order", "A", "--lang", "it", "--json")
    assert code == 0
    data = json.loads(out)
    trumps = data["trumps"]
    assert [t["name"] for t in trumps[:3]] == ["Angelo", "Mondo", "Sole"]
    assert [t["rank"] for t in trumps[16:21]] == [17, 17, 17, 17, 18]
    assert data["order_info"]["sources"]


def test_show_text_1637(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs", "show", "tarot66-1637", "--lang", "fr")
    assert code == 0
    assert "le Monde" in out and "le Bagat" in out and "le Mat" in out
    assert "Faon de deniers (JD), As de deniers (AD), 2 de deniers (2D)" in out  # inverted Coins (seed 000 n. 42)


def test_show_piquet_in_an_order_of_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs", "show", "piquet32", "--play", "as-qui-pille", "--lang", "en")
    assert code == 0 and "hearts: Ace of Hearts (AH), King of Hearts (KH)" in out


def test_orders_lists_a_b_c_savoy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "packs", "orders", "--json")
    assert code == 0
    assert [r["order"] for r in json.loads(out)] == ["A", "A-florence", "B", "C", "savoy"]


def test_render_writes_svg_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "packs", "render", "prime40", "--out", str(tmp_path), "--lang", "en")
    assert code == 0 and "41 SVG files" in out
    assert len(list(tmp_path.glob("*.svg"))) == 41


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("packs", "show", "tarot99"), "unknown pack 'tarot99'"),
        (("packs", "show", "tarot78-french", "--order", "Z"), "unknown trump order 'Z'"),
        (("packs", "show", "piquet32", "--order", "A"), "pack piquet32 has no trumps"),
        (("packs", "show", "piquet32", "--play", "bezique"), "pack piquet32 has no order 'bezique'"),
        (("packs", "render", "nope", "--out", "/tmp/x"), "unknown pack 'nope'"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                message: str) -> None:
    code, out, err = run(capsys, *args, "--lang", "en")  # (French by default, as the output: test_cli_said.py)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("atout packs: error: ") and message in err


def test_console_script_refuses_an_unwritable_directory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run([ATOUT, "packs", "render", "piquet32", "--out", str(blocker / "sub"), "--lang", "en"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("atout packs: error: cannot write the faces into")
