"""Load a kg graph into Neo4j, and run Cypher there: the part that talks to the server.

The rows come from :mod:`kg.store.neo4j_rows` and the statements from
:mod:`kg.store.neo4j_cypher`; this module only sends them, in batches of
``UNWIND $rows ... MERGE`` through ``driver.execute_query`` (managed transactions, which
the driver retries on transient errors), and turns driver exceptions into one-line
:class:`~kg.errors.StoreError` / :class:`~kg.errors.QueryError` messages.

Speed: rows travel as lists (:class:`~kg.store.neo4j_rows.Table`) in batches of 5,000, two
batches in flight at once; a database that holds no :Paper or :Concept node yet gets CREATE
statements, which skip MERGE's look-ups and locks; otherwise nodes and edges are upserted
and only those that differ are written, so a reload of an unchanged graph is mostly reads.
On such a first load kg's indexes other than its two constraints are dropped and built again
(exactly as they were, from SHOW INDEXES' createStatement) once the nodes are in, populating
while the edges are written, and waited for before the load ends; the node CREATE returns
each node's elementId, and the edges find their ends by it instead of by index seek (id() is
deprecated in Neo4j 5). A load that fails before the indexes are back puts them back.
``fast=False`` sends one map per row through the MERGE statements only, one batch at a
time with ``workers=1``, as kg did before; it is kept for comparison (bench/).

Load modes, for a graph ``G`` and whatever the database already holds:

``merge`` (default)
    Upsert every node and edge of ``G``; node and edge properties are replaced by ``G``'s.
    For each node of ``G``, delete its outgoing kg edges (kg relationship types only) that
    ``G`` no longer has. Then delete concepts left with no relationship that ``G`` does not
    contain. Papers and concepts absent from ``G`` keep their edges: loading corpus B after
    corpus A keeps A. Loading the same graph twice changes nothing.
``replace``
    Like merge, but first delete every outgoing kg edge of ``G``'s nodes, so their edges are
    written afresh (created counts everything); useful after editing edges by hand.
``wipe``
    Delete every node and relationship in the database, then load ``G``. Use it when papers
    were removed from the corpus, since merge never deletes a paper. Constraints and
    indexes stay.
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import networkx as nx

from kg.errors import QueryError, StoreError
from kg.graph import schema
from kg.store import neo4j_cypher as cypher
from kg.store.neo4j_rows import LoadTables, Table, batches, load_tables, node_tables, relationship_tables

if TYPE_CHECKING:
    from neo4j import Driver

MODES = ("merge", "replace", "wipe")
# Rows per transaction. Past a few thousand the per-transaction cost stops mattering, while
# smaller batches keep the two workers (below) evenly busy: 2,000-5,000 measured best on the
# 4k arXiv graph, ahead of 1,000 and 10,000 (bench/bench_neo4j_load.py).
DEFAULT_BATCH_SIZE = 5_000
DEFAULT_URI = "bolt://localhost:7687"
URI_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
START_HINT = "start it with `docker compose up -d`, or pass --uri / set NEO4J_URI"
RERUN_HINT = (
    "the load stopped part-way; once the server is back (`docker compose up -d`), "
    "run `kg load` again: it completes the load without duplicates"
)
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class LoadReport:
    """What a load did: per kind, rows created / updated / unchanged; deletions; totals after."""

    uri: str
    database: str
    mode: str
    papers_created: int = 0
    papers_updated: int = 0
    papers_unchanged: int = 0
    concepts_created: int = 0
    concepts_updated: int = 0
    concepts_unchanged: int = 0
    relationships_created: int = 0
    relationships_updated: int = 0
    relationships_unchanged: int = 0
    relationships_deleted: int = 0
    nodes_deleted: int = 0
    nodes_total: int = 0
    relationships_total: int = 0
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """Return the report as the lines `kg load` prints."""
        return [
            f"Loaded into {self.uri} (database {self.database}, mode {self.mode}) in {self.seconds:.1f}s",
            f"  papers:        {self.papers_created} created, {self.papers_updated} updated, "
            f"{self.papers_unchanged} unchanged",
            f"  concepts:      {self.concepts_created} created, {self.concepts_updated} updated, "
            f"{self.concepts_unchanged} unchanged",
            f"  relationships: {self.relationships_created} created, {self.relationships_updated} updated, "
            f"{self.relationships_unchanged} unchanged, {self.relationships_deleted} deleted",
            f"  nodes deleted: {self.nodes_deleted}",
            f"  database now:  {self.nodes_total} nodes, {self.relationships_total} relationships",
        ]


# ---------------------------------------------------------------- connection and errors


@contextlib.contextmanager
def translate_errors(
    uri: str, user: str = "neo4j", database: str | None = None, *, unreachable_hint: str = START_HINT
) -> Iterator[None]:
    """Turn the driver's exceptions inside the block into StoreError / QueryError, one line each.

    `unreachable_hint` is what to do when the server cannot be reached (or went away).
    """
    from neo4j import exceptions as ne

    where = f"Neo4j at {uri}"
    try:
        yield
    except ne.AuthError:
        raise StoreError(
            f"{where} refused user {user!r}: wrong user name or password",
            hint="pass --user/--password or set NEO4J_USERNAME/NEO4J_PASSWORD; for docker compose, see NEO4J_PASSWORD in .env",
        ) from None
    except (ne.ServiceUnavailable, ne.SessionExpired) as exc:
        raise StoreError(f"cannot reach {where} ({_reason(exc)})", hint=unreachable_hint) from None
    except ne.Neo4jError as exc:
        code = exc.code or ""
        message = _first_line(exc.message or str(exc))
        if code == "Neo.ClientError.Database.DatabaseNotFound":
            raise StoreError(
                f"{where} has no database {database!r}",
                hint="omit --database and NEO4J_DATABASE to use the server's default; Community has only `neo4j`",
            ) from None
        if code.startswith("Neo.ClientError.Security"):
            raise StoreError(
                f"{where} refused the request: {message}", hint="check the user's roles"
            ) from None
        if code.startswith("Neo.ClientError.Transaction.TransactionTimedOut"):
            raise QueryError(f"the query ran out of time on {uri}", hint="give it a longer timeout") from None
        if code.startswith(("Neo.ClientError.Statement", "Neo.ClientError.Procedure")):
            raise QueryError(f"{message} [{code.rsplit('.', 1)[-1]}]", source=uri) from None
        if code.startswith("Neo.TransientError"):
            # What is still transient after the driver's retries (RETRY_SECONDS, with backoff).
            raise StoreError(
                f"{where} kept failing with a transient error: {message} [{code.rsplit('.', 1)[-1]}]",
                hint=f"the server is busy or short of memory; wait, then run the command again ({unreachable_hint})"
                if unreachable_hint == RERUN_HINT
                else "the server is busy or short of memory; wait, then run the command again",
            ) from None
        raise StoreError(f"{where} failed: {message} [{code}]") from None
    except ne.DriverError as exc:
        raise StoreError(f"{where}: {_first_line(exc)}", hint=unreachable_hint) from None


def _reason(exc: Exception) -> str:
    # The driver's text spans lines and repeats the address; keep the OS's reason when there is one.
    found = re.search(r"reason (?:\[Errno -?\d+\] )?([^)\n]+)", str(exc))
    return found.group(1).strip() if found else _first_line(exc).rstrip(":")


def _first_line(exc: object) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


@contextlib.contextmanager
def connect(
    *, uri: str = DEFAULT_URI, user: str = "neo4j", password: str | None = None, database: str | None = None
) -> Iterator[Driver]:
    """Yield a driver whose server, credentials and database were checked; close it after.

    Checking first turns "server down" into an error within the connection timeout instead
    of after the driver's retries, and names the database before any write.
    """
    import neo4j

    from kg import __version__

    _quiet_driver_log()
    scheme, sep, _ = uri.partition("://")
    if not sep or scheme.lower() not in URI_SCHEMES:
        raise StoreError(f"bad Neo4j URI {uri!r}", hint="use bolt://HOST:7687 or neo4j://HOST:7687")
    try:
        driver = neo4j.GraphDatabase.driver(
            uri,
            auth=(user, password or ""),
            connection_timeout=10.0,
            # A transient error (a leader switch, a dropped connection) is retried for this long;
            # the driver's default, 30 s, made a load whose server died take over a minute to say so
            max_transaction_retry_time=RETRY_SECONDS,
            user_agent=f"kg/{__version__}",
            # The driver logs server notifications ("cartesian product", "index exists") as
            # warnings on stderr; for kg's own statements and pack queries they are noise.
            notifications_min_severity=neo4j.NotificationMinimumSeverity.OFF,
        )
    except (ValueError, neo4j.exceptions.ConfigurationError) as exc:
        raise StoreError(
            f"bad Neo4j URI {uri!r} ({_first_line(exc)})", hint="use bolt://HOST:7687 or neo4j://HOST:7687"
        ) from None
    try:
        with translate_errors(uri, user, database):
            driver.verify_connectivity()
            driver.execute_query("RETURN 1", database_=database, routing_=neo4j.RoutingControl.READ)
        yield driver
    finally:
        driver.close()


def _quiet_driver_log() -> None:
    # With no logging configured, Python prints the driver's warnings on stderr: a dozen
    # lines of "Transaction failed and will be retried" before kg's own one-line error.
    # A handler on the "neo4j" logger keeps them off stderr; an application that configures
    # logging still receives them through propagation.
    log = logging.getLogger("neo4j")
    if not any(isinstance(h, logging.NullHandler) for h in log.handlers):
        log.addHandler(logging.NullHandler())


INCOMPLETE_COMMIT_RETRIES = 5
RETRY_SECONDS = 15.0


def _run(
    driver: Driver,
    query: str,
    params: Mapping[str, Any],
    database: str | None,
    resend: str | None = None,
) -> list[dict]:
    from neo4j.exceptions import IncompleteCommit

    for attempt in range(INCOMPLETE_COMMIT_RETRIES + 1):
        try:
            records, _, _ = driver.execute_query(query, parameters_=dict(params), database_=database)
            return [record.data() for record in records]
        except IncompleteCommit:
            # The connection broke during COMMIT, so the batch may or may not be in, and the
            # driver does not retry (it cannot know the work is safe to repeat). The loader's
            # statements are: MERGE, SET n = props, deletes of what the graph lacks. A batch
            # that did commit comes back as "unchanged" in the report, nothing worse. A CREATE
            # statement is not safe to repeat, so it names the MERGE statement to `resend`.
            if attempt == INCOMPLETE_COMMIT_RETRIES:
                raise
            query = resend or query
            time.sleep(min(0.25 * 2**attempt, 4.0))
    raise AssertionError("unreachable")


def _database_name(driver: Driver, database: str | None) -> str:
    if database:
        return database
    rows = _run(driver, "CALL db.info() YIELD name RETURN name", {}, None)
    return rows[0]["name"] if rows else "(default)"


# ---------------------------------------------------------------- loading

# Batches in flight at once. With two, the client packs one batch while the server runs the
# other, which on a 2-core machine with the server beside kg nearly halves the write phases.
# Edges of two batches meet at shared concepts; the benchmarks saw no lock conflict, and a
# deadlock would be a transient error on a rolled-back transaction, which the driver retries.
# Phases (nodes, stale edges, edges) never overlap: edges need every node committed.
WORKERS = 2


@dataclass(frozen=True)
class _Batch:
    kind: str
    query: str
    params: dict[str, Any]
    resend: str | None
    size: int


def _send(
    driver: Driver,
    jobs: Iterable[_Batch],
    database: str | None,
    workers: int,
    done: Callable[[_Batch, dict], None],
) -> None:
    """Run every batch of `jobs`, `workers` at a time; call `done(batch, result)` here, in order.

    The first failure (or `done` raising) stops the rest: batches not started are dropped,
    those running are waited for, and the failure is raised.
    """
    if workers == 1:
        for job in jobs:
            (result,) = _run(driver, job.query, job.params, database, job.resend)
            done(job, result)
        return
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kg-load")
    pending: deque[tuple[_Batch, Future]] = deque()
    try:
        for job in jobs:
            pending.append((job, pool.submit(_run, driver, job.query, job.params, database, job.resend)))
            while len(pending) > workers:  # one batch queued behind the running ones, no more
                oldest, future = pending.popleft()
                done(oldest, future.result()[0])
        while pending:
            oldest, future = pending.popleft()
            done(oldest, future.result()[0])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def load_graph_into_neo4j(
    G: nx.MultiDiGraph,
    *,
    uri: str = DEFAULT_URI,
    user: str = "neo4j",
    password: str | None = None,
    database: str | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    mode: str = "merge",
    progress: Progress | None = None,
    fast: bool = True,
    workers: int = WORKERS,
) -> LoadReport:
    """Return what loading `G` into the Neo4j database at `uri` did (see the module doc for modes).

    Creates kg's constraints and indexes first, then writes nodes and edges in batches of
    `batch_size` rows. `progress(phase, done, total)` is called after each batch, with
    `done`/`total` counted in graph rows (nodes plus edges) over the whole load. `fast`
    chooses list rows and the CREATE path for a database without kg nodes (the module doc);
    `workers` batches are in flight at once, on as many connections.

    Raises StoreError when the server cannot be reached, refuses the credentials or lacks
    the database, and GraphError when `G` holds a kind, type or edge kg does not know.

    >>> report = load_graph_into_neo4j(G, uri="bolt://localhost:7687", password="secret")  # doctest: +SKIP
    >>> report.papers_created  # doctest: +SKIP
    12
    """
    if mode not in MODES:
        raise StoreError(f"unknown load mode {mode!r}", hint=f"use one of {', '.join(MODES)}")
    if batch_size < 1:
        raise StoreError(f"batch size must be at least 1, not {batch_size}")
    if workers < 1:
        raise StoreError(f"workers must be at least 1, not {workers}")
    started = time.perf_counter()
    # The graph is checked before anything is written: its nodes here, its edges by a thread
    # that builds their rows while the nodes are sent. Only a first load (nothing of kg's in
    # the database) writes before that thread is done, and it deletes its nodes again when an
    # edge turns out bad: a refused graph never leaves part of itself behind.
    if fast:
        tables, index = node_tables(G)
        edge_rows: ThreadPoolExecutor | None = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kg-edge-rows")
        pending: Future | None = edge_rows.submit(relationship_tables, G, index)
    else:
        tables, edge_rows, pending = load_tables(G, positional=False), None, None
    total = tables.node_count + G.number_of_edges()  # one row per edge
    done = 0
    counts: dict[str, int] = dict.fromkeys(
        (
            f"{kind}_{what}"
            for kind in ("papers", "concepts", "relationships")
            for what in ("created", "updated")
        ),
        0,
    )
    counts.update(relationships_deleted=0, nodes_deleted=0)

    def tick(phase: str, n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(phase, done, total)

    # A first load maps each kg id to the element id its CREATE returned; the edges then find
    # their ends by element id (a record read) instead of by index seek.
    element_ids: dict[str, str] = {}

    def written(batch: _Batch, result: dict) -> None:
        kind = batch.kind
        if result["rows"] != batch.size:
            raise StoreError(
                f"{uri}: {batch.size - result['rows']} {kind} rows found no end node",
                hint="another client may be deleting nodes during the load; run `kg load` again",
            )
        # A CREATE statement returns only `rows`: every one of them was created.
        counts[f"{kind}_created"] += result.get("created", result["rows"])
        counts[f"{kind}_updated"] += result.get("updated", 0)
        if "ids" in result:
            element_ids.update(zip(result["keys"], result["ids"]))
        tick(kind, batch.size)

    def write(*phases: tuple[str, list[Table]], first_load: bool, ends: dict[str, str] | None = None) -> None:
        jobs = (
            _Batch(kind, plan.query, {"rows": plan.rows(rows), **plan.extra}, plan.resend, len(rows))
            for kind, kind_tables in phases
            for table in kind_tables
            for plan in [_statements(kind, table, first_load, ends)]
            for rows in batches(table.rows, batch_size)
        )
        _send(driver, jobs, database, workers, written)

    def edges_checked() -> None:
        nonlocal pending, tables
        if pending is not None:
            # raises the GraphError of a bad edge
            tables = LoadTables(tables.papers, tables.concepts, pending.result())
            pending = None

    try:
        with connect(uri=uri, user=user, password=password, database=database) as driver:
            # execute_query retries transient errors and lost connections with backoff (the
            # driver's managed transactions, up to RETRY_SECONDS); what still fails ends the load here.
            with translate_errors(uri, user, database, unreachable_hint=RERUN_HINT):
                db_name = _database_name(driver, database)
                if mode == "wipe":
                    edges_checked()  # a refused graph must not have cost the database its contents
                    counts["nodes_deleted"] += _wipe(driver, database, batch_size)

                # No :Paper or :Concept yet (a new database, a wipe): nothing to merge with, so
                # CREATE. Counts come from Neo4j's count store, so asking is free.
                first_load = fast and _run(driver, cypher.COUNT_KG_NODES, {}, database)[0]["n"] == 0
                if not first_load:
                    edges_checked()  # an upsert changes nothing until the whole graph is checked
                # The constraints always come first: they refuse a duplicate and serve MERGE. On a
                # first load kg's other indexes are built after the nodes (_suspend_indexes).
                for statement in cypher.CONSTRAINT_STATEMENTS if first_load else cypher.SCHEMA_STATEMENTS:
                    _run(driver, statement, {}, database)
                suspended = _suspend_indexes(driver, database) if first_load else None
                if suspended is None:
                    for statement in cypher.INDEX_STATEMENTS if first_load else ():
                        _run(driver, statement, {}, database)
                    _run(driver, cypher.AWAIT_INDEXES, {"seconds": 300}, database)

                try:
                    write(("papers", tables.papers), ("concepts", tables.concepts), first_load=first_load)
                    try:
                        edges_checked()
                    except Exception:
                        # a first load: every kg node in the database is one this load wrote
                        _delete_kg_nodes(driver, database, batch_size)
                        raise
                    if first_load:
                        _find_element_ids(driver, tables, element_ids, database, batch_size)
                    if suspended is not None:
                        # Populated in the background while the edges are written: edges touch no
                        # indexed property.
                        _build_indexes(driver, suspended, database)
                        suspended = None
                except BaseException:
                    if suspended is not None:
                        _restore_indexes(driver, suspended, database)
                    raise

                # Nothing can be stale in a database without relationships (a first load, a wipe).
                if not first_load and _run(driver, cypher.COUNT_RELATIONSHIPS, {}, database)[0]["n"] > 0:
                    counts["relationships_deleted"] += _delete_stale(
                        driver, tables, database, batch_size, mode, fast, workers
                    )
                # Edges only once every node is committed: each batch must find both ends.
                write(
                    ("relationships", tables.relationships),
                    first_load=first_load,
                    ends=element_ids if first_load else None,
                )
                if not first_load:  # else every concept in the database is the graph's own
                    counts["nodes_deleted"] += _delete_orphans(driver, tables, database, batch_size)
                else:
                    # The indexes built after the nodes: ready before kg says the load is done.
                    _run(driver, cypher.AWAIT_INDEXES, {"seconds": INDEX_WAIT_SECONDS}, database)

                nodes_total = _run(driver, cypher.COUNT_NODES, {}, database)[0]["n"]
                rels_total = _run(driver, cypher.COUNT_RELATIONSHIPS, {}, database)[0]["n"]
    finally:
        if edge_rows is not None:
            edge_rows.shutdown(wait=True, cancel_futures=True)

    return LoadReport(
        uri=uri,
        database=db_name,
        mode=mode,
        papers_unchanged=tables.paper_count - counts["papers_created"] - counts["papers_updated"],
        concepts_unchanged=tables.concept_count - counts["concepts_created"] - counts["concepts_updated"],
        relationships_unchanged=tables.relationship_count
        - counts["relationships_created"]
        - counts["relationships_updated"],
        nodes_total=nodes_total,
        relationships_total=rels_total,
        seconds=time.perf_counter() - started,
        **counts,
    )


def _delete_kg_nodes(driver: Driver, database: str | None, batch_size: int) -> None:
    while _run(driver, cypher.DELETE_KG_NODES_BATCH, {"limit": max(batch_size, 1000)}, database)[0]["deleted"]:
        pass


def _wipe(driver: Driver, database: str | None, batch_size: int) -> int:
    # Batched so a large database never needs one huge transaction; DETACH DELETE takes the
    # relationships along.
    deleted = 0
    while True:
        (result,) = _run(driver, cypher.WIPE_BATCH, {"limit": max(batch_size, 1000)}, database)
        deleted += result["deleted"]
        if result["deleted"] == 0:
            return deleted


@dataclass(frozen=True)
class _Plan:
    """How one table's batches are sent: the statement, the one to resend a cut-off batch
    with, extra parameters, and the element ids that replace the kg ids of edge rows."""

    query: str
    resend: str | None
    extra: dict[str, Any]
    ends: dict[str, str] | None = None

    def rows(self, batch: list) -> list:
        if self.ends is None:
            return batch
        ends = self.ends
        return [[ends[r[0]], ends[r[1]], *r[2:]] for r in batch]


def _statements(kind: str, table: Table, first_load: bool, ends: dict[str, str] | None = None) -> _Plan:
    """Return how to send `table`'s batches; `ends` maps kg ids to element ids (a first load)."""
    if kind == "relationships":
        if table.columns is None:
            return _Plan(cypher.upsert_relationships(table.label), None, {})
        if first_load and ends is not None:
            # Resent after an IncompleteCommit, a batch that did commit finds its edges.
            return _Plan(
                cypher.create_relationships(table.label, table.columns, by_element_id=True),
                cypher.merge_relationships(table.label, table.columns, by_element_id=True),
                {},
                ends,
            )
        merge = cypher.merge_relationships(table.label, table.columns)
        create = cypher.create_relationships(table.label, table.columns) if first_load else None
        return _Plan(create or merge, merge if create else None, {})
    if kind == "papers":
        if table.columns is None:
            return _Plan(cypher.UPSERT_PAPERS, None, {})
        merge = cypher.merge_nodes(schema.PAPER, table.columns)
        create = cypher.create_nodes_returning_ids(schema.PAPER, table.columns) if first_load else None
        return _Plan(create or merge, merge if create else None, {})
    labels = {"labels": cypher.concept_labels(table.label)}
    if table.columns is None:
        return _Plan(cypher.upsert_concepts(table.label), None, labels)
    merge = cypher.merge_nodes(schema.CONCEPT, table.columns, table.label)
    if not first_load:
        return _Plan(merge, None, labels)
    # The CREATE statement takes no $labels; the MERGE statement it may be resent as does.
    # A resent batch returns no element ids: _find_element_ids looks those nodes up.
    return _Plan(cypher.create_nodes_returning_ids(schema.CONCEPT, table.columns, table.label), merge, labels)


