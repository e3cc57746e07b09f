import Foundation
import Hummingbird
import NIOCore
import PatioCore

/// Serves the CSS and small scripts, read once at start-up: the platform's own (PatioWeb's resources) at
/// `/static/<file>`, and each module's, from its own resources, at `/static/<module>/<file>`.
public struct StaticAssets: Sendable {
    let files: [String: (type: String, bytes: ByteBuffer)]
    /// Modules with files of their own, each answered at its own `/static/<module>/{file}` route.
    var modules: [String] = []

    /// The platform's files: the style sheet and the scripts every page may use (passkeys, refresh, sign-out).
    public static func load() throws -> StaticAssets {
        StaticAssets(files: try read(Bundle.module.bundlePath + "/Resources/static", prefix: ""))
    }

    /// Adds a module's folder of files, served under `/static/<module>/`.
    public func adding(module: String, directory: String) throws -> StaticAssets {
        StaticAssets(
            files: files.merging(try Self.read(directory, prefix: "\(module)/")) { platform, _ in platform },
            modules: modules + [module])
    }

    private static func read(_ root: String, prefix: String) throws -> [String: (type: String, bytes: ByteBuffer)] {
        var files: [String: (String, ByteBuffer)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: root) {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(name)"))
            let type =
                name.hasSuffix(".css")
                ? "text/css; charset=utf-8" : name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "application/octet-stream"
            files[prefix + name] = (type, ByteBuffer(bytes: data))
        }
        return files
    }

    public func register(on routes: PatioRoutes) {
        routes.get("/static/{file}", .everyone) { _, context in
            try self.answer(try context.stringParameter("file"))
        }
        for module in modules {
            routes.get("/static/\(module)/{file}", .everyone) { _, context in
                try self.answer("\(module)/\(try context.stringParameter("file"))")
            }
        }
    }

    private func answer(_ key: String) throws -> Response {
        guard let file = files[key] else { throw AppError.notFound("No such file.") }
        return Response(status: .ok, headers: [.contentType: file.type, .cacheControl: "public, max-age=3600"], body: .init(byteBuffer: file.bytes))
    }
}
