"""Room codes and tokens (docs/protocol.md: 6 letters, no vowels or look-alikes, any case;
4-letter codes of rooms made before still work)."""

from companion.rooms.codes import ALPHABET, new_code, new_token, normalize_code


def test_codes_have_six_letters_without_vowels_or_lookalikes() -> None:
    assert not set(ALPHABET) & set("AEIOUL01QY")
    for _ in range(200):
        code = new_code(frozenset())
        assert len(code) == 6 and set(code) <= set(ALPHABET)


def test_new_code_is_unique_among_live_rooms() -> None:
    taken = {new_code(frozenset()) for _ in range(5000)}
    for _ in range(50):
        assert new_code(taken) not in taken


def test_codes_are_case_insensitive_on_input() -> None:
    assert normalize_code("bcdfgh") == "BCDFGH"
    assert normalize_code(" Bcdfgh\n") == "BCDFGH"
    assert normalize_code("BCDFG") is None
    assert normalize_code("BCDFGHJ") is None
    assert normalize_code(123456) is None


def test_four_letter_codes_of_older_rooms_still_work() -> None:
    assert normalize_code("bcdf") == "BCDF"
    assert normalize_code("BCD") is None


def test_tokens_are_long_and_distinct() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    assert all(len(t) >= 24 for t in tokens)
