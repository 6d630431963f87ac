"""read_papers over every format, input kind, encoding and kind of bad input."""

from __future__ import annotations

import gzip
import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kg.errors import ConfigError, InputError
from kg.read import read_papers
from kg.read.ids import derived_id

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "readers"


def read(*inputs, **kwargs):
    """Return (papers, warnings) for `inputs`."""
    warnings: list[str] = []
    papers = list(read_papers([str(i) for i in inputs], warn=warnings.append, **kwargs))
    return papers, warnings


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def jsonl(*records: dict) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


# --- formats ---------------------------------------------------------------------------------


def test_jsonl_fixture():
    papers, warnings = read(DATA / "papers.jsonl")
    assert warnings == []
    first, second, third = papers
    assert first.id == "arXiv:2510.09842"
    assert first.title == "Reasoning with Thumbnails" and not first.title_is_derived
    assert first.abstract == "We propose RTAF, which reasons over 130× fewer tokens. Code: <url>."
    assert first.code_urls == ("https://github.com/x/rtaf",)
    assert (first.year, first.venue, first.url) == (2026, "ICML", "https://arxiv.org/abs/2510.09842")
    assert first.authors == ("Ada Lovelace", "Alan Turing")
    assert first.source == f"{DATA / 'papers.jsonl'}:1"
    # default aliases: paper_id, summary, published, author, link
    assert (second.id, second.year, second.url) == ("P2", 2025, "https://example.org/p2")
    assert second.abstract == "We introduce KVFundaBench to evaluate KV cache compression."
    assert second.authors == ("Grace Hopper", "Edsger Dijkstra")
    assert second.title == "KVFundaBench" and second.title_is_derived
    assert second.source.endswith("papers.jsonl:3")  # line 2 is blank
    assert third.id == derived_id(third.abstract)


def test_csv_fixture_with_multiline_field():
    papers, _ = read(DATA / "papers.csv")
    assert [p.id for p in papers] == ["c1", "c2"]
    assert papers[0].abstract == "We propose CsvNet, a model whose abstract spans two lines and has a comma."
    assert papers[0].authors == ("Smith, John", "Doe, Jane")
    assert papers[0].year == 2024
    assert [p.source.rsplit(":", 1)[1] for p in papers] == ["2", "4"]
    assert papers[1].title == "TabBench — Table Benchmark" and papers[1].title_is_derived
    assert papers[1].authors == ("A. One",)


def test_tsv_fixture():
    papers, _ = read(DATA / "papers.tsv")
    assert [(p.id, p.title, p.year) for p in papers] == [
        ("t1", "First TSV paper", 2022),
        ("t2", "Chain-of-Tabs — a method for tables", None),
    ]


def test_json_array_fixture_keeps_line_numbers():
    papers, _ = read(DATA / "papers.json")
    assert [(p.id, p.source.rsplit(":", 1)[1]) for p in papers] == [("j1", "2"), ("10.1000/j2", "7")]
    assert papers[1].year == 2021
    assert papers[1].abstract == "We introduce ArrayBench, a benchmark read from a JSON array."


def test_json_wrapper_object_single_object_and_jsonl_in_json(tmp_path):
    wrapped = write(
        tmp_path / "a.json", json.dumps({"meta": {"n": 1}, "papers": [{"id": "w1", "abstract": "A."}]})
    )
    single = write(tmp_path / "b.json", json.dumps({"id": "s1", "abstract": "Single."}, indent=2))
    lines = write(
        tmp_path / "c.json", jsonl({"id": "l1", "abstract": "L1."}, {"id": "l2", "abstract": "L2."})
    )
    papers, _ = read(wrapped, single, lines)
    assert [p.id for p in papers] == ["w1", "s1", "l1", "l2"]


def test_csv_semicolons_and_case_insensitive_header(tmp_path):
    path = write(tmp_path / "p.csv", "ID;Title;Abstract\r\nx1;A title;Semicolon separated abstract.\r\n")
    papers, _ = read(path)
    assert [(p.id, p.title, p.abstract) for p in papers] == [
        ("x1", "A title", "Semicolon separated abstract.")
    ]


def test_csv_huge_field(tmp_path):
    abstract = "word " * 60_000  # 300k characters, above csv's default field limit
    path = write(tmp_path / "big.csv", f'id,abstract\nbig,"{abstract}"\n')
    papers, _ = read(path)
    assert len(papers[0].abstract) == len(abstract.strip())


