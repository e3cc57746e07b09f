import Foundation
import Logging

/// One JSON object per line on standard error (`--log-format json`), for log shippers.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let label: String

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
        var object: [String: String] = ["level": level.rawValue, "message": message.description, "logger": label,
                                        "time": ISO8601DateFormatter().string(from: Date())]
        for (key, value) in metadata.merging(explicit ?? [:], uniquingKeysWith: { $1 }) { object[key] = value.description }
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        FileHandle.standardError.write(data)
    }
}
