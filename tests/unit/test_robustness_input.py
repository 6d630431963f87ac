"""Issue 8, bad input: every messy file gets a clear outcome through `kg build`, never a traceback.

Either a one-line error naming file and line (exit 2) with nothing written, or with
--skip-bad one warning per skipped record, a count, and every good record in the graph.
A build that fails leaves the previous out/ exactly as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.errors import InputError
from kg.read import read_papers

GOOD = "We propose FooNet, a method for math reasoning with GRPO, and evaluate it on GSM8K."


def build(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", *(str(a) for a in args)])
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}\n{result.output}")
    return result.exit_code, result.output


def error_line(output: str) -> str:
    """Return the one error line of a failed command's output (warnings may precede it)."""
    errors = [line for line in output.splitlines() if line.startswith("Error: ")]
    others = [
        line for line in output.splitlines() if line.strip() and not line.startswith(("Error: ", "Warning: "))
    ]
    assert len(errors) == 1 and not others, output
    return errors[0]


def paper_ids(out: Path) -> list[str]:
    data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
    return [n["id"] for n in data["nodes"] if n["kind"] == "Paper"]


def jsonl(path: Path, records) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


@pytest.fixture
def previous(tmp_path):
    """An out/ holding a good earlier build; returns (out dir, its files' bytes)."""
    out = tmp_path / "out"
    code, output = build(
        jsonl(tmp_path / "good.jsonl", [{"id": "g1", "abstract": GOOD}]), "--out", out, "--no-cache"
    )
    assert code == 0, output
    return out, {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}


def assert_unchanged(previous) -> None:
    out, before = previous
    after = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    assert after == before
    assert not [p for p in out.iterdir() if p.name.endswith(".tmp")]


