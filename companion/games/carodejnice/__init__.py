"""``carodejnice``: the solo assistant for Čarodějnice! (Witchcraft!), one player, one phone.

The jurors' hidden faith, the set-up order, the six-phase round, the counters with their loss
checks, the trial, and the Tales of Wildegrens as simple tracks. See ``help.md``.
"""

from companion.games.carodejnice.rules import CARODEJNICE, Carodejnice
from companion.games.carodejnice.state import Loss, Phase, State, TrialCause
from companion.games.carodejnice.trial import Degree

__all__ = ["CARODEJNICE", "Carodejnice", "Degree", "Loss", "Phase", "State", "TrialCause"]
