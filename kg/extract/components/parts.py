"""The parts and variants of the paper's own contribution: coined names listed as its parts ("a
two-stage process: A and B") and names built on its name ("X-Lite", "X-7B"), for kg_contributions."""

from __future__ import annotations

import bisect
import re

from kg.extract.components.candidates import Candidate, _mark_proposed
from kg.extract.components.coined import _coined
from kg.extract.contributions import COUNTED_KINDS, core_of_name, type_from_clause

# "a two-stage process:", "three complementary subtasks,", "two key modules": the parts of a whole
_PARTS = re.compile(
    r"\b(?:two|three|four|five|six|several|multiple|[2-9]-)[-\s]*(?:[\w-]+\s+){0,2}?"
    r"(?:stages?|steps?|modules?|components?|sub-?tasks?|phases?|branches?|mechanisms?|innovations?|"
    r"sub-?networks?|blocks?|units?|tracks?|aspects?|pillars?)\b",
    re.I,
)
_ITS_OWN = re.compile(r"\b(?:our|we)\b", re.I)
# "This paper argues ...", "In this work, we ...": the paper speaking of itself
_SPEAKS_OF_ITSELF = re.compile(r"(?:In\s+this\s+(?:paper|work),\s+)?(?:We|Our|This\s+(?:paper|work|study|article))\s")
# the kind words a paper calls its own whole by, once it has named it ("the framework", "this approach")
OWN_KINDS = r"framework|method|approach|system|model|architecture|pipeline"
# "This framework simulates ...": a sentence going on about what the one before was about
_GOES_ON = re.compile(rf"(?:[A-Z]\w+,\s+)?(?:[Ii]t|(?:This|The)\s+(?:{OWN_KINDS}))\s")
# what may follow a listed part's name: punctuation or a clause, after its kind word if it has
# one ("an Iterative Reasoning module for ...")
_PART_AFTER = re.compile(
    r"(?:\s+(?:module|block|layer|mechanism|component|unit|head|branch|network|encoder|decoder|loss|strategy|stage)s?\b)?"
    r"(?:\*\*)?\s*(?:[,(:;.)]|—|--|(?:which|that|for|to|and|where|with)\b)"
)
_ARTICLE_BEFORE = re.compile(r"(?:\b(?:an?|the)\s+(?:novel\s+|new\s+)?)$", re.I)


def _part_shaped(c: Candidate) -> bool:
    """A part's name: a defined term, a coined word, or a title-case run ("Discriminative
    Analysis Module"); not a lone proper noun ("Kronecker", "Lynx") or a piece of one ("3CoT")."""
    if c.extractor == "definition":
        return True
    words = c.text.split()
    if len(words) >= 2:
        return all(w[:1].isupper() for w in words)
    return c.score >= 0.8 and c.text[:1].isalpha()  # a coined word (a lone proper noun scores 0.75)


def _propose_listed_parts(named, sents, sent_starts, first_seen, families, definitions, applied) -> None:
    """"VideoEraser integrates ... via a two-stage process: Selective Prompt Embedding Adjustment
    (SPEA) and Adversarial-Resilient Noise Guidance (ARNG)": the coined names listed as the parts
    of the paper's own contribution are its contributions too; so are the names that open the
    sentences after "We propose three ... methods." and the named core of the paper's system."""
    own = {c.text for c in named if c.proposed}
    proposed = [c for c in named if c.text in own]  # every mention of the paper's own things
    after_own = [False, *own_sentences(sents, sorted(c.start for c in proposed))]
    for c in named:
        if c.proposed or first_seen[c.text] != c.start or not _coined(c, families) or not _part_shaped(c):
            continue
        k = bisect.bisect_right(sent_starts, c.start) - 1
        s0, _s1, sent_text = sents[k]
        at = c.start - s0
        if (
            _opens_a_counted_item(sents, k, sent_text, at, own) or core_of_name(sent_text, at) in own
            or own and ORDINAL_PART.fullmatch(sent_text, 0, at)  # "The second component is SCAM (...)"
        ):
            _mark_proposed(c, c.type, definitions, applied)
            continue
        # an item of the list: "...: A (AA) and B", "(1) a Decomposition Synthesis Procedure that ..."
        head = _ARTICLE_BEFORE.sub("", sent_text[max(0, at - 16) : at])
        if not (_LIST_ITEM_BEFORE.search(head) and _PART_AFTER.match(sent_text, c.end - s0) or c.end - s0 >= len(sent_text) - 1):
            continue
        if _owned_parts(sent_text, s0, at, proposed, after_own[k]) or (
            # "We propose a framework with two components. First, Temporal-Spatial Parallel
            # Decoding (TSPD) uses ...": the sentences after the announcement go through the parts
            _ORDINAL_OPEN.fullmatch(sent_text, 0, at)
            and any(
                _owned_parts(sents[j][2], sents[j][0], len(sents[j][2].rstrip(". ")), proposed, after_own[j])
                for j in range(k - 1, max(-1, k - 4), -1)
            )
        ):
            _mark_proposed(c, c.type, definitions, applied)


