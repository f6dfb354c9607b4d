"""``dealer-app db backup [--db URL] FILE``: a consistent copy of a live SQLite database.

Uses SQLite's online backup API, so a table may keep running. To restore: stop every
dealer-app using the database, replace the database file with the backup (and delete any
``-wal`` and ``-shm`` files beside it), then run ``dealer-app log verify``.

``dealer-app db roles [--db URL] [--owner NAME] [--station NAME] [--auditor NAME] [--check]``:
on PostgreSQL, the roles and triggers that make the database refuse to change or delete
evidence (``storage/roles.py``); prints each step and then whether the database enforces
them. Idempotent: run it again after every upgrade. ``--check`` only reports (exit 1: not
enforced).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer_app.commands.console import EXIT_CANCELLED, CtrlC, ProgressBar, add_db_option, fail
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.storage import Database, StorageError, backup_sqlite_file, resolve_db_url
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    backup = sub.add_parser("backup", help="copy a live SQLite database to FILE")
    add_db_option(backup)
    backup.add_argument("file", metavar="FILE")
    from dealer_app.storage.roles import AUDITOR, OWNER, STATION

    roles = sub.add_parser("roles", help="PostgreSQL: the owner, station and auditor roles "
                                         "and the append-only triggers")
    add_db_option(roles)
    roles.add_argument("--owner", default=OWNER, metavar="NAME",
                       help=f"the role that owns the tables and migrates (default {OWNER})")
    roles.add_argument("--station", default=STATION, metavar="NAME",
                       help="the role workstations log in as members of: inserts evidence, "
                            f"never changes it (default {STATION})")
    roles.add_argument("--auditor", default=AUDITOR, metavar="NAME",
                       help=f"the read-only role (default {AUDITOR})")
    roles.add_argument("--check", action="store_true",
                       help="change nothing; say whether the database enforces them")


def run(args: argparse.Namespace) -> int:
    try:
        db = Database.open(resolve_db_url(args.db), create=False)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    if args.action == "roles":
        try:
            return _roles(db, args)
        except (StorageError, ServiceError) as exc:
            return fail(error_text(exc))
        finally:
            db.close()
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
    except (StorageError, ServiceError) as exc:
        if "cancelled" in error_text(exc):
            print(error_text(exc), file=sys.stderr)
            return EXIT_CANCELLED
        return fail(error_text(exc))
    finally:
        db.close()
    print(tr("backed up {source} to {target}").format(source=source, target=target))
    return 0


def _roles(db: Database, args: argparse.Namespace) -> int:
    from dealer_app.storage.roles import RoleNames, apply_roles, enforcement

    names = RoleNames(args.owner, args.station, args.auditor).checked()
    if not args.check:
        apply_roles(db, names, say=lambda line: print(line, flush=True))
        print(tr("Give each workstation a login role in {station} (CREATE ROLE pit1 LOGIN "
                 "PASSWORD '...' IN ROLE {station}), the auditor one in {auditor}, and "
                 "migrate as a member of {owner}; run this again after every upgrade")
              .format(station=names.station, auditor=names.auditor, owner=names.owner))
    report = enforcement(db)
    print(tr("append-only enforced by the database: {answer}").format(
        answer=report.describe()))
    return 0 if report.enforced or not args.check else 1
