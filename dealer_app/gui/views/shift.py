"""Start of shift and table management: sign-in, table choice, seating, settings, dealer.

The pages live in their own modules (``sign_in``, ``table_page`` with ``staff_box`` and
``table_form``, ``players``; small widgets in ``shift_widgets``); their names are
importable from here.
"""

from __future__ import annotations

from dealer_app.gui.views.players import PlayersPanel, TablePanel
from dealer_app.gui.views.shift_widgets import PanelMessage
from dealer_app.gui.views.sign_in import SignInPage
from dealer_app.gui.views.staff_box import StaffBox
from dealer_app.gui.views.table_form import SettingsForm, SupervisorFields
from dealer_app.gui.views.table_page import TablePage

__all__ = ["PanelMessage", "PlayersPanel", "SettingsForm", "SignInPage", "StaffBox",
           "SupervisorFields", "TablePage", "TablePanel"]
