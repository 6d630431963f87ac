"""The merge review loop: the review file, and user rules honoured on the next build."""

import pytest

from kg.api import build_graph
from kg.errors import ConfigError
from kg.resolve.review import read_rules

ABSTRACTS = (
    '{"id": "a", "abstract": "We train with Group Relative Policy Optimization (GRPO) on MATH500."}\n'
    '{"id": "b", "abstract": "We propose DG-GRPO, a variant of GRPO for code."}\n'
    '{"id": "c", "abstract": "Entropy minimization (EM) sharpens predictions; EM is cheap."}\n'
)


@pytest.fixture
def corpus(tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text(ABSTRACTS, encoding="utf-8")
    return path


def concepts(G):
    return sorted(n for n, a in G.nodes(data=True) if a["kind"] == "Concept")


def test_review_lists_merges(corpus, tmp_path):
    review = tmp_path / "review.tsv"
    build_graph([str(corpus)], review_file=review)
    rows = [line.split("\t") for line in review.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    merged = {r[1]: r[2] for r in rows if r[0] == "merged"}
    assert merged["concept:group-relative-policy-optimization"] == "GRPO | Group Relative Policy Optimization"
    assert merged["concept:entropy-minimization"] == "EM | Entropy minimization"


def test_rules_merge_and_split(corpus, tmp_path):
    rules = tmp_path / "rules.tsv"
    rules.write_text("merge\tDG-GRPO\tGRPO  # treat the variant as the method\nsplit\tEM\n", encoding="utf-8")
    G = build_graph([str(corpus)], rules_file=rules)
    assert "concept:dg-grpo" not in concepts(G)
    assert G.has_edge("b", "concept:group-relative-policy-optimization")
    assert "concept:em" in concepts(G)  # the short form keeps its own node
    assert sorted(u for u, _ in G.in_edges("concept:em")) == ["c"]


def test_bad_rule_names_file_and_line(tmp_path):
    rules = tmp_path / "rules.tsv"
    rules.write_text("# comment\nmerge\tonly-one-form\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"rules.tsv:2: cannot read rule"):
        read_rules(rules)


def test_review_names_the_spelling_merges_and_a_split_rule_undoes_them(tmp_path):
    corpus = tmp_path / "papers.jsonl"
    corpus.write_text(
        '{"id": "a", "abstract": "We segment cells with a ZU-Net; the ZU-Net is small."}\n'
        '{"id": "b", "abstract": "A ZUNet baseline is weaker."}\n',
        encoding="utf-8",
    )
    review = tmp_path / "review.tsv"
    build_graph([str(corpus)], review_file=review)
    rows = [line.split("\t") for line in review.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert ["merged", "concept:zu-net", "ZU-Net | ZUNet", "spelling"] in rows
    rules = tmp_path / "rules.tsv"
    rules.write_text("split\tZUNet\n", encoding="utf-8")
    G = build_graph([str(corpus)], rules_file=rules)
    assert {"concept:zu-net", "concept:zunet"} <= set(concepts(G))
