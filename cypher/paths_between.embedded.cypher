// question: How are two concepts connected: the shortest paths between them through papers and concept links (CO_OCCURS left out)?
// params: source (default "DG-GRPO"), target (default "Qwen"), limit (default 20)
// returns: path (concept names and paper titles, in order), hops
// engine: embedded (LadybugDB ALL SHORTEST); the Neo4j twin is paths_between.neo4j.cypher
// note: both endpoints are filtered in one MATCH with no WITH and no list lambda before the path:
//   otherwise LadybugDB does not push the target filter into the shortest-path search and
//   enumerates shortest paths to every node (minutes and gigabytes on a hub-heavy graph).
//   Aliases are matched as whole items of the \u001f-joined list (kg strips that character).
//   Names go through properties(nodes(p), ...) and indexes (Ladybug lists count from 1): a lambda
//   over nodes(p) reads the wrong nodes' properties in LadybugDB 0.22 on larger graphs.
MATCH (a:Concept), (b:Concept)
WHERE (toLower(a.name) = toLower($source)
       OR ('\u001f' + toLower(list_to_string('\u001f', a.aliases)) + '\u001f') CONTAINS ('\u001f' + toLower($source) + '\u001f'))
  AND (toLower(b.name) = toLower($target)
       OR ('\u001f' + toLower(list_to_string('\u001f', b.aliases)) + '\u001f') CONTAINS ('\u001f' + toLower($target) + '\u001f'))
  AND a.id <> b.id
MATCH p = (a)-[:PROPOSES|USES|EVALUATES_ON|COMPARES_WITH|MENTIONS|VARIANT_OF|IS_A* ALL SHORTEST 1..6]-(b)
WITH properties(nodes(p), 'name') AS names, properties(nodes(p), 'title') AS titles, length(p) AS hops
WITH DISTINCT list_transform(range(1, size(names)), i -> coalesce(names[i], titles[i])) AS path, hops
RETURN path, hops
ORDER BY hops, list_to_string(' > ', path)
LIMIT $limit
