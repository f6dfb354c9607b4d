"""The language is a value (issue 22, item 5): a report is worded in the language it is
given, whatever another thread or the rest of this one speaks, and keeps it."""

from __future__ import annotations

import threading

import pytest

from dealer_app.gui.toolkit import i18n
from dealer_app.services import reports
from dealer_app.services.shift_report import shift_report
from dealer_app.text import ENGLISH, current_language, language, thousands, tr

from .datagen import World

SWEDISH_TITLE = "Sessionsrapport — Table 3, session 1"
ENGLISH_TITLE = "Session report — Table 3, session 1"


def test_a_swedish_report_is_made_while_english_is_current(played: World) -> None:
    swedish = i18n.language("sv")
    report = reports.session_report(played.svc.db, played.session.id, lang=swedish)
    assert current_language() == ENGLISH and tr("Seat") == "Seat"
    page = report.to_html()  # the language it was made in, outside any block
    assert SWEDISH_TITLE in page and "Stämmer" in page and "1\u00a0820" in page
    assert "Table 3" in report.to_text() and "Plats" in report.to_text()
    assert ENGLISH_TITLE in report.to_html(lang=ENGLISH)
    english = reports.session_report(played.svc.db, played.session.id)
    assert ENGLISH_TITLE in english.to_html() and "1,820" in english.to_html()
    state = played.svc.hands.hand_state(1)
    assert "Handrapport" in reports.hand_report(state, lang=swedish).to_html()
    assert "Hand report" in reports.hand_report(state).to_html()
    shift = shift_report(played.svc.db, lang=swedish)
    assert shift.title.startswith("Skiftrapport") and "Skiftrapport" in shift.to_html()
    assert shift_report(played.svc.db).title.startswith("Shift report")


def test_two_threads_word_in_two_languages_at_once(played: World) -> None:
    """The Swedish thread sits inside its language while this one makes an English report,
    then makes its own: each is worded in its own language (a process-wide translator,
    as ``text`` had, words both in whichever was set last)."""
    swedish = i18n.language("sv")
    inside, english_made = threading.Event(), threading.Event()
    made: dict[str, object] = {}

    def swedish_thread() -> None:
        with language(swedish):
            inside.set()
            assert english_made.wait(30)
            made["page"] = reports.session_report(played.svc.db, played.session.id).to_html()
            made["words"] = (tr("Seat"), thousands(1250))

    thread = threading.Thread(target=swedish_thread)
    thread.start()
    try:
        assert inside.wait(30)
        english = reports.session_report(played.svc.db, played.session.id).to_html()
        words = (tr("Seat"), thousands(1250))
    finally:
        english_made.set()
        thread.join(30)
    assert ENGLISH_TITLE in english and SWEDISH_TITLE not in english
    assert words == ("Seat", "1,250")
    assert SWEDISH_TITLE in str(made["page"])
    assert made["words"] == ("Plats", "1\u00a0250")


def test_the_review_window_prints_in_the_language_it_shows(played: World) -> None:
    from dealer_app.gui.review.backend import ReviewBackend

    backend = ReviewBackend(played.svc, lang=i18n.language("sv"))
    assert SWEDISH_TITLE in backend.session_report(played.session.id).to_html()
    assert "Handrapport" in backend.hand_report(1).to_html()
    assert backend.seen_by(played.dealer).language is backend.language
    assert current_language() == ENGLISH
    assert ReviewBackend(played.svc).language == ENGLISH  # what the windows speak now


def test_a_translation_that_did_not_load_is_tried_again(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """A .qm file being rewritten when the language is first asked for gives English words
    that time, not for the rest of the process."""
    real = i18n.translation_file
    monkeypatch.setattr(i18n, "_languages", {})
    monkeypatch.setattr(i18n, "translation_file",
                        lambda code: real(code).replace("dealer_app_", "missing_"))
    assert i18n.language("sv").tr("Seat") == "Seat"
    monkeypatch.setattr(i18n, "translation_file", real)
    assert i18n.language("sv").tr("Seat") == "Plats"
    assert i18n.language("sv") is i18n.language("sv")
