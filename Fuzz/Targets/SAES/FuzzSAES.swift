// libFuzzer entry for the SAES page parsers: every page the connector reads comes from a portal Patio does not
// control, so each parser must answer "unreadable" for anything, never trap. Built by scripts/fuzz with the
// connector's parsing sources in the same module (HTMLQuery and the system libxml2 beside them).

/// Each page's parser, by target name: `saes-grades`, `saes-schedule`, …
let selectedTarget = fuzzTarget(in: [
    "saes-grades": { _ = GradesParser.parse(html($0)) },
    "saes-schedule": { _ = ScheduleParser.parse(html($0)) },
    "saes-kardex": { _ = KardexParser.parse(html($0)) },
    "saes-personal-data": { _ = PersonalDataParser.parse(html($0)) },
    "saes-evaluation": { bytes in
        let page = html(bytes)
        _ = EvaluationParser.isRequired(html: page)
        _ = EvaluationParser.parse(page)
    },
    "saes-availability": { _ = AvailabilityParser.parse(html($0)) },
    "saes-occupancy": { _ = OccupancyParser.parse(html($0)) },
    "saes-credits": { _ = CreditsParser.parse(html($0)) },
    "saes-sign-in": { bytes in
        let page = html(bytes)
        _ = SignInPageParser.parse(page)
        _ = SignInPageParser.blamesCaptcha(page)
    },
])

/// The portal's bytes as the connector turns them into text: UTF-8, invalid sequences replaced.
func html(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@_cdecl("LLVMFuzzerTestOneInput")
public func patioFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
