import Foundation
import PixelDiff
import PNGCodec
import SnapshotTesting

extension Diffing where Value == Data {
    /// PNG images compared pixel by pixel through LayoutRender's perceptual diff (as
    /// `layout-render diff`), with its tolerances (with neither limit no pixel may differ; a
    /// ratio alone limits; with both, both must hold); on a difference, the message says how
    /// many pixels differ and where, and the diff image is attached.
    public static func layoutRenderPNG(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil,
                                       maxDiffRatio: Double? = nil) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { old, new in
            guard old != new else { return nil }
            let expected: RGBAImage, actual: RGBAImage
            do {
                expected = try PNGDecoder.decode(Array(old))
                actual = try PNGDecoder.decode(Array(new))
            } catch {
                return ("a snapshot is not a PNG image: \(error)\(textNote(new))", [])
            }
            var options = DiffOptions(threshold: threshold, includeAA: includeAA, makeDiffImage: true)
            options.diffImageForm = .rgba
            let result: DiffResult
            do {
                result = try diffImages(expected: expected.pixels, expectedSize: (expected.width, expected.height),
                                        actual: actual.pixels, actualSize: (actual.width, actual.height), options: options)
            } catch {
                return ("the images cannot be compared: \(error)", [])
            }
            guard result.sizeMismatch
                || !result.withinTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) else { return nil }
            var message = result.sizeMismatch
                ? "the image is \(actual.width)x\(actual.height) px, the snapshot \(expected.width)x\(expected.height) px"
                : "\(result.differentPixels) px differ"
            if let box = result.boundingBox, !result.sizeMismatch { message += " in the \(box.width)x\(box.height) px region at (\(box.x), \(box.y))" }
            var attachments: [DiffAttachment] = []
            if let pixels = result.diffImage,
               let png = try? PNGEncoder.encode(RGBAImage(width: expected.width, height: expected.height, pixels: pixels)) {
                attachments.append(.data(Data(png), name: "diff.png"))
            }
            return (message, attachments)
        }
    }

    /// A render that failed is snapshotted as its message's text: shown when it is compared.
    private static func textNote(_ data: Data) -> String {
        guard let text = String(data: data.prefix(2_000), encoding: .utf8), !text.isEmpty else { return "" }
        return "; the new snapshot says: \(text)"
    }
}
