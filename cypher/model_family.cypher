// question: What is the family tree of a model: every VARIANT_OF edge under the root(s) it descends from?
// params: name (default "Qwen3")
// returns: family (the root), parent, child, child_type
WITH toLower($name) AS needle
MATCH (m:Concept)
WHERE toLower(m.name) = needle OR any(alias IN m.aliases WHERE toLower(alias) = needle)
// collect + UNWIND + lookup by id: LadybugDB then starts the variable-length search from these
// concepts only, instead of from every concept (0.4 s on a 32k-paper graph)
WITH collect(m.id) AS ids
UNWIND ids AS cid
MATCH (c:Concept {id: cid})
MATCH (c)-[:VARIANT_OF*0..5]->(root:Concept)
OPTIONAL MATCH (root)-[up:VARIANT_OF]->(:Concept)
WITH root, count(up) AS parents
WHERE parents = 0
MATCH (child:Concept)-[:VARIANT_OF]->(parent:Concept)-[:VARIANT_OF*0..5]->(root)
RETURN DISTINCT root.name AS family, parent.name AS parent, child.name AS child, child.type AS child_type
ORDER BY family, parent, child, child_type
