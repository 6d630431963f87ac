// question: What is above and below a concept: its VARIANT_OF / IS_A ancestors and descendants (up to 4 hops)?
// params: name (default "GRPO")
// returns: concept, type, ancestors, descendants
WITH toLower($name) AS needle
MATCH (m:Concept)
WHERE toLower(m.name) = needle OR any(alias IN m.aliases WHERE toLower(alias) = needle)
// collect + UNWIND + lookup by id: LadybugDB then starts the variable-length search from these
// concepts only, instead of from every concept (0.4 s on a 32k-paper graph)
WITH collect(m.id) AS ids
UNWIND ids AS cid
MATCH (c:Concept)
WHERE c.id = cid  // `{id: cid}` here trips LadybugDB 0.22 in the OPTIONAL MATCHes below
OPTIONAL MATCH (c)-[:VARIANT_OF|IS_A*1..4]->(up:Concept)
WITH c, collect(DISTINCT up.name) AS ancestors
OPTIONAL MATCH (down:Concept)-[:VARIANT_OF|IS_A*1..4]->(c)
RETURN c.name AS concept, c.type AS type, ancestors, collect(DISTINCT down.name) AS descendants
ORDER BY concept, type
