"""Copies a curated few of the browser tests' screenshots (test-artifacts/) into
docs/screenshots/ as small JPEGs for the README: ``scripts/screenshots``.

No image library: Chromium itself scales each PNG down and encodes the JPEG.
"""

from __future__ import annotations

import base64
import sys

from tests.browser.conftest import ARGS, ARTIFACTS, CHROMIUM
from tests.support import ROOT

OUT = ROOT / "docs" / "screenshots"
TV = (960, 540)  # half of 1920x1080: legible in a README, a tenth of the bytes
PHONE = (390, 844)  # the phone at device scale 1
QUALITY = 72

#: (artifact, README file, size)
CURATED: list[tuple[str, str, tuple[int, int]]] = [
    ("home-tv-1920x1080.png", "home-tv.jpg", TV),
    ("avatar-picker-lobby-390x844.png", "avatar-picker-phone.jpg", PHONE),
    ("avatar-tv-lobby-1920x1080.png", "lobby-tv.jpg", TV),
    ("tv-1920x1080.png", "buzzer-tv.jpg", TV),
    ("phone-390x844.png", "buzzer-phone.jpg", PHONE),
    ("www-tv-apply-1920x1080.png", "wicked-witches-way-tv.jpg", TV),
    ("www-phone-spell-390x844.png", "wicked-witches-way-phone.jpg", PHONE),
    ("witchs-brew-tv-1920x1080.png", "witchs-brew-tv.jpg", TV),
    ("witchs-brew-phone-390x844.png", "witchs-brew-phone.jpg", PHONE),
    ("witch-and-bitch-tv-turns-1920x1080.png", "witch-and-bitch-tv.jpg", TV),
    ("witch-and-bitch-phone-turn-390x844.png", "witch-and-bitch-phone.jpg", PHONE),
    ("witchcraft-tv-capture-1920x1080.png", "witchcraft-tv.jpg", TV),
    ("witchcraft-phone-aim-390x844.png", "witchcraft-phone.jpg", PHONE),
    ("carodejnice-en-tv-trial-1920x1080.png", "carodejnice-tv.jpg", TV),
    ("carodejnice-en-trial-390x844.png", "carodejnice-phone.jpg", PHONE),
]


def main() -> int:
    from playwright.sync_api import sync_playwright

    missing = [name for name, _, _ in CURATED if not (ARTIFACTS / name).exists()]
    if missing:
        print("missing in test-artifacts/ (run the browser tests):", *missing, sep="\n  ")
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        for name, target, (width, height) in CURATED:
            data = base64.b64encode((ARTIFACTS / name).read_bytes()).decode()
            page.set_viewport_size({"width": width, "height": height})
            page.set_content(
                "<body style='margin:0'><img style='display:block;width:100vw;height:100vh'"
                f" src='data:image/png;base64,{data}'></body>"
            )
            page.wait_for_function("() => document.images[0].complete")
            page.screenshot(path=str(OUT / target), type="jpeg", quality=QUALITY)
        browser.close()
    total = sum(f.stat().st_size for f in OUT.glob("*.jpg"))
    print(f"{len(CURATED)} screenshots in {OUT.relative_to(ROOT)}, {total // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
