"""The gate's read budget (issue 24): each address is read its own share, and what flooding
addresses send beyond their shares comes out of one budget for the whole server, so that
four flooding addresses cost no more than one does beyond their shares. The rates here are
so low that nothing refills while a test runs: only the bursts count."""

from __future__ import annotations

from companion.web.gate import Limits, ReadBudget

#: an address may be read 3 frames of its own, then 4 more from the spare budget of 5
LIMITS = Limits(reads=1e-6, reads_burst=7, share=1e-6, share_burst=3, spare=1e-6, spare_burst=5)


def budget() -> ReadBudget:
    return ReadBudget(LIMITS)


def reads(budget: ReadBudget, address: str, asked: int = 20) -> int:
    """How many of ``asked`` frames from ``address`` the gate would read now."""
    return sum(budget.allow(address) for _ in range(asked))


def test_one_flooding_address_is_read_its_share_and_the_spare_budget_up_to_its_ceiling() -> None:
    assert reads(budget(), "10.0.0.1") == 7  # 3 of its own, 4 spare: its ceiling binds first


def test_flooding_addresses_share_one_spare_budget() -> None:
    shared = budget()
    first = reads(shared, "10.0.0.1")
    assert first == 7  # its share (3) and 4 of the spare budget (5)
    assert reads(shared, "10.0.0.2") == 3 + 1  # its share and what the first one left
    assert [reads(shared, f"10.0.0.{n}") for n in (3, 4)] == [3, 3]  # their shares only


def test_an_honest_address_is_read_its_share_while_the_spare_budget_is_spent() -> None:
    shared = budget()
    for n in range(1, 5):
        reads(shared, f"10.0.0.{n}")
    assert reads(shared, "192.168.1.20", asked=3) == 3
