import HTTPTypes
import PatioCore

/// Why a passkey ceremony was refused; each becomes a problem with this code.
struct PasskeyError: Error, Sendable {
    let code: String
    let detail: String

    init(code: String, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    static func malformed(_ what: String) -> PasskeyError {
        PasskeyError(code: "passkey_malformed", "The \(what) sent by the authenticator cannot be read.")
    }

    var appError: AppError {
        let status: HTTPResponse.Status =
            [
                "passkey_unknown_credential", "passkey_account_inactive", "passkey_signature_invalid",
                "passkey_counter_regressed", "passkey_user_not_verified",
            ].contains(code) ? .unauthorized : .badRequest
        return AppError(status, code: code, detail: detail)
    }
}
