"""`dealer-app floor [--db URL] [--stale SECONDS] [--escalate SECONDS] [--lang LANG]`: the
floor view (every table live, calls)."""

from __future__ import annotations

import argparse
import sys

from dealer_app.commands.gui import add_lang_option
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: DEALER_APP_DB, else the user data folder)")
    parser.add_argument("--stale", metavar="SECONDS", type=float, default=120.0,
                        help="mark an open table stale after this long without an input "
                             "(default 120)")
    parser.add_argument("--escalate", metavar="SECONDS", type=float, default=60.0,
                        help="escalate a call nobody acknowledged after this long "
                             "(default 60)")
    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    from dealer_app.services import Services, StorageError

    if args.stale <= 0:
        print(tr("dealer-app floor: --stale must be above 0 seconds"), file=sys.stderr)
        return 2
    if args.escalate <= 0:
        print(tr("dealer-app floor: --escalate must be above 0 seconds"), file=sys.stderr)
        return 2
    try:
        services = Services.open(args.db)
    except StorageError as exc:
        print(tr("dealer-app floor: {error}").format(error=exc), file=sys.stderr)
        return 1
    from dealer_app.gui.app import application
    from dealer_app.gui.floor.window import FloorWindow

    app = application(lang=args.lang)
    window = FloorWindow(services, stale_after=args.stale, escalate_after=args.escalate)
    from dealer_app.gui.evidence_alarm import EvidenceAlarm

    notary = services.db.notary
    window.evidence_alarm = EvidenceAlarm(  # type: ignore[attr-defined]
        window, lambda: list(notary.problems) if notary is not None else [])
    window.show()
    window.start()
    try:
        return int(app.exec())
    finally:
        window.stop()
        services.close()
