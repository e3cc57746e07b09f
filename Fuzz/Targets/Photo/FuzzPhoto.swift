// libFuzzer entry for the photo readers: what a courier agent's upload goes through before anything is
// stored. Built by scripts/fuzz with PhotoProcessing's own sources in the same module, so internal readers
// are reached directly. The target is chosen by PATIO_FUZZ_TARGET.

/// `photo-metadata`: the format sniffer, the JPEG APP1 / PNG chunk / HEIF box readers and the whole GPS
/// scrub. Stripping must never lengthen a photo, and a stripped photo must strip to itself.
func fuzzPhotoMetadata(_ bytes: [UInt8]) {
    guard let format = PhotoFormat.detect(bytes) else { return }
    _ = LocationMetadata.isPresent(in: bytes, format: format)
    let stripped = LocationMetadata.stripped(bytes, format: format)
    precondition(stripped.count <= bytes.count, "stripping lengthened the photo")
    _ = LocationMetadata.isPresent(in: stripped, format: format)
    _ = HEIFBoxes.xmpExtents(in: bytes)
    _ = JPEGSegments.appendedImages(in: bytes)
}

/// `photo-thumbnail`: the pixel size and the thumbnail through the C shim over libjpeg-turbo, libpng and
/// libheif, as an upload is decoded.
func fuzzPhotoThumbnail(_ bytes: [UInt8]) {
    guard let format = PhotoFormat.detect(bytes) else { return }
    guard let size = try? Thumbnail.size(of: bytes, format: format), size.width * size.height <= 4_000_000 else { return }
    _ = try? Thumbnail.jpeg(from: bytes, format: format, maxSide: 64)
}

/// Read once, on the first input.
let selectedTarget = fuzzTarget(in: [
    "photo-metadata": fuzzPhotoMetadata,
    "photo-thumbnail": fuzzPhotoThumbnail,
])

@_cdecl("LLVMFuzzerTestOneInput")
public func patioFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
