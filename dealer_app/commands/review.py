"""`dealer-app review [--db URL]`: the floor supervisor's hand log browser.

Opens the review window on the database (the default one, ``--db URL``, or the
``DEALER_APP_DB`` environment variable as :func:`resolve_db_url` reads it). A staff member
signs in to browse (so the audit knows who looked); every supervisor act asks for the
supervisor's name, PIN and a reason.
"""

from __future__ import annotations

import argparse
import sys

from dealer_app.commands.gui import add_lang_option
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: the app's SQLite file)")
    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    from dealer_app.gui.app import application
    from dealer_app.gui.crash import install_exception_hook
    from dealer_app.gui.review.backend import ReviewBackend
    from dealer_app.gui.review.dialogs import SignInDialog
    from dealer_app.gui.review.window import ReviewWindow
    from dealer_app.services import Services, StorageError

    app = application(lang=args.lang)
    install_exception_hook()
    try:
        backend = ReviewBackend(Services.open(args.db, create=False), owns=True)
    except (StorageError, ServiceError) as exc:
        print(tr("dealer-app review: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 2
    sign_in = SignInDialog(backend)
    if not sign_in.exec() or sign_in.staff is None:
        backend.close()
        return 1
    window = ReviewWindow(backend, sign_in.staff)
    window.show()
    status = app.exec()
    backend.close()
    return int(status)