def test_gzip_by_extension_and_by_magic_bytes(tmp_path):
    (tmp_path / "p.jsonl.gz").write_bytes(
        gzip.compress(jsonl({"id": "g1", "abstract": "Gzipped JSONL."}).encode())
    )
    (tmp_path / "s.txt.gz").write_bytes(gzip.compress(b"ICML 2026\n\nA gzipped seed abstract.\n"))
    (tmp_path / "blob").write_bytes(gzip.compress(jsonl({"id": "g2", "abstract": "No extension."}).encode()))
    papers, _ = read(tmp_path / "p.jsonl.gz", tmp_path / "s.txt.gz", tmp_path / "blob")
    assert [p.id for p in papers[::2]] == ["g1", "g2"]
    assert (papers[1].venue, papers[1].year, papers[1].source) == ("ICML", 2026, f"{tmp_path / 's.txt.gz'}:3")


def test_broken_gzip(tmp_path):
    path = tmp_path / "p.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"abstract": "x"}\n' * 100)[:40])
    with pytest.raises(InputError, match="not a valid gzip file"):
        read(path)


def test_format_override_and_unknown_format(tmp_path):
    path = write(tmp_path / "list.txt", jsonl({"id": "o1", "abstract": "Override."}))
    papers, _ = read(path, format="jsonl")
    assert [p.id for p in papers] == ["o1"]
    with pytest.raises(ConfigError, match="unknown input format 'yaml'"):
        read_papers([str(path)], format="yaml")


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        (jsonl({"id": "k1", "abstract": "JSONL content."}), ["k1"]),
        ('[{"id": "k2", "abstract": "JSON content."}]', ["k2"]),
        ("id\tabstract\nk3\tTSV content.\n", ["k3"]),
        ("id,summary\nk4,CSV content.\n", ["k4"]),
        ("Some list\n\nA seed abstract.\n", [derived_id("A seed abstract.")]),
    ],
)
def test_content_sniffing_for_unknown_extension(tmp_path, text, ids):
    papers, _ = read(write(tmp_path / "input.dat", text))
    assert [p.id for p in papers] == ids


# --- inputs: stdin, directories, globs, missing paths ----------------------------------------


def test_stdin(monkeypatch):
    data = jsonl({"id": "in1", "abstract": "From standard input."})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data.encode())))
    papers, _ = read("-")
    assert [(p.id, p.source) for p in papers] == [("in1", "<stdin>:1")]


def test_stdin_seed_list(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("ICML 2026\n\nAn abstract from a pipe.\n"))
    papers, _ = read("-")
    assert [(p.abstract, p.venue) for p in papers] == [("An abstract from a pipe.", "ICML")]


def test_directory_is_read_recursively_sorted_skipping_others(tmp_path):
    write(tmp_path / "b.jsonl", jsonl({"id": "b", "abstract": "B."}))
    write(tmp_path / "a.csv", "id,abstract\na,A.\n")
    write(tmp_path / "sub" / "c.txt", "C paper list\n\nC abstract.\n")
    write(tmp_path / ".hidden.jsonl", jsonl({"id": "hidden", "abstract": "Hidden."}))
    write(tmp_path / "notes.md", "not a paper list")
    (tmp_path / "image.png").write_bytes(b"\x89PNG\x00\x00")
    papers, _ = read(tmp_path)
    assert [p.id for p in papers] == ["a", "b", derived_id("C abstract.")]
    assert papers[2].source == f"{tmp_path / 'sub' / 'c.txt'}:3"


def test_empty_directory_is_an_error(tmp_path):
    (tmp_path / "notes.md").write_text("x")
    with pytest.raises(InputError, match="directory holds no paper lists"):
        read_papers([str(tmp_path)])


def test_glob_and_several_inputs_once_each(tmp_path):
    write(tmp_path / "x1.jsonl", jsonl({"id": "x1", "abstract": "X1."}))
    write(tmp_path / "x2.jsonl", jsonl({"id": "x2", "abstract": "X2."}))
    write(tmp_path / "y.csv", "id,abstract\ny,Y.\n")
    papers, warnings = read(tmp_path / "y.csv", tmp_path / "*.jsonl", tmp_path / "x1.jsonl")
    assert [p.id for p in papers] == ["y", "x1", "x2"]
    assert warnings == []  # x1.jsonl named twice is read once


def test_glob_without_matches(tmp_path):
    with pytest.raises(InputError, match=r"no files match this pattern"):
        read_papers([str(tmp_path / "*.jsonl")])


