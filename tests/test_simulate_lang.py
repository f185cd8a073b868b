"""``atout simulate --lang fr|en``: the report's statistics and labels in the chosen language (atout.present).

The figures are the run's own (``--json`` gives them language-free); what is checked here is the wording:
French by default like ``play``, ``rules`` and ``packs``, no English word in the French report, the English
report as before, numbers written as each language writes them (``0,367`` / ``0.367``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from atout.cli.main import build_parser, main
from atout.present.stats import report

ENGLISH = ("seat", "seats", "deals", "players", "mean per deal", "bots", "how the deals ended", "taken", "made",
           "record", "everybody", "heuristic", "concession accepted", "three tricks", "stopped")
FRENCH = ("place", "donnes", "joueurs", "moyenne par donne", "robots", "graine", "comment les donnes ont fini",
          "prise", "réussie", "enregistrement", "trois plis")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def words_in(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def test_help_documents_lang(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--lang {fr,en}" in help_text and "language of the report" in help_text and "default fr" in help_text


def test_french_by_default_with_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, default = run(capsys, "simulate", "triomphe", "--deals", "20", "--seed", "2")
    assert code == 0
    _, french = run(capsys, "simulate", "triomphe", "--deals", "20", "--seed", "2", "--lang", "fr")
    strip = re.compile(r"[\d,]+ s \(\d+ donnes/s\)")  # the timing differs between two runs
    assert strip.sub("", default) == strip.sub("", french)
    assert words_in(french, ENGLISH) == []
    lines = [line for line in french.splitlines() if line.strip()]  # the progress bar leaves a blank line
    assert re.fullmatch(r"triomphe \(Classique, en deux camps, 2 joueurs\)\u00a0: 20 donnes en \d+,\d\d s "
                        r"\(\d+ donnes/s\), robots heuristique, heuristique", lines[0]), lines[0]
    assert lines[1] == "graine 2"
    assert re.fullmatch(r"  Joueur 1\u00a0: [-\u2212]?\d+ \(moyenne par donne [-\u2212]?\d+(,\d+)?\)", lines[2]), lines[2]
    assert "  comment les donnes ont fini\u00a0:" in lines


def test_english_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, english = run(capsys, "simulate", "triomphe", "--deals", "20", "--seed", "2", "--lang", "en")
    assert code == 0 and words_in(english, FRENCH) == []
    lines = [line for line in english.splitlines() if line.strip()]
    assert re.fullmatch(r"triomphe \(classic, 2 players\): 20 deals in \d+\.\d\d s \(\d+ deals/s\), "
                        r"bots heuristic, heuristic", lines[0]), lines[0]
    assert lines[1] == "seed 2" and lines[2].startswith("  Player 1: ") and "  how the deals ended:" in lines


def test_same_figures_in_both_languages_as_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "tarot", "--deals", "12", "--seed", "5")
    _, out = run(capsys, *args, "--json")
    data = json.loads(out)
    _, fr = run(capsys, *args, "--lang", "fr")
    _, en = run(capsys, *args, "--lang", "en")
    for seat, (total, mean) in enumerate(zip(data["totals"], data["stats"]["mean_per_seat"], strict=True)):
        mean_text = str(int(mean) if float(mean).is_integer() else mean).replace("-", "\u2212")  # the true minus
        total_text = str(total).replace("-", "\u2212")
        assert f"  Player {seat + 1}: {total_text} (mean per deal {mean_text})" in en
        assert f"  Joueur {seat + 1}\u00a0: {total_text} (moyenne par donne {mean_text.replace('.', ',')})" in fr
    for kind, c in data["stats"].get("contracts", {}).items():
        pct = f"{100 * c['success_rate']:.0f}"
        assert f": prise {c['taken']} fois, réussie {c['made']} fois ({pct} %)" in fr, kind
        assert f": taken {c['taken']}, made {c['made']} ({pct}%)" in en, kind
    passed = data["stats"]["all_passed"]
    assert f"  donnes où tout le monde a passé (nulles, redistribuées)\u00a0: {passed}" in fr
    assert f"  deals where everybody passed (void, dealt again): {passed}" in en
    assert words_in(fr, ENGLISH) == []


def test_record_line_in_french(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out = run(capsys, "simulate", "mistigri", "--deals", "2", "--seed", "1", "--records", str(tmp_path))
    record = next(tmp_path.glob("mistigri-*.json"))
    assert f"enregistrement\u00a0: {record}" in out and words_in(out, ENGLISH) == []


def test_report_by_hand() -> None:
    # A run and its statistics written by hand: every line of the French and the English report.
    run_ = {"game": "triomphe", "variant": "chacun_pour_soi", "players": 4, "deals": 3, "seconds": 0.25,
            "deals_per_second": 12.0, "bots": ["random", "heuristic", "random", "random"], "seed": 9,
            "totals": [2, 1, 0, 0], "records": None}
    stats = {"mean_per_seat": [0.667, 0.333, 0, 0], "endings": {"stopped": 1, "vole_made": 2}}
    assert report(run_, stats, "fr") == [
        "triomphe (Chacun pour soi, 4 joueurs)\u00a0: 3 donnes en 0,25 s (12 donnes/s), "
        "robots aléatoire, heuristique, aléatoire, aléatoire",
        "graine 9",
        "  Joueur 1\u00a0: 2 (moyenne par donne 0,667)",
        "  Joueur 2\u00a0: 1 (moyenne par donne 0,333)",
        "  Joueur 3\u00a0: 0 (moyenne par donne 0)",
        "  Joueur 4\u00a0: 0 (moyenne par donne 0)",
        "  comment les donnes ont fini\u00a0:",
        "    arrêt après trois plis\u00a0: 1",
        "    vole réussie\u00a0: 2",
    ]
    assert report(run_, stats, "en")[0] == ("triomphe (chacun_pour_soi, 4 players): 3 deals in 0.25 s (12 deals/s), "
                                            "bots random, heuristic, random, random")
    assert report(run_, stats, "en")[-2:] == ["    stopped: 1", "    vole made: 2"]
    with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
        report(run_, stats, "de")


def test_bad_lang_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "triomphe", "--deals", "1", "--lang", "de"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "invalid choice: 'de'" in err
