"""``dealer-app db backup [--db URL] FILE``: a consistent copy of a live SQLite database.

Uses SQLite's online backup API, so a table may keep running. To restore: stop every
dealer-app using the database, replace the database file with the backup (and delete any
``-wal`` and ``-shm`` files beside it), then run ``dealer-app log verify``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer_app.commands.log import EXIT_CANCELLED, CtrlC, ProgressBar, add_db_option, fail
from dealer_app.storage import Database, StorageError, backup_sqlite_file, resolve_db_url
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    backup = sub.add_parser("backup", help="copy a live SQLite database to FILE")
    add_db_option(backup)
    backup.add_argument("file", metavar="FILE")


def run(args: argparse.Namespace) -> int:
    try:
        db = Database.open(resolve_db_url(args.db), create=False)
    except StorageError as exc:
        return fail(str(exc))
    try:
        source = db.sqlite_path
        if source is None:
            return fail(tr("db backup copies SQLite files; back up PostgreSQL with pg_dump"))
        target = Path(args.file).expanduser().absolute()
        if target.resolve() == source.resolve():
            return fail(tr("the backup file must not be the database itself"))
        bar = ProgressBar(tr("backing up"))
        with CtrlC().active() as cancel:
            try:
                backup_sqlite_file(source, target, progress=bar, cancel=cancel)
            finally:
                bar.close()
    except StorageError as exc:
        if "cancelled" in str(exc):
            print(str(exc), file=sys.stderr)
            return EXIT_CANCELLED
        return fail(str(exc))
    finally:
        db.close()
    print(tr("backed up {source} to {target}").format(source=source, target=target))
    return 0
