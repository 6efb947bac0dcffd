"""Strict JSON, checked without reading it: the payloads of the serial protocol's frames.

CPython's json and MicroPython's differ on what they take: MicroPython's reads
`{"tile":"L3" "start":false}` (no comma) as two keys, `{"C"}` as {} and `[,"down"]` as
["down"]; CPython's takes NaN and Infinity; they read surrogate pairs and fractions
differently (MicroPython keeps a pair as two characters; a device's floats may be single
precision). boardcore.protocol.codec reads payloads with loads(), which asks problem() before
json.loads, so that both ends take
the same payloads and read them alike. What it takes is RFC 8259 JSON with three limits
of the protocol's own: numbers are whole, \\u escapes stay in the Basic Multilingual Plane
(no surrogates), and lists and objects nest at most MAX_DEPTH deep.

The device imports this module with the first payload it reads (a host's hello).
"""

MAX_DEPTH = 8  # lists and objects inside each other


def problem(b, i, n):
    """None if bytes b[i:n] are one strict JSON value as the protocol takes it (see the
    module's docstring), else what is wrong. One loop over the bytes with a small
    bytearray for a stack: it builds no values, so it costs the device little heap."""
    stack = bytearray(MAX_DEPTH)  # the open brackets, "[" or "{"
    depth = 0
    # What comes next: 0 "," or a closing bracket, 1 a value, 2 a key, 3 ":",
    # 4 a value or "]" (after "["), 5 a key or "}" (after "{").
    want = 1
    first = i
    while True:
        while i < n and b[i] == 32:
            i += 1
        if i >= n:
            return None if want == 0 and not depth else "it ends too soon"
        c = b[i]
        at = i - first
        i += 1
        if depth and c == stack[depth - 1] + 2 and (want == 0 or want > 3):  # "[" + 2 is "]"
            depth -= 1
            want = 0
        elif want == 0:
            if not depth or c != 44:
                break
            want = 2 if stack[depth - 1] == 123 else 1
        elif want == 3:
            if c != 58:
                break
            want = 1
        elif c == 34:  # a string, the only thing a key can be
            while True:
                q = b.find(b'"', i, n)
                e = b.find(b"\\", i, q)
                if q < 0 or e < 0:
                    break
                c = b[e + 1]
                i = e + 2
                if c == 117:  # \uXXXX: exactly four hex digits, not a surrogate
                    for k in range(i, i + 4):
                        if k >= n or not b[k] in b"0123456789abcdefABCDEF":
                            return "syntax error at character %d" % (e - first)
                    if b[i] in b"dD" and b[i + 1] in b"89abAB":
                        return "text outside the Basic Multilingual Plane"
                    i += 4
                elif not c in b'"\\/bfnrt':
                    return "syntax error at character %d" % (e - first)
            if q < 0:
                return "it ends too soon"
            i = q + 1
            want = 3 if want == 2 or want == 5 else 0
        elif want == 2 or want == 5:
            break
        elif c == 91 or c == 123:
            if depth == MAX_DEPTH:
                return "more than %d lists or objects deep" % MAX_DEPTH
            stack[depth] = c
            depth += 1
            want = 4 if c == 91 else 5
        else:
            j = i if c == 45 else i - 1  # the first digit
            k = j
            while k < n and 48 <= b[k] <= 57:
                k += 1
            if k > j:
                if b[j] == 48 and k > j + 1:
                    break  # a leading zero
                if k < n and b[k] in b".eE":
                    return "numbers must be whole"
                i = k
            elif i + 3 <= n and (b.startswith(b"true", i - 1) or b.startswith(b"null", i - 1)):
                i += 3
            elif i + 4 <= n and b.startswith(b"false", i - 1):
                i += 4
            else:
                break
            want = 0
    return "syntax error at character %d" % at


def loads(text, i=0, n=None):
    """The value of the strict JSON `text` (a str, or bytes of which only [i:n] is read);
    ValueError saying what is wrong otherwise."""
    import json

    if isinstance(text, str):
        text = text.encode()
    if n is None:
        n = len(text)
    why = problem(text, i, n)
    if why is None:
        part = memoryview(text)[i:n]
        try:
            try:
                return json.loads(part)  # MicroPython's json reads the bytes where they are
            except TypeError:
                return json.loads(bytes(part))  # CPython's takes no memoryview
        except ValueError:
            why = "json refuses it"
    raise ValueError(why)


def ascii_text(text):
    """`text` (compact JSON from json.dumps) with every character outside printable ASCII
    as a \\uXXXX escape, as CPython's json writes it; ValueError for text above U+FFFF
    (a surrogate pair there, which MicroPython reads back as two characters)."""
    out = []
    for ch in text:
        o = ord(ch)
        if 32 <= o <= 126:
            out.append(ch)
        elif o > 0xFFFF:
            raise ValueError("payload cannot be sent: text outside the Basic Multilingual Plane")
        else:
            out.append("\\u%04x" % o)
    text = "".join(out)
    if "\\ud" in text:  # perhaps a surrogate escape, as CPython's json writes a pair
        data = text.encode()
        why = problem(data, 0, len(data))
        if why is not None:
            raise ValueError("payload cannot be sent: %s" % why)
    return text
