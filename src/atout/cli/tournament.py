"""``atout tournament``: a duplicate tournament between bots, locally, on processes or on Ray."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from rich.console import Console

from atout.bots.base import bot_names
from atout.bots.search import LEVELS
from atout.core.protocol import list_games
from atout.sim.tournament import TournamentSpec, resumed_boards, run_tournament


def bots_epilog() -> str:
    """The ``--help`` epilog of ``tournament`` and ``simulate``: each game's bot names, from the registry, and the levels.

    >>> "random" in bots_epilog() and "expert = search_expert" in bots_epilog()
    True
    """
    lines = ["bots (names for --bots), by game:"]
    lines += [f"  {info.name}: {', '.join(bot_names(info.name))}" for info in list_games()]
    levels = ", ".join(f"{level} = {name}" for level, name in LEVELS.items())
    lines.append(f"levels (the web table's difficulty names; give the bot's name here): {levels}")
    return "\n".join(lines)


def add_parser(sub: Any, positive: Any, seed: Any, option: Any) -> None:
    """Register the subcommand (``positive``, ``seed``, ``option``: main's argument types)."""
    p = sub.add_parser(
        "tournament",
        help="a duplicate tournament: every bot holds every hand; means with 95%% intervals, Elo-like ratings",
        description="Each deal is played once per bot with the seats rotated, so that every bot holds every "
        "hand. The result depends only on the game, bots, deals and seed, not on --jobs or --ray.",
        epilog=bots_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", help="game name (see 'atout games')")
    p.add_argument("--bots", required=True, help="two or more different bot names, comma-separated (e.g. heuristic,random)")
    p.add_argument("--deals", type=positive, required=True, help="number of deals (boards)")
    p.add_argument("--seed", type=seed, required=True, help="seed of the tournament (each board's seed derives from it)")
    p.add_argument("--players", type=positive, help="number of players")
    p.add_argument("--variant", help="rules variant")
    p.add_argument("-o", "--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                   help="rule option KEY=VALUE, repeatable")
    p.add_argument("--jobs", type=positive, default=1,
                   help="local worker processes, 1 to 64 (default 1; never more than the batches of boards)")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="run on a Ray cluster (its address; none: a local Ray); needs 'atout[ray]'")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.add_argument("--lang", choices=("fr", "en"), default="fr",
                   help="language of the report (default fr; --json is language-free)")
    p.add_argument("--resume", metavar="FILE",
                   help="continue the tournament of an earlier --json report FILE (same game, bots, seed, players, "
                        "variant, options): only the boards it lacks are played, and the result is the one a single "
                        "run of --deals N gives")


def run(console: Console, args: argparse.Namespace) -> int:
    """Run the tournament and print its report."""
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    spec = TournamentSpec(args.game, bots, args.deals, args.seed, args.players, args.variant, dict(args.option))
    use_ray = args.ray is not None
    done = _resumed(spec, args.resume) if args.resume else []
    if args.json:
        report = run_tournament(spec, jobs=args.jobs, ray_address=args.ray or None, use_ray=use_ray, done=done)
        print(json.dumps(report.to_json()))
        return 0
    from rich.progress import Progress
    from rich.table import Table

    spec.check()  # refuse bad arguments before the progress bar appears
    from atout.present.stats import TOURNAMENT, tournament_report

    words = TOURNAMENT[args.lang]["progress"].format(game=args.game, deals=args.deals, rotations=len(bots))
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:  # a pipe: no bar
        task = progress.add_task(words, total=args.deals, completed=len(done))
        report = run_tournament(spec, jobs=args.jobs, ray_address=args.ray or None, use_ray=use_ray,
                                on_board=lambda k: progress.advance(task, k), done=done)
    title, heads, rows, pairs = tournament_report(report.to_json(), args.lang)
    table = Table(title=title)
    for head in heads:
        table.add_column(head)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    for line in pairs:
        console.print(line)
    return 0


def _resumed(spec: TournamentSpec, path: str) -> list[list[Fraction]]:
    """The boards of the report to continue (``--resume``); ValueError naming the file and the fault."""
    spec.check()  # a bad specification is named before the file is judged against it
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise ValueError(f"--resume {path}: cannot read it ({exc.strerror or exc})") from None
    except (ValueError, RecursionError) as exc:  # not JSON (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        raise ValueError(f"--resume {path}: not a JSON report ({str(exc)[:120]})") from None
    try:
        return resumed_boards(spec, data)
    except ValueError as exc:
        raise ValueError(f"--resume {path}: {exc}") from None
