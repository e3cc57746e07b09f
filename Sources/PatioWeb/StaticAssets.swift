import Foundation
import Hummingbird
import NIOCore
import PatioCore

/// Serves the CSS and small scripts shipped in PatioWeb's resources, read once at start-up.
public struct StaticAssets: Sendable {
    let files: [String: (type: String, bytes: ByteBuffer)]

    public static func load() throws -> StaticAssets {
        var files: [String: (String, ByteBuffer)] = [:]
        let root = Bundle.module.bundlePath + "/Resources/static"
        for name in try FileManager.default.contentsOfDirectory(atPath: root) {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(name)"))
            let type = name.hasSuffix(".css") ? "text/css; charset=utf-8" : name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "application/octet-stream"
            files[name] = (type, ByteBuffer(bytes: data))
        }
        return StaticAssets(files: files)
    }

    public func register(on routes: PatioRoutes) {
        routes.get("/static/{file}", .everyone) { _, context in
            guard let file = self.files[try context.stringParameter("file")] else {
                throw AppError.notFound("No such file.")
            }
            return Response(status: .ok, headers: [.contentType: file.type, .cacheControl: "public, max-age=3600"], body: .init(byteBuffer: file.bytes))
        }
    }
}
