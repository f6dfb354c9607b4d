"""The services' refusals are words for people: written through the translation hook, in
English unless a translation is installed. A refusal of a rule of the house
(:class:`ServiceError`) is worded where it is shown (``error_text``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dealer_app import text
from dealer_app.services import (
    ConflictError,
    PermissionRefused,
    Services,
    SessionInfo,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services.error_words import error_text


@pytest.fixture
def marked() -> Iterator[None]:
    """Every translated text marked with a leading ``§`` (English again afterwards)."""
    with text.language(text.Language("x-marked", "marked", lambda source, _: "§" + source)):
        yield


@pytest.mark.one_backend
def test_refusals_are_english_without_a_translation(svc: Services, dealer: StaffMember,
                                                     session: SessionInfo) -> None:
    with pytest.raises(SignInError, match="^unknown name or wrong PIN$"):
        svc.staff.authenticate("Dana", "0000")
    with pytest.raises(ConflictError, match="^seat 1 is taken$"):
        svc.tables.seat_player(session.id, 1, "Di", 100, dealer)


@pytest.mark.one_backend
@pytest.mark.usefixtures("marked")
def test_refusals_go_through_the_translation(svc: Services, dealer: StaffMember,
                                             session: SessionInfo) -> None:
    with pytest.raises(SignInError) as wrong:
        svc.staff.authenticate("Dana", "0000")
    with pytest.raises(ConflictError) as taken:
        svc.tables.seat_player(session.id, 1, "Di", 100, dealer)
    with pytest.raises(StorageError) as odd_seat:
        svc.tables.seat_player(session.id, 9, "Di", 100, dealer)
    with pytest.raises(PermissionRefused) as dealer_acts:
        svc.tables.adjust_stack(session.id, 1, 5, dealer, "float")
    assert str(taken.value) == "§seat 1 is taken"
    assert str(odd_seat.value) == "§seat must be 1 to 6, not 9"
    # a refusal of the services is worded where it is shown; its str() is English, for logs
    assert str(wrong.value) == "unknown name or wrong PIN"
    assert error_text(wrong.value) == "§unknown name or wrong PIN"
    assert str(dealer_acts.value) == "adjusting a stack needs a supervisor; Dana is a dealer"
    # the act named inside the refusal is translated too
    assert (error_text(dealer_acts.value)
            == "§§adjusting a stack needs a supervisor; Dana is a dealer")
