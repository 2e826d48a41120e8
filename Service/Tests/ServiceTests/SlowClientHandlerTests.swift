import CoreMetrics
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import XCTest

@testable import LayoutRenderService

/// `SlowClientHandler`'s timers on a channel whose writes complete only when the test
/// flushes them: a socket the client has stopped reading, without the kernel's buffers
/// in between (on loopback they take megabytes, so a real connection reaches the state
/// below only with an answer within 64 KiB of their size).
final class SlowClientHandlerTests: XCTestCase {
    private func channel() throws -> EmbeddedChannel {
        let handler = SlowClientHandler(idleTimeout: .seconds(5), bodyTimeout: .seconds(1),
                                        closes: Counter(label: "test_slow_client_closes"))
        let channel = EmbeddedChannel(handler: handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        return channel
    }

    private func answer(_ channel: EmbeddedChannel, bytes: Int) {
        channel.write(HTTPResponsePart.head(HTTPResponse(status: .ok)), promise: nil)
        channel.write(HTTPResponsePart.body(ByteBuffer(repeating: 7, count: bytes)), promise: nil)
        channel.write(HTTPResponsePart.end(nil), promise: nil)
    }

    /// An answer whose last part never reaches the socket, with less of it waiting than
    /// makes the channel unwritable: closed by the body timeout. (No timer ran here: the
    /// idle one waits for the answer's end to be sent, and the unread-answer one ran only
    /// while the channel was unwritable; the connection was held for ever.)
    func testAnAnswerThatIsNotReadIsClosedThoughTheChannelStaysWritable() throws {
        let channel = try channel()
        answer(channel, bytes: 20_000)
        XCTAssertTrue(channel.isWritable)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(900))
        XCTAssertTrue(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(200))
        XCTAssertFalse(channel.isActive, "an answer not read for the body timeout left the connection open")
    }

    /// An answer sent leaves the connection to the idle timeout, not the body timeout.
    func testAnAnswerSentLeavesTheConnectionIdle() throws {
        let channel = try channel()
        answer(channel, bytes: 20_000)
        channel.flush()
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        XCTAssertTrue(channel.isActive, "closed before the idle timeout")
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        XCTAssertFalse(channel.isActive, "an idle connection was not closed")
    }

    /// A large answer read slowly: each part that goes out starts the time again, so the
    /// answer may take far longer than the body timeout.
    func testEachPartSentIsProgress() throws {
        let channel = try channel()
        channel.writeAndFlush(HTTPResponsePart.head(HTTPResponse(status: .ok)), promise: nil)
        for _ in 0..<10 {
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(800))
            XCTAssertTrue(channel.isActive, "cut off while the client was reading")
            channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(repeating: 7, count: SlowClientHandler.sliceBytes)),
                                  promise: nil)
        }
        channel.writeAndFlush(HTTPResponsePart.end(nil), promise: nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        XCTAssertTrue(channel.isActive, "closed before the idle timeout")
    }
}