# ---------------------------------------------------------------- files kg cannot read


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("empty.jsonl", b"", "empty file"),
        ("blank.txt", b"\n \n\t\n", "empty file"),
        ("blob.jsonl", bytes(range(256)) * 40, "binary file"),
        ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(500), "binary file"),
        ("utf16-no-bom.jsonl", json.dumps({"abstract": GOOD}).encode("utf-16-le"), "binary file"),
        ("controls.txt", b"Title\n\nWe propose \x81\x8d\x8f\x90 nets.\n", "undecodable"),
        ("broken.jsonl.gz", b"\x1f\x8b\x08\x00garbage", "not a valid gzip file"),
    ],
)
def test_unreadable_file_is_one_line_error_and_nothing_written(tmp_path, previous, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    code, output = build(path, "--out", previous[0])
    assert code == 2, output
    line = error_line(output)
    assert name in line and message in line
    assert_unchanged(previous)


def test_missing_path_is_one_line_error(tmp_path, previous):
    code, output = build(tmp_path / "nope.jsonl", "--out", previous[0])
    assert code == 2
    line = error_line(output)
    assert "nope.jsonl" in line and "no such file" in line
    assert_unchanged(previous)


def test_missing_path_into_fresh_out_creates_nothing(tmp_path):
    code, output = build(tmp_path / "nope.jsonl", "--out", tmp_path / "fresh")
    assert code == 2 and not (tmp_path / "fresh").exists()


def test_skip_bad_skips_an_unreadable_file_and_keeps_the_rest(tmp_path):
    (tmp_path / "blob.jsonl").write_bytes(bytes(range(256)))
    good = jsonl(tmp_path / "good.jsonl", [{"id": "a", "abstract": GOOD}])
    code, output = build(tmp_path / "blob.jsonl", good, "--out", tmp_path / "out", "--skip-bad", "--no-cache")
    assert code == 0, output
    assert "Warning: " in output and "blob.jsonl" in output and "[file skipped]" in output
    assert paper_ids(tmp_path / "out") == ["a"]


# ---------------------------------------------------------------- encodings


def test_latin1_file_is_read_with_one_warning(tmp_path):
    path = tmp_path / "latin.jsonl"
    path.write_bytes(
        (
            json.dumps(
                {"id": "l1", "abstract": "Caf\u00e9Net: a na\u00efve r\u00e9sum\u00e9 model for GSM8K."},
                ensure_ascii=False,
            )
            + "\n"
            + json.dumps(
                {"id": "l2", "abstract": "Stra\u00dfe m\u00fcller \u00bd \u00e6 GRPO."}, ensure_ascii=False
            )
            + "\n"
        ).encode("latin-1")
    )
    code, output = build(path, "--out", tmp_path / "out", "--no-cache")
    assert code == 0, output
    warnings = [line for line in output.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 1 and "latin-1" in warnings[0] and "latin.jsonl:1" in warnings[0]
    data = json.loads((tmp_path / "out" / "graph.json").read_text(encoding="utf-8"))
    abstracts = {n["id"]: n["abstract"] for n in data["nodes"] if n["kind"] == "Paper"}
    assert "na\u00efve r\u00e9sum\u00e9" in abstracts["l1"] and "m\u00fcller \u00bd \u00e6" in abstracts["l2"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-8-sig", "utf-32"])
def test_bom_files_are_read_like_utf8(tmp_path, encoding):
    records = [
        {
            "id": "u1",
            "abstract": "We propose \u00c9toileNet (\u2113\u2082 loss, \u00d7 speed) on GSM8K \U0001f916.",
        }
    ]
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    (tmp_path / "in.jsonl").write_bytes(data)
    reference = jsonl(tmp_path / "ref.jsonl", records)
    a = [p.abstract for p in read_papers([tmp_path / "in.jsonl"])]
    b = [p.abstract for p in read_papers([reference])]
    assert a == b and "\u2113\u2082" in a[0]
    code, output = build(tmp_path / "in.jsonl", "--out", tmp_path / "out", "--no-cache")
    assert code == 0 and "Warning" not in output, output


# ---------------------------------------------------------------- malformed rows in a large file


@pytest.fixture(scope="module")
def big_jsonl(tmp_path_factory):
    """A 100,000-line JSONL file whose lines 11, 50,001 and 99,999 are malformed."""
    path = tmp_path_factory.mktemp("big") / "big.jsonl"
    bad = {
        11: '{"id": "bad-a", "abstract": "unterminated\n',
        50_001: "{'single': 'quotes'}\n",
        99_999: '["an", "array"]\n',
    }
    with open(path, "w", encoding="utf-8") as handle:
        for line in range(1, 100_001):
            if line in bad:
                handle.write(bad[line])
            else:
                handle.write(
                    json.dumps({"id": f"p{line}", "abstract": f"Paper {line} proposes Net{line} for GSM8K."})
                    + "\n"
                )
    return path, sorted(bad)


def test_100k_lines_without_skip_bad_stop_at_the_first_bad_line(big_jsonl, previous):
    path, bad = big_jsonl
    code, output = build(path, "--out", previous[0])
    assert code == 2
    line = error_line(output)
    assert f"big.jsonl:{bad[0]}: malformed JSON" in line
    assert_unchanged(previous)


def test_last_bad_line_of_100k_is_reported_with_its_number(tmp_path, big_jsonl):
    path, bad = big_jsonl
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    fixed = tmp_path / "late.jsonl"
    fixed.write_text(
        "".join(text for number, text in enumerate(lines, 1) if number not in bad[:2]), encoding="utf-8"
    )
    with pytest.raises(
        InputError, match=rf"late\.jsonl:{bad[2] - 2}: expected a JSON object, found a JSON array"
    ):
        list(read_papers([fixed]))


def test_100k_lines_with_skip_bad_keep_every_good_record(big_jsonl, tmp_path, monkeypatch):
    # Extraction is stubbed (no concepts): this test is about the records, and extracting
    # 100k abstracts takes minutes; test_skip_bad_build_with_real_extraction covers that path.
    import kg.extract.pipeline as pipeline

    monkeypatch.setattr(pipeline, "extract", lambda papers, **kw: ((p, []) for p in papers))
    path, bad = big_jsonl
    out = tmp_path / "out"
    code, output = build(path, "--out", out, "--skip-bad", "--no-cache")
    assert code == 0, output
    warnings = [line for line in output.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 3
    for warning, number in zip(warnings, bad, strict=True):
        assert f"big.jsonl:{number}: " in warning and warning.endswith("[record skipped]")
    assert "99997 papers" in output and "(3 records skipped)" in output
    ids = paper_ids(out)
    assert len(ids) == 99_997
    assert set(ids) == {f"p{n}" for n in range(1, 100_001) if n not in bad}


def test_skip_bad_build_with_real_extraction(tmp_path):
    records = [
        json.dumps({"id": f"r{i}", "abstract": f"We propose Net{i}, trained with GRPO on GSM8K."})
        for i in range(300)
    ]
    records[5] = '{"id": "r5", "abstract": '
    records[100] = '{"id": "r100", "title": "no abstract here"}'
    records[250] = '{"id": "r250", "abstract": "   "}'
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    code, output = build(path, "--out", out, "--no-cache")
    assert code == 2 and "mixed.jsonl:6: malformed JSON" in error_line(output)
    assert not out.exists()
    code, output = build(path, "--out", out, "--skip-bad", "--no-cache")
    assert code == 0, output
    assert "297 papers" in output and "(3 records skipped)" in output
    assert sorted(paper_ids(out)) == sorted(f"r{i}" for i in range(300) if i not in (5, 100, 250))


def test_bad_csv_rows(tmp_path):
    rows = ["id,title,abstract"] + [f'c{i},T{i},"We propose Net{i} on GSM8K, with GRPO."' for i in range(50)]
    rows[10] = 'c9x,T,"We propose X",extra,cells'
    rows[20] = "c19x,no abstract,"
    path = tmp_path / "t.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, output = build(path, "--out", tmp_path / "out", "--no-cache")
    assert code == 2 and "t.csv:11: row has 5 fields but the header has 3" in error_line(output)
    code, output = build(path, "--out", tmp_path / "out", "--skip-bad", "--no-cache")
    assert code == 0, output
    assert "48 papers" in output and "(2 records skipped)" in output


# ---------------------------------------------------------------- records


def test_records_without_abstract(tmp_path, previous):
    path = jsonl(tmp_path / "na.jsonl", [{"id": "a", "abstract": GOOD}, {"id": "b", "title": "Only a title"}])
    code, output = build(path, "--out", previous[0])
    assert code == 2
    line = error_line(output)
    assert (
        "na.jsonl:2: record has no abstract (its fields: id, title)" in line and "--field abstract=" in line
    )
    assert_unchanged(previous)


def test_only_bad_records_with_skip_bad_is_an_error_not_an_empty_graph(tmp_path, previous):
    path = jsonl(tmp_path / "none.jsonl", [{"id": "b", "title": "Only a title"}, {"abstract": ""}])
    code, output = build(path, "--out", previous[0], "--skip-bad")
    assert code == 2
    assert "no papers found" in error_line(output)
    assert_unchanged(previous)


def test_duplicate_ids_with_different_text_keep_the_first_and_say_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    jsonl(
        tmp_path / "dup.jsonl",
        [
            {"id": "x", "abstract": "We propose AlphaNet for GSM8K."},
            {"id": "x", "abstract": "We propose BetaNet for MATH."},
            {"id": "y", "abstract": "we propose   ALPHANET for gsm8k."},  # same text, other id
        ],
    )
    code, output = build("dup.jsonl", "--out", tmp_path / "out", "--no-cache")
    assert code == 0, output
    warnings = [line for line in output.splitlines() if line.startswith("Warning: ")]
    assert len(warnings) == 2
    assert "dup.jsonl:2: id x was already used by dup.jsonl:1 for a DIFFERENT abstract" in warnings[0]
    assert "dup.jsonl:3: same abstract as dup.jsonl:1" in warnings[1]
    data = json.loads((tmp_path / "out" / "graph.json").read_text(encoding="utf-8"))
    papers = [n for n in data["nodes"] if n["kind"] == "Paper"]
    assert [(p["id"], p["abstract"]) for p in papers] == [("x", "We propose AlphaNet for GSM8K.")]


def test_one_megabyte_abstract_is_kept_whole(tmp_path):
    sentence = "Our LongNet-7B model uses sparse attention and rotary embeddings over very long inputs. "
    big = (sentence * (1_000_000 // len(sentence) + 1))[:1_000_000].rstrip() + "."
    path = jsonl(
        tmp_path / "long.jsonl", [{"id": "long", "abstract": big}, {"id": "short", "abstract": GOOD}]
    )
    (paper, short) = read_papers([path])
    assert paper.abstract == big and len(paper.abstract) == len(big)
    assert short.id == "short"


def test_one_megabyte_abstract_builds(tmp_path):
    # Minutes before the quadratic scans in kg/extract were removed; seconds after.
    sentence = (
        "We propose Group Relative Policy Optimization (GRPO) for reasoning on GSM8K with "
        "Qwen2.5-7B and chain-of-thought prompting. "
    )
    big = (sentence * (1_000_000 // len(sentence) + 1))[:1_000_000]
    path = jsonl(
        tmp_path / "long.jsonl", [{"id": "long", "abstract": big}, {"id": "short", "abstract": GOOD}]
    )
    code, output = build(path, "--out", tmp_path / "out", "--no-cache")
    assert code == 0, output
    data = json.loads((tmp_path / "out" / "graph.json").read_text(encoding="utf-8"))
    (long_paper,) = [n for n in data["nodes"] if n["id"] == "long"]
    assert len(long_paper["abstract"]) >= 999_000
    names = {n["name"] for n in data["nodes"] if n["kind"] == "Concept"}
    assert {"GRPO", "GSM8K"} <= names


# ---------------------------------------------------------------- the output side


def test_out_under_a_file_is_one_line_error(tmp_path):
    (tmp_path / "afile").write_text("x")
    good = jsonl(tmp_path / "good.jsonl", [{"id": "a", "abstract": GOOD}])
    code, output = build(good, "--out", tmp_path / "afile" / "sub", "--no-cache")
    assert code == 1
    line = error_line(output)
    assert "afile/sub" in line and "Not a directory" in line


def test_disk_full_while_writing_is_one_line_error_and_keeps_the_old_file(tmp_path, previous, monkeypatch):
    import kg.export.graphml as graphml
    from kg.export.atomic import atomic_open

    def full(G, path):
        with atomic_open(path) as handle:
            handle.write("<?xml")
            raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(graphml, "write_graphml", full)
    good = jsonl(tmp_path / "new.jsonl", [{"id": "n", "abstract": GOOD}])
    code, output = build(good, "--out", previous[0], "--no-cache")
    assert code == 1
    assert "No space left on device" in error_line(output)
    assert_unchanged(previous)


def test_lone_surrogates_from_json_escapes_become_replacement_characters(tmp_path, previous):
    # json.loads turns "\ud800" into a lone surrogate, which no UTF-8 file can hold: the
    # build used to crash writing graph.json, after graph.graphml had already been replaced.
    path = tmp_path / "sur.jsonl"
    path.write_text(
        '{"id": "s\\ud800x", "url": "http://x/\\udfff", "authors": [{"name": "A \\udc00"}, "B \\ud801"], '
        '"title": "T \\udfff", "abstract": "We propose Sur\\ud800Net on GSM8K \\udc00 with GRPO."}\n',
        encoding="utf-8",
    )
    out = previous[0]
    code, output = build(path, "--out", out, "--no-cache")
    assert code == 0, output
    data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
    (paper,) = [n for n in data["nodes"] if n["kind"] == "Paper"]
    assert paper["id"] == "s\ufffdx" and paper["url"] == "http://x/\ufffd"
    assert paper["authors"] == ["A \ufffd", "B \ufffd"]
    assert not re.search("[\ud800-\udfff]", json.dumps(data, ensure_ascii=False))
