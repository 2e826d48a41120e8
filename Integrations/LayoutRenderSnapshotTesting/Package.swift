// swift-tools-version:6.0
//
// Snapshot strategies for swift-snapshot-testing (Point-Free) on Linux: layouts (typed, or
// specs) as PNG images compared through LayoutRender's pixel diff, and their frames as text.
// A package of its own, so that LayoutRender's users do not resolve swift-snapshot-testing
// and its swift-syntax.
import PackageDescription

let package = Package(
    name: "LayoutRenderSnapshotTesting",
    products: [
        .library(name: "LayoutRenderSnapshotTesting", targets: ["LayoutRenderSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "LayoutRender", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(name: "LayoutRenderSnapshotTesting", dependencies: [
            .product(name: "LayoutRenderKit", package: "LayoutRender"),
            .product(name: "PixelDiff", package: "LayoutRender"),
            .product(name: "PNGCodec", package: "LayoutRender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "LayoutRenderSnapshotTestingTests", dependencies: [
            "LayoutRenderSnapshotTesting",
            .product(name: "LayoutRenderKit", package: "LayoutRender"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ]
)
