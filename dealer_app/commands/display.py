"""`dealer-app display --table NAME [--db URL] [--screen N] [--window] [--lang LANG]`: the
players' screen of one table, full screen (on the screen N when given)."""

from __future__ import annotations

import argparse
import sys

from dealer_app.commands.gui import add_lang_option
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--table", metavar="NAME", required=True, help="the table to show")
    parser.add_argument("--db", metavar="URL", default=None,
                        help="database URL (default: DEALER_APP_DB, else the user data folder)")
    parser.add_argument("--screen", metavar="N", type=int, default=None,
                        help="the monitor to fill (0 is the first; default: the primary)")
    parser.add_argument("--window", action="store_true",
                        help="a 1920x1080 window instead of full screen")
    add_lang_option(parser)


def run(args: argparse.Namespace) -> int:
    from dealer_app.services import Services, StorageError
    from dealer_app.station import set_view

    set_view(f"display {args.table}")
    try:
        services = Services.open(args.db)
        table_id = services.floor.table_id(args.table)
    except (StorageError, ServiceError) as exc:
        print(tr("dealer-app display: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 1
    from dealer_app.gui.app import application
    from dealer_app.gui.display.window import PlayersScreen

    app = application(lang=args.lang)
    screen = PlayersScreen(services, table_id)
    screens = app.screens()
    if args.screen is not None:
        if not 0 <= args.screen < len(screens):
            print(tr("dealer-app display: there is no screen {number} ({count} found)")
                  .format(number=args.screen, count=len(screens)), file=sys.stderr)
            services.close()
            return 2
        screen.setGeometry(screens[args.screen].geometry())
    if args.window:
        screen.fit(1920, 1080)
        screen.show()
    else:
        monitor = screens[args.screen] if args.screen is not None else app.primaryScreen()
        if monitor is not None:
            size = monitor.geometry().size()
            screen.fit(size.width(), size.height())
        screen.showFullScreen()
    screen.start()
    try:
        return int(app.exec())
    finally:
        screen.stop()
        services.close()
