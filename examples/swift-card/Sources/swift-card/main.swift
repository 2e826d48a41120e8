// swift-card OUT.png: writes the README's proportional card, built with the typed API.
import Card
import Glibc
import LayoutRenderKit

/// A line on standard error.
func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let output = arguments.first, !output.hasPrefix("-") else {
    report("usage: swift-card OUT.png")
    exit(2)
}
do throws(LayoutRenderError) {
    let picture = try LayoutRenderer().picture(CardLayout.layout(), settings: PictureSettings(format: .png))
    try OutputFile.write(picture.bytes, to: output)
    for warning in picture.warnings { report("\(warning)") }
} catch {
    report("swift-card: \(error)")
    exit(1)
}
