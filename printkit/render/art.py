"""Place pictures on a canvas: an SVG drawing fitted to a box, a one-colour drawing
tinted, a raster picture cropped to a box's proportions. The pictures themselves were
read and checked by ``printkit.load.art`` before drawing started."""

from __future__ import annotations

import copy
import io
from functools import cache

from ..values.pictures import RASTER_FORMATS, Picture, picture_error

__all__ = [
    "INK_SAVER_LIGHT",
    "RASTER_PPI",
    "face_raster",
    "fit_raster",
    "lightened",
    "pattern_only",
    "place_drawing",
    "tinted",
    "without_ground",
]

#: Raster art is resampled to at most this many pixels per inch of the box it fills.
RASTER_PPI = 600


#: How far the ink saver moves a picture's fills towards white (its lines stay as drawn).
INK_SAVER_LIGHT = 0.72


def tinted(drawing, color):
    """A copy of a one-colour drawing (an icon, a pip) painted in ``color``."""
    return _recoloured(drawing, lambda _: color, lambda _: color)


def lightened(drawing, amount: float = INK_SAVER_LIGHT, lines: float = 0.0):
    """A copy of a drawing whose fills are moved ``amount`` of the way to white and whose
    lines ``lines`` of the way (by default they keep their colour): the same picture as a
    light tint under its outlines."""
    from reportlab.lib.colors import Color

    def towards_white(by: float):
        def light(color):
            r, g, b = color.rgb()
            return Color(r + (1 - r) * by, g + (1 - g) * by, b + (1 - b) * by)

        return light

    return _recoloured(drawing, towards_white(amount), towards_white(lines))


def without_ground(drawing):
    """A copy of a drawing without its ground: the rectangle painted first, under
    everything else, is left unfilled, and an element with the id "pattern" is left
    out (the ink saver's back shows the paper there)."""
    from reportlab.graphics.shapes import Group, Rect, Shape

    result = _copied(drawing)

    def first_shape(node):
        if isinstance(node, Group):
            for child in node.contents:
                found = first_shape(child)
                if found is not None:
                    return found
            return None
        return node if isinstance(node, Shape) else None

    for item in result.contents:
        shape = first_shape(item)
        if shape is not None:
            if isinstance(shape, Rect):
                shape.fillColor = None
            break

    def drop_pattern(node) -> None:
        if isinstance(node, Group):
            node.contents = [c for c in node.contents if getattr(c, "svgid", None) != "pattern"]
            for child in node.contents:
                drop_pattern(child)

    drop_pattern(result)
    return result


def pattern_only(drawing):
    """A copy of a back's drawing with only its ground and its ``id="pattern"`` elements:
    what ``without_ground`` leaves out (a cover spreads it over a page, the emblem apart)."""
    from reportlab.graphics.shapes import Group

    result = _copied(drawing)
    seen_ground = False

    def keep(node) -> bool:
        nonlocal seen_ground
        if getattr(node, "svgid", None) == "pattern":
            return True
        if isinstance(node, Group):
            node.contents = [child for child in node.contents if keep(child)]
            return bool(node.contents)
        if not seen_ground:  # the first shape painted, under everything: the ground
            seen_ground = True
            return True
        return False

    result.contents = [item for item in result.contents if keep(item)]
    return result


def _recoloured(drawing, fill, stroke):
    """A copy of a drawing with every shape's fill and line colour passed through a function."""
    from reportlab.graphics.shapes import Group, Shape

    result = _copied(drawing)

    def paint(node) -> None:
        if isinstance(node, Group):
            for child in node.contents:
                paint(child)
        elif isinstance(node, Shape):
            if getattr(node, "fillColor", None) is not None:
                node.fillColor = fill(node.fillColor)
            if getattr(node, "strokeColor", None) is not None:
                node.strokeColor = stroke(node.strokeColor)

    for item in result.contents:
        paint(item)
    return result


def _copied(node):
    """A copy of a drawing's tree, every group and shape its own, for recolouring: the
    shapes' other values (points, transforms) are shared, as nothing here changes them.
    (A deep copy also copied every list of points: ten times the time.)"""
    from reportlab.graphics.shapes import Group

    new = copy.copy(node)
    if isinstance(node, Group):
        new.contents = [_copied(child) for child in node.contents]
    return new


