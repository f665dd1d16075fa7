"""Read a designed deck's cards: one row a card, from CSV, TOML or a spreadsheet (XLSX).

Any columns are allowed (the layout says which it needs); ``count`` makes copies. Every
failure names the file and the place, as a designer finds it: a CSV line, a TOML
card, a spreadsheet's sheet, row and column.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import NamedTuple

from ..errors import CatalogueError
from ..limits import MAX_COLUMNS, MAX_COPIES, MAX_DATA_BYTES, MAX_ROWS, MAX_TEXT
from .datafile import DataFile, control_char, read_confined, shown, without_invisibles

__all__ = ["FORMATS", "SheetRow", "read_rows"]

#: What a card file may be, by its suffix.
FORMATS = (".csv", ".toml", ".xlsx", ".ods")
#: A spreadsheet is zipped XML: allow it more room than a text file.
_MAX_XLSX = 8 * MAX_DATA_BYTES
#: ... and unpacked, it may hold at most this much.
_MAX_UNPACKED = 32 * MAX_DATA_BYTES
#: Cells in one row of a spreadsheet (a card's columns are far fewer); cell elements in
#: an OpenDocument sheet, and strings in a workbook's table of them.
_MAX_CELLS = 1024
_MAX_ODS_CELLS = 100_000
_MAX_XLSX_STRINGS = 200_000


class SheetRow(NamedTuple):
    where: str  # "cards.csv, line 4"
    values: dict[str, str]
    count: int
    columns: dict[str, str]  # field -> where its cell is, for messages
    source: dict[str, str]  # the values in the deck’s own language (what picks a back)


def read_rows(path: Path, root: Path, sheet: str | None = None) -> tuple[list[str], list[SheetRow]]:
    """The column names and the rows (empty rows skipped) of a card file."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        from ..words import joined

        formats = joined(FORMATS, "list")
        if suffix:
            raise CatalogueError.said(
                "data.cards.format", file=shown(path), formats=formats, suffix=suffix
            )
        raise CatalogueError.said("data.cards.format-none", file=shown(path), formats=formats)
    if sheet is not None and suffix not in (".xlsx", ".ods"):
        raise CatalogueError.said("data.cards.sheet-only", file=shown(path))
    if suffix == ".csv":
        header, raw = _csv(DataFile(path, CatalogueError, root))
    elif suffix == ".toml":
        header, raw = _toml(DataFile(path, CatalogueError, root))
    elif suffix == ".ods":
        header, raw = _ods(path, root, sheet)
    else:
        header, raw = _xlsx(path, root, sheet)
    if len(raw) > MAX_ROWS:
        raise CatalogueError.said(
            "data.cards.too-many", file=shown(path), cards=len(raw), limit=MAX_ROWS
        )
    rows = []
    for where, values, columns in raw:
        values = {key: without_invisibles(value) for key, value in values.items()}
        for key, value in values.items():
            if len(value) > MAX_TEXT:
                raise CatalogueError.said(
                    "data.cards.too-long",
                    where=where,
                    cell=columns[key],
                    length=len(value),
                    limit=MAX_TEXT,
                )
            control = control_char(value)
            if control is not None:
                raise CatalogueError.said(
                    "data.cards.control", where=where, cell=columns[key], code=f"{ord(control):04X}"
                )
        count = _count(where, values.get("count", ""), columns.get("count", "count"))
        source = {key: value for key, value in values.items() if "@" not in key}
        rows.append(SheetRow(where, _in_language(where, values), count, columns, source))
    return _translatable(shown(path), header), rows


def _translatable(file: str, header: list[str]) -> list[str]:
    """The columns a layout reads: a column ``name@it`` is the Italian of ``name``, read
    in its place when printkit speaks Italian (``--lang it``)."""
    from ..words import languages

    for column in header:
        field, at, code = column.partition("@")
        if not at:
            continue
        if code not in languages():
            raise CatalogueError.said(
                "kit.column-language", file=file, column=column, known=", ".join(languages())
            )
        if field not in header:
            raise CatalogueError.said("kit.column-source", file=file, column=column, field=field)
    return [column for column in header if "@" not in column]


