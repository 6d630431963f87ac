// question: How are two concepts connected: the shortest paths between them through papers and concept links (CO_OCCURS left out)?
// params: source (default "DG-GRPO"), target (default "Qwen"), limit (default 20)
// returns: path (concept names and paper titles, in order), hops
// engine: neo4j (allShortestPaths); the embedded twin is paths_between.embedded.cypher
WITH toLower($source) AS s, toLower($target) AS t
MATCH (a:Concept)
WHERE toLower(a.name) = s OR any(alias IN a.aliases WHERE toLower(alias) = s)
MATCH (b:Concept)
WHERE (toLower(b.name) = t OR any(alias IN b.aliases WHERE toLower(alias) = t)) AND a.id <> b.id
MATCH p = allShortestPaths((a)-[:PROPOSES|USES|EVALUATES_ON|COMPARES_WITH|MENTIONS|VARIANT_OF|IS_A*..6]-(b))
WITH DISTINCT [n IN nodes(p) | coalesce(n.name, n.title)] AS path, length(p) AS hops
RETURN path, hops
ORDER BY hops, reduce(text = head(path), step IN tail(path) | text + ' > ' + step)
LIMIT $limit
