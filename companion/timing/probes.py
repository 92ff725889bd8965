"""When to send the next clock probe to a connection (docs/fairness.md, "Clock sync")."""

from __future__ import annotations

#: clock probes sent right after connecting, and the pause between them
PROBE_BURST = 8
PROBE_GAP_SECONDS = 0.05
