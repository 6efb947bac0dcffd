"""Boot errors of real hardware, in words a maker can act on. Imported by hw/setup.py only
when building a part fails, so it takes no heap on a board that works."""


def no_answer(what, part, e):
    # "display ht16k33 on I2C0 (SDA GPIO4, SCL GPIO5) at address 0x70 did not answer (...)":
    # a driver's bare OSError (ENODEV, EIO) would not say which part or which wires.
    where = ""
    for kind in ("i2c", "spi", "uart"):
        bus = part.get(kind)
        if bus:
            pins = ["%s GPIO%d" % (r.upper(), bus[r]) for r in ("sda", "scl", "sck", "mosi", "miso", "tx", "rx") if r in bus]
            where = " on %s%d (%s)" % (kind.upper(), bus["id"], ", ".join(pins))
    check = "wiring and power"
    if "address" in part:
        where += " at address 0x%02x" % part["address"]
        check = "wiring, power and address"
    return OSError("%s %s%s did not answer (%s): check its %s" % (what, part["kind"], where, e, check))