def _in_language(where: str, values: dict[str, str]) -> dict[str, str]:
    """A row's cells in the language spoken: each ``field@code`` cell in place of its
    field's (an empty one is a gap, see ``translation.gap``); the other columns dropped."""
    from ..words import language

    code = language()
    out = {key: value for key, value in values.items() if "@" not in key}
    for key in out:
        column = f"{key}@{code}"
        if column in values:
            if values[column].strip():
                out[key] = values[column]
            elif out[key].strip():  # a text with none in the language
                from .translation import gap

                gap(where, column)
    return out


def _count(where: str, text: str, cell: str) -> int:
    text = text.strip()
    if not text:
        return 1
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not math.isfinite(number) or number != int(number) or not 0 <= number <= MAX_COPIES:
        raise CatalogueError.said(
            "data.cards.count", where=where, cell=cell, text=text, most=MAX_COPIES
        )
    return int(number)


def _header(file_name: str, where: str, cells: list[str]) -> list[str]:
    header = [cell.strip() for cell in cells]
    for index, name in enumerate(header):
        if not name:
            raise CatalogueError.said(
                "data.cards.unnamed-column", file=file_name, where=where, column=index + 1
            )
        if header.count(name) > 1:
            raise CatalogueError.said(
                "data.cards.column-twice", file=file_name, where=where, column=name
            )
    return header


def _csv(file: DataFile):
    from ..words import say

    header, rows = file.csv_table(any_columns=True)
    if len(header) > MAX_COLUMNS:
        raise file.said(
            file.line(1), "data.cards.too-many-columns", columns=len(header), limit=MAX_COLUMNS
        )
    columns = {key: say("data.where.column", column=key) for key in header}
    return header, [
        (say("data.where.in-file", file=file.name, where=file.line(row.line)), row.values, columns)
        for row in rows
    ]


def _toml(file: DataFile):
    from ..words import say

    table = file.toml()
    file.check_keys(table, "", ("card",))
    cards = file.expect(table["card"], list, "", "card")
    header: list[str] = []
    seen: set[str] = set()
    rows = []
    for index, entry in enumerate(cards, start=1):
        where = f"[[card]] {index}"
        file.expect(entry, dict, where, "card")
        values = {}
        for key, value in entry.items():
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise file.said(where, "data.cards.not-text", key=key)
            if isinstance(value, float) and not math.isfinite(value):
                raise file.said(where, "data.cards.not-printable", key=key, value=value)
            values[key] = _text(value)
            if key not in seen:
                seen.add(key)
                header.append(key)
                if len(header) > MAX_COLUMNS:
                    raise file.said(where, "data.cards.too-many-keys", limit=MAX_COLUMNS)
        rows.append((say("data.where.in-file", file=file.name, where=where), values))
    # Every card has every column, empty where it gives none.
    columns = {key: key for key in header}
    return header, [(where, {key: values.get(key, "") for key in header}, columns)
                    for where, values in rows]  # fmt: skip


def _text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _zipped(path: Path, root: Path, counts) -> tuple[bytes, dict]:
    """A spreadsheet's bytes, and its XML parts unpacked: a zip whose unpacked size is
    bounded before anything unpacks, whose XML declares no entities, and whose parts
    hold no more of each tag than ``counts`` allows ((part's suffix, tag, most)...), all
    counted in the bytes before any XML parser builds a tree of them."""
    import zipfile
    import zlib

    name = shown(path)
    data = read_confined(
        path, root, _MAX_XLSX, lambda m: CatalogueError.said("data.in", file=name, message=m)
    )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(item.file_size for item in archive.infolist())
        if unpacked > _MAX_UNPACKED:
            raise CatalogueError.said(
                "data.sheet.too-large", file=name, size=unpacked, limit=_MAX_UNPACKED
            )
        parts = {
            item.filename: archive.read(item)
            for item in archive.infolist()
            if item.filename.endswith(".xml")
        }
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, EOFError) as exc:
        raise CatalogueError.said("data.sheet.unreadable", file=name, error=_said(exc)) from None
    for part, xml in parts.items():
        if b"<!DOCTYPE" in xml or b"<!ENTITY" in xml:
            raise CatalogueError.said("data.sheet.entities", file=name, part=part)
        for suffix, tag, most in counts:
            if part.endswith(suffix) and xml.count(tag) > most:
                raise CatalogueError.said(
                    "data.sheet.too-many-elements",
                    file=name,
                    part=part,
                    most=most,
                    tag=tag.decode().strip("<> "),
                )
    return data, parts


