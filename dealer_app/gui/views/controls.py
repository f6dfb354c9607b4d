"""The dealer's controls: the NEXT line, action buttons, the amount box, card entry, picker."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from dealer_app.engine.betting import Wager
from dealer_app.engine.cards import DECK, Card
from dealer_app.gui.toolkit.i18n import amount, group_separators, parse_amount
from dealer_app.gui.views.scale import px
from dealer_app.gui.wording.commands import ACTION_KEYS
from dealer_app.gui.wording.refusals import refusal_text
from dealer_app.text import tr

KeyHandler = Callable[[QKeyEvent], bool]


class NextLine(QLabel):
    """``NEXT ▶ Seat 3 (Bo) must bring in 10``; red while an input is refused. A text too
    long for one line is set smaller first (``fit``: the style sheet's smaller sizes), so
    that a refusal does not push the seats down; only what still does not fit wraps."""

    FITS = ("", "small", "smaller")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("nextLine")
        self.setWordWrap(True)
        self.prompt = ""
        self.error = ""
        self.waiting = ""
        self._probe = QLabel(self)  # measures a text in each size, never shown
        self._probe.setObjectName("nextLine")
        self._probe.setWordWrap(True)
        self._probe.setVisible(False)

    def show_prompt(self, text: str) -> None:
        self.prompt = text
        self.error = ""
        self._render()

    def show_error(self, text: str) -> None:
        self.error = text
        self._render()

    def clear_error(self) -> None:
        if self.error or self.waiting:
            self.error = self.waiting = ""
            self._render()

    def show_waiting(self, text: str) -> None:
        """Not a refusal: the input is kept while the database server is away."""
        self.waiting = text
        self._render()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._render()

    def _fit(self, text: str) -> str:
        """The largest size in which ``text`` takes one line at this width."""
        probe, width = self._probe, self.width()
        probe.setProperty("refused", bool(self.error))
        for fit in self.FITS:
            probe.setProperty("fit", fit)
            _repolish(probe)
            probe.setText("X")
            one_line = probe.heightForWidth(width)
            if not fit:  # as tall as a line at the full size, whatever the size
                self.setMinimumHeight(one_line)
            probe.setText(text)
            if probe.heightForWidth(width) <= one_line:
                return fit
        return self.FITS[-1]

    def _render(self) -> None:
        text = (f"✖ {self.error}" if self.error else f"⟳ {self.waiting}" if self.waiting
                else tr("NEXT ▶ {prompt}").format(prompt=self.prompt))
        self.setProperty("refused", bool(self.error))
        self.setProperty("fit", self._fit(text) if self.isVisible() else "")
        self.setText(text)
        _repolish(self)


def _repolish(widget: QWidget) -> None:
    """Applies the style sheet again after a property its rules select on changed."""
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class ActionBar(QWidget):
    """One button per action; only the legal ones are shown and enabled."""

    triggered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(8)
        self.buttons: dict[str, QPushButton] = {}
        for name, (key, label) in ACTION_KEYS.items():
            button = QPushButton(f"{tr(label)}  [{key}]")
            button.setObjectName(f"action_{name}")
            button.setProperty("class", "action")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, n=name: self.triggered.emit(n))
            button.setVisible(False)
            self.buttons[name] = button
            layout.addWidget(button)
        layout.addStretch(1)

    def set_actions(self, labels: dict[str, str]) -> None:
        """``labels``: action name → button text (e.g. ``call`` → ``Call 20``)."""
        for name, button in self.buttons.items():
            text = labels.get(name)
            visible = text is not None
            if visible:
                button.setText(f"{text}  [{ACTION_KEYS[name][0]}]")
            button.setVisible(visible)
            button.setEnabled(visible)

    def visible_actions(self) -> list[str]:
        return [n for n, b in self.buttons.items() if not b.isHidden()]


class AmountEdit(QLineEdit):
    """Digits (and the language's thousands separator); ``P`` pot, ``Shift+A`` all-in,
    Ctrl+A selects, Enter confirms, Escape cancels; any other key is refused with a word
    (:attr:`key_refused`), never swallowed."""

    pot = Signal()
    all_in = Signal()
    cancelled = Signal()
    key_refused = Signal(str)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        text = event.text()
        if key == Qt.Key.Key_P and not ctrl:
            self.pot.emit()
        elif key == Qt.Key.Key_A and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.all_in.emit()
        elif key == Qt.Key.Key_A and ctrl:
            self.selectAll()
        elif key == Qt.Key.Key_Escape:
            self.cancelled.emit()
        elif (not ctrl and text and (text.isdigit() or text in group_separators())) or key in (
                Qt.Key.Key_Backspace, Qt.Key.Key_Delete, Qt.Key.Key_Left, Qt.Key.Key_Right,
                Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Home, Qt.Key.Key_End):
            super().keyPressEvent(event)
        elif ctrl or Qt.Key.Key_F1 <= key <= Qt.Key.Key_F12:
            event.ignore()  # Ctrl+Z, F1, F2, F9: the window's keys, even from the amount box
        else:
            event.accept()
            if text and text.isprintable():
                self.key_refused.emit(text)


class AmountBox(QFrame):
    """The ``to`` amount of a bet or raise: min and max shown, quick choices, OK only when
    the amount is legal; an illegal amount says why in the box (the engine's words), in
    red, as it is typed."""

    confirmed = Signal(str, int)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("amountBox")
        self.action = ""
        self.range: Wager | None = None
        """The engine's bet or raise being entered: its amounts and its check."""
        self.limits_text = ""
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(6)
        self.title = QLabel()
        self.title.setObjectName("amountTitle")
        self.edit = AmountEdit()
        self.edit.setObjectName("amountEdit")
        self.limits = QLabel()
        self.limits.setObjectName("amountLimits")
        self.min_button = QPushButton(tr("Min"))
        self.pot_button = QPushButton(tr("Pot [{key}]").format(key="P"))
        self.all_in_button = QPushButton(tr("All-in [{key}]").format(key="⇧A"))
        self.ok = QPushButton(tr("OK ⏎"))
        self.ok.setObjectName("amountOk")
        layout.addWidget(self.title)
        layout.addWidget(self.edit)
        layout.addWidget(self.limits, 1)  # the limits, or why the amount is refused
        for w in (self.min_button, self.pot_button, self.all_in_button, self.ok):
            layout.addWidget(w)
        for b in (self.min_button, self.pot_button, self.all_in_button, self.ok):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            # never narrower than their words: a long refusal wraps instead (Swedish at
            # 1024×768 clipped them to "Mir", "ott [P")
            b.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self.limits.setWordWrap(True)
        self.limits.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.min_button.clicked.connect(lambda: self._set(self.range.min_to if self.range
                                                          else 0))
        self.pot_button.clicked.connect(self._pot)
        self.all_in_button.clicked.connect(self._all_in)
        self.edit.pot.connect(self._pot)
        self.edit.all_in.connect(self._all_in)
        self.edit.cancelled.connect(self.cancelled)
        self.edit.key_refused.connect(self._key_refused)
        self.edit.textChanged.connect(self._validate)
        self.edit.returnPressed.connect(self.confirm)
        self.ok.clicked.connect(self.confirm)
        self.set_scale(1.0)
        self.setVisible(False)

    def keep_room(self, keep: bool) -> None:
        """``keep``: the box's row stays while it is closed, so that the seats do not move
        when it opens (a table whose structure opens it: pot and no limit); else the row
        goes with the box (fixed limit never opens it)."""
        policy = self.sizePolicy()
        if policy.retainSizeWhenHidden() != keep:
            policy.setRetainSizeWhenHidden(keep)
            self.setSizePolicy(policy)

    def set_scale(self, scale: float) -> None:
        self.edit.setFixedWidth(px(120, scale))

    def open(self, wager: Wager) -> None:
        self.action, self.range = wager.action.value, wager
        self.title.setText(tr("Bet to") if self.action == "bet" else tr("Raise to"))
        self.limits_text = tr("min {low} · max {high}").format(low=amount(wager.min_to),
                                                              high=amount(wager.max_to))
        self.limits.setText(self.limits_text)
        self.pot_button.setVisible(wager.pot_sizing)
        self.setVisible(True)
        self._set(wager.default_to)
        self.edit.setFocus()
        self.edit.selectAll()

    def close_box(self) -> None:
        self.setVisible(False)
        self.range = None

    def _set(self, value: int) -> None:
        self.edit.setText(str(value))
        self.edit.selectAll()

    def _pot(self) -> None:
        choice = self.range.pot_choice if self.range is not None else None
        if choice is not None:  # the engine's quick choices (Wager)
            self._set(choice)

    def _all_in(self) -> None:
        choice = self.range.all_in_choice if self.range is not None else None
        if choice is not None:
            self._set(choice)

    def value(self) -> int | None:
        return parse_amount(self.edit.text())

    def problem(self) -> str:
        """Why the typed amount cannot be confirmed (the engine's check); empty when it can."""
        value = self.value()
        if self.range is None:
            return tr("no bet or raise is open")
        if value is None:
            return tr("type the amount")
        refusal = self.range.refusal(value)
        return refusal_text(refusal) if refusal is not None else ""

    def is_legal(self) -> bool:
        return not self.problem()

    def _key_refused(self, key: str) -> None:
        """A key that is no part of an amount: said in the box, the amount kept."""
        self._show_problem(tr("'{key}' is not part of an amount: type digits (P: pot, "
                              "⇧A: all-in)").format(key=key.strip() or key))

    def _validate(self) -> None:
        self._show_problem(self.problem() if self.range is not None else "")

    def _show_problem(self, problem: str) -> None:
        self.ok.setEnabled(self.range is None or self.is_legal())
        self.limits.setText(f"✖ {problem[:1].upper()}{problem[1:]}" if problem
                            else self.limits_text)
        for widget in (self.edit, self.limits):
            widget.setProperty("illegal", bool(problem))
            widget.style().unpolish(widget)
            widget.style().polish(widget)

    def confirm(self) -> None:
        value = self.value()
        if value is not None and self.is_legal():
            self.confirmed.emit(self.action, value)


class CardEntry(QLineEdit):
    """Where typed cards go. Every key is offered to ``key_handler`` first (the controller
    routes action shortcuts and completes cards as soon as two characters are in)."""

    focus_lost = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardEntry")
        self.setPlaceholderText(tr("card"))
        self.setMaxLength(4)
        self.key_handler: KeyHandler | None = None
        self.key_release_handler: KeyHandler | None = None
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        self.setFixedWidth(px(100, scale))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if self.key_handler is not None and self.key_handler(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if self.key_release_handler is not None and self.key_release_handler(event):
            event.accept()
            return
        super().keyReleaseEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 (Qt name)
        super().focusOutEvent(event)
        self.focus_lost.emit()  # a key held here is let go elsewhere: treat it as let go


class CardPicker(QWidget):
    """All 32 cards, one row per suit; cards already used in the hand are greyed out."""

    picked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardPicker")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(4)
        from dealer_app.gui.views.cards import PickerCard

        self.buttons: dict[Card, PickerCard] = {}
        for card in DECK:
            button = PickerCard(card)
            button.clicked.connect(lambda _=False, c=card: self.picked.emit(str(c)))
            self.buttons[card] = button
            grid.addWidget(button, card.suit, card.rank)

    def set_scale(self, scale: float) -> None:
        for button in self.buttons.values():
            button.set_scale(scale)

    def set_used(self, used: Iterable[Card], enabled: bool = True) -> None:
        used_set = set(used)
        for card, button in self.buttons.items():
            button.setEnabled(enabled and card not in used_set)
