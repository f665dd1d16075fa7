"""Where a player aid's text goes: pure geometry, in points, origin at the trim's
bottom-left corner.

An aid is printed with the deck's look (its ground and frame, from the look's card
layout) and text in the room this leaves: a header line and the body, inside the frame
(3 mm in from the trim on a poker card) and scaled with the card a template asks for.
"""

from __future__ import annotations

from typing import NamedTuple

from ..units import inch, mm
from .impose import Rect

__all__ = ["AidLayout", "aid_layout", "frame_rect"]

#: The card the aid is drawn for; other sizes scale it.
_DESIGN = (2.5 * inch, 3.5 * inch)
#: The look's frame lies this far inside the trim: everything printed lies inside it.
_FRAME_INSET = 3.0 * mm


class AidLayout(NamedTuple):
    """A player aid's face: the safe area, a header line and the room for its sections."""

    scale: float
    safe: Rect  # inside the frame: where everything printed lies
    header_baseline: float
    header_size: float
    body: Rect


def frame_rect(width: float, height: float) -> Rect:
    """Inside the look's double frame: where an aid's text may go."""
    s = min(width / _DESIGN[0], height / _DESIGN[1])
    return Rect(0, 0, width, height).inset(_FRAME_INSET + 0.75 * mm * s)


def aid_layout(width: float, height: float) -> AidLayout:
    """The header and body of an aid, 1.6 mm or more inside the inner frame, as the
    fronts' text is."""
    s = min(width / _DESIGN[0], height / _DESIGN[1])
    margin = 5.6 * mm * s
    top, bottom = height - 8.8 * mm * s, 5.4 * mm * s
    return AidLayout(
        scale=s,
        safe=frame_rect(width, height),
        header_baseline=height - 5.6 * mm * s - 4.7 * s,
        header_size=6.5 * s,
        body=Rect(margin, bottom, width - 2 * margin, top - bottom),
    )
