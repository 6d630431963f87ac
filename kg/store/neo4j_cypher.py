"""Every Cypher statement the Neo4j loader sends, in one place.

Values always travel as parameters. Labels and relationship types cannot, so the few
builders here interpolate them only after checking them against the whitelists in
:mod:`kg.graph.schema`; anything else raises ValueError before a query string exists.

Index names are public: the query pack and Browser users call
``db.index.fulltext.queryNodes('kg_paper_text', 'grpo')`` and
``db.index.fulltext.queryNodes('kg_concept_text', 'qwen')``.
"""

from __future__ import annotations

from collections.abc import Mapping

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
CONSTRAINT_STATEMENTS = SCHEMA_STATEMENTS[:2]
INDEX_STATEMENTS = SCHEMA_STATEMENTS[2:]
INDEX_NAMES = (
    "kg_concept_name",
    "kg_concept_type",
    "kg_paper_year",
    PAPER_FULLTEXT_INDEX,
    CONCEPT_FULLTEXT_INDEX,
)
"""Names of kg's indexes that back no constraint: those a first load builds after the nodes."""

# A first load drops kg's own indexes (not the constraints) and builds them again once the
# nodes are in: populating an index in one pass costs far less than updating it node by
# node, above all the full-text ones. `createStatement` restores each exactly as it was,
# options (analyzer, provider) included.
SHOW_KG_INDEXES = """
SHOW INDEXES YIELD name, owningConstraint, createStatement
WHERE name IN $names AND owningConstraint IS NULL
RETURN name, createStatement
"""


def drop_index(name: str) -> str:
    """Return the statement that drops one of kg's own indexes (a name from INDEX_NAMES)."""
    return f"DROP INDEX {_check_label(name, INDEX_NAMES)} IF EXISTS"


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

# the nodes of a first load whose graph was refused after they were written
DELETE_KG_NODES_BATCH = """
MATCH (n) WHERE n:Paper OR n:Concept
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


# ---------------------------------------------------------------- statements for positional rows
#
# Rows are lists (kg.store.neo4j_rows.Table): a node row holds the values of `columns`, an
# edge row its source id, its target id, then the values of `columns`. Column names are
# property names from kg.graph.schema, checked here before they go into a statement; no row
# holds a null, so the map literal built from a row is exactly the property map to store.


def _check_columns(columns: tuple[str, ...], allowed: Mapping[str, type], *, node: bool) -> tuple[str, ...]:
    names = columns[1:] if node else columns
    if node and columns[:1] != ("id",):
        raise ValueError(f"node columns must start with 'id', not {columns[:1]}")
    for name in names:
        if name not in allowed:
            raise ValueError(f"{name!r} is not a property of the kg schema")
    return columns


def _props(columns: tuple[str, ...], first: int) -> str:
    return "{" + ", ".join(f"{name}: r[{first + i}]" for i, name in enumerate(columns)) + "}"


def _labels(kind: str, type_label: str | None) -> str:
    if kind == schema.PAPER:
        return schema.PAPER
    type_label = _check_label(type_label or schema.CONCEPT, schema.TYPE_LABELS)
    return schema.CONCEPT if type_label == schema.CONCEPT else f"{schema.CONCEPT}:{type_label}"


def create_nodes(kind: str, columns: tuple[str, ...], type_label: str | None = None) -> str:
    """Return the statement that creates one table's nodes, for a database without kg nodes.

    Only for a first load: CREATE skips MERGE's look-up and lock per row, and the unique
    constraint on `id` still refuses a node that exists after all.
    """
    kind = _check_label(kind, schema.NODE_KINDS)
    attrs = schema.PAPER_ATTRS if kind == schema.PAPER else schema.CONCEPT_ATTRS
    columns = _check_columns(columns, attrs, node=True)
    return f"""
UNWIND $rows AS r
CREATE (n:{_labels(kind, type_label)} {_props(columns, 0)})
RETURN count(*) AS rows
"""


def merge_nodes(kind: str, columns: tuple[str, ...], type_label: str | None = None) -> str:
    """Return the statement that upserts one table's nodes and writes only what differs.

    A node whose properties (and, for a concept, labels) already match is not written at
    all, so reloading an unchanged graph costs reads only. Counts as in UPSERT_PAPERS; for a
    concept, ``$labels`` are the labels it must carry (concept_labels).
    """
    kind = _check_label(kind, schema.NODE_KINDS)
    attrs = schema.PAPER_ATTRS if kind == schema.PAPER else schema.CONCEPT_ATTRS
    columns = _check_columns(columns, attrs, node=True)
    fix_labels = ""
    label_changed = ""
    if kind == schema.CONCEPT:
        type_label = _check_label(type_label or schema.CONCEPT, schema.TYPE_LABELS)
        others = [t for t in schema.TYPE_LABELS if t not in (type_label, schema.CONCEPT)]
        fix_labels = " REMOVE {n}:" + ":".join(others) if others else ""
        if type_label != schema.CONCEPT:
            fix_labels += f" SET {{n}}:{type_label}"
        label_changed = (
            "\n         OR size(labels(old)) <> size($labels)"
            " OR any(label IN $labels WHERE NOT label IN labels(old))"
        )
    return f"""
