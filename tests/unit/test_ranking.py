"""The link ranker: shipped weights, feature determinism, and how the resolver applies it."""

import json
from pathlib import Path

import pytest

from kg.extract.pipeline import extract
from kg.extract.vocabulary import load_vocabulary
from kg.models import Paper
from kg.resolve import ranking
from kg.resolve.ranking import (
    FEATURE_NAMES,
    Evidence,
    InPaper,
    LinkRanker,
    NamedShares,
    TreeEnsemble,
    WordFacts,
    feature_matrix,
    features,
)
from kg.resolve.resolver import Resolver

ABSTRACT = (
    "Group Relative Policy Optimization (GRPO) trains reasoning models with verifiable rewards. "
    "We propose Sparse Reward Shaping (SRS), a method that densifies the reward of GRPO. "
    "On AIME25 and MATH500, SRS improves pass@1 accuracy over PPO and DAPO. "
    "Our key insight is that reward shaping with dense token credit assignment reduces variance "
    "in long chain-of-thought rollouts, and token credit assignment also stabilizes training."
)


@pytest.fixture(scope="module")
def extracted():
    return list(extract([Paper(id="p0", abstract=ABSTRACT, title="Sparse Reward Shaping for GRPO")]))


def links_with(extracted, ranker, cap=15):
    res = Resolver(load_vocabulary(), max_per_paper=cap, ranker=ranker).resolve(extracted)
    return res.links


def test_shipped_trees_read_only_known_features():
    ranker = LinkRanker.load()
    assert ranker.trees is not None and set(ranker.trees.inputs) <= set(FEATURE_NAMES)
    assert 0.0 < ranker.threshold < ranker.unsupported_threshold < 1.0


def test_strong_evidence_outranks_a_generic_phrase_written_once():
    ranker = LinkRanker.load()
    defined = Evidence(role="USES", extractor="definition", type="Method", score=0.9, extractors={"definition", "names"},
                       uses=3, first=0.0, in_title=True, words=4)
    generic = Evidence(role="MENTIONS", extractor="phrases", type="Concept", score=0.5, extractors={"phrases"},
                       uses=1, first=0.8, field_df=400, words=2, generic_head=True)
    assert ranker.probability(defined) > 0.8 > 0.2 > ranker.probability(generic)


def test_features_do_not_depend_on_set_order():
    a = Evidence(role="USES", extractor="names", type="Model", score=0.8, extractors={"names", "vocabulary", "terms"})
    b = Evidence(role="USES", extractor="names", type="Model", score=0.8, extractors={"terms", "names", "vocabulary"})
    assert list(features(a).items()) == list(features(b).items())


def test_the_cap_and_the_threshold_bound_a_papers_links(extracted):
    everything = links_with(extracted, LinkRanker({}, threshold=0.0), cap=10**6)  # p = 0.5 for every candidate
    assert len(everything) > 8
    capped = links_with(extracted, LinkRanker({}, threshold=0.0), cap=5)
    # parents of kept names ("contained" links) come on top of the cap
    assert sum(lk.mention.extractor != "contained" for lk in capped) == 5
    # above every probability, only what the paper proposes is kept
    proposed = links_with(extracted, LinkRanker({}, threshold=1.01))
    assert {lk.role for lk in proposed} == {"PROPOSES"}
    assert [lk.concept_id for lk in proposed] == ["concept:sparse-reward-shaping"]


def test_weights_steer_the_choice(extracted):
    """With a weight only on the title, only what the title names passes the threshold."""
    ranker = LinkRanker({"in_title": 5.0, "bias": -2.0}, threshold=0.5)
    kept = {lk.concept_id for lk in links_with(extracted, ranker) if lk.role != "PROPOSES"}
    assert kept == {"concept:group-relative-policy-optimization", "concept:reward-shaping"}


