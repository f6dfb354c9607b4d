"""The table's currency is set in the table form (new table and settings change)."""

from __future__ import annotations

from .conftest import Driver


def test_a_new_table_takes_the_currency_typed(driver: Driver) -> None:
    d = driver
    d.sign_in("Sue", "135792", first=True)
    form = d.window.tables.form
    assert form.currency.text() == "EUR"  # the default, shown
    form.currency.selectAll()
    d.qtbot.keyClicks(form.currency, "1x")
    d.create_table("Table 5")
    assert "three-letter code" in d.window.tables.error.text()
    assert d.backend.list_tables() == []  # nothing made
    form.currency.selectAll()
    d.qtbot.keyClicks(form.currency, "sek")
    d.create_table("Table 5")
    assert [(t.name, t.currency) for t in d.backend.list_tables()] == [("Table 5", "SEK")]


def test_the_settings_panel_shows_and_changes_the_currency(table: Driver) -> None:
    d = table
    panel = d.page.table_panel
    assert panel.form.currency.text() == "EUR"
    panel.form.currency.selectAll()
    d.qtbot.keyClicks(panel.form.currency, "SEK")
    panel.supervisor.name.setText("Sue")
    panel.supervisor.pin.setText("135792")
    d.qtbot.keyClicks(panel.supervisor.reason, "Swedish kronor from tonight")
    d.controller.on_apply_settings()
    assert [t.currency for t in d.backend.list_tables()] == ["SEK"]
    assert d.backend.snapshot().currency == "SEK"
    d.controller.show_table()
    assert panel.form.currency.text() == "SEK"
