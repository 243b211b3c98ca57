"""A piece of the local stack that runs beside the handlers in its own daemon thread (the
timer runner, the stream runner, the schedule, the TTL sweeper)."""

from __future__ import annotations

import threading


class Background:
    """Runs :meth:`_run` in a daemon thread from :meth:`start` until :meth:`stop`; ``_run``
    waits on ``self._stop`` between its rounds so that stopping is prompt."""

    thread_name = "background"

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        raise NotImplementedError
