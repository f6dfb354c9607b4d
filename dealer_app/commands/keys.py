"""``dealer-app keys show|list|admit|export|import``: the workstation keys a floor trusts.

- ``show``: this workstation's public key (give it to a supervisor at a trusted workstation);
  ``--rotate`` replaces it (old checkpoints stay verifiable).
- ``list [--db URL]``: every key the database names, and whether this workstation trusts it.
- ``admit KEY --label TEXT --by SUPERVISOR --reason TEXT [--db URL] [--pin-stdin]``: admits a
  new workstation's public key; only at a workstation whose own key is trusted (audited, sealed).
- ``export FILE [--db URL]``: the keys this workstation trusts for the database, as a trust
  file (an auditor's copy; ``log verify --trust FILE``).
- ``import FILE``: adds an export's keys to this workstation's trust file.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from dealer_app.commands.console import add_db_option, fail, open_services
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.keys import KeyService, import_keys
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    show = sub.add_parser("show", help="print this workstation's public key")
    show.add_argument("--rotate", action="store_true",
                      help="replace the key (old checkpoints stay verifiable)")
    listing = sub.add_parser("list", help="the keys the database names, and which are trusted")
    add_db_option(listing)
    admit = sub.add_parser("admit", help="admit a new workstation's public key (supervisor)")
    add_db_option(admit)
    admit.add_argument("key", metavar="KEY", help="the 64 hex digits 'keys show' printed there")
    admit.add_argument("--label", required=True, help="which workstation (kept with the key)")
    admit.add_argument("--by", metavar="SUPERVISOR", required=True)
    admit.add_argument("--reason", required=True, help="why (kept in the audit record)")
    admit.add_argument("--pin-stdin", action="store_true",
                       help="read the supervisor's PIN from standard input")
    export = sub.add_parser("export", help="write the trusted keys as a trust file")
    add_db_option(export)
    export.add_argument("file", metavar="FILE", type=Path)
    imp = sub.add_parser("import", help="trust the keys of an exported trust file")
    imp.add_argument("file", metavar="FILE", type=Path)


def run(args: argparse.Namespace) -> int:
    if args.action == "show":
        from dealer_app.commands.log import show_key

        return show_key(args.rotate)
    if args.action == "import":
        try:
            added = import_keys(args.file)
        except (StorageError, ServiceError) as exc:
            return fail(error_text(exc))
        for key_id in added:
            print(tr("trusted key {key}").format(key=key_id))
        return 0
    try:
        services = open_services(args.db, create=False)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    keys = KeyService(services.db)
    try:
        if args.action == "list":
            for k in keys.listing():
                role = (tr("founder") if k.founder else tr("admitted") if k.admitted
                        else tr("not admitted"))
                state = tr("trusted") if k.trusted else tr("NOT TRUSTED")
                own = tr(" (this workstation)") if k.own else ""
                print(f"{k.key_id}  {state:<12} {role:<13} {k.label}{own}")
            return 0
        if args.action == "export":
            count = keys.export(args.file)
            print(tr("wrote {count} trusted keys to {file}").format(count=count, file=args.file))
            return 0
        if args.pin_stdin:
            pin = sys.stdin.readline().strip()
        else:
            pin = getpass.getpass(tr("PIN of supervisor {name}: ").format(name=args.by))
        by = services.staff.require_supervisor(args.by, pin, args.reason)
        info = keys.admit(args.key, args.label, by, args.reason)
        print(tr("admitted key {key} ({label})").format(key=info.key_id, label=info.label))
        return 0
    except (StorageError, ServiceError, KeyboardInterrupt, EOFError) as exc:
        return fail(error_text(exc) or tr("cancelled"))
    finally:
        services.close()
