"""Re-takes the report screenshots of docs/screenshots: the session report PDF (two A4
pages) and a corrected hand's report PDF, printed from the session of
tests/review/report_world.py (two dealers, a correction, a void, an adjustment, the closing,
currency SEK), rendered to PNG with ``pdftoppm`` (poppler-utils).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/report_screenshots.py [FOLDER]``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from review.report_world import build  # noqa: E402
from storage.helpers import FakeClock  # noqa: E402

from dealer_app.gui.app import application  # noqa: E402
from dealer_app.gui.review import exports  # noqa: E402
from dealer_app.gui.review.backend import ReviewBackend  # noqa: E402
from dealer_app.gui.review.chart import render_history  # noqa: E402
from dealer_app.services import Services  # noqa: E402

DPI = "80"


def main(folder: Path) -> None:
    application()
    work = Path(tempfile.mkdtemp(prefix="report-shots-"))
    clock = FakeClock()
    svc = Services.open(f"sqlite:///{work}/reports.sqlite3", clock=clock)
    world = build(svc, clock)
    backend = ReviewBackend(svc)
    report = backend.session_report(world.session_id, by=world.boss.name)
    chart = render_history(backend.stack_history(world.session_id), unit=report.currency)
    session_pdf = exports.write_session_pdf(report, work / "session.pdf", chart)
    hand_pdf = exports.write_hand_pdf(backend.hand_report(world.corrected.hand_id),
                                      work / "hand.pdf")
    folder.mkdir(parents=True, exist_ok=True)
    for pdf, name in ((session_pdf, "report-session"), (hand_pdf, "report-hand")):
        subprocess.run(["pdftoppm", "-r", DPI, "-png", str(pdf), str(folder / name)],
                       check=True)
        print(*sorted(folder.glob(f"{name}*.png")), sep="\n")
    svc.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
