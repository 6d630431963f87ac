"""Cypher without a server: the built graph in an embedded LadybugDB database.

LadybugDB (PyPI `ladybug`, the maintained MIT fork of Kùzu) runs in-process, so `kg query`
answers Cypher on a laptop with nothing else running. The database is a cache of
`graph.json`: it lives in `<graph_dir>/embedded/`, is built on first use, and is rebuilt
whenever graph.json's content changes (a SHA-256 stored beside it decides; size and mtime
only let an unchanged file skip the hashing). Builds go to a temporary folder that is
renamed into place, so a reader never sees half a database.

Differences from Neo4j that the query pack works around (see cypher/README.md): a pattern
may bind the same relationship twice (add `a <> b` where it matters), `end` must be written
`` `end` ``, ORDER BY cannot sort lists, and a few Neo4j functions (toFloat, reduce, ...) are
missing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from kg.errors import GraphError, QueryError, StoreError
from kg.graph.io import GRAPH_JSON
from kg.store import embedded_schema as eschema
from kg.store.query import query_parameters, tidy_rows

DB_DIRNAME = "embedded"
DB_FILENAME = "graph.lbug"
STAMP_FILENAME = "source.json"
INSTALL_HINT = "pip install ladybug  (the LadybugDB graph engine; not `ladybug-core`)"
MEMORY_ENV = "KG_EMBEDDED_MEMORY_MB"
DEFAULT_MEMORY_MB = 2048


def buffer_pool_bytes() -> int:
    """Return the engine's memory cap: $KG_EMBEDDED_MEMORY_MB, else 2 GiB.

    The engine's own default is 80% of RAM, which lets one runaway query (a path search that
    enumerates too much) take the whole machine before failing; capped, it fails in seconds.
    """
    raw = os.environ.get(MEMORY_ENV, "")
    try:
        mb = int(raw) if raw.strip() else DEFAULT_MEMORY_MB
    except ValueError:
        raise StoreError(f"{MEMORY_ENV}={raw!r} is not a whole number of megabytes") from None
    return max(mb, 64) << 20


def _engine():
    """Return the `ladybug` module, checking it is LadybugDB and not the weather library."""
    try:
        import ladybug
    except ImportError:
        raise StoreError("the embedded graph engine is not installed", hint=INSTALL_HINT) from None
    if not hasattr(ladybug, "Database") or not hasattr(ladybug, "Connection"):
        raise StoreError(
            "the installed `ladybug` module is the ladybug-core weather library, not LadybugDB",
            hint="pip uninstall ladybug-core && pip install ladybug",
        )
    return ladybug


def engine_version() -> tuple[str, int]:
    """Return (LadybugDB version, storage format version)."""
    lb = _engine()
    return lb.Database.get_version(), lb.Database.get_storage_version()


def database_dir(graph_dir: str | os.PathLike) -> Path:
    """Return the folder that holds the embedded database of `graph_dir`."""
    return Path(graph_dir) / DB_DIRNAME


# ---------------------------------------------------------------- freshness


def _file_stamp(path: Path) -> dict[str, int]:
    st = path.stat()
    return {"graph_size": st.st_size, "graph_mtime_ns": st.st_mtime_ns}


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _read_stamp(db_dir: Path) -> dict[str, Any] | None:
    try:
        return json.loads((db_dir / STAMP_FILENAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _write_stamp(db_dir: Path, stamp: Mapping[str, Any]) -> None:
    tmp = db_dir / f".{STAMP_FILENAME}.{os.getpid()}"
    tmp.write_text(json.dumps(dict(stamp), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, db_dir / STAMP_FILENAME)


def is_fresh(graph_dir: str | os.PathLike) -> bool:
    """Return True when the embedded database matches graph.json's current content."""
    graph_dir = Path(graph_dir)
    db_dir = database_dir(graph_dir)
    stamp = _read_stamp(db_dir)
    source = graph_dir / GRAPH_JSON
    if not stamp or not (db_dir / DB_FILENAME).exists() or not source.exists():
        return False
    if stamp.get("schema_version") != eschema.SCHEMA_VERSION:
        return False
    if stamp.get("storage_version") != engine_version()[1]:
        return False  # a newer engine may not read the old file
    file_stamp = _file_stamp(source)
    if all(stamp.get(k) == v for k, v in file_stamp.items()):
        return True
    if stamp.get("graph_sha256") != _sha256(source):
        return False
    with contextlib.suppress(OSError):  # touched but unchanged: remember, to skip hashing next time
        _write_stamp(db_dir, {**stamp, **file_stamp})
    return True


