// question: How many papers per year are about a concept, counting its aliases and variants (VARIANT_OF / IS_A up to 3 hops)?
// params: name (default "GRPO")
// returns: year (null = unknown), papers
WITH toLower($name) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) = needle OR any(alias IN c.aliases WHERE toLower(alias) = needle)
MATCH (v:Concept)-[:VARIANT_OF|IS_A*0..3]->(c)
MATCH (p:Paper)-[]->(v)
RETURN p.year AS year, count(DISTINCT p) AS papers
ORDER BY year
