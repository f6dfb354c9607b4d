"""The floor's audible alert: ``QApplication.beep()`` is often silent on a Linux desktop, so
a short two-tone chime (a WAV file made once with the standard library) is also played by
the desktop's sound player when one is installed (``pw-play``, ``paplay``, ``aplay``, or
``afplay`` on macOS). Nothing is played on Qt's offscreen platform (tests, screenshots)."""

from __future__ import annotations

import math
import shutil
import struct
import tempfile
import wave
from pathlib import Path

from PySide6.QtCore import QProcess
from PySide6.QtWidgets import QApplication

PLAYERS = ("pw-play", "paplay", "aplay", "afplay")
RATE = 22050
TONES = ((880.0, 0.18), (660.0, 0.22))
"""(frequency in Hz, seconds) of each tone, one after the other."""
_found: list[tuple[str, Path] | None] = []


def chime_file(folder: Path) -> Path:
    """The chime as a 16-bit mono WAV in ``folder`` (written if missing)."""
    path = folder / "dealer-app-floor-chime.wav"
    if path.is_file():
        return path
    frames = bytearray()
    for frequency, seconds in TONES:
        count = int(RATE * seconds)
        for i in range(count):
            fade = min(1.0, i / 200, (count - i) / 200)  # no click at either end
            value = int(12000 * fade * math.sin(2 * math.pi * frequency * i / RATE))
            frames += struct.pack("<h", value)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return path


def _player() -> tuple[str, Path] | None:
    if not _found:
        program = next((p for p in (shutil.which(name) for name in PLAYERS) if p), None)
        _found.append(None if program is None else
                      (program, chime_file(Path(tempfile.gettempdir()))))
    return _found[0]


def ring() -> bool:
    """One alert: the system beep, and the chime where a sound player is found. Returns
    whether the chime was started."""
    QApplication.beep()
    if QApplication.platformName() in ("offscreen", "minimal"):
        return False
    found = _player()
    if found is None:
        return False
    program, path = found
    started, _pid = QProcess.startDetached(program, [str(path)])
    return bool(started)
