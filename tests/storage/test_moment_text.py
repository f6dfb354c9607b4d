"""The one spelling of a moment in digests, signatures and records (``chain.iso_utc``),
now written without ``strftime``, is the text it always was: a stored digest of any age
still matches (issue 24: ``strftime`` imported a module per call through PySide6's hook)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from dealer_app.storage import chain, row_digests, signing, witness

OFFSETS = st.builds(lambda minutes: timezone(timedelta(minutes=minutes)),
                    st.integers(min_value=-14 * 60, max_value=14 * 60))
MOMENTS = st.datetimes(min_value=datetime(1000, 1, 2), max_value=datetime(9999, 12, 30),
                       timezones=st.one_of(st.just(UTC), OFFSETS))


@given(MOMENTS)
def test_an_aware_moment_reads_as_before(moment: datetime) -> None:
    assert chain.iso_utc(moment) == moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@given(st.datetimes(min_value=datetime(1000, 1, 2), max_value=datetime(9999, 12, 30)))
def test_a_naive_moment_reads_as_before(moment: datetime) -> None:
    assert chain.iso_utc(moment) == moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    assert row_digests.iso(moment) == moment.replace(tzinfo=UTC).strftime(
        "%Y-%m-%dT%H:%M:%S.%fZ")  # the row digests read a naive time as UTC


def test_the_signatures_and_the_witness_spell_a_moment_the_chains_way() -> None:
    assert signing.iso_utc is chain.iso_utc and witness.iso_utc is chain.iso_utc
