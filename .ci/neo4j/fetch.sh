#!/usr/bin/env bash
# Fetch Neo4j 5.26 Community from Maven Central and build kg's launcher into .cache/neo4j/.
# Optional: the integration tests' fixture does this by itself on first use. Running it
# first in .ci/run just moves the one-time cost (about 20 s, 150 MB) out of the test timings.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python tests/integration/neo4j_server.py fetch