def test_shipped_file_is_what_the_trainer_writes():
    data = json.loads((Path(__file__).resolve().parents[2] / "kg/resolve/data/ranker.json").read_text(encoding="utf-8"))
    # the seeds and the tagger's read sets; held-out 30 on measure both models from outside
    assert list(data["trained_on"]) == ["seeds", "arxiv40", *(f"heldout{n}" for n in range(1, 30))]
    assert data["trained_on"]["heldout29"] == "tests/data/gold_heldout29/heldout29_40.jsonl"
    assert data["positives"] < data["examples"]
    # the tagger trained on the same sets: its evidence gets no weight of its own
    assert not any("tagger" in name for name in data["trees"]["inputs"])
    assert len(data["trees"]["trees"]) == data["rounds"]


def evidence_of(extracted) -> list[Evidence]:
    seen = []

    class Spy(Resolver):
        def candidates(self, keyed):
            for paper, cands in super().candidates(keyed):
                seen.extend(ev for _lk, ev in cands)
                yield paper, cands

    Spy(load_vocabulary()).resolve(extracted)
    return seen


def test_the_weighted_sum_is_over_the_features(extracted):
    """The weighted sum reads feature_matrix(): its probability must be the logistic of the
    weights times features(), on real evidence."""
    import math
    import random

    rng = random.Random(7)
    ranker = LinkRanker({name: rng.uniform(-2, 2) for name in FEATURE_NAMES}, threshold=0.15)
    seen = evidence_of(extracted)
    assert len(seen) > 8
    for ev in seen:
        z = sum(ranker.weights.get(name, 0.0) * value for name, value in features(ev).items())
        assert ranker.probability(ev) == pytest.approx(1 / (1 + math.exp(-z)), abs=1e-12)


def test_a_concept_ranked_last_goes_in_only_where_the_paper_has_room(extracted):
    ranker = LinkRanker({}, threshold=0.0)  # every candidate equally likely: the text's order decides
    everything = {lk.concept_id for lk in links_with(extracted, ranker, cap=10**6)}
    first = [lk for lk in links_with(extracted, ranker, cap=4) if lk.mention.extractor != "contained"]
    ours = {lk.concept_id for lk in first if lk.role == "PROPOSES"}
    ranked_last = frozenset(lk.concept_id for lk in first) - ours
    assert ours == {"concept:sparse-reward-shaping"} and len(ranked_last) == 3
    last = LinkRanker({}, threshold=0.0, rank_last=ranked_last)
    capped = {lk.concept_id for lk in links_with(extracted, last, cap=4) if lk.mention.extractor != "contained"}
    # the three that came first are now behind every other candidate (a contribution never is)
    assert len(capped) == 4 and ours <= capped and not capped & ranked_last
    # ... but with room for all, nothing is lost
    assert {lk.concept_id for lk in links_with(extracted, last, cap=10**6)} == everything


def test_the_trainer_ranks_last_what_annotators_name_least():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from train_ranker import RANK_LAST_MIN_PAPERS, rank_last

    n = RANK_LAST_MIN_PAPERS
    rows = [({}, 0, "concept:broad", False)] * n  # offered n times, never gold
    rows += [({}, 1, "concept:named", False)] * n
    rows += [({}, 0, "concept:rare", False)] * (n - 1)  # too few papers to tell
    rows += [({}, 0, "concept:ours", True)] * n  # a contribution is never ranked last
    assert rank_last(rows) == ["concept:broad"]
    rows = [(f, y, c, p, ("w", "w")) for f, y, c, p in rows]  # as examples() writes them
    assert rank_last(rows) == ["concept:broad"]
    data = json.loads((Path(__file__).resolve().parents[2] / "kg/resolve/data/ranker.json").read_text(encoding="utf-8"))
    assert "concept:reasoning" in data["rank_last"] and "concept:group-relative-policy-optimization" not in data["rank_last"]


def test_key_words_are_the_resolvers_words():
    from kg.resolve.ranking import key_words

    assert key_words("Large Language Models' KV-caches") == ["large", "language", "model", "kv", "cache"]
    assert key_words("chains_of-thought") == ["chain", "of", "thought"]