UNWIND $rows AS r
OPTIONAL MATCH (old:{kind} {{id: r[0]}})
WITH r, old, {_props(columns, 0)} AS props
WITH r, old, props, old IS NOT NULL AND (properties(old) <> props{label_changed}) AS changed
FOREACH (_ IN CASE WHEN old IS NULL THEN [1] ELSE [] END |
    MERGE (n:{kind} {{id: r[0]}}) SET n = props{fix_labels.format(n="n")})
FOREACH (_ IN CASE WHEN changed THEN [1] ELSE [] END | SET old = props{fix_labels.format(n="old")})
RETURN count(*) AS rows,
       sum(CASE WHEN old IS NULL THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN changed THEN 1 ELSE 0 END) AS updated
"""


def _edge_columns(rel_type: str, columns: tuple[str, ...]) -> tuple[str, str, tuple[str, ...]]:
    rel_type = _check_label(rel_type, schema.RELATIONSHIP_TYPES)
    attrs = schema.ROLE_EDGE_ATTRS if rel_type in schema.PAPER_ROLES else schema.CONCEPT_EDGE_ATTRS
    return rel_type, source_label(rel_type), _check_columns(columns, attrs, node=False)


def create_nodes_returning_ids(kind: str, columns: tuple[str, ...], type_label: str | None = None) -> str:
    """Return create_nodes' statement that also returns each node's kg id and element id.

    ``keys[i]`` and ``ids[i]`` belong to the same node (two aggregates of the same rows), so
    the loader maps kg ids to element ids without relying on row order.
    """
    return create_nodes(kind, columns, type_label).replace(
        "RETURN count(*) AS rows",
        "RETURN count(*) AS rows, collect(n.id) AS keys, collect(elementId(n)) AS ids",
    )


def element_ids(kind: str) -> str:
    """Return the statement that gives the element id of each node of `kind` among ``$keys``."""
    kind = _check_label(kind, schema.NODE_KINDS)
    return f"""
UNWIND $keys AS key
MATCH (n:{kind} {{id: key}})
RETURN n.id AS key, elementId(n) AS id
"""


def _match_ends(start: str, by_element_id: bool) -> str:
    # By kg id: an index seek on each end's unique constraint. By element id (what the nodes'
    # CREATE returned): a direct record read, no index, no lock on an index entry.
    if by_element_id:
        return f"MATCH (a:{start}) WHERE elementId(a) = r[0]\nMATCH (b:Concept) WHERE elementId(b) = r[1]"
    return f"MATCH (a:{start} {{id: r[0]}})\nMATCH (b:Concept {{id: r[1]}})"


def create_relationships(rel_type: str, columns: tuple[str, ...], *, by_element_id: bool = False) -> str:
    """Return the statement that creates one table's relationships, for a database without kg nodes.

    Both ends are found through their unique `id` constraint on a fixed label, or, with
    `by_element_id`, by the element ids rows then hold in place of kg ids (``r[0]``,
    ``r[1]``); the label is checked either way. `rows` counts the rows whose two ends were
    found, which the loader checks.
    """
    rel_type, start, columns = _edge_columns(rel_type, columns)
    return f"""
UNWIND $rows AS r
{_match_ends(start, by_element_id)}
CREATE (a)-[:{rel_type} {_props(columns, 2)}]->(b)
RETURN count(*) AS rows
"""


def merge_relationships(rel_type: str, columns: tuple[str, ...], *, by_element_id: bool = False) -> str:
    """Return the statement that upserts one table's relationships and writes only what differs.

    Counts as in upsert_relationships; duplicates a pair may already hold (written by
    something else) are all updated rather than joined by another. `by_element_id` as in
    create_relationships.
    """
    rel_type, start, columns = _edge_columns(rel_type, columns)
    return f"""
UNWIND $rows AS r
{_match_ends(start, by_element_id)}
WITH a, b, r, [(a)-[o:{rel_type}]->(b) | o] AS olds, {_props(columns, 2)} AS props
WITH a, b, olds, props, [o IN olds WHERE properties(o) <> props] AS stale
FOREACH (_ IN CASE WHEN size(olds) = 0 THEN [1] ELSE [] END | MERGE (a)-[x:{rel_type}]->(b) SET x = props)
FOREACH (o IN stale | SET o = props)
RETURN count(*) AS rows,
       sum(CASE WHEN size(olds) = 0 THEN 1 ELSE 0 END) AS created,
       sum(CASE WHEN size(stale) > 0 THEN 1 ELSE 0 END) AS updated
"""


def delete_stale_by_target(start: str) -> str:
    """Return the statement that deletes a node's outgoing kg edges the graph no longer has.

    Rows are ``[id, {TYPE: [target id, ...], ...}]``: one list per type is smaller to send
    than a ``[type, target]`` pair per edge. ``$types`` as in delete_stale_relationships.
    """
    start = _check_label(start, schema.NODE_KINDS)
    return f"""
UNWIND $rows AS r
MATCH (a:{start} {{id: r[0]}})-[x]->(b:Concept)
WHERE type(x) IN $types AND NOT b.id IN coalesce(r[1][type(x)], [])
DELETE x
RETURN count(x) AS deleted
"""


COUNT_KG_NODES = "RETURN COUNT { (:Paper) } + COUNT { (:Concept) } AS n"
