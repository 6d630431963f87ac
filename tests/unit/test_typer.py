"""The type reader: what it reads of a concept, its words' shares, and that it changes concept
types only, never which papers link to what (kg.resolve.typer)."""

import json
import sys
from pathlib import Path

import pytest

from kg.extract.pipeline import extract
from kg.extract.vocabulary import load_vocabulary
from kg.models import CONCEPT_TYPES, Paper
from kg.resolve.ranking import TreeEnsemble
from kg.resolve.resolver import Resolver
from kg.resolve.typer import (
    FEATURES,
    SHARE_FEATURES,
    TYPE_FEATURES,
    Seen,
    TypeReader,
    TypeShares,
    type_features,
)

ROOT = Path(__file__).resolve().parents[2]

PAPERS = [
    Paper(
        "p1",
        "We introduce FooBench, a benchmark of 500 chart questions. We evaluate Qwen2.5-VL and "
        "our method, Chart Lens, on FooBench and on ChartQA, and report exact-match accuracy. "
        "Chart Lens uses contrastive decoding for chart understanding.",
        title="FooBench: Charts Are Hard",
    ),
    Paper(
        "p2",
        "We study chart understanding with vision-language models. Contrastive decoding improves "
        "exact-match accuracy on FooBench by 4 points.",
    ),
]


def _features(key="policy optimization", name=None, votes=None, rule="Method", entry="", defined=False, seen=()):
    row = type_features(key, name or key, {"Method": 2.0, "Concept": 1.0} if votes is None else votes, rule, entry, defined, list(seen))
    assert len(row) == len(TYPE_FEATURES)
    return dict(zip(TYPE_FEATURES, row))


def test_the_features_of_a_concept_read_its_votes_its_head_and_its_shape():
    f = _features()
    assert (f["vote:Method"], f["vote:Concept"], f["vote:Model"]) == (pytest.approx(2 / 3), pytest.approx(1 / 3), 0.0)
    assert (f["rule:Method"], f["head:Method"], f["entry:Method"]) == (1.0, 1.0, 0.0)
    assert (f["lower"], f["acronym"], f["title_case"], f["words"]) == (1.0, 0.0, 0.0, 2 / 6)
    g = _features("grpo", "GRPO", votes={}, rule="", entry="Method", defined=True)
    assert (g["acronym"], g["defined"], g["entry:Method"], g["votes"], g["vote:Method"]) == (1.0, 1.0, 1.0, 0.0, 0.0)
    h = _features("qwen2.5 vl", "Qwen2.5-VL", votes={"Model": 1.0}, rule="Model")
    assert (h["digit"], h["hyphen"], h["inner_capital"], h["head:Concept"]) == (1.0, 1.0, 0.0, 1.0)


def test_the_features_read_the_words_around_each_linked_mention():
    seen = [
        Seen("FooBench", "We evaluate our method on FooBench and report accuracy.", "EVALUATES_ON", "names"),
        Seen("FooBench", "The FooBench dataset holds 500 questions.", "PROPOSES", "names"),
        Seen("FooBench", "A sentence that does not hold the name.", "MENTIONS", "tagger"),
    ]
    f = _features("foobench", "FooBench", seen=seen)
    assert (f["before:on"], f["after:dataset"], f["before:for"], f["after:benchmark"]) == (1 / 3, 1 / 3, 0.0, 0.0)
    assert (f["role:EVALUATES_ON"], f["role:PROPOSES"], f["extractor:names"], f["extractor:tagger"]) == (1 / 3, 1 / 3, 2 / 3, 1 / 3)
    assert f["papers"] == pytest.approx(1.3863, abs=1e-4)  # log(1 + 3 links)
    assert f["inner_capital"] == 1.0


def test_type_shares_count_words_seen_often_enough_and_smooth_toward_the_prior():
    rows = [(("detection", "object", 7), "Task")] * 3 + [(("detection", "", 7), "Method")] + [(("loss", "focal", 7), "Method")]
    shares = TypeShares.counted(rows, min_count=3, strength=5.0)
    task, method = CONCEPT_TYPES.index("Task"), CONCEPT_TYPES.index("Method")
    assert shares.head == {"detection": tuple(3 if k == task else 1 if k == method else 0 for k in range(len(CONCEPT_TYPES)))}
    assert shares.first == {"object": tuple(3 if k == task else 0 for k in range(len(CONCEPT_TYPES)))}
    assert list(shares.cluster) == [7] and sum(shares.cluster[7]) == 5
    assert shares.prior[task] == 0.6 and shares.prior[method] == 0.4
    values = dict(zip(SHARE_FEATURES, shares.values(("detection", "", 7))))
    assert values["head_share:Task"] == pytest.approx((3 + 5 * 0.6) / (4 + 5))
    assert values["first_share:Task"] == pytest.approx(0.6)  # no first word: the prior
    assert values["head_seen"] == pytest.approx(0.3219, abs=1e-4)  # log(1 + 4) / 5
    assert values["first_seen"] == 0.0
    # "loss" is seen once: left out of the table, its share is the prior
    assert dict(zip(SHARE_FEATURES, shares.values(("loss", "focal", -1))))["head_share:Method"] == pytest.approx(0.4)
    again = TypeShares.from_doc(json.loads(json.dumps(shares.doc())))
    assert again.values(("detection", "object", 7)) == shares.values(("detection", "object", 7))


