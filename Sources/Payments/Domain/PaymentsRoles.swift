import PatioPlatform

/// InterPay's roles.
enum PaymentsRoles {
    /// A business: asks for payments nearby and reads its sales.
    static let business = "payments.business"
    /// A customer: finds and pays the requests around them.
    static let customer = "payments.customer"
    /// Treasury: rates, audits and every account's money.
    static let admin = "payments.admin"

    /// The roles with the names people use for them.
    static let all = [
        ModuleRole(business, spanish: "Negocio", english: "Business"),
        ModuleRole(customer, spanish: "Cliente", english: "Customer"),
        ModuleRole(admin, spanish: "Tesorería", english: "Treasury"),
    ]
}
