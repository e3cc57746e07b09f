import Foundation
import Hummingbird
import NIOCore

/// Patio's JSON conventions: RFC 3339 timestamps with milliseconds in UTC, sorted keys for stable ETags.
public enum PatioJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an RFC 3339 timestamp.")
            }
            return date
        }
        return decoder
    }
}

/// RFC 3339 timestamps with milliseconds, always UTC: `2026-11-22T15:04:05.000Z`.
public enum Timestamp {
    public static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}

extension Response {
    /// A JSON response encoded with Patio's conventions.
    public static func json<T: Encodable>(
        _ value: T,
        status: HTTPResponse.Status = .ok,
        contentType: String = "application/json; charset=utf-8"
    ) throws -> Response {
        let data = try PatioJSON.encoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: contentType],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// An empty `204 No Content`.
    public static var noContent: Response { Response(status: .noContent) }
}
