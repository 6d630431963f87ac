// question: Which papers are about a concept, counting its aliases and its variants (VARIANT_OF / IS_A descendants up to 3 hops)?
// params: name (default "GRPO"), limit (default 20)
// returns: paper_id, title, year, via (the concepts that matched), roles
WITH toLower($name) AS needle
MATCH (m:Concept)
WHERE toLower(m.name) = needle OR any(alias IN m.aliases WHERE toLower(alias) = needle)
// collect + UNWIND + lookup by id: LadybugDB then starts the variable-length search from these
// concepts only, instead of from every concept (0.4 s on a 32k-paper graph)
WITH collect(m.id) AS ids
UNWIND ids AS cid
MATCH (c:Concept {id: cid})
MATCH (v:Concept)-[:VARIANT_OF|IS_A*0..3]->(c)
MATCH (p:Paper)-[r]->(v)
RETURN p.id AS paper_id, p.title AS title, p.year AS year,
       collect(DISTINCT v.name) AS via, collect(DISTINCT r.type) AS roles
ORDER BY coalesce(year, 0) DESC, paper_id
LIMIT $limit
