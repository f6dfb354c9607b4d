"""``dealer-app log verify|export|import|audit``: the integrity check, the exchange of
hands, and the audit record (:mod:`dealer_app.commands.audit`).

Exit status: 0 all well; 1 a hand's log was changed or the file is damaged (verify) or a
record was refused by the rules (import); 2 the database cannot be used, or (import, as
``replay``) a file is not a valid hand record; 130 cancelled with Ctrl+C.
Also holds the small terminal helpers (progress bar, Ctrl+C) the other commands share.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dealer_app.commands.console import (
    EXIT_CANCELLED,
    CtrlC,
    ProgressBar,
    add_db_option,
    fail,
    open_services,
    read_pin,
)
from dealer_app.services import Services, StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.core.types import VerifyReport
from dealer_app.services.error_words import error_text
from dealer_app.storage.integrity import integrity_problems
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    verify = sub.add_parser("verify", help="check the ledger, its signed checkpoints, the "
                            "anchor files, and replay every hand")
    add_db_option(verify)
    verify.add_argument("--trust", action="append", type=Path, default=[], metavar="FILE",
                        help="also trust the public keys in FILE (the configuration "
                             "folder's trusted-keys.txt is always read)")
    verify.add_argument("--anchor-dir", action="append", type=Path, default=[],
                        metavar="DIR", help="anchor files to check (default: anchors/ in "
                                            "the data folder)")
    verify.add_argument("--witness", action="append", type=Path, default=[], metavar="DIR",
                        help="a witness folder to check against (default: $DEALER_APP_WITNESS)")
    verify.add_argument("--accept-unanchored", action="store_true",
                        help="pass a database whose checkpoints have no anchor file here "
                             "(a copy handed over without its anchors); said in the output")
    verify.add_argument("--incremental", action="store_true",
                        help="verify only what came after the last verify (its state file, "
                             "by default in the data folder's verify-state/), then save the "
                             "state; a full verify when there is none")
    verify.add_argument("--state", type=Path, metavar="FILE",
                        help="the verify state file to start from and save (implies "
                             "--incremental); keep it away from the database's machine")
    verify.add_argument("--full", action="store_true",
                        help="with --incremental or --state: verify everything, then save "
                             "the state")
    verify.add_argument("--fingerprint", action="append", default=[], metavar="TEXT",
                        help="only match a fingerprint printed on a report (a signed "
                             "checkpoint '#seq xxxx-xxxx-xxxx-xxxx', a session's 'v2 xxxx-...' "
                             "or a hand's chain head) against the database; repeatable")
    key = sub.add_parser("key", help="print this workstation's checkpoint public key")
    key.add_argument("--rotate", action="store_true",
                     help="replace the key (old checkpoints stay verifiable)")
    export = sub.add_parser("export", help="write each hand as an americana-hand/1 file")
    add_db_option(export)
    export.add_argument("--session", type=int, metavar="ID", help="only this session's hands")
    export.add_argument("folder", metavar="DIR")
    imp = sub.add_parser("import", help="store hand records (each checked by the rules)")
    add_db_option(imp)
    imp.add_argument("--by", metavar="SUPERVISOR", required=True,
                     help="the supervisor importing (signs in: the PIN is asked, or read "
                          "from standard input with --pin-stdin)")
    imp.add_argument("--pin-stdin", action="store_true",
                     help="read the supervisor's PIN from the first line of standard input")
    imp.add_argument("files", nargs="+", metavar="FILE")
    from dealer_app.commands.audit import add_arguments as audit_arguments

    audit = sub.add_parser("audit", help="list the audit record (acts, sign-ins, refusals)")
    add_db_option(audit)
    audit_arguments(audit)


def run(args: argparse.Namespace) -> int:
    if args.action == "key":
        return show_key(args.rotate)
    try:
        services = open_services(args.db, create=args.action == "import",
                                 read_only=args.action in ("verify", "audit", "export"))
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    try:
        with CtrlC().active() as cancel:
            if args.action == "verify" and args.fingerprint:
                return _fingerprints(services, args.fingerprint)
            if args.action == "verify":
                return _verify(services, cancel, args.trust, args.anchor_dir,
                               args.accept_unanchored, args.witness,
                               incremental=args.incremental or args.state is not None,
                               state=args.state, full=args.full)
            if args.action == "audit":
                from dealer_app.commands.audit import run_audit

                return run_audit(services, args)
            if args.action == "export":
                return _export(services, Path(args.folder), args.session, cancel)
            return _import(services, [Path(f) for f in args.files], cancel,
                           _supervisor(services, args))
    except (StorageError, ServiceError) as exc:
        return fail(error_text(exc))
    finally:
        services.close()


def _verify(services: Services, cancel: CtrlC, trust: list[Path],
            anchors: list[Path], accept_unanchored: bool = False,
            witnesses: list[Path] | None = None, *, incremental: bool = False,
            state: Path | None = None, full: bool = False) -> int:
    for path in [*trust, *anchors, *(witnesses or [])]:
        if not path.exists():
            return fail(tr("{path} does not exist").format(path=path))
    damage = integrity_problems(services.db)  # SQLite's own check of the file's pages
    for line in damage:
        print(tr("DAMAGED database file: {problem}").format(problem=line))
    bar = ProgressBar(tr("verifying"))
    try:
        report = services.log.verify_all(progress=bar, cancel=cancel, trust=trust,
                                          anchors=anchors, accept_unanchored=accept_unanchored,
                                          witnesses=witnesses or [],
                                          incremental=incremental, state=state, full=full)
    except (StorageError, ServiceError) as exc:
        if not damage:
            raise
        print(tr("the hands cannot all be read: {error}").format(error=error_text(exc)),
              file=sys.stderr)
        return 1
    finally:
        bar.close()
    if damage:
        print(tr("the database file is damaged (SQLite integrity check: {count} problem(s)); "
                 "restore the last backup").format(count=len(damage)), file=sys.stderr)
    if report.incremental_from and report.incremental_to > report.incremental_from:
        print(tr("incremental from entry #{seq} verified at {at}: entries {first} to {last} "
                 "checked").format(seq=report.incremental_from, at=report.incremental_at,
                                   first=report.incremental_from + 1,
                                   last=report.incremental_to))
    elif report.incremental_from:
        print(tr("incremental from entry #{seq} verified at {at}: no new entries").format(
            seq=report.incremental_from, at=report.incremental_at))
    for broken in report.broken:
        print(tr("CHANGED {what}: {reason}").format(what=broken.label, reason=broken.reason))
    if report.copy_of:
        print(tr("COPY: this database is a copy of ledger {ledger} from checkpoint #{checkpoint} "
                 "(forked after ledger entry {seq})").format(
                     ledger=report.copy_of, checkpoint=report.copy_from[1],
                     seq=report.copy_from[0]))
        if report.original_went_on:
            print(tr("the original went on to ledger entry {seq} (its anchor file): what came "
                     "after the copy is not in this database").format(
                         seq=report.original_went_on))
    if report.unanchored and accept_unanchored:
        print(tr("UNANCHORED, accepted (--accept-unanchored): {why}").format(
            why=report.unanchored))
    for name in report.other_anchors:
        print(tr("note: anchor file {file} belongs to another database (not checked)")
              .format(file=name))
    if report.cancelled:
        print(tr("cancelled after {count} hands").format(count=report.checked), file=sys.stderr)
        return EXIT_CANCELLED
    if report.broken:
        print(tr("{count} things were changed outside the app ({hands} hands replayed)")
              .format(count=len(report.broken), hands=report.checked), file=sys.stderr)
    if report.broken or damage:
        _print_enforcement(services)
        _print_state(report)
        return 1
    if report.incremental_from:
        print(tr("all {count} new or changed hands hold; the ledger's new entries, the "
                 "checkpoints and the anchor lines since agree").format(count=report.checked))
        print(tr("not re-read: rows and entries from before entry #{seq} that were changed "
                 "in place without a ledger entry (a full verify finds them: dealer-app log "
                 "verify)")
              .format(seq=report.incremental_from))
    else:
        print(tr("all {count} hands hold; the ledger, its signed checkpoints and the anchor "
                 "files agree").format(count=report.checked))
    fingerprint = services.log.fingerprint()
    if fingerprint is not None:
        print(tr("newest checkpoint: {fingerprint} ({at} UTC, key {key})").format(
            fingerprint=fingerprint.short, at=f"{fingerprint.at:%Y-%m-%d %H:%M}",
            key=fingerprint.key_id))
    _print_enforcement(services)
    _print_state(report)
    return 0


def _print_state(report: VerifyReport) -> None:
    if report.state_file:
        print(tr("verify state saved: {file}").format(file=report.state_file))


def _print_enforcement(services: Services) -> None:
    """Whether the database itself refuses changes to the evidence (``storage/roles.py``)."""
    from dealer_app.storage.roles import enforcement

    try:
        answer = enforcement(services.db).describe()
    except (StorageError, ServiceError) as exc:
        answer = tr("unknown ({error})").format(error=error_text(exc))
    print(tr("append-only enforced by the database: {answer}").format(answer=answer))


def _fingerprints(services: Services, printed: list[str]) -> int:
    """``verify --fingerprint``: each printed fingerprint found or not (exit 1 if one is not,
    2 if one is not a fingerprint)."""
    from dealer_app.services.core.fingerprint import FingerprintFormatError, check_fingerprint

    status = 0
    for text in printed:
        try:
            match = check_fingerprint(services.db, text)
        except FingerprintFormatError as exc:
            print(f"dealer-app: {exc}", file=sys.stderr)
            status = 2
            continue
        print(f"{text.strip()}: {match.what}")
        if not match.found:
            status = max(status, 1)
    return status


def show_key(rotate: bool) -> int:
    """Prints this workstation's public key (``log key``, ``keys show``)."""
    from dealer_app.storage.notary import KEY_FILE, Notary, config_dir, rotate_key

    try:
        if rotate:
            old, new = rotate_key()
            print(tr("key {old} replaced by {new}; both stay in {file}").format(
                old=old or tr("(none)"), new=new, file=config_dir() / "trusted-keys.txt"))
        notary = Notary.load()
    except (StorageError, ServiceError, OSError) as exc:
        return fail(error_text(exc))
    print(f"{notary.public_key} key {notary.key_id} ({config_dir() / KEY_FILE})")
    return 0


