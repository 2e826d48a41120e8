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
        var image: LoadedImage
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

    func image(for key: Key) -> (image: LoadedImage, format: ImageFormat)? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return (entry.image, entry.format)
        }
    }

    func insert(_ image: LoadedImage, format: ImageFormat, for key: Key) {
        let size = image.cacheBytes
        guard size <= maxBytes else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.image.cacheBytes }
            // Older versions of the same file will not be asked for again.
            for stale in state.entries.keys where stale.path == key.path {
                state.bytes -= state.entries.removeValue(forKey: stale)?.image.cacheBytes ?? 0
            }
            while state.bytes + size > maxBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.image.cacheBytes
            }
            state.entries[key] = Entry(image: image, format: format, lastUse: state.clock)
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
    private var loaded: [String: LoadedImage] = [:]
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
    func image(path: String) throws(Failure) -> LoadedImage {
        if let image = loaded[path] { return image }
        let pngLimits = PNGLimits(maxPixels: limits.maxPixels, maxDimension: limits.maxSide)
        let contents: (reused: (image: LoadedImage, format: ImageFormat)?, bytes: [UInt8], identity: RegularFile.Identity)
        do throws(RegularFile.Failure) {
            contents = try RegularFile.read(path: path, maxBytes: Self.maxFileBytes) { identity in
                cache.image(for: ImageCache.Key(path: path, identity: identity))
            }
        } catch {
            throw .file(error)
        }
        let loadedImage: LoadedImage
        if let cached = contents.reused, case .vector(let document) = cached.image {
            // The bitmaps inside it, as librsvg decodes them when it draws.
            try charge(document.embeddedPixels)
            loadedImage = cached.image
        } else if let cached = contents.reused, case .bitmap(let bitmap) = cached.image {
            // The same checks a decode makes, so a cached image is refused as a decoded one is.
            let (width, height) = (bitmap.width, bitmap.height)
            guard width <= pngLimits.maxDimension, height <= pngLimits.maxDimension,
                  width * height <= pngLimits.maxPixels else {
                throw .decode(cached.format.tooLarge(width: width, height: height, limits: pngLimits))
            }
            try charge(width * height)
            loadedImage = cached.image
        } else {
            // The format from the first bytes; the header checked against the render's
            // limits before any pixel is allocated, and the budget charged before decoding.
            guard let format = ImageFormat(sniffing: contents.bytes) else { throw .unknownFormat }
            // An SVG is parsed, not decoded: nothing the size of its picture is allocated
            // (the drawing charges its destination's pixels to the painted budget).
            if format == .svg {
                let document: SVGDocument
                do throws(RenderError) {
                    document = try SVGDocument(data: contents.bytes, imageMaxSide: pngLimits.maxDimension,
                                               imageMaxPixels: pngLimits.maxPixels)
                } catch {
                    throw .decode(.svg(error))
                }
                try charge(document.embeddedPixels)
                loadedImage = .vector(document)
                cache.insert(loadedImage, format: format, for: ImageCache.Key(path: path, identity: contents.identity))
                loaded[path] = loadedImage
                return loadedImage
            }
            let size: (width: Int, height: Int)
            do throws(ImageFormat.Failure) { size = try format.size(of: contents.bytes, limits: pngLimits) } catch { throw .decode(error) }
            try charge(size.width * size.height)
            let image: RGBAImage
            do throws(ImageFormat.Failure) { image = try format.decode(contents.bytes, limits: pngLimits) } catch { throw .decode(error) }
            loadedImage = .bitmap(Bitmap(width: image.width, height: image.height, pixels: image.pixels))
            cache.insert(loadedImage, format: format, for: ImageCache.Key(path: path, identity: contents.identity))
        }
        loaded[path] = loadedImage
        return loadedImage
    }

    private func charge(_ count: Int) throws(Failure) {
        pixels += count
        guard pixels <= limits.budget.maxImagePixels else { throw .overBudget(limit: limits.budget.maxImagePixels) }
    }
}
