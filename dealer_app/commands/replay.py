"""`dealer-app replay FILE... [--json]`: check hand records against the rules.

Imports the engine only (no Qt, no database), so it starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dealer_app.engine.record import RecordError, replay_record
from dealer_app.engine.record_file import read_record_file
from dealer_app.text import tr


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="hand records (americana-hand/1); '-' reads standard input")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per record, one per line")


def summary_text(name: str, result: dict[str, Any]) -> str:
    """The readable form of one record's replay."""
    lines = [f"{name}: {result['accepted']} events accepted, "
             + ("complete" if result["complete"] else "not complete")]
    rejected = result["rejected"]
    if rejected:
        lines.append(f"  REFUSED event {rejected['index']} [{rejected['code']}]: "
                     f"{rejected['message']}")
    nxt = result["next"]
    if nxt:
        lines.append(f"  next: seat {nxt['seat']} {'/'.join(nxt['actions'])}")
    if result["bring_in"] is not None:
        lines.append(f"  bring-in: seat {result['bring_in']}")
    if result["first_to_act"]:
        lines.append("  first to act: " + ", ".join(
            f"round {r} seat {s}" for r, s in result["first_to_act"].items()))
    if result["showdown_order"]:
        lines.append("  showdown order: " + " ".join(map(str, result["showdown_order"])))
    for seat, hand in result["hands"].items():
        lines.append(f"  seat {seat} shows {hand['category']}: {' '.join(hand['cards'])}")
    for i, pot in enumerate(result["pots"]):
        label = "main pot" if i == 0 else f"side pot {i}"
        line = f"  {label} {pot['amount']} (seats {', '.join(map(str, pot['eligible']))})"
        if pot["awards"]:
            line += " -> " + ", ".join(f"seat {s} gets {a}" for s, a in pot["awards"].items())
        lines.append(line)
    if result["bets"]:
        lines.append("  bets: " + ", ".join(f"seat {s} {b}" for s, b in result["bets"].items()))
    if result["rake"]:
        lines.append(f"  rake: {result['rake']}")
    lines.append("  stacks: " + ", ".join(f"seat {s} {v}" for s, v in result["stacks"].items()))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    status = 0
    out = sys.stdout
    for name in args.files:
        try:
            record = read_record_file(name)
        except (OSError, RecordError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            print(tr("dealer-app replay: {file}: {reason}").format(file=name, reason=reason),
                  file=sys.stderr)
            if args.json:
                out.write(json.dumps({"file": name, "error": reason}) + "\n")
            status = 2
            continue
        result = replay_record(record)
        if result["rejected"] is not None and status == 0:
            status = 1
        if args.json:
            out.write(json.dumps(result) + "\n")
        else:
            out.write(summary_text(name, result) + "\n")
    return status