def test_a_words_rarity_is_its_inverse_field_count():
    """The rarest word decides `rarest`; a word the table lacks is as rare as a word can be;
    a single word has no modifier cluster."""
    import math

    from kg.resolve.ranking import WordFacts, _word_df, word_facts

    total, df = _word_df()
    assert total > 20_000 and df["analysis"] > 1_000
    made_up = word_facts("zzqxv analysis")
    assert made_up.first == pytest.approx(math.log(total + 1) / 10)
    assert made_up.head == pytest.approx((math.log(total + 1) - math.log(df["analysis"] + 1)) / 10)
    assert made_up.rarest == made_up.first > made_up.head
    assert made_up.mean == pytest.approx((made_up.first + made_up.head) / 2)
    assert made_up.modifier_cluster == -1 and made_up.head_cluster >= 0
    assert word_facts("analyses") == word_facts("analysis")  # the key's singular
    assert word_facts("safety").modifier_cluster == -1
    assert word_facts("") == WordFacts()


def test_a_weak_phrase_nothing_corroborates_passes_only_its_own_bar():
    """Phrases written once that the field does not write either reach the ranker marked
    unsupported, and are linked only over the ranker's unsupported_threshold (never, when the
    weights file sets none); corroborated candidates keep the ordinary threshold."""
    text = ("We propose Sparse Reward Shaping (SRS), a method that densifies the reward of GRPO. "
            "It keeps memory use low while handling turbulent orchard imagery and quiet harbor scenes.")
    extracted = list(extract([Paper(id="p0", abstract=text, title="Sparse Reward Shaping")]))
    seen = {}

    class Spy(Resolver):
        def candidates(self, keyed):
            for paper, cands in super().candidates(keyed):
                seen.update((lk.concept_id, ev.unsupported) for lk, ev in cands)
                yield paper, cands

    def linked(ranker):
        return {lk.concept_id for lk in Spy(load_vocabulary(), ranker=ranker).resolve(extracted).links}

    corroborated = {"concept:sparse-reward-shaping", "concept:group-relative-policy-optimization"}
    unsupported = {"concept:memory-use", "concept:turbulent-orchard-imagery", "concept:quiet-harbor-scene"}
    assert linked(LinkRanker({}, threshold=0.0)) == corroborated  # every p is 0.5
    assert seen == {**dict.fromkeys(corroborated, False), **dict.fromkeys(unsupported, True)}
    assert linked(LinkRanker({}, threshold=0.0, unsupported_threshold=0.5)) == corroborated | unsupported
    assert linked(LinkRanker({}, threshold=0.0, unsupported_threshold=0.51)) == corroborated
    # the weight of the unsupported feature counts for them alone
    assert linked(LinkRanker({"unsupported": 1.0}, threshold=0.6, unsupported_threshold=0.7)) == (
        unsupported | {"concept:sparse-reward-shaping"}  # a contribution passes any bar
    )


def test_the_feature_matrix_holds_the_features(extracted):
    """feature_matrix() builds features() column by column: the same numbers, for every name."""
    seen = evidence_of(extracted)
    seen.append(Evidence(role="MENTIONS", extractor="phrases", type="Concept", score=0.4, extractors={"phrases", "tagger"},
                         uses=2, first=0.1, field_df=150, words=7, unsupported=True,
                         word_facts=WordFacts(0.9, 0.8, 0.7, 0.6, head_cluster=5, modifier_cluster=63)))
    shares = NamedShares({"shaping": (4, 3), "phrase": (9, 0)}, {"reward": (2, 1)})
    for table in (None, shares):
        X = feature_matrix(seen, FEATURE_NAMES, table)
        assert X.shape == (len(seen), len(FEATURE_NAMES))
        for row, ev in zip(X, seen):
            f = features(ev, table)
            assert row.tolist() == [f.get(name, 0.0) for name in FEATURE_NAMES]
    assert {ev.word_facts.head_word for ev in seen} >= {"shaping", "assignment"}


