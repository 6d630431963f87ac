// question: Which concepts co-occur with a concept (its CO_OCCURS edges, either direction), strongest first?
// params: name (default "GRPO"), limit (default 20)
// returns: concept, type, weight (shared papers), association
WITH toLower($name) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) = needle OR any(alias IN c.aliases WHERE toLower(alias) = needle)
MATCH (c)-[r:CO_OCCURS]-(o:Concept)
WHERE o.id <> c.id
RETURN DISTINCT o.name AS concept, o.type AS type, r.weight AS weight, r.association AS association
ORDER BY weight DESC, association DESC, concept, type
LIMIT $limit
