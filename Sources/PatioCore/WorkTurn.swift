/// A request's turn at the admission gate, which it sets down while it waits on something that takes none of
/// Patio's work, so another request can use it meanwhile.
///
/// A write on SQLite waits for its group's commit, mostly for the disk; holding its turn through that wait
/// capped how many writes could be waiting at once, and so how many one commit could carry.
public struct WorkTurn: Sendable {
    let setDown: @Sendable () -> Void
    let takeUp: @Sendable () async -> Void

    /// `setDown` gives the turn back; `takeUp` waits for one again.
    public init(setDown: @escaping @Sendable () -> Void, takeUp: @escaping @Sendable () async -> Void) {
        self.setDown = setDown
        self.takeUp = takeUp
    }

    /// The turn of the request the current task works for; nil outside the admission gate.
    @TaskLocal public static var current: WorkTurn?

    /// Runs `wait` with the current request's turn set down, and takes a turn again before returning or throwing.
    public static func setDown<T: Sendable>(while wait: () async throws -> T) async throws -> T {
        guard let turn = current else { return try await wait() }
        turn.setDown()
        let result: Result<T, any Error>
        do { result = .success(try await wait()) } catch { result = .failure(error) }
        await turn.takeUp()
        return try result.get()
    }
}
