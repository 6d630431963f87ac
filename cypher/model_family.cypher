// question: What is the family tree of a model: every VARIANT_OF edge under the root(s) it descends from?
// params: name (default "Qwen3-4B")
// returns: family (the root), parent, child, child_type
WITH toLower($name) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) = needle OR any(alias IN c.aliases WHERE toLower(alias) = needle)
MATCH (c)-[:VARIANT_OF*0..5]->(root:Concept)
OPTIONAL MATCH (root)-[up:VARIANT_OF]->(:Concept)
WITH root, count(up) AS parents
WHERE parents = 0
MATCH (child:Concept)-[:VARIANT_OF]->(parent:Concept)-[:VARIANT_OF*0..5]->(root)
RETURN DISTINCT root.name AS family, parent.name AS parent, child.name AS child, child.type AS child_type
ORDER BY family, parent, child, child_type
