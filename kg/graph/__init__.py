"""Building, storing and analysing the networkx graph."""
