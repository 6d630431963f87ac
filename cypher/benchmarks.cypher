// question: Which benchmarks and datasets are papers evaluated on, most used first?
// params: limit (default 25)
// returns: benchmark, type, papers
MATCH (p:Paper)-[:EVALUATES_ON]->(b:Concept)
RETURN b.name AS benchmark, b.type AS type, count(DISTINCT p) AS papers
ORDER BY papers DESC, benchmark, type
LIMIT $limit
