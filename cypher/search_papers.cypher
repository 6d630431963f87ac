// question: Which papers mention a text in their title or abstract (case-insensitive substring; title hits first)?
// params: text (default "reinforcement learning"), limit (default 25)
// returns: paper_id, title, year, in_title
// note: a plain CONTAINS scan, so both engines share it; on Neo4j a full-text index is faster.
WITH toLower($text) AS needle
MATCH (p:Paper)
WHERE toLower(coalesce(p.title, '')) CONTAINS needle OR toLower(coalesce(p.abstract, '')) CONTAINS needle
RETURN p.id AS paper_id, p.title AS title, p.year AS year,
       toLower(coalesce(p.title, '')) CONTAINS needle AS in_title
ORDER BY in_title DESC, paper_id
LIMIT $limit
