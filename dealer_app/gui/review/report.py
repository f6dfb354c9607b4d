"""The session report: per seat buy-ins, adjustments, cash-outs, stack, net and hands; the
rake; the chip reconciliation (red when it does not hold); each dealer's stint; every void,
correction, adjustment and closing with its supervisor and reason; the stacks chart."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dealer_app import words
from dealer_app.gui.review.backend import ReviewBackend
from dealer_app.gui.review.chart import StackChart
from dealer_app.gui.review.report_models import SessionReportModel
from dealer_app.gui.toolkit.i18n import amount
from dealer_app.gui.toolkit.screen import resize_within_screen
from dealer_app.services import SessionInfo
from dealer_app.services.reports import SessionReport, local_time, zoned_time
from dealer_app.text import tr


class SessionReportDialog(QDialog):
    pdf_requested = Signal(int)
    print_requested = Signal(int)
    adjust_requested = Signal(int)
    settle_requested = Signal(int)
    close_requested = Signal(int)

    def __init__(self, backend: ReviewBackend, session_id: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.report: SessionReport | None = None
        self.setObjectName("sessionReport")
        self.setWindowTitle(tr("Session report"))
        resize_within_screen(self, 1280, 900)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Session")))
        self.session_box = QComboBox()
        self.session_box.setObjectName("reportSession")
        self.session_box.setMinimumWidth(300)  # 1024×768: the acts go on their own row
        self.session_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.session_box.setMinimumContentsLength(30)
        self.sessions: list[SessionInfo] = backend.sessions()
        for s in self.sessions:
            self.session_box.addItem(self._session_text(s), s.id)
        top.addWidget(self.session_box, 1)
        self.adjust_button = QPushButton(tr("Adjust stack…"))
        self.adjust_button.setObjectName("reportAdjust")
        self.settle_button = QPushButton(tr("Settle owed chips…"))
        self.settle_button.setObjectName("reportSettle")
        self.settle_button.setToolTip(tr("Record chips owed after a void (to or by a player "
                                         "who had left) as paid at the cage"))
        self.close_button = QPushButton(tr("Close session…"))
        self.close_button.setObjectName("reportClose")
        self.close_button.setProperty("class", "danger")
        self.pdf_button = QPushButton(tr("PDF…"))
        self.pdf_button.setObjectName("reportPdf")
        self.print_button = QPushButton(tr("Print…"))
        self.print_button.setObjectName("reportPrint")
        self.print_button.setToolTip(tr("Print the report (the PDF's pages) on a printer"))
        layout.addLayout(top)
        acts = QHBoxLayout()
        acts.addStretch(1)
        for b in (self.adjust_button, self.settle_button, self.close_button, self.pdf_button,
                  self.print_button):
            acts.addWidget(b)
        layout.addLayout(acts)
        self.title = QLabel()
        self.title.setObjectName("reviewTitle")
        self.facts = QLabel()
        self.facts.setObjectName("reviewSubtitle")
        layout.addWidget(self.title)
        layout.addWidget(self.facts)
        split = QSplitter(Qt.Orientation.Vertical)
        box = QWidget()
        inner = QVBoxLayout(box)
        inner.setContentsMargins(0, 0, 0, 0)
        self.model = SessionReportModel(self)
        self.view = QTableView()
        self.view.setObjectName("reportTable")
        self.view.setModel(self.model)
        self.view.verticalHeader().setVisible(False)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.setMinimumHeight(self.view.verticalHeader().defaultSectionSize() * 4
                                   + self.view.horizontalHeader().sizeHint().height() + 4)
        inner.addWidget(self.view, 1)
        self.reconciliation = QLabel()
        self.reconciliation.setObjectName("reconciliation")
        self.reconciliation.setWordWrap(True)
        inner.addWidget(self.reconciliation)
        self.stints = QLabel()
        self.stints.setObjectName("reportStints")
        self.stints.setWordWrap(True)
        self.stints.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.acts = QLabel()
        self.acts.setObjectName("reportActs")
        self.acts.setWordWrap(True)
        self.acts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the stints and the acts scroll: however many there are, the seats table keeps
        # its rows (with several acts it was squeezed to one)
        notes = QWidget()
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 0, 0, 0)
        notes_layout.addWidget(self.stints)
        notes_layout.addWidget(self.acts)
        notes_layout.addStretch(1)
        self.notes = QScrollArea()
        self.notes.setObjectName("reportNotes")
        self.notes.setWidgetResizable(True)
        self.notes.setFrameShape(QFrame.Shape.NoFrame)
        self.notes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.notes.setWidget(notes)
        inner.addWidget(self.notes, 1)
        split.addWidget(box)
        self.chart = StackChart()
        self.chart.setMinimumHeight(180)  # in the splitter: drawn larger when there is room
        split.addWidget(self.chart)
        split.setSizes([420, 420])
        layout.addWidget(split, 1)
        self.session_box.currentIndexChanged.connect(self._load_current)
        self.pdf_button.clicked.connect(lambda: self.pdf_requested.emit(self.session_id))
        self.print_button.clicked.connect(lambda: self.print_requested.emit(self.session_id))
        self.adjust_button.clicked.connect(lambda: self.adjust_requested.emit(self.session_id))
        self.close_button.clicked.connect(lambda: self.close_requested.emit(self.session_id))
        self.settle_button.clicked.connect(lambda: self.settle_requested.emit(self.session_id))
        if session_id is not None:
            index = self.session_box.findData(session_id)
            if index >= 0:
                self.session_box.setCurrentIndex(index)
        self._load_current()

    @staticmethod
    def _session_text(s: SessionInfo) -> str:
        state = tr("open") if s.is_open else tr("closed {when}").format(
            when=local_time(s.closed_at, seconds=False))
        return tr("#{id} · {table} · {dealer} · {opened} · {state}").format(
            id=s.id, table=s.table_name, dealer=s.dealer,
            opened=local_time(s.opened_at, seconds=False), state=state)

    @property
    def session_id(self) -> int:
        return int(self.session_box.currentData())

    def _load_current(self) -> None:
        if self.session_box.currentIndex() >= 0:
            self.load(self.session_id)

    def load(self, session_id: int) -> None:
        report = self.backend.session_report(session_id)
        self.report = report
        s = report.session
        index = self.session_box.findData(session_id)
        if index >= 0:  # the session may have closed since the box was filled
            self.session_box.setItemText(index, self._session_text(s))
        dealers = report.dealers()
        self.title.setText(
            (tr("{table} · session {id} · dealers {dealers}") if ", " in dealers
             else tr("{table} · session {id} · dealer {dealers}")).format(
                table=s.table_name, id=s.id, dealers=dealers))
        self.facts.setText(
            tr("{settings} · amounts in {currency} · opened {opened} · ").format(
                settings=words.settings_text(s.settings), currency=s.currency,
                opened=zoned_time(s.opened_at))
            + (tr("closed {when}").format(when=zoned_time(s.closed_at)) if s.closed_at
               else tr("open"))
            + "\n" + tr("Hands: {complete} complete, {void} void, {running} in progress · "
                        "rake {rake} {currency}").format(
                complete=amount(report.hands_complete), void=amount(report.hands_void),
                running=amount(report.hands_in_progress), rake=amount(report.rake),
                currency=s.currency))
        self.model.set_lines(report.seats)
        rec = report.reconciliation
        text = (tr("Chips balance ✔  ") if rec.balanced else tr("Chips do NOT balance ✘  ")) \
            + rec.equation()
        if rec.problems:
            text += "\n" + "\n".join(f"• {p}" for p in rec.problems)
        if rec.owed_lines:
            text += "\n" + "\n".join(tr("• owed: {line}").format(line=p)
                                      for p in rec.owed_lines)
        self.reconciliation.setText(text)
        self.reconciliation.setProperty("balanced", rec.balanced)
        self.reconciliation.style().unpolish(self.reconciliation)
        self.reconciliation.style().polish(self.reconciliation)
        self.stints.setText(tr("Dealers' stints:") + "\n" + "\n".join(
            tr("• {dealer}: {start} – {end} · {duration} · {hands} hands ({void} void) · "
               "{pace} hands per hour").format(
                dealer=x.dealer, start=zoned_time(x.started_at),
                end=zoned_time(x.ended_at) if x.ended_at else tr("still dealing"),
                duration=x.duration(), hands=amount(x.hands), void=amount(x.void),
                pace=x.pace())
            for x in report.stints))
        self.acts.setText(tr("Voids, corrections, adjustments and closing:") + "\n" + (
            "\n".join(tr("• {at} {act}: {what} — {by}: “{reason}”").format(
                at=zoned_time(a.at), act=a.act, what=a.what, by=a.by, reason=a.reason)
                for a in report.acts) or tr("none")))
        self.chart.unit = s.currency
        self.adjust_button.setEnabled(s.is_open)
        self.close_button.setEnabled(s.is_open)
        self.settle_button.setEnabled(bool(rec.owed_lines))
        self.chart.set_history(self.backend.stack_history(session_id))
