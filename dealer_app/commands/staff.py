"""``dealer-app staff add [--db URL] --name N --role supervisor|dealer [--by SUPERVISOR]``
and ``dealer-app staff unlock [--db URL] --name N --by SUPERVISOR --reason TEXT``.

The new PIN (6–12 digits for a supervisor, 4–12 for a dealer) is asked twice (getpass), or
read from the first line of standard input with ``--pin-stdin``. On an empty database the
first account must be a supervisor; later ones need ``--by`` a supervisor, whose PIN is
asked next (or read from the second line). ``unlock`` lifts the lock of an account after
too many wrong PINs (the supervisor's PIN is asked, or read from standard input); audited.

``dealer-app staff pin [--db URL] --name N [--by SUPERVISOR --reason TEXT] [--pin-stdin]``
changes a PIN. Without ``--by`` the member changes their own: the old PIN, then the new one
twice (with ``--pin-stdin``: the old PIN on the first line, the new on the second). With
``--by`` a supervisor resets another member's PIN (a forgotten one; it also lifts a lock):
the supervisor's PIN, then the new PIN twice (with ``--pin-stdin``: one line each). Audited.

``staff recover`` and ``staff pin-key export|import``: ``commands/staff_keys.py``.
"""

from __future__ import annotations

import argparse

from dealer_app.commands import staff_keys
from dealer_app.commands.console import add_db_option, fail, open_services, read_pin
from dealer_app.services import Role, Services, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.text import tr, tr_noop

ROLE_NAMES = {Role.DEALER: tr_noop("dealer"), Role.SUPERVISOR: tr_noop("supervisor")}


def add_parser(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = sub.add_parser("add", help="add a dealer or a supervisor")
    add_db_option(add)
    add.add_argument("--name", required=True)
    add.add_argument("--role", required=True, choices=[r.value for r in Role])
    add.add_argument("--by", metavar="SUPERVISOR",
                     help="the supervisor authorising it (needed once any account exists)")
    add.add_argument("--pin-stdin", action="store_true",
                     help="read the PIN (then the supervisor's PIN) from standard input")
    unlock = sub.add_parser("unlock", help="unlock an account locked after wrong PINs")
    add_db_option(unlock)
    unlock.add_argument("--name", required=True, help="the account to unlock")
    unlock.add_argument("--by", metavar="SUPERVISOR", required=True)
    unlock.add_argument("--reason", required=True, help="why (kept in the audit record)")
    unlock.add_argument("--pin-stdin", action="store_true",
                        help="read the supervisor's PIN from standard input")
    pin = sub.add_parser("pin", help="change a PIN (your own, or another's as a supervisor)")
    add_db_option(pin)
    pin.add_argument("--name", required=True, help="whose PIN")
    pin.add_argument("--by", metavar="SUPERVISOR",
                     help="a supervisor resetting another member's PIN (needs --reason)")
    pin.add_argument("--reason", help="why the supervisor resets it (kept in the audit record)")
    pin.add_argument("--pin-stdin", action="store_true",
                     help="read the PINs from standard input, one a line: the old PIN (or "
                          "the supervisor's), then the new PIN")
    staff_keys.add_parsers(sub)


def run(args: argparse.Namespace) -> int:
    if args.action == "pin-key":
        return staff_keys.pin_key(args)
    if args.action == "recover":
        return staff_keys.recover(args)
    try:
        services = open_services(args.db)
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    if args.action == "unlock":
        return _unlock(services, args)
    if args.action == "pin":
        return _pin(services, args)
    try:
        first = services.staff.needs_first_supervisor()
        if first and args.role != Role.SUPERVISOR.value:
            return fail(tr("the database has no staff yet: add a supervisor first"))
        if not first and not args.by:
            return fail(tr("--by SUPERVISOR is needed to add staff"))
        pin = read_pin(args, tr("PIN for {name}: ").format(name=args.name), confirm=True)
        by = None
        if not first:
            by_pin = read_pin(args, tr("PIN of supervisor {name}: ").format(name=args.by),
                               confirm=False)
            by = services.staff.require_supervisor(args.by, by_pin, f"add staff {args.name}")
        member = services.staff.add_staff(args.name, args.role, pin, by=by)
    except (StorageError, ServiceError, KeyboardInterrupt, EOFError) as exc:
        return fail(error_text(exc) or tr("cancelled"))
    finally:
        services.close()
    print(tr("added {role} {name}").format(role=tr(ROLE_NAMES[member.role]),
                                          name=member.name))
    return 0


def _unlock(services: Services, args: argparse.Namespace) -> int:
    try:
        by_pin = read_pin(args, tr("PIN of supervisor {name}: ").format(name=args.by),
                               confirm=False)
        by = services.staff.require_supervisor(args.by, by_pin, args.reason)
        member = services.staff.unlock(args.name, by, args.reason)
    except (StorageError, ServiceError, KeyboardInterrupt, EOFError) as exc:
        return fail(error_text(exc) or tr("cancelled"))
    finally:
        services.close()
    print(tr("unlocked {name}").format(name=member.name))
    return 0


def _pin(services: Services, args: argparse.Namespace) -> int:
    """``staff pin``: a member changes their own PIN, or a supervisor (``--by``) resets it."""
    try:
        if args.by:
            if not (args.reason or "").strip():
                return fail(tr("--reason is needed when a supervisor resets a PIN"))
            by_pin = read_pin(args, tr("PIN of supervisor {name}: ").format(name=args.by),
                               confirm=False)
            by = services.staff.require_supervisor(args.by, by_pin, args.reason)
            new = read_pin(args, tr("New PIN for {name}: ").format(name=args.name),
                            confirm=True)
            member = services.staff.reset_pin(args.name, new, by, args.reason)
        else:
            old = read_pin(args, tr("Current PIN of {name}: ").format(name=args.name),
                            confirm=False)
            new = read_pin(args, tr("New PIN for {name}: ").format(name=args.name),
                            confirm=True)
            member = services.staff.change_pin(args.name, old, new)
    except (StorageError, ServiceError, KeyboardInterrupt, EOFError) as exc:
        return fail(error_text(exc) or tr("cancelled"))
    finally:
        services.close()
    print(tr("PIN of {name} changed").format(name=member.name))
    return 0
