"""``dealer-app log audit [--since WHEN] [--staff NAME] [--kind KIND] [--json]``: the audit
record — every supervisor act, sign-in, refused attempt, lockout and unlock, with who, when,
why and the hand or session it touched — newest first.

Plain output is one aligned line per entry (times in the local zone, with the zone);
``--json`` prints one JSON object per line (times in UTC). Exit status 0, or 2 when the
database cannot be used or an option cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from dealer_app.services import Services, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.moments import parse_moment, when
from dealer_app.services.reports import iso_z
from dealer_app.services.review import AUDIT_KINDS, AuditLine
from dealer_app.text import tr


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--since", metavar="WHEN",
                        help="only entries from then on: 2026-11-30 14:30, 2026-11-30, "
                             "22:10 (today), today, yesterday")
    parser.add_argument("--staff", metavar="NAME",
                        help="only entries by staff whose name contains NAME (any case)")
    parser.add_argument("--kind", choices=AUDIT_KINDS, metavar="KIND",
                        help=f"only one kind: {', '.join(AUDIT_KINDS)}")
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="at most N entries (the newest)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per line instead of text")


def as_json(line: AuditLine) -> dict[str, object]:
    r = line.record
    return {"at": iso_z(r.at), "staff": r.by, "role": line.role, "kind": line.kind,
            "act": r.act, "reason": r.reason, "table": line.table,
            "hand_number": line.hand_number, "hand_id": r.hand_id,
            "session_id": r.session_id, "detail": r.detail}


def as_text(line: AuditLine) -> str:
    r = line.record
    parts = [when(r.at), f"{r.by:<16}", f"{line.kind:<14}", f"{r.act:<22}"]
    if line.touched:
        parts.append(line.touched)
    if r.reason:
        parts.append(f"why: {r.reason}")
    if r.detail:
        parts.append(f"({line.detail_text})")
    return "  ".join(parts).rstrip()


def run_audit(services: Services, args: argparse.Namespace) -> int:
    try:
        since = parse_moment(args.since) if args.since else None
    except ValueError as exc:
        print(tr("dealer-app log audit: --since: {error}").format(error=exc), file=sys.stderr)
        return 2
    if args.limit is not None and args.limit < 1:
        print(tr("dealer-app log audit: --limit must be 1 or more"), file=sys.stderr)
        return 2
    try:
        lines = services.review.audit_lines(since=since, kind=args.kind, staff=args.staff,
                                            limit=args.limit)
    except (StorageError, ServiceError) as exc:
        print(tr("dealer-app log audit: {error}").format(error=error_text(exc)), file=sys.stderr)
        return 2
    for line in lines:
        print(json.dumps(as_json(line), ensure_ascii=False) if args.json else as_text(line))
    if not lines and not args.json:
        print(tr("no audit entry matches"), file=sys.stderr)
    return 0
