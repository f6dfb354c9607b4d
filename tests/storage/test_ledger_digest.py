"""The verify path's row digest (:func:`ledger.tuple_digest`) is the digest the ledger
wrote (:func:`ledger.row_digest`), whatever the values and however a time is read."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from dealer_app.storage import ledger
from dealer_app.storage.chained import CHAINED
from dealer_app.storage.models import Base


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


def test_tuple_digest_is_the_row_digest_for_every_chained_table() -> None:
    rng = random.Random(7)
    for tbl in CHAINED:
        table = Base.metadata.tables[tbl]
        names = ledger.digest_columns(tbl)
        times = set(ledger._times(tbl))
        for n in range(200):
            moment = datetime(2025, 1, 1) + timedelta(microseconds=rng.randrange(10**12)
                                                      * (n % 2))
            values = [_value(table.c[name], rng, moment) for name in names]
            expected = ledger.row_digest(tbl, dict(zip(names, values, strict=True)))
            assert ledger.tuple_digest(tbl, values) == expected
            # a time as SQLite stores it (the driver's text), or aware
            for i in times:
                if values[i] is not None:
                    values[i] = moment.strftime("%Y-%m-%d %H:%M:%S.%f")
            assert ledger.tuple_digest(tbl, values) == expected
            for i in times:
                if values[i] is not None:
                    values[i] = moment.replace(tzinfo=UTC)
            assert ledger.tuple_digest(tbl, values) == expected
