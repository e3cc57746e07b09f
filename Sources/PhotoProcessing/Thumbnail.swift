import CPhotoCodecs

/// Small previews of photos and their pixel size, decoded by the system codecs (libjpeg-turbo, libpng,
/// libheif) through a C shim that never aborts or jumps: unreadable bytes are an error, not a crash.
public enum Thumbnail {
    /// A JPEG no larger than `maxSide` on either side, keeping the aspect ratio (never upscaled).
    public static func jpeg(from bytes: [UInt8], format: PhotoFormat, maxSide: Int = 320, quality: Int = 75) throws -> [UInt8] {
        let side = max(1, maxSide)
        var image = cphoto_rgb()
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            switch format {
            case .jpeg: return cphoto_decode_jpeg(base, buffer.count, Int32(side), &image)
            case .png: return cphoto_decode_png(base, buffer.count, &image)
            case .heic: return cphoto_decode_heic(base, buffer.count, &image)
            }
        }
        defer { cphoto_free(image.pixels) }
        guard status == 0, let pixels = image.pixels, image.width > 0, image.height > 0 else {
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
        guard encoded == 0, let output else { throw PhotoError.unreadable("The thumbnail could not be written.") }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }

    /// The image's width and height in pixels.
    public static func size(of bytes: [UInt8], format: PhotoFormat) throws -> (width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            switch format {
            case .jpeg: return cphoto_jpeg_size(base, buffer.count, &width, &height)
            case .png: return cphoto_png_size(base, buffer.count, &width, &height)
            case .heic: return cphoto_heic_size(base, buffer.count, &width, &height)
            }
        }
        guard status == 0, width > 0, height > 0 else { throw PhotoError.unreadable("The \(format.fileExtension) header cannot be read.") }
        return (Int(width), Int(height))
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