def test_candidates_scored_a_few_at_a_time_link_as_all_at_once(extracted, monkeypatch):
    """The resolver scores candidates BATCH at a time and drops their evidence (memory at 32k
    abstracts); the links are those of scoring every candidate together."""
    import kg.resolve.resolver as resolver_module

    papers = extracted * 3  # three papers, the same abstract: the candidates outnumber the batch
    papers = [(Paper(id=f"p{k}", abstract=p.abstract, title=p.title), ms) for k, (p, ms) in enumerate(papers)]
    whole = [(lk.paper_id, lk.concept_id, lk.score) for lk in Resolver(load_vocabulary()).resolve(papers).links]
    monkeypatch.setattr(resolver_module, "BATCH", 7)
    monkeypatch.setattr(ranking, "BATCH", 7)
    parts = [(lk.paper_id, lk.concept_id, lk.score) for lk in Resolver(load_vocabulary()).resolve(papers).links]
    assert parts == whole and len({pid for pid, _c, _s in whole}) == 3


def test_named_shares_are_smoothed_toward_the_prior():
    """A word's share of named candidates is (named + prior * strength) / (seen + strength): a
    word never seen gets the prior; `seen` is log(1 + candidates) / 5."""
    import math

    shares = NamedShares({"framework": (95, 0), "distillation": (5, 5)}, {"policy": (3, 1)}, prior=0.2, strength=5.0)
    head_named, head_seen, first_named, first_seen = shares.values("framework", "policy")
    assert head_named == pytest.approx(1.0 / 100) and head_seen == pytest.approx(math.log(96) / 5)
    assert first_named == pytest.approx(2.0 / 8) and first_seen == pytest.approx(math.log(4) / 5)
    assert shares.values("distillation", "unseen") == pytest.approx((6.0 / 10, math.log(6) / 5, 0.2, 0.0))
    ev = Evidence(role="MENTIONS", extractor="phrases", type="Method", score=0.5,
                  word_facts=WordFacts(head_word="distillation", first_word="policy"))
    f = features(ev, shares)
    assert [f[name] for name in ranking.SHARE_FEATURES] == pytest.approx([0.6, math.log(6) / 5, 0.25, math.log(4) / 5])
    assert not set(ranking.SHARE_FEATURES) & set(features(ev))  # no table, no shares


def test_the_shipped_ranker_reads_its_named_shares():
    """ranker.json carries the table its trees were trained with, counted on the tagger's sets."""
    ranker = LinkRanker.load()
    assert ranker.shares is not None and set(ranking.SHARE_FEATURES) & set(ranker.trees.inputs)
    assert len(ranker.shares.head) > 1000 and all(n >= 2 for n, _gold in ranker.shares.head.values())
    few, seen, _f, _fs = ranker.shares.values("performance", "performance")
    assert few < ranker.shares.prior and seen > 0.8  # it ends a hundred candidates, few key concepts
    assert ranker.shares.values("detection", "detection")[0] > 0.5


# two trees over ("score", "in_title"): the first splits on score at 0.5, then on the title; the
# second gives +1 to everything in the title
TREES = [
    [[0, 0.5, 1, 2, 0.0], [-1, 0.0, -1, -1, -1.0], [1, 0.5, 3, 4, 0.0], [-1, 0.0, -1, -1, 0.5], [-1, 0.0, -1, -1, 2.0]],
    [[1, 0.5, 1, 2, 0.0], [-1, 0.0, -1, -1, 0.0], [-1, 0.0, -1, -1, 1.0]],
]


def test_trees_add_the_leaves_each_row_reaches(monkeypatch):
    import numpy as np

    trees = TreeEnsemble(["score", "in_title"], -0.25, TREES)
    X = np.array([[0.2, 0.0], [0.2, 1.0], [0.9, 0.0], [0.9, 1.0], [0.5, 1.0]])
    assert trees.margins(X).tolist() == [-1.25, -0.25, 0.25, 2.75, -0.25]
    monkeypatch.setattr(ranking, "BATCH", 2)  # batches give the same numbers
    assert trees.margins(X).tolist() == [-1.25, -0.25, 0.25, 2.75, -0.25]


