import Configuration
import PatioPlatform
import Testing

@Suite("Settings: read through swift-configuration, refused by the variable's name")
struct SettingsReaderTests {
    @Test("a dotted key is the variable people set, and back")
    func names() {
        #expect(SettingsReader.variable("patio.db.pool.timeout") == "PATIO_DB_POOL_TIMEOUT")
        #expect(SettingsReader.key("PATIO_DB_POOL_TIMEOUT") == "patio.db.pool.timeout")
        #expect(SettingsReader.variable("database.url") == "DATABASE_URL")
    }

    @Test("an unset or empty variable is no value; a set one is read as written")
    func text() {
        let settings = SettingsReader(environment: ["PATIO_HOST": "0.0.0.0", "PATIO_PUBLIC_URL": ""])
        #expect(settings.text("patio.host") == "0.0.0.0")
        #expect(settings.text("patio.public.url") == nil)
        #expect(settings.text("patio.port") == nil)
    }

    @Test("a number out of range or not a number stops with the variable, the range and what it means")
    func integers() throws {
        let settings = SettingsReader(environment: ["PATIO_PORT": "8080", "PATIO_QUEUE_WAIT": "301", "PATIO_MAX_QUEUED": "many"])
        #expect(try settings.integer("patio.port", in: 0...65535, meaning: "a port number") == 8080)
        #expect(try settings.integer("patio.session.days", in: 1...365, meaning: "days") == nil)
        let outOfRange = #expect(throws: SettingError.self) { try settings.integer("patio.queue.wait", in: 1...300, meaning: "seconds") }
        #expect(outOfRange?.description == "PATIO_QUEUE_WAIT must be 1 to 300 (seconds)")
        let word = #expect(throws: SettingError.self) { try settings.integer("patio.max.queued", in: 0...100, meaning: "requests") }
        #expect(word?.description.hasPrefix("PATIO_MAX_QUEUED must be 0 to 100") == true)
    }

    @Test("a choice is read in any case; another word is refused, listing the choices")
    func choices() throws {
        let settings = SettingsReader(environment: ["PATIO_LOG_FORMAT": "JSON", "LOG_LEVEL": "verbose"])
        #expect(try settings.choice("patio.log.format", ["text": 1, "json": 2]) == 2)
        let error = #expect(throws: SettingError.self) { try settings.choice("log.level", ["debug": 1, "info": 2, "error": 3]) }
        #expect(error?.description == "LOG_LEVEL must be debug, error or info")
    }

    @Test("a module's settings are PATIO_<MODULE>_<NAME>, and PATIO_COMPAT is a list")
    func moduleSettings() throws {
        let settings = ModuleSettings(environment: [
            "PATIO_GARDEN_REQUEST_TTL_SECONDS": "90", "PATIO_GARDEN_SAES_PORTAL": "http://x/{school}/", "PATIO_COMPAT": " Controller-App, ,other ",
            "PATIO_ORCHARD_REQUEST_TTL_SECONDS": "7",
        ])
        #expect(try settings.integer(module: "garden", "REQUEST_TTL_SECONDS", in: 60...3600, default: 600) == 90)
        #expect(try settings.integer(module: "meadow", "REQUEST_TTL_SECONDS", in: 60...3600, default: 600) == 600)
        #expect(settings.value(module: "garden", "SAES_PORTAL") == "http://x/{school}/")
        #expect(settings.compatContracts == ["controller-app", "other"])
        let error = #expect(throws: SettingError.self) { try settings.integer(module: "orchard", "REQUEST_TTL_SECONDS", in: 60...3600, default: 600) }
        #expect(error?.description.hasPrefix("PATIO_ORCHARD_REQUEST_TTL_SECONDS must be 60 to 3600") == true)
    }

    @Test("settings come from any swift-configuration provider, not only the environment")
    func providers() {
        let reader = ConfigReader(provider: InMemoryProvider(values: ["patio.host": "10.0.0.2"]))
        #expect(SettingsReader(reader).text("patio.host") == "10.0.0.2")
    }
}