def test_missing_path_fails_before_reading(tmp_path):
    good = write(tmp_path / "seeds.txt", "T\n\nAbstract.\n")
    with pytest.raises(InputError) as info:
        read_papers([str(good), str(tmp_path / "sedes.txt")])  # raises at call time, not on iteration
    assert info.value.source == str(tmp_path / "sedes.txt")
    assert "no such file or directory" in str(info.value)
    assert info.value.hint == f"did you mean {tmp_path / 'seeds.txt'}?"


def test_no_inputs():
    with pytest.raises(InputError, match="no input given"):
        read_papers([])


# --- field map and aliases --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "field", "value"),
    [
        ({"abstract_text": "Alias abstract_text."}, "abstract", "Alias abstract_text."),
        ({"text": "Alias text."}, "abstract", "Alias text."),
        ({"abstract": None, "summary": "Null gives way."}, "abstract", "Null gives way."),
        ({"arxiv_id": "2401.00001", "abstract": "A."}, "id", "2401.00001"),
        ({"doi": "10.1/x", "abstract": "A."}, "id", "10.1/x"),
        ({"id": 42, "abstract": "A."}, "id", "42"),
        (
            {"creators": ["A B", {"name": "C D"}, {"given": "E", "family": "F"}], "abstract": "A."},
            "authors",
            ("A B", "C D", "E F"),
        ),
        ({"author": "A B, C D and E F", "abstract": "A."}, "authors", ("A B", "C D", "E F")),
        ({"pdf_url": "https://x.org/p.pdf", "abstract": "A."}, "url", "https://x.org/p.pdf"),
        ({"date": "May 2024", "abstract": "A."}, "year", 2024),
        ({"year": "n.d.", "abstract": "A."}, "year", None),
        ({"Abstract": "Capitalised key.", "Title": "T"}, "title", "T"),
        ({"abstract": "A.", "code_url": "https://github.com/a/b"}, "code_urls", ("https://github.com/a/b",)),
    ],
)
def test_default_aliases(tmp_path, record, field, value):
    papers, _ = read(write(tmp_path / "p.jsonl", jsonl(record)))
    assert getattr(papers[0], field) == value


def test_abstract_label_is_dropped(tmp_path):
    path = write(
        tmp_path / "p.jsonl",
        jsonl(
            {"id": "a1", "abstract": "Abstract: We propose Y."},
            {"id": "a2", "abstract": "Abstract reasoning."},
        ),
    )
    papers, _ = read(path)
    assert [p.abstract for p in papers] == ["We propose Y.", "Abstract reasoning."]
    with pytest.raises(InputError, match=r"p\.jsonl:1: abstract is empty once markup is removed"):
        read(write(path, jsonl({"id": "a3", "abstract": "ABSTRACT: \\textbf{}"})))


def test_null_abstract_is_an_empty_abstract(tmp_path):
    with pytest.raises(InputError, match=r"p\.jsonl:1: record has an empty abstract"):
        read(write(tmp_path / "p.jsonl", jsonl({"id": "n", "abstract": None})))


def test_field_map_overrides_aliases(tmp_path):
    path = write(tmp_path / "p.csv", "key,abstract,body\nm1,Not this one.,This is the abstract.\n")
    papers, _ = read(path, field_map={"abstract": "body", "id": "KEY"})
    assert [(p.id, p.abstract) for p in papers] == [("m1", "This is the abstract.")]


def test_field_map_names_a_missing_column(tmp_path):
    path = write(tmp_path / "p.csv", "id,abstract\nm1,Text.\n")
    with pytest.raises(InputError, match=r"p\.csv:1: no abstract column in the header") as info:
        read(path, field_map={"abstract": "summary_en"})
    assert "summary_en" in info.value.hint


def test_unknown_field_in_field_map():
    with pytest.raises(ConfigError, match="unknown field 'abstrct'"):
        read_papers([str(DATA / "papers.csv")], field_map={"abstrct": "summary"})


# --- deduplication and ids --------------------------------------------------------------------


def test_duplicates_across_inputs_warn_and_keep_first(tmp_path):
    a = write(
        tmp_path / "a.jsonl",
        jsonl({"id": "d1", "abstract": "Same text."}, {"id": "d2", "abstract": "Other."}),
    )
    b = write(
        tmp_path / "b.jsonl",
        jsonl(
            {"id": "d1", "abstract": "SAME   text."},  # same id, same normalized text
            {"id": "d2", "abstract": "A different abstract."},  # same id, different text
            {"id": "d3", "abstract": "same text."},  # other id, same text
            {"id": "d4", "abstract": "New."},
        ),
    )
    papers, warnings = read(a, b)
    assert [p.id for p in papers] == ["d1", "d2", "d4"]
    assert papers[0].source == f"{a}:1"
    assert len(warnings) == 3
    assert warnings[0] == f"{b}:1: duplicate of paper d1 from {a}:1; kept the first"
    assert f"{b}:2" in warnings[1] and f"{a}:2" in warnings[1] and "DIFFERENT abstract" in warnings[1]
    assert warnings[2] == f"{b}:3: same abstract as {a}:1 (d3 duplicates d1); kept the first"


