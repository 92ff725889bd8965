"""Wicked Witches Way in real Chromium: a TV and three phones play to the score screen, through
the lid race, composing, the server-paced reveal ("I play a spell" in every witch's moment) and a
private Black Magic choice; a table with physical dice entered and corrected on the TV when the
lid opens, and a player removed mid-turn; the end screens."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser.a11y import assert_accessible
from tests.browser.conftest import (
    calm,
    close_all,
    end_and_rematch,
    open_seats,
    open_table,
    press,
    settled,
    shown,
    visible,
)
from tests.browser.game_night import assert_ending, room_language, translated, wait_text
from tests.integration.test_wicked_witches_way_live import PhoneBot, valid_by_colour
from tests.support import LiveServer, Peer, seated, wait_until

pytestmark = pytest.mark.browser

#: the tests make their own rooms: one server for the module (tests/conftest.py)
SHARE_SERVER = True

NAMES = ["Anna", "Ben", "Cleo"]


def pawn_space(seat: int) -> str:
    """A script: the space of the cell the TV draws ``seat``'s pawn in."""
    pawn = f"document.querySelector('#www-board [data-seat=\"{seat}\"]')"
    return f"{pawn}?.closest('.www-cell')?.dataset.space"


def dice_on_tv(tv: Any) -> list[dict[str, str | None]]:
    """The dice the TV shows, as the rules name them (symbol and colour of each)."""
    dice: list[dict[str, str | None]] = tv.eval_on_selector_all(  # one round trip for all nine
        "#www-dice .www-die",
        "(dice) => dice.map((d) => ({ symbol: d.dataset.symbol, color: d.dataset.color }))",
    )
    return dice


#: what the TV shows, as ``shown`` names it
OVER, REVEAL, LOOK, PACED = (
    '#www-tv[data-phase="over"]',
    '#www-tv[data-step="reveal"] #www-formulas',
    '#www-tv[data-phase="look"] #www-dice .www-die',
    '#www-tv:is([data-step="reveal"], [data-step="sort"])',
)
#: what a phone or the TV offers, as ``shown`` names it
LID, ROLL, LOCK, KEEP, HOLD, GO_ON, TABLE_GO_ON = (
    "#www-close-lid:not([disabled])",
    "#www-roll",
    "#www-lock",
    "#www-keep [data-keep]",
    "#www-hold",
    "#www-go-on",
    "#www-table-pass:not([disabled])",
)
#: seed 254: novices writing perfect formulas finish in 3 turns, with a Black Magic draw
SEED, OPTIONS = 254, {"fog_seconds": 2, "pace_seconds": 2}
#: the formulas the witches write: Anna orange, Ben black (a perfect black one draws Black Magic)
COLOURS = ("orange", "black")


@dataclass
class Night:
    """What the screens have shown so far, and what this turn's players have done."""

    seen: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("look", "compose", "keep", "lid_closed", "reveal", "hold"), 0
        )
    )
    done: dict[str, bool] = field(default_factory=lambda: {"reload": False, "undo": False})
    dice: list[dict[str, str]] = field(default_factory=list)
    plan: dict[int, list[str]] = field(default_factory=dict)
    raced: set[int] = field(default_factory=set)
    #: who tapped her formula this turn (a phone keeps it after an undo)
    written: set[int] = field(default_factory=set)


