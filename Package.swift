// swift-tools-version:6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// A module's own test target (`<Module>Tests`): its tests build Patio with that module alone, so a test
/// that secretly needs another module fails there.
func moduleTestTarget(_ module: String, extra: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: "\(module)Tests",
        dependencies: extra + [
            .target(name: module), "PatioServerTestSupport", "PatioTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        swiftSettings: swiftSettings
    )
}

let package = Package(
    name: "Patio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "patio", targets: ["PatioCLI"]),
        .executable(name: "patio-fake-saes", targets: ["PatioFakeSAES"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        // PatioKit, the client kit, only for its tests (below); the server's own targets never depend on it.
        .package(path: "Clients/PatioKit"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "PatioCore",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // One SQLite setting Swift cannot make itself (a variadic C call): plans that never depend on bound values.
        .target(name: "CSQLiteSettings"),
        .target(
            name: "PatioData",
            dependencies: [
                "PatioCore", "CSQLiteSettings",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PatioIdentity",
            dependencies: [
                "PatioCore", "PatioData", "PatioWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PatioPlatform",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioWeb",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PatioWeb",
            dependencies: [
                "PatioCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Academy",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb", "QRCode", "SVGChart",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Web/Resources"), .copy("API/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Payments",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb", "QRCode", "SVGChart",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Web/Resources"), .copy("API/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Onboarding",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            resources: [.copy("Web/Resources"), .copy("API/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Courier",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb", "PhotoProcessing",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Web/Resources"), .copy("Demo/Network"), .copy("API/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        // Photo formats, location scrubbing and thumbnails (Courier's proof photos), on the system's image codecs.
        .target(
            name: "CPhotoCodecs",
            linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("png16"), .linkedLibrary("heif")]
        ),
        .target(name: "PhotoProcessing", dependencies: ["CPhotoCodecs"], swiftSettings: swiftSettings),
        .target(name: "QRCode", swiftSettings: swiftSettings),
        .target(name: "SVGChart", swiftSettings: swiftSettings),
        .target(name: "ICalendar", swiftSettings: swiftSettings),
        .target(name: "PDFDocument", swiftSettings: swiftSettings),
        // The system's libxml2 HTML parser and XPath, for reading SAES pages.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "HTMLQuery", dependencies: ["CLibXML2"], swiftSettings: swiftSettings),
        // Reads a student's SAES portal: sign-in with the CAPTCHA relayed, the session, one parser per page.
        .target(
            name: "SAESConnector",
            dependencies: [
                "HTMLQuery",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: swiftSettings
        ),
        // `Benchmarks/saes-parsers`: parsed pages per second per SAES page type.
        .executableTarget(name: "SAESParserBenchmark", dependencies: ["SAESConnector", "FakeSAES", "HTMLQuery"], swiftSettings: swiftSettings),
        // `Benchmarks/postgres-round-trip`: a profile change's statement through Patio's data layer and PostgresNIO alone.
        .executableTarget(
            name: "PostgresRoundTripBenchmark",
            dependencies: ["PatioData", .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver")],
            swiftSettings: swiftSettings
        ),
        // A stand-in SAES portal speaking the real one's markup and sign-in, for tests and the demo.
        .target(
            name: "FakeSAES",
            dependencies: ["SAESConnector", .product(name: "Hummingbird", package: "hummingbird")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Campus",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb", "QRCode", "ICalendar", "PDFDocument", "SAESConnector",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Web/Resources"), .copy("API/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PatioServer",
            dependencies: [
                "PatioCore", "PatioData", "PatioIdentity", "PatioPlatform", "PatioWeb",
                "PhotoProcessing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PatioCLI",
            dependencies: [
                "PatioCore", "PatioPlatform", "PatioServer", "PatioModules", "PhotoProcessing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // The list of every module the `patio` executable is built with; the host (PatioServer) knows none.
        .target(
            name: "PatioModules",
            dependencies: ["PatioPlatform", "Academy", "Payments", "Onboarding", "Courier", "Campus"],
            swiftSettings: swiftSettings
        ),
        // The fake SAES portal as its own program, so the production `patio` binary carries no test double.
        .executableTarget(
            name: "PatioFakeSAES",
            dependencies: [
                "FakeSAES", "PatioCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PatioCoreTests", dependencies: ["PatioCore", "PatioTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PhotoProcessingTests", dependencies: ["PhotoProcessing", "PatioTestSupport"], resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"], swiftSettings: swiftSettings),
        .testTarget(name: "SVGChartTests", dependencies: ["SVGChart"], swiftSettings: swiftSettings),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"], swiftSettings: swiftSettings),
        .testTarget(name: "PDFDocumentTests", dependencies: ["PDFDocument", "QRCode"], swiftSettings: swiftSettings),
        .testTarget(name: "HTMLQueryTests", dependencies: ["HTMLQuery"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SAESConnectorTests",
            dependencies: ["SAESConnector", "FakeSAES", "HTMLQuery", .product(name: "Hummingbird", package: "hummingbird")],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PatioIdentityTests",
            dependencies: ["PatioIdentity", "PatioTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "PatioDataTests", dependencies: ["PatioData", "PatioTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PatioPlatformTests",
            dependencies: [
                "PatioPlatform", "PatioIdentity", "PatioTestSupport", .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        moduleTestTarget("Academy"),
        moduleTestTarget("Payments"),
        moduleTestTarget("Onboarding"),
        moduleTestTarget("Courier"),
        moduleTestTarget("Campus", extra: ["FakeSAES", "SAESConnector"]),
        .target(
            name: "PatioServerTestSupport",
            dependencies: [
                "PatioServer", "PatioTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ],
            path: "Tests/PatioServerTestSupport",
            swiftSettings: swiftSettings
        ),
        // PatioKit's own tests, built here as well: in this graph the kit shares the server's build of SwiftNIO,
        // its TLS (BoringSSL) and the rest, which built again as a package of its own took longer than the kit's
        // tests themselves. `swift test --package-path Clients/PatioKit` still runs them on their own.
        .testTarget(
            name: "PatioKitTests",
            dependencies: [
                .product(name: "PatioKit", package: "PatioKit"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Clients/PatioKit/Tests/PatioKitTests",
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PatioServerTests",
            dependencies: [
                "PatioServer", "PatioModules", "PatioTestSupport", "PatioServerTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PatioTestSupport",
            dependencies: [
                "PatioData", "PatioIdentity", .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/PatioTestSupport",
            swiftSettings: swiftSettings
        ),
    ]
)
