"""``python -m atout``: the same as the ``atout`` command."""

from atout.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
