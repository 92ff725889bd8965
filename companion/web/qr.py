"""QR codes as SVG (no Pillow needed) and as text for the terminal."""

from __future__ import annotations

import io
from functools import lru_cache

import qrcode
import qrcode.image.svg


@lru_cache(maxsize=256)
def qr_svg(data: str) -> str:
    """An SVG document whose QR code encodes ``data``; white background, quiet zone of 4."""
    image = qrcode.make(
        data,
        image_factory=qrcode.image.svg.SvgPathFillImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        border=4,
    )
    svg: bytes = image.to_string()
    return svg.decode("utf-8")


def qr_text(data: str) -> str:
    """The QR code drawn with block characters, for printing in a terminal."""
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
