// question: Which papers propose nothing named (no PROPOSES edge), and how many concepts do they touch?
// params: limit (default 50)
// returns: paper_id, title, year, concepts
MATCH (p:Paper)
OPTIONAL MATCH (p)-[r:PROPOSES]->(:Concept)
WITH p, count(r) AS proposed
WHERE proposed = 0
OPTIONAL MATCH (p)-[]->(c:Concept)
RETURN p.id AS paper_id, p.title AS title, p.year AS year, count(DISTINCT c) AS concepts
ORDER BY concepts DESC, paper_id
LIMIT $limit
