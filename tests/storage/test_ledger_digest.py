"""The verify path's row check (:func:`ledger.row_matcher`) accepts the digest the ledger
wrote (:func:`ledger.row_digest`), in either row format, whatever the values and however a
driver reads a time or a bool; and refuses any other value."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dealer_app.storage import ledger
from dealer_app.storage.models import Base
from dealer_app.storage.models.chained import CHAINED


def _value(column: Any, rng: random.Random, moment: datetime) -> Any:
    if column.nullable and rng.random() < 0.3:
        return None
    kind = str(column.type).upper()
    if "DATE" in kind or "TIME" in kind:
        return moment
    if "BOOL" in kind:
        return rng.random() < 0.5
    if "INT" in kind:
        return rng.randrange(-10**15, 10**15)
    return "".join(rng.choice("ab 'é\"\\%s{}") for _ in range(rng.randrange(0, 9)))


def _digest(fmt: int, tbl: str, names: tuple[str, ...], values: list[Any]) -> str:
    mapping = dict(zip(names, values, strict=True))
    return ledger.row_digest_1(tbl, mapping) if fmt == 1 else ledger.row_digest_2(values)


@pytest.mark.parametrize("fmt", [1, 2])
@pytest.mark.parametrize("raw_first", [True, False])
def test_the_row_check_takes_the_row_digest_for_every_chained_table(
        fmt: int, raw_first: bool) -> None:
    rng = random.Random(7)
    for tbl in CHAINED:
        table = Base.metadata.tables[tbl]
        names = ledger.digest_columns(tbl)
        times = set(ledger._times(tbl))
        flags = set(ledger._bools(tbl))
        matches = ledger.row_matcher(tbl, raw_first)
        for n in range(200):
            moment = datetime(2025, 1, 1) + timedelta(microseconds=rng.randrange(10**12)
                                                      * (n % 2))
            values = [_value(table.c[name], rng, moment) for name in names]
            stored = _digest(fmt, tbl, names, values)
            assert stored.startswith("2:") == (fmt == 2)
            assert matches(values, stored)
            assert matches(tuple(values), stored)
            # a time as SQLite stores it (the driver's text), or aware; a bool as 0/1
            for i in times:
                if values[i] is not None:
                    values[i] = moment.isoformat(" ", "microseconds")  # (strftime: slow)
            for i in flags:
                if values[i] is not None:
                    values[i] = int(values[i])
            assert matches(values, stored)
            for i in times:
                if values[i] is not None:
                    values[i] = moment.replace(tzinfo=UTC)
            assert matches(values, stored)
            # any other value of any column is not the row the digest recorded
            i = rng.randrange(len(names))
            other = list(values)
            other[i] = "x" if other[i] is None else None
            assert not matches(other, stored)


def test_the_current_format_is_format_2_and_format_1_is_kept() -> None:
    values = {"id": 5, "name": "Sam", "role": "dealer", "pin_hash": "h", "locked_until": None,
              "lockouts": 0, "active": True,
              "created_at": datetime(2025, 1, 1, 20, 15, 3, tzinfo=UTC)}
    assert ledger.ROW_FORMAT == 2
    assert ledger.row_digest("staff", values) == ledger.row_digest_2(
        [values.get(n) for n in ledger.digest_columns("staff")])
    # the text format 2 hashes: the values in model order, as the SQLite driver gives them
    names = ledger.digest_columns("staff")
    row = tuple({"active": 1, "created_at": "2025-01-01 20:15:03.000000"}.get(n, values.get(n))
                for n in names)
    assert ledger._encode_2(row) == ledger.row_digest("staff", values)
    # format 1 as it always was (old databases keep their digests)
    assert ledger.row_digest_1("staff", values) == (
        "c369fed5783aa2332cf5bf2cae919a488e73ad0d001b3386ff66df485c29a278")