def _said(exc: Exception) -> str:
    """A library's error as a short clause: its first line, at most 80 characters."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:80]


def _table_rows(name: str, title: str, rows, column_name):
    """(header, rows) from a sheet's rows of cell texts: the first row that is not empty
    names the columns; ``column_name(i)`` is how a column is called in messages."""
    from ..words import say

    header: list[str] | None = None
    out = []
    for index, texts in rows:
        if not any(texts):
            continue
        if header is None:
            texts = list(texts)
            while texts and not texts[-1]:
                texts.pop()
            header = _header(name, say("data.where.sheet-header", sheet=title, row=index), texts)
            continue
        values = {key: texts[i] if i < len(texts) else "" for i, key in enumerate(header)}
        columns = {
            key: say("data.where.cell", cell=f"{column_name(i)}{index}", column=key)
            for i, key in enumerate(header)
        }
        out.append(
            (say("data.where.sheet-row", file=name, sheet=title, row=index), values, columns)
        )
    if header is None:
        raise CatalogueError.said("data.sheet.empty", file=name)
    return header, out


def _ods(path: Path, root: Path, sheet: str | None):
    """An OpenDocument spreadsheet (LibreOffice), read with odfpy."""
    from odf.namespaces import OFFICENS, TABLENS
    from odf.opendocument import load
    from odf.table import Table
    from odf.teletype import extractText

    name = shown(path)
    data, _ = _zipped(
        path, root,
        [("content.xml", b"<table:table-row", MAX_ROWS + 100),
         ("content.xml", b"<table:table-cell", _MAX_ODS_CELLS)],
    )  # fmt: skip
    try:
        document = load(io.BytesIO(data))
    except Exception as exc:  # odfpy raises many kinds on a broken file
        raise CatalogueError.said(
            "data.sheet.unreadable-ods", file=name, error=_said(exc)
        ) from None
    tables = document.spreadsheet.getElementsByType(Table)
    titles = [t.getAttribute("name") for t in tables]
    if not tables:
        raise CatalogueError.said("data.sheet.no-sheets", file=name)
    if sheet is None:
        chosen = tables[0]
    elif sheet in titles:
        chosen = tables[titles.index(sheet)]
    else:
        from ..words import joined

        raise CatalogueError.said(
            "data.sheet.no-sheet", file=name, sheet=sheet, sheets=joined(titles, "list")
        )

    def repeated(node, attribute: str) -> int:
        raw = node.attributes.get((TABLENS, attribute), "1") or "1"
        try:
            return max(1, int(raw))
        except ValueError:
            raise CatalogueError.said("data.sheet.repeat", file=name, repeat=raw[:20]) from None

    def cell_text(cell, where: str) -> str:
        kind = cell.attributes.get((OFFICENS, "value-type"))
        if kind in ("float", "percentage", "currency"):
            value = cell.attributes.get((OFFICENS, "value"), "")
            try:
                return _text(float(value))
            except ValueError:
                return value
        text = extractText(cell).strip()
        if not text and kind is None and cell.attributes.get((TABLENS, "formula")):
            raise CatalogueError.said(
                "data.sheet.formula-ods", file=name, sheet=chosen.getAttribute("name"), cell=where
            )
        return text

    def rows():
        index = 0
        for row in chosen.childNodes:
            if getattr(row, "qname", None) != (TABLENS, "table-row"):
                continue  # the white space between rows, and anything else
            repeat = repeated(row, "number-rows-repeated")
            texts: list[str] = []
            for cell in row.childNodes:
                qname = getattr(cell, "qname", None)
                if not qname or qname[0] != TABLENS or not qname[1].endswith("table-cell"):
                    continue
                span = repeated(cell, "number-columns-repeated")
                text = cell_text(cell, f"{_letters(len(texts) + 1)}{index + 1}")
                # A sheet's trailing blank columns come as one cell repeated thousands
                # of times: blanks are kept only as far as a later cell needs them.
                if text and len(texts) + span > _MAX_CELLS:
                    raise CatalogueError.said(
                        "data.sheet.too-many-columns", file=name, limit=_MAX_CELLS, row=index + 1
                    )
                texts.extend([text] * (span if text else min(span, _MAX_CELLS)))
                if len(texts) > _MAX_CELLS:
                    if any(texts[_MAX_CELLS:]):
                        raise CatalogueError.said(
                            "data.sheet.too-many-columns",
                            file=name,
                            limit=_MAX_CELLS,
                            row=index + 1,
                        )
                    del texts[_MAX_CELLS:]
            while texts and not texts[-1]:
                texts.pop()
            for _ in range(repeat if texts else 1):
                index += 1
                if index > MAX_ROWS + 50:
                    raise CatalogueError.said("data.sheet.too-many-rows", file=name, limit=MAX_ROWS)
                yield index, texts
            if not texts:
                index += repeat - 1

    return _table_rows(name, chosen.getAttribute("name"), rows(), lambda i: _letters(i + 1))


def _letters(number: int) -> str:
    """A spreadsheet's column letters: 1 is A, 27 is AA."""
    out = ""
    while number:
        number, rest = divmod(number - 1, 26)
        out = chr(65 + rest) + out
    return out


