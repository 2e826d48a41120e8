/// Turns Cairo's ARGB32 pixels (premultiplied alpha, one native-endian 32-bit word each)
/// into straight-alpha RGBA bytes, in place.
///
/// Renders are mostly opaque, so pixels go eight at a time: when all eight are opaque
/// only red and blue swap places, in a branch-free loop the compiler vectorises.
func convertToStraightRGBA(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBytes { raw in
        let words = raw.bindMemory(to: UInt32.self)
        let count = words.count
        var start = 0
        while start + 8 <= count {
            var alphas: UInt32 = 0xFF00_0000
            for index in start..<start + 8 { alphas &= words[index] }
            if alphas == 0xFF00_0000 {
                for index in start..<start + 8 { words[index] = swapRedAndBlue(words[index]) }
            } else {
                for index in start..<start + 8 { words[index] = straightRGBA(words[index]) }
            }
            start += 8
        }
        for index in start..<count { words[index] = straightRGBA(words[index]) }
    }
}

/// 0xAARRGGBB in a little-endian word is bytes B, G, R, A; swapping red and blue gives R, G, B, A.
@inline(__always)
private func swapRedAndBlue(_ v: UInt32) -> UInt32 {
    (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
}

/// One premultiplied ARGB word as straight-alpha RGBA bytes (rounded to nearest).
@inline(__always)
private func straightRGBA(_ v: UInt32) -> UInt32 {
    let a = v >> 24
    if a == 255 { return swapRedAndBlue(v) }
    if a == 0 { return 0 }
    let r = min(255, ((v >> 16 & 0xFF) * 255 + a / 2) / a)
    let g = min(255, ((v >> 8 & 0xFF) * 255 + a / 2) / a)
    let b = min(255, ((v & 0xFF) * 255 + a / 2) / a)
    return r | g << 8 | b << 16 | a << 24
}
