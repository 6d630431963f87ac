// question: Which concepts have a text in their name or aliases (case-insensitive substring), most papers first?
// params: text (default "grpo"), limit (default 25)
// returns: concept, type, aliases, papers
WITH toLower($text) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) CONTAINS needle OR any(alias IN c.aliases WHERE toLower(alias) CONTAINS needle)
OPTIONAL MATCH (p:Paper)-[]->(c)
RETURN c.name AS concept, c.type AS type, c.aliases AS aliases, count(DISTINCT p) AS papers
ORDER BY papers DESC, concept, type
LIMIT $limit
