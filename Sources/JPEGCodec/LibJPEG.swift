internal import CJPEG  // no C type in the public API

// The owning wrapper of libjpeg's decompressor. Every libjpeg call that can fail goes
// through a shim function (Sources/CJPEG/shim.h) that catches libjpeg's longjmp and
// returns a status; `check(_:)` turns that status into a JPEGError in one place.

/// A jpeg_decompress_struct reading from memory, with the error state libjpeg writes into.
final class JPEGReader {
    private let reader: UnsafeMutablePointer<lr_jpeg_reader>

    /// The most scans a progressive file may have (libjpeg-turbo's TurboJPEG uses 500 too).
    static let maxScans: Int32 = 500

    init(maxMemory: Int) throws(JPEGError) {
        guard let reader = lr_jpeg_create(Self.maxScans, maxMemory) else {
            throw .corrupt("libjpeg could not create a decompressor")
        }
        self.reader = reader
    }

    deinit { lr_jpeg_destroy(reader) }

    /// The stored size and component count. `bytes` must outlive the reader's use of it.
    func readHeader(_ bytes: UnsafeBufferPointer<UInt8>) throws(JPEGError)
        -> (width: Int, height: Int, components: Int)
    {
        var width: UInt32 = 0, height: UInt32 = 0
        var components: Int32 = 0
        try check(lr_jpeg_read_header(reader, bytes.baseAddress, UInt(bytes.count), &width, &height, &components))
        return (Int(width), Int(height), Int(components))
    }

    /// Decodes into `pixels`, `rowBytes` per row: RGBA, or CMYK for four components.
    func readPixels(into pixels: UnsafeMutablePointer<UInt8>, rowBytes: Int) throws(JPEGError) {
        try check(lr_jpeg_read_pixels(reader, pixels, rowBytes))
    }

    /// Whether CMYK samples are stored inverted (an Adobe APP14 marker, as Photoshop writes).
    var adobeInverted: Bool { lr_jpeg_saw_adobe(reader) != 0 }

    private func check(_ result: Int32) throws(JPEGError) {
        guard result != Int32(LR_JPEG_OK) else { return }
        if reader.pointee.truncated != 0 { throw .truncated }
        let text = withUnsafeBytes(of: reader.pointee.message) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return String(decoding: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.count)], as: UTF8.self)
        }
        throw .corrupt(text.isEmpty ? "libjpeg error" : text)
    }
}
