import PatioPlatform
import Testing
@testable import Campus

@Suite("Campus settings: a portal address or a SAES timeout out of shape stops start-up with the setting's name")
struct CampusSettingsTests {
    private func validate(_ environment: [String: String]) throws {
        try CampusModule().validate(settings: ModuleSettings(environment: environment))
    }

    @Test("unset, empty, and sensible values start")
    func accepted() throws {
        try validate([:])
        try validate(["PATIO_CAMPUS_SAES_PORTAL": "http://127.0.0.1:8091/{school}/", "PATIO_CAMPUS_SAES_TIMEOUT": "1"])
        try validate(["PATIO_CAMPUS_SAES_TIMEOUT": "120"])
        // Empty is unset, as for every Patio setting.
        try validate(["PATIO_CAMPUS_SAES_TIMEOUT": ""])
    }

    @Test(
        "a portal without {school} or not http(s), and a timeout that is not 1 to 120 seconds, are refused by name",
        arguments: [
            ["PATIO_CAMPUS_SAES_PORTAL": "http://127.0.0.1:8091/"],
            ["PATIO_CAMPUS_SAES_PORTAL": "ftp://saes/{school}/"],
            ["PATIO_CAMPUS_SAES_TIMEOUT": "0"],
            ["PATIO_CAMPUS_SAES_TIMEOUT": "121"],
            ["PATIO_CAMPUS_SAES_TIMEOUT": "20s"],
        ])
    func refused(_ environment: [String: String]) {
        let error = #expect(throws: SettingError.self) { try validate(environment) }
        #expect(error?.description.contains(environment.keys.first ?? "?") == true)
    }
}
