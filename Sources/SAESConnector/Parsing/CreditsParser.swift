import Foundation
import HTMLQuery

/// Credits and the re-enrolment appointment (`fichas_reinscripcion.aspx`).
public struct SAESCredits: Sendable, Hashable, Codable {
    /// Credits earned and the plan's total, as SAES writes them (`245.50`).
    public var earned: String?
    public var total: String?
    /// The re-enrolment appointment as the page words it; nil when none is given yet.
    public var appointment: String?

    public init(earned: String?, total: String?, appointment: String?) {
        self.earned = earned
        self.total = total
        self.appointment = appointment
    }
}

/// Reads the labels `Lbl_CreditosAlcanzados`, `Lbl_CreditosCarrera` and `Lbl_Cita`.
public enum CreditsParser {
    public static func parse(_ html: String) -> ParsedPage<SAESCredits> {
        let document = HTMLDocument(html: html)
        let earned = SAESElementIDs.label("Lbl_CreditosAlcanzados", in: document)
        let total = SAESElementIDs.label("Lbl_CreditosCarrera", in: document)
        let appointment = SAESElementIDs.label("Lbl_Cita", in: document)
        guard earned != nil || total != nil else {
            return .unreadable("The credit labels (Lbl_CreditosAlcanzados, Lbl_CreditosCarrera) are not on the page.")
        }
        var problems: [String] = []
        for (name, value) in [("earned", earned), ("total", total)] {
            if let value, !value.isEmpty, SpanishNumber.hundredths(in: value) == nil && Double(value.replacingOccurrences(of: ",", with: ".")) == nil {
                problems.append("The \(name) credits “\(value.prefix(20))” are not a number.")
            }
        }
        return ParsedPage(value: SAESCredits(earned: earned.flatMap { $0.isEmpty ? nil : $0 }, total: total.flatMap { $0.isEmpty ? nil : $0 },
                                             appointment: appointment.flatMap { $0.isEmpty ? nil : $0 }), problems: problems)
    }
}