def _export(services: Services, folder: Path, session: int | None, cancel: CtrlC) -> int:
    bar = ProgressBar(tr("exporting"))
    try:
        report = services.log.export(folder, session_id=session, progress=bar, cancel=cancel)
    finally:
        bar.close()
    print(tr("wrote {count} hand records to {folder}").format(count=len(report.written),
                                                                folder=folder))
    if report.cancelled:
        print(tr("cancelled; the files written are complete"), file=sys.stderr)
        return EXIT_CANCELLED
    return 0


def _supervisor(services: Services, args: argparse.Namespace) -> StaffMember:
    """The supervisor ``--by`` names, signed in with their PIN (asked, or the first line of
    standard input with ``--pin-stdin``; never an argument, which the process list shows)."""
    try:
        pin = read_pin(args, tr("PIN of supervisor {name}: ").format(name=args.by),
                        confirm=False)
    except (KeyboardInterrupt, EOFError):
        raise StorageError(tr("cancelled; nothing was imported")) from None
    return services.staff.require_supervisor(
        args.by, pin, tr("import {count} hand record(s)").format(count=len(args.files)))


def _import(services: Services, files: list[Path], cancel: CtrlC,
            supervisor: StaffMember) -> int:
    """One line per file as it goes (stored and already stored on stdout, refusals on
    stderr). Exit status as ``replay``: 2 when a file is not a valid record, else 1 when
    a record was refused, else 0."""
    bar = ProgressBar(tr("importing"))

    def said(name: str, outcome: str, hand_id: int | None, message: str) -> None:
        bar.clear()
        if outcome == "stored":
            print(tr("stored {file} as hand id {id}").format(file=name, id=hand_id), flush=True)
        elif outcome == "duplicate":
            print(tr("already stored {file} (hand id {id})").format(file=name, id=hand_id),
                  flush=True)
        else:
            print(tr("REFUSED {file}: {reason}").format(file=name, reason=message),
                  file=sys.stderr, flush=True)

    try:
        report = services.log.import_files(files, supervisor, progress=bar, cancel=cancel,
                                           on_file=said)
    finally:
        bar.close()
    if report.cancelled:
        print(tr("cancelled; every record stored is whole (run the same import again to "
                 "finish it)"), file=sys.stderr)
        return EXIT_CANCELLED
    if report.invalid:
        return 2
    return 1 if report.refused else 0
