"""The ``atout`` command: list games, play in the terminal, simulate, replay records, print rules.

Exit codes: 0 success, 1 an interrupted game, 2 bad arguments or an invalid record.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from atout.core.errors import AtoutError, RecordError
from atout.core.protocol import game_info, json_number, list_games

EPILOG = """examples:
  atout games
  atout play triomphe --players 2 --target 5
  atout play tarot --players 4 --variant fft --lang en
  atout simulate triomphe --players 4 --deals 1000 --seed 1 --json
  atout replay game.json --json
  atout rules tarot --lang en
"""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None


def _option(text: str) -> tuple[str, object]:
    """A rule option KEY=VALUE; the value is read as JSON when it can be (true, 1000, [3, 2])."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        value: object = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; every command and option is documented in ``--help``."""
    parser = argparse.ArgumentParser(
        prog="atout",
        description="French card games, modern and historical: play, simulate, replay, read the rules.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("games", help="list the games, their variants and player counts")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")

    p = sub.add_parser("play", help="play in the terminal against bots")
    p.add_argument("game", nargs="?", default=None, help="game name (see 'atout games'; default: tarot)")
    p.add_argument("--players", type=_positive, help="number of players (default: the game's usual number)")
    p.add_argument("--variant", help="rules variant (default: the game's usual one, see 'atout games')")
    p.add_argument("--seed", type=_seed, help="seed for the deal and the bots (default: a random one, printed)")
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of the table (default fr)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 = first (default 0)")
    p.add_argument("--bot", default=None, help="the opponents' bot: 'heuristic' (default) or 'random'")
    p.add_argument("--deals", type=_positive, help="number of deals in the match (default 1)")
    p.add_argument("--target", type=_positive, help="play until a side reaches this score (Triomphe: 5)")
    p.add_argument("-o", "--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="rule option KEY=VALUE, repeatable (e.g. -o capot_value=1000, -o italian=true)")

    p = sub.add_parser("simulate", help="bots play N deals; prints totals and speed")
    p.add_argument("game", help="game name")
    p.add_argument("--players", type=_positive, help="number of players")
    p.add_argument("--variant", help="rules variant")
    p.add_argument("--deals", type=_positive, required=True, help="number of deals to play")
    p.add_argument("--seed", type=_seed, required=True, help="seed of the match and the bots")
    p.add_argument("--bots", help="bot names: one for all seats or one per seat, comma-separated")
    p.add_argument("--records", metavar="DIR", help="write the match record (atout-record/1 JSON) into DIR")
    p.add_argument("-o", "--option", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="rule option KEY=VALUE, repeatable (e.g. -o capot_value=1000, -o italian=true)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    p = sub.add_parser("replay", help="validate and replay a record file")
    p.add_argument("file", help="an atout-record/1 JSON file")
    p.add_argument("--json", action="store_true", help='print {"valid": ..., "returns": [...]}')

    p = sub.add_parser("rules", help="print a game's rules summary")
    p.add_argument("game", help="game name")
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language (default fr)")

    from atout.cli import tournament

    tournament.add_parser(sub, _positive, _seed, _option)
    from atout.cli import serve

    serve.add_parser(sub)
    from atout.cli import packs

    packs.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    console = Console()
    try:
        if args.command == "games":
            return _games(console, args.json)
        if args.command == "rules":
            print(game_info(args.game).rules_text(args.lang))
            return 0
        if args.command == "replay":
            return _replay(console, args.file, args.json)
        if args.command == "tournament":
            from atout.cli import tournament

            return tournament.run(console, args)
        if args.command == "serve":
            from atout.cli import serve

            return serve.serve(args)
        if args.command == "packs":
            from atout.cli import packs

            return packs.run(args)
        if args.command == "simulate":
            return _simulate(console, args)
        if args.command == "play":
            from atout.cli.play import play

            if args.game is None:
                names = [g.name for g in list_games()]
                args.game = "tarot" if "tarot" in names else names[0]
            return play(console, args)
    except (AtoutError, ValueError) as exc:
        parser.exit(2, f"atout {args.command}: error: {exc}\n")
    return 2


def _games(console: Console, as_json: bool) -> int:
    rows = [
        {
            "game": g.name,
            "title": g.title,
            "variants": {v: {"players": list(g.player_counts[v]), "about": g.variant_help.get(v, "")} for v in g.variants},
            "default_variant": g.default_variant,
        }
        for g in list_games()
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    from rich.table import Table

    table = Table(title="atout games")
    for col in ("game", "variant", "players", "about"):
        table.add_column(col)
    for g in list_games():
        for v in g.variants:
            mark = " (default)" if v == g.default_variant else ""
            players = ", ".join(map(str, g.player_counts[v]))
            table.add_row(g.name, v + mark, players, g.variant_help.get(v, ""))
    console.print(table)
    return 0


def _replay(console: Console, file: str, as_json: bool) -> int:
    from atout.records import read_record

    try:
        state = read_record(file)
    except RecordError as exc:
        if as_json:
            print(json.dumps({"valid": False, "file": file, "error": str(exc)}))
            return 2
        print(f"{file}: {exc}", file=sys.stderr)
        return 2
    returns = [json_number(x) for x in state.returns()]
    if as_json:
        print(json.dumps({"valid": True, "complete": state.is_terminal(), "returns": returns}))
    else:
        status = "complete" if state.is_terminal() else "in progress"
        console.print(f"{Path(file).name}: valid {state.game_name} record ({status}), returns {returns}")
    return 0


def _simulate(console: Console, args: argparse.Namespace) -> int:
    from atout.sim import simulate

    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    options = dict(args.option)
    if args.json:
        result = simulate(args.game, args.players, args.variant, args.deals, args.seed, bots, args.records, **options)
        print(json.dumps(result.to_json()))
        return 0
    from rich.progress import Progress

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{args.game}: {args.deals} deals", total=args.deals)
        result = simulate(
            args.game,
            args.players,
            args.variant,
            args.deals,
            args.seed,
            bots,
            args.records,
            on_deal=lambda k: progress.advance(task, k),
            **options,
        )
    data = result.to_json()
    console.print(
        f"{data['game']} ({data['variant']}, {data['players']} players): {data['deals']} deals in "
        f"{data['seconds']:.2f} s ({data['deals_per_second']:.0f} deals/s), bots {', '.join(result.bots)}"
    )
    for seat, total in enumerate(data["totals"]):
        console.print(f"  seat {seat}: {total}")
    if result.record_path:
        console.print(f"record: {result.record_path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
