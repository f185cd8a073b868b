"""``atout replay FILE --analyse`` (issue 20): French and English, the PNG plot, and one-line refusals (exit 2)
for a game not finished, a record not Tarot, a --tricks out of range and a missing Matplotlib."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout") or str(Path(sys.executable).with_name("atout"))
RECORDS = Path(__file__).parent / "records"
PAB = RECORDS / "tarot" / "seed_petit_au_bout_won.json"  # 4 players, garde sans, the Petit led at the last trick


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], capture_output=True, text=True, timeout=300, check=False,
                          env={**os.environ, **(env or {})})


def test_french_and_english_with_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (pip install 'atout[plot]')")
    png = tmp_path / "value.png"
    fr = run("replay", str(PAB), "--analyse", "--tricks", "2", "--plot", str(png))
    assert fr.returncode == 0, fr.stderr
    assert "Toutes cartes vues depuis le pli 17, l'attaque fait" in fr.stdout
    assert "Garde sans le chien réussie de" in fr.stdout and "Pli 18" in fr.stdout
    # seed 001 counts the petit au bout in the margin: said, or "84 (36 needed): made by 58" reads as a wrong sum
    assert "(il en fallait 36) : Garde sans le chien réussie de 58 (petit au bout compris, +10)." in \
        fr.stdout.replace("\u00a0", " ").replace("\u202f", " ")
    assert "rien perdu" in fr.stdout and "Telle que jouée" in fr.stdout
    assert not any(w in fr.stdout for w in ("attack", "Trick", "cost"))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert fr.stdout.rstrip().endswith(f"Graphique écrit\u00a0: {png}")  # the chart's file named, once written
    en = run("replay", str(PAB), "--analyse", "--tricks", "2", "--lang", "en")
    assert en.returncode == 0, en.stderr
    assert "With every card seen from trick 17, the attack makes" in en.stdout and "Trick 18" in en.stdout
    assert not any(w in en.stdout for w in ("attaque", "Pli", "coûté", "Donne"))
    # 8 cards, each said once with its seat
    assert sum(1 for line in en.stdout.splitlines() if line.startswith("  Player ")) == 8


def test_refusals_are_one_line_exit_2(tmp_path: Path) -> None:
    record = json.loads(PAB.read_text(encoding="utf-8"))
    record.pop("result", None)
    record.pop("result", None)
    entry = record["deals"][0] if "deals" in record else record
    entry.pop("result", None)
    entry["actions"] = entry["actions"][:-3]  # three cards short of the end
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(record), encoding="utf-8")
    out = run("replay", str(unfinished), "--analyse")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.strip() == "la partie n'est pas finie\u00a0: l'analyse montrerait des cartes cachées"
    out = run("replay", str(RECORDS / "prime" / "bots_6p_match.json"), "--analyse", "--lang", "en")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.strip() == "the analysis is Tarot's, not prime's"
    out = run("replay", str(tmp_path / "absent.json"), "--analyse")  # the OS's reason, said in French too
    absent = tmp_path / "absent.json"
    assert (out.returncode, out.stderr.strip()) == (2, f"Impossible de lire «\u00a0{absent}\u00a0»\u00a0: fichier introuvable.")
    out = run("replay", str(tmp_path), "--analyse", "--lang", "en")
    assert (out.returncode, out.stderr.strip()) == (2, f"Cannot read '{tmp_path}': it is a folder.")
    out = run("replay", str(PAB), "--tricks", "19", "--lang", "en")
    assert (out.returncode, out.stderr.strip()) == (2, "--tricks is 1 to 18")
    # checked before any deal is said: a first deal where all passed printed its line before the refusal
    passed = RECORDS / "tarot" / "fft_petit_sec_redeal.json"
    out = run("replay", str(passed), "--analyse", "--tricks", "0", "--lang", "en")
    assert (out.returncode, out.stdout, out.stderr.strip()) == (2, "", "--tricks is 1 to 18")
    fake = tmp_path / "site"
    (fake / "matplotlib").mkdir(parents=True)
    (fake / "matplotlib" / "__init__.py").write_text("raise ImportError('no matplotlib here')\n", encoding="utf-8")
    path = os.pathsep.join([str(fake), os.environ.get("PYTHONPATH", "")])
    out = run("replay", str(PAB), "--analyse", "--plot", str(tmp_path / "x.png"), env={"PYTHONPATH": path})
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.strip() == "--plot demande Matplotlib\u00a0: pip install 'atout[plot]'"


def test_a_plot_folder_that_cannot_be_written_and_a_deal_out_of_range_are_said_before_any_work(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (pip install 'atout[plot]')")
    missing = tmp_path / "no" / "dir"
    out = run("replay", str(PAB), "--analyse", "--plot", str(missing / "x.png"))
    assert (out.returncode, out.stdout) == (2, "")  # no deal analysed first (attack 3: minutes with --tricks 7)
    assert out.stderr.strip() == f"--plot\u00a0: impossible d'écrire dans le dossier {missing}"
    out = run("replay", str(PAB), "--analyse", "--plot", str(tmp_path))  # an attacker's: refused after the work
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.strip() == f"--plot\u00a0: {tmp_path} est un dossier\u202f; donnez un fichier, par exemple " \
                                 f"{tmp_path}/analyse.png"
    out = run("replay", str(PAB), "--analyse", "--plot", str(tmp_path / "x.txt"), "--lang", "en")
    assert (out.returncode, out.stdout) == (2, "")  # a PNG was written into x.txt
    assert out.stderr.strip() == f"--plot: the chart is a PNG image, its name ends in .png, not “{tmp_path / 'x.txt'}”"
    assert not (tmp_path / "x.txt").exists()
    out = run("replay", str(RECORDS / "tarot" / "fft_petit_sec_redeal.json"), "--analyse", "--deal", "0")
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.strip() == "donne 0\u00a0: choisissez une donne de 1 à 2"  # the range, not "only 2"
    out = run("replay", str(RECORDS / "tarot" / "fft_petit_sec_redeal.json"), "--deal", "3", "--lang", "en")
    assert (out.returncode, out.stderr.strip()) == (2, "deal 3: choose a deal from 1 to 2")


def test_help_gives_the_ranges() -> None:
    out = run("replay", "--help")
    text = " ".join(out.stdout.split())
    for words in ("--analyse", "--tricks N", "1 to the tricks of a deal (default: as the browser, the last 5",
                  "within 3 million nodes", "--deal K", "--plot FILE.png",
                  "atout[plot]"):
        assert words in text


def test_ctrl_c_stops_a_long_analysis_at_once() -> None:
    """Ctrl+C while the solver works (5 players, 14 tricks a hand: far more than minutes of search) ends the process
    within seconds: the compiled search never returns to Python to see the signal, so the analysis lets SIGINT end
    the process (it has nothing to save)."""
    pexpect = pytest.importorskip("pexpect")
    long = RECORDS / "tarot" / "seed_called_king_in_talon.json"
    child = pexpect.spawn(ATOUT, ["replay", str(long), "--analyse", "--tricks", "14", "--lang", "en"],
                          encoding="utf-8", timeout=60, dimensions=(40, 100))
    child.expect("Analysing deal 1 with every card seen")  # the status line a person sees while it works
    child.expect(pexpect.TIMEOUT, timeout=2)  # the solver at work
    child.sendintr()
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.signalstatus == signal.SIGINT or child.exitstatus == 130, (child.signalstatus, child.exitstatus)
    assert "Traceback" not in (child.before or "")


def test_by_default_the_terminal_analyses_what_the_browser_does() -> None:
    """Without --tricks: the last 5 tricks, then earlier whole tricks within the same node budget as the
    browser's analysis, so both show a record the same way (a count of nodes: the same on any machine)."""
    from atout.analysis.deal import GROW_NODES
    from atout.web.replays import ANALYSIS_GROW_NODES

    assert GROW_NODES == ANALYSIS_GROW_NODES
    out = run("replay", str(PAB), "--analyse", "--lang", "en")
    assert out.returncode == 0, out.stderr
    heading = next(line for line in out.stdout.splitlines() if line.startswith("Analysis, every card seen"))
    first = int(heading.split("tricks ")[1].split(" ")[0])
    assert first < 14 and heading.endswith(f"(tricks {first} to 18)"), heading
    assert [f"Trick {n}" for n in range(first, 19)] == [line for line in out.stdout.splitlines() if line.startswith("Trick ")]


