import Foundation
import HTMLQuery

/// Credits and the re-enrolment appointment (`fichas_reinscripcion.aspx`).
public struct SAESCredits: Sendable, Hashable, Codable {
    /// Credits earned and the plan's total, as SAES writes them (`245.50`); nil when the page gives none or
    /// something that is not a number (the parse's problems name it).
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
        /// A count as SAES writes it (`245.50`, `392,00`); anything else is named and left out, not guessed at.
        func count(_ name: String, _ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            guard isCount(value) else {
                problems.append("The \(name) credits “\(value.prefix(20))” are not a number; they were left out.")
                return nil
            }
            return value
        }
        let credits = SAESCredits(
            earned: count("earned", earned), total: count("total", total),
            appointment: appointment.flatMap { $0.isEmpty ? nil : $0 })
        return ParsedPage(value: credits, problems: problems)
    }

    /// Up to six digits, then optionally a decimal point or comma and up to three digits: nothing else (no
    /// sign, exponent, `inf` or words around a number).
    static func isCount(_ text: String) -> Bool {
        var scanner = ByteScanner(text)
        guard scanner.digits(limit: 6) != nil else { return false }
        if scanner.eat(UInt8(ascii: ".")) || scanner.eat(UInt8(ascii: ",")) {
            guard scanner.digits(limit: 3) != nil else { return false }
        }
        return scanner.atEnd
    }
}