def play_on_screens(
    tv: Any, phones: list[Any], artifacts: Path, night: Night, until: Callable[[], bool]
) -> None:
    """Every screen does what it offers, as its player would, until the game is over or
    ``until()`` holds: the lid race, the planned formulas, the reveal and the witches' moments
    (photographed and checked for accessibility the first time), a Black Magic choice; on the
    way Ben's phone reloads while he writes, the room reads Czech for a moment, and Anna's
    formula is undone and locked again."""
    seen, done = night.seen, night.done
    end = time.monotonic() + 240
    while (
        time.monotonic() < end
        and OVER not in (on_tv := shown(tv, OVER, REVEAL, LOOK, PACED, TABLE_GO_ON))
        and not until()
    ):
        if REVEAL in on_tv and not seen["reveal"]:
            seen["reveal"] += 1  # every formula on the TV at once, before the lid opens
            tv.screenshot(path=str(artifacts / "www-tv-reveal-1920x1080.png"))
        if LOOK in on_tv and not night.dice:
            seen["look"] += 1
            night.dice = dice_on_tv(tv)
            if seen["look"] == 1:  # the same screen every turn, other dice: looked at once
                tv.screenshot(path=str(artifacts / "www-tv-look-1920x1080.png"))
                assert_accessible(tv, "www-tv-look")
            valid = valid_by_colour(night.dice)
            night.plan = {seat: valid[colour] for seat, colour in enumerate(COLOURS)}
        for seat, page in enumerate(phones):
            on = shown(page, LID, ROLL, LOCK, KEEP, HOLD, GO_ON)
            if LOOK in on_tv and LID in on and seat not in night.raced:
                night.raced.add(seat)  # two phones race for the lid, each pressing once
                press(page, "#www-close-lid", tap=True)
            if ROLL in on and press(page, ROLL):
                night.dice, night.raced, night.written = [], set(), set()
            elif LOCK in on and night.plan:
                if not seen["compose"]:
                    tv.wait_for_selector("#www-lid")  # once it has closed
                    settled(tv).screenshot(path=str(artifacts / "www-tv-compose-1920x1080.png"))
                seen["compose"] += 1
                if seat == 1 and not done["reload"]:
                    done["reload"] = True
                    reload_while_writing(page)
                    speak_czech_for_a_moment(tv, page)
                verdict = page.locator("#www-lid-verdict")
                if verdict.count() and "closed" in verdict.first.inner_text(timeout=1000):
                    seen["lid_closed"] += 1  # the phone says who won the lid race
                if seat not in night.written:
                    night.written.add(seat)
                    for symbol in night.plan[seat]:
                        press(page, f'#www-cards [data-symbol="{symbol}"]')
                if press(page, LOCK) and seat == 0 and not done["undo"]:
                    done["undo"] = True
                    undo_a_formula(tv, phones)
            elif KEEP in on:
                seen["keep"] += 1
                page.screenshot(path=str(artifacts / "www-phone-keep-390x844.png"))
                assert_accessible(page, "www-phone-keep")
                press(page, KEEP)
            elif HOLD in on:
                # Every witch's moment shows "I play a spell"; these players have none to play.
                # On a busy host the moment's bar may run out before the press: then the server
                # refuses it and the game goes on without a spell ("Go on" never shows).
                if press(page, HOLD) and held_the_moment(page):
                    if not seen["hold"]:
                        page.screenshot(path=str(artifacts / "www-phone-spell-390x844.png"))
                        assert_accessible(page, "www-phone-spell")
                        tv.screenshot(path=str(artifacts / "www-tv-apply-1920x1080.png"))
                    seen["hold"] += 1
                    press(page, GO_ON)  # as soon as it shows
            elif GO_ON in on:
                press(page, GO_ON)
        # The host's "Go on" cuts the reveal and the sorted dice short once seen (a witch's
        # moments are hers: her phone ends them; a Black Magic choice is never cut short).
        if seen["reveal"] and PACED in on_tv and TABLE_GO_ON in on_tv:
            press(tv, TABLE_GO_ON)
        time.sleep(0.05)  # a poll: what the loop waits for is on four pages


def held_the_moment(page: Any) -> bool:
    """After a press of "I play a spell": True once the phone asks which spell ("Go on" shows),
    False if the moment ended instead (the press came after its bar had run out)."""
    page.wait_for_function(
        f"() => !!document.querySelector('{GO_ON}') || !document.querySelector('{HOLD}')"
    )
    return bool(shown(page, GO_ON))