def test_a_ranker_with_trees_scores_a_batch_as_one_by_one(extracted, monkeypatch):
    import math

    ranker = LinkRanker({}, threshold=0.6, trees=TreeEnsemble(["score", "in_title"], -0.25, TREES))
    seen = evidence_of(extracted)
    batch = ranker.probabilities(seen)
    assert batch == [ranker.probability(ev) for ev in seen]
    monkeypatch.setattr(ranking, "BATCH", 3)  # in batches of three: the same numbers
    assert ranker.probabilities(seen) == batch
    for ev, p in zip(seen, batch):
        leaves = (-1.0 if ev.score <= 0.5 else 2.0 if ev.in_title else 0.5) + (1.0 if ev.in_title else 0.0)
        assert p == pytest.approx(1 / (1 + math.exp(-(-0.25 + leaves))), abs=1e-12)
    # through the resolver: only what the title names with a score over 0.5, or the paper proposes, passes 0.6
    kept = {lk.concept_id for lk in links_with(extracted, ranker) if lk.role != "PROPOSES"}
    assert kept == {"concept:group-relative-policy-optimization", "concept:reward-shaping"}


def test_the_trainer_counts_named_shares_out_of_sample():
    """Each tagger set's rows read the shares of the other folds; the seeds' rows and the shipped
    table, those of every tagger set; words of fewer than SHARES_MIN_CANDIDATES candidates and
    contributions are not counted."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import train_ranker

    first, second = train_ranker.TAGGER_FOLDS[0][0], train_ranker.TAGGER_FOLDS[1][0]
    row = lambda y, head, proposed=False: ({}, y, "c", proposed, (head, "x"), "p")  # noqa: E731
    rows_of = {
        "seeds": [row(1, "method")],
        first: [row(1, "method"), row(1, "method"), row(0, "rare"), row(1, "framework", proposed=True)],
        second: [row(0, "method"), row(0, "method"), row(0, "framework"), row(0, "framework")],
    }
    shipped = train_ranker.add_named_shares(rows_of)
    assert shipped["head"] == {"framework": [2, 0], "method": [4, 2]} and shipped["first"] == {"x": [7, 2]}
    p, k = NamedShares.prior, NamedShares.strength
    named = {name: [f["head_named"] for f, *_ in rows] for name, rows in rows_of.items()}
    assert named["seeds"] == pytest.approx([(2 + p * k) / (4 + k)])
    assert named[first][0] == pytest.approx((0 + p * k) / (2 + k))  # counted on the second set alone
    assert named[second][0] == pytest.approx((2 + p * k) / (2 + k))
    assert named[first][2] == pytest.approx(p)  # "rare": one candidate, left out of the table


def test_a_probability_is_read_again_beside_the_rest_of_its_paper():
    """InPaper: logit(q) = w . (1, logit p, log(1 + the paper's sum), unsupported, unsupported * logit p),
    the sum over the paper's candidates but its contributions, whose probability stays as it is."""
    import math

    in_paper = InPaper([0.0, 1.0, -1.0, 0.0, 0.0])  # q = p / (p + (1 - p) * (1 + sum))
    p = [0.5, 0.5, 0.9, 0.5, 0.9, 0.9, 0.9]
    paper = [0, 0, 0, 1, 1, 1, 1]
    proposes = [False, False, True, False, False, False, False]
    q = in_paper.probabilities(p, paper, [False] * 7, proposes)
    assert q[0] == q[1] == pytest.approx(1 / 3)  # paper 0 sums to 1.0 (its contribution aside)
    assert q[2] == 0.9
    assert q[3] == pytest.approx(1 / 5.2)  # paper 1 sums to 3.2: the same 0.5 is worth less there
    assert q[4] == pytest.approx(0.9 / (0.9 + 0.1 * 4.2))
    # a weak phrase nothing corroborates gets its own terms
    again = InPaper([0.0, 1.0, -1.0, math.log(2), 1.0]).probabilities([0.5, 0.5], [0, 0], [True, False], [False, False])
    assert again[0] == pytest.approx(2 / 4) and again[1] == pytest.approx(1 / 3)
    assert in_paper.probabilities([], [], [], []) == []
    with pytest.raises(ValueError, match="in_paper needs 5 weights"):
        InPaper([1.0, 2.0])


def test_the_resolver_reads_each_paper_s_probabilities_together(extracted):
    """Every candidate at 0.5, read again as 1 / (2 + the paper's sum): both of a short paper's two
    candidates pass a bar of 0.2 (1 / 3); none of the long fixture paper's many does (its sum is
    over 3), but its contribution, which keeps its own probability."""
    short = list(extract([Paper(id="p1", abstract="We evaluate GPT-4o on MATH500.", title="")]))
    papers = extracted + short
    plain = LinkRanker({}, threshold=0.0)
    everything = links_with(papers, plain, cap=10**6)
    read_again = LinkRanker({}, threshold=0.2, in_paper=InPaper([0.0, 0.0, -1.0, 0.0, 0.0]))
    kept = links_with(papers, read_again, cap=10**6)
    by_paper = lambda links, pid: {lk.concept_id for lk in links if lk.paper_id == pid}  # noqa: E731
    assert by_paper(kept, "p1") == by_paper(everything, "p1") == {"concept:gpt-4o", "concept:math500"}
    assert by_paper(kept, "p0") == {"concept:sparse-reward-shaping"} < by_paper(everything, "p0")


def test_the_shipped_ranker_reads_probabilities_beside_the_paper():
    """ranker.json's InPaper, learned out of fold: a candidate's own probability counts for it,
    a paper whose candidates promise many key concepts against it."""
    ranker = LinkRanker.load()
    assert ranker.in_paper is not None
    w = dict(zip(ranking.IN_PAPER_INPUTS, ranker.in_paper.weights))
    assert w["logit"] > 0.5 and w["log_paper_sum"] < -0.5


def test_the_trainer_reads_every_row_with_a_model_fitted_without_its_fold(monkeypatch):
    """out_of_fold(): the tagger's folds and the seeds, each scored by a model that never saw it."""
    import sys

    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import train_ranker

    first, second = train_ranker.TAGGER_FOLDS[0][0], train_ranker.TAGGER_FOLDS[1][0]
    sets = ["seeds", first, first, second]
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    fitted_on = []

    def fitted(X_train, _y, _logistic):
        fitted_on.append(sorted(X_train[:, 0].tolist()))
        return lambda Z: np.full(len(Z), float(len(fitted_on)))

    monkeypatch.setattr(train_ranker, "_fitted", fitted)
    p = train_ranker.out_of_fold(sets, X, np.zeros(4), logistic=False)
    # fold 0 (first) is fitted without rows 1-2, fold 1 (second) without row 3, the seeds without row 0
    assert fitted_on[0] == [0.0, 3.0] and fitted_on[1] == [0.0, 1.0, 2.0] and fitted_on[-1] == [1.0, 2.0, 3.0]
    assert p.tolist() == [float(len(fitted_on)), 1.0, 1.0, 2.0]


def test_the_trainer_learns_that_a_crowded_paper_makes_each_candidate_less_likely():
    """fit_in_paper(): where a paper's candidates promise few key concepts, more of them are gold;
    the fitted weight of the paper's sum is negative, that of the candidate's own probability
    positive, contributions stay out, and the sums are read within their 1st-99th percentile."""
    import sys

    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import train_ranker

    rows, p, sets = [], [], []
    for k in range(40):
        crowded = k % 2 == 1
        probabilities = [0.3, 0.4, 0.5, 0.6] * (5 if crowded else 1)
        for q in probabilities:
            gold = q >= (0.6 if crowded else 0.4)  # 5 of 20 against 3 of 4, the likelier ones
            rows.append(({}, int(gold), "c", False, ("w", "w"), f"p{k}"))
            p.append(q)
            sets.append("seeds")
        rows.append(({}, 1, "ours", True, ("w", "w"), f"p{k}"))  # a contribution: never counted
        p.append(0.99)
        sets.append("seeds")
    doc = train_ranker.fit_in_paper(sets, rows, np.array(p))
    w = dict(zip(doc["inputs"], doc["weights"]))
    assert doc["inputs"] == list(ranking.IN_PAPER_INPUTS)
    assert w["log_paper_sum"] < -1.0 and w["logit"] > 0.0
    assert doc["sum_range"] == [1.8, 9.0]  # the two kinds of paper's sums, 0.3+0.4+0.5+0.6 and five times that
