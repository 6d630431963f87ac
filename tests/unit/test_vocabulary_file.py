"""The shipped vocabulary is well formed: kg's matcher and resolver trust it."""

import collections
from importlib import resources

from kg.extract.vocabulary import is_acronym, load_vocabulary
from kg.resolve.normalize import norm_key

TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}


def _rows():
    text = resources.files("kg.extract").joinpath("data", "vocabulary.tsv").read_text(encoding="utf-8")
    for lineno, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            yield lineno, line.split("\t")


def test_every_entry_has_a_name_a_known_type_and_at_most_aliases_and_a_parent():
    bad = [(n, f) for n, f in _rows() if not 2 <= len(f) <= 4 or not f[0].strip() or f[1] not in TYPES]
    assert bad == []


def test_no_form_names_two_entries():
    """A form two entries claim would link one to the other's papers. Short forms match by
    case ("SAM" is not "sam"), everything else by its normalization key."""
    owners = collections.defaultdict(set)
    for _n, f in _rows():
        aliases = [a for a in f[2].split("|") if a] if len(f) > 2 else []
        for form in (f[0], *aliases):
            owners[form if is_acronym(form) else norm_key(form)].add(f[0])
    assert {k: v for k, v in owners.items() if len(v) > 1} == {}


def test_every_parent_is_an_entry():
    names = {f[0].lower() for _n, f in _rows()}
    assert [(n, f[3]) for n, f in _rows() if len(f) == 4 and f[3] and f[3].lower() not in names] == []


def test_the_vocabulary_covers_each_kind_of_concept():
    vocab = load_vocabulary()
    kinds = collections.Counter(e.type for e in vocab.entries.values() if e.curated)
    assert sum(kinds.values()) >= 2000
    assert all(kinds[t] >= 100 for t in TYPES)
