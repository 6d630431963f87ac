"""kg: turn a list of research-paper abstracts into a knowledge graph.

The data flow is read -> extract -> resolve -> build -> export/load/query; each stage is a
subpackage, and :mod:`kg.api` ties them together.
"""

__version__ = "0.1.0"

from kg.errors import KgError  # noqa: E402

__all__ = ["KgError", "__version__"]