# ---------------------------------------------------------------- build


@contextlib.contextmanager
def _build_lock(graph_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock so two `kg query` runs do not build the same database at once."""
    try:
        import fcntl
    except ImportError:  # no flock here: builds still swap in atomically, at worst twice
        yield
        return
    try:
        handle = open(graph_dir / ".embedded.lock", "a")
    except OSError as exc:
        raise StoreError(
            f"cannot write the embedded database in {graph_dir}/ ({exc.strerror})",
            hint="make the folder writable, or copy the graph somewhere writable",
        ) from None
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_database(graph_dir: str | os.PathLike = "out") -> dict[str, Any]:
    """Build `<graph_dir>/embedded/` from graph.json and return its stamp (counts, timings).

    Always rebuilds; :func:`ensure_database` builds only when stale.
    """
    graph_dir = Path(graph_dir)
    source = graph_dir / GRAPH_JSON
    if not source.exists():
        raise GraphError(
            f"no built graph in {graph_dir}/",
            hint="run `kg build INPUT... --out DIR` first, or pass --graph DIR",
        )
    lb = _engine()
    started = time.perf_counter()
    file_stamp = _file_stamp(source)
    raw = source.read_bytes()
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise GraphError(
            f"not a kg graph file ({exc})", source=str(source), hint="rebuild it with `kg build`"
        ) from None
    try:
        tmp = Path(tempfile.mkdtemp(prefix=".embedded-build-", dir=graph_dir))
    except OSError as exc:
        raise StoreError(
            f"cannot write the embedded database in {graph_dir}/ ({exc.strerror})",
            hint="make the folder writable, or copy the graph somewhere writable",
        ) from None
    try:
        staging = tmp / "load"
        staging.mkdir()
        plan, counts = eschema.write_load_files(data, staging)
        del data
        written = time.perf_counter()
        db = lb.Database(str(tmp / DB_FILENAME), buffer_pool_size=buffer_pool_bytes())
        try:
            conn = lb.Connection(db)
            for statement in eschema.ddl():
                conn.execute(statement)
            for statement in eschema.iter_statements(plan, counts):
                try:
                    conn.execute(statement)
                except RuntimeError as exc:
                    raise StoreError(f"bulk load failed: {_first_line(exc)}", source=str(source)) from None
            conn.close()
        finally:
            db.close()
        shutil.rmtree(staging)
        version, storage = lb.Database.get_version(), lb.Database.get_storage_version()
        stamp = {
            "schema_version": eschema.SCHEMA_VERSION,
            "engine": "ladybug",
            "engine_version": version,
            "storage_version": storage,
            "graph_sha256": hashlib.sha256(raw).hexdigest(),
            **file_stamp,
            "counts": counts,
            "seconds_write_csv": round(written - started, 3),
            "seconds_total": round(time.perf_counter() - started, 3),
        }
        _write_stamp(tmp, stamp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o777 & ~umask)  # mkdtemp made it private; the graph folder's readers need it too
        _swap_in(tmp, database_dir(graph_dir))
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return stamp


def _swap_in(new_dir: Path, final: Path) -> None:
    """Replace `final` by `new_dir` with renames, so readers see the old or the new database."""
    old = None
    if final.exists():
        old = final.with_name(f".{final.name}-old-{os.getpid()}")
        os.rename(final, old)
    os.rename(new_dir, final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def ensure_database(graph_dir: str | os.PathLike = "out") -> Path:
    """Return the path of an up-to-date embedded database, building it if stale or missing."""
    graph_dir = Path(graph_dir)
    if not (graph_dir / GRAPH_JSON).exists():
        raise GraphError(
            f"no built graph in {graph_dir}/",
            hint="run `kg build INPUT... --out DIR` first, or pass --graph DIR",
        )
    if not is_fresh(graph_dir):
        with _build_lock(graph_dir):
            if not is_fresh(graph_dir):  # another process may have built it while we waited
                build_database(graph_dir)
    return database_dir(graph_dir) / DB_FILENAME


# ---------------------------------------------------------------- queries


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _query_error(exc: BaseException) -> QueryError:
    message = _first_line(exc)
    hint = None
    if message.startswith("Interrupted"):
        message, hint = "the query ran out of time", "raise --timeout, or narrow the query"
    elif "buffer pool is full" in message:
        hint = f"the query needs more memory than {buffer_pool_bytes() >> 20} MB: narrow it, or raise {MEMORY_ENV}"
    elif "read-only" in message.lower() or "read only" in message.lower():
        hint = "the embedded database is rebuilt from graph.json: change the graph with `kg build`"
    elif "function" in message.lower() and "does not exist" in message.lower():
        hint = "not every Neo4j function exists in the embedded engine: see cypher/README.md, or use --neo4j"
    return QueryError(message, hint=hint)


class EmbeddedGraph:
    """An open, read-only embedded database; queries return tidy JSON-able rows."""

    def __init__(self, path: Path, *, timeout_s: float | None = None):
        lb = _engine()
        self.path = path
        try:
            self._db = lb.Database(str(path), read_only=True, buffer_pool_size=buffer_pool_bytes())
            self._conn = lb.Connection(self._db)
            # Neo4j never repeats a relationship along a variable-length path; match that.
            self._conn.execute("CALL recursive_pattern_semantic='TRAIL'")
            if timeout_s:
                self._conn.set_query_timeout(int(timeout_s * 1000))
        except RuntimeError as exc:
            raise StoreError(
                f"cannot open the embedded database: {_first_line(exc)}",
                source=str(path),
                hint="delete the folder; the next query rebuilds it",
            ) from None

    def execute(self, query: str, params: Mapping[str, Any] | None = None) -> tuple[list[str], list[dict]]:
        """Return (column names, tidy rows) of one query."""
        params = dict(params or {})
        missing = [name for name in query_parameters(query) if name not in params]
        if missing:
            raise QueryError(f"missing parameter ${missing[0]}", hint=f"add --param {missing[0]}=VALUE")
        try:
            result = self._conn.execute(query, params)
            if isinstance(result, list):  # several statements: the last one answers
                result = result[-1]
            columns = result.get_column_names()
            rows = [dict(zip(columns, values, strict=True)) for values in result.get_all()]
        except RuntimeError as exc:
            raise _query_error(exc) from None
        return columns, tidy_rows(rows)

    def rows(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict]:
        """Return the tidy rows of one query."""
        return self.execute(query, params)[1]

    def close(self) -> None:
        self._conn.close()
        self._db.close()

    def __enter__(self) -> EmbeddedGraph:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def open_database(graph_dir: str | os.PathLike = "out", *, timeout_s: float | None = None) -> EmbeddedGraph:
    """Return an open handle on `graph_dir`'s embedded database, (re)building it first if stale.

    `timeout_s` stops any one query that runs longer (None: no limit).
    """
    return EmbeddedGraph(ensure_database(graph_dir), timeout_s=timeout_s)


def run_query(
    graph_dir: str | os.PathLike, query: str, params: Mapping[str, Any] | None = None
) -> list[dict]:
    """Return the rows (JSON-able dicts) of a Cypher query on `graph_dir`'s embedded database."""
    with open_database(graph_dir) as handle:
        return handle.rows(query, params)
