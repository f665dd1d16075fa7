"""Pure geometry: sheet templates and where every card, back and mark goes on a page.

Nothing here imports reportlab; the render package draws what these modules place.
"""
