import PatioCore
import PatioWeb

/// InterPay's refusals in the reader's words where its strings had none (FieldMessages: `problem.<code>`,
/// `error.<code>`), beneath PaymentsStrings' own: businesses and customers read every refusal in their
/// language, the ledger's and the exchange rates' included.
enum PaymentsRefusalWords {
    /// InterPay's pages' words with these beneath them (theirs win on a shared key).
    static func beneath(_ pages: [PatioLocale: [String: String]]) -> [PatioLocale: [String: String]] {
        Strings.beneath(pages, [.es: spanish, .en: english])
    }

    static let spanish: [String: String] = [
        "problem.payments_profile_not_found": "Tu cuenta aún no tiene perfil de InterPay; créalo primero.",
        "problem.payment_request_not_found": "No hay ningún cobro con ese código; revisa que lo hayas escrito bien.",
        "problem.no_code_available": "No se pudo generar un código para el cobro; inténtalo de nuevo en un momento.",
        "problem.currency_not_supported": "InterPay no maneja esa moneda; elige una de la lista.",
        "problem.demo_only": "Los fondos de prueba solo existen en la demostración.",
        "problem.idempotency_key_reused": "Esta operación ya se hizo con otros datos; abre el formulario otra vez y vuelve a enviarlo.",
        "problem.transfer_unbalanced": "Los cargos y abonos no cuadran en alguna moneda; revisa los montos.",
        "problem.ledger_account_not_found": "Uno de los movimientos usa una cuenta que no existe.",
        "problem.ledger_account_missing": "No se pudo abrir la cuenta del libro contable; inténtalo de nuevo más tarde.",
        "problem.rates_unreadable": "El archivo no es de tipos de cambio de referencia del BCE; revísalo y súbelo de nuevo.",
        "error.legs_count": "Una transferencia necesita al menos dos movimientos.",
        "error.leg_zero": "Ningún movimiento puede ser de cero.",
        "error.legs_repeat": "Cada cuenta aparece una sola vez.",
        "error.rate_positive": "El tipo de cambio debe ser mayor que cero.",
        "error.rate_base": "Los tipos de cambio van por euro (base EUR).",
        "error.rate_duplicate": "Esa moneda aparece dos veces; déjala una sola vez.",
        "error.near_format": "Usa latitud,longitud, por ejemplo 19.43,-99.13.",
    ]

    static let english: [String: String] = [
        "problem.payments_profile_not_found": "Your account has no InterPay profile yet; create it first.",
        "problem.payment_request_not_found": "No payment request has this code; check that you typed it right.",
        "problem.no_code_available": "No code could be made for the request; try again in a moment.",
        "problem.currency_not_supported": "InterPay does not handle this currency; choose one from the list.",
        "problem.demo_only": "Test funds exist only in the demo.",
        "problem.idempotency_key_reused": "This was already done with other data; open the form again and send it again.",
        "problem.transfer_unbalanced": "Debits and credits differ in some currency; check the amounts.",
        "problem.ledger_account_not_found": "A leg names an account that does not exist.",
        "problem.ledger_account_missing": "The ledger account could not be opened; try again later.",
        "problem.rates_unreadable": "This is not an ECB reference-rate file; check it and upload it again.",
        "problem.not_a_payments_user": "This account has no InterPay profile.",
        "problem.insufficient_funds": "The wallet does not have enough money for this.",
        "problem.request_expired": "This payment request has expired.",
        "problem.request_not_pending": "This payment request is no longer pending.",
        "problem.request_not_opened": "Only a customer who opened this request with its code can decline it. Open it with its code first.",
        "problem.already_subscribed": "This business already has an active plan.",
        "problem.not_subscribed": "This business has no active plan.",
        "problem.rate_unavailable": "There is no exchange rate for this currency yet.",
        "problem.idempotency_key_required": "The form lost its key; open the request again.",
        "error.legs_count": "A transfer has at least two legs.",
        "error.leg_zero": "No leg may be zero.",
        "error.legs_repeat": "Each account appears once.",
        "error.rate_positive": "A rate must be positive.",
        "error.rate_base": "Rates must be given per euro (base EUR).",
        "error.rate_duplicate": "This currency is given twice; give it once.",
        "error.near_format": "Use latitude,longitude such as 19.43,-99.13.",
        "error.amount_positive": "Give an amount greater than zero.", "error.amount_range": "Give an amount of 0 or more.",
        "error.amount_too_large": "This amount is too large to convert.",
        "error.currency_mismatch": "Requests are in the business's currency.",
        "error.description_length": "Describe the sale in 1 to 140 characters.",
        "error.category_length": "Give a category of 1 to 60 characters.",
        "error.plan_choice": "Choose one of the plans.", "error.role_choice": "Choose business or customer.",
        "error.currency_choice": "Choose a supported currency.", "error.business_name_length": "Enter the business name.",
        "error.latitude_range": "Use -90 to 90.", "error.longitude_range": "Use -180 to 180.",
        "error.coordinates_pair": "Give both latitude and longitude, or neither.",
        "error.reason_length": "Give a reason of 1 to 200 characters.", "error.direction_choice": "Use in or out.",
        "error.date_format": "Use yyyy-mm-dd.", "error.period_choice": "Use week or month.",
    ]
}