def face_raster(picture: Picture, trim_w: float, trim_h: float, extra: float):
    """A card face's picture (``picture.face``) over the card's trim and ``extra`` points
    of bleed on each side, as an RGB Pillow image: its own bleed cropped evenly where it has more,
    made from its edge (``face.fill``) where it has less. A picture of another shape is
    first cropped centred to the card's shape or stretched to it, as ``face.fit`` says;
    nothing else is stretched."""
    from PIL import Image, ImageOps, ImageStat

    face = picture.face
    assert face is not None
    with Image.open(io.BytesIO(picture.content()), formats=RASTER_FORMATS) as image:
        image.load()
        card = _flat(ImageOps.exif_transpose(image), Image)
    if face.turned:
        card = card.rotate(90, expand=True)
    if face.fit != "exact":
        card = _reshaped(card, (trim_w + 2 * face.bleed) / (trim_h + 2 * face.bleed), face.fit)
    width, height = card.size
    per_point = width / (trim_w + 2 * face.bleed)  # pixels per point, across
    if face.corner:
        card = _corners_filled(card, round(face.corner * per_point * 1.15), Image, ImageStat)
    own = round(face.bleed * per_point)
    want = round(extra * per_point)
    if own > want:  # more bleed than drawn: crop it evenly
        cut = own - want
        card = card.crop((cut, cut, width - cut, height - cut))
    elif want > own:  # less: make the rest from the edge
        card = _extended(card, want - own, face.fill, Image, ImageOps, ImageStat)
    return card


def _reshaped(card, ratio: float, fit: str):
    """``card`` made ``ratio`` (width over height) wide: cropped centred, keeping as much
    of the picture as that shape holds, or stretched to it, keeping its width."""
    width, height = card.size
    if fit == "stretch":
        return card.resize((width, max(1, round(width / ratio))))
    if width / height > ratio:  # too wide: the sides go
        keep = max(1, round(height * ratio))
        left = (width - keep) // 2
        return card.crop((left, 0, left + keep, height))
    keep = max(1, round(width / ratio))
    top = (height - keep) // 2
    return card.crop((0, top, width, top + keep))


def _flat(image, Image):
    """A face as 8-bit RGB: 16-bit grey scaled down (not clipped to white), transparency
    laid on white paper (a scan's cut-out corners print white, not black)."""
    if image.mode.startswith("I"):  # 16-bit grey
        image = image.convert("I").point(lambda value: value * (1 / 256)).convert("L")
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        paper = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(paper, rgba).convert("RGB")
    return image.convert("RGB")


#: How far (in RGB) a corner's colour must lie from its border's to be a scan's corner.
_CORNER_CONTRAST = 48


