"""Counts in Czech and Italian (issue 26): every template that puts a number next to a noun
goes through the plural machinery (a ``msgid_plural`` entry: ``ngettext`` / ``tn()``) or names
the count with a label; every plural entry fills every form of its language, at its index."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion.games.carodejnice.cards import CHALLENGES_PER_JUROR
from companion.games.wicked_witches_way.dice import DICE_COUNT
from companion.games.wicked_witches_way.spells import DECREE_LOOK_MS, EXPERT_DECREE_LOOK_MS
from companion.games.wicked_witches_way.track import PENALTY
from companion.games.witch_and_bitch.records import MAX_TRACKED
from companion.games.witch_and_bitch.witches import ACTIONS
from companion.games.witchs_brew.roles import HAND_SIZE
from companion.i18n_counts import counts_in
from companion.rooms.validation import NAME_MAX
from companion.web.i18n import TRANSLATIONS, plurals


def five_or_more(n: int) -> bool:
    """A count of 5 or more takes the same form in every language we have (Czech "5 hráčů",
    Italian "5 giocatori"): a template whose count never drops below 5 needs one form."""
    return n >= 5


# -- proofs that a count is a constant the translation was written for -----------------------


def hand() -> bool:
    return five_or_more(HAND_SIZE) and HAND_SIZE < 12  # of the box's 12 roles


def names() -> bool:
    return five_or_more(NAME_MAX)


def dice() -> bool:
    return five_or_more(DICE_COUNT)


def three_actions() -> bool:
    """The translations say "3 akce" / "3 azioni" (the Czech form of 2 to 4)."""
    return ACTIONS == 3


def two_spaces() -> bool:
    """The translations say "2 políčka" / "2 caselle"."""
    return PENALTY == 2


def not_a_count() -> bool:
    return True


#: English template → why its count needs no plural forms, checked where it can be
ALLOWED: dict[str, Callable[[], bool]] = {
    "Choose exactly {hand_size} roles (you chose {count}).": hand,
    "Choose exactly {hand_size} roles.": hand,
    "Choose {n} roles": hand,
    "Choose {n} roles, then lock them in.": hand,
    "Lock my {n} roles": hand,
    "Your {n} roles": hand,
    "Pick exactly {PICK} roles first.": hand,
    # {all}: the roles of the box (12, data/roles.json)
    "Secretly pick {n} of your {all} roles for this set.": hand,
    "Everyone secretly picks {n} of their {all} roles on their phone.": hand,
    "Names are at most {max} characters (this one has {length}).": names,
    "Names are at most {max} characters.": names,
    "Names are at most {max} characters: make it a little shorter.": names,
    "{used} / {max} characters": names,
    "Enter exactly {n} dice.": dice,
    "The lid is off: tap in the {n} dice!": dice,
    "The witch in last place throws the {n} dice into the box; everyone looks, "
    "then close the lid!": dice,
    "A turn has {actions} actions: end your turn.": three_actions,
    "Your turn: up to {n} actions": three_actions,
    ". An invalid formula costs you {n} spaces!": two_spaces,
    "Decree: {name} looks at the dice for {seconds} seconds.": lambda: five_or_more(
        min(DECREE_LOOK_MS, EXPERT_DECREE_LOOK_MS) // 1000
    ),
    "The app tracks at most {max_tracked} Enemies at once.": lambda: five_or_more(MAX_TRACKED),
    # {tied}: five challenges for each of the three jurors
    "Shuffle the {general} general challenges with the {tied} challenges of {names}. "
    "Deal face down: {deal}.": lambda: five_or_more(CHALLENGES_PER_JUROR),
    # not counts: a spell's name, the verb "set aside", an adjective ("2-spaces", never 1: the
    # 1-space tiles have their own template)
    "You hold no {spell} card.": not_a_count,
    "{reserve_count} set aside (secret)": not_a_count,
    "{size}-spaces map tiles at {cell} and {other}": not_a_count,
}


def catalogue(name: str) -> Catalog:
    path = TRANSLATIONS / name
    with Path(path).open("rb") as source:
        return read_po(source)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogue("messages.pot")


def test_no_template_puts_a_count_next_to_a_noun_outside_the_plural_machinery(
    template: Catalog,
) -> None:
    """Write "{n} player" / "{n} players" with tn() or ngettext(), or "Seats: {n}"; the rule
    is companion/i18n_counts.py."""
    wrong = {
        m.id: counts_in(m.id)
        for m in template
        if m.id and not m.pluralizable and counts_in(m.id) and m.id not in ALLOWED
    }
    assert wrong == {}


def test_every_allowed_count_is_still_there_still_a_count_and_proven(template: Catalog) -> None:
    ids = {m.id for m in template if m.id and not m.pluralizable}
    assert [text for text in ALLOWED if text not in ids or not counts_in(text)] == []
    assert [text for text, proof in ALLOWED.items() if not proof()] == []


@pytest.mark.parametrize(
    ("lang", "header", "forms"),
    [
        ("cs", "nplurals=3; plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);", 3),
        ("it", "nplurals=2; plural=(n != 1);", 2),
    ],
)
def test_every_plural_entry_fills_every_form_of_its_language(
    lang: str, header: str, forms: int
) -> None:
    po = catalogue(f"{lang}/LC_MESSAGES/messages.po")
    assert po.plural_forms == header
    entries = [m for m in po if m.id and m.pluralizable]
    assert len(entries) >= 15
    short = {m.id[0]: m.string for m in entries if len(m.string) != forms or not all(m.string)}
    assert short == {}
    served = plurals(lang)
    assert {m.id[0] for m in entries} <= set(served)
    assert all(len(served[m.id[0]]) == forms for m in entries)


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("cs", {1: "1 hráč", 2: "2 hráči", 4: "4 hráči", 5: "5 hráčů"}),
        ("it", {1: "1 giocatore", 2: "2 giocatori", 5: "5 giocatori"}),
    ],
)
def test_the_server_picks_the_form_of_each_count(lang: str, counts: dict[int, str]) -> None:
    from babel.support import Translations

    translations = Translations.load(str(TRANSLATIONS), [lang])
    got = {n: translations.ngettext("{n} player", "{n} players", n).format(n=n) for n in counts}
    assert got == counts