def test_seed_list_and_its_jsonl_twin_dedupe(tmp_path):
    seeds = write(tmp_path / "s.txt", "ICML 2026\n\nWe propose $\\textbf{X}$ here.\n")
    twin = write(tmp_path / "t.jsonl", jsonl({"abstract": "We propose X here."}))
    papers, warnings = read(seeds, twin)
    assert len(papers) == 1 and len(warnings) == 1 and "duplicate" in warnings[0]


def test_ids_are_stable_across_runs():
    inputs = [DATA / "papers.jsonl", DATA / "seeds_small.txt"]
    first = [p.id for p in read(*inputs)[0]]
    second = [p.id for p in read(*inputs)[0]]
    assert first == second
    assert first[2] == "p-fa29c8de48b5f657"  # pinned: a change here renumbers every user's graph


def test_derived_id_ignores_case_and_spacing():
    assert derived_id("Hello   World") == derived_id("hello world") == "p-2aae6c35c94fcfb4"


# --- bad input ------------------------------------------------------------------------------


BAD_JSONL = (
    jsonl({"id": "ok1", "abstract": "Fine."})
    + '{"id": "broken", "abstract": \n'
    + '["not", "an", "object"]\n'
    + jsonl({"id": "noabs", "title": "T", "body": "x"})
    + jsonl({"id": "empty", "abstract": "  "})
    + jsonl({"id": "ok2", "abstract": "Also fine."})
)


def test_bad_jsonl_row_is_an_error_with_line_number(tmp_path):
    path = write(tmp_path / "bad.jsonl", BAD_JSONL)
    papers = read_papers([str(path)])
    assert next(papers).id == "ok1"  # streamed: the good record comes before the error
    with pytest.raises(InputError) as info:
        next(papers)
    assert str(info.value).startswith(f"{path}:2: malformed JSON: Expecting value (column")
    assert info.value.line == 2 and info.value.hint


def test_skip_bad_warns_once_per_bad_record(tmp_path):
    path = write(tmp_path / "bad.jsonl", BAD_JSONL)
    papers, warnings = read(path, skip_bad=True)
    assert [p.id for p in papers] == ["ok1", "ok2"]
    assert len(warnings) == 4
    assert [w.split(": ", 1)[0] for w in warnings] == [f"{path}:{n}" for n in (2, 3, 4, 5)]
    assert "expected a JSON object, found a JSON array" in warnings[1]
    assert "record has no abstract (its fields: id, title, body)" in warnings[2]
    assert "--field abstract=NAME" in warnings[2]
    assert "record has an empty abstract" in warnings[3]
    assert all(w.endswith("[record skipped]") for w in warnings)


def test_csv_bad_rows(tmp_path):
    path = write(tmp_path / "bad.csv", "id,abstract\nr1,Fine.\nr2,\nr3,Too,many\nr4,Fine too.\n")
    with pytest.raises(InputError, match=r"bad\.csv:3: record has an empty abstract"):
        read(path)
    papers, warnings = read(path, skip_bad=True)
    assert [p.id for p in papers] == ["r1", "r4"]
    assert "bad.csv:4: row has 3 fields but the header has 2" in warnings[1]


def test_csv_without_abstract_column(tmp_path):
    path = write(tmp_path / "t.csv", "id,title\n1,T\n")
    with pytest.raises(InputError) as info:
        read(path)
    assert "no abstract column in the header (columns: id, title" in info.value.message
    assert "--field abstract=COLUMN" in info.value.hint


def test_malformed_json_array(tmp_path):
    path = write(tmp_path / "bad.json", '[\n  {"abstract": "One."},\n  {"abstract": "Two." \n]\n')
    with pytest.raises(InputError, match=r"bad\.json:3: malformed JSON"):
        read(path)
    papers, warnings = read(path, skip_bad=True)
    assert [p.abstract for p in papers] == ["One."]
    assert warnings[0].endswith("[rest of file skipped]")


