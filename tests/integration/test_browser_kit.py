"""The Browser kit and docker compose files agree with the graph schema (no server needed)."""

from __future__ import annotations

import re
from pathlib import Path

from kg.graph import schema

REPO = Path(__file__).resolve().parents[2]


def grass_rules(text: str) -> dict[str, dict[str, str]]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    rules = {}
    for selector, body in re.findall(r'([\w.]+)\s*\{((?:[^{}"]|"[^"]*")*)\}', text):
        props = dict(re.findall(r'([\w-]+)\s*:\s*((?:[^;"]|"[^"]*")+);', body))
        rules[selector] = props
    return rules


def test_grass_styles_every_label_and_relationship_type():
    rules = grass_rules((REPO / "browser" / "kg.grass").read_text(encoding="utf-8"))
    assert rules["node.Paper"]["caption"] == '"{title}"'
    assert rules["node.Concept"]["caption"] == '"{name}"'
    type_labels = [t for t in schema.TYPE_LABELS if t != schema.CONCEPT]
    colours = set()
    for label in type_labels:
        rule = rules[f"node.{label}"]
        assert {"color", "diameter", "caption"} <= set(rule), label
        colours.add(rule["color"])
    assert len(colours) == len(type_labels)  # each type its own colour
    assert rules["node.Paper"]["color"] not in colours
    for rel in schema.RELATIONSHIP_TYPES:
        assert "color" in rules[f"relationship.{rel}"], rel
    order = list(rules)
    assert all(order.index("node.Concept") < order.index(f"node.{t}") for t in type_labels)


def test_compose_file_binds_loopback_and_reads_the_password_from_env():
    text = (REPO / "docker-compose.yml").read_text(encoding="utf-8")
    assert "image: neo4j:5.26-community" in text
    assert '"127.0.0.1:7474:7474"' in text and '"127.0.0.1:7687:7687"' in text
    assert 'NEO4J_AUTH: "neo4j/${NEO4J_PASSWORD:?' in text
    assert "healthcheck:" in text and "neo4j-data:/data" in text
    env = (REPO / ".env.example").read_text(encoding="utf-8")
    names = dict(line.split("=", 1) for line in env.splitlines() if line and not line.startswith("#"))
    assert {"NEO4J_PASSWORD", "NEO4J_URI", "NEO4J_USERNAME"} <= set(names)
    assert len(names["NEO4J_PASSWORD"]) >= 8  # Neo4j 5 refuses shorter passwords
