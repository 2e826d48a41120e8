internal import CPNG  // no C type in the public API

/// Decodes PNG data from memory into ``RGBAImage``s.
///
/// Every colour type and bit depth PNG allows is read: greyscale 1/2/4/8/16 bits,
/// greyscale + alpha, RGB 8/16, RGBA 8/16, palette (with or without tRNS), and
/// Adam7-interlaced images. The result is always 8-bit straight-alpha RGBA:
/// 16-bit samples are scaled (rounded) to 8 bits, grey is copied to R, G and B,
/// tRNS becomes alpha, and images without alpha get alpha 255. Gamma, colour
/// profiles (gAMA, cHRM, iCCP, sRGB) are ignored: samples are taken as they are.
///
/// The signature and IHDR chunk are checked before libpng sees the data, so a
/// file declaring absurd dimensions fails with ``PNGError/tooLarge(width:height:limit:)``
/// before anything the size of the image is allocated; and every chunk must fit in the
/// data, so no chunk's declared length is allocated either.
///
/// Non-interlaced 8-bit grey, grey + alpha, RGB and RGBA images without tRNS or PLTE are
/// decoded without libpng (PNGFastDecoder: libdeflate and unfiltering in Swift), to the
/// same pixels; every other file, and every file that path finds fault with, goes to libpng.
public enum PNGDecoder {
    /// Decodes a PNG into RGBA8.
    ///
    /// - Parameters:
    ///   - data: the whole PNG file.
    ///   - limits: the largest image accepted.
    /// - Returns: the image, `width × height × 4` bytes of straight-alpha RGBA.
    /// - Throws: `.notPNG`, `.truncated`, `.corrupt(_)` or `.tooLarge(_,_,_)`.
    public static func decode(_ data: [UInt8], limits: PNGLimits = .init()) throws(PNGError) -> RGBAImage {
        try decodeWithText(data, limits: limits).image
    }

    /// Decodes a PNG into RGBA8 and returns its tEXt chunks too.
    public static func decodeWithText(_ data: [UInt8], limits: PNGLimits = .init()) throws(PNGError)
        -> DecodedPNG
    {
        let result: Result<DecodedPNG, PNGError> = data.withUnsafeBufferPointer { bytes in
            Result { () throws(PNGError) -> DecodedPNG in try decode(bytes, limits: limits) }
        }
        return try result.get()
    }

    /// The tEXt chunks of a PNG, in file order, without decoding its pixels.
    ///
    /// - Throws: `.notPNG`, `.truncated` or `.corrupt(_)` (a chunk CRC mismatch).
    public static func textChunks(_ data: [UInt8]) throws(PNGError) -> [PNGTextChunk] {
        let result: Result<[PNGTextChunk], PNGError> = data.withUnsafeBufferPointer { bytes in
            Result { () throws(PNGError) -> [PNGTextChunk] in try PNGChunks.textChunks(bytes) }
        }
        return try result.get()
    }

    /// The width and height the IHDR chunk declares, checked against `limits`.
    public static func size(of data: [UInt8], limits: PNGLimits = .init()) throws(PNGError)
        -> (width: Int, height: Int)
    {
        let result: Result<(width: Int, height: Int), PNGError> = data.withUnsafeBufferPointer { bytes in
            Result { () throws(PNGError) -> (width: Int, height: Int) in
                try PNGChunks.checkHeader(bytes, limits: limits)
            }
        }
        return try result.get()
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError)
        -> DecodedPNG
    {
        let declared = try PNGChunks.checkHeader(bytes, limits: limits)
        if let (image, textData) = PNGFastDecoder.decode(bytes, declared: declared) {
            // The chunks were walked and checked by the fast path: only the text is read.
            let text = (try? PNGChunks.textChunks(bytes, data: textData)) ?? []
            return DecodedPNG(image: image, text: text)
        }
        return try decodeWithLibPNG(bytes, declared: declared)
    }

    /// Decodes through libpng: every PNG the fast path (PNGFastDecoder) leaves, and the
    /// errors of damaged files.
    static func decodeWithLibPNG(_ bytes: UnsafeBufferPointer<UInt8>, declared: (width: Int, height: Int))
        throws(PNGError) -> DecodedPNG
    {
        try PNGChunks.checkChunkLengths(bytes)
        let reader = try PNGReader()
        // libpng keeps the source pointer between calls, so it lives on the heap.
        let source = UnsafeMutablePointer<lr_png_source>.allocate(capacity: 1)
        source.initialize(to: lr_png_source(data: bytes.baseAddress, size: bytes.count, offset: 0))
        defer { source.deallocate() }
        var width: png_uint_32 = 0
        var height: png_uint_32 = 0
        var rowBytes = 0
        var passes: Int32 = 0
        try reader.check(lr_png_read_header(reader.png, reader.info, source, &width, &height, &rowBytes, &passes))
        guard Int(width) == declared.width, Int(height) == declared.height, rowBytes == Int(width) * 4 else {
            throw .corrupt("unexpected layout after transformation (\(rowBytes) bytes per row)")
        }

        // libpng writes every byte of every row, so the buffer is not zeroed first; on a
        // failure it is thrown away.
        var status = Int32(LR_PNG_FAILED)
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * Int(height)) { buffer, initialized in
            let base = buffer.baseAddress!
            var rows: [png_bytep?] = (0..<Int(height)).map { base + $0 * rowBytes }
            status = rows.withUnsafeMutableBufferPointer { rowPointers in
                lr_png_read_image(reader.png, reader.info, rowPointers.baseAddress)
            }
            initialized = status == Int32(LR_PNG_OK) ? buffer.count : 0
        }
        try reader.check(status)
        let text = (try? PNGChunks.textChunks(bytes)) ?? []
        return DecodedPNG(image: RGBAImage(width: Int(width), height: Int(height), pixels: pixels), text: text)
    }
}
