"""Read back what a written PDF actually contains: where each form is drawn, its images.

Used by the tests to check geometry on the file itself rather than on the code that
made it: every ``Do`` of a form is located by following ``q``/``Q``/``cm`` through the
page's content stream.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.preflight.facts import apply as _apply
from printkit.preflight.facts import multiply as _multiply

MM = 72 / 25.4


@dataclass(frozen=True)
class Drawn:
    name: str  # the form's name without the "/FormXob." prefix
    x: float  # the placed trim box, in points
    y: float
    w: float
    h: float
    rotation: int  # degrees, 0 or 180


def reader(data) -> PdfReader:
    """pypdf's reader of a finished PDF (its bytes, or a ``Pdf`` to read)."""
    from printkit.render.pdf import pdf_bytes

    return PdfReader(io.BytesIO(pdf_bytes(data)))


def drawn_forms(pdf: PdfReader, page_index: int) -> list[Drawn]:
    """Every form drawn directly on a page, in drawing order, with its placed trim box.

    A face form's bounding box is its trim grown by the same bleed on every side, so the
    trim is recovered from the box and the current transformation.
    """
    page = pdf.pages[page_index]
    xobjects = page["/Resources"].get("/XObject", {})
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack = []
    found = []
    for operands, operator in ContentStream(page.get_contents(), pdf).operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            name = str(operands[0])
            form = xobjects[name].get_object()
            x0, _, x1, y1 = (float(v) for v in form["/BBox"])
            bleed = -x0
            w, h = x1 - bleed, y1 - bleed
            corners = [_apply(ctm, 0, 0), _apply(ctm, w, h)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            rotation = 180 if ctm[0] < 0 else 0
            found.append(
                Drawn(
                    name.removeprefix("/FormXob."),
                    min(xs),
                    min(ys),
                    max(xs) - min(xs),
                    max(ys) - min(ys),
                    rotation,
                )
            )
    return found


def image_digests(pdf: PdfReader) -> list[str]:
    """A digest of every image stream stored in the file (each stored object once)."""
    digests = []
    seen = set()
    for page in pdf.pages:
        _collect(page.get("/Resources", {}), digests, seen)
    return digests


def _collect(resources, digests, seen) -> None:
    for ref in resources.get("/XObject", {}).values():
        key = (ref.idnum, ref.generation) if hasattr(ref, "idnum") else id(ref)
        if key in seen:
            continue
        seen.add(key)
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image":
            digests.append(hashlib.sha256(obj.get_data()).hexdigest())
        elif obj.get("/Subtype") == "/Form":
            _collect(obj.get("/Resources", {}), digests, seen)
