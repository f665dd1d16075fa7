"""The calibration page names the back offset that corrects a printer's misregistration.

A model printer puts everything on the back page ``m`` millimetres off (seen from the
front). For every such ``m`` on the page's 0.5 mm grid, the frame whose square lands
centred must carry the offset that, given to the card sheets, puts every back
exactly behind its front again.
"""

from __future__ import annotations

import itertools

import pytest

from printkit.layout.impose import Rect, impose
from printkit.load.templates import load_template
from printkit.render.calibrate import STEPS, _square_for, calibration_page, frame_centres
from printkit.units import mm

from .pdfcheck import reader

EPS = 0.01 * mm


def landed(rect: Rect, t, duplex: str, m: tuple[float, float]) -> Rect:
    """Where a rectangle drawn on the back page ends up, in front-page coordinates: the
    sheet turned over left to right on the long edge of portrait paper or the short
    edge of landscape paper (a landscape page is printed turned a quarter), top to
    bottom otherwise; a horizontal fold turns it top to bottom."""
    left_right = t.fold == "vertical" or (
        not t.fold and (duplex == "short") == (t.paper_width > t.paper_height)
    )
    if left_right:
        x, y = t.paper_width - rect.right, rect.y
    else:
        x, y = rect.x, t.paper_height - rect.top
    return Rect(x + m[0] * mm, y + m[1] * mm, rect.w, rect.h)


def read_offset(t, duplex: str, m: tuple[float, float]) -> tuple[float, float]:
    """What a user reads off the page: the X frame centred across, the Y frame centred up."""
    centres = frame_centres(t)
    found = {}
    for axis, frames in centres.items():
        matches = []
        for cx, cy, step in frames:
            offset = (step, 0.0) if axis == "x" else (0.0, step)
            square = landed(_square_for(t, duplex, cx, cy, offset), t, duplex, m)
            centre = (square.x + square.w / 2, square.y + square.h / 2)
            if (axis == "x" and abs(centre[0] - cx) < EPS) or (
                axis == "y" and abs(centre[1] - cy) < EPS
            ):
                matches.append(step)
        assert len(matches) == 1, (axis, m, matches)
        found[axis] = matches[0]
    return found["x"], found["y"]


@pytest.mark.parametrize("template", ["plaincards-letter", "a4-3x3", "silhouette-a4"])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("m", [(0, 0), (1.5, -0.5), (-3, 3), (2.5, 1), (-0.5, -2)])
def test_the_offset_read_off_the_page_corrects_the_printer(template, duplex, m):
    t = load_template(template)
    _corrects(t, duplex, m)


@pytest.mark.parametrize("template", ["gutterfold-letter", "gutterfold-a4"])
@pytest.mark.parametrize("m", [(0, 0), (1.5, -0.5), (-3, 3), (2.5, 1)])
def test_a_gutterfold_sheet_folds_like_a_short_edge_flip_and_its_offset_corrects_it(template, m):
    """Folding the lower half up mirrors it as a short-edge turn does; a printer that
    stretches one half is read off the folded page and corrected the same way."""
    t = load_template(template)
    for duplex in ("long", "short", "none"):  # --duplex has no say on a gutterfold
        assert impose(t, 4, duplex)[0].backs == impose(t, 4, "short")[0].backs or duplex == "none"
    _corrects(t, "short", m)


def _corrects(t, duplex, m):
    dx, dy = read_offset(t, duplex, m)
    assert dx in STEPS and dy in STEPS
    for sheet in impose(t, 9, duplex, (dx * mm, dy * mm)):
        for front, back in zip(sheet.fronts, sheet.backs, strict=True):
            where = landed(back.trim, t, duplex, m)
            assert abs(where.x - front.trim.x) < EPS and abs(where.y - front.trim.y) < EPS


def test_no_offset_reads_zero():
    t = load_template("plaincards-letter")
    assert read_offset(t, "long", (0, 0)) == (0, 0)


def test_the_steps_cover_plus_minus_3mm_by_half_millimetres():
    assert STEPS[0] == -3 and STEPS[-1] == 3 and len(STEPS) == 13
    assert all(round(b - a, 6) == 0.5 for a, b in itertools.pairwise(STEPS))


@pytest.mark.parametrize(
    "template", ["plaincards-letter", "a4-3x3", "letter-3x3", "silhouette-a4", "gutterfold-a4"]
)
def test_the_page_is_two_sided_and_says_how_to_use_it(template):
    t = load_template(template)
    pdf = reader(calibration_page(t))
    assert len(pdf.pages) == (1 if t.fold else 2)
    page = pdf.pages[0]
    assert abs(float(page.mediabox.width) - t.paper_width) < EPS
    text = " ".join(page.extract_text().split())
    assert "back offset" in text and "100 mm" in text and "window" in text
    assert "--" not in text and "printkit build" not in text  # a printed page, for players


@pytest.mark.parametrize("paper", ["a5", "150x240mm", "159x240mm", "160x240mm", "half-letter"])
def test_a_calibration_page_on_small_paper_passes_the_preflight_or_is_not_made(paper):
    """The page is refused on paper it does not fit, and never drawn past the edge."""
    from printkit.preflight import preflight
    from printkit.render.calibrate import calibration_fits
    from printkit.values.papers import paper_size

    t = load_template("letter-3x3", paper=paper_size(paper))
    if calibration_fits(t):
        report = preflight(calibration_page(t, "long"), "calibration.pdf", kind="calibration")
        assert not report.failures, report.failures