# "We propose three family-aware methods.": a counted announcement that ends its sentence, whose
# items the next sentences take up one by one ("Hierarchical Family Voting (HFV) aggregates ...")
_COUNTED_ANNOUNCEMENT = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:also\s+|further\s+|then\s+)?"
    r"(?:propose|introduce|present|develop|design|devise)s?\s+" + COUNTED_KINDS + r"\s*[.:]\s*$",
    re.I,
)
# "AutoSci is organized around four modules.", "It consists of three components.": the paper's
# own whole, counting its parts, which the next sentences take up one by one
_COUNTED_PARTS_OF = re.compile(
    rf"^(?:It|(?:This|The|Our)\s+(?:{OWN_KINDS})|(?P<whole>[A-Z][\w.-]*))\s+(?:is\s+(?:organized|structured|built|composed)"
    r"\s+(?:around|of|from|into)|consists\s+of|comprises|contains|has)\s+" + COUNTED_KINDS + r"\s*[.:]\s*$"
    # "BADGER offers three contributions.", "We make two contributions.": what the next sentences bring
    rf"|^(?:It|We|(?:This|The|Our)\s+(?:{OWN_KINDS}|paper|work)|(?P<owner>[A-Z][\w.-]*))\s+(?:also\s+)?"
    r"(?:offers?|makes?|brings?|provides?)\s+(?P<count2>two|three|four|five)\s+(?:[\w-]+\s+)?contributions\s*[.:]\s*$"
)
COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}  # "several", "six" or "12": too many to follow


def _opens_a_counted_item(sents, k: int, sent_text: str, at: int, own: set[str] = frozenset()) -> bool:
    """Whether a name at offset `at` of sentence `k` opens it (after "First, " at most) within
    the sentences a counted announcement before it ("We propose three ... methods.", "AutoSci is
    organized around four modules.") goes through."""
    if sent_text[:at].strip() and not _ORDINAL_OPEN.fullmatch(sent_text, 0, at):
        return False
    for j in range(k - 1, max(-1, k - 6), -1):
        m = _COUNTED_ANNOUNCEMENT.search(sents[j][2])
        if m is None:
            m = _COUNTED_PARTS_OF.match(sents[j][2])
            whole = m and (m.group("whole") or m.group("owner"))
            if (whole and whole not in own) or (m and not whole and not own and m.group("count2") is None):
                m = None  # the parts of someone else's system, or of a whole the paper has not named
        count = m and (m.group("count") or m.group("count2"))
        if count and count.lower() in COUNT_WORDS:
            return k - j <= COUNT_WORDS[count.lower()]
    return False


def _propose_name_variants(named, families, vocab, definitions, applied) -> None:
    """"CTF-Instruct" after "the CTF-Code benchmark", "AuditRepairBench-Lite" after
    "AuditRepairBench", "JudgeLRM-7B" after "JudgeLRM": a coined name built on the stem of the
    paper's own contribution's name, later in the abstract, is a part or a variant of it; so is
    any name that is the whole of that name, a hyphen and more ("Agent-World-8B", "SCALE-support"),
    wherever it stands and whatever its stem looks like."""
    stems: dict[str, dict[str, int]] = {}
    own: set[str] = set()
    for c in named:
        if c.proposed and c.extractor in ("names", "definition") and len(c.text) >= 3 and c.text[:1].isupper():
            own.add(c.text)
        if c.proposed and c.extractor == "names":
            stem = _name_stem(c.text, vocab)
            if stem:
                uses = stems.setdefault(stem, {})
                uses[c.text] = min(uses.get(c.text, c.start), c.start)
    if own:
        # the whole name of the paper's own thing, a hyphen, then more: "Agent-World-8B" after
        # "Agent-World", "RTT-GRPO" after "RTT", "SCALE-support" after "SCALE"
        for c in named:
            if c.proposed or c.extractor != "names" or c.known or c.vocab_key or vocab.lookup(c.text) is not None:
                continue
            if any(c.text.startswith(name + "-") and len(c.text) > len(name) + 1 for name in own):
                _mark_proposed(c, type_from_clause(c.text) or c.type, definitions, applied)
    if not stems:
        return
    for c in named:
        if c.proposed or c.extractor != "names" or "-" not in c.text or not _coined(c, families):
            continue
        stem = _name_stem(c.text, vocab)
        uses = stems.get(stem or "")
        if not uses or not any(at < c.start for name, at in uses.items() if name != c.text):
            continue
        after = c.text[len(stem) + 1 :].split("-", 1)[0]
        if len(after) >= 3 and after.isalpha() and after.isupper():
            continue  # "UI-TARS-72B" beside "UI-Vision": another system's name, not a variant
        _mark_proposed(c, type_from_clause(c.text) or c.type, definitions, applied)


