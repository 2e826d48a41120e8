import SpecLanguage

/// What the service itself refuses, apart from errors in the spec (`LayoutRenderError`).
/// Statuses are chosen only in `ErrorResponses.swift`.
enum ServiceError: Error, Sendable, Equatable {
    /// A query parameter is unknown or its value is invalid.
    case badQuery(parameter: String, reason: String)
    /// The body is not UTF-8, not multipart, or lacks a field.
    case badBody(String)
    /// A JSON request (`{"spec": …}`) is malformed or has a wrong value, at this place.
    case badJSON(message: String, location: SourceLocation)
    /// An uploaded PNG could not be decoded (`which` is the form field).
    case badImage(field: String, reason: String)
    /// The body is larger than `--max-body-bytes`.
    case tooLarge(limit: Int)
    /// Every worker is busy and the queue is full.
    case overloaded
    /// The render ran long while `limit` long renders already ran (`WorkerPool`'s fairness).
    case tooManyLongRenders(limit: Int)
    /// The render did not finish within the time limit; its worker process was killed.
    case timedOut(milliseconds: Int)
    /// The worker process ended during the render (a crash, or over its memory limit).
    case workerDied
    /// No render worker process could be started (the server's installation is broken).
    case noWorker
    /// No such path, or no such template (`GET /render/NAME.png`).
    case notFound(String)
    /// A template in `--templates` exists but cannot be read (the server's configuration).
    case badTemplate(name: String, reason: String)
    /// A known path asked with a method it does not take (`allowed` lists those it does).
    case methodNotAllowed(method: String, allowed: [String])
}

