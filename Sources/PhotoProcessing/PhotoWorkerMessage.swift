/// What the server sends a photo worker on its standard input and reads back from its standard output: one
/// request, one reply, then the worker exits. Binary and tiny, so neither side parses more than it must.
///
/// Request: `PW1`, the format (0 JPEG, 1 PNG, 2 HEIC), the thumbnail's longest side (UInt16, big-endian), the image.
/// Reply: a status byte — 0 then width, height (UInt32 big-endian) and the thumbnail JPEG; 1 then a UTF-8
/// reason (unreadable); 2 (too large); 3 (too complex).
public enum PhotoWorkerMessage {
    static let magic: [UInt8] = Array("PW1".utf8)
    static let formats: [PhotoFormat] = [.jpeg, .png, .heic]

    public static func request(_ bytes: [UInt8], format: PhotoFormat, maxSide: Int) -> [UInt8] {
        let side = UInt16(clamping: maxSide)
        return magic + [UInt8(formats.firstIndex(of: format) ?? 0), UInt8(side >> 8), UInt8(side & 0xFF)] + bytes
    }

    /// The request's parts, or nil when it is not one.
    public static func parseRequest(_ data: [UInt8]) -> (bytes: [UInt8], format: PhotoFormat, maxSide: Int)? {
        guard data.count >= 6, Array(data[0..<3]) == magic, Int(data[3]) < formats.count else { return nil }
        return (Array(data[6...]), formats[Int(data[3])], Int(data[4]) << 8 | Int(data[5]))
    }

    public static func reply(_ outcome: Result<Thumbnail.Result, PhotoError>) -> [UInt8] {
        switch outcome {
        case .success(let result):
            return [0] + bigEndian(UInt32(clamping: result.width)) + bigEndian(UInt32(clamping: result.height)) + result.jpeg
        case .failure(.tooLarge): return [2]
        case .failure(.tooComplex): return [3]
        case .failure(.unreadable(let reason)): return [1] + Array(reason.utf8)
        case .failure(let other): return [1] + Array("\(other)".utf8)
        }
    }

    /// The worker's answer; anything that is not a whole reply is nil (the caller treats the worker as failed).
    public static func parseReply(_ data: [UInt8]) -> Result<Thumbnail.Result, PhotoError>? {
        guard let status = data.first else { return nil }
        switch status {
        case 0:
            guard data.count > 9 else { return nil }
            let width = data[1..<5].reduce(0) { $0 << 8 | Int($1) }, height = data[5..<9].reduce(0) { $0 << 8 | Int($1) }
            return .success(Thumbnail.Result(width: width, height: height, jpeg: Array(data[9...])))
        case 1: return .failure(.unreadable(String(decoding: data.dropFirst(), as: UTF8.self)))
        case 2: return .failure(.tooLarge)
        case 3: return .failure(.tooComplex)
        default: return nil
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
