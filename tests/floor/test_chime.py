"""The floor's chime: a valid WAV file, made once."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from dealer_app.gui.floor.chime import RATE, chime_file


@pytest.mark.one_backend
def test_the_chime_is_a_short_wav(tmp_path: Path) -> None:
    path = chime_file(tmp_path)
    with wave.open(str(path)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth(), sound.getframerate()) == \
            (1, 2, RATE)
        assert 0.3 < sound.getnframes() / RATE < 0.6
    stamp = path.stat().st_mtime_ns
    assert chime_file(tmp_path) == path and path.stat().st_mtime_ns == stamp
