// libFuzzer target: two small images of arbitrary sizes and pixels, any options.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 6 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (w1, h1, w2, h2) = (Int(bytes[0] % 16), Int(bytes[1] % 16), Int(bytes[2] % 16), Int(bytes[3] % 16))
    func pixels(_ count: Int, from offset: Int) -> [UInt8] {
        (0..<count * 4).map { bytes.isEmpty ? 0 : bytes[(offset + $0) % bytes.count] }
    }
    var options = DiffOptions()
    options.threshold = Double(bytes[4]) / 255
    options.includeAA = bytes[5] & 1 == 1
    options.makeDiffImage = bytes[5] & 2 == 2
    if bytes[5] & 4 == 4 { options.ignore = [PixelRect(x: 1, y: 1, width: 3, height: 3)] }
    let a = pixels(w1 * h1, from: 6), b = pixels(w2 * h2, from: 7)
    guard let result = try? diffImages(expected: a, expectedSize: (w1, h1), actual: b, actualSize: (w2, h2), options: options) else {
        return 0
    }
    precondition(result.differentPixels >= 0 && result.differentPixels <= max(w1, w2) * max(h1, h2))
    if let image = result.diffImage { precondition(image.count == w1 * h1 * 4) }
    // The indexed form, at any faded alpha, is the RGBA image through its palette.
    options.fadedAlpha = Double(bytes[size - 1]) / 255
    guard let rgba = try? diffImages(expected: a, expectedSize: (w1, h1), actual: b, actualSize: (w2, h2), options: options) else {
        return 0
    }
    options.diffImageForm = .indexed
    guard let indexed = try? diffImages(expected: a, expectedSize: (w1, h1), actual: b, actualSize: (w2, h2), options: options) else {
        preconditionFailure("the indexed form failed where the RGBA one did not")
    }
    precondition(indexed.differentPixels == rgba.differentPixels)
    if let image = indexed.indexedDiffImage {
        precondition(image.indices.count == w1 * h1 && image.palette.count <= 256 * 3)
        var expanded: [UInt8] = []
        for index in image.indices {
            precondition(Int(index) * 3 + 2 < image.palette.count, "an index past the palette")
            expanded += image.palette[Int(index) * 3..<Int(index) * 3 + 3] + [255]
        }
        precondition(expanded == rgba.diffImage, "the indexed diff image differs from the RGBA one")
    } else {
        precondition(indexed.diffImage == rgba.diffImage)
    }
    return 0
}
