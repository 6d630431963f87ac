"""Every Cypher statement the Neo4j loader sends, in one place.

Values always travel as parameters. Labels and relationship types cannot, so the few
builders here interpolate them only after checking them against the whitelists in
:mod:`kg.graph.schema`; anything else raises ValueError before a query string exists.

Index names are public: the query pack and Browser users call
``db.index.fulltext.queryNodes('kg_paper_text', 'grpo')`` and
``db.index.fulltext.queryNodes('kg_concept_text', 'qwen')``.
"""

from __future__ import annotations

from kg.graph import schema

PAPER_FULLTEXT_INDEX = "kg_paper_text"
CONCEPT_FULLTEXT_INDEX = "kg_concept_text"

SCHEMA_STATEMENTS = (
    "CREATE CONSTRAINT kg_paper_id IF NOT EXISTS FOR (n:Paper) REQUIRE n.id IS UNIQUE",
    "CREATE CONSTRAINT kg_concept_id IF NOT EXISTS FOR (n:Concept) REQUIRE n.id IS UNIQUE",
    "CREATE INDEX kg_concept_name IF NOT EXISTS FOR (n:Concept) ON (n.name)",
    "CREATE INDEX kg_concept_type IF NOT EXISTS FOR (n:Concept) ON (n.type)",
    "CREATE INDEX kg_paper_year IF NOT EXISTS FOR (n:Paper) ON (n.year)",
    f"CREATE FULLTEXT INDEX {PAPER_FULLTEXT_INDEX} IF NOT EXISTS FOR (n:Paper) ON EACH [n.title, n.abstract]",
    f"CREATE FULLTEXT INDEX {CONCEPT_FULLTEXT_INDEX} IF NOT EXISTS "
    "FOR (n:Concept) ON EACH [n.name, n.aliases, n.definition]",
)
AWAIT_INDEXES = "CALL db.awaitIndexes($seconds)"

# Counting rows that existed and differ lets a reload report "updated" honestly: a second
# load of the same graph says 0 created, 0 updated. `SET n = row.props` replaces the whole
# property map, so an attribute the rebuilt graph dropped disappears too.
UPSERT_PAPERS = """
UNWIND $rows AS row
OPTIONAL MATCH (old:Paper {id: row.id})
WITH row, old IS NULL AS created, old IS NOT NULL AND properties(old) <> row.props AS changed
MERGE (n:Paper {id: row.id})
SET n = row.props
RETURN count(*) AS rows,
       sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN changed THEN 1 ELSE 0 END) AS updated
"""

COUNT_NODES = "MATCH (n) RETURN count(n) AS n"
COUNT_RELATIONSHIPS = "MATCH ()-[r]->() RETURN count(r) AS n"

WIPE_BATCH = """
MATCH (n)
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
"""

LONELY_CONCEPTS = "MATCH (c:Concept) WHERE NOT (c)--() RETURN c.id AS id"
DELETE_LONELY_CONCEPTS = """
UNWIND $ids AS id
MATCH (c:Concept {id: id})
WHERE NOT (c)--()
DELETE c
RETURN count(*) AS deleted
"""


def _check_label(label: str, allowed: tuple[str, ...]) -> str:
    if label not in allowed:
        raise ValueError(f"{label!r} is not one of {allowed}")
    return label


def upsert_concepts(type_label: str) -> str:
    """Return the statement that upserts concepts of one type and sets their second label.

    Labels of the other types are removed, so a concept whose type changed in a rebuilt
    graph moves from, say, :Method to :Model. The `Concept` type has no second label.
    """
    type_label = _check_label(type_label, schema.TYPE_LABELS)
    others = [t for t in schema.TYPE_LABELS if t not in (type_label, schema.CONCEPT)]
    remove = "REMOVE n:" + ":".join(others) if others else ""
    add = f"SET n:{type_label}" if type_label != schema.CONCEPT else ""
    return f"""
UNWIND $rows AS row
OPTIONAL MATCH (old:Concept {{id: row.id}})
WITH row, old IS NULL AS created,
     old IS NOT NULL AND (properties(old) <> row.props
         OR size(labels(old)) <> size($labels)
         OR any(label IN $labels WHERE NOT label IN labels(old))) AS changed
MERGE (n:Concept {{id: row.id}})
SET n = row.props
{remove}
{add}
RETURN count(*) AS rows,
       sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN changed THEN 1 ELSE 0 END) AS updated
"""


def concept_labels(type_label: str) -> list[str]:
    """Return the labels a concept of `type_label` carries in Neo4j, e.g. ['Concept', 'Model']."""
    type_label = _check_label(type_label, schema.TYPE_LABELS)
    return [schema.CONCEPT] if type_label == schema.CONCEPT else [schema.CONCEPT, type_label]


def source_label(rel_type: str) -> str:
    """Return the label of the node a relationship of `rel_type` starts from."""
    rel_type = _check_label(rel_type, schema.RELATIONSHIP_TYPES)
    return schema.PAPER if rel_type in schema.PAPER_ROLES else schema.CONCEPT


def upsert_relationships(rel_type: str) -> str:
    """Return the statement that upserts relationships of one type between existing nodes.

    `rows` counts the rows whose two end nodes were found; the loader checks it equals the
    number sent. Should a pair already hold duplicates (written by something else), MERGE
    updates all of them rather than adding another.
    """
    rel_type = _check_label(rel_type, schema.RELATIONSHIP_TYPES)
    start = source_label(rel_type)
    return f"""
UNWIND $rows AS row
MATCH (a:{start} {{id: row.source}})
MATCH (b:Concept {{id: row.target}})
OPTIONAL MATCH (a)-[old:{rel_type}]->(b)
WITH a, b, row, collect(old) AS olds
WITH a, b, row, size(olds) = 0 AS created, any(o IN olds WHERE properties(o) <> row.props) AS changed
MERGE (a)-[r:{rel_type}]->(b)
SET r = row.props
RETURN count(*) AS rows,
       sum(CASE WHEN created THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN changed THEN 1 ELSE 0 END) AS updated
"""


def delete_stale_relationships(start: str) -> str:
    """Return the statement that deletes a node's outgoing kg edges the graph no longer has.

    Rows are ``{id, keep: [[type, target id], ...]}``; ``$types`` limits the deletion to kg's
    own relationship types, so edges a user added by hand with other types survive.
    """
    start = _check_label(start, schema.NODE_KINDS)
    return f"""
UNWIND $rows AS row
MATCH (a:{start} {{id: row.id}})-[r]->(b:Concept)
WHERE type(r) IN $types AND NOT [type(r), b.id] IN row.keep
DELETE r
RETURN count(r) AS deleted
"""