def test_the_first_turns_on_tv_and_phones(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """A short game's first turn and the next look: two witches, novices from space 7, the fog
    window and the reveal pace at the least the options allow, the TV's "Go on" ending the
    reveal and the sorted dice, each phone its own moments. On the way: Ben's phone reloads
    while he writes, the room reads Czech for a moment, and Anna's formula is undone and
    locked again. (The next test plays the same game to its end.)"""
    room = server.create_room("wicked-witches-way", seed=SEED, options=OPTIONS)
    tv, phones = open_table(browser, server, room, NAMES[:2], shots="www")
    calm(tv, *phones)
    # The lobby's help lists how the app reads the cards whose texts leave room for doubt.
    help_text = tv.locator(".help .help-more").text_content() or ""
    for card in ("Double Cross", "Bad Spell", "Magic Fog", "Decree", "Blockade"):
        assert f"{card} (" in " ".join(help_text.split()), card
    assert "How the app reads five cards" in help_text
    tv.click("#btn-start")
    tv.wait_for_selector("#www-tv")
    for seat in range(len(phones)):  # novices from space 7: the same race, a few turns shorter
        tv.select_option(f'select[data-handicap-seat="{seat}"]', "novice")
        tv.select_option(f'select[data-start-seat="{seat}"]', "7")
        tv.wait_for_function(f"() => {pawn_space(seat)} === '7'")  # the server has it

    night = Night()
    seen, done = night.seen, night.done

    def checked() -> bool:
        """Every moment this test checks has been on the screens."""
        return (
            seen["look"] >= 2
            and seen["compose"] >= 4
            and seen["lid_closed"] >= 1
            and bool(seen["reveal"] and seen["hold"])
            and done["reload"]
            and done["undo"]
        )

    play_on_screens(tv, phones, artifacts, night, checked)
    assert seen["look"] >= 2 and seen["compose"] >= 4 and seen["lid_closed"] >= 1
    assert seen["reveal"] and seen["hold"], "the reveal was never seen"
    assert done["reload"] and done["undo"], done
    close_all(tv, *phones)


#: seed 5 (the same options, novices from space 7, Anna orange, Ben black): Black Magic is
#: drawn in turns 2, 4 and 5, and turn 5 is the last: the screens take over at its draw
BLACK_MAGIC_SEED, LAST_TURN = 5, 5


class PlannedBot(PhoneBot):
    """A phone bot that writes the planned colour's perfect formula, and leaves a Black Magic
    choice from turn ``leave_from`` on to the screens (it takes the first card offered before)."""

    def __init__(self, peer: Peer, colour: str, leave_from: int = 1) -> None:
        super().__init__(peer)
        self.colour, self.leave_from = colour, leave_from

    def _choose(self, game: dict[str, Any], you: dict[str, Any]) -> dict[str, Any] | None:
        if "keep" in you["prompts"] and game["turn"] >= self.leave_from:
            return None
        if "formula" in you["prompts"] and self.dice is not None:
            return {"type": "formula", "cards": valid_by_colour(self.dice)[self.colour]}
        return super()._choose(game, you)


def to_black_magic_over_sockets(server: LiveServer, peers: list[Peer]) -> dict[str, Any]:
    """A game like the first test's (options, novices from space 7, Anna orange, Ben black;
    ``BLACK_MAGIC_SEED``) played over Socket.IO clients until a witch is offered her Black
    Magic choice in the last turn; the clients are closed, for the screens to take the seats.
    Returns the room."""
    room, tv, phones = seated(
        server, peers, NAMES[:2], game="wicked-witches-way", seed=BLACK_MAGIC_SEED, options=OPTIONS
    )
    assert tv.call("room", {"type": "start"})["ok"]
    for seat in range(len(phones)):
        ack = tv.call("act", {"type": "handicap", "seat": seat, "level": "novice", "start": 7})
        assert ack["ok"], ack
    bots = [
        PlannedBot(phone, colour, leave_from=LAST_TURN)
        for phone, colour in zip(phones, COLOURS, strict=True)
    ]

    def offered() -> bool:
        views = [bot.peer.latest()["game"] for bot in bots]
        return any(
            game and game["turn"] >= LAST_TURN and "keep" in game["you"]["prompts"]
            for game in views
        )

    end = time.monotonic() + 120
    while time.monotonic() < end and not offered():
        game = tv.latest()["game"]
        assert game is None or game["phase"] != "over", "the game ended without Black Magic"
        for bot in bots:
            bot.step()
        if game and game["step"] in ("reveal", "sort"):
            tv.call("act", {"type": "pass"})  # the TV's "Go on" (refused when it is not due)
        time.sleep(0.05)  # a poll, as the screens' loop
    assert offered(), "nobody was offered a Black Magic card"
    for bot in bots:
        bot.answered()
    for peer in peers:
        peer.close()
    return room


def test_a_black_magic_choice_and_the_end_on_tv_and_phones(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """A game played over sockets up to a Black Magic draw in its last turn; the screens take
    over: the witch chooses her card on her phone, and the game goes on to its end screens."""
    room = to_black_magic_over_sockets(server, peers)
    tv, phones = open_seats(browser, server, room, [peer.token for peer in peers[1:]])
    calm(tv, *phones)
    tv.wait_for_selector("#www-tv")
    night = Night(done={"reload": True, "undo": True})  # the test before checks those
    play_on_screens(tv, phones, artifacts, night, lambda: False)
    tv.wait_for_selector('#www-tv[data-phase="over"]', timeout=30_000)
    check_end_screens(tv, phones, artifacts, "www")
    assert night.seen["keep"] >= 1, "nobody chose a Black Magic card"
    close_all(tv, *phones)


def reload_while_writing(page: Any) -> None:
    """The phone reloads before its player has written: the same seat comes back to the same
    formula screen (the same cards to tap, the same closer of the lid)."""
    name = page.locator("#me-name").inner_text()
    cards = page.locator("#www-cards").text_content()
    verdict = page.locator("#www-lid-verdict").text_content()
    page.reload()
    page.wait_for_selector("#www-lock")
    assert page.locator("#me-name").inner_text() == name
    assert page.locator("#www-cards").text_content() == cards
    # who closed the lid, in the same words as before the reload (built from the view)
    assert page.locator("#www-lid-verdict").text_content() == verdict


def speak_czech_for_a_moment(tv: Any, phone: Any) -> None:
    """The host switches the room to Czech while the formulas are written (the TV's title and
    the phone's lock button follow), then back to English."""
    title = translated("cs", "Turn {turn} · {title}", turn=1, title="{title}")
    room_language(tv, "cs")
    wait_text(tv, "#www-title", title.format(title=translated("cs", "Write your formula")))
    wait_text(phone, "#www-lock", translated("cs", "Lock an empty formula"))
    room_language(tv, "en")
    wait_text(tv, "#www-title", "Turn 1 · Write your formula")
    wait_text(phone, "#www-lock", "Lock an empty formula")


def undo_a_formula(tv: Any, phones: list[Any]) -> None:
    """Anna has just locked her formula: the host undoes it. Every screen says whose formula
    went back (not what it was: it is secret), and Anna may lock it again."""
    tv.click("#btn-undo")
    tv.click("#btn-undo")  # pressed twice: sure
    for page in (tv, *phones):
        wait_text(page, "#toast", "Anna's formula")
        assert (page.locator("#toast").text_content() or "").startswith("Undone: ")
    phones[0].wait_for_selector("#www-lock:not([disabled])")
    # her phone still holds what she wrote: she locks the same formula again
    assert phones[0].locator("#www-lock").inner_text().startswith("Lock formula (")


def check_end_screens(tv: Any, phones: list[Any], artifacts: Path, prefix: str) -> None:
    """The kit's ending on every screen (the winner's sentence once, the podium, each phone's
    own place), the TV's final table complete under it (every witch: place, race points,
    acrobatics, total), each phone's own score, and no line left from the last turn."""
    for stale in ("#www-now", "#www-step-countdown", "#www-log", "#www-dice"):
        assert tv.locator(stale).count() == 0, stale
    assert_ending(tv, phones, artifacts, prefix, "(points: ")
    rows = tv.locator("#www-final tbody tr[data-seat]")
    assert rows.count() == len(phones)
    for row in rows.all():
        cells = [c.inner_text().strip() for c in row.locator("td").all()]
        assert len(cells) == 5 and all(cells), cells
    assert tv.locator("#www-winner").count() == 0  # the kit's headline says it
    for page in phones:
        assert page.locator("#www-my-total").inner_text()


#: Records whether the TV ever draws a pawn off the start while the room is playing (set up
#: after the first game ended: only the new game's screens count).
WATCH_PAWNS = """
() => {
  window.__offStart = [];
  new MutationObserver(() => {
    if (document.body.dataset.status !== 'playing') return;
    for (const pawn of document.querySelectorAll('#www-board .www-pawn')) {
      const space = pawn.closest('.www-cell')?.dataset.space;
      if (space !== '0') window.__offStart.push(`${pawn.dataset.witch} on ${space}`);
    }
  }).observe(document.getElementById('game'), { childList: true, subtree: true });
}
"""


def test_a_rematch_during_turn_1_starts_afresh(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """The first game ends during its turn 1 (lid closed by Anna, Ben too late, Anna moved);
    the rematch's turn 1 shows none of it: pawns on the start, lid buttons ready, no formula."""
    room = server.create_room(
        "wicked-witches-way",
        seed=11,
        options={"physical_deck": True, "fog_seconds": 2, "pace_seconds": 2},
    )
    tv, (anna, ben, cleo) = open_table(browser, server, room, NAMES)
    calm(tv, anna, ben, cleo)
    tv.click("#btn-start")
    tv.click("#www-roll")
    tv.wait_for_selector("#www-dice .www-die")
    dice = dice_on_tv(tv)
    orange = valid_by_colour(dice)["orange"]
    assert orange, "seed 11 must roll a valid orange symbol"
    anna.locator("#www-close-lid").tap()
    press(ben, "#www-close-lid", tap=True)  # too late, if the lid is not closed already
    anna.wait_for_selector('#www-lid-verdict:has-text("You closed the lid")')
    ben.wait_for_selector('#www-close-lid[data-state="lost"], #www-lid-verdict')
    tv.wait_for_selector('#www-closer:has-text("Anna")')
    for page in (anna, cleo):
        for symbol in orange:
            page.click(f'#www-cards [data-symbol="{symbol}"]')
        page.click("#www-lock")
    ben.click("#www-lock")  # an empty formula
    # Anna closed the lid, so she applies first. With the physical deck nobody is asked about
    # spells: she says "I play a spell" herself, then goes on without one; her formula applies.
    anna.click("#www-hold")
    anna.click("#www-go-on")
    tv.wait_for_function(
        "() => document.querySelector('#www-board [data-seat=\"0\"]')"
        "?.closest('.www-cell')?.dataset.space !== '0'",
    )
    assert tv.locator("#www-title").inner_text().startswith("Turn 1")

    end_and_rematch(tv, before_rematch=WATCH_PAWNS)
    tv.wait_for_selector('#www-title:has-text("Turn 1 · Roll the dice")')
    tv.click("#www-roll")
    tv.wait_for_selector("#www-dice .www-die")
    assert tv.evaluate("window.__offStart") == [], "the TV drew the last game's pawn positions"
    for page in (anna, ben):
        page.wait_for_selector('#www-close-lid[data-state="ready"]')
    tv.click("#www-close-lid")
    tv.wait_for_selector('#www-closer:has-text("The table closed the lid")')
    assert tv.locator("#www-margins").inner_text().strip() == ""
    cleo.wait_for_selector("#www-cards")
    assert cleo.locator("#www-cards .in-a, #www-cards .in-b").count() == 0
    tv.screenshot(path=str(artifacts / "www-tv-rematch-1920x1080.png"))
    close_all(tv, anna, ben, cleo)


def hurry_to_turn_2(tv: Any) -> None:
    """The TV's "Go on" ends each step of the reveal and each witch's moment, until turn 2
    (a witch's own "I play a spell" and "No spell: go on" are played in the first test)."""
    end = time.monotonic() + 60  # only against hanging
    while time.monotonic() < end and "Turn 2" not in tv.locator("#www-title").inner_text():
        press(tv, TABLE_GO_ON)


#: the real box of the physical-dice table: ear and star orange, web black
BOX = [("ear", "orange"), ("star", "orange")] * 4 + [("web", "black")]


def enter_faces(tv: Any, faces: list[tuple[str, str]]) -> None:
    form = tv.locator("#www-dice-form")
    for symbol, color in faces:
        form.locator(f'button[data-add-symbol="{symbol}"][data-add-color="{color}"]').click()
    tv.click("#www-dice-submit")


def test_physical_dice_entered_and_corrected_on_the_tv_and_a_player_removed(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """Physical dice: the roller's phone says the dice are thrown, the lid race comes first,
    the formulas are written from memory, and the host types the faces when the lid opens,
    then corrects a mis-tapped one while they are shown. Cleo is removed before she writes:
    the turn goes on, her row says she left, and she never rolls."""
    room = server.create_room(
        "wicked-witches-way",
        seed=11,
        options={"physical_dice": True, "fog_seconds": 2, "pace_seconds": 2},
    )
    tv, phones = open_table(browser, server, room, NAMES)
    calm(tv, *phones)
    anna, ben, cleo = phones
    tv.click("#btn-start")
    tv.wait_for_selector("#www-tv")
    # The phones draw the game a moment after the TV: wait for the roller's button.
    wait_until(lambda: any(visible(page, "#www-roll") for page in phones), 20, "the roll button")
    roller = next(page for page in phones if visible(page, "#www-roll"))
    assert "Dice thrown" in roller.locator("#www-roll").inner_text()
    roller.click("#www-roll")
    tv.wait_for_selector("#www-box")  # look in the real box: no dice on the TV
    tv.screenshot(path=str(artifacts / "www-physical-tv-look-1920x1080.png"))
    anna.locator("#www-close-lid").tap()  # at once: nobody has typed any face
    anna.wait_for_selector('#www-lid-verdict:has-text("You closed the lid")')
    for page, symbols in ((anna, ["ear", "star"]), (ben, ["web"])):
        for symbol in symbols:
            page.click(f'#www-cards [data-symbol="{symbol}"]')
        page.click("#www-lock")
    # The host removes Cleo before she writes: the lid opens without her.
    tv.click('#players [data-kick="2"]')
    tv.click('#players [data-kick="2"]')
    tv.wait_for_selector('#www-tv[data-step="read"] #www-dice-form')
    tv.screenshot(path=str(artifacts / "www-physical-tv-read-1920x1080.png"))
    gone = tv.locator('#www-roster li[data-seat="2"]')
    assert "gone" in (gone.get_attribute("class") or "")
    assert "left the table" in gone.inner_text()
    mistapped = [*BOX[:8], ("star", "black")]
    enter_faces(tv, mistapped)
    tv.wait_for_selector('#www-tv[data-step="sort"] #www-correct')
    assert "none" in tv.locator("#www-valid .www-valid-group.black").inner_text()
    tv.click("#www-correct")
    tv.click('#www-dice-form button[data-slot="8"]')  # take the wrong die out
    enter_faces(tv, [("web", "black")])
    tv.wait_for_selector('#www-valid .www-valid-group.black [data-symbol="web"]')
    tv.screenshot(path=str(artifacts / "www-physical-tv-sorted-1920x1080.png"))
    tv.click(TABLE_GO_ON)  # the faces are checked: the host ends the sort (its pace is 2 steps)
    anna.wait_for_selector("#www-hold")  # her moment: "I play a spell"
    anna.screenshot(path=str(artifacts / "www-phone-moment-390x844.png"))
    hurry_to_turn_2(tv)
    tv.wait_for_selector('#www-title:has-text("Turn 2")')
    tv.screenshot(path=str(artifacts / "www-physical-tv-turn2-1920x1080.png"))
    results = tv.locator('#www-roster li[data-seat="0"] .www-status').inner_text()
    assert "perfect orange" in results  # the corrected faces were the ones applied
    assert not visible(cleo, "#www-roll")
    assert "left the table" in tv.locator('#www-roster li[data-seat="2"]').inner_text()
    # The host ends the game before the finish: the standings, on every screen, with no line
    # left over from the turn.
    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector('#www-tv[data-phase="over"] #www-final')
    rows = tv.locator("#www-final tbody tr[data-seat]")
    assert rows.count() == 3 and rows.first.get_attribute("data-seat") == "0"
    assert "(left)" in tv.locator('#www-final tr[data-seat="2"]').inner_text()
    assert tv.locator("#www-sub").inner_text() == "The host ended the game before the finish."
    assert tv.locator(".www-actions button, #www-now, #www-dice-form").count() == 0
    tv.screenshot(path=str(artifacts / "www-ended-tv-1920x1080.png"))
    anna.wait_for_selector("#www-my-score")
    # the place and the winner are the kit's ending; the phone keeps how the points add up
    assert anna.locator(".kit-ending-mine").inner_text() == "You win!"
    assert anna.locator("#www-my-total").inner_text() == "4 points"
    assert anna.locator("#www-my-place, #www-winner-line").count() == 0
    assert not anna.locator("#www-table-line").is_visible()  # the kit's headline says it
    anna.screenshot(path=str(artifacts / "www-ended-phone-390x844.png"))
    close_all(tv, *phones)
