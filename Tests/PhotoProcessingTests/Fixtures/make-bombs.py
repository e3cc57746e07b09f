#!/usr/bin/env python3
"""Makes the hostile images Patio must refuse cheaply (standard library only; run in this folder):

- scans.jpg       64×64 progressive JPEG of 883 valid scans (each AC coefficient alone, refined bit by bit):
                  over libjpeg-turbo's 500-scan limit, so refused as too complex before the pixels are decoded.
- wide.png        a PNG whose header says 20000×20000 (400 MP) over a few bytes of data: refused from the header.
- strip.png       12000×4000 grey PNG (47 KB): inside the pixel cap, 144 MB once decoded; a worker whose memory
                  limit is below that refuses it (the memory-limit test).
- wide.heic       plain.heic with its `ispe` boxes saying 40000×40000: refused by libheif's size limit.
- costly.jpg      6000×4000 progressive JPEG of 499 scans (65 KB): inside every header limit and the scan limit,
                  about the most work a 24 MP JPEG can ask for (~4 s of CPU); the bomb of the server's load test.

The JPEGs are written by hand: one grey component, every coefficient zero, so each scan is a few bytes of
end-of-band runs, the way the scan bombs found in the wild are made."""
import struct
import sys
import zlib


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


class Bits:
    def __init__(self):
        self.out = bytearray()
        self.value = 0
        self.count = 0

    def put(self, code, length):
        for i in range(length - 1, -1, -1):
            self.value = (self.value << 1) | ((code >> i) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.value)
                if self.value == 0xFF:
                    self.out.append(0)  # byte stuffing
                self.value = self.count = 0

    def flush(self):
        while self.count:
            self.put(1, 1)  # pad with ones
        return bytes(self.out)


def progressive_jpeg(width, height, scans):
    """`scans` (Ss, Se, Ah, Al) after the DC scan; all coefficients zero."""
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    data = bytearray(b"\xFF\xD8")
    data += segment(0xDB, bytes([0]) + bytes([1] * 64))
    data += segment(0xC2, struct.pack(">BHHB", 8, height, width, 1) + bytes([1, 0x11, 0]))
    # DC table 0: category 0 is "0". AC table 0: EOBn (n = 0…14) are 4-bit codes 0000…1110.
    data += segment(0xC4, bytes([0x00]) + bytes([1] + [0] * 15) + bytes([0]))
    data += segment(0xC4, bytes([0x10]) + bytes([0, 0, 0, 15] + [0] * 12) + bytes(n << 4 for n in range(15)))

    def sos(ss, se, ah, al):
        return segment(0xDA, bytes([1, 1, 0x00, ss, se, (ah << 4) | al]))

    bits = Bits()
    for _ in range(blocks):
        bits.put(0, 1)
    data += sos(0, 0, 0, 0) + bits.flush()
    for ss, se, ah, al in scans:
        bits = Bits()
        left = blocks
        while left:
            run = min(left, 32767)
            n = run.bit_length() - 1
            bits.put(n, 4)
            bits.put(run - (1 << n), n)
            left -= run
        data += sos(ss, se, ah, al) + bits.flush()
    return bytes(data + b"\xFF\xD9")


def refined_scans():
    """Each AC coefficient on its own, first at bit 13 then refined down to bit 0: 63 × 14 valid scans."""
    for k in range(1, 64):
        yield (k, k, 0, 13)
        for ah in range(13, 0, -1):
            yield (k, k, ah, ah - 1)


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def wide_png():
    header = struct.pack(">IIBBBBB", 20000, 20000, 8, 2, 0, 0, 0)
    rows = zlib.compress(bytes(1 + 3 * 20000) * 4)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", rows) + png_chunk(b"IEND", b"")


def strip_png():
    header = struct.pack(">IIBBBBB", 12000, 4000, 8, 0, 0, 0, 0)
    rows = zlib.compress(bytes(1 + 12000) * 4000, 9)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", rows) + png_chunk(b"IEND", b"")


def wide_heic():
    data = bytearray(open("plain.heic", "rb").read())
    at = data.find(b"ispe")
    assert at > 0
    while at > 0:
        data[at + 8:at + 16] = struct.pack(">II", 40000, 40000)
        at = data.find(b"ispe", at + 4)
    return bytes(data)


if __name__ == "__main__":
    open("scans.jpg", "wb").write(progressive_jpeg(64, 64, list(refined_scans())))
    open("costly.jpg", "wb").write(progressive_jpeg(6000, 4000, list(refined_scans())[:498]))
    open("wide.png", "wb").write(wide_png())
    open("strip.png", "wb").write(strip_png())
    open("wide.heic", "wb").write(wide_heic())
