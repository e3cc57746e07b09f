import PatioCore

/// The words of the payments pages (keys start with `pay_`).
enum PaymentsStrings {
    static let all: [PatioLocale: [String: String]] = [.es: spanish, .en: english]

    static let spanish: [String: String] = [
        "pay_app": "Pagos", "pay_charge": "Cobrar", "pay_wallet": "Billetera", "pay_preferences": "Preferencias",
        "pay_signup_title": "Crea tu cuenta de InterPay", "pay_i_am": "Soy", "pay_customer": "Cliente", "pay_business": "Negocio",
        "pay_currency": "Moneda", "pay_business_name": "Nombre del negocio", "pay_category": "Categoría",
        "pay_business_hint": "Nombre y categoría solo para negocios.", "pay_signup_button": "Crear cuenta", "pay_have_account": "Ya tengo cuenta: iniciar sesión",
        "pay_balance": "Saldo", "pay_test_funds": "Agregar fondos de prueba", "pay_demo_only": "Solo demostración", "pay_code": "Código",
        "pay_find": "Buscar cobro", "pay_movements": "Movimientos", "pay_date": "Fecha", "pay_reason": "Concepto", "pay_amount": "Monto",
        "pay_no_movements": "Todavía no hay movimientos.", "pay_description": "Descripción", "pay_create_request": "Generar cobro",
        "pay_expires": "Vence a las", "pay_cancel": "Cancelar cobro", "pay_paid_with": "Pagado con", "pay_rate": "tipo de cambio",
        "pay_new_request": "Nuevo cobro", "pay_you_pay": "Pagas", "pay_accept": "Pagar", "pay_decline": "Rechazar",
        "pay_preferred_currency": "Moneda preferida", "pay_dark_theme": "Tema oscuro", "pay_use_passkey": "Usar Face ID / Touch ID (llave de acceso)",
        "pay_passkey_where": "Tus llaves de acceso se agregan y quitan en",
        "pay_status_pending": "Esperando pago", "pay_status_accepted": "Pagado", "pay_status_declined": "Rechazado", "pay_status_cancelled": "Cancelado",
        "pay_status_expired": "Vencido", "pay_reason_deposit": "Depósito", "pay_reason_test_funds": "Fondos de prueba", "pay_reason_payment": "Pago",
        "pay_saved": "Guardado.", "pay_sales": "Ventas", "pay_period": "Periodo", "pay_week": "Semana", "pay_month": "Mes",
        "pay_sales_count": "ventas", "pay_average": "Promedio", "pay_per_day": "por día", "pay_per_week": "por semana", "pay_growth": "Crecimiento",
        "pay_no_previous": "Sin ventas en el periodo anterior", "pay_sales_over_time": "Ventas en el tiempo", "pay_by_category": "Ventas por categoría",
        "pay_no_sales": "Sin ventas en este periodo", "pay_plan": "Plan premium", "pay_ends_on": "Termina el", "pay_renews_on": "Se renueva el",
        "pay_lapsed_hint": "La renovación no se pudo cobrar por saldo insuficiente.", "pay_cancel_plan": "Cancelar plan", "pay_buy_plan": "Contratar",
        "pay_premium_hint": "Los negocios premium aparecen primero en el directorio.", "pay_sub_none": "Sin plan", "pay_sub_active": "Activo",
        "pay_sub_lapsed": "Vencido", "pay_sub_ended": "Terminado",
    ]

    static let english: [String: String] = [
        "pay_app": "Payments", "pay_charge": "Charge", "pay_wallet": "Wallet", "pay_preferences": "Preferences",
        "pay_signup_title": "Create your InterPay account", "pay_i_am": "I am a", "pay_customer": "Customer", "pay_business": "Business",
        "pay_currency": "Currency", "pay_business_name": "Business name", "pay_category": "Category",
        "pay_business_hint": "Business name and category are for businesses only.", "pay_signup_button": "Create account", "pay_have_account": "I have an account: sign in",
        "pay_balance": "Balance", "pay_test_funds": "Add test funds", "pay_demo_only": "Demo only", "pay_code": "Code",
        "pay_find": "Find request", "pay_movements": "Movements", "pay_date": "Date", "pay_reason": "What", "pay_amount": "Amount",
        "pay_no_movements": "No movements yet.", "pay_description": "Description", "pay_create_request": "Create request",
        "pay_expires": "Expires at", "pay_cancel": "Cancel request", "pay_paid_with": "Paid with", "pay_rate": "rate",
        "pay_new_request": "New request", "pay_you_pay": "You pay", "pay_accept": "Pay", "pay_decline": "Decline",
        "pay_preferred_currency": "Preferred currency", "pay_dark_theme": "Dark theme", "pay_use_passkey": "Use Face ID / Touch ID (passkey)",
        "pay_passkey_where": "Add and remove your passkeys in",
        "pay_status_pending": "Waiting for payment", "pay_status_accepted": "Paid", "pay_status_declined": "Declined", "pay_status_cancelled": "Cancelled",
        "pay_status_expired": "Expired", "pay_reason_deposit": "Deposit", "pay_reason_test_funds": "Test funds", "pay_reason_payment": "Payment",
        "pay_saved": "Saved.", "pay_sales": "Sales", "pay_period": "Period", "pay_week": "Week", "pay_month": "Month",
        "pay_sales_count": "sales", "pay_average": "Average", "pay_per_day": "per day", "pay_per_week": "per week", "pay_growth": "Growth",
        "pay_no_previous": "No sales in the previous period", "pay_sales_over_time": "Sales over time", "pay_by_category": "Sales by category",
        "pay_no_sales": "No sales in this period", "pay_plan": "Premium plan", "pay_ends_on": "Ends on", "pay_renews_on": "Renews on",
        "pay_lapsed_hint": "The renewal could not be charged: not enough funds.", "pay_cancel_plan": "Cancel plan", "pay_buy_plan": "Subscribe",
        "pay_premium_hint": "Premium businesses are listed first in the directory.", "pay_sub_none": "No plan", "pay_sub_active": "Active",
        "pay_sub_lapsed": "Lapsed", "pay_sub_ended": "Ended",
    ]
}
