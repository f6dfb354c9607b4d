"""What the three parts of the dealer's controller see of it and of each other.

:class:`~dealer_app.gui.controller.DealerController` builds
:class:`~dealer_app.gui.shift_control.ShiftControl`,
:class:`~dealer_app.gui.table_input.TableInput` and
:class:`~dealer_app.gui.supervisor_acts.SupervisorActs` and hands each itself as a
:class:`Controller`: the parts import this module, never the controller or each other, so no
two of them import each other. mypy checks that the controller fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog, QWidget

    from dealer_app.engine import Event
    from dealer_app.gui.backend import Backend, Snapshot
    from dealer_app.gui.floor_hooks import FloorHooks
    from dealer_app.gui.views.dealer_page import DealerPage
    from dealer_app.gui.window import DealerWindow

__all__ = ["Controller", "Input", "Supervisor"]


class Input(Protocol):
    """What the others ask of the table input (:class:`TableInput`)."""

    mismatch: Event | None
    """The show refused because it does not match the hole card recorded (F9)."""

    def reset(self) -> None:
        """No card half typed, no seat chosen, no hole-card mode, no amount box."""

    def clear(self) -> None:
        """Nothing of the last step is left (a new hand, an undo, a sign-out)."""

    def refuse(self, message: str) -> None:
        """The reason on the NEXT line, and the one reset."""

    def record(self, event: Event) -> bool:
        """Sends one input; whether it was recorded."""


class Supervisor(Protocol):
    """What the others ask of the supervisor's acts (:class:`SupervisorActs`)."""

    def _open_dialog(self, dialog: QDialog) -> QDialog:
        """Shows a supervisor's dialog over the table (window-modal, not blocking)."""

    def close_all(self) -> None:
        """No supervisor's dialog or review window stays open."""

    def call_supervisor(self) -> QDialog | None:
        """F9."""

    def supervisor_undo(self) -> QDialog | None:
        """Undo of a completed hand."""

    def declare_misdeal(self) -> QDialog | None:
        """F7."""

    def open_review(self) -> QWidget:
        """F2."""


class Controller(Protocol):
    """The dealer's controller as its parts see it."""

    @property
    def window(self) -> DealerWindow: ...

    @property
    def page(self) -> DealerPage: ...

    @property
    def backend(self) -> Backend: ...

    snap: Snapshot | None
    """The snapshot last drawn (None: read it again)."""

    @property
    def floor(self) -> FloorHooks: ...

    @property
    def reconnect(self) -> QTimer:
        """Sends the input kept while the database server is away."""

    @property
    def input(self) -> Input: ...

    @property
    def supervisor(self) -> Supervisor: ...

    def fail(self, message: str) -> None:
        """A refusal or failure on the NEXT line, in red."""

    def refresh(self) -> None:
        """Reads the snapshot again and redraws everything."""

    def refresh_prompt(self) -> None: ...

    def refresh_actions(self) -> None: ...

    def resync(self) -> None: ...

    def peek(self, on: bool) -> None: ...

    def can_deal(self) -> bool: ...
