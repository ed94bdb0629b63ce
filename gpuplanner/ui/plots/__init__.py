"""The result plots, one module each. pyqtgraph is imported when a plot is first shown (never at import of
these modules), so the main window paints before pyqtgraph and numpy load."""
