/// How the encoder filters each row before compression (PNG filter method 0).
@_spi(Bench) public enum PNGRowFilter: Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// Per row, the filter whose output has the smallest sum of absolute values
    /// (as signed bytes): libpng's heuristic.
    case adaptive
}

/// How an image's samples are laid out in its PNG rows, and in the buffer they are read from.
enum PNGRowLayout: Equatable, Sendable {
    /// Straight RGBA pixels, written as they are (colour type 6).
    case rgba
    /// Straight RGBA pixels of an opaque image, written without their alpha (colour type 2).
    case rgb
    /// One palette index a pixel, read and written as it is (colour type 3).
    case indexed

    /// Bytes a pixel takes in a row.
    var bytesPerPixel: Int {
        switch self {
        case .rgba: return 4
        case .rgb: return 3
        case .indexed: return 1
        }
    }

    /// Bytes a pixel takes in the buffer the rows are read from.
    var sourceBytesPerPixel: Int { self == .indexed ? 1 : 4 }
}

/// The image data a PNG compresses: per row, one filter-type byte, then the row's
/// filtered samples (RGB when the image is opaque, RGBA otherwise, or palette indices).
/// Written a strip of rows at a time.
enum PNGFilteredRows {
    /// Bytes to allocate beyond a strip: RGB packing stores eight bytes at a time and
    /// the last store of the last row reaches past its end.
    static let slack = 8

    /// Bytes per filtered row, filter-type byte included.
    static func stride(width: Int, layout: PNGRowLayout) -> Int {
        width * layout.bytesPerPixel + 1
    }

    /// Rows of a strip buffer that `write` needs for `rows` rows: one more when a
    /// filter looks at the row above.
    static func bufferRows(_ rows: Int, filter: PNGRowFilter) -> Int {
        filter == .none ? rows : rows + 1
    }

    /// Writes the filtered `rows` of `pixels` (straight RGBA, `width × 4` bytes a row, or
    /// indices, `width` bytes a row) to `out`, which holds `bufferRows(rows.count) × stride
    /// + slack` bytes.
    ///
    /// - Returns: the byte offset in `out` where the filtered rows start (they take
    ///   `rows.count × stride` bytes): with a filter that looks up, the row above is
    ///   unpacked there first, unfiltered.
    static func write(
        _ pixels: UnsafeRawBufferPointer, width: Int, rows: Range<Int>, layout: PNGRowLayout, filter: PNGRowFilter,
        to out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let bpp = layout.bytesPerPixel
        let rowBytes = width * bpp
        let stride = rowBytes + 1
        let first = filter != .none && rows.lowerBound > 0 ? rows.lowerBound - 1 : rows.lowerBound
        // Top to bottom: packing a row spills into the first bytes of the next one,
        // which are written after it.
        for y in first..<rows.upperBound {
            let source = pixels.baseAddress! + y * width * layout.sourceBytesPerPixel
            let row = out + (y - first) * stride
            row[0] = 0
            if layout == .rgb {
                packRGB(source, count: width, to: row + 1)
            } else {
                (row + 1).update(from: source.assumingMemoryBound(to: UInt8.self), count: rowBytes)
            }
        }
        let start = (rows.lowerBound - first) * stride
        guard filter != .none else { return start }
        // Bottom to top, in place: each row is filtered against the row above while that
        // one still holds its unfiltered samples.
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        zeros.withUnsafeBufferPointer { zeroRow in
            for y in Swift.stride(from: rows.upperBound - 1, through: rows.lowerBound, by: -1) {
                let row = out + (y - first) * stride + 1
                let prior = y > 0 ? UnsafePointer(out + (y - 1 - first) * stride + 1) : zeroRow.baseAddress!
                let type = filter == .adaptive ? cheapest(row, prior, count: rowBytes, bpp: bpp) : filter
                apply(type, row, prior, count: rowBytes, bpp: bpp)
                row[-1] = typeByte(type)
            }
        }
        return start
    }