# How long a first load waits at its end for the indexes it built after the nodes.
INDEX_WAIT_SECONDS = 3600


def _suspend_indexes(driver: Driver, database: str | None) -> list[str] | None:
    """Drop kg's own indexes (not its constraints) from a database without kg nodes.

    Return the statements that build them again exactly as they were (kg's own statements
    then add those that were missing), or None when the user may not list indexes: the load
    then keeps them, as before. Building an index over the loaded nodes in one pass costs
    much less than updating it node by node, above all the full-text ones.
    """
    from neo4j.exceptions import ClientError

    try:
        found = _run(driver, cypher.SHOW_KG_INDEXES, {"names": list(cypher.INDEX_NAMES)}, database)
    except ClientError as exc:
        if (exc.code or "").startswith("Neo.ClientError.Security"):
            return None
        raise
    for row in found:
        _run(driver, cypher.drop_index(row["name"]), {}, database)
    return [row["createStatement"] for row in found]


def _build_indexes(driver: Driver, saved: list[str], database: str | None) -> None:
    """Create the indexes _suspend_indexes dropped, then kg's missing ones; do not wait for them."""
    for statement in (*saved, *cypher.INDEX_STATEMENTS):
        _run(driver, statement, {}, database)


def _restore_indexes(driver: Driver, saved: list[str], database: str | None) -> None:
    # The load failed before the indexes were built again. One attempt each, no retries:
    # the server may be gone, and the next `kg load` creates kg's indexes anyway.
    with contextlib.suppress(Exception), driver.session(database=database) as session:
        for statement in (*saved, *cypher.INDEX_STATEMENTS):
            session.run(statement).consume()


