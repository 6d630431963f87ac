"""kg.store.query: query-file headers, typed parameters, tidy rows and output formats."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest

from kg.errors import QueryError
from kg.store.query import (
    REQUIRED,
    REQUIRED_TEXT,
    bind_params,
    format_rows,
    load_query_file,
    pack_files,
    parse_params,
    parse_params_header,
    query_parameters,
    read_query_file,
    resolve_query_file,
    sort_rows,
    tidy_rows,
)


def test_params_header_reads_json_defaults_and_required():
    spec = 'name (default "GRPO, v2 (new)"), limit (default 20), ids (default ["a", "b"]), paper (required text), x (required)'
    assert parse_params_header(spec) == {
        "name": "GRPO, v2 (new)",
        "limit": 20,
        "ids": ["a", "b"],
        "paper": REQUIRED_TEXT,
        "x": REQUIRED,
    }
    assert parse_params_header("none") == {}


@pytest.mark.parametrize(
    "spec", ["name (default GRPO)", "name default 3", "limit (default 3", "a (default 1) b"]
)
def test_params_header_errors_are_query_errors(spec):
    with pytest.raises(QueryError):
        parse_params_header(spec)


def test_load_query_file_returns_text_and_defaults(tmp_path):
    path = tmp_path / "q.cypher"
    path.write_text(
        '// question: Which?\n// params: name (default "GRPO"), paper (required)\n\n'
        "MATCH (c:Concept) WHERE c.name = $name OR c.id = $paper RETURN c.id AS id\n// not header\n",
        encoding="utf-8",
    )
    text, defaults = load_query_file(path)
    assert text.startswith("// question") and defaults == {"name": "GRPO"}
    qf = read_query_file(path)
    assert qf.question == "Which?" and qf.params["paper"] is REQUIRED and qf.has_params_line


def test_query_parameters_skip_strings_and_comments():
    query = (
        "// $nope\nMATCH (c) WHERE c.name = '$no' AND c.x = $a /* $b */ AND c.y = \"$c\" RETURN $a + $d AS z"
    )
    assert query_parameters(query) == ["a", "d"]


def test_parse_params_types_values():
    given = parse_params(
        [
            "limit=5",
            "score=0.5",
            "flag=true",
            'names=["a","b"]',
            "name=2024",
            "title=plain text",
            "q=a=b",
            "empty=",
        ],
        {"name": "GRPO", "score": 1.0},
    )
    assert given == {
        "limit": 5,
        "score": 0.5,
        "flag": True,
        "names": ["a", "b"],
        "name": "2024",
        "title": "plain text",
        "q": "a=b",
        "empty": "",
    }
    assert parse_params(["score=1"], {"score": 0.5}) == {"score": 1.0}
    assert parse_params(["paper=2501.00001"], {"paper": REQUIRED_TEXT}) == {"paper": "2501.00001"}


def test_parse_params_rejects_malformed():
    with pytest.raises(QueryError, match="NAME=VALUE"):
        parse_params(["limit"])


def test_bind_params_fills_defaults_and_names_the_missing_one():
    query = "MATCH (c) WHERE c.name = $name RETURN c LIMIT $limit"
    assert bind_params(query, {"limit": 3}, {"name": "GRPO", "limit": 20}) == {"name": "GRPO", "limit": 3}
    with pytest.raises(QueryError) as info:
        bind_params(query, {}, {"limit": 20})
    assert "missing parameter $name" in str(info.value) and "--param name=VALUE" in str(info.value)
    with pytest.raises(QueryError, match="does not use parameter nmae"):
        bind_params(query, {"nmae": "x"}, {"name": "GRPO", "limit": 20})


def test_tidy_rows_smooths_engine_differences():
    rows = [
        {
            "sum": Decimal("4048"),
            "half": Decimal("2.5"),
            "avg": 0.1 + 0.2,
            "names": ["b", "a", "c"],
            "path": ["b", "a"],
            "node_path": ["z", "y"],
            "node": {
                "_ID": {"offset": 0, "table": 0},
                "_LABEL": "Concept",
                "id": "c1",
                "name": "GRPO",
                "year": None,
            },
            "nothing": None,
            "flag": True,
            "p": {
                "_NODES": [{"_ID": 1, "name": "b"}, {"_ID": 2, "name": "a"}],
                "_RELS": [{"_SRC": 1, "type": "X"}],
            },
        }
    ]
    assert tidy_rows(rows) == [
        {
            "sum": 4048,
            "half": 2.5,
            "avg": 0.3,
            "names": ["a", "b", "c"],
            "path": ["b", "a"],
            "node_path": ["z", "y"],
            "node": {"id": "c1", "name": "GRPO"},
            "nothing": None,
            "flag": True,
            "p": {"nodes": [{"name": "b"}, {"name": "a"}], "rels": [{"type": "X"}]},
        }
    ]
    assert json.dumps(tidy_rows(rows))


def test_sort_rows_is_canonical():
    assert sort_rows([{"a": 2}, {"a": 1}]) == [{"a": 1}, {"a": 2}]


ROWS = [
    {"title": 'A, "quoted"\ntitle', "year": 2025, "via": ["GRPO", "PPO"], "score": None},
    {"title": "B", "year": None, "via": [], "score": 0.5},
]


def test_format_json_is_a_list_of_row_objects():
    assert json.loads(format_rows(ROWS, "json")) == ROWS
    assert json.loads(format_rows([], "json")) == []


def test_format_csv_round_trips():
    text = format_rows(ROWS, "csv")
    back = list(csv.DictReader(io.StringIO(text)))
    assert back[0]["title"] == ROWS[0]["title"]
    assert json.loads(back[0]["via"]) == ["GRPO", "PPO"]
    assert back[1]["year"] == "" and back[1]["score"] == "0.5"
    assert format_rows([], "csv", ["a", "b"]) == "a,b\n"


def test_format_table_aligns_and_counts():
    text = format_rows(ROWS, "table")
    lines = text.splitlines()
    assert lines[0].split() == ["title", "year", "via", "score"]
    assert 'A, "quoted" title' in lines[2] and "GRPO, PPO" in lines[2]
    assert lines[-1] == "(2 rows)"
    assert format_rows([], "table", ["a"]).splitlines()[-1] == "(0 rows)"
    long = format_rows([{"x": "y" * 200}], "table", max_width=20).splitlines()[2]
    assert len(long) == 20 and long.endswith("…")


def test_engine_variants_resolve(tmp_path):
    (tmp_path / "paths.embedded.cypher").write_text("RETURN 1 AS x", encoding="utf-8")
    (tmp_path / "paths.neo4j.cypher").write_text("RETURN 2 AS x", encoding="utf-8")
    (tmp_path / "plain.cypher").write_text("RETURN 3 AS x", encoding="utf-8")
    assert resolve_query_file(tmp_path / "paths.cypher", "neo4j").name == "paths.neo4j.cypher"
    assert resolve_query_file(tmp_path / "plain.cypher", "neo4j").name == "plain.cypher"
    assert [p.name for p in pack_files(tmp_path, "embedded")] == ["paths.embedded.cypher", "plain.cypher"]
