// swift-tools-version:6.0
//
// The HTTP rendering service, `layout-render-service`: a package of its own beside the
// LayoutRender package (..), so that the CLI and the libraries resolve and build without
// the HTTP stack. `layout-render serve ARGS…` runs this program.
import PackageDescription

let package = Package(
    name: "LayoutRenderService",
    products: [
        .executable(name: "layout-render-service", targets: ["layout-render-service"]),
    ],
    dependencies: [
        .package(name: "LayoutRender", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Already in Hummingbird's graph; named because the service's slow-client handler
        // is a NIO channel handler over HTTP types, and its headers are HTTPTypes fields.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.27.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // OpenSSL's libcrypto, for SHA-256 (cache keys, ETags, the assets digest).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // The HTTP edge over the pipeline: requests → render worker processes, errors → statuses.
        .target(
            name: "LayoutRenderService",
            dependencies: [
                "CCrypto",
                .product(name: "LayoutRenderKit", package: "LayoutRender"),
                .product(name: "SpecLanguage", package: "LayoutRender"),
                .product(name: "PNGCodec", package: "LayoutRender"),
                .product(name: "PixelDiff", package: "LayoutRender"),
                .product(name: "Rendering", package: "LayoutRender"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // The HTTP/1 side of the pipeline, where a request's version is still known
                // and parser errors arrive (HTTP1EdgeHandler).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The playground's page, script and style, compiled in (`PackageResources`).
            resources: [.embedInCode("Playground")]
        ),
        .executableTarget(
            name: "layout-render-service",
            dependencies: [
                "LayoutRenderService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "LayoutRenderService", "layout-render-service",
                .product(name: "LayoutRenderKit", package: "LayoutRender"),
                .product(name: "PNGCodec", package: "LayoutRender"),
                .product(name: "PixelDiff", package: "LayoutRender"),
                .product(name: "SpecLanguage", package: "LayoutRender"),
                .product(name: "Rendering", package: "LayoutRender"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
