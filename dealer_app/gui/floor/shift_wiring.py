"""The floor view's dealer rotation and shift figures: the two side tabs, their reads and
the supervisor's acts (each through the services; a push is the table's change of dealer).
Kept apart from ``window.py``, which creates one :class:`FloorShift` and calls it."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.gui.floor.rotation import RotationPanel, next_push
from dealer_app.gui.floor.shift import ShiftPanel
from dealer_app.gui.floor.shift_pdf import write_shift_pdf
from dealer_app.gui.toolkit.file_dialogs import save_file_name
from dealer_app.services import StaffMember, StorageError
from dealer_app.services.core.errors import ServiceError
from dealer_app.services.error_words import error_text
from dealer_app.services.floor import TableTile
from dealer_app.services.must_move import MustMoveList
from dealer_app.services.rotation import DealerDuty
from dealer_app.services.shift_report import ShiftReport, write_shift_csv
from dealer_app.text import tr

if TYPE_CHECKING:
    from dealer_app.gui.floor.parts import FloorView

BOARD_EVERY = 5.0
"""Seconds between two reads of the dealers' board (the times shown move every second)."""
SHIFT_EVERY = 30.0
"""Seconds between two reads of the shift's figures while their tab is shown."""


class FloorShift:
    def __init__(self, window: FloorView) -> None:
        self.window = window
        self.rotation = window.backend.rotation
        self.rotation_panel = RotationPanel()
        self.shift_panel = ShiftPanel()
        width = window.calls_panel.width()
        self.rotation_panel.setFixedWidth(width)
        self.shift_panel.setFixedWidth(width)
        window.side.addTab(self.rotation_panel, tr("Dealers"))
        window.side.addTab(self.shift_panel, tr("Shift"))
        window.side.currentChanged.connect(lambda _i: self._shift_shown())
        self.board: list[DealerDuty] = []
        self.staff: list[StaffMember] = []
        self.must_move: list[MustMoveList] = []
        """The games with a must-move table, as last read."""
        self.push_every = self.rotation_panel.push_every.value()
        self._board_at = -BOARD_EVERY
        self._shift_at = -SHIFT_EVERY
        p = self.rotation_panel
        p.clock_in_requested.connect(self.clock_in)
        p.clock_out_requested.connect(self.clock_out)
        p.break_requested.connect(self.start_break)
        p.back_requested.connect(self.back)
        p.push_requested.connect(self.push)
        p.push_every_requested.connect(self.set_push_every)
        self.shift_panel.pdf_requested.connect(lambda: self.write_pdf())
        self.shift_panel.csv_requested.connect(lambda: self.write_csv())
        self.read_board()

    # ------------------------------------------------------------------ reading
    def tick(self, now: datetime) -> None:
        """Each second: the board read again every :data:`BOARD_EVERY` s, its times moved."""
        if time.monotonic() - self._board_at >= BOARD_EVERY:
            self.read_board()
        else:
            self.rotation_panel.set_board(self.board, self.staff, self.push_every, now)
        if time.monotonic() - self._shift_at >= SHIFT_EVERY:
            self._shift_shown()

    def read_board(self) -> None:
        self._board_at = time.monotonic()
        now = self.window.now()
        try:
            self.board = self.rotation.board(now)
            self.push_every = self.rotation.push_every()
            self.staff = self.window.backend.list_staff()
            self.must_move = self.window.backend.must_move_lists()
        except (StorageError, ServiceError) as exc:
            self.rotation_panel.message.setText(error_text(exc))
            return
        self.rotation_panel.set_board(self.board, self.staff, self.push_every, now)

    def seat_text(self, tile: TableTile, waiting: str) -> str:
        """A tile's line about who sits down next: at a main table with a free seat the
        first player who must move (before the waiting list); at a must-move table the
        main table it feeds (and the waiting list's next player)."""
        for moves in self.must_move:
            if tile.table_id == moves.main_table_id and moves.next is not None:
                return tr("Must move first: {player} from {table}").format(
                    player=moves.next.player, table=moves.next.table)
            if tile.table_id in moves.tables:
                line = tr("Must-move table for {table}").format(table=moves.main_table)
                return "\n".join(t for t in (line, waiting) if t)
        return waiting

    def _shift_shown(self) -> None:
        if self.window.side.currentWidget() is self.shift_panel:
            self.read_shift()

    def read_shift(self) -> ShiftReport | None:
        self._shift_at = time.monotonic()
        who = self.window.supervisor
        try:
            report = self.window.backend.shift_report(
                now=self.window.now(), generated_by=who.name if who is not None else "")
        except (StorageError, ServiceError) as exc:
            self.shift_panel.message.setText(error_text(exc))
            return None
        self.shift_panel.set_report(report)
        return report

    # ------------------------------------------------------------------ acts
    def _act(self, step: Callable[[StaffMember], object]) -> bool:
        """Runs ``step(supervisor)`` for the supervisor signed in (asked once); a refusal is
        said on the panel and changes nothing."""
        who = self.window.who()
        if who is None:
            return False
        try:
            step(who)
        except (StorageError, ServiceError) as exc:
            self.rotation_panel.message.setText(error_text(exc))
            self.read_board()
            return False
        self.rotation_panel.message.clear()
        self.read_board()
        return True

    def _member(self, staff_id: int) -> StaffMember:
        return next(m for m in self.staff if m.id == staff_id)

    def clock_in(self, staff_id: int) -> bool:
        return self._act(lambda who: self.rotation.clock_in(self._member(staff_id), who))

    def clock_out(self, staff_id: int) -> bool:
        return self._act(lambda who: self.rotation.clock_out(self._member(staff_id), who))

    def start_break(self, staff_id: int, minutes: int) -> bool:
        return self._act(lambda who: self.rotation.start_break(self._member(staff_id),
                                                               minutes, who))

    def back(self, staff_id: int) -> bool:
        return self._act(lambda who: self.rotation.back(self._member(staff_id), who))

    def set_push_every(self, minutes: int) -> bool:
        return self._act(lambda who: self.rotation.set_push_every(minutes, who))

    def push(self) -> bool:
        """The free dealer who waited longest takes the box of the table most overdue."""
        planned = next_push(self.board)
        session_id = planned[1].session_id if planned is not None else None
        if planned is None or session_id is None:
            return False
        free = planned[0]
        done = self._act(lambda who: self.window.backend.change_dealer(
            session_id, self._member(free.staff_id), who))
        if done:
            self.window.refresh({t for t, w in self.window.tiles.items()
                                 if w.tile.session_id == session_id})
        return done

    # ------------------------------------------------------------------ the report
    def write_pdf(self, path: str | None = None) -> Path | None:
        return self._write(path, tr("Shift report (PDF)"), "shift.pdf", tr("PDF (*.pdf)"),
                           write_shift_pdf)

    def write_csv(self, path: str | None = None) -> Path | None:
        return self._write(path, tr("Shift figures (CSV)"), "shift.csv",
                           tr("CSV files (*.csv)"), write_shift_csv)

    def _write(self, path: str | None, title: str, name: str, pattern: str,
               writer: Callable[[ShiftReport, str], Path]) -> Path | None:
        if path is None:
            path = save_file_name(self.shift_panel.window(), title, name, pattern)
            if not path:
                return None
        report = self.read_shift()
        if report is None:
            return None
        try:
            out = writer(report, path)
        except OSError as exc:
            self.shift_panel.message.setText(tr("Cannot write {path}: {error}").format(
                path=path, error=exc))
            return None
        self.shift_panel.message.setText(tr("Written to {path}").format(path=out))
        return out
