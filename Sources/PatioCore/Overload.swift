extension AppError {
    /// 503 `overloaded`: Patio has more work than it can take on right now. It is load, not a fault, so the
    /// answer says when to try again (`Retry-After`, in seconds) and nothing of the request was done.
    public static func overloaded(retryAfter seconds: Int) -> AppError {
        AppError(
            .serviceUnavailable, code: "overloaded",
            detail: "Patio is busy right now. Nothing was changed; try again in a few seconds.",
            headers: ["Retry-After": String(max(1, seconds))]
        )
    }
}
