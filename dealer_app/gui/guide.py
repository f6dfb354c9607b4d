"""The first start: after the first supervisor is created, a guided practice table, or the
demo floor (``dealer-app demo``: tables, sessions and hands to try the review on).

The practice runs on its own database in a temporary folder, so nothing of it mixes with the
real hand log, its sessions or its reports; the folder is removed when the practice window
closes. A steps panel beside the practice table ticks each step off as it is done: create a
table, add a dealer, seat two players, deal one hand (each step names its keys).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_app.gui.backend import Backend
from dealer_app.gui.window import DealerWindow
from dealer_app.gui.wording.commands import Command
from dealer_app.text import tr

PRACTICE_PIN = "246810"
"""The practice supervisor's PIN (the practice database holds nothing real)."""
POLL_MS = 400
DEMO_HANDS = 30
"""Hands the demo floor plays (through the services, so every record is genuine)."""
_open: list[QWidget] = []
"""Practice and demo windows shown (no parent; this keeps them alive until closed)."""


@dataclass(frozen=True)
class Step:
    title: str
    how: str
    done: Callable[[Backend], bool]


def _has_dealer(backend: Backend) -> bool:
    return any(member.role.value == "dealer" for member in backend.list_staff())


def _seated(backend: Backend) -> int:
    backend.forget_seats()
    return len(backend.seats())


def _hand_keys() -> str:
    """The keys of one hand, from the command table."""
    def k(command: Command) -> str:
        return command.spec.key_text

    c = Command
    return tr("{next} deals · {antes} posts the antes · type each card (as, td, 10h) · "
              "{bring_in} brings in · {bet} bet, {raise_key} raise, {call} call, {check} "
              "check, {fold} fold · at the showdown, type each hole card to show it.").format(
        next=k(c.NEXT), antes=k(c.ANTES), bring_in=k(c.BRING_IN), bet=k(c.BET),
        raise_key=k(c.RAISE), call=k(c.CALL), check=k(c.CHECK), fold=k(c.FOLD))


def steps() -> tuple[Step, ...]:
    return (
        Step(tr("Create a table"),
             tr("On the tables page: a name, the ante and chip unit, the structure, then "
                "Create."),
             lambda b: bool(b.list_tables())),
        Step(tr("Add a dealer"),
             tr("In the Staff box: the dealer's name and PIN, then Add."),
             _has_dealer),
        Step(tr("Seat two players"),
             tr("Open the table. Players tab: the seat, the chips, the name, then Seat "
                "(twice)."),
             lambda b: _seated(b) >= 2),
        Step(tr("Deal one practice hand"), _hand_keys(), lambda b: b.complete),
    )


class StepsPanel(QWidget):
    """The guide's steps, each ticked off once done (and staying done)."""

    finished = Signal()
    """Emitted once, when the last step is done."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("guide")
        self.setFixedWidth(260)
        layout = QVBoxLayout(self)
        title = QLabel(tr("Your first table: practice"))
        title.setObjectName("header")
        title.setWordWrap(True)
        layout.addWidget(title)
        intro = QLabel(tr("This practice table has its own database: nothing here reaches "
                          "the real hand log. Your practice PIN is {pin}.").format(
            pin=PRACTICE_PIN))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.steps = steps()
        self.done = [False] * len(self.steps)
        self.labels: list[QLabel] = []
        for number in range(1, len(self.steps) + 1):
            label = QLabel()
            label.setWordWrap(True)
            label.setObjectName(f"step{number}")
            self.labels.append(label)
            layout.addWidget(label)
        layout.addStretch(1)
        self.close_button = QPushButton(tr("Close the practice"))
        layout.addWidget(self.close_button)
        self._render()

    @property
    def current(self) -> int | None:
        """The index of the first step not done yet."""
        return next((i for i, done in enumerate(self.done) if not done), None)

    def check(self, backend: Backend) -> None:
        """Ticks off the steps ``backend`` shows done, in order."""
        was_done = self.current is None
        for index, step in enumerate(self.steps):
            if self.done[index]:
                continue
            if not step.done(backend):
                break
            self.done[index] = True
        self._render()
        if self.current is None and not was_done:
            self.finished.emit()

    def _render(self) -> None:
        current = self.current
        for index, (label, step) in enumerate(zip(self.labels, self.steps, strict=True)):
            if self.done[index]:
                label.setText(f"✓ {index + 1}. {step.title}")
                label.setProperty("state", "done")
            elif index == current:
                label.setText(f"▶ {index + 1}. {step.title}\n{step.how}")
                label.setProperty("state", "current")
            else:
                label.setText(f"   {index + 1}. {step.title}")
                label.setProperty("state", "todo")
        if current is None:
            self.labels[-1].setText(self.labels[-1].text() + "\n\n" + tr(
                "Done: the real table is waiting in the other window."))


class PracticeWindow(QWidget):
    """A dealer's window on a throw-away practice database, with the steps beside it."""

    def __init__(self, supervisor_name: str, folder: Path | None = None) -> None:
        super().__init__()
        self.setWindowTitle(tr("dealer-app — practice table (not recorded)"))
        self.folder = folder or Path(tempfile.mkdtemp(prefix="dealer-app-practice-"))
        self.backend = Backend.open(f"sqlite:///{self.folder / 'practice.sqlite3'}")
        self.backend.create_first_supervisor(supervisor_name, PRACTICE_PIN)
        # imported here: the controller imports this module's callers
        from dealer_app.gui.controller import DealerController

        self.dealer = DealerWindow()
        self.controller = DealerController(self.dealer, self.backend)
        self.controller.shift.show_tables()
        self.panel = StepsPanel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.dealer, 1)
        layout.addWidget(self.panel)
        self.panel.close_button.clicked.connect(self.close)
        self.controller.refreshed.connect(self._check)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._check)
        self.timer.start(POLL_MS)

    def _check(self) -> None:
        self.panel.check(self.backend)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.timer.stop()
        if self in _open:
            _open.remove(self)
        self.backend.close()
        shutil.rmtree(self.folder, ignore_errors=True)
        super().closeEvent(event)


