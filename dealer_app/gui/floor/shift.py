"""Shift figures in the floor view: one line per table (its state, hands per hour now and
over the shift, average pot, rake, time idle) and per dealer, and the buttons that write the
shift report (PDF and CSV, see ``services/shift_report.py``)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from dealer_app.gui.floor.side_panel import SidePanel
from dealer_app.services.floor import TableState
from dealer_app.services.shift_report import Figures, ShiftReport, pace, state_name
from dealer_app.text import thousands, tr
from dealer_app.words import duration_text


def figures_text(f: Figures) -> str:
    """``12 hands · 9 last hour · 10.4/h · pot 140 · rake 320 · idle 12 min``."""
    return tr("{hands} hands · {hour} last hour · {pace}/h · pot {pot} · rake {rake} · "
              "idle {idle}").format(
        hands=thousands(f.hands), hour=thousands(f.hands_last_hour), pace=pace(f.hands_per_hour),
        pot="—" if f.average_pot is None else thousands(f.average_pot),
        rake=thousands(f.rake), idle=duration_text(f.idle))


class ShiftPanel(SidePanel):
    """The shift's figures as last read; ``pdf_requested`` and ``csv_requested``."""

    pdf_requested = Signal()
    csv_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shiftPanel")
        layout = QVBoxLayout(self)
        self.title = QLabel(tr("Shift"))
        self.title.setObjectName("callsTitle")
        self.title.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("shiftList")
        self.list.setWordWrap(True)
        self.list.setSpacing(4)
        self.pdf = QPushButton(tr("Shift report (PDF)…"))
        self.csv = QPushButton(tr("Shift figures (CSV)…"))
        for button in (self.pdf, self.csv):
            button.setMinimumHeight(40)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.pdf)
        layout.addWidget(self.csv)
        layout.addWidget(self.message)
        self.report: ShiftReport | None = None
        self.pdf.clicked.connect(self.pdf_requested.emit)
        self.csv.clicked.connect(self.csv_requested.emit)

    def set_report(self, report: ShiftReport) -> None:
        self.report = report
        closing = report.tables_by_state[TableState.CLOSING]
        self.title.setText(tr("Shift since {time} · {open} tables open · {seated} seated · "
                              "{waiting} waiting · rake {rake}").format(
            time=report.since.astimezone().strftime("%H:%M"), open=report.tables_open,
            seated=report.players_seated, waiting=report.waiting,
            rake=thousands(report.rake))
            + (tr(" · {count} closing").format(count=closing) if closing else ""))
        lines = [tr("{table} ({state})\n{figures}").format(
            table=t.name, state=state_name(t.state), figures=figures_text(t.figures))
            for t in report.tables]
        lines += [tr("Dealer {name} · {time} in the box\n{figures}").format(
            name=d.name, time=duration_text(d.figures.seconds), figures=figures_text(d.figures))
            for d in report.dealers]
        row = self.list.currentRow()
        self.list.clear()
        self.list.addItems(lines)
        self.list.setCurrentRow(min(row, len(lines) - 1))
