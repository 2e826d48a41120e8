// One import for a test: swift-snapshot-testing's `assertSnapshot` and LayoutRender's typed
// layouts come with the strategies.
@_exported import LayoutRenderKit
@_exported import SnapshotTesting
