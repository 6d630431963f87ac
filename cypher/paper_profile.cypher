// question: What does a paper (given by id or exact title) propose, use, evaluate on and compare with?
// params: paper (required text)
// returns: paper_id, title, proposes, uses, evaluates_on, compares_with
MATCH (p:Paper)
WHERE p.id = $paper OR toLower(p.title) = toLower($paper)
OPTIONAL MATCH (p)-[:PROPOSES]->(a:Concept)
WITH p, collect(DISTINCT a.name) AS proposes
OPTIONAL MATCH (p)-[:USES]->(b:Concept)
WITH p, proposes, collect(DISTINCT b.name) AS uses
OPTIONAL MATCH (p)-[:EVALUATES_ON]->(e:Concept)
WITH p, proposes, uses, collect(DISTINCT e.name) AS evaluates_on
OPTIONAL MATCH (p)-[:COMPARES_WITH]->(x:Concept)
RETURN p.id AS paper_id, p.title AS title, proposes, uses, evaluates_on,
       collect(DISTINCT x.name) AS compares_with
ORDER BY paper_id
