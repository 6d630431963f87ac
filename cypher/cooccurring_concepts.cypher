// question: Which concepts appear in the same papers as a concept, most shared papers first?
// params: name (default "GRPO"), limit (default 20)
// returns: concept, type, papers (shared with the concept), association (of the CO_OCCURS edge, when the graph has one)
WITH toLower($name) AS needle
MATCH (c:Concept)
WHERE toLower(c.name) = needle OR any(alias IN c.aliases WHERE toLower(alias) = needle)
WITH c  // a pipeline break: LadybugDB then expands from the matched concept only
MATCH (c)<-[]-(p:Paper)-[]->(o:Concept)
WHERE o.id <> c.id
WITH c, o, count(DISTINCT p) AS papers
OPTIONAL MATCH (c)-[r:CO_OCCURS]-(o)
RETURN o.name AS concept, o.type AS type, papers, max(r.association) AS association
ORDER BY papers DESC, concept, type
LIMIT $limit
