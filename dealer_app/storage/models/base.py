"""The declarative base: the naming convention of constraints, the UTC timestamp type and
the chip amount column every model uses."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    DateTime,
    Integer,
    MetaData,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A UTC instant stored as a naive timestamp (microseconds) and read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: storage wants UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC)


Amount = BigInteger().with_variant(Integer(), "sqlite")
"""A chip amount column: BIGINT on PostgreSQL; on SQLite an INTEGER, which already holds
64 bits. Every amount is at most ``engine.limits.MAX_AMOUNT`` (10**15 - 1), so both databases
hold every amount, every pot and the sums of a report alike."""


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
