import PNGCodec
import Rendering
import Synchronization

/// Decoded images kept between renders, for a renderer that many renders share.
///
/// An entry is found by the file's resolved path *and* what `fstat` says of it (device,
/// inode, size, modification time), so a file replaced or rewritten on disk is read and
/// decoded again, never served stale. The cache holds at most `maxBytes` of pixels and
/// drops the least recently used images past it. Thread-safe.
///
/// A cache hit changes no result: the limits and the render's image budget are checked
/// against the image's size as they are for a decode.
final class ImageCache: Sendable {
    struct Key: Hashable {
        var path: String
        var identity: RegularFile.Identity
    }
    private struct Entry {
        var bitmap: Bitmap
        var format: ImageFormat
        var lastUse: UInt64
    }
    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func bitmap(for key: Key) -> (bitmap: Bitmap, format: ImageFormat)? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return (entry.bitmap, entry.format)
        }
    }

    func insert(_ bitmap: Bitmap, format: ImageFormat, for key: Key) {
        let size = bitmap.pixels.count
        guard size <= maxBytes else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bitmap.pixels.count }
            // Older versions of the same file will not be asked for again.
            for stale in state.entries.keys where stale.path == key.path {
                state.bytes -= state.entries.removeValue(forKey: stale)?.bitmap.pixels.count ?? 0
            }
            while state.bytes + size > maxBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bitmap.pixels.count
            }
            state.entries[key] = Entry(bitmap: bitmap, format: format, lastUse: state.clock)
            state.bytes += size
        }
    }

    /// Images and bytes held (for tests).
    var counts: (images: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }
}

/// The images of one render, each path loaded once however many nodes draw it, and the
/// render's image budget.
final class RenderImages {
    let cache: ImageCache
    let limits: RenderLimits
    private var loaded: [String: Bitmap] = [:]
    private var pixels = 0

    init(cache: ImageCache, limits: RenderLimits) {
        self.cache = cache
        self.limits = limits
    }

    enum Failure: Error {
        case file(RegularFile.Failure)
        case decode(ImageFormat.Failure)
        /// The file is in none of the ``ImageFormat``s.
        case unknownFormat
        case overBudget(limit: Int)
    }

    /// The largest image file read.
    static let maxFileBytes = 256 << 20

    /// The decoded image at `path` (a resolved asset path).
    func bitmap(path: String) throws(Failure) -> Bitmap {
        if let bitmap = loaded[path] { return bitmap }
        let pngLimits = PNGLimits(maxPixels: limits.maxPixels, maxDimension: limits.maxSide)
        let contents: (reused: (bitmap: Bitmap, format: ImageFormat)?, bytes: [UInt8], identity: RegularFile.Identity)
        do throws(RegularFile.Failure) {
            contents = try RegularFile.read(path: path, maxBytes: Self.maxFileBytes) { identity in
                cache.bitmap(for: ImageCache.Key(path: path, identity: identity))
            }
        } catch {
            throw .file(error)
        }
        let bitmap: Bitmap
        if let cached = contents.reused {
            // The same checks a decode makes, so a cached image is refused as a decoded one is.
            let (width, height) = (cached.bitmap.width, cached.bitmap.height)
            guard width <= pngLimits.maxDimension, height <= pngLimits.maxDimension,
                  width * height <= pngLimits.maxPixels else {
                throw .decode(cached.format.tooLarge(width: width, height: height, limits: pngLimits))
            }
            try charge(width * height)
            bitmap = cached.bitmap
        } else {
            // The format from the first bytes; the header checked against the render's
            // limits before any pixel is allocated, and the budget charged before decoding.
            guard let format = ImageFormat(sniffing: contents.bytes) else { throw .unknownFormat }
            let size: (width: Int, height: Int)
            do throws(ImageFormat.Failure) { size = try format.size(of: contents.bytes, limits: pngLimits) } catch { throw .decode(error) }
            try charge(size.width * size.height)
            let image: RGBAImage
            do throws(ImageFormat.Failure) { image = try format.decode(contents.bytes, limits: pngLimits) } catch { throw .decode(error) }
            bitmap = Bitmap(width: image.width, height: image.height, pixels: image.pixels)
            cache.insert(bitmap, format: format, for: ImageCache.Key(path: path, identity: contents.identity))
        }
        loaded[path] = bitmap
        return bitmap
    }

    private func charge(_ count: Int) throws(Failure) {
        pixels += count
        guard pixels <= limits.budget.maxImagePixels else { throw .overBudget(limit: limits.budget.maxImagePixels) }
    }
}
