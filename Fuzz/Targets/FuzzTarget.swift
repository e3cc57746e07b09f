import Foundation

/// The target named by PATIO_FUZZ_TARGET among a binary's targets, read once. An unknown name stops the run
/// at the first input, naming the targets there are.
func fuzzTarget(in targets: [String: @Sendable ([UInt8]) -> Void]) -> @Sendable ([UInt8]) -> Void {
    let name = ProcessInfo.processInfo.environment["PATIO_FUZZ_TARGET"] ?? ""
    guard let target = targets[name] else {
        fatalError("PATIO_FUZZ_TARGET=\(name) is not one of: \(targets.keys.sorted().joined(separator: ", "))")
    }
    return target
}
