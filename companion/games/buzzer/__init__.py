"""``buzzer``: a speed-round referee for any table (PROTOCOL.md, "The first game")."""

from companion.games.buzzer.rules import BUZZER, Buzzer, BuzzerState, Status

__all__ = ["BUZZER", "Buzzer", "BuzzerState", "Status"]
