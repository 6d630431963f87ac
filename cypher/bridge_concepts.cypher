// question: Which concepts bridge two topics: used by papers on topic A and by papers on topic B (topics include their variants)?
// params: topic_a (default "GRPO"), topic_b (default "Qwen"), limit (default 20)
// returns: concept, type, papers_a, papers_b, score (the smaller of the two)
WITH toLower($topic_a) AS na, toLower($topic_b) AS nb
MATCH (ma:Concept)
WHERE toLower(ma.name) = na OR any(alias IN ma.aliases WHERE toLower(alias) = na)
// collect + UNWIND + lookup by id: LadybugDB then starts each variable-length search from the
// topic's concepts only, instead of from every concept
WITH nb, collect(ma.id) AS ids_a
UNWIND ids_a AS ida
MATCH (a:Concept {id: ida})
MATCH (va:Concept)-[:VARIANT_OF|IS_A*0..3]->(a)
WITH nb, collect(DISTINCT va.id) AS family_a
MATCH (mb:Concept)
WHERE toLower(mb.name) = nb OR any(alias IN mb.aliases WHERE toLower(alias) = nb)
WITH family_a, collect(mb.id) AS ids_b
UNWIND ids_b AS idb
MATCH (b:Concept {id: idb})
MATCH (vb:Concept)-[:VARIANT_OF|IS_A*0..3]->(b)
WITH family_a, collect(DISTINCT vb.id) AS family_b
// one pass over the papers of either topic: which topic(s) each paper is on
MATCH (x:Concept)<-[]-(p:Paper)
WHERE x.id IN family_a OR x.id IN family_b
WITH family_a, family_b, p,
     max(CASE WHEN x.id IN family_a THEN 1 ELSE 0 END) AS on_a,
     max(CASE WHEN x.id IN family_b THEN 1 ELSE 0 END) AS on_b
MATCH (p)-[]->(c:Concept)
WHERE NOT c.id IN family_a AND NOT c.id IN family_b
WITH c, count(DISTINCT CASE WHEN on_a = 1 THEN p.id END) AS papers_a,
     count(DISTINCT CASE WHEN on_b = 1 THEN p.id END) AS papers_b
WHERE papers_a > 0 AND papers_b > 0
RETURN c.name AS concept, c.type AS type, papers_a, papers_b,
       CASE WHEN papers_a < papers_b THEN papers_a ELSE papers_b END AS score
ORDER BY score DESC, papers_a + papers_b DESC, concept, type
LIMIT $limit
