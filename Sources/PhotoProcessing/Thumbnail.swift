import CPhotoCodecs

/// Small previews of photos and their pixel size, decoded by the system codecs (libjpeg-turbo, libpng,
/// libheif) through a C shim that never aborts or jumps: unreadable bytes are an error, not a crash.
public enum Thumbnail {
    /// Largest image decoded, in pixels, and its longest side (see CPhotoCodecs.h for why these fit phone photos).
    public static let maxPixels = Int(CPHOTO_MAX_PIXELS)
    public static let maxSide = Int(CPHOTO_MAX_SIDE)

    /// A photo's pixel size and its JPEG thumbnail, made together so the image is parsed once per upload.
    public struct Result: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var jpeg: [UInt8]
        public init(width: Int, height: Int, jpeg: [UInt8]) {
            self.width = width
            self.height = height
            self.jpeg = jpeg
        }
    }

    /// Size and thumbnail in this process (the photo worker runs this; see `PhotoCodecs` for where it runs).
    public static func make(from bytes: [UInt8], format: PhotoFormat, maxSide: Int = 320, quality: Int = 75) throws(PhotoError) -> Result {
        let size = try size(of: bytes, format: format)
        return Result(width: size.width, height: size.height, jpeg: try jpeg(from: bytes, format: format, maxSide: maxSide, quality: quality))
    }

    /// A JPEG no larger than `maxSide` on either side, keeping the aspect ratio (never upscaled).
    public static func jpeg(from bytes: [UInt8], format: PhotoFormat, maxSide: Int = 320, quality: Int = 75) throws(PhotoError) -> [UInt8] {
        let side = max(1, maxSide)
        var image = cphoto_rgb()
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return CPHOTO_UNREADABLE }
            switch format {
            case .jpeg: return cphoto_decode_jpeg(base, buffer.count, Int32(side), &image)
            case .png: return cphoto_decode_png(base, buffer.count, &image)
            case .heic: return cphoto_decode_heic(base, buffer.count, &image)
            }
        }
        defer { cphoto_free(image.pixels) }
        try check(status, "The \(format.fileExtension) image cannot be decoded.")
        guard let pixels = image.pixels, image.width > 0, image.height > 0 else {
            throw PhotoError.unreadable("The \(format.fileExtension) image cannot be decoded.")
        }
        let source = UnsafeBufferPointer(start: pixels, count: Int(image.width) * Int(image.height) * 3)
        let (scaled, width, height) = downscale(source, width: Int(image.width), height: Int(image.height), maxSide: side)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let encoded = scaled.withUnsafeBufferPointer { buffer in
            cphoto_encode_jpeg(buffer.baseAddress, Int32(width), Int32(height), Int32(min(max(quality, 1), 100)), &output, &length)
        }
        defer { cphoto_free(output) }
        try check(encoded, "The thumbnail could not be written.")
        guard let output else { throw PhotoError.unreadable("The thumbnail could not be written.") }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// The image's width and height in pixels, read from its header.
    public static func size(of bytes: [UInt8], format: PhotoFormat) throws(PhotoError) -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return CPHOTO_UNREADABLE }
            switch format {
            case .jpeg: return cphoto_jpeg_size(base, buffer.count, &width, &height)
            case .png: return cphoto_png_size(base, buffer.count, &width, &height)
            case .heic: return cphoto_heic_size(base, buffer.count, &width, &height)
            }
        }
        try check(status, "The \(format.fileExtension) header cannot be read.")
        guard width > 0, height > 0 else { throw PhotoError.unreadable("The \(format.fileExtension) header cannot be read.") }
        return (Int(width), Int(height))
    }

    /// The shim's status as an error: out of memory counts as too complex (the image needed more than its limit).
    private static func check(_ status: Int32, _ unreadable: String) throws(PhotoError) {
        switch status {
        case CPHOTO_OK: return
        case CPHOTO_TOO_LARGE: throw .tooLarge
        case CPHOTO_TOO_COMPLEX, CPHOTO_NO_MEMORY: throw .tooComplex
        default: throw .unreadable(unreadable)
        }
    }

    /// Area averaging: each output pixel is the mean of the source pixels it covers.
    static func downscale(_ source: UnsafeBufferPointer<UInt8>, width: Int, height: Int, maxSide: Int) -> ([UInt8], Int, Int) {
        let scale = min(1, Double(maxSide) / Double(max(width, height)))
        let outWidth = max(1, Int((Double(width) * scale).rounded())), outHeight = max(1, Int((Double(height) * scale).rounded()))
        if outWidth == width && outHeight == height { return (Array(source), width, height) }
        var output = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            let top = y * height / outHeight, bottom = max(top + 1, (y + 1) * height / outHeight)
            for x in 0..<outWidth {
                let left = x * width / outWidth, right = max(left + 1, (x + 1) * width / outWidth)
                var sums = (0, 0, 0)
                for row in top..<bottom {
                    var index = (row * width + left) * 3
                    for _ in left..<right {
                        sums.0 += Int(source[index]); sums.1 += Int(source[index + 1]); sums.2 += Int(source[index + 2])
                        index += 3
                    }
                }
                let count = (bottom - top) * (right - left)
                let out = (y * outWidth + x) * 3
                output[out] = UInt8(sums.0 / count); output[out + 1] = UInt8(sums.1 / count); output[out + 2] = UInt8(sums.2 / count)
            }
        }
        return (output, outWidth, outHeight)
    }
}
