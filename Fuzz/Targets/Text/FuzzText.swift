// libFuzzer entry for the decoders of text and small binary structures a client sends: CSV files, paging
// and sync cursors, passkey ceremonies (CBOR, COSE keys, authenticator data, client data), signed links and check-in
// tokens, the Controller APP's base64 and login body, form and JSON bodies, and calendar days. Built by scripts/fuzz against the
// debug build's modules (`@testable`, so internal decoders are reached as the server calls them), with the
// self-contained decoders compiled again into this module so that libFuzzer sees their branches.
import Crypto
import Foundation
@testable import Academy
@testable import Campus
@testable import Courier
@testable import PatioCore
@testable import PatioIdentity
@testable import PatioPlatform
@testable import PatioWeb

/// The server's signing key, as links and tokens are checked against it (any fixed key will do).
func signingKey() -> SymmetricKey { SymmetricKey(data: [UInt8](repeating: 7, count: 32)) }

let selectedTarget = fuzzTarget(in: [
    "csv": { bytes in
        var tokenizer = CSVTokenizer(bytes: bytes)
        var rows = 0
        while rows < 100_000, let row = tokenizer.next() { rows += 1; _ = row.fields.map(CSVTokenizer.clip) }
        _ = CSVTokenizer.firstInvalidUTF8(bytes).map { CSVTokenizer.lineNumber(of: $0, in: bytes) }
    },
    "csv-localities": { _ = LocalityCSV.parse(data: $0) },
    "csv-campus": { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for header in [CampusCSV.subjectHeader, CampusCSV.groupHeader, CampusCSV.enrolmentHeader] { _ = CampusCSV.rows(text, header: header) }
    },
    "cursor": { bytes in
        let parts = FuzzInput(bytes).texts(2)
        // A sync pull's cursor names its collection.
        _ = try? SyncCursor.decode(parts[1], collection: "courier.pickups")
        guard let page = try? CursorPageRequest(limit: parts[0].isEmpty ? nil : parts[0], cursor: parts[1]) else { return }
        _ = try? page.timeAndID()
        _ = try? page.textAndID()
    },
    "passkey-cbor": { bytes in
        _ = try? CBOR.decodeAll(bytes)
        _ = try? CBOR.decode(bytes)
    },
    "passkey-cose-key": { bytes in
        guard let key = try? COSEKey(encoded: bytes) else { return }
        _ = key.isValidSignature(Array(bytes.prefix(72)), for: bytes)
    },
    "passkey-authenticator-data": { _ = try? AuthenticatorData($0) },
    "passkey-client-data": { bytes in
        let parts = FuzzInput(bytes).chunks(3)
        _ = try? WebAuthnVerifier.challenge(in: parts[0])
        let verifier = WebAuthnVerifier(origin: "https://patio.test", rpID: "patio.test", requireUserVerification: false)
        _ = try? verifier.verifyRegistration(clientDataJSON: parts[0], attestationObject: parts[1], challenge: parts[2])
    },
    "signed-link": { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        for length in [0, 1, 2, 8] { _ = SignedLink.verify(text, payloadLength: length, key: signingKey()) }
    },
    "local-date": { bytes in
        // A day as a form or a body gives it (a start date, a due date), then moved as the modules move days.
        let parts = FuzzInput(bytes).texts(2)
        guard let day = LocalDate(parts[0]) else { return }
        precondition(LocalDate(day.description) == day, "\(day) does not read back")
        let days = Int(parts[1].prefix(20)) ?? 0
        let moved = day.adding(days: days)
        // Moves beyond a million years are clamped to one.
        precondition(day.days(until: moved) == max(min(days, 400_000_000), -400_000_000), "\(day) + \(days) is \(moved)")
        _ = (moved.weekday, moved.monthSpan, moved.description)
    },
    "check-in-token": { bytes in
        _ = CheckInToken.verify(String(decoding: bytes, as: UTF8.self), key: signingKey(), now: Date(timeIntervalSince1970: 1_800_000_000))
    },
    "controller-app-base64": { _ = ControllerAppBase64.decode(String(decoding: $0, as: UTF8.self)) },
    "controller-app-login-body": { _ = try? ControllerAppLogin.credentials(fromBody: $0) },
    "form-body": { bytes in
        let form = FormBody(encoded: String(decoding: bytes, as: UTF8.self))
        var validator = Validator()
        for name in form.fields.keys.prefix(8) {
            _ = form.text(name)
            _ = form.integer(name, into: &validator)
            _ = form.money(name, into: &validator)
            _ = form.uuid(name)
        }
    },
    "json-body": { bytes in
        _ = try? JSONBody.decodeJSON(JSONValue.self, from: Data(bytes))
        _ = try? JSONBody.decodeJSON([String: Int].self, from: Data(bytes))
    },
])

/// Splits one fuzz input into several: parts are separated by the byte 0xFF, which none of the texts use.
struct FuzzInput {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func chunks(_ count: Int) -> [[UInt8]] {
        var parts = bytes.split(separator: 0xFF, maxSplits: count - 1, omittingEmptySubsequences: false).map(Array.init)
        while parts.count < count { parts.append([]) }
        return parts
    }

    func texts(_ count: Int) -> [String] { chunks(count).map { String(decoding: $0, as: UTF8.self) } }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func patioFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
