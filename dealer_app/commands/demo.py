"""``dealer-app demo --db URL [--hands N]``: fills a new database with a realistic floor."""

from __future__ import annotations

import argparse

from dealer_app.commands.console import ProgressBar, add_db_option, fail, open_services
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)
    parser.add_argument("--hands", type=int, default=30, metavar="N",
                        help="hands to play (default 30)")


def run(args: argparse.Namespace) -> int:
    if args.hands < 1:
        return fail(tr("--hands must be at least 1"))
    from dealer_app.services.demo import PINS, build_demo

    try:
        services = open_services(args.db)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    bar = ProgressBar(tr("playing"))
    try:
        report = build_demo(services, args.hands, progress=bar)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    finally:
        bar.close()
        services.close()
    print(tr("{tables} tables, {sessions} sessions, {hands} hands; ").format(
        tables=report.tables, sessions=report.sessions, hands=report.hands)
          + "; ".join(report.notes))
    print(tr("PINs: ") + ", ".join(f"{name} {pin}" for name, pin in PINS.items()))
    return 0
