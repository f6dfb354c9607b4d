"""The one table of the dealer's commands: buttons, keyboard shortcuts and the F1 key map are
all generated from :class:`Command`.

One key, one meaning: no command key is a card character. A card starts with its rank
(7 8 9 T J Q K A, or the 1 of 10) and ends with its suit (s h d c), so none of those letters
is a command; a card can never be recorded as an action, nor an action as a card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent

from dealer_app.engine import RANKS, SUITS, Action
from dealer_app.engine.settings import SEATS
from dealer_app.text import tr, tr_noop

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

    ANTES = Spec("ante", Qt.Key.Key_P, tr_noop("Antes"), tr_noop("post every missing ante"),
                 Action.ANTE)
    BRING_IN = Spec("bring-in", Qt.Key.Key_B, tr_noop("Bring-in"), tr_noop("bring in"),
                    Action.BRING_IN)
    BET = Spec("bet", Qt.Key.Key_E, tr_noop("Bet"), tr_noop(
        "bet (an amount box opens unless there is only one amount)"), Action.BET)
    RAISE = Spec("raise", Qt.Key.Key_R, tr_noop("Raise"), tr_noop("raise (as bet)"),
                 Action.RAISE)
    CALL = Spec("call", Qt.Key.Key_L, tr_noop("Call"), tr_noop("call"), Action.CALL)
    CHECK = Spec("check", Qt.Key.Key_X, tr_noop("Check"), tr_noop("check"), Action.CHECK)
    FOLD = Spec("fold", Qt.Key.Key_F, tr_noop("Fold"), tr_noop("fold"), Action.FOLD)
    SHOW = Spec("show", Qt.Key.Key_W, tr_noop("Show"),
                tr_noop("show a recorded hole card (else type it)"), Action.SHOW)
    MUCK = Spec("muck", Qt.Key.Key_M, tr_noop("Muck"), tr_noop("muck at the showdown"),
                Action.MUCK)
    NEXT = Spec("next", Qt.Key.Key_N, tr_noop("Next hand"),
                tr_noop("deal the next hand, once the pots are awarded"))
    UNDO = Spec("undo", Qt.Key.Key_Z, tr_noop("Undo"),
                tr_noop("undo the last input (recorded in the log)"), ctrl=True)
    SUPERVISOR = Spec("supervisor", Qt.Key.Key_F9, tr_noop("Call supervisor…"),
                      tr_noop("call the supervisor (a shown hole card that does not match)"))
    MISDEAL = Spec("misdeal", Qt.Key.Key_F7, tr_noop("Misdeal…"), tr_noop(
        "declare a misdeal or a card exposed on the deal (supervisor's PIN): the hand is "
        "voided (rule 11.2)"), button=False)
    CALL_FLOOR = Spec("call-floor", Qt.Key.Key_F8, tr_noop("Call the floor…"), tr_noop(
        "call the floor (a dispute, chips, a player) with a short reason"), button=False)
    FLOOR = Spec("floor", Qt.Key.Key_F3, tr_noop("Floor"),
                 tr_noop("the floor view (supervisors)"), button=False)
    HOLE = Spec("hole", Qt.Key.Key_O, tr_noop("Hole card"), tr_noop(
        "the next card is a hole card (first seat without one, or chosen)"), button=False)
    PEEK = Spec("peek", Qt.Key.Key_F4, tr_noop("Show hole cards"), tr_noop(
        "hold: show the recorded hole cards (face down on the screen, which faces the "
        "table, until the showdown)"), button=False)
    REVIEW = Spec("review", Qt.Key.Key_F2, tr_noop("Review"),
                  tr_noop("the supervisor's hand log browser"), button=False)
    KEY_MAP = Spec("key-map", Qt.Key.Key_F1, tr_noop("Keys"),
                   tr_noop("this key map (any key closes it)"), button=False)
    CANCEL = Spec("cancel", Qt.Key.Key_Escape, tr_noop("Cancel"), tr_noop(
        "cancel the card typed, the seat chosen or the amount box"), button=False)

    @property
    def spec(self) -> Spec:
        spec: Spec = self.value
        return spec

    @property
    def button_text(self) -> str:
        """``Hole card  [O]``: the label in the window's language, the key as it is."""
        return f"{tr(self.spec.label)}  [{self.spec.key_text}]"

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

SEAT_KEYS: dict[int, int] = {int(Qt.Key.Key_1) + n - 1: n for n in SEATS}
"""Ctrl+1 .. Ctrl+6: the next card goes to that seat (rule 5.5: a street in any order)."""

ACTION_KEYS: dict[str, tuple[str, str]] = {
    c.spec.name: (c.spec.key_text, c.spec.label) for c in Command if c.spec.button}
"""Button name → (shortcut shown, label in English: show it with ``tr(label)``), for the
action bar."""


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


_KEYS_BEFORE = (("as td 7c 10h", False,
                 tr_noop("the card of the seat due (or chosen); at showdown, the card shown")),
                (tr_noop("Ctrl+1…6, a click on a seat"), True,
                 tr_noop("the next card goes to that seat (rule 5.5)")))
_KEYS_AFTER = ((tr_noop("digits, Enter"), True,
                tr_noop("bet / raise amount (pre-filled with the minimum)")),
               ("P / Shift+A", False, tr_noop("in the amount box: pot / all-in")))
"""Key map lines besides the commands: (keys, whether the keys column has words, help)."""


def key_map_html(translate: Callable[[str], str] = tr) -> str:
    """The F1 key map, from the command table, in the window's language (the keys as they
    are): build it when shown, after the translator is installed."""
    rows = [(translate(k) if words else k, translate(h)) for k, words, h in _KEYS_BEFORE]
    for c in Command:
        rows.append((c.spec.key_text, translate(c.spec.help)))
    rows += [(translate(k) if words else k, translate(h)) for k, words, h in _KEYS_AFTER]
    # a gap after the keys: "Ctrl+1…6, a click on a seat" ran into its help text
    cells = "".join(f'<tr><td style="padding-right:16px"><b>{k}</b></td><td>{h}</td></tr>'
                    for k, h in rows)
    return f"<h2>{translate(Command.KEY_MAP.spec.label)}</h2><table cellspacing=6>{cells}</table>"


KEY_MAP = key_map_html(lambda text: text)
"""The key map in English (built at import, untranslated); windows show :func:`key_map_html`."""
