"""The virtual board's LED matrix: a Display whose show() sends the frame to the bridge."""

from display import Display


class VirtualDisplay(Display):
    """`channel` is a sim_channel.Channel (or anything with send(bytes))."""

    def __init__(self, width, height, colour, channel):
        super().__init__(width, height, colour)
        self.channel = channel
        self.frames = 0

    def show(self):
        # "F <n> <w> <h> <mono|rgb565> <level> <size>\n" then the framebuf buffer as it
        # is: no copy, no hex, so a frame costs the small heap nothing but the header.
        self.frames += 1
        head = "F %d %d %d %s %d %d\n" % (
            self.frames,
            self.width,
            self.height,
            "rgb565" if self.colour else "mono",
            self.level,
            len(self.buffer),
        )
        self.channel.send(head.encode())
        self.channel.send(self.buffer)
