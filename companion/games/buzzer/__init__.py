"""``buzzer``: a speed-round referee for any table (docs/games/buzzer.md)."""

from companion.games.buzzer.rules import BUZZER, Buzzer, BuzzerState, Status

__all__ = ["BUZZER", "Buzzer", "BuzzerState", "Status"]