def _xlsx(path: Path, root: Path, sheet: str | None):
    """An Excel workbook, read with openpyxl: the values Excel saved, and a formula that
    has none (a file written by a program that never computed it) named by its cell."""

    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    name = shown(path)
    data, parts = _zipped(
        path, root,
        [("sharedStrings.xml", b"<si>", _MAX_XLSX_STRINGS),
         ("sharedStrings.xml", b"<si ", _MAX_XLSX_STRINGS),
         (".xml", b"<row", MAX_ROWS + 100)],
    )  # fmt: skip
    # A formula Excel never computed is found by reading the workbook a second time, for
    # its formulas: only when a sheet has any.
    has_formulas = any(
        part.startswith("xl/worksheets/") and (b"<f>" in xml or b"<f " in xml)
        for part, xml in parts.items()
    )
    del parts

    def opened(values: bool):
        try:
            return load_workbook(io.BytesIO(data), read_only=True, data_only=values)
        except Exception as exc:  # openpyxl raises many kinds on a broken workbook
            raise CatalogueError.said(
                "data.sheet.unreadable-xlsx", file=name, error=_said(exc)
            ) from None

    def rows_of(book):
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            from ..words import joined

            raise CatalogueError.said(
                "data.sheet.no-sheet",
                file=name,
                sheet=sheet,
                sheets=joined(book.sheetnames, "list"),
            )
        # The size a file claims for its sheet is not believed: rows come as long as the
        # cells they really hold, and each is checked before the next is read.
        ws.reset_dimensions()
        for index, cells in enumerate(ws.iter_rows(values_only=True), start=1):
            if index > MAX_ROWS + 50:
                raise CatalogueError.said("data.sheet.too-many-rows", file=name, limit=MAX_ROWS)
            if len(cells) > _MAX_CELLS:
                if any(cell is not None for cell in cells[_MAX_CELLS:]):
                    raise CatalogueError.said(
                        "data.sheet.too-many-columns", file=name, limit=_MAX_CELLS, row=index
                    )
                cells = cells[:_MAX_CELLS]
            yield ws.title, index, cells

    book = opened(True)
    formulas = opened(False) if has_formulas else None
    try:
        texts = []
        title = ""
        written_rows = rows_of(formulas) if formulas is not None else iter(())
        for title, index, cells in rows_of(book):
            written = next(written_rows, (None, None, ()))[2]
            row = []
            for column, cell in enumerate(cells, start=1):
                formula = written[column - 1] if column <= len(written) else None
                if cell is None and isinstance(formula, str) and formula.startswith("="):
                    raise CatalogueError.said(
                        "data.sheet.formula-xlsx",
                        file=name,
                        sheet=title,
                        cell=f"{get_column_letter(column)}{index}",
                    )
                row.append("" if cell is None else _text(cell))
            texts.append((index, row))
    except CatalogueError:
        raise
    except Exception as exc:  # openpyxl, its XML parser and zlib raise many kinds
        raise CatalogueError.said(
            "data.sheet.unreadable-xlsx", file=name, error=_said(exc)
        ) from None
    finally:
        book.close()
        if formulas is not None:
            formulas.close()
    return _table_rows(name, title, texts, lambda i: get_column_letter(i + 1))