class FirstStartOffer(QDialog):
    """Offered once, right after the first supervisor of an empty database is created."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Welcome to dealer-app"))
        layout = QVBoxLayout(self)
        text = QLabel(tr("The hand log is ready. Would you like to run a practice table "
                         "first? It creates a table, adds a dealer, seats two players and "
                         "deals one hand with you, step by step, on a separate practice "
                         "database."))
        text.setWordWrap(True)
        layout.addWidget(text)
        buttons = QDialogButtonBox()
        self.practice_button = buttons.addButton(tr("Practice table"),
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        self.demo_button = buttons.addButton(tr("Demo floor"),
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.demo_button.setToolTip(tr("A separate database with tables, sessions and "
                                       "hands played, opened in the supervisor's review"))
        self.skip_button = buttons.addButton(tr("Start working"),
                                             QDialogButtonBox.ButtonRole.RejectRole)
        self.choice = ""
        """``practice``, ``demo`` or empty (start working)."""
        self.practice_button.clicked.connect(lambda: self._choose("practice"))
        self.demo_button.clicked.connect(lambda: self._choose("demo"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.practice_button.setDefault(True)

    def _choose(self, choice: str) -> None:
        self.choice = choice
        self.accept()


def open_demo_floor(parent: QWidget | None = None, hands: int | None = None) -> QWidget:
    """Plays the demo floor into a new database in a temporary folder (with a progress
    dialog) and opens the supervisor's review on it, signed in as its supervisor."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QProgressDialog

    from dealer_app.gui.review import open_review_window
    from dealer_app.services import Services
    from dealer_app.services.demo import PINS, build_demo

    total = hands or DEMO_HANDS
    folder = Path(tempfile.mkdtemp(prefix="dealer-app-demo-"))
    progress = QProgressDialog(tr("Playing the demo floor's hands…"), "", 0, total, parent)
    progress.setCancelButton(None)  # a few seconds; the folder goes with the window
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)

    def advance(done: int, _total: int) -> None:
        progress.setValue(done)
        QApplication.processEvents()

    services = Services.open(f"sqlite:///{folder / 'demo.sqlite3'}")
    try:
        build_demo(services, total, progress=advance)
        boss = services.staff.authenticate("Sam", PINS["Sam"])
    finally:
        progress.close()
    window = open_review_window(services, boss)

    def discard() -> None:  # the demo database and its folder go with the window
        services.close()
        shutil.rmtree(folder, ignore_errors=True)

    window.destroyed.connect(discard)
    atexit.register(shutil.rmtree, folder, True)  # if the app ends with the window open
    pins = ", ".join(f"{name} {pin}" for name, pin in PINS.items())
    window.setWindowTitle(tr("dealer-app — DEMO floor, not the real hand log (PINs: "
                             "{pins})").format(pins=pins))
    _open.append(window)
    return window


def offer_practice(parent: QWidget, supervisor_name: str) -> QWidget | None:
    """Asks, and opens the practice window or the demo floor if wanted."""
    offer = FirstStartOffer(parent)
    if offer.exec() != QDialog.DialogCode.Accepted:
        return None
    if offer.choice == "demo":
        return open_demo_floor(parent)
    window = PracticeWindow(supervisor_name)
    window.resize(1280, 800)
    window.show()
    _open.append(window)
    return window
