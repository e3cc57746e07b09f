import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// The public pages the QR codes open, for a person holding the card or the paper: the verdict first, in
/// green or red and always in words with a ✔ or ✘ (never colour alone), then what to compare — the
/// credential holder's name and photo; the receipt's student, period and every class.
extension CampusPageHandlers {
    func checkCredential(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let token = try context.stringParameter("token")
        let check = try await me.checkCredential(token)
        var data: [String: Any] = [
            "valid": check.valid, "verdict": pages.text(check.valid ? "cam_valid" : "cam_invalid", context),
            "checkedOn": PageFormat.shortDate(check.checkedOn, locale: context.locale),
        ]
        if let name = check.name {
            data["student"] = [
                "name": name, "initials": Self.initials(name), "hasPhoto": check.hasPhoto ?? false, "photoURL": "/campus/credential/\(token)/photo",
            ]
        }
        return page("campus_check", "cam_credential", data, context)
    }

    /// Up to two initials for a card without a photo: "Sofía Pérez Méndez" → "SP".
    static func initials(_ name: String) -> String {
        String(name.split(separator: " ").prefix(2).compactMap(\.first).map { Character($0.uppercased()) })
    }

    /// The photo on the credential's check page; 404 once the link no longer names a current student.
    func credentialPhoto(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        // Revalidated on every view, so a deactivated student's photo stops showing at once.
        try await me.credentialPhoto(try context.stringParameter("token")).response(for: request, cacheControl: "private, no-cache")
    }

    func checkReceipt(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let check = try await me.checkReceipt(try context.stringParameter("token"))
        var data: [String: Any] = ["valid": check.valid, "verdict": pages.text(Self.receiptVerdict(check), context)]
        if check.valid { data["note"] = pages.text(check.matchesPrinted == true ? "cam_receipt_printed" : "cam_receipt_compare", context) }
        if let content = check.content {
            data["content"] = [
                "name": content.name, "boleta": content.boleta, "career": content.career, "period": content.period,
                "hasClasses": !content.classes.isEmpty,
                "classes": content.classes.map { item -> [String: Any] in
                    [
                        "day": pages.text("cam_day_\(item.weekday)", context), "times": "\(item.startsAt)–\(item.endsAt)", "subject": item.subject,
                        "group": item.group,
                    ]
                },
            ]
        }
        return page("campus_receipt_check", "cam_receipt_check", data, context)
    }

    /// The words of a receipt check's verdict, from the most basic failure on.
    static func receiptVerdict(_ check: ReceiptCheck) -> String {
        if !check.authentic { return "cam_receipt_bad" }
        if check.content == nil { return "cam_receipt_void" }
        if !check.enrolled { return "cam_receipt_not_enrolled" }
        if check.matchesPrinted == false { return "cam_receipt_changed" }
        return "cam_receipt_ok"
    }
}
