import Foundation
import Logging
import NIOConcurrencyHelpers
import PatioServer

enum LogSetup {
    private static let bootstrapped = NIOLockedValueBox(false)

    /// Sets up text or JSON logs exactly once per process.
    static func bootstrapOnce(format: PatioConfiguration.LogFormat) {
        bootstrapped.withLockedValue { done in
            guard !done else { return }
            done = true
            switch format {
            case .text: LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
            case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
            }
        }
    }
}
