import Hummingbird
import NIOCore

extension BlobStore.Blob {
    /// The stored file as an HTTP response, with its digest as a strong ETag: a client that already has
    /// it (`If-None-Match`) gets 304 and no bytes.
    public func response(for request: Request, cacheControl: String = "private, max-age=3600") -> Response {
        let etag = "\"\(digest)\""
        if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
        return Response(
            status: .ok, headers: [.contentType: contentType, .eTag: etag, .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
