"""The graph's shape, in one place: node kinds, attributes, relationship types.

Every exporter and loader reads these lists instead of guessing from data, so a new
attribute is added here once.

Nodes
    Paper   id, kind="Paper", title, abstract, venue, year, url, code_urls, authors, source,
            concept_count, community, community_label
    Concept id, kind="Concept", name, type, aliases, definition, paper_count, community,
            community_label
Edges (MultiDiGraph, key = relationship type)
    Paper -[PROPOSES|USES|EVALUATES_ON|COMPARES_WITH|MENTIONS]-> Concept
        evidence (sentence), start, end (offsets in the clean abstract; in the title when
        extractor is "title"), surface, extractor, score
    Concept -[VARIANT_OF|IS_A]-> Concept     evidence
    Concept -[CO_OCCURS]-> Concept          weight (shared papers), association
"""

from __future__ import annotations

from kg.models import CONCEPT_RELATIONS, CONCEPT_TYPES, ROLES

PAPER = "Paper"
CONCEPT = "Concept"
NODE_KINDS = (PAPER, CONCEPT)

# attribute -> python type, for GraphML key declarations and Neo4j rows.
# list-valued attributes are JSON-encoded in formats that only hold scalars.
PAPER_ATTRS: dict[str, type] = {
    "kind": str,
    "title": str,
    "abstract": str,
    "venue": str,
    "year": int,
    "url": str,
    "code_urls": list,
    "authors": list,
    "source": str,
    "concept_count": int,
    "community": int,
    "community_label": str,
}
CONCEPT_ATTRS: dict[str, type] = {
    "kind": str,
    "name": str,
    "type": str,
    "aliases": list,
    "definition": str,
    "paper_count": int,
    "community": int,
    "community_label": str,
}
ROLE_EDGE_ATTRS: dict[str, type] = {
    "type": str,
    "evidence": str,
    "start": int,
    "end": int,
    "surface": str,
    "extractor": str,
    "score": float,
}
CONCEPT_EDGE_ATTRS: dict[str, type] = {
    "type": str,
    "evidence": str,
    "weight": float,
    "association": float,
}

PAPER_ROLES = ROLES
CONCEPT_LINKS = CONCEPT_RELATIONS
RELATIONSHIP_TYPES = ROLES + CONCEPT_RELATIONS
TYPE_LABELS = CONCEPT_TYPES  # second Neo4j label of a concept, from this whitelist only

NODE_ATTRS: dict[str, type] = {**PAPER_ATTRS, **CONCEPT_ATTRS}
EDGE_ATTRS: dict[str, type] = {**ROLE_EDGE_ATTRS, **CONCEPT_EDGE_ATTRS}
