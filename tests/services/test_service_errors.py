"""The services' refusals are typed by domain (issue 22): each is a :class:`ServiceError`
with a code and the values it is about, never a :class:`StorageError`; its ``str()`` is
English for the logs, and ``error_text`` words it, in English or Swedish, where it is shown."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from storage.helpers import play  # noqa: E402

from dealer_app.engine import Action, Code, Event, RuleError  # noqa: E402
from dealer_app.gui.review.dialogs import explain  # noqa: E402
from dealer_app.gui.toolkit import i18n  # noqa: E402
from dealer_app.services import (  # noqa: E402
    CorrectionRefused,
    HandClosed,
    NothingToUndo,
    PermissionRefused,
    Refusal,
    ServiceError,
    Services,
    SessionInfo,
    SignInError,
    StaffMember,
    StorageError,
)
from dealer_app.services.error_words import error_text  # noqa: E402

Act = Callable[[Services, SessionInfo, StaffMember, StaffMember], object]


def _wrong_pin(svc: Services, session: SessionInfo, dealer: StaffMember,
               boss: StaffMember) -> object:
    return svc.staff.authenticate("Dana", "0000")


def _dealer_adjusts(svc: Services, session: SessionInfo, dealer: StaffMember,
                    boss: StaffMember) -> object:
    return svc.tables.adjust_stack(session.id, 1, 5, dealer, "float")


def _nothing_to_undo(svc: Services, session: SessionInfo, dealer: StaffMember,
                     boss: StaffMember) -> object:
    state = svc.hands.start_hand(session.id, dealer)
    return svc.hands.undo_last(state.hand_id, dealer)


def _void_hand_undone(svc: Services, session: SessionInfo, dealer: StaffMember,
                      boss: StaffMember) -> object:
    state = svc.hands.start_hand(session.id, dealer)
    svc.hands.void_hand(state.hand_id, boss, "misdeal")
    return svc.hands.undo_last(state.hand_id, dealer)


def _same_correction(svc: Services, session: SessionInfo, dealer: StaffMember,
                     boss: StaffMember) -> object:
    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, inputs=1)
    entry = state.log[-1]
    assert entry.event is not None
    return svc.hands.correct_input(state.hand_id, entry.seq, entry.event, boss, "typo")


CASES: list[tuple[Act, type[ServiceError], Refusal, str, str]] = [
    (_wrong_pin, SignInError, Refusal.WRONG_PIN,
     "unknown name or wrong PIN", "okänt namn eller fel PIN-kod"),
    (_dealer_adjusts, PermissionRefused, Refusal.NEEDS_SUPERVISOR,
     "adjusting a stack needs a supervisor; Dana is a dealer",
     "att justera en stack kräver en inspektör; Dana är dealer"),
    (_nothing_to_undo, NothingToUndo, Refusal.NOTHING_TO_UNDO,
     "there is no input to undo in this hand",
     "det finns ingen inmatning att ångra i den här handen"),
    (_void_hand_undone, HandClosed, Refusal.HAND_VOID,
     "hand 1 is void", "hand 1 är annullerad"),
    (_same_correction, CorrectionRefused, Refusal.SAME_INPUT,
     "#1 already reads Seat 1 antes: nothing to correct",
     "#1 lyder redan Plats 1 lägger ante: inget att rätta"),
]


@pytest.fixture
def swedish(qapp: QApplication) -> Iterator[None]:
    i18n.install(qapp, "sv")
    yield
    i18n.install(qapp, "en")


@pytest.mark.one_backend
@pytest.mark.parametrize(("act", "kind", "code", "english", "svenska"), CASES,
                         ids=[case[2].value for case in CASES])
def test_each_refusal_is_its_own_class_with_a_code_and_english_for_the_logs(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        act: Act, kind: type[ServiceError], code: Refusal, english: str,
        svenska: str) -> None:
    with pytest.raises(kind) as refused:
        act(svc, session, dealer, boss)
    error = refused.value
    assert type(error) is kind and error.code is code
    assert isinstance(error, ValueError) and not isinstance(error, StorageError)
    assert str(error) == english == error_text(error)


@pytest.mark.one_backend
@pytest.mark.usefixtures("swedish")
@pytest.mark.parametrize(("act", "kind", "code", "english", "svenska"), CASES,
                         ids=[case[2].value for case in CASES])
def test_each_refusal_is_worded_in_swedish_where_it_is_shown(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember,
        act: Act, kind: type[ServiceError], code: Refusal, english: str,
        svenska: str) -> None:
    with pytest.raises(kind) as refused:
        act(svc, session, dealer, boss)
    assert error_text(refused.value) == svenska
    assert str(refused.value) != svenska or english == svenska


@pytest.mark.one_backend
def test_a_correction_the_rules_refuse_carries_the_engines_error_not_its_words(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, inputs=3)
    ante = next(e for e in state.log if e.event is not None and e.event.seat == 1)
    with pytest.raises(CorrectionRefused) as refused:
        svc.hands.correct_input(state.hand_id, ante.seq, Event(1, Action.DEAL_UP, card="As"),
                                boss, "wrong input")
    error = refused.value
    assert error.code is Refusal.RULES_REFUSE
    assert isinstance(error.error, RuleError) and isinstance(error.error.code, Code)
    assert error.values["code"] == error.error.code.value
    assert str(error).startswith("correction refused: with it, the correction (")
    assert svc.hands.hand_state(state.hand_id).log == state.log  # nothing stored


@pytest.mark.one_backend
@pytest.mark.usefixtures("swedish")
def test_the_review_dialogs_say_which_kind_of_refusal_in_swedish(
        svc: Services, session: SessionInfo, dealer: StaffMember) -> None:
    with pytest.raises(SignInError) as wrong:
        svc.staff.authenticate("Dana", "0000")
    with pytest.raises(PermissionRefused) as dealer_acts:
        svc.tables.adjust_stack(session.id, 1, 5, dealer, "float")
    assert explain(wrong.value) == "Nekad: okänt namn eller fel PIN-kod"
    assert explain(dealer_acts.value) == (
        "Inte tillåtet: att justera en stack kräver en inspektör; Dana är dealer")
    disk = StorageError("the disk is full")
    assert explain(disk) == "the disk is full"  # a failure is not worded as a refusal


@pytest.mark.one_backend
@pytest.mark.usefixtures("swedish")
def test_a_refused_correction_is_shown_with_the_engines_reason_in_swedish(
        svc: Services, session: SessionInfo, dealer: StaffMember, boss: StaffMember) -> None:
    state = play(svc.hands, svc.hands.start_hand(session.id, dealer).hand_id, dealer, inputs=8)
    dealt = [e for e in state.log if e.event is not None and e.event.card is not None]
    first, second = dealt[0], dealt[1]
    assert first.event is not None and second.event is not None
    again = Event(first.event.seat, first.event.action, card=second.event.card)
    with pytest.raises(CorrectionRefused) as refused:
        svc.hands.correct_input(state.hand_id, first.seq, again, boss, "wrong card")
    assert isinstance(refused.value.error, RuleError)
    assert refused.value.error.code is Code.DUPLICATE_CARD
    shown = explain(refused.value)
    assert shown.startswith("rättelsen nekas: med den nekas ")
    assert f"{second.event.card} är redan given i den här handen [duplicate-card]" in shown
    assert "Plats " in shown and "Seat " not in shown  # the input named in Swedish too
    # the engine's English, and the input as the engine writes it, stay in the logs
    assert "already dealt" not in shown
    assert "already dealt" in str(refused.value) and "(Seat " in str(refused.value)
