"""``dealer-app staff recover`` and ``dealer-app staff pin-key export|import``.

``staff recover [--db URL] --name SUPERVISOR --reason TEXT [--pin-stdin]``: the way back
when no other supervisor can sign in (all locked after 100 wrong PINs, or none but this
one): sets a new PIN for ``--name`` and lifts its lock. It needs this workstation's
checkpoint key (the one that signed the database's checkpoints), or on PostgreSQL the role
that owns the database's tables. Audited as ``recover-supervisor`` by "(command line)".

``staff pin-key export FILE`` writes this workstation's PIN key to a new file (mode 0600);
``staff pin-key import FILE`` installs it at another workstation of the same floor, so every
station checks the same PINs (see ``storage/pepper.py``). Carry the file by hand and delete
it once imported.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dealer_app.commands.console import add_db_option, fail, open_services, read_pin
from dealer_app.services import StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    recover = sub.add_parser("recover", help="the last supervisor's way back (needs this "
                                             "workstation's key or the database owner)")
    add_db_option(recover)
    recover.add_argument("--name", required=True, help="the supervisor to recover")
    recover.add_argument("--reason", required=True, help="why (kept in the audit record)")
    recover.add_argument("--pin-stdin", action="store_true",
                         help="read the new PIN from standard input")
    key = sub.add_parser("pin-key", help="export or import the floor's PIN key")
    key.add_argument("direction", choices=["export", "import"])
    key.add_argument("file", type=Path, metavar="FILE")


def recover(args: argparse.Namespace) -> int:

    try:
        services = open_services(args.db, create=False)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    try:
        proof = services.staff.recovery_proof()
        new = read_pin(args, tr("New PIN for {name}: ").format(name=args.name), confirm=True)
        member = services.staff.recover(args.name, new, args.reason, proof)
    except (StorageError, ServiceError, KeyboardInterrupt, EOFError) as exc:
        return fail(error_text(exc) or tr("cancelled"))
    finally:
        services.close()
    print(tr("recovered {name} ({proof}): sign in with the new PIN").format(
        name=member.name, proof=proof))
    return 0


def pin_key(args: argparse.Namespace) -> int:
    from dealer_app.storage.pepper import export_pin_key, import_pin_key, pin_key_path

    try:
        if args.direction == "export":
            key = export_pin_key(args.file)
            print(tr("PIN key {key} written to {file}: import it at every other workstation "
                     "of the floor, then delete the file").format(key=key.id, file=args.file))
            return 0
        key, new = import_pin_key(args.file)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    print((tr("PIN key {key} installed in {path}") if new
           else tr("PIN key {key} is already this workstation's ({path})"))
          .format(key=key.id, path=pin_key_path()))
    return 0
