"""Whole numbers typed by people: ASCII digits only.

str.isdigit() is true for "²" and other Unicode digits that int() refuses, so a check with
isdigit() followed by int() turns such input into a crash instead of a clear refusal.
"""


def is_digits(text: object) -> bool:
    """True when `text` is one or more ASCII digits 0-9 (what int() reads as a whole number).

    >>> is_digits("42"), is_digits("²"), is_digits("-1"), is_digits("")
    (True, False, False, False)
    """
    if not isinstance(text, str) or not text:
        return False
    for ch in text:
        if not "0" <= ch <= "9":
            return False
    return True
