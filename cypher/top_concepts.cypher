// question: Which concepts are shared by the most papers?
// params: limit (default 25)
// returns: concept, type, papers
MATCH (p:Paper)-[]->(c:Concept)
RETURN c.name AS concept, c.type AS type, count(DISTINCT p) AS papers
ORDER BY papers DESC, concept, type
LIMIT $limit
