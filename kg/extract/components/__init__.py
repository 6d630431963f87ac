"""spaCy pipeline components that find concept candidates in an abstract.

Each component adds :class:`Candidate` records to ``doc.user_data["kg"]``; they run on a
blank English pipeline (tokenizer + sentencizer), so no statistical model is needed.
Order matters: definitions first, so later components know the paper's acronyms.

One module per component, in the order kg/extract/pipeline.py runs them: kg_prepare
(prepare.py), kg_definitions (definitions.py), kg_names (names.py), kg_terms (terms.py),
kg_phrases (phrases.py), kg_contributions (contributions.py, with its first pass over the
announcement clauses in announcements.py and its helpers in coined.py, conjuncts.py, parts.py,
repository.py and title_name.py) and kg_tagger (tagger.py).
candidates.py holds the Candidate record and what several components share. Importing this
package imports every component module, which registers its factory with spaCy.
"""

from __future__ import annotations

from kg.extract.components import (  # noqa: F401  (registers the factories)
    contributions,
    definitions,
    names,
    phrases,
    prepare,
    tagger,
    terms,
)
from kg.extract.components.candidates import Candidate, sentences

__all__ = ["Candidate", "sentences"]
