"""Seed lists: the two real seed files, plus the format's edge cases."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kg.errors import InputError
from kg.read import read_papers
from kg.read.seedlist import parse_list_title

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds").glob("*.txt"))
DATA = ROOT / "tests" / "data" / "readers"


@pytest.fixture(scope="module")
def seed_papers():
    warnings: list[str] = []
    papers = list(read_papers(SEEDS, warn=warnings.append))
    assert warnings == []
    return papers


def test_seed_files_are_there():
    assert [p.name for p in SEEDS] == ["000_21b7cce00190b530.txt", "001_3b3022f013145135.txt"]


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.name)
def test_each_seed_file_has_19_papers(path):
    papers = list(read_papers([path]))
    assert len(papers) == 19
    assert {p.venue for p in papers} == {"ICML"}
    assert {p.year for p in papers} == {2026}


def test_38_unique_papers_with_stable_ids(seed_papers):
    assert len(seed_papers) == 38
    assert len({p.id for p in seed_papers}) == 38
    assert all(re.fullmatch(r"p-[0-9a-f]{16}", p.id) for p in seed_papers)
    assert [p.id for p in read_papers(SEEDS)] == [p.id for p in seed_papers]


def test_no_markup_left(seed_papers):
    for paper in seed_papers:
        text = paper.abstract.replace("2^{3L^2}", "")  # a superscript group is kept on purpose
        for leftover in ("\\textbf", "\\", "$", "**", "``", "''", "{", "}", "https://"):
            assert leftover not in text, (leftover, paper.source)


def test_titles_are_derived(seed_papers):
    assert all(p.title_is_derived and p.title for p in seed_papers)
    titles = {p.title for p in seed_papers}
    assert "RTAF — Reason with Thumbnails, Answer with Focus" in titles
    assert "KVFundaBench" in titles
    assert "HInT — Hypergraph Infusion for Table reasoning" in titles
    assert "UniR — Universal Reasoner" in titles
    assert seed_papers[0].title == "RTAF — Reason with Thumbnails, Answer with Focus"


def test_sources_point_at_the_paragraph(seed_papers):
    first = SEEDS[0].name
    assert seed_papers[0].source.endswith(f"{first}:3")
    assert seed_papers[1].source.endswith(f"{first}:5")
    assert seed_papers[19].source.endswith(f"{SEEDS[1].name}:3")


def test_urls_become_code_urls(seed_papers):
    by_title = {p.title.split(" — ")[0]: p for p in seed_papers}
    assert by_title["SLQ"].code_urls == ("https://github.com/CnFaker/SLQ",)
    assert by_title["SSI-Bench"].code_urls == ("https://ssi-bench.github.io",)
    assert by_title["CoA"].code_urls == ("https://github.com/CraftJarvis/OpenHA",)
    assert by_title["V₁"].code_urls == ("https://harmandotpy.github.io/v1-verification/",)
    assert sum(1 for p in seed_papers if p.code_urls) == 8
    assert by_title["SLQ"].abstract.endswith("The code is available under: <url>.")


def test_symbols_survive_cleaning(seed_papers):
    text = " ".join(p.abstract for p in seed_papers)
    for kept in (
        "9×9",
        "130×",
        "O(M · N)",
        "ℓ₂ norm",
        "ESS_min/N",
        "+1.37",
        "CPMöbius",
        "V₁-Infer",
        "Pass@1",
    ):
        assert kept in text, kept
    assert "vision-language models (VLMs)" in text
    assert "9%-18% accuracy" in text
    assert "Hypergraph Infusion for Table reasoning" in text


def test_small_seed_list_joins_wrapped_lines():
    papers = list(read_papers([DATA / "seeds_small.txt"]))
    assert [(p.venue, p.year) for p in papers] == [("NeurIPS", 2025)] * 2
    assert papers[0].abstract == (
        "We propose a novel method called Sparse Mixture Routing (SMR), which routes tokens to "
        "experts with a learned gate."
    )
    assert papers[0].title == "SMR — Sparse Mixture Routing"
    assert papers[1].title == "GridBench — a benchmark of 10×10 puzzles"
    assert papers[1].code_urls == ("https://github.com/a/gridbench",)


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("ICML 2026 论文列表", ("ICML", 2026)),
        ("NeurIPS 2025 accepted papers", ("NeurIPS", 2025)),
        ("ACL-2024 long papers", ("ACL", 2024)),
        ("ICLR2025论文", ("ICLR", 2025)),
        ("Reading list 2023", ("", 2023)),
        ("My favourite papers", ("", None)),
    ],
)
def test_parse_list_title(title, expected):
    assert parse_list_title(title) == expected


def test_seed_list_without_title_line(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("First abstract, a full sentence.\n\nSecond abstract here.\n", encoding="utf-8")
    papers = list(read_papers([path]))
    assert [p.abstract for p in papers] == ["First abstract, a full sentence.", "Second abstract here."]
    assert papers[0].venue == "" and papers[0].year is None
    assert papers[0].source == f"{path}:1"


def test_seed_list_with_only_a_title_is_an_error(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("ICML 2026 papers\n\n\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"list\.txt:1: seed list has a title line but no abstracts"):
        list(read_papers([path]))
