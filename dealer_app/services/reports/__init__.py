"""Supervisor reports, Qt-free: session reconciliation, stack history, hand reports, CSV.

- ``session_report(db, session_id) -> SessionReport``: per seat buy-ins, adjustments,
  cash-outs, stack now, net result and hands played; the session's rake; the chip
  reconciliation ``stacks + cash-outs + rake = buy-ins + adjustments`` (flagged when it does
  not hold, with the reasons found).
- ``stack_history(db, session_id) -> StackHistory``: every player's stack over the session's
  hands, for a chart.
- ``hand_report(state) -> HandReport``: one hand for print (settings, seats, every logged row
  with time and author, undos and the void, showdown order, hand names, pots and the odd-chip
  ruling), as text or HTML.
- ``write_hand_list_csv(review, query, path, ...)``: the filtered hand list as CSV, written
  page by page to a temporary file renamed at the end (a cancel leaves nothing behind).
- ``atomic_write(path)``: the temp-file-then-rename helper the exports share.

Amounts are integers in the currency's minor unit; times are stored in UTC and shown in the
local time zone unless a ``tz`` is given. The package's modules: ``session`` (the session
report, its reconciliation, acts, stack history and HTML), ``hand`` (the hand report),
``times`` (zones and formats), ``common`` (what both put into HTML), ``hand_list`` (the
hand list's CSV). Every public name is importable from here.
"""

from __future__ import annotations

from dealer_app.services.core.common import CancelFn, ProgressFn
from dealer_app.services.core.files import Cancelled, atomic_write, temp_path_beside
from dealer_app.services.reports.common import (
    ACT_NAMES,
    act_name,
    describe,
    first_upper,
    nobreak,
    rake_text,
    status_name,
)
from dealer_app.services.reports.hand import (
    WAGERS,
    HandHeader,
    HandReport,
    LogLine,
    cards_text,
    event_caption,
    hand_header,
    hand_report,
    input_amounts,
    result_lines,
)
from dealer_app.services.reports.hand_list import CSV_COLUMNS, escape_cell, write_hand_list_csv
from dealer_app.services.reports.reconciliation import (
    ADJUST_KINDS,
    BUY_IN_KINDS,
    CASH_OUT_KINDS,
    HAND_KINDS,
    MOVE_IN_KINDS,
    MOVE_OUT_KINDS,
    OWED_KINDS,
    OWED_PAID_KINDS,
    Reconciliation,
    SeatLine,
)
from dealer_app.services.reports.session import (
    session_acts,
    session_report,
    session_row,
)
from dealer_app.services.reports.session_view import (
    SessionReport,
    SupervisorAct,
    session_report_html,
)
from dealer_app.services.reports.stack_history import (
    StackHistory,
    stack_history,
)
from dealer_app.services.reports.times import (
    iso_z,
    local_time,
    zone_label,
    zoned_time,
)

__all__ = [
    "ACT_NAMES", "ADJUST_KINDS", "BUY_IN_KINDS", "CASH_OUT_KINDS", "CSV_COLUMNS",
    "CancelFn", "Cancelled", "HAND_KINDS", "HandHeader", "HandReport", "LogLine",
    "MOVE_IN_KINDS", "MOVE_OUT_KINDS", "OWED_KINDS", "OWED_PAID_KINDS", "ProgressFn",
    "Reconciliation", "SeatLine", "SessionReport", "StackHistory", "SupervisorAct",
    "WAGERS", "act_name", "atomic_write", "cards_text", "describe", "escape_cell",
    "event_caption", "first_upper", "hand_header", "hand_report", "input_amounts",
    "iso_z", "local_time", "nobreak", "rake_text", "result_lines", "session_acts",
    "session_report", "session_report_html", "session_row", "stack_history",
    "status_name", "temp_path_beside", "write_hand_list_csv", "zone_label", "zoned_time"]
