import Campus
import PatioPlatform
@_exported import PatioServerTestSupport
@_exported import PatioTestSupport

/// This target builds Patio with Campus alone: a test that secretly needs another module fails here.
let moduleUnderTest: [any PatioModule] = [CampusModule()]
