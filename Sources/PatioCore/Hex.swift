/// Lower-case hexadecimal text of bytes, as digests are stored and compared.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Two lower-case hex digits per byte. Runs on every authenticated request (the token's digest), so it
    /// writes ASCII directly instead of formatting each byte through Foundation.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of one hex digit of either case; nil for any other byte.
    ///
    /// Compared as plain numbers: matched against ranges (`case "0"..."9"`), each digit went through a generic
    /// range check that did not inline, a fifth of reading a sync page's 500 row ids. Always inlined: every id read from
    /// SQLite's text reads 32 digits through it, and as a call it still cost 2 % of a check-in.
    @inlinable @inline(__always)
    public static func value(of byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        // Setting bit 5 turns `A`…`F` into `a`…`f`; only those twelve bytes land in `a`…`f`.
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter + 10 : nil
    }
}
