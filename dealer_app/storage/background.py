"""One thread for the storage's work that must not hold up a dealer's input.

:data:`BACKGROUND` runs jobs in the order they were given: the ``fsync`` of an anchor line
(``notary.py``) and the WAL checkpoint (``database.py``). It is started by the first job
and kept (starting a thread waits for it to be scheduled: on a loaded machine that wait
alone could cost an input milliseconds), until :meth:`Worker.stop` or :data:`IDLE` seconds
without a job. ``stop`` runs what is queued first; ``Database.settle`` calls it, so
``log verify`` finds no thread left and may fork its worker.
"""

from __future__ import annotations

import atexit
import logging
import threading
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

IDLE = 600.0
"""Seconds without a job after which the thread ends (the next job starts it again)."""


class Worker:
    """A daemon thread running jobs in order; a job whose key is already waiting is not
    queued twice (one run covers both)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._cond = threading.Condition()
        self._jobs: dict[Hashable, Callable[[], None]] = {}
        self._running = False
        self._stopping = False
        self._thread: threading.Thread | None = None

    def submit(self, key: Hashable, job: Callable[[], None]) -> None:
        with self._cond:
            self._jobs.setdefault(key, job)
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name=self.name,
                                                daemon=True)
                self._thread.start()
            else:
                self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Waits until every job given so far has run (False: timed out)."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._running, timeout)

    def stop(self, timeout: float | None = None) -> bool:
        """Runs the jobs given so far, then ends the thread (False: timed out)."""
        with self._cond:
            thread = self._thread
            if thread is None:
                return True
            self._stopping = True
            self._cond.notify_all()
        thread.join(timeout)
        return not thread.is_alive()

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._jobs:
                    self._cond.wait_for(lambda: bool(self._jobs) or self._stopping, IDLE)
                if not self._jobs:  # stopped, or idle for long: the thread ends
                    self._thread = None
                    self._cond.notify_all()
                    return
                key = next(iter(self._jobs))
                job = self._jobs.pop(key)
                self._running = True
            try:
                job()
            except Exception:  # a failed job is logged; the next one still runs
                log.exception("background job %r failed", key)
            finally:
                with self._cond:
                    self._running = False
                    self._cond.notify_all()


BACKGROUND = Worker("dealer-app-background")
"""The process's one background thread for storage work."""
atexit.register(BACKGROUND.stop, 10.0)
