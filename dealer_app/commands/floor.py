"""`dealer-app floor [--db URL] [--stale SECONDS] [--escalate SECONDS] [--lang LANG]`: the
floor view (every table live, calls); `dealer-app floor report [--db URL] [--csv FILE]
[--pdf FILE]`: the shift report of the gaming day so far (see ``services/shift_report.py``)."""

from __future__ import annotations

import argparse
import sys

from dealer_app.commands.gui import add_lang_option
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
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
    sub = parser.add_subparsers(dest="floor_command", metavar="report")
    report = sub.add_parser("report", help="write the shift report (CSV and/or PDF)")
    report.add_argument("--db", metavar="URL", default=argparse.SUPPRESS,
                        help="database URL (default: DEALER_APP_DB, else the user data folder)")
    report.add_argument("--csv", metavar="FILE", default=None, help="write the figures as CSV")
    report.add_argument("--pdf", metavar="FILE", default=None, help="write the report as PDF")


def report(args: argparse.Namespace) -> int:
    """The shift report into the files named; 2 when none is named."""
    from dealer_app.services import Services, StorageError
    from dealer_app.services.shift_report import shift_report, write_shift_csv

    if not args.csv and not args.pdf:
        print(tr("dealer-app floor report: name a file with --csv FILE or --pdf FILE"),
              file=sys.stderr)
        return 2
    try:
        services = Services.open(args.db, read_only=True)
    except (StorageError, ServiceError) as exc:
        print(tr("dealer-app floor report: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 1
    try:
        shift = shift_report(services.db)
        written = []
        if args.csv:
            written.append(write_shift_csv(shift, args.csv))
        if args.pdf:
            import os

            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # a report needs no screen
            from PySide6.QtGui import QGuiApplication

            from dealer_app.gui.floor.shift_pdf import write_shift_pdf

            _app = QGuiApplication.instance() or QGuiApplication([])
            written.append(write_shift_pdf(shift, args.pdf))
    except (OSError, StorageError, ServiceError) as exc:
        print(tr("dealer-app floor report: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 1
    finally:
        services.close()
    for path in written:
        print(tr("wrote {path}").format(path=path))
    return 0


def run(args: argparse.Namespace) -> int:
    from dealer_app.services import Services, StorageError

    if args.floor_command == "report":
        return report(args)
    if args.stale <= 0:
        print(tr("dealer-app floor: --stale must be above 0 seconds"), file=sys.stderr)
        return 2
    if args.escalate <= 0:
        print(tr("dealer-app floor: --escalate must be above 0 seconds"), file=sys.stderr)
        return 2
    try:
        services = Services.open(args.db)
    except (StorageError, ServiceError) as exc:
        print(tr("dealer-app floor: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 1
    from dealer_app.gui.app import application
    from dealer_app.gui.floor.window import FloorWindow
    from dealer_app.gui.toolkit.screen import show_filling_screen

    app = application(lang=args.lang)
    window = FloorWindow(services, stale_after=args.stale, escalate_after=args.escalate)
    from dealer_app.gui.evidence_alarm import EvidenceAlarm

    notary = services.db.notary
    window.evidence_alarm = EvidenceAlarm(  # type: ignore[attr-defined]
        window, lambda: list(notary.problems) if notary is not None else [])
    show_filling_screen(window)
    window.start()
    try:
        return int(app.exec())
    finally:
        window.stop()
        services.close()
