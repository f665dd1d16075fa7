"""Read a designed deck's cards: one row a card, from CSV, TOML or a spreadsheet (XLSX).

Any columns are allowed (the layout says which it needs); ``count`` makes copies. Every
failure names the file and the place, as a designer finds it: a CSV line, a TOML
card, a spreadsheet's sheet, row and column.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from ..datafile import DataFile, read_confined, shown
from ..errors import CatalogueError
from ..limits import MAX_COPIES, MAX_DATA_BYTES, MAX_ROWS, MAX_TEXT

__all__ = ["FORMATS", "SheetRow", "read_rows"]

#: What a card file may be, by its suffix.
FORMATS = (".csv", ".toml", ".xlsx")
#: A spreadsheet is zipped XML: allow it more room than a text file.
_MAX_XLSX = 8 * MAX_DATA_BYTES
#: ... and unpacked, it may hold at most this much.
_MAX_UNPACKED = 32 * MAX_DATA_BYTES


@dataclass(frozen=True)
class SheetRow:
    where: str  # "cards.csv, line 4"
    values: dict[str, str]
    count: int
    columns: dict[str, str]  # field -> where its cell is, for messages


def read_rows(path: Path, root: Path, sheet: str | None = None) -> tuple[list[str], list[SheetRow]]:
    """The column names and the rows (empty rows skipped) of a card file."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise CatalogueError(
            f"{shown(path)}: cards come from {', '.join(FORMATS)} files, not {suffix or 'this'}"
        )
    if sheet is not None and suffix != ".xlsx":
        raise CatalogueError(f"{shown(path)}: 'sheet' is for a spreadsheet (.xlsx) only")
    if suffix == ".csv":
        header, raw = _csv(DataFile(path, CatalogueError, root))
    elif suffix == ".toml":
        header, raw = _toml(DataFile(path, CatalogueError, root))
    else:
        header, raw = _xlsx(path, root, sheet)
    if len(raw) > MAX_ROWS:
        raise CatalogueError(
            f"{shown(path)}: {len(raw):,} cards, more than the limit of {MAX_ROWS:,}"
        )
    rows = []
    for where, values, columns in raw:
        for key, value in values.items():
            if len(value) > MAX_TEXT:
                raise CatalogueError(
                    f"{where} ({columns[key]}): {len(value):,} characters, more than the "
                    f"limit of {MAX_TEXT:,}"
                )
        count = _count(where, values.get("count", ""), columns.get("count", "count"))
        rows.append(SheetRow(where, values, count, columns))
    return header, rows


def _count(where: str, text: str, cell: str) -> int:
    text = text.strip()
    if not text:
        return 1
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if number != int(number) or not 0 <= number <= MAX_COPIES:
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
    columns = {key: f"column {key}" for key in header}
    return header, [(f"{file.name}, line {row.line}", row.values, columns) for row in rows]


def _toml(file: DataFile):
    table = file.toml()
    file.check_keys(table, "", ("card",))
    cards = file.expect(table["card"], list, "", "card")
    header: list[str] = []
    rows = []
    for index, entry in enumerate(cards, start=1):
        where = f"[[card]] {index}"
        file.expect(entry, dict, where, "card")
        values = {}
        for key, value in entry.items():
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise file.fail(where, f"{key!r} must be text or a number")
            values[key] = _text(value)
            if key not in header:
                header.append(key)
        rows.append((f"{file.name}, {where}", values, {key: key for key in values}))
    for _, values, columns in rows:  # every card has every column, empty if not given
        for key in header:
            values.setdefault(key, "")
            columns.setdefault(key, key)
    return header, rows


def _text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _xlsx(path: Path, root: Path, sheet: str | None):
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    name = shown(path)
    data = read_confined(path, root, _MAX_XLSX, lambda m: CatalogueError(f"{name}: {m}"))
    try:  # a spreadsheet is a zip: its unpacked size is bounded before anything unpacks
        unpacked = sum(item.file_size for item in zipfile.ZipFile(io.BytesIO(data)).infolist())
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise CatalogueError(
            f"{name}: not a readable .xlsx spreadsheet ({str(exc)[:80]})"
        ) from None
    if unpacked > _MAX_UNPACKED:
        raise CatalogueError(
            f"{name}: unpacks to {unpacked:,} bytes, more than the limit of {_MAX_UNPACKED:,}"
        )
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise CatalogueError(
            f"{name}: not a readable .xlsx spreadsheet ({str(exc)[:80]})"
        ) from None
    try:
        if sheet is None:
            ws = book.worksheets[0]
        elif sheet in book.sheetnames:
            ws = book[sheet]
        else:
            raise CatalogueError(
                f"{name}: no sheet {sheet!r}; its sheets are {', '.join(book.sheetnames)}"
            )
        rows = []
        header: list[str] | None = None
        for index, cells in enumerate(ws.iter_rows(values_only=True), start=1):
            if index > MAX_ROWS + 50:
                raise CatalogueError(f"{name}: more than {MAX_ROWS:,} rows; split the deck")
            texts = ["" if cell is None else _text(cell) for cell in cells]
            if not any(texts):
                continue
            if header is None:
                while texts and not texts[-1]:
                    texts.pop()
                header = _header(name, f"sheet {ws.title}, row {index} (the header)", texts)
                continue
            values = {key: texts[i] if i < len(texts) else "" for i, key in enumerate(header)}
            columns = {
                key: f"cell {get_column_letter(i + 1)}{index}, column {key}"
                for i, key in enumerate(header)
            }
            rows.append((f"{name}, sheet {ws.title}, row {index}", values, columns))
    finally:
        book.close()
    if header is None:
        raise CatalogueError(f"{name}: the sheet is empty; its first row names the columns")
    return header, rows
