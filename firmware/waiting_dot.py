"""The waiting animation (screens.waiting): one dot walking clockwise round the edge.

A module of its own, outside the screens package, so that a device waiting for its host
draws it without loading the screens and their font: a device short of heap, which asks
its host for pictures, then has that heap for the session."""


def waiting(canvas, step=0):
    """Waiting for the host: one blue dot walking clockwise round the edge, from the
    top-left corner; the app advances `step` by one per timer tick."""
    w, h = canvas.width, canvas.height
    canvas.fill(0)
    k = step % (2 * (w + h) - 4)
    if k < w - 1:
        x, y = k, 0
    elif k < w + h - 2:
        x, y = w - 1, k - (w - 1)
    elif k < 2 * w + h - 3:
        x, y = w - 1 - (k - (w + h - 2)), h - 1
    else:
        x, y = 0, h - 1 - (k - (2 * w + h - 3))
    canvas.pixel(x, y, canvas.rgb(0, 0, 255))