    /// RGBA → RGB, two pixels per eight-byte load and store.
    private static func packRGB(_ source: UnsafeRawPointer, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let out = UnsafeMutableRawPointer(destination)
        for pair in 0..<count / 2 {
            // Little-endian: R0 G0 B0 A0 R1 G1 B1 A1 → R0 G0 B0 R1 G1 B1 (and two bytes the
            // next store overwrites).
            let two = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: pair * 8, as: UInt64.self))
            let packed = (two & 0xFF_FFFF) | ((two >> 8) & 0xFFFF_FF00_0000)
            out.storeBytes(of: packed.littleEndian, toByteOffset: pair * 6, as: UInt64.self)
        }
        if count % 2 == 1 {
            let last = count - 1
            for channel in 0..<3 {
                destination[last * 3 + channel] = source.load(fromByteOffset: last * 4 + channel, as: UInt8.self)
            }
        }
    }

    private static func typeByte(_ filter: PNGRowFilter) -> UInt8 {
        switch filter {
        case .none, .adaptive: return 0
        case .sub: return 1
        case .up: return 2
        case .average: return 3
        case .paeth: return 4
        }
    }

    /// The filter whose output for this row has the smallest sum of |signed byte|.
    private static func cheapest(
        _ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, count: Int, bpp: Int
    ) -> PNGRowFilter {
        var best = PNGRowFilter.none
        var bestCost = cost(.none, row, prior, count: count, bpp: bpp)
        for filter in [PNGRowFilter.sub, .up, .average, .paeth] {
            let cost = cost(filter, row, prior, count: count, bpp: bpp)
            if cost < bestCost {
                best = filter
                bestCost = cost
            }
        }
        return best
    }

    /// The sum of |signed byte| of the row filtered with `filter`, one loop per filter so
    /// that the predictor is not chosen again for every byte.
    private static func cost(
        _ filter: PNGRowFilter, _ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, count: Int,
        bpp: Int
    ) -> Int {
        @inline(__always) func magnitude(_ v: UInt8) -> Int { v < 128 ? Int(v) : 256 - Int(v) }
        var sum = 0
        switch filter {
        case .none, .adaptive:
            for i in 0..<count { sum &+= magnitude(row[i]) }
        case .sub:
            for i in 0..<min(bpp, count) { sum &+= magnitude(row[i]) }
            for i in min(bpp, count)..<count { sum &+= magnitude(row[i] &- row[i - bpp]) }
        case .up:
            for i in 0..<count { sum &+= magnitude(row[i] &- prior[i]) }
        case .average:
            for i in 0..<min(bpp, count) { sum &+= magnitude(row[i] &- prior[i] >> 1) }
            for i in min(bpp, count)..<count {
                sum &+= magnitude(row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(prior[i])) >> 1))
            }
        case .paeth:
            for i in 0..<min(bpp, count) { sum &+= magnitude(row[i] &- prior[i]) }
            for i in min(bpp, count)..<count {
                sum &+= magnitude(row[i] &- predictor(.paeth, row[i - bpp], prior[i], prior[i - bpp]))
            }
        }
        return sum
    }

    /// Filters one row in place, right to left, so that the left neighbours it reads
    /// are still unfiltered.
    private static func apply(
        _ filter: PNGRowFilter, _ row: UnsafeMutablePointer<UInt8>, _ prior: UnsafePointer<UInt8>, count: Int, bpp: Int
    ) {
        guard filter != .none else { return }
        var i = count - 1
        while i >= bpp {
            row[i] = row[i] &- predictor(filter, row[i - bpp], prior[i], prior[i - bpp])
            i -= 1
        }
        while i >= 0 {
            row[i] = row[i] &- predictor(filter, 0, prior[i], 0)
            i -= 1
        }
    }

    /// The PNG predictor from the left (a), upper (b) and upper-left (c) samples.
    @inline(__always)
    private static func predictor(_ filter: PNGRowFilter, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        switch filter {
        case .none, .adaptive: return 0
        case .sub: return a
        case .up: return b
        case .average: return UInt8((UInt16(a) + UInt16(b)) >> 1)
        case .paeth: return paethPredictor(a, b, c)
        }
    }
}

/// The Paeth predictor of the left (a), upper (b) and upper-left (c) samples: whichever is
/// nearest to a + b - c, ties to a, then b.
@inline(__always)
func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let ia = Int32(a), ib = Int32(b), ic = Int32(c)
    let pa = abs(ib &- ic)
    let pb = abs(ia &- ic)
    let pc = abs(ia &+ ib &- 2 &* ic)
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
}
