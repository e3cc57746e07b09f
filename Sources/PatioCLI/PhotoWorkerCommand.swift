import Foundation
import PhotoProcessing

/// `patio photo-worker [--cpu-seconds N] [--memory-mb M]`: hidden; the server runs it once per uploaded photo to
/// decode it under limits (PhotoProcessing's `PhotoWorker`). Handled before anything else starts — no logging,
/// configuration or database — so the worker is small and its limits are in place before it reads a byte.
enum PhotoWorkerCommand {
    static let name = "photo-worker"

    static func run(_ arguments: [String]) -> Never {
        exit(PhotoWorker.main(arguments: arguments))
    }
}
