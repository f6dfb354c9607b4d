"""`dealer-app review [--db URL]`: the floor supervisor's hand log browser.

Opens the review window on the database (the default one, ``--db URL``, or the
``DEALER_APP_DB`` environment variable as :func:`resolve_db_url` reads it). Nobody signs in
to browse; every supervisor act asks for the supervisor's name, PIN and a reason.
"""

from __future__ import annotations

import argparse
import sys


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: the app's SQLite file)")
    parser.add_argument("--screenshot", metavar="PNG", default=None,
                        help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    from dealer_app.gui.app import application
    from dealer_app.gui.review.backend import ReviewBackend
    from dealer_app.gui.review.window import ReviewWindow
    from dealer_app.services import StorageError

    app = application()
    try:
        backend = ReviewBackend.from_any(args.db)
    except StorageError as exc:
        print(f"dealer-app review: {exc}", file=sys.stderr)
        return 2
    window = ReviewWindow(backend)
    window.show()
    if args.screenshot:
        app.processEvents()
        window.grab().save(args.screenshot)
        window.close()
        backend.close()
        return 0
    status = app.exec()
    backend.close()
    return int(status)
