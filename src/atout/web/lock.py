"""One server per SQLite file: the database URL checked, and an OS lock on ``<file>.lock`` for the server's life.

Each server keeps its live tables in memory, so two servers on one SQLite file would each hand out the
same seat and then collide on the same moves (``IntegrityError``). ``atout serve`` therefore holds an
exclusive lock (``filelock``: ``flock`` on POSIX, ``LockFileEx`` on Windows; the OS drops it when the
process dies, even by SIGKILL) and a second server on that file stops at once with one line. On POSIX it
also holds ``flock`` on the database file itself: a lock on the file's inode, so another path to the same file
(a hard link, a symlink, another mount of the folder) meets it too (SQLite's own locks are ``fcntl`` record
locks, which ``flock`` leaves alone). Several processes that share a database are PostgreSQL's job, which
this lock leaves alone.

>>> sqlite_path("sqlite:///atout.db").name, sqlite_path("sqlite://"), sqlite_path("postgresql+psycopg://u@h/db")
('atout.db', None, None)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from atout.core.errors import AtoutError

#: The database backends the server is built and tested on (SQLAlchemy backend names).
BACKENDS = ("sqlite", "postgresql")
#: What to write instead, said in every refusal of a URL.
URL_FORMS = "sqlite:///FILE or postgresql://USER:PASS@HOST/DB"


class DatabaseInUse(AtoutError):
    """Another process already serves this SQLite file."""


def check_url(url: str) -> None:
    """Refuse a database URL the server cannot use, naming its scheme (ValueError, exit 2 on the CLI).

    >>> check_url("nope://x")
    Traceback (most recent call last):
    ...
    ValueError: database nope://x: the scheme 'nope' is not supported (sqlite:///FILE or postgresql://USER:PASS@HOST/DB)
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        shown = url.split("@")[-1] if "@" in url else url  # never print a password
        raise ValueError(f"database {shown}: not a database URL ({URL_FORMS})") from None
    backend, shown = parsed.get_backend_name(), parsed.render_as_string(hide_password=True)
    if backend not in BACKENDS:
        scheme = url.split(":", 1)[0]
        raise ValueError(f"database {shown}: the scheme {scheme!r} is not supported ({URL_FORMS})")


def sqlite_path(url: str) -> Path | None:
    """The absolute path of a SQLite file URL; None for an in-memory SQLite or another database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database or "").resolve()


class ServerLock:
    """The locks one server holds on its SQLite file (``<file>.lock``, and the file itself on POSIX)."""

    def __init__(self, named: FileLock, fd: int | None) -> None:
        self.named, self.fd = named, fd

    def release(self) -> None:
        """Let another server take the file."""
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor drops its flock
            self.fd = None
        self.named.release()


def _lock_inode(path: Path) -> int | None:
    """``flock`` the database file itself (created empty if new: SQLite takes an empty file as a new database).

    Returns the descriptor that holds the lock, None on Windows; raises BlockingIOError if another process holds it.
    """
    if sys.platform == "win32":
        return None
    import fcntl

    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise
    return fd


def lock_database(url: str) -> ServerLock | None:
    """Take the server's lock on a SQLite file (None for any other database): held until ``release()`` or exit.

    Raises :class:`DatabaseInUse` at once, naming the file, when another process holds it.
    """
    path = sqlite_path(url)
    if path is None:
        return None
    if not path.parent.is_dir():  # filelock would create the folders: a typo would start an empty database
        raise ValueError(f"database {path}: the folder {path.parent} does not exist")
    in_use = DatabaseInUse(f"database {path} is already served by another process (lock {path}.lock): "
                           "one server per SQLite file; several processes need PostgreSQL "
                           "(--db postgresql://USER:PASS@HOST/DB)")
    lock = FileLock(f"{path}.lock", timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise in_use from None
    try:
        fd = _lock_inode(path)
    except BlockingIOError:  # the same file by another name (a hard link): its server holds the inode
        lock.release()
        raise in_use from None
    return ServerLock(lock, fd)
