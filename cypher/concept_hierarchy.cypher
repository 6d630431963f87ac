// question: What is above and below a concept: its VARIANT_OF / IS_A ancestors and descendants (up to 4 hops)?
// params: name (default "GRPO")
// returns: concept, type, ancestors, descendants
WITH toLower($name) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) = needle OR any(alias IN c.aliases WHERE toLower(alias) = needle)
OPTIONAL MATCH (c)-[:VARIANT_OF|IS_A*1..4]->(up:Concept)
WITH c, collect(DISTINCT up.name) AS ancestors
OPTIONAL MATCH (down:Concept)-[:VARIANT_OF|IS_A*1..4]->(c)
RETURN c.name AS concept, c.type AS type, ancestors, collect(DISTINCT down.name) AS descendants
ORDER BY concept, type
