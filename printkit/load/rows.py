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
        raise CatalogueError(
            f"{shown(path)}: cards come from {', '.join(FORMATS)} files, not {suffix or 'this'}"
        )
    if sheet is not None and suffix not in (".xlsx", ".ods"):
        raise CatalogueError(f"{shown(path)}: 'sheet' is for a spreadsheet (.xlsx, .ods) only")
    if suffix == ".csv":
        header, raw = _csv(DataFile(path, CatalogueError, root))
    elif suffix == ".toml":
        header, raw = _toml(DataFile(path, CatalogueError, root))
    elif suffix == ".ods":
        header, raw = _ods(path, root, sheet)
    else:
        header, raw = _xlsx(path, root, sheet)
    if len(raw) > MAX_ROWS:
        raise CatalogueError(
            f"{shown(path)}: {len(raw):,} cards, more than the limit of {MAX_ROWS:,}"
        )
    rows = []
    for where, values, columns in raw:
        values = {key: without_invisibles(value) for key, value in values.items()}
        for key, value in values.items():
            if len(value) > MAX_TEXT:
                raise CatalogueError(
                    f"{where} ({columns[key]}): {len(value):,} characters, more than the "
                    f"limit of {MAX_TEXT:,}"
                )
            control = control_char(value)
            if control is not None:
                raise CatalogueError(
                    f"{where} ({columns[key]}): holds the control character "
                    f"U+{ord(control):04X}, which prints as nothing; remove it"
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
        raise CatalogueError(
            f"{where} ({cell}): count {text!r} must be a whole number from 0 to {MAX_COPIES}"
        )
    return int(number)


def _header(file_name: str, where: str, cells: list[str]) -> list[str]:
    header = [cell.strip() for cell in cells]
    for index, name in enumerate(header):
        if not name:
            raise CatalogueError(f"{file_name}, {where}: column {index + 1} has no name")
        if header.count(name) > 1:
            raise CatalogueError(f"{file_name}, {where}: the column {name!r} is named twice")
    return header


def _csv(file: DataFile):
    header, rows = file.csv_table(any_columns=True)
    if len(header) > MAX_COLUMNS:
        raise file.fail("line 1", f"{len(header):,} columns, more than the limit of {MAX_COLUMNS}")
    columns = {key: f"column {key}" for key in header}
    return header, [(f"{file.name}, line {row.line}", row.values, columns) for row in rows]


def _toml(file: DataFile):
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
                raise file.fail(where, f"{key!r} must be text or a number")
            if isinstance(value, float) and not math.isfinite(value):
                raise file.fail(where, f"{key!r} must be a number you can print, not {value}")
            values[key] = _text(value)
            if key not in seen:
                seen.add(key)
                header.append(key)
                if len(header) > MAX_COLUMNS:
                    raise file.fail(where, f"the cards have more than {MAX_COLUMNS} different keys")
        rows.append((f"{file.name}, {where}", values))
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
    data = read_confined(path, root, _MAX_XLSX, lambda m: CatalogueError(f"{name}: {m}"))
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(item.file_size for item in archive.infolist())
        if unpacked > _MAX_UNPACKED:
            raise CatalogueError(
                f"{name}: unpacks to {unpacked:,} bytes, more than the limit of {_MAX_UNPACKED:,}"
            )
        parts = {
            item.filename: archive.read(item)
            for item in archive.infolist()
            if item.filename.endswith(".xml")
        }
    except (zipfile.BadZipFile, zlib.error, ValueError, OSError, EOFError) as exc:
        raise CatalogueError(f"{name}: not a readable spreadsheet ({_said(exc)})") from None
    for part, xml in parts.items():
        if b"<!DOCTYPE" in xml or b"<!ENTITY" in xml:
            raise CatalogueError(
                f"{name}: its {part} declares XML entities, which printkit does not read; "
                "save the file again from the spreadsheet program"
            )
        for suffix, tag, most in counts:
            if part.endswith(suffix) and xml.count(tag) > most:
                raise CatalogueError(
                    f"{name}: its {part} holds more than {most:,} {tag.decode().strip('<> ')} "
                    "elements; a deck's cards need far fewer: split the deck"
                )
    return data, parts


def _said(exc: Exception) -> str:
    """A library's error as a short clause: its first line, at most 80 characters."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:80]


def _table_rows(name: str, title: str, rows, column_name):
    """(header, rows) from a sheet's rows of cell texts: the first row that is not empty
    names the columns; ``column_name(i)`` is how a column is called in messages."""
    header: list[str] | None = None
    out = []
    for index, texts in rows:
        if not any(texts):
            continue
        if header is None:
            texts = list(texts)
            while texts and not texts[-1]:
                texts.pop()
            header = _header(name, f"sheet {title}, row {index} (the header)", texts)
            continue
        values = {key: texts[i] if i < len(texts) else "" for i, key in enumerate(header)}
        columns = {
            key: f"cell {column_name(i)}{index}, column {key}" for i, key in enumerate(header)
        }
        out.append((f"{name}, sheet {title}, row {index}", values, columns))
    if header is None:
        raise CatalogueError(f"{name}: the sheet is empty; its first row names the columns")
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
        raise CatalogueError(f"{name}: not a readable .ods spreadsheet ({_said(exc)})") from None
    tables = document.spreadsheet.getElementsByType(Table)
    titles = [t.getAttribute("name") for t in tables]
    if not tables:
        raise CatalogueError(f"{name}: the spreadsheet has no sheet")
    if sheet is None:
        chosen = tables[0]
    elif sheet in titles:
        chosen = tables[titles.index(sheet)]
    else:
        raise CatalogueError(f"{name}: no sheet {sheet!r}; its sheets are {', '.join(titles)}")

    def repeated(node, attribute: str) -> int:
        raw = node.attributes.get((TABLENS, attribute), "1") or "1"
        try:
            return max(1, int(raw))
        except ValueError:
            raise CatalogueError(
                f"{name}: a repeat count {raw[:20]!r} in the sheet is not a number; "
                "save the file again in LibreOffice"
            ) from None

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
            raise CatalogueError(
                f"{name}, sheet {chosen.getAttribute('name')}, cell {where}: a formula with no "
                "saved value; open the file in LibreOffice and save it, or type the value"
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
                    raise CatalogueError(
                        f"{name}: more than {_MAX_CELLS:,} columns in row {index + 1}"
                    )
                texts.extend([text] * (span if text else min(span, _MAX_CELLS)))
                if len(texts) > _MAX_CELLS:
                    if any(texts[_MAX_CELLS:]):
                        raise CatalogueError(
                            f"{name}: more than {_MAX_CELLS:,} columns in row {index + 1}"
                        )
                    del texts[_MAX_CELLS:]
            while texts and not texts[-1]:
                texts.pop()
            for _ in range(repeat if texts else 1):
                index += 1
                if index > MAX_ROWS + 50:
                    raise CatalogueError(f"{name}: more than {MAX_ROWS:,} rows; split the deck")
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
            raise CatalogueError(
                f"{name}: not a readable .xlsx spreadsheet ({_said(exc)})"
            ) from None

    def rows_of(book):
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise CatalogueError(
                f"{name}: no sheet {sheet!r}; its sheets are {', '.join(book.sheetnames)}"
            )
        # The size a file claims for its sheet is not believed: rows come as long as the
        # cells they really hold, and each is checked before the next is read.
        ws.reset_dimensions()
        for index, cells in enumerate(ws.iter_rows(values_only=True), start=1):
            if index > MAX_ROWS + 50:
                raise CatalogueError(f"{name}: more than {MAX_ROWS:,} rows; split the deck")
            if len(cells) > _MAX_CELLS:
                if any(cell is not None for cell in cells[_MAX_CELLS:]):
                    raise CatalogueError(f"{name}: more than {_MAX_CELLS:,} columns in row {index}")
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
                    raise CatalogueError(
                        f"{name}, sheet {title}, cell {get_column_letter(column)}{index}: a "
                        "formula with no saved value; open the file in Excel or LibreOffice "
                        "and save it, or type the value"
                    )
                row.append("" if cell is None else _text(cell))
            texts.append((index, row))
    except CatalogueError:
        raise
    except Exception as exc:  # openpyxl, its XML parser and zlib raise many kinds
        raise CatalogueError(f"{name}: not a readable .xlsx spreadsheet ({_said(exc)})") from None
    finally:
        book.close()
        if formulas is not None:
            formulas.close()
    return _table_rows(name, title, texts, lambda i: get_column_letter(i + 1))
