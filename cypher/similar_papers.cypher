// question: Which papers are most similar to a paper (given by id or exact title), by the concepts they share?
// params: paper (required text), limit (default 10)
// returns: paper_id, title, shared, concepts
MATCH (p:Paper)
WHERE p.id = $paper OR toLower(p.title) = toLower($paper)
MATCH (p)-[]->(c:Concept)<-[]-(q:Paper)
WHERE q.id <> p.id
RETURN q.id AS paper_id, q.title AS title, count(DISTINCT c) AS shared, collect(DISTINCT c.name) AS concepts
ORDER BY shared DESC, paper_id
LIMIT $limit
