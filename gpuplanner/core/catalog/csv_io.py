"""Reading and writing catalog CSV files (the ``csv`` module only); problems name the file and the line."""

from __future__ import annotations

import csv
import difflib
import io
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from gpuplanner.core.errors import FileAccessError
from gpuplanner.core.files import read_user_file

from .schema import SCHEMA, TableSchema
from .types import CatalogError, RawRow

_CR_MARK = "\ue000"  # a private-use character standing in for a cell's bare CR while the csv module reads


def read_table_file(path: Path, schema: TableSchema, *, partial_columns: bool = False) -> list[RawRow]:
    """Read one CSV file; structural problems raise CatalogError naming the file and line.

    ``partial_columns`` allows a header with a subset of the columns (user files; ``id`` is always needed).
    """
    rows, problems = read_table_rows(path, schema, partial_columns=partial_columns, lenient=False)
    return rows


def read_table_rows(
    path: Path, schema: TableSchema, *, partial_columns: bool = False, lenient: bool = True
) -> tuple[list[RawRow], list[CatalogError]]:
    """The rows of one CSV file and the structural problems met (``lenient``); strict raises the first.

    Lenient reading is for the user layer, where one bad line must not cost the user every other row: a
    row with the wrong number of cells is left out and named; a CSV syntax error (an unterminated quote)
    keeps the rows before it; a file that cannot be read, decoded or has a bad header gives no rows. Each
    problem's ``scope`` says what was left out ("row", "rest" or "file").
    """
    name = str(path)
    problems: list[CatalogError] = []

    def problem(err: CatalogError, scope: str) -> None:
        if not lenient:
            raise err
        err.scope = scope
        problems.append(err)

    try:
        data = read_user_file(path, "catalog CSV file")
    except FileAccessError as exc:
        if not lenient:
            if not os.path.lexists(path):
                raise CatalogError("file is missing", file=name) from None
            raise
        problem(CatalogError(exc.detail, file=name), "file")
        return [], problems
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problem(CatalogError("is not UTF-8 text (save it as CSV UTF-8)", file=name, line=line), "file")
        return [], problems
    nul_line = text[: text.index("\x00")].count("\n") + 1 if "\x00" in text else None
    if nul_line is not None and (not lenient or nul_line == 1):  # a user file: only the rows holding one
        problem(CatalogError("contains NUL bytes (corrupt or not a CSV file)", file=name, line=nul_line), "file")
        return [], problems
    if not text.strip():
        problem(CatalogError("file is empty (expected a header line with the column names)", file=name, line=1), "file")
        return [], problems
    # versions before issue #18 wrote a cell's lone CR unquoted, and the reader took it for a line end. In a
    # file with LF line ends (as we write them) and no CRLF, every lone CR is a cell's: read it as one.
    mended = lenient and "\r" in text and "\n" in text and "\r\n" not in text and _CR_MARK not in text
    if mended:
        text = text.replace("\r", _CR_MARK)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[RawRow] = []
    start = 1  # where the record being read begins (a syntax error is named there, not at the file's end)
    try:
        header = [h.replace(_CR_MARK, "\r").strip() for h in next(reader)]
        known = set(schema.column_names)
        if lenient:  # a column this version does not know (a newer or hand-made file) is left out, not the file
            unknown = list(dict.fromkeys(h for h in header if h not in known))
            if len(unknown) == 1:
                problem(_unknown_column(unknown[0], schema, name), "column")
            elif unknown:  # one line for them all (a header merged with a data row has dozens)
                listed = ", ".join(repr(h) for h in unknown[:5]) + (", …" if len(unknown) > 5 else "")
                problem(CatalogError(f"{len(unknown)} unknown columns: {listed}", file=name, line=1), "column")
        keep = [i for i, h in enumerate(header) if h in known or not lenient]
        try:
            _check_header([header[i] for i in keep], schema, name, partial_columns)
        except CatalogError as err:
            problem(err, "file")
            return [], problems
        width = len(header)
        while True:
            start = reader.line_num + 1
            try:
                cells = next(reader)
            except StopIteration:
                break
            if mended:
                cells = [c.replace(_CR_MARK, "\r") for c in cells]
            if not cells or all(not c.strip() for c in cells):
                continue
            if len(cells) != width:
                hint = " (file truncated, or a comma missing or extra?)" if len(cells) < width else ""
                short = CatalogError(f"expected {width} cells, found {len(cells)}{hint}", file=name, line=start)
                at = header.index("id")
                short.row_id = cells[at].strip() if len(cells) > at else ""
                problem(short, "row")
                continue
            if any("\x00" in c for c in cells):
                corrupt = CatalogError("contains NUL bytes (a corrupt line?)", file=name, line=start)
                corrupt.row_id = cells[header.index("id")].strip()
                problem(corrupt, "row")
                continue
            rows.append(RawRow({header[i]: cells[i] for i in keep}, name, start))
    except csv.Error as exc:
        problem(CatalogError(f"not valid CSV: {exc} (file truncated?)", file=name, line=start), "rest")
    return rows, problems


