"""The concept vocabulary: shipped field knowledge plus terms mined from a large corpus.

Three sources, later ones overriding earlier ones:
  data/vocabulary.tsv      hand-written general ML concepts with types, aliases and parents
  data/terms.tsv           multiword terms mined from ~20k arXiv abstracts (tools/mine_terms.py)
  a user file              same format as vocabulary.tsv, passed as `kg build --vocab FILE`
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from kg.errors import ConfigError
from kg.models import CONCEPT_TYPES
from kg.resolve.normalize import norm_key, singular, unglue


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    parent: str = ""  # key of the parent entry
    curated: bool = True  # False for mined terms: typed by their head word, scored lower
    df: int = 0  # mined terms: how many corpus abstracts used the phrase


@functools.lru_cache(maxsize=1 << 16)
def is_acronym(text: str) -> bool:
    """True for short forms matched case-sensitively: "RL", "CoT", "LoRA", "MLLMs"."""
    core = text[:-1] if text.endswith("s") and len(text) > 2 and text[-2].isupper() else text
    return 2 <= len(core) <= 10 and " " not in core and sum(c.isupper() for c in core) >= 2


def is_curated(entry: Entry | None) -> bool:
    """An entry of the curated vocabulary (not a mined term, not absent)."""
    return entry is not None and entry.curated


# abstracts of the mining corpus that must use a phrase for it to count as a term of the field
TERM_MIN_DF = 3


@dataclass
class Vocabulary:
    entries: dict[str, Entry] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # norm key of any form -> entry key
    acronyms: dict[str, str] = field(default_factory=dict)  # exact short form -> entry key
    phrases: dict[str, str] = field(default_factory=dict)  # phrase key -> entry key, for matching
    first_words: frozenset[str] = frozenset()
    # every leading run of words of a phrase key, each word singular: lets the matcher stop
    # extending a phrase as soon as no key can continue it
    prefixes: frozenset[str] = frozenset()
    max_words: int = 1
    families: tuple[str, ...] = ()
    # phrase key -> how many abstracts of a large arXiv corpus use it (tools/mine_phrase_df.py)
    phrase_df: dict[str, int] = field(default_factory=dict)
    # forms written with a slash ("CNN/DM"), lower case -> entry key: the word matcher reads a
    # slash as a boundary, so these are found in the text as they are written
    slashed: dict[str, str] = field(default_factory=dict)
    slashed_pattern: re.Pattern | None = None
    # keys of datasets and benchmarks named in title case ("Natural Questions"): the words
    # matcher takes them only as written so, not "a natural question arises"
    title_cased: frozenset[str] = frozenset()

    def add(self, entry: Entry) -> None:
        self.entries[entry.key] = entry
        for form in (entry.name, *entry.aliases):
            if "/" in form:
                self.slashed[form.lower()] = entry.key
            if is_acronym(form) and entry.curated:
                self.acronyms[form] = entry.key
                base = form[:-1] if form.endswith("s") and form[-2].isupper() else form
                self.acronyms.setdefault(base, entry.key)
                self.acronyms.setdefault(base + "s", entry.key)
                if "-" in form or any(ch.isdigit() for ch in form):
                    # "Math-500", "Rouge-L": a name with a digit or a hyphen is no English word in
                    # any case, so its case-blind key may name the entry too ("EM", "IT" may not)
                    self.aliases.setdefault(norm_key(form), entry.key)
                continue
            key = norm_key(form)
            if key:
                self.aliases[key] = entry.key
                self.phrases[key] = entry.key

    def finish(self) -> Vocabulary:
        self.first_words = frozenset(k.split(" ", 1)[0] for k in self.phrases)
        prefixes = set()
        for k in self.phrases:
            words = [singular(w) for w in k.split(" ")]
            prefixes.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
        self.prefixes = frozenset(prefixes)
        self.max_words = max((k.count(" ") + 1 for k in self.phrases), default=1)
        self.title_cased = frozenset(
            e.key for e in self.entries.values()
            if e.curated and e.type in ("Dataset", "Benchmark") and " " in e.name
            and all(w[:1].isupper() and w[1:].islower() and w.isalpha() for w in e.name.split())
        )
        if self.slashed:
            forms = sorted(self.slashed, key=lambda f: (-len(f), f))  # the longest form first
            self.slashed_pattern = re.compile(r"(?<![\w/])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w/])", re.I)
        return self

    def lookup(self, text_or_key: str) -> Entry | None:
        """Return the entry a surface form or key names, if any."""
        key = self.aliases.get(text_or_key) or self.aliases.get(norm_key(text_or_key))
        return self.entries.get(key) if key else None


def _data_path(name: str):
    return resources.files("kg.extract").joinpath("data", name)


def _parse_tsv(text: str, source: str, curated: bool = True):
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        name = cols[0].strip()
        etype = cols[1].strip() if len(cols) > 1 and cols[1].strip() else "Concept"
        if etype not in CONCEPT_TYPES:
            raise ConfigError(
                f"unknown concept type {etype!r}",
                source=source,
                line=lineno,
                hint=f"use one of {', '.join(CONCEPT_TYPES)}",
            )
        aliases = tuple(a.strip() for a in cols[2].split("|") if a.strip()) if len(cols) > 2 else ()
        parent = norm_key(cols[3]) if len(cols) > 3 and cols[3].strip() else ""
        yield Entry(norm_key(name), name, etype, aliases, parent, curated)


@functools.lru_cache(maxsize=8)
def load_vocabulary(user_file: str | None = None, use_mined: bool = True) -> Vocabulary:
    """Return the merged vocabulary (cached: it is read once per process)."""
    vocab = Vocabulary()
    from kg.extract.generic import is_mined_term_kept
    from kg.extract.names import looks_like_name
    from kg.extract.phrases import lexicon
    from kg.extract.typing_rules import type_from_head

    lex = lexicon()
    nominal = {"NOUN", "PROPN", "ADJ", None}
    if use_mined:
        mined = _data_path("terms.tsv")
        if mined.is_file():
            for line in mined.read_text(encoding="utf-8").splitlines():
                if line.startswith("#") or not line.strip():
                    continue
                key, surface, df = line.split("\t")
                words = surface.split()
                if any(looks_like_name(w) for w in words):
                    continue  # names are the name extractor's job, typed by their shape
                if any(lex.get(w.lower()) not in nominal for w in words) or lex.get(words[-1].lower()) == "ADJ":
                    continue  # a parser's mistake kept by mining: "paper investigate"
                if not is_mined_term_kept(key.split()):
                    continue  # the generic-word lists may have grown since the file was mined
                # keyed as the resolver keys phrases: "multimodal reasoning" is "multi-modal reasoning",
                # "multimodal models" (as the miner wrote a few keys) "multi-modal model"
                vocab.add(Entry(unglue(norm_key(key)), surface, type_from_head(key), curated=False, df=int(df)))
    text = _data_path("vocabulary.tsv").read_text(encoding="utf-8")
    for entry in _parse_tsv(text, "kg/extract/data/vocabulary.tsv"):
        vocab.add(entry)
    if user_file:
        path = Path(user_file)
        try:
            user_text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read vocabulary file ({exc.strerror})", source=str(path)) from None
        for entry in _parse_tsv(user_text, str(path)):
            vocab.add(entry)
    df_path = _data_path("phrase_df.tsv")
    if use_mined and df_path.is_file():
        for line in df_path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                key, n = line.split("\t")
                vocab.phrase_df[key] = int(n)
    families = [
        line.strip()
        for line in _data_path("model_families.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    vocab.families = tuple(sorted(set(families), key=lambda f: (-len(f), f)))
    return vocab.finish()
