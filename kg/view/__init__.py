"""Maps to look at: an interactive HTML map (`write_view`) and a static SVG overview (`write_plot`)."""

from kg.view.html import write_view
from kg.view.plot import write_plot

__all__ = ["write_view", "write_plot"]
