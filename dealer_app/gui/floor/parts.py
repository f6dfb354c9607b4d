"""What the floor view's parts (the open calls, the waiting lists, the dealers' rotation and
the shift) see of the view.

:class:`~dealer_app.gui.floor.window.FloorWindow` builds the parts and hands each itself as
a :class:`FloorView`: the parts import this module, never the window, so the window and its
parts do not import each other. mypy checks that the window fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from datetime import datetime

    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QComboBox, QLabel, QStatusBar, QTabWidget

    from dealer_app.gui.floor.backend import FloorBackend
    from dealer_app.gui.floor.calls import CallsPanel
    from dealer_app.gui.floor.tiles import TileWidget
    from dealer_app.gui.floor.waiting import WaitingPanel
    from dealer_app.services import StaffMember
    from dealer_app.services.floor import Game

__all__ = ["FloorView"]


class FloorView(Protocol):
    """The floor view as its parts see it."""

    @property
    def backend(self) -> FloorBackend: ...

    @property
    def supervisor(self) -> StaffMember | None:
        """The supervisor signed in at this view, if any."""

    @property
    def tiles(self) -> dict[int, TileWidget]:
        """A tile per table, by table id."""

    @property
    def game(self) -> Game | None:
        """The game the tiles are filtered by (None: every game)."""

    @property
    def games(self) -> QComboBox:
        """The game filter."""

    @property
    def side(self) -> QTabWidget:
        """The side tabs: calls, waiting lists, dealers, shift."""

    @property
    def calls_panel(self) -> CallsPanel: ...

    @property
    def waiting_panel(self) -> WaitingPanel: ...

    @property
    def alert(self) -> QLabel:
        """The red banner of a call waiting for its acknowledgement."""

    @property
    def reads(self) -> int:
        """Reads of the tiles so far."""

    @property
    def stale_after(self) -> float: ...

    @property
    def escalate_after(self) -> float: ...

    @property
    def call_arrived(self) -> SignalInstance: ...

    def now(self) -> datetime: ...

    def refresh(self, tables: set[int] | None = None) -> None:
        """Reads the tiles of ``tables`` (None: all) and shows them."""

    def refresh_figures(self) -> None: ...

    def who(self) -> StaffMember | None:
        """The supervisor acting: the one signed in, else asked once."""

    def ask_attention(self) -> None:
        """The window asks to be seen (a call escalated)."""

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt name)