def _find_element_ids(
    driver: Driver, tables: LoadTables, found: dict[str, str], database: str | None, batch_size: int
) -> None:
    """Add to `found` the element ids of the graph's nodes whose write returned none.

    Those are nodes in the dict layout (upserted, not created) and batches resent after an
    IncompleteCommit; usually there are none.
    """
    for kind, keys in (
        (schema.PAPER, tables.node_ids(concepts=False)),
        (schema.CONCEPT, tables.node_ids(papers=False)),
    ):
        missing = [key for key in keys if key not in found]
        for batch in batches(missing, batch_size):
            rows = _run(driver, cypher.element_ids(kind), {"keys": batch}, database)
            found.update((row["key"], row["id"]) for row in rows)
        lost = sum(1 for key in missing if key not in found)
        if lost:
            raise StoreError(
                f"{lost} {kind} nodes just written are gone",
                hint="another client may be deleting nodes during the load; run `kg load` again",
            )


def _delete_stale(
    driver: Driver,
    tables: LoadTables,
    database: str | None,
    batch_size: int,
    mode: str,
    fast: bool,
    workers: int,
) -> int:
    deleted = 0

    def count(batch: _Batch, result: dict) -> None:
        nonlocal deleted
        deleted += result["deleted"]

    for start, types, sources in (
        (schema.PAPER, schema.PAPER_ROLES, tables.node_ids(concepts=False)),
        (schema.CONCEPT, schema.CONCEPT_LINKS, tables.node_ids(papers=False)),
    ):
        # Every source node is sent, also those without edges: their old edges go too.
        targets = {} if mode == "replace" else tables.targets(types)
        if fast:
            query = cypher.delete_stale_by_target(start)
            rows: list = [[node_id, targets.get(node_id, {})] for node_id in sources]
        else:
            query = cypher.delete_stale_relationships(start)
            rows = [
                {
                    "id": node_id,
                    "keep": sorted(
                        [rel, target] for rel, ts in targets.get(node_id, {}).items() for target in ts
                    ),
                }
                for node_id in sources
            ]
        jobs = (
            _Batch("relationships", query, {"rows": batch, "types": list(types)}, None, len(batch))
            for batch in batches(rows, batch_size)
        )
        _send(driver, jobs, database, workers, count)
    return deleted


