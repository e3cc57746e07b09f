import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals

/// Runs a server until SIGTERM or SIGINT, then stops it within a bounded time. A graceful shutdown lets the
/// requests in flight finish, but a client that never finishes sending its request, or never lets go of an
/// open WebSocket, would otherwise keep the process alive for ever: a deployment's stop, or a test's, must end.
public enum BoundedShutdown {
    /// How long requests in flight get to finish after the signal before the server is cancelled.
    public static let grace: Duration = .seconds(10)
    /// After the signal, the process ends at the latest this long later, whatever is still open.
    public static let deadline: Duration = .seconds(15)

    public static func run(_ service: some Service, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [service],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = grace
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await signal in await UnixSignalsSequence(trapping: .sigterm, .sigint) {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    logger.warning("Still stopping \(deadline) after \(signal): connections left open are dropped")
                    exit(0)
                }
            }
            try await ServiceGroup(configuration: configuration).run()
            group.cancelAll()
        }
    }
}