def _unknown_column(h: str, schema: TableSchema, file: str) -> CatalogError:
    hint = difflib.get_close_matches(h, schema.column_names, 1)
    more = f"; did you mean {hint[0]}?" if hint else ""
    return CatalogError(f"unknown column {h!r}{more}", file=file, line=1, column=h)


def _check_header(header: list[str], schema: TableSchema, file: str, partial: bool) -> None:
    seen: set[str] = set()
    for h in header:
        if h in seen:
            raise CatalogError(f"column {h!r} appears twice in the header", file=file, line=1, column=h)
        seen.add(h)
        if h not in schema.column_names:
            raise _unknown_column(h, schema, file)
    required = ["id"] if partial else list(schema.column_names)
    missing = [c for c in required if c not in seen]
    if missing:
        raise CatalogError(
            f"header lacks column(s) {', '.join(missing)} (file truncated or not a {schema.file}?)",
            file=file,
            line=1,
            column=missing[0],
        )


def read_folder_rows(
    folder: Path, *, partial_columns: bool = False, missing_ok: bool = False, user: bool = False
) -> dict[str, list[RawRow]]:
    """The raw rows of every table file in ``folder``; structural problems raise CatalogError."""
    out: dict[str, list[RawRow]] = {}
    for name, schema in SCHEMA.items():
        path = folder / schema.file
        if missing_ok and not path.exists():
            out[name] = []
            continue
        rows = read_table_file(path, schema, partial_columns=partial_columns)
        for r in rows:
            r.user = user
        out[name] = rows
    return out


def _writer(buf: io.StringIO) -> Callable[[list[str]], None]:
    """A CSV row writer that quotes a cell holding a carriage return.

    The csv module quotes only the delimiter, the quote and the characters of ``lineterminator``: with
    LF line ends a lone CR went out bare, and every reader (ours included) then saw a line break inside an
    unquoted field and refused the whole file. Rows with a CR are written with every cell quoted.
    """
    plain = csv.writer(buf, lineterminator="\n")
    quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)

    def write(cells: list[str]) -> None:
        # a NUL would make the reader refuse the line: shown as U+FFFD, as parse_cell shows it anyway
        cells = [c.replace("\x00", "\ufffd") for c in cells]
        (quoted if any("\r" in c for c in cells) else plain).writerow(cells)

    return write


def csv_text(schema: TableSchema, rows: Sequence[Mapping[str, str]]) -> str:
    """Full-width CSV text (every column of the schema, in schema order)."""
    buf = io.StringIO()
    write = _writer(buf)
    write(list(schema.column_names))
    for r in rows:
        write([r.get(c, "") for c in schema.column_names])
    return buf.getvalue()


def csv_text_partial(schema: TableSchema, rows: list[RawRow], original: list[RawRow]) -> str:
    """CSV text keeping the user's own columns (used when rows are only removed)."""
    cols = [c for c in schema.column_names if any(c in r.cells for r in original)] or ["id"]
    buf = io.StringIO()
    write = _writer(buf)
    write(cols)
    for r in rows:
        write([r.cells.get(c, "") for c in cols])
    return buf.getvalue()