def _delete_orphans(driver: Driver, tables: LoadTables, database: str | None, batch_size: int) -> int:
    # A concept that lost its last edge and is not in the graph is what a rebuilt graph
    # dropped; lonely concepts the graph itself holds stay.
    wanted = set(tables.node_ids(papers=False))
    lonely = [r["id"] for r in _run(driver, cypher.LONELY_CONCEPTS, {}, database) if r["id"] not in wanted]
    deleted = 0
    for batch in batches(sorted(lonely), batch_size):
        deleted += _run(driver, cypher.DELETE_LONELY_CONCEPTS, {"ids": batch}, database)[0]["deleted"]
    return deleted


# ---------------------------------------------------------------- queries


def run_cypher(
    query: str,
    params: Mapping[str, Any] | None = None,
    *,
    uri: str = DEFAULT_URI,
    user: str = "neo4j",
    password: str | None = None,
    database: str | None = None,
    write: bool = False,
    timeout: float | None = None,
) -> list[dict[str, Any]]:
    """Return the rows of one Cypher query run on Neo4j, as plain dicts in the query's column order.

    Values are plain Python: a node becomes its properties plus ``_labels``, a relationship
    its properties plus ``_type``, a path ``{"_nodes": [...], "_rels": [...]}``, temporal
    values ISO strings. The query runs in a read transaction unless `write`. A query Neo4j
    rejects (syntax, missing parameter) raises QueryError; connection trouble StoreError.
    """
    import neo4j

    with connect(uri=uri, user=user, password=password, database=database) as driver:
        with translate_errors(uri, user, database):
            records, _, keys = driver.execute_query(
                neo4j.Query(query, timeout=timeout),
                parameters_=dict(params or {}),
                database_=database,
                routing_=neo4j.RoutingControl.WRITE if write else neo4j.RoutingControl.READ,
            )
    return [{key: plain_value(record[key]) for key in keys} for record in records]


def plain_value(value: Any) -> Any:
    """Return a driver value as plain JSON-able Python (see :func:`run_cypher`)."""
    from neo4j import graph

    if isinstance(value, graph.Node):
        return {"_labels": sorted(value.labels), **{k: plain_value(v) for k, v in value.items()}}
    if isinstance(value, graph.Relationship):
        return {"_type": value.type, **{k: plain_value(v) for k, v in value.items()}}
    if isinstance(value, graph.Path):
        return {
            "_nodes": [plain_value(n) for n in value.nodes],
            "_rels": [plain_value(r) for r in value.relationships],
        }
    if isinstance(value, list):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_value(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):
        return value.iso_format()
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return value
    return str(value)
