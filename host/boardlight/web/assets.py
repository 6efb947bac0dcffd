"""The pages' own files: app.js and style.css from the package (no build step, nothing from
another site), with the colours of the SVG pictures added to the style sheet so that a
phone shows a stone, a tile or a square as the pictures do."""

from importlib import resources

from boardlight.render.svg import fits as fits_svg
from boardlight.render.svg import forbes as forbes_svg
from boardlight.render.svg import zatre as zatre_svg

BACKGROUND = "#f4f1ea"  # the pictures' paper


def _text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (#rrggbb)."""
    r, g, b = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return "#000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#fff"


def colours_css() -> str:
    """CSS rules for the game colours, taken from the SVG renderers."""
    from boardcore.fits.tiles import TILE_IDS

    out = [":root { --paper: %s; --fits-open: %s; --fits-plus: %s; --fits-minus: %s;"
           " --fits-symbol: %s; --zatre-grey: %s; --zatre-red: %s; --zatre-plain: %s;"
           " --zatre-tile: %s; }" % (BACKGROUND, fits_svg.OPEN_COLOUR, fits_svg.SPECIAL_PLUS,
                                     fits_svg.SPECIAL_MINUS, fits_svg.SYMBOL_COLOUR,
                                     zatre_svg.GREY, zatre_svg.RED, zatre_svg.PLAIN,
                                     zatre_svg.TILE)]
    for code, colour in sorted(forbes_svg.SYMBOL_COLOURS.items()):
        out.append(".forbes-%s { color: %s; }" % (code, colour))
    for tile in TILE_IDS:
        colour = fits_svg.tile_colour(tile)
        out.append(".fits-%s { background-color: %s; color: %s; }" % (tile, colour,
                                                                       _text_on(colour)))
    return "\n".join(out) + "\n"


def _read(name: str) -> str:
    return resources.files("boardlight.web").joinpath("static", name).read_text("utf-8")


# name -> (text, media type): everything a page loads.
ASSETS = {
    "app.js": (_read("app.js"), "text/javascript"),
    "style.css": (colours_css() + _read("style.css"), "text/css"),
}