def test_deals_without_a_card_are_said_as_deals_with_their_reason() -> None:
    """A deal annulled for a petit sec (FFT rule 7) and a deal where everybody passed: each under its own rule
    like the deals analysed, with why there is nothing to analyse, as a sentence (it was a lower-case
    refusal, and the petit sec deal was said "everybody passed")."""
    out = run("replay", str(RECORDS / "tarot" / "fft_petit_sec_redeal.json"), "--analyse", "--lang", "en")
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert "Deal 1" in lines[0] and "Deal 2" in lines[2], lines
    assert lines[1] == "Deal annulled before the bidding (a Petit sec): no card was played, nothing to analyse."
    assert lines[3] == "Everybody passed: no card was played, nothing to analyse."


def test_at_80_columns_a_long_line_goes_on_indented() -> None:
    """A newcomer's terminal at 80 columns: a card's line went on at column 0 ("…mieux : le 3 de" / "trèfle, le 6
    de trèfle…"), lost among the cards. Each line now fits, its next lines indented under it."""
    pexpect = pytest.importorskip("pexpect")
    record = Path(__file__).parent / "records" / "tarot" / "fft_petit_au_bout_lost.json"
    child = pexpect.spawn(ATOUT, ["replay", str(record), "--analyse", "--tricks", "3"], dimensions=(50, 80),
                          encoding="utf-8", timeout=120, env={**os.environ, "NO_COLOR": "1", "TERM": "xterm"})
    child.expect(pexpect.EOF)
    lines = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", child.before).split("\r\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("Toutes cartes vues depuis le pli 22"))
    assert lines[start + 1].startswith("  en fallait 51)"), lines[start:start + 2]
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
