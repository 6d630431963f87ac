// question: How many papers per year are about a concept, counting its aliases and variants (VARIANT_OF / IS_A up to 3 hops)?
// params: name (default "GRPO")
// returns: year (null = unknown), papers
WITH toLower($name) AS needle
MATCH (m:Concept)
WHERE toLower(m.name) = needle OR any(alias IN m.aliases WHERE toLower(alias) = needle)
// collect + UNWIND + lookup by id: LadybugDB then starts the variable-length search from these
// concepts only, instead of from every concept (0.4 s on a 32k-paper graph)
WITH collect(m.id) AS ids
UNWIND ids AS cid
MATCH (c:Concept {id: cid})
MATCH (v:Concept)-[:VARIANT_OF|IS_A*0..3]->(c)
MATCH (p:Paper)-[]->(v)
RETURN p.year AS year, count(DISTINCT p) AS papers
ORDER BY year
