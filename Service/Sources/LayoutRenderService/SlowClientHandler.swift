import CoreMetrics
import NIOCore
import NIOHTTPTypes

/// The three timers that keep a slow client from holding a connection, one per thing a
/// client can be slow at. Each closes the connection without an answer.
///
/// - **Idle** (`idleTimeout`): from the connection's start, and from each answer's last
///   byte reaching the socket, until the next request's head has arrived in full. This
///   bounds a client that sends nothing, an idle keep-alive connection, and a head sent
///   slowly (even a byte at a time: no request part exists before the whole head).
/// - **Body** (`bodyTimeout`): from a request's head to its last body byte. This bounds a
///   body trickled a byte at a time, one that stops short of its Content-Length, and an
///   endless chunked body still arriving after its 413 (Hummingbird reads and drops the
///   rest of a body to keep the connection usable).
/// - **Unread answer** (`bodyTimeout`): from an answer's head being written until its last
///   byte reaches the socket, each slice of it (`sliceBytes`), and its end, must reach the
///   socket within the timeout. This bounds a client that stops reading, and never cuts
///   off a slow one that keeps reading, however large the answer. (It ran only while the
///   channel was unwritable, over 64 KiB waiting: a client that stopped reading with less
///   than that of an answer left over was held by no timer, for ever.)
///
/// Hummingbird has an idle timer of its own, but it starts when the answer's last part is
/// handed to the channel, not when it has been sent: an answer larger than the socket
/// buffers, read at less than its size per idle timeout, was cut off. So it is not used
/// (`idleTimeout: nil` in `RenderService.application`) and this handler keeps the time.
/// Closes by the body and unread-answer timers are counted in `closes`.
final class SlowClientHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Answer bodies are written in slices of this size; each slice written is progress.
    static let sliceBytes = 64 * 1024

    private let idleTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private let closes: CoreMetrics.Counter
    /// Requests whose head has arrived and whose answer has not been sent in full.
    private var requestsOpen = 0
    /// Answers whose head has been written and whose end has not reached the socket.
    private var answersWriting = 0
    private var idleDeadline: Scheduled<Void>?
    private var bodyDeadline: Scheduled<Void>?
    private var writeDeadline: Scheduled<Void>?

    /// Where the connection is listed while it waits on its client, so a full server can
    /// close it to make room (`IdleConnections`).
    private let idle: IdleConnections?

    init(idleTimeout: TimeAmount, bodyTimeout: TimeAmount, closes: CoreMetrics.Counter, idle: IdleConnections? = nil) {
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.closes = closes
        self.idle = idle
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startIdle(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startIdle(context.channel)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requestsOpen += 1
            idle?.busy(context.channel)
            idleDeadline?.cancel()
            idleDeadline = nil
            bodyDeadline?.cancel()
            bodyDeadline = closing(context.channel, after: bodyTimeout, counted: true)
        case .end:
            bodyDeadline?.cancel()
            bodyDeadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // Writable again: what was waiting went out, which is progress. (Unwritable, the
        // answer being written is timed already; the check only keeps one timer.)
        if context.channel.isWritable {
            answerProgressed(context.channel)
        } else if writeDeadline == nil {
            writeDeadline = closing(context.channel, after: bodyTimeout, counted: true)
        }
        context.fireChannelWritabilityChanged()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let channel = context.channel
        switch unwrapOutboundIn(data) {
        case .end:
            // Written means sent: writes complete in order, so the whole answer is out.
            let sent = context.eventLoop.makePromise(of: Void.self)
            sent.futureResult.assumeIsolated().whenSuccess { self.answerSent(channel) }
            if let promise { sent.futureResult.cascade(to: promise) }
            context.write(data, promise: sent)
        case .body(var buffer) where buffer.readableBytes > 0:
            while buffer.readableBytes > 0, let slice = buffer.readSlice(length: min(Self.sliceBytes, buffer.readableBytes)) {
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.assumeIsolated().whenSuccess { self.answerProgressed(channel) }
                if buffer.readableBytes == 0, let promise { written.futureResult.cascade(to: promise) }
                context.write(wrapOutboundOut(.body(slice)), promise: written)
            }
        case .head(let head):
            // An answer begins (not an interim 1xx head, which has no end of its own): from
            // now its parts must reach the socket in time.
            if head.status.kind != .informational {
                answersWriting += 1
                if writeDeadline == nil { writeDeadline = closing(channel, after: bodyTimeout, counted: true) }
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        idle?.busy(context.channel)
        cancelDeadlines()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        idle?.busy(context.channel)
        cancelDeadlines()
    }

    private func startIdle(_ channel: any Channel) {
        idleDeadline?.cancel()
        idleDeadline = closing(channel, after: idleTimeout, counted: false)
        idle?.waiting(channel)
    }

    private func answerSent(_ channel: any Channel) {
        answerProgressed(channel)
        answersWriting = max(0, answersWriting - 1)
        if answersWriting == 0 {
            // Nothing left to send: no answer's time runs until the next one begins.
            writeDeadline?.cancel()
            writeDeadline = nil
        }
        requestsOpen = max(0, requestsOpen - 1)
        if requestsOpen == 0, channel.isActive { startIdle(channel) }
    }

    /// A slice or an answer's end reached the socket: the client is reading, so its time
    /// starts again.
    private func answerProgressed(_ channel: any Channel) {
        guard writeDeadline != nil else { return }
        writeDeadline?.cancel()
        writeDeadline = closing(channel, after: bodyTimeout, counted: true)
    }

    private func closing(_ channel: any Channel, after delay: TimeAmount, counted: Bool) -> Scheduled<Void> {
        let closes = self.closes
        return channel.eventLoop.scheduleTask(in: delay) {
            guard channel.isActive else { return }
            if counted { closes.increment() }
            channel.close(promise: nil)
        }
    }

    private func cancelDeadlines() {
        for deadline in [idleDeadline, bodyDeadline, writeDeadline] { deadline?.cancel() }
        idleDeadline = nil
        bodyDeadline = nil
        writeDeadline = nil
    }
}