@pytest.mark.parametrize("content", [b"", b"\n  \n\t\n"], ids=["zero-bytes", "whitespace"])
def test_empty_file(tmp_path, content):
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputError, match=r"empty\.jsonl: empty file") as info:
        read(path)
    assert info.value.hint


def test_binary_file(tmp_path):
    path = tmp_path / "paper.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(InputError, match=r"paper\.txt: binary file \(it contains NUL bytes\)"):
        read(path)


def test_skip_bad_skips_unreadable_files_and_reads_the_rest(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"\x00\x01\x02")
    (tmp_path / "b.jsonl").write_bytes(b"")
    write(tmp_path / "c.jsonl", jsonl({"id": "c", "abstract": "C."}))
    papers, warnings = read(tmp_path, skip_bad=True)
    assert [p.id for p in papers] == ["c"]
    assert [w.rsplit("[", 1)[1] for w in warnings] == ["file skipped]", "file skipped]"]


def test_latin1_fallback_warns(tmp_path):
    path = tmp_path / "old.csv"
    path.write_bytes(
        "id,abstract\nl1,Caf\u00e9 na\u00efve r\u00e9sum\u00e9 \u201cquoted\u201d.\n".encode("cp1252")
    )
    papers, warnings = read(path)
    assert papers[0].abstract == "Café naïve résumé “quoted”."
    assert warnings == [
        f"{path}:2: not valid UTF-8; reading such lines as latin-1 (re-save the file as UTF-8)"
    ]


def test_utf8_file_gets_no_fallback(tmp_path):
    path = write(tmp_path / "new.csv", "id,abstract\nu1,Café ℓ₂ 论文.\n")
    papers, warnings = read(path)
    assert papers[0].abstract == "Café ℓ₂ 论文." and warnings == []


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_byte_order_marks(tmp_path, encoding):
    text = "id,abstract\nb1,Möbius ℓ₂ text.\n"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path = tmp_path / "bom.csv"
    path.write_bytes(data)
    papers, warnings = read(path)
    assert [(p.id, p.abstract) for p in papers] == [("b1", "Möbius ℓ₂ text.")]
    assert warnings == []


def test_undecodable_text(tmp_path):
    path = tmp_path / "junk.txt"
    path.write_bytes(b"Title\n\nAn abstract \x81\x8d with control bytes \x1b\x9d.\n")
    with pytest.raises(InputError, match=r"junk\.txt:3: undecodable text"):
        read(path)


def test_utf16_with_broken_surrogate(tmp_path):
    path = tmp_path / "bad16.txt"
    path.write_bytes(b"\xff\xfe" + "Title\n\nText".encode("utf-16-le") + b"\x00\xd8\x41\x00")
    with pytest.raises(InputError, match="undecodable text: not valid UTF-16"):
        read(path)


def test_crlf_seed_list(tmp_path):
    path = tmp_path / "win.txt"
    path.write_bytes(b"ICML 2026\r\n\r\nFirst line\r\nsecond line.\r\n\r\nAnother.\r\n")
    papers, _ = read(path)
    assert [p.abstract for p in papers] == ["First line second line.", "Another."]


# --- no traceback, whatever the bytes -------------------------------------------------------

_SUFFIXES = [".txt", ".jsonl", ".json", ".csv", ".tsv", ".dat", ".jsonl.gz"]
_FRAGMENTS = [
    b"{",
    b"}",
    b"[",
    b"]",
    b'"abstract"',
    b'"id"',
    b":",
    b",",
    b"\n",
    b"\t",
    b"\x00",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\xe9",
    b"abstract,id\n",
    b'"',
    b"x",
    b"We propose X.",
    b"\x1f\x8b",
    b"\r\n",
]


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    suffix=st.sampled_from(_SUFFIXES),
    chunks=st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.binary(max_size=20)), max_size=30),
    skip_bad=st.booleans(),
)
@example(suffix=".dat", chunks=[b";", b"\r", b"{"], skip_bad=False)  # a CR inside a sniffed first line
def test_any_bytes_give_papers_or_input_error(tmp_path, suffix, chunks, skip_bad):
    data = b"".join(chunks)
    if suffix.endswith(".gz") and chunks and chunks[0] == b"x":
        data = gzip.compress(data)
    path = tmp_path / f"input{suffix}"
    path.write_bytes(data)
    try:
        papers = list(read_papers([str(path)], skip_bad=skip_bad, warn=lambda message: None))
    except InputError as error:
        assert not skip_bad
        assert "\n" not in error.format()
    else:
        assert all(p.abstract and p.id and p.title for p in papers)
