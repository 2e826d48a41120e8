// The LayoutRenderKit module; see Package.swift for its place in the pipeline.
