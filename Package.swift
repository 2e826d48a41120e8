// swift-tools-version:6.0
//
// LayoutRender: spec text → node tree → measured layout → drawing → PNG.
// Each stage is its own module and knows nothing of the stages after it.
// Each C library sits behind one systemLibrary target (found with pkg-config)
// and one thin Swift module; no C type appears in a public Swift API.
import PackageDescription

let package = Package(
    name: "LayoutRender",
    products: [
        .executable(name: "layout-render", targets: ["layout-render"]),
        // The HTTP service, a program of its own so that the CLI and the libraries build
        // without the HTTP stack; `layout-render serve` runs it.
        .executable(name: "layout-render-service", targets: ["layout-render-service"]),
        .library(name: "LayoutRenderKit", targets: ["LayoutRenderKit"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "PixelDiff", targets: ["PixelDiff"]),
        // Image snapshot tests for XCTest: assertRender(spec, matches: "fixtures/card.png").
        .library(name: "LayoutRenderTesting", targets: ["LayoutRenderTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP service (`layout-render-service`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Already in Hummingbird's graph; named because the service's slow-client handler
        // is a NIO channel handler over HTTP types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.27.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // C libraries, one systemLibrary target each.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),

        // Pure Swift: the frame-based layout engine. No C, no I/O.
        .target(name: "LayoutEngine"),
        // Fonts (FreeType), character widths and line breaking (the toolchain's ICU,
        // the copy Foundation uses; see ICUBridge.swift).
        .target(name: "TextEngine", dependencies: ["CFreeType"],
                linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The .spec language and its JSON form: text → document tree.
        .target(name: "SpecLanguage"),
        // PNG encoding and decoding through libpng.
        .target(name: "PNGCodec", dependencies: ["CPNG"]),
        // Pure Swift: perceptual pixel comparison over RGBA buffers.
        .target(name: "PixelDiff"),
        // Cairo drawing of a display list into RGBA pixels.
        .target(name: "Rendering", dependencies: ["CCairo", "LayoutEngine"]),
        // The pipeline that ties the stages together (used by the CLI and the service).
        .target(
            name: "LayoutRenderKit",
            dependencies: ["SpecLanguage", "LayoutEngine", "TextEngine", "Rendering", "PNGCodec", "PixelDiff"]
        ),
        .target(name: "LayoutRenderTesting", dependencies: ["LayoutRenderKit"]),
        // The HTTP edge over the pipeline: requests → render worker processes, errors → statuses.
        .target(
            name: "LayoutRenderService",
            dependencies: [
                "LayoutRenderKit", "PNGCodec", "PixelDiff", "SpecLanguage", "Rendering",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "layout-render",
            dependencies: [
                "LayoutRenderKit",
                "PNGCodec",
                "PixelDiff",
                "SpecLanguage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "layout-render-service",
            dependencies: [
                "LayoutRenderService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Workloads shared by the benchmarks and the tests (the flex tree of design/benchmarks.md).
        .target(name: "LayoutWorkloads", dependencies: ["LayoutEngine"]),
        // Benchmarks of our own cases; scripts/bench builds it in release mode.
        .executableTarget(name: "lr-bench", dependencies: ["LayoutEngine", "LayoutWorkloads", "TextEngine", "PNGCodec", "PixelDiff", "LayoutRenderKit"]),

        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutWorkloads"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine"]),
        .testTarget(name: "SpecLanguageTests", dependencies: ["SpecLanguage"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"], exclude: ["Fixtures"]),
        .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff", "PNGCodec"]),
        .testTarget(name: "LayoutRenderKitTests", dependencies: ["LayoutRenderKit", "SpecLanguage", "PixelDiff", "PNGCodec", "LayoutEngine"]),
        .testTarget(name: "LayoutRenderTestingTests", dependencies: ["LayoutRenderTesting", "PNGCodec"]),
        .testTarget(name: "CLITests", dependencies: ["layout-render", "PNGCodec"]),
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "LayoutRenderService", "LayoutRenderKit", "PNGCodec", "PixelDiff", "SpecLanguage",
                "layout-render", "layout-render-service",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)
