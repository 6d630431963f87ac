// question: Which concepts of a type (Model, Benchmark, Dataset, Method, Framework, Task, Metric, Concept) are there, most papers first?
// params: type (default "Model"), limit (default 25)
// returns: concept, aliases, papers
MATCH (c:Concept)
WHERE c.type = $type
OPTIONAL MATCH (p:Paper)-[]->(c)
RETURN c.name AS concept, c.aliases AS aliases, count(DISTINCT p) AS papers
ORDER BY papers DESC, concept
LIMIT $limit
