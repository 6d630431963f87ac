"""The cypher/ query pack: a lint for the shared Cypher subset, and conformance on the embedded engine.

Every pack file runs on the fixture graph (tests/unit/cypher_fixture_graph.py) and its rows
must equal, exactly and in order, the answer computed from the networkx graph in Python.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cypher_fixture_graph import (
    CASES,
    REFERENCE,
    SYNTHETIC_CASES,
    expected,
    make_graph,
    make_synthetic_graph,
    write_graph,
)  # noqa: I001

from kg.store.query import (
    ENGINES,
    bind_params,
    pack_files,
    query_parameters,
    read_query_file,
    resolve_query_file,
    strip_literals,
    tidy_rows,
)

PACK = Path(__file__).resolve().parents[2] / "cypher"
ALL_FILES = sorted(PACK.glob("*.cypher"))
SHARED_FILES = [p for p in ALL_FILES if len(p.name.split(".")) == 2]

# Functions both Neo4j 5 and LadybugDB have with the same meaning; shared files use only these.
SHARED_FUNCTIONS = {
    "count",
    "collect",
    "sum",
    "avg",
    "min",
    "max",
    "size",
    "coalesce",
    "tolower",
    "toupper",
    "any",
    "all",
    "none",
    "length",
    "nodes",
    "abs",
}
CLAUSE_WORDS = {
    "in",
    "return",
    "with",
    "as",
    "unwind",
    "when",
    "then",
    "else",
    "and",
    "or",
    "not",
    "xor",
    "where",
    "contains",
    "by",
    "distinct",
    "match",
    "optional",
    "exists",
    "case",
}


def lint(path: Path) -> list[str]:
    """Return what is wrong with one pack file (empty when it is fine)."""
    problems = []
    qf = read_query_file(path)
    code = strip_literals(qf.text)
    shared = len(path.name.split(".")) == 2  # NAME.cypher; engine variants are NAME.<engine>.cypher
    if not qf.question:
        problems.append("no `// question:` header line")
    if not qf.has_params_line:
        problems.append("no `// params:` header line (write `// params: none` when there are none)")
    used, declared = set(query_parameters(qf.text)), set(qf.params)
    if used != declared:
        problems.append(f"params header {sorted(declared)} differs from the $parameters used {sorted(used)}")
    if code.strip().rstrip(";").count(";"):
        problems.append("more than one statement")
    if re.search(r"\bLIMIT\b", code, re.I) and not re.search(r"\bORDER\s+BY\b", code, re.I):
        problems.append("LIMIT without ORDER BY: which rows come back would depend on the engine")
    problems += _return_items_unaliased(code)
    if shared:
        problems += _banned_shared(code)
    else:
        engine = path.name.split(".")[1]
        if engine not in ENGINES:
            problems.append(f"unknown engine {engine!r} in the file name")
        twins = [path.with_name(f"{path.name.split('.')[0]}.{e}.cypher") for e in ENGINES]
        if not all(t.exists() for t in twins):
            problems.append("an engine variant needs its twin for every engine")
    return problems


def _banned_shared(code: str) -> list[str]:
    problems = []
    for name in re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(", code):
        if name.lower() not in SHARED_FUNCTIONS | CLAUSE_WORDS:
            problems.append(f"function {name}() is not in the shared subset")
    if re.search(r"\bCALL\b", code, re.I):
        problems.append("CALL (procedures and CALL {} subqueries differ between engines)")
    if re.search(r"\[\s*\w+\s+IN\b[^\]]*\|", code, re.I):
        problems.append("list comprehension")
    for m in re.finditer(r"(\w+|\)|\])\s*\[", code):
        token = m.group(1)
        if token in (")", "]") or token.lower() not in CLAUSE_WORDS:
            problems.append(f"list indexing or slicing after {token!r} (Ladybug counts from 1)")
    if re.search(r"shortest", code, re.I):
        problems.append(
            "shortest paths: keep one variant per engine (NAME.neo4j.cypher / NAME.embedded.cypher)"
        )
    return problems


def _return_items_unaliased(code: str) -> list[str]:
    """Columns named by the engine differ (`COUNT_STAR()` vs `count(*)`): alias every computed item."""
    last = list(re.finditer(r"\bRETURN\b", code, re.I))
    if not last:
        return ["no RETURN"]
    tail = code[last[-1].end() :]
    tail = re.split(r"\b(ORDER\s+BY|SKIP|LIMIT)\b", tail, maxsplit=1, flags=re.I)[0]
    tail = re.sub(r"^\s*DISTINCT\b", "", tail, flags=re.I)
    items, depth, current = [], 0, ""
    for ch in tail:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    items.append(current)
    return [
        f"RETURN item {item.strip()!r} needs `AS name`"
        for item in items
        if item.strip()
        and not re.search(r"\bAS\s+\w+\s*$", item.strip(), re.I)
        and not re.fullmatch(r"\w+", item.strip())
    ]


def test_pack_has_enough_queries():
    stems = {p.name.split(".")[0] for p in ALL_FILES}
    assert len(stems) >= 12
    assert (PACK / "paths_between.neo4j.cypher").exists() and (
        PACK / "paths_between.embedded.cypher"
    ).exists()


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_pack_file_lints_clean(path):
    assert lint(path) == []


@pytest.mark.parametrize(
    "text, problem",
    [
        ("MATCH ()-[r]->() RETURN type(r) AS t", "function type()"),
        ("MATCH (n) RETURN labels(n) AS l", "function labels()"),
        ("MATCH (n:Concept) RETURN n.aliases[0] AS a", "list indexing"),
        ("MATCH (n:Concept) RETURN collect(n.name)[..3] AS a", "list indexing"),
        ("MATCH (n:Paper) RETURN substring(n.title, 0, 3) AS s", "function substring()"),
        ("CALL { MATCH (n) RETURN n } RETURN 1 AS x", "CALL"),
        ("MATCH (n:Concept) RETURN [a IN n.aliases | toLower(a)] AS a", "list comprehension"),
        ("MATCH (n:Concept) RETURN count(n)", "needs `AS name`"),
        ("MATCH (n:Concept) RETURN n.name AS x LIMIT 3", "LIMIT without ORDER BY"),
        ("MATCH (n:Concept) RETURN n.name AS x; MATCH (n) RETURN n.id AS y", "more than one statement"),
        ("MATCH (n:Concept) WHERE n.name = $name RETURN n.name AS x", "params header"),
    ],
)
def test_lint_rejects(tmp_path, text, problem):
    path = tmp_path / "bad.cypher"
    path.write_text(f"// question: bad?\n// params: none\n{text}\n", encoding="utf-8")
    problems = lint(path)
    assert any(problem in p for p in problems), problems


def test_lint_ignores_strings_and_comments(tmp_path):
    path = tmp_path / "ok.cypher"
    path.write_text(
        '// question: fine?\n// params: text (default "type(x)")\n'
        "// a note mentioning labels(n) and $other\n"
        "MATCH (p:Paper) WHERE p.title CONTAINS $text OR p.title = 'substring(a)[0]' RETURN p.id AS id\n",
        encoding="utf-8",
    )
    assert lint(path) == []


def test_every_shared_query_has_a_reference_and_cases():
    stems = {p.name.split(".")[0] for p in ALL_FILES}
    assert stems == set(REFERENCE)
    assert stems == {stem for stem, _ in CASES}


# ---------------------------------------------------------------- conformance on the embedded engine

ladybug = pytest.importorskip("ladybug", reason="LadybugDB (pip install ladybug) runs the embedded engine")


@pytest.fixture(scope="module")
def fixture_db(tmp_path_factory):
    from kg.store.embedded import open_database

    graph_dir = write_graph(tmp_path_factory.mktemp("fixture"))
    with open_database(graph_dir) as handle:
        yield handle


@pytest.fixture(scope="module")
def fixture_graph():
    return make_graph()


@pytest.mark.parametrize("stem, params", CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(CASES)])
def test_pack_query_matches_networkx(fixture_db, fixture_graph, stem, params):
    qf = read_query_file(resolve_query_file(PACK / f"{stem}.cypher", "embedded"))
    bound = bind_params(qf.text, params, qf.defaults)
    rows = fixture_db.rows(qf.text, bound)
    assert rows == tidy_rows(expected(fixture_graph, stem, bound))


def test_cases_are_not_all_empty(fixture_graph):
    """Each query has at least one case with rows, so the comparisons above test something."""
    for stem in REFERENCE:
        answers = []
        for s, params in CASES:
            if s == stem:
                qf = read_query_file(resolve_query_file(PACK / f"{stem}.cypher", "embedded"))
                answers.append(expected(fixture_graph, stem, bind_params(qf.text, params, qf.defaults)))
        assert any(answers), stem


def test_pack_files_for_each_engine():
    embedded = {p.name for p in pack_files(PACK, "embedded")}
    neo4j = {p.name for p in pack_files(PACK, "neo4j")}
    assert "paths_between.embedded.cypher" in embedded and "paths_between.neo4j.cypher" not in embedded
    assert "paths_between.neo4j.cypher" in neo4j and "paths_between.embedded.cypher" not in neo4j
    assert len(embedded) == len(neo4j) >= 12


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    """A random 1,000-paper graph: big enough to reach engine code paths the fixture does not.

    LadybugDB 0.22 scrambles `list_transform(nodes(p), ...)` from about 800 papers on; the
    fixture graph is far too small to show it.
    """
    from kg.export.json_graph import write_json
    from kg.store.embedded import open_database

    G = make_synthetic_graph()
    graph_dir = tmp_path_factory.mktemp("synthetic")
    write_json(G, graph_dir / "graph.json")
    with open_database(graph_dir) as handle:
        yield handle, G


@pytest.mark.parametrize(
    "stem, params", SYNTHETIC_CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(SYNTHETIC_CASES)]
)
def test_pack_query_matches_networkx_on_a_synthetic_graph(synthetic, stem, params):
    db, G = synthetic
    qf = read_query_file(resolve_query_file(PACK / f"{stem}.cypher", "embedded"))
    bound = bind_params(qf.text, params, qf.defaults)
    assert db.rows(qf.text, bound) == tidy_rows(expected(G, stem, bound))
