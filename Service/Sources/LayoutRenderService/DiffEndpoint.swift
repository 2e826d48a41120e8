import HTTPTypes
import Hummingbird
import NIOCore
import PNGCodec
import PixelDiff

/// `POST /diff`: two PNGs (`multipart/form-data` fields `expected` and `actual`) compared
/// as `layout-render diff` compares them. The answer is the counts as JSON, or with
/// `?image=1` the diff image itself as a PNG (changes red, anti-aliasing yellow, the rest
/// faded), its counts in `X-Diff-*` headers.
extension RenderService {
    func diff(_ request: Request, context: some RequestContext) async -> Response {
        do {
            var options = DiffOptions()
            // A palette PNG: a third of the rows to compress, and a smaller response.
            options.diffImageForm = .indexed
            for (name, value) in request.uri.queryParameters {
                switch name {
                case "threshold":
                    guard let t = Double(String(value)), t >= 0, t <= 1 else {
                        throw ServiceError.badQuery(parameter: "threshold", reason: "expected a number from 0 to 1")
                    }
                    options.threshold = t
                case "image":
                    guard value == "1" || value == "0" else {
                        throw ServiceError.badQuery(parameter: "image", reason: "expected 1 or 0")
                    }
                    options.makeDiffImage = value == "1"
                default:
                    throw ServiceError.badQuery(parameter: String(name), reason: "unknown parameter (expected threshold or image)")
                }
            }
            guard let boundary = request.headers[.contentType].flatMap(Multipart.boundary(contentType:)) else {
                throw ServiceError.badBody("expected multipart/form-data with a boundary")
            }
            let fields = try Multipart.fields(of: try await body(of: request), boundary: boundary)
            guard let expected = fields["expected"], let actual = fields["actual"] else {
                throw ServiceError.badBody("expected the form fields 'expected' and 'actual'")
            }
            let limits = PNGLimits(maxPixels: configuration.renderLimits.maxPixels,
                                   maxDimension: configuration.renderLimits.maxSide)
            let diffOptions = options
            let result = try await onDiffPool { () -> Result<(DiffResult, png: [UInt8]?), ServiceError> in
                let a: RGBAImage, b: RGBAImage
                do { a = try PNGDecoder.decode(expected, limits: limits) } catch {
                    return .failure(.badImage(field: "expected", reason: "\(error)"))
                }
                do { b = try PNGDecoder.decode(actual, limits: limits) } catch {
                    return .failure(.badImage(field: "actual", reason: "\(error)"))
                }
                do {
                    let r = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                                           actual: b.pixels, actualSize: (b.width, b.height), options: diffOptions)
                    if let indexed = r.indexedDiffImage {
                        return .success((r, try PNGEncoder.encode(IndexedImage(width: a.width, height: a.height,
                                                                               indices: indexed.indices, palette: indexed.palette))))
                    }
                    guard let pixels = r.diffImage else { return .success((r, nil)) }
                    let png = try PNGEncoder.encode(RGBAImage(width: a.width, height: a.height, pixels: pixels))
                    return .success((r, png))
                } catch {
                    return .failure(.badImage(field: "actual", reason: "\(error)"))
                }
            }
            let (counts, png) = try result.get()
            guard let png else { return ErrorResponses.json(.ok, counts) }
            var response = Response(status: .ok, headers: [.contentType: "image/png"],
                                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
            response.headers[Self.differentPixelsHeader] = String(counts.differentPixels)
            response.headers[Self.totalPixelsHeader] = String(counts.totalPixels)
            response.headers[Self.sizeMismatchHeader] = String(counts.sizeMismatch)
            return response
        } catch {
            return ErrorResponses.response(for: error, retryAfterSeconds: configuration.retryAfterSeconds, assetRoot: assetRoot)
        }
    }

    static let differentPixelsHeader = HTTPField.Name("X-Diff-Different-Pixels")!
    static let totalPixelsHeader = HTTPField.Name("X-Diff-Total-Pixels")!
    static let sizeMismatchHeader = HTTPField.Name("X-Diff-Size-Mismatch")!
}
