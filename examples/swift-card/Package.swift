// swift-tools-version:6.0
//
// A consumer of LayoutRender: the README's proportional card (examples/card-sans.spec)
// written with the typed Swift API, an executable that writes it, and its tests.
import PackageDescription

let package = Package(
    name: "swift-card",
    dependencies: [
        .package(name: "LayoutRender", path: "../.."),
        // For the swift-snapshot-testing strategies (its test only).
        .package(name: "LayoutRenderSnapshotTesting", path: "../../Integrations/LayoutRenderSnapshotTesting"),
    ],
    targets: [
        // The card as a function of the post it shows.
        .target(name: "Card", dependencies: [.product(name: "LayoutRenderKit", package: "LayoutRender")]),
        // `swift-card OUT.png`: the README card as a PNG.
        .executableTarget(name: "swift-card", dependencies: ["Card", .product(name: "LayoutRenderKit", package: "LayoutRender")]),
        .testTarget(name: "CardTests", dependencies: [
            "Card",
            .product(name: "LayoutRenderKit", package: "LayoutRender"),
            .product(name: "LayoutRenderTesting", package: "LayoutRender"),
            .product(name: "LayoutRenderSnapshotTesting", package: "LayoutRenderSnapshotTesting"),
        ], exclude: ["__Snapshots__"]),
    ]
)
