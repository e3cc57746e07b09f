// swift-tools-version:6.0
// Builds swift-openapi-generator's command for scripts/generate. Apps that use PatioKit never build this:
// the generated client is committed (see the README's "Generated client").
import PackageDescription

let package = Package(
    name: "PatioKitGenerator",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
