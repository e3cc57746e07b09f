import FluentKit
import Foundation
import PatioCore
import PatioData
import SAESConnector

/// Links a student's SAES account: shows SAES's CAPTCHA, posts the sign-in, keeps the session sealed, and
/// forgets everything on unlink.
struct SAESLinkService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let vault: SAESVault
    let connector: SAESConnector
    let portals: SAESPortals
    let throttle: SAESThrottle

    struct ChallengeInput: Codable, Sendable {
        var school: String?
    }

    struct LinkInput: Codable, Sendable {
        var boleta: String?
        var password: String?
        var captcha: String?
        /// Keep the password (sealed) so the next sign-in needs only the CAPTCHA.
        var keepPassword: Bool?
    }

    static let notLinked = AppError.notFound(code: "saes_not_linked", "Your account is not linked to SAES.")
    static let noChallenge = AppError.conflict(code: "saes_no_challenge", "Ask for a CAPTCHA first: choose your school.")
    static let wrongCaptcha = AppError(
        .unprocessableContent, code: "saes_wrong_captcha",
        detail: "SAES says the CAPTCHA was mistyped. Type the new one.")
    /// A student links only the SAES account of the boleta on their Campus record: otherwise their pages and
    /// credential would show another person's grades under their name.
    static let boletaMismatch = AppError.conflict(
        code: "saes_boleta_mismatch",
        "That boleta is not the one on your Campus record: you can link only your own SAES account. If your record is wrong, ask school services.")

    static func unavailable(_ error: SAESError) -> AppError {
        switch error {
        case .serverError:
            return AppError(.serviceUnavailable, code: "saes_unavailable", detail: "SAES is failing right now (its error page). Try again later.")
        case .unreachable: return AppError(.serviceUnavailable, code: "saes_unavailable", detail: "SAES did not answer in time. Try again later.")
        case .sessionEnded: return AppError.conflict(code: "saes_session_ended", "SAES ended the session. Type a new CAPTCHA to sign in again.")
        case .unexpected(let detail):
            return AppError(.badGateway, code: "saes_unexpected", detail: "SAES answered something Patio cannot read: \(detail)")
        }
    }

    static func school(_ code: String?) throws -> SAESSchool {
        guard let code, let school = SAESSchool.named(code.trimmingCharacters(in: .whitespaces)) else {
            throw AppError.validation(field: "school", "Choose one of IPN's schools.", code: "unknown_school")
        }
        return school
    }

    /// Opens the school's sign-in page and keeps it (sealed) until the student answers its CAPTCHA.
    func begin(accountID: UUID, _ input: ChallengeInput) async throws -> SAESChallengeView {
        let school = try Self.school(input.school)
        // Without a sealing key nothing could be kept: say so before SAES is asked for anything.
        try await vault.prepare()
        let challenge: SAESSignInChallenge
        do {
            let portal = portals.url(for: school)
            challenge = try await throttle.run(accountID: accountID, portal: portal) { try await connector.beginSignIn(portal: portal) }
        } catch let error as SAESError {
            throw Self.unavailable(error)
        }
        let sealed = try await vault.seal(challenge)
        let now = clock.now()
        let link = try await database.write { db in
            let link =
                try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID).first()
                ?? {
                    let link = SAESLinkModel()
                    link.id = UUID()
                    link.accountID = accountID
                    link.status = "pending"
                    return link
                }()
            if link.$school.value != school.code { link.sealedPassword = nil }
            link.school = school.code
            link.sealedChallenge = sealed
            if link.linkedAt == nil { link.status = "pending" }
            link.updatedAt = now
            try await link.save(on: db)
            return link
        }
        return Self.challengeView(challenge, school: school, passwordKept: link.sealedPassword != nil)
    }

    /// The CAPTCHA waiting for an answer.
    func challenge(accountID: UUID) async throws -> SAESChallengeView {
        guard let link = try await SAESLinkModel.query(on: database.reader).filter(\.$accountID == accountID).first(),
            let school = SAESSchool.named(link.school),
            let challenge = try await vault.open(SAESSignInChallenge.self, link.sealedChallenge)
        else { throw Self.noChallenge }
        return Self.challengeView(challenge, school: school, passwordKept: link.sealedPassword != nil)
    }

    /// Posts the sign-in. Linked (or linked with the teacher evaluation pending) answers the link; a refused
    /// attempt keeps SAES's new CAPTCHA for the next try.
    func complete(accountID: UUID, _ input: LinkInput) async throws -> SAESLinkModel {
        guard let link = try await SAESLinkModel.query(on: database.reader).filter(\.$accountID == accountID).first(),
            let challenge = try await vault.open(SAESSignInChallenge.self, link.sealedChallenge)
        else { throw Self.noChallenge }
        var errors: [FieldError] = []
        let boleta = (input.boleta ?? link.boleta ?? "").trimmingCharacters(in: .whitespaces)
        if boleta.isEmpty || boleta.count > 20 || !boleta.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            errors.append(FieldError(field: "boleta", message: "Type your boleta (letters and digits only).", code: "saes_boleta_format"))
        }
        var password = input.password ?? ""
        if password.isEmpty, let kept = try await vault.open(String.self, link.sealedPassword) { password = kept }
        if password.isEmpty || password.count > 100 {
            errors.append(FieldError(field: "password", message: "Type your SAES password.", code: "saes_password_required"))
        }
        let captcha = (input.captcha ?? "").trimmingCharacters(in: .whitespaces)
        if captcha.isEmpty || captcha.count > 20 {
            errors.append(FieldError(field: "captcha", message: "Type the characters in the image.", code: "saes_captcha_required"))
        }
        guard errors.isEmpty else { throw AppError.validation(errors) }
        // Checked before SAES is asked, so another person's password is never tried either.
        if let record = try await StudentModel.query(on: database.reader).filter(\.$accountID == accountID).first(),
            record.boleta.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(boleta) != .orderedSame
        {
            throw Self.boletaMismatch
        }

        let outcome: SAESSignInOutcome
        do {
            outcome = try await throttle.run(accountID: accountID, portal: challenge.portal) {
                try await connector.signIn(challenge, boleta: boleta, password: password, captcha: captcha)
            }
        } catch let error as SAESError {
            throw Self.unavailable(error)
        }
        let now = clock.now()
        switch outcome {
        case .wrongCaptcha(let next):
            try await keep(next, accountID: accountID)
            throw Self.wrongCaptcha
        case .wrongCredentials(let message, let next):
            try await keep(next, accountID: accountID)
            throw AppError(
                .unprocessableContent, code: "saes_wrong_credentials",
                detail: message.isEmpty ? "SAES refused the boleta or password." : "SAES says: \(message)")
        case .signedIn(let cookies), .evaluationRequired(let cookies, _):
            var pending: [SAESTeacherToEvaluate] = []
            if case .evaluationRequired(_, let list) = outcome { pending = list }
            let teachers = pending
            let sealedSession = try await vault.seal(cookies)
            let sealedPassword = input.keepPassword == true ? try await vault.seal(password) : nil
            let keepExisting = input.keepPassword == nil && input.password == nil
            let teachersJSON = teachers.isEmpty ? nil : String(decoding: try JSONEncoder().encode(teachers), as: UTF8.self)
            return try await database.write { db in
                guard let model = try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID).first() else { throw Self.noChallenge }
                model.boleta = boleta
                model.status = teachers.isEmpty ? "linked" : "evaluation_required"
                model.sealedSession = sealedSession
                if !keepExisting { model.sealedPassword = sealedPassword }
                model.sealedChallenge = nil
                model.teachersToEvaluate = teachersJSON
                model.linkedAt = model.linkedAt ?? now
                model.updatedAt = now
                try await model.save(on: db)
                return model
            }
        }
    }

    /// Forgets the link: session, password, sign-in in progress and every page read from SAES.
    func unlink(accountID: UUID) async throws {
        let removed = try await database.write { db in
            let links = try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID).count()
            // The link first: on PostgreSQL that waits for a sync's write holding it (SAESSyncService.lockLink),
            // so the pages deleted next include any that write added.
            try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID).delete()
            try await SAESPageModel.query(on: db).filter(\.$accountID == accountID).delete()
            return links
        }
        if removed == 0 { throw Self.notLinked }
    }

    private func keep(_ challenge: SAESSignInChallenge, accountID: UUID) async throws {
        let sealed = try await vault.seal(challenge)
        let now = clock.now()
        try await database.write { db in
            try await SAESLinkModel.query(on: db).filter(\.$accountID == accountID)
                .set(\.$sealedChallenge, to: sealed).set(\.$updatedAt, to: now).update()
        }
    }

    static func challengeView(_ challenge: SAESSignInChallenge, school: SAESSchool, passwordKept: Bool) -> SAESChallengeView {
        let type = challenge.captchaType.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "image/png"
        let safeType = ["image/png", "image/jpeg", "image/gif"].contains(type.lowercased()) ? type.lowercased() : "image/png"
        return SAESChallengeView(
            school: school.code, schoolName: school.name,
            captchaImage: "data:\(safeType);base64,\(Data(challenge.captchaImage).base64EncodedString())",
            passwordKept: passwordKept)
    }
}
