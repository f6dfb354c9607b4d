"""`dealer-app [--db URL]`: the dealer's window (the default command)."""

from __future__ import annotations

import argparse
import sys


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL or SQLite file (default: DEALER_APP_DB, else the "
                             "user data folder)")
    add_lang_option(parser)


LANGUAGES = ("en", "sv")
"""The ``--lang`` choices (``dealer_app.gui.toolkit.i18n.LANGUAGES``, kept here to start
without Qt)."""


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the language of the windows (default: this workstation's "
                             "setting, else the system's)")


def run(args: argparse.Namespace) -> int:
    # (the window is shown before the storage is imported: see dealer_app.gui.app)
    from dealer_app.gui.app import run as run_app
    from dealer_app.services import StorageError
    from dealer_app.services.core.errors import ServiceError
    from dealer_app.services.error_words import error_text

    try:
        return run_app(args.db, args.lang)
    except (StorageError, ServiceError) as exc:
        print(f"dealer-app: {error_text(exc)}", file=sys.stderr)
        return 1
