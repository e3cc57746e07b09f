import PatioPlatform

/// The courier module's roles.
public enum CourierRoles {
    /// Dispatch: agents, the pickup network, every pickup and its proof.
    public static let admin = "courier.admin"
    /// A field agent: their own pickups and photos, the pickup network.
    public static let agent = "courier.agent"
    /// Everyone who uses the courier app.
    public static let members = [admin, agent]

    /// The roles with the names people use for them.
    public static let all = [
        ModuleRole(admin, spanish: "Despacho", english: "Dispatch"),
        ModuleRole(agent, spanish: "Mensajero", english: "Courier"),
    ]
}
