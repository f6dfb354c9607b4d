"""Issue 20, dual control: the tables page sets a new table's dual-control amount, and the
table panel shows it and asks for a second supervisor to change it while it is on."""

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
    fields = panel.supervisor
    assert not fields.second_shown
    panel.form.dual_control.setValue(0)  # switching it off while on: two supervisors
    assert fields.second_shown
    d.backend.add_staff("Tess", "supervisor", "975318", d.backend.staff)  # type: ignore[arg-type]
    fields.name.setText("Sue")
    fields.pin.setText("135792")
    fields.second_name.setText("Sue")
    fields.second_pin.setText("135792")
    d.qtbot.keyClicks(fields.reason, "no more controls")
    d.controller.on_apply_settings()
    assert "second supervisor" in panel.message.text()  # the same person twice
    assert [t.dual_control_above for t in d.backend.list_tables()] == [500]
    fields.pin.setText("135792")
    fields.second_name.setText("Tess")
    fields.second_pin.setText("975318")
    d.controller.on_apply_settings()
    assert [t.dual_control_above for t in d.backend.list_tables()] == [0]
    assert not fields.second_shown
    change = d.backend.services.review.audit(act="change-settings")[0]
    assert change.detail["second_supervisor"] == "Tess"
