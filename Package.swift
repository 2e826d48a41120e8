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
        .library(name: "LayoutRenderKit", targets: ["LayoutRenderKit"]),
        .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
        .library(name: "PixelDiff", targets: ["PixelDiff"]),
        // The stages the service (Service/) uses by name besides the pipeline.
        .library(name: "SpecLanguage", targets: ["SpecLanguage"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        // Image snapshot tests for XCTest: assertRender(spec, matches: "fixtures/card.png").
        .library(name: "LayoutRenderTesting", targets: ["LayoutRenderTesting"]),
    ],
    // The only package dependency, for the CLI. The HTTP service (Hummingbird, NIO,
    // metrics) is a package of its own in Service/, so that a package depending on these
    // libraries resolves and builds none of it.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, one systemLibrary target each.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Cairo's pixel library, named for its version in the environment fingerprint.
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // ISA-L's igzip: the PNG writer's fast deflate (Sources/CIsal/shim.h).
        .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // glibc's malloc.h (mallopt): part of the C library, nothing to find or link.
        .systemLibrary(name: "CMalloc"),
        // glibc's sched.h and pthread.h placement calls (GNU extensions): nothing to link.
        .systemLibrary(name: "CSched"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // HarfBuzz's headers only: the library is opened on first use (Sources/CHarfBuzz/shim.h).
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // librsvg's types only: the library is opened on first use (Sources/CRsvg/shim.h).
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-2"])]),
        // Picture output: JPEG through libjpeg-turbo's TurboJPEG API (no longjmp), WebP through libwebp.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebPEncode", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),

        // Pure Swift: the frame-based layout engine. No C, no I/O.
        .target(name: "LayoutEngine"),
        // Shaping through HarfBuzz: glyphs and positions from a font file's own tables.
        .target(name: "TextShaping", dependencies: ["CHarfBuzz"]),
        // Fonts (FreeType), shaping (TextShaping), character widths and line breaking (the
        // toolchain's ICU, the copy Foundation uses; see ICUBridge.swift).
        .target(name: "TextEngine", dependencies: ["CFreeType", "TextShaping"],
                linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The .spec language and its JSON form: text → document tree.
        // A detached thread on another processor, for a share of the calling thread's work
        // (PNG parts, a big spec's lines).
        .target(name: "WorkerThreads", dependencies: ["CSched"]),
        .target(name: "SpecLanguage", dependencies: ["WorkerThreads"]),
        // PNG decoding through libpng; encoding through ISA-L (fast) and zlib (smaller),
        // checksums through libdeflate.
        .target(name: "PNGCodec", dependencies: ["CPNG", "CDeflate", "CZlib", "CIsal", "WorkerThreads"]),
        // JPEG decoding through libjpeg-turbo, into PNGCodec's RGBAImage, Exif orientation applied.
        .target(name: "JPEGCodec", dependencies: ["CJPEG", "PNGCodec"]),
        // WebP decoding through libwebp, likewise (the Exif orientation from JPEGCodec).
        .target(name: "WebPCodec", dependencies: ["CWebP", "PNGCodec", "JPEGCodec"]),
        // JPEG and WebP encoding of RGB(A) buffers, one thin module per C library.
        .target(name: "JPEGEncoding", dependencies: ["CTurboJPEG"]),
        .target(name: "WebPEncoding", dependencies: ["CWebPEncode"]),
        // Image-sized byte buffers with their pages mapped ahead (huge pages where given).
        .target(name: "ImageMemory"),
        // Pure Swift: perceptual pixel comparison over RGBA buffers.
        .target(name: "PixelDiff", dependencies: ["ImageMemory", "WorkerThreads"]),
        // Cairo drawing of a display list into RGBA pixels (SVG images through librsvg).
        .target(name: "Rendering", dependencies: ["CCairo", "CPixman", "CRsvg", "LayoutEngine", "ImageMemory"]),
        // The pipeline that ties the stages together (used by the CLI and the service).
        .target(
            name: "LayoutRenderKit",
            dependencies: ["SpecLanguage", "LayoutEngine", "TextEngine", "Rendering", "PNGCodec", "JPEGCodec", "WebPCodec",
                           "JPEGEncoding", "WebPEncoding", "CMalloc"]
        ),
        // Golden tests over the pipeline: the fixture runner, its update policy and its
        // reports, with PixelDiff (used by `layout-render test` and LayoutRenderTesting).
        .target(name: "LayoutRenderGolden", dependencies: ["LayoutRenderKit", "PixelDiff", "PNGCodec", "SpecLanguage"]),
        .target(name: "LayoutRenderTesting", dependencies: ["LayoutRenderGolden", "LayoutRenderKit", "PixelDiff"]),
        .executableTarget(
            name: "layout-render",
            dependencies: [
                "LayoutRenderKit",
                "LayoutRenderGolden",
                "PNGCodec",
                "PixelDiff",
                "SpecLanguage",
                "WorkerThreads",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Workloads shared by the benchmarks and the tests (the flex tree of design/benchmarks.md).
        .target(name: "LayoutWorkloads", dependencies: ["LayoutEngine", "TextEngine"]),
        // Spec generators shared by the property tests and the structure-aware fuzz target.
        .target(name: "SpecGenerators", dependencies: ["SpecLanguage"]),
        // Benchmarks of our own cases; scripts/bench builds it in release mode.
        .executableTarget(name: "lr-bench", dependencies: ["LayoutEngine", "LayoutWorkloads", "TextEngine", "PNGCodec", "PixelDiff", "LayoutRenderKit", "SpecLanguage"]),

        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutWorkloads"], exclude: ["Chromium"]),
        .testTarget(name: "TextEngineTests", dependencies: ["TextEngine", "TextShaping", "CFreeType", "LayoutWorkloads"], exclude: ["Chromium"]),
        .testTarget(name: "SpecLanguageTests", dependencies: ["SpecLanguage"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "WorkerThreads"], exclude: ["Fixtures"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec", "PNGCodec"], exclude: ["Fixtures"]),
        .testTarget(name: "WebPCodecTests", dependencies: ["WebPCodec", "PNGCodec"], exclude: ["Fixtures"]),
        .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff", "PNGCodec"]),
        // Conformance/: the corpus recorded from Chromium (scripts/conformance --record), read by ConformanceCorpusTests.
        .testTarget(name: "LayoutRenderKitTests", dependencies: ["LayoutRenderKit", "LayoutRenderGolden", "SpecLanguage", "SpecGenerators", "PixelDiff", "PNGCodec", "LayoutEngine", "ImageMemory",
                                   "Rendering", "TextEngine", "CRsvg"],
                    exclude: ["Conformance"]),
        .testTarget(name: "LayoutRenderTestingTests", dependencies: ["LayoutRenderTesting", "LayoutRenderGolden", "LayoutRenderKit", "PNGCodec"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CLITests", dependencies: ["layout-render", "LayoutRenderKit", "PNGCodec"]),
    ]
)