def _name_stem(name: str, vocab) -> str | None:
    """The coined part a name opens with ("CTF" of "CTF-Code", "AuditRepairBench"), or None
    when that part is a plain word ("Multi", "Self"), too short to be telling, or a term the
    field shares ("CNN-ViT", "LLMs-as-a-jury")."""
    stem = name.split("-", 1)[0]
    if len(stem) < 2 or not stem.isalnum() or stem.isdigit():
        return None
    capitals = sum(ch.isupper() for ch in stem)
    if not (capitals >= 2 or (capitals >= 1 and any(ch.isdigit() for ch in stem))):
        return None
    if stem in vocab.acronyms or stem.rstrip("s") in vocab.acronyms or vocab.lookup(stem) is not None:
        return None
    return stem


# "First, ", "Second, we introduce ": a sentence that takes up the next part of a whole
_ORDINAL_OPEN = re.compile(r"(?:First|Second|Third|Fourth|Finally|Lastly|Next)(?:ly)?,\s+(?:we\s+\w+\s+)?(?:an?\s+|the\s+)?")


# "The first component is ", "The second stage, ": a sentence given to one part of a whole
ORDINAL_PART = re.compile(
    r"The\s+(?:first|second|third|fourth|fifth|final|last)\s+(?:component|module|stage|part|step|phase|mechanism|"
    r"innovation|contribution|agent|branch|layer|block|level|tier)(?:\s+is\s+|\s*,\s*)(?:an?\s+|the\s+)?"
)


def own_sentences(sents, proposed_starts: list[int]) -> list[bool]:
    """Per sentence, whether it is about the paper's own work: it mentions a thing the paper
    proposes, the paper speaks of itself, or it goes on ("It ...", "This framework ...") from one
    that is. "It" or "the framework" opening the sentence after one of these is that work."""
    own: list[bool] = []
    for s0, s1, text in sents:
        at = bisect.bisect_left(proposed_starts, s0)
        own.append(
            at < len(proposed_starts) and proposed_starts[at] < s1
            or bool(_SPEAKS_OF_ITSELF.match(text)) or bool(own and own[-1] and _GOES_ON.match(text))
        )
    return own


def _owned_parts(sent_text: str, s0: int, at: int, proposed, after_own: bool) -> bool:
    """Whether the sentence announces, before offset `at` and in that sentence, the parts of the
    paper's own work ("our framework has two modules", "X comprises three stages", or, right
    after a sentence about the paper's own work, "It consists of two key components")."""
    for m in _PARTS.finditer(sent_text, 0, at):
        owner = (
            any(s0 <= p.start < s0 + m.start() for p in proposed) or _ITS_OWN.search(sent_text, 0, m.start())
            or after_own and _GOES_ON.match(sent_text)
        )
        if owner and sent_text.count(".", m.end(), at) == 0:
            return True
    return False


# the head of an enumerated item: after "(1) ", "(ii) ", ": ", ", ", "; ", "and ", "**",
# and followed by ",", "(", ":", "**" or "which"
_LIST_ITEM_BEFORE = re.compile(r"(?:\(\w{1,4}\)\s*|\b\w{1,4}\)\s*|[:;,]\s*|\band\s+|\*\*)(?:\*\*)?$")
_LIST_ITEM_AFTER = re.compile(r"(?:\*\*)?\s*(?:[,(:;]|—|--|which\b|that\b)")
