"""The drawing side: everything that imports reportlab, svglib, qrcode or pypdf lives here.

Commands import these modules only when they make a file, so the table companion never
pays for them.
"""
