// The types LayoutRenderKit's API shows, re-exported so that a program needs one import:
// the language's values (`SpecLanguage`: `Document`, `Color`, `Length`, `Keywords`,
// `ParseLimits`, `DataValue`, …) and the drawing's and the layout's types its results and
// options carry.

@_exported import SpecLanguage
@_exported import struct Rendering.RenderLimits
@_exported import struct Rendering.RenderBudget
@_exported import struct Rendering.Bitmap
@_exported import enum Rendering.VectorFormat
@_exported import struct LayoutEngine.Size
@_exported import struct LayoutEngine.Rect
@_exported import struct LayoutEngine.LayoutResult
@_exported import enum PNGCodec.PNGEncoder
@_exported import struct PNGCodec.RGBAImage