def _always(ctype: str) -> TypeReader:
    """A reader whose every ensemble is one leaf: `ctype` scores highest for every concept."""
    leaf = lambda margin: TreeEnsemble([], margin, [[[-1, 0.0, -1, -1, 0.0]]])  # noqa: E731
    return TypeReader({t: leaf(3.0 if t == ctype else -3.0) for t in CONCEPT_TYPES}, TypeShares({}, {}, {}, (0.125,) * 8))


def _resolved(typer):
    """The paper -> concept links the ranker chose (not the parents lineage adds, which read the
    types) and each concept's type by name."""
    res = Resolver(load_vocabulary(), typer=typer).resolve(list(extract(PAPERS)))
    links = sorted((lk.paper_id, lk.concept_id, lk.role) for lk in res.links if lk.mention.extractor != "contained")
    return links, {c.name: c.type for c in res.concepts.values()}


def test_the_reader_changes_types_only_and_keeps_curated_entries_and_benchmarks():
    rules_links, rules = _resolved(False)
    links, read = _resolved(_always("Task"))
    assert links == rules_links
    vocab = load_vocabulary()
    curated = {e.name for e in vocab.entries.values() if e.curated} | {a for e in vocab.entries.values() if e.curated for a in e.aliases}
    changed = sorted(name for name in rules.keys() & read.keys() if rules[name] != read[name])
    assert all(read[name] == "Task" and name not in curated for name in changed)
    # every concept the vocabulary does not curate ("contrastive decoding" and "vision-language
    # model" it does), a benchmark too: a reading of a task may overturn the rules'
    assert changed == ["Chart Lens", "FooBench", "Qwen2.5-VL", "chart questions", "exact-match accuracy"]
    # ... a reading of a concept, metric or method may not
    _links, concept = _resolved(_always("Concept"))
    assert concept["FooBench"] == concept["ChartQA"] == "Benchmark" and concept["Qwen2.5-VL"] == "Concept"
    # a model read as a task is no longer a model: no family node is made for it
    assert "Qwen" in rules and "Qwen" not in read


def test_the_shipped_reader_reads_only_its_features_and_types_as_the_annotators_would():
    reader = TypeReader.load()
    assert reader.types == CONCEPT_TYPES
    assert all(set(e.inputs) <= set(FEATURES) for e in reader.ensembles)
    first_links, first = _resolved(True)
    second_links, second = _resolved(True)
    rules_links, _rules = _resolved(False)
    assert first == second and first_links == second_links == rules_links
    assert (first["FooBench"], first["Qwen2.5-VL"], first["contrastive decoding"]) == ("Benchmark", "Model", "Method")
    assert (first["chart understanding"], first["exact-match accuracy"]) == ("Task", "Metric")


def test_the_shipped_file_is_what_the_trainer_writes():
    data = json.loads((ROOT / "kg/resolve/data/typer.json").read_text(encoding="utf-8"))
    sys.path.insert(0, str(ROOT))
    from tools.train_typer import TREES

    assert list(data["trees"]) == list(CONCEPT_TYPES)
    assert all(len(doc["trees"]) == TREES["rounds"] for doc in data["trees"].values())
    assert "heldout1" in data["trained_on"] and "seeds" in data["trained_on"]
    assert data["shares"]["head"] and len(data["shares"]["prior"]) == len(CONCEPT_TYPES)


def test_the_trainer_counts_each_rows_word_shares_on_the_other_sets():
    """A row's share features are counted without its own set (its own type is not among its
    inputs); the shipped shares count every row."""
    sys.path.insert(0, str(ROOT))
    from tools.train_typer import design, shares_of

    row = lambda ctype, head: (([0.0] * len(TYPE_FEATURES), (head, "", -1)), ctype, "Concept")  # noqa: E731
    rows = [row("Task", "detection")] * 3 + [row("Method", "detection")] * 3
    sets = ["a"] * 3 + ["b"] * 3
    X = design(rows, sets)
    assert X.shape == (6, 1 + len(FEATURES)) and (X[:, 0] == 1.0).all()
    head_task = 1 + FEATURES.index("head_share:Task")
    # set a's rows read set b's three methods; b's read a's three tasks
    assert X[0, head_task] == pytest.approx((0 + 5 * 0.0) / (3 + 5))
    assert X[3, head_task] == pytest.approx((3 + 5 * 1.0) / (3 + 5))
    assert shares_of(rows).head == {"detection": tuple(3 if t in ("Task", "Method") else 0 for t in CONCEPT_TYPES)}
