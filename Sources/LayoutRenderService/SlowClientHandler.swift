import CoreMetrics
// NIOCore and NIOHTTPTypes come with Hummingbird (from swift-nio and swift-nio-extras).
// They are imported without being declared in Package.swift: declaring those packages
// as direct dependencies would rewrite Package.resolved for two type names.
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is slow in the two ways Hummingbird's idle timer
/// (`--idle-timeout-ms`) does not catch, since every body part resets that timer and it
/// stands still while an answer is being written:
///
/// - a request that takes longer than `timeout` from its head to its last body byte: a
///   body trickled a byte at a time, or an endless chunked body still arriving after its
///   413 (Hummingbird reads and drops the rest of a body to keep the connection usable);
/// - an answer left unread for longer than `timeout`: the socket's send buffer stays full,
///   so the channel stays unwritable and the request's task cannot finish.
///
/// The connection is closed without an answer; `closes` counts it. Slow headers are the
/// idle timer's: no request part reaches this handler before the whole head has arrived.
final class SlowClientHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private let closes: CoreMetrics.Counter
    private var bodyDeadline: Scheduled<Void>?
    private var writeDeadline: Scheduled<Void>?

    init(timeout: TimeAmount, closes: CoreMetrics.Counter) {
        self.timeout = timeout
        self.closes = closes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            bodyDeadline?.cancel()
            bodyDeadline = closing(context.channel)
        case .end:
            bodyDeadline?.cancel()
            bodyDeadline = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            writeDeadline?.cancel()
            writeDeadline = nil
        } else if writeDeadline == nil {
            writeDeadline = closing(context.channel)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadlines()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadlines()
    }

    private func closing(_ channel: any Channel) -> Scheduled<Void> {
        let closes = self.closes
        return channel.eventLoop.scheduleTask(in: timeout) {
            guard channel.isActive else { return }
            closes.increment()
            channel.close(promise: nil)
        }
    }

    private func cancelDeadlines() {
        bodyDeadline?.cancel()
        writeDeadline?.cancel()
        bodyDeadline = nil
        writeDeadline = nil
    }
}
