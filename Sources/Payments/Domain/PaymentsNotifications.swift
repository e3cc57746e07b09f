import Foundation
import PatioCore
import PatioPlatform
import PatioWeb

/// What InterPay tells people, and in what words: a business hears how each of its payment requests ended,
/// a subscriber that its plan could not be renewed.
///
/// Every body names an amount, so every kind is private: a push on a locked phone says only its title and
/// "open InterPay" unless its reader chose to see details there. Titles never carry a parameter.
enum PaymentsNotifications {
    private static let openSpanish = "Abre InterPay para ver el detalle."
    private static let openEnglish = "Open InterPay to see the details."

    /// To the business, when a customer pays one of its requests.
    static let requestPaid = NotificationKind(
        "payments.request_paid", isPrivate: true,
        spanish: NotificationWords(
            name: "Un cobro mío que me pagan", title: "Cobro pagado", body: "Te pagaron {amount_es} por «{description}».",
            lockScreen: openSpanish),
        english: NotificationWords(
            name: "A request of mine is paid", title: "Request paid", body: "You were paid {amount_en} for “{description}”.",
            lockScreen: openEnglish))

    /// To the business, when the customer at the counter declines one of its requests.
    static let requestDeclined = NotificationKind(
        "payments.request_declined", isPrivate: true,
        spanish: NotificationWords(
            name: "Un cobro mío que rechazan", title: "Cobro rechazado", body: "Tu cliente rechazó el cobro de {amount_es} por «{description}».",
            lockScreen: openSpanish),
        english: NotificationWords(
            name: "A request of mine is declined", title: "Request declined",
            body: "Your customer declined the {amount_en} request for “{description}”.", lockScreen: openEnglish))

    /// To the business, when one of its requests runs out of time unanswered.
    static let requestExpired = NotificationKind(
        "payments.request_expired", isPrivate: true,
        spanish: NotificationWords(
            name: "Un cobro mío que vence sin pago", title: "Cobro vencido",
            body: "Nadie pagó a tiempo el cobro de {amount_es} por «{description}»; su código ya no sirve.", lockScreen: openSpanish),
        english: NotificationWords(
            name: "A request of mine expires unpaid", title: "Request expired",
            body: "Nobody paid the {amount_en} request for “{description}” in time; its code no longer works.", lockScreen: openEnglish))

    /// To the subscriber (a business buying InterPay's premium plan), when the renewal job cannot charge it.
    static let renewalFailed = NotificationKind(
        "payments.renewal_failed", isPrivate: true,
        spanish: NotificationWords(
            name: "Mi plan no se pudo renovar", title: "Plan sin renovar",
            body: "No pudimos cobrar {amount_es} para renovar tu plan {plan}, así que venció. Puedes contratarlo de nuevo.",
            lockScreen: openSpanish),
        english: NotificationWords(
            name: "My plan could not be renewed", title: "Plan not renewed",
            body: "We could not charge {amount_en} to renew your {plan} plan, so it lapsed. You can subscribe again.", lockScreen: openEnglish))

    static let all = [requestPaid, requestDeclined, requestExpired, renewalFailed]

    /// The amount as each language's pages write it, one parameter per language: the inbox fills the words
    /// in its reader's language, and a single text would misread in the other one (Colombian pesos are
    /// `$ 250.000` in Spanish, which an English reader takes for 250 dollars; in English `$250,000 COP`).
    static func amount(_ minor: Int, currency: String) -> [String: String] {
        [
            "amount_es": PageFormat.money(minor, currency: currency, locale: .es),
            "amount_en": PageFormat.money(minor, currency: currency, locale: .en),
        ]
    }
}
