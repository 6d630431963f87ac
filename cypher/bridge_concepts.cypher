// question: Which concepts bridge two topics: used by papers on topic A and by papers on topic B (topics include their variants)?
// params: topic_a (default "GRPO"), topic_b (default "Qwen"), limit (default 20)
// returns: concept, type, papers_a, papers_b, score (the smaller of the two)
WITH toLower($topic_a) AS na, toLower($topic_b) AS nb
MATCH (a:Concept)
WHERE toLower(a.name) = na OR any(alias IN a.aliases WHERE toLower(alias) = na)
MATCH (va:Concept)-[:VARIANT_OF|IS_A*0..3]->(a)
WITH nb, collect(DISTINCT va.id) AS family_a
MATCH (b:Concept)
WHERE toLower(b.name) = nb OR any(alias IN b.aliases WHERE toLower(alias) = nb)
MATCH (vb:Concept)-[:VARIANT_OF|IS_A*0..3]->(b)
WITH family_a, collect(DISTINCT vb.id) AS family_b
UNWIND family_a AS ida
MATCH (:Concept {id: ida})<-[]-(pa:Paper)-[]->(c:Concept)
WHERE NOT c.id IN family_a AND NOT c.id IN family_b
WITH family_b, c, count(DISTINCT pa) AS papers_a
UNWIND family_b AS idb
MATCH (:Concept {id: idb})<-[]-(pb:Paper)-[]->(c)
WITH c, papers_a, count(DISTINCT pb) AS papers_b
RETURN c.name AS concept, c.type AS type, papers_a, papers_b,
       CASE WHEN papers_a < papers_b THEN papers_a ELSE papers_b END AS score
ORDER BY score DESC, papers_a + papers_b DESC, concept, type
LIMIT $limit
