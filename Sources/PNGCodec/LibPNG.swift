internal import CPNG  // no C type in the public API

// The owning wrapper of libpng's read objects (libpng only decodes; the encoder
// writes the container itself, see PNGEncoder). Every libpng call that can fail goes
// through a shim function (Sources/CPNG/shim.h) that catches libpng's longjmp and
// returns a status; `check(_:)` turns that status into a PNGError in one place.

/// A png_struct + png_info for reading, with the error state libpng writes into.
final class PNGReader {
    let png: png_structp
    let info: png_infop
    private let status: UnsafeMutablePointer<lr_png_status>

    init() throws(PNGError) {
        status = .allocate(capacity: 1)
        status.initialize(to: lr_png_status())
        guard let png = lr_png_create_read(status) else {
            status.deallocate()
            throw .corrupt("libpng could not create a read struct")
        }
        guard let info = png_create_info_struct(png) else {
            lr_png_destroy_read(png, nil)
            status.deallocate()
            throw .corrupt("libpng could not create an info struct")
        }
        self.png = png
        self.info = info
    }

    deinit {
        lr_png_destroy_read(png, info)
        status.deallocate()
    }

    /// Throws the error libpng reported when a shim call returned a failure.
    func check(_ result: Int32) throws(PNGError) {
        guard result != Int32(LR_PNG_OK) else { return }
        if status.pointee.truncated != 0 { throw .truncated }
        throw .corrupt(message(of: status))
    }
}

private func message(of status: UnsafeMutablePointer<lr_png_status>) -> String {
    withUnsafeBytes(of: status.pointee.message) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        return text.isEmpty ? "libpng error" : text
    }
}
