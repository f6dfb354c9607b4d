"""Issue 20, dual control: the tables page sets a new table's dual-control amount, and the
table panel shows it (a change while it is on needs two supervisors: refused there)."""

from __future__ import annotations

from .conftest import Driver


def test_a_new_tables_dual_control_amount_is_set_and_shown(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    form = d.window.tables.form
    assert form.dual_control.text() == "off"
    form.dual_control.setValue(500)
    d.create_table("Table 7")
    assert [t.dual_control_above for t in d.backend.list_tables()] == [500]
    d.open_first_table()
    panel = d.page.table_panel
    assert panel.form.dual_control.value() == 500
    panel.form.dual_control.setValue(0)  # one supervisor cannot switch it off
    panel.supervisor.name.setText("Sue")
    panel.supervisor.pin.setText("135792")
    d.qtbot.keyClicks(panel.supervisor.reason, "no more controls")
    d.controller.on_apply_settings()
    assert "second supervisor" in panel.message.text()
    assert [t.dual_control_above for t in d.backend.list_tables()] == [500]
