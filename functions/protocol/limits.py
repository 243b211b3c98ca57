"""Frame sizes, apart from the frame models: the notifier checks every frame without loading
pydantic (``$connect`` sends none)."""

from __future__ import annotations

#: API Gateway refuses frames over 32 KB; the notifier checks every frame against this.
MAX_FRAME_BYTES = 32 * 1024
#: What the server lets a frame it cuts to size take (a split update, a page of history),
#: with room to spare below MAX_FRAME_BYTES.
FRAME_BUDGET = 30_000
