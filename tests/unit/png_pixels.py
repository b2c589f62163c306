"""The pixels of a screenshot (an 8-bit RGB or RGBA PNG, as headless Chromium writes them), for the
tests that look at a web page: how much of it has a given colour."""
import struct
import zlib


def png(path):
    """the pixels of an 8-bit RGB or RGBA PNG: width, height, bytes per pixel, rows"""
    b = open(path, "rb").read()
    assert b[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(b):
        n, typ = struct.unpack(">I4s", b[pos:pos + 8])
        data = b[pos + 8:pos + 8 + n]
        pos += 12 + n
        if typ == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", data[:10])
        elif typ == b"IDAT":
            idat += data
    assert depth == 8 and ctype in (2, 6), "not 8-bit RGB(A)"
    bpp, raw, rows = 3 if ctype == 2 else 4, zlib.decompress(idat), []
    stride, prev, i = w * (3 if ctype == 2 else 4), bytearray(w * 4), 0
    for y in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            u = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + u) & 255
            elif f == 3: line[x] = (line[x] + (a + u) // 2) & 255
            elif f == 4:
                p = a + u - c
                pa, pb, pc = abs(p - a), abs(p - u), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else u if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows

def share(path, rgb):
    """the fraction of the screenshot's pixels that have exactly this colour"""
    w, h, bpp, rows = png(path)
    want = bytes(int(rgb[k:k + 2], 16) for k in (1, 3, 5))
    n = sum(1 for r in rows for x in range(0, w * bpp, bpp) if bytes(r[x:x + 3]) == want)
    return n / (w * h)
