"""Cut files for cutting machines: the cards' outlines, where the sheet prints them.

One sheet's cut lines serve every sheet of a template (every slot is filled), so a deck
gets one SVG (Cricut Design Space, Silhouette Studio's Designer Edition) and one DXF
(Silhouette Studio's basic edition), both in millimetres at the printed page's scale.
The SVG's page is the paper, origin at its top-left corner as SVG has it; the DXF's
origin is the paper's bottom-left corner, and its PAGE layer holds the paper's outline
to line the cut lines up with the page (delete it before cutting).
"""

from __future__ import annotations

import io
import math

from ..layout.impose import Rect, slot_rects, used_slots
from ..units import mm
from ..values.model import Template

__all__ = ["cut_dxf", "cut_svg", "outline_points"]

_CUT_LAYER = "CUT"
_PAGE_LAYER = "PAGE"


def _mm(points: float) -> str:
    return f"{points / mm:.3f}".rstrip("0").rstrip(".")


def cut_svg(t: Template, title: str) -> bytes:
    """The cards' trim outlines, with their corner radius, as an SVG page of the paper's size."""
    width, height = _mm(t.paper_width), _mm(t.paper_height)
    radius = _mm(t.corner_radius)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{_escape(title)}: cut lines</title>",
        f'<g id="{_CUT_LAYER.lower()}" fill="none" stroke="#e4002b" stroke-width="0.25">',
    ]
    rects = slot_rects(t)
    for slot in used_slots(t):
        r, index = rects[slot], slot + 1
        lines.append(
            f'<rect id="card-{index}" x="{_mm(r.x)}" y="{_mm(t.paper_height - r.top)}" '
            f'width="{_mm(r.w)}" height="{_mm(r.h)}" rx="{radius}" ry="{radius}"/>'
        )
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines).encode("utf-8")


def cut_dxf(t: Template) -> bytes:
    """The same outlines as closed polylines (arcs as bulges) in a DXF, in millimetres."""
    import ezdxf

    # Fixed dates and identifiers in the file: the same sheet makes the same bytes.
    fixed = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        return _dxf(t)
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = fixed


def _dxf(t: Template) -> bytes:
    import ezdxf
    from ezdxf import units

    doc = ezdxf.new("R2010", setup=False)
    doc.units = units.MM
    doc.header["$MEASUREMENT"] = 1  # metric
    doc.layers.add(_CUT_LAYER, color=1)
    doc.layers.add(_PAGE_LAYER, color=8)
    space = doc.modelspace()
    page = Rect(0.0, 0.0, t.paper_width, t.paper_height)
    space.add_lwpolyline(
        outline_points(page, 0.0), format="xyb", close=True, dxfattribs={"layer": _PAGE_LAYER}
    )
    rects = slot_rects(t)
    for r in (rects[slot] for slot in used_slots(t)):
        space.add_lwpolyline(
            outline_points(r, t.corner_radius),
            format="xyb",
            close=True,
            dxfattribs={"layer": _CUT_LAYER},
        )
    # ezdxf lists a CLASS for each kind of object in use in the order of a set, which
    # moves with Python's hash seed: named here first, in sorted order, they keep it.
    for dxftype in sorted(doc.entitydb.dxf_types_in_use()):
        doc.classes.add_class(dxftype)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


#: The bulge of a quarter circle: tan(90 degrees / 4).
_QUARTER = math.tan(math.pi / 8)


def outline_points(r: Rect, radius: float) -> list[tuple[float, float, float]]:
    """A rounded rectangle as (x, y, bulge) vertices in mm, counter-clockwise from the
    bottom edge: each bulge turns the segment to the next vertex into a quarter arc."""
    x, y, w, h = r.x / mm, r.y / mm, r.w / mm, r.h / mm
    k = radius / mm
    if k <= 0:
        return [(x, y, 0.0), (x + w, y, 0.0), (x + w, y + h, 0.0), (x, y + h, 0.0)]
    return [
        (x + k, y, 0.0),
        (x + w - k, y, _QUARTER),
        (x + w, y + k, 0.0),
        (x + w, y + h - k, _QUARTER),
        (x + w - k, y + h, 0.0),
        (x + k, y + h, _QUARTER),
        (x, y + h - k, 0.0),
        (x, y + k, _QUARTER),
    ]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
