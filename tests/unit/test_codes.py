"""Room codes and tokens (docs/protocol.md: 4 letters, no vowels or look-alikes, any case)."""

from companion.rooms.codes import ALPHABET, new_code, new_token, normalize_code


def test_codes_have_four_letters_without_vowels_or_lookalikes() -> None:
    assert not set(ALPHABET) & set("AEIOUL01QY")
    for _ in range(200):
        code = new_code(frozenset())
        assert len(code) == 4 and set(code) <= set(ALPHABET)


def test_new_code_is_unique_among_live_rooms() -> None:
    taken = {a + b + c + d for a in ALPHABET for b in ALPHABET for c in ALPHABET for d in "BC"}
    for _ in range(50):
        assert new_code(taken) not in taken


def test_codes_are_case_insensitive_on_input() -> None:
    assert normalize_code("bcdf") == "BCDF"
    assert normalize_code(" Bcdf\n") == "BCDF"
    assert normalize_code("BCD") is None
    assert normalize_code(1234) is None


def test_tokens_are_long_and_distinct() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    assert all(len(t) >= 24 for t in tokens)
