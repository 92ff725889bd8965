"""Fair timing: clock-offset estimation and the race sequencer (pure; see FAIRNESS.md)."""