def _corners_filled(card, radius: int, Image, ImageStat):
    """``card`` with each corner outside a quarter circle of ``radius`` px painted in the
    colour of the border just inside it, when all four show one colour unlike their
    border: a scanned card's rounded corners show the scanner's lid, which the bleed
    would otherwise continue."""
    from PIL import ImageDraw

    width, height = card.size
    radius = min(radius, width // 4, height // 4)
    if radius < 4:
        return card
    outside = Image.new("L", (radius, radius), 255)  # the top left corner's masks
    ImageDraw.Draw(outside).pieslice((0, 0, 2 * radius, 2 * radius), 180, 270, fill=0)
    ring = Image.new("L", (radius, radius), 0)
    ImageDraw.Draw(ring).pieslice((0, 0, 2 * radius, 2 * radius), 180, 270, fill=255)
    inner = round(radius * 0.35)
    ImageDraw.Draw(ring).pieslice(
        (inner, inner, 2 * radius - inner, 2 * radius - inner), 180, 270, fill=0
    )
    corners = []
    for turn in range(4):  # each corner, the masks turned onto it
        x = 0 if turn in (0, 3) else width - radius
        y = 0 if turn in (0, 1) else height - radius
        out_mask, ring_mask = (m.rotate(-90 * turn) for m in (outside, ring))
        corner = card.crop((x, y, x + radius, y + radius))
        lid = ImageStat.Stat(corner, out_mask).median
        border = ImageStat.Stat(corner, ring_mask).median
        corners.append(((x, y), out_mask, lid, border))
    # A scanner's lid shows alike in all four corners, and unlike the border in each:
    # art that runs into one corner is left as it is.
    first = corners[0][2]
    if not all(
        _apart(lid, first) <= _CORNER_CONTRAST < _apart(lid, border)
        for _, _, lid, border in corners
    ):
        return card
    card = card.copy()
    for at, mask, _, border in corners:
        card.paste(tuple(round(v) for v in border), at, mask)
    return card


def _apart(a, b) -> float:
    """How far two RGB colours lie apart."""
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def _extended(card, more: int, fill: str, Image, ImageOps, ImageStat):
    """``card`` with ``more`` pixels added on every side, made from its edge."""
    width, height = card.size
    if fill == "median":
        inner = (min(more, width // 4), min(more, height // 4))
        mask = Image.new("L", (width, height), 255)
        mask.paste(0, (inner[0], inner[1], width - inner[0], height - inner[1]))
        colour = tuple(round(v) for v in ImageStat.Stat(card, mask).median)
        out = Image.new("RGB", (width + 2 * more, height + 2 * more), colour)
        out.paste(card, (more, more))
        return out
    out = Image.new("RGB", (width + 2 * more, height + 2 * more))
    out.paste(card, (more, more))
    side = min(more, width, height)
    if fill == "mirror":
        strips = (
            (ImageOps.mirror(card.crop((0, 0, side, height))), (more - side, more)),
            (ImageOps.mirror(card.crop((width - side, 0, width, height))), (more + width, more)),
        )
    else:  # replicate: the outermost column, repeated
        strips = (
            (card.crop((0, 0, 1, height)).resize((more, height)), (0, more)),
            (card.crop((width - 1, 0, width, height)).resize((more, height)), (more + width, more)),
        )
    for strip, at in strips:
        out.paste(strip, at)
    wide = out.size[0]
    if fill == "mirror":  # then the rows above and below, corners included
        top = ImageOps.flip(out.crop((0, more, wide, more + side)))
        bottom = ImageOps.flip(out.crop((0, more + height - side, wide, more + height)))
        out.paste(top, (0, more - side))
        out.paste(bottom, (0, more + height))
    else:
        out.paste(out.crop((0, more, wide, more + 1)).resize((wide, more)), (0, 0))
        out.paste(
            out.crop((0, more + height - 1, wide, more + height)).resize((wide, more)),
            (0, more + height),
        )
    return out


def fit_raster(picture: Picture, box_w: float, box_h: float, light: float = 0.0) -> bytes:
    """A raster picture cropped to the box's proportions and resampled, as PNG bytes;
    with ``light``, moved that far towards white (the ink saver).

    The centre of the picture is kept; nothing is ever stretched.
    """
    return _fit(picture.data, picture.source, round(box_w, 3), round(box_h, 3), light)


@cache
def _fit(data: bytes, source: str, box_w: float, box_h: float, light: float) -> bytes:
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data), formats=RASTER_FORMATS) as image:
            width, height = image.size
            image.load()
            picture = image.convert("RGBA" if image.mode in ("RGBA", "LA", "P") else "RGB")
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        from ..words import say

        message = say("data.picture.bad-raster", error=str(exc)[:80])
        raise picture_error(source, message) from None
    target = box_w / box_h
    if width / height > target:  # too wide: crop the sides
        keep = round(height * target)
        left = (width - keep) // 2
        picture = picture.crop((left, 0, left + keep, height))
    else:  # too tall: crop top and bottom
        keep = round(width / target)
        top = (height - keep) // 2
        picture = picture.crop((0, top, width, top + keep))
    max_w = max(1, round(box_w / 72 * RASTER_PPI))
    if picture.width > max_w:
        picture = picture.resize((max_w, max(1, round(max_w / target))), Image.LANCZOS)
    if light:
        white = Image.new(picture.mode, picture.size, (255,) * len(picture.getbands()))
        alpha = picture.getchannel("A") if picture.mode == "RGBA" else None
        picture = Image.blend(picture, white, light)
        if alpha is not None:
            picture.putalpha(alpha)
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def place_drawing(
    canvas, drawing, x: float, y: float, w: float, h: float, cover: bool = False
) -> None:
    """Draw an SVG drawing centred in a box: whole (contain) or filling it (cover)."""
    from reportlab.graphics import renderPDF

    sx, sy = w / drawing.width, h / drawing.height
    scale = max(sx, sy) if cover else min(sx, sy)
    canvas.saveState()
    canvas.translate(x + (w - drawing.width * scale) / 2, y + (h - drawing.height * scale) / 2)
    canvas.scale(scale, scale)
    _renderer()().draw(renderPDF.renderScaledDrawing(drawing), canvas, 0, 0)
    canvas.restoreState()


@cache
def _renderer():
    """reportlab's drawing renderer, but an SVG's raster pictures (``<image>``) drawn as
    image objects, not inline: reportlab cannot write an inline image into printkit's
    PDFs, whose streams are binary (it stopped every build of such a picture)."""
    from reportlab.graphics import renderPDF
    from reportlab.lib.utils import ImageReader

    class Renderer(renderPDF._PDFRenderer):
        def drawImage(self, image):
            if hasattr(image.path, "mode"):  # svglib's: the picture, opened and checked
                self._canvas.drawImage(
                    ImageReader(image.path), image.x, image.y, image.width, image.height
                )
            else:
                super().drawImage(image)

    return Renderer
