"""The one table of the dealer's commands: buttons, keyboard shortcuts and the F1 key map are
all generated from :class:`Command`.

One key, one meaning: no command key is a card character. A card starts with its rank
(7 8 9 T J Q K A, or the 1 of 10) and ends with its suit (s h d c), so none of those letters
is a command; a card can never be recorded as an action, nor an action as a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from dealer_app.engine import RANKS, SUITS, Action

_NO_MOD = Qt.KeyboardModifier.NoModifier
_CTRL = Qt.KeyboardModifier.ControlModifier


@dataclass(frozen=True, slots=True)
class Spec:
    """One command: its id (the button's name), key, label, key-map line, and the engine
    action it records, if any."""

    name: str
    key: Qt.Key
    label: str
    help: str
    action: Action | None = None
    ctrl: bool = False
    button: bool = True
    """An action-bar button (the others are keys only, or have their own widget)."""

    @property
    def key_text(self) -> str:
        """``L``, ``Ctrl+Z``, ``F9``, ``Esc``."""
        if self.key == Qt.Key.Key_Escape:
            base = "Esc"
        elif Qt.Key.Key_F1 <= self.key <= Qt.Key.Key_F12:
            base = f"F{self.key - Qt.Key.Key_F1 + 1}"
        else:
            base = chr(self.key)
        return f"Ctrl+{base}" if self.ctrl else base


class Command(Enum):
    """Every command of the dealer's table page, in the order the action bar shows them."""

    ANTES = Spec("ante", Qt.Key.Key_P, "Antes", "post every missing ante", Action.ANTE)
    BRING_IN = Spec("bring-in", Qt.Key.Key_B, "Bring-in", "bring in", Action.BRING_IN)
    BET = Spec("bet", Qt.Key.Key_E, "Bet", "bet (an amount box opens unless there is "
               "only one amount)", Action.BET)
    RAISE = Spec("raise", Qt.Key.Key_R, "Raise", "raise (as bet)", Action.RAISE)
    CALL = Spec("call", Qt.Key.Key_L, "Call", "call", Action.CALL)
    CHECK = Spec("check", Qt.Key.Key_X, "Check", "check", Action.CHECK)
    FOLD = Spec("fold", Qt.Key.Key_F, "Fold", "fold", Action.FOLD)
    SHOW = Spec("show", Qt.Key.Key_W, "Show", "show a recorded hole card (else type it)",
                Action.SHOW)
    MUCK = Spec("muck", Qt.Key.Key_M, "Muck", "muck at the showdown", Action.MUCK)
    NEXT = Spec("next", Qt.Key.Key_N, "Next hand", "deal the next hand, once the pots are "
                "awarded")
    UNDO = Spec("undo", Qt.Key.Key_Z, "Undo", "undo the last input (recorded in the log)",
                ctrl=True)
    SUPERVISOR = Spec("supervisor", Qt.Key.Key_F9, "Call supervisor…", "call the supervisor "
                      "(a shown hole card that does not match)")
    CALL_FLOOR = Spec("call-floor", Qt.Key.Key_F8, "Call the floor…", "call the floor (a "
                      "dispute, chips, a player) with a short reason", button=False)
    FLOOR = Spec("floor", Qt.Key.Key_F3, "Floor", "the floor view (supervisors)", button=False)
    HOLE = Spec("hole", Qt.Key.Key_O, "Hole card", "the next card is a hole card (first "
                "seat without one, or chosen)", button=False)
    REVIEW = Spec("review", Qt.Key.Key_F2, "Review", "the supervisor's hand log browser",
                  button=False)
    KEY_MAP = Spec("key-map", Qt.Key.Key_F1, "Keys", "this key map (any key closes it)",
                   button=False)
    CANCEL = Spec("cancel", Qt.Key.Key_Escape, "Cancel", "cancel the card typed, the seat "
                  "chosen or the amount box", button=False)

    @property
    def spec(self) -> Spec:
        spec: Spec = self.value
        return spec

    @property
    def button_text(self) -> str:
        return f"{self.spec.label}  [{self.spec.key_text}]"

    @classmethod
    def named(cls, name: str) -> Command:
        """The command whose button is ``name`` (``call``, ``next``...)."""
        return _BY_NAME[name]

    @classmethod
    def for_action(cls, action: Action) -> Command | None:
        return next((c for c in cls if c.spec.action is action), None)

    @classmethod
    def for_key(cls, event: QKeyEvent) -> Command | None:
        """The command a key press means (case and Shift do not matter), or None."""
        ctrl = bool(event.modifiers() & _CTRL)
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            return None
        return _BY_KEY.get((int(event.key()), ctrl))


_BY_NAME = {c.spec.name: c for c in Command}
_BY_KEY = {(int(c.spec.key), c.spec.ctrl): c for c in Command}

SEAT_KEYS: dict[int, int] = {int(Qt.Key.Key_1) + n - 1: n for n in range(1, 7)}
"""Ctrl+1 .. Ctrl+6: the next card goes to that seat (rule 5.5: a street in any order)."""

ACTION_KEYS: dict[str, tuple[str, str]] = {
    c.spec.name: (c.spec.key_text, c.spec.label) for c in Command if c.spec.button}
"""Button name → (shortcut shown, label), for the action bar."""


def seat_for_key(event: QKeyEvent) -> int | None:
    """The seat of Ctrl+1 .. Ctrl+6, or None."""
    if not event.modifiers() & _CTRL:
        return None
    return SEAT_KEYS.get(int(event.key()))


def _check_one_meaning() -> None:
    card_chars = set(RANKS) | {c.upper() for c in SUITS} | {"1", "0"}
    for c in Command:
        if not c.spec.ctrl and c.spec.key_text in card_chars:
            raise AssertionError(f"{c.name}: {c.spec.key_text} is also a card character")


_check_one_meaning()


def key_map_html() -> str:
    """The F1 key map, from the command table."""
    rows = [("as td 7c 10h", "the card of the seat due (or chosen); at showdown, the card shown")]
    rows.append(("Ctrl+1…6, a click on a seat", "the next card goes to that seat (rule 5.5)"))
    for c in Command:
        rows.append((c.spec.key_text, c.spec.help))
    rows.append(("digits, Enter", "bet / raise amount (pre-filled with the minimum)"))
    rows.append(("P / Shift+A", "in the amount box: pot / all-in"))
    cells = "".join(f"<tr><td><b>{k}</b></td><td>{h}</td></tr>" for k, h in rows)
    return f"<h2>Keys</h2><table cellspacing=6>{cells}</table>"


KEY_MAP = key_map_html()
