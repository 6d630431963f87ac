// question: Which papers evaluate on a benchmark (by name or alias), and what do they compare with there?
// params: name (default "GSM8K"), limit (default 50)
// returns: paper_id, title, year, compares_with
WITH toLower($name) AS needle
MATCH (b:Concept)
WHERE toLower(b.name) = needle OR any(alias IN b.aliases WHERE toLower(alias) = needle)
WITH b  // a pipeline break: LadybugDB then expands from the matched concept only
MATCH (p:Paper)-[:EVALUATES_ON]->(b)
OPTIONAL MATCH (p)-[:COMPARES_WITH]->(x:Concept)
RETURN p.id AS paper_id, p.title AS title, p.year AS year, collect(DISTINCT x.name) AS compares_with
ORDER BY coalesce(year, 0) DESC, paper_id
LIMIT $limit
