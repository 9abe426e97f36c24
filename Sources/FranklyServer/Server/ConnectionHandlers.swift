import HummingbirdCore
import NIOCore
import Synchronization

// The HTTP parts a Hummingbird HTTP/1 pipeline carries after decoding (NIOHTTPTypes' types), named
// through HummingbirdCore's public handler so this target needs no direct swift-nio-extras dependency.
typealias HTTPRequestPart = HTTPConnectionStateHandler.InboundIn
typealias HTTPResponsePart = HTTPConnectionStateHandler.OutboundIn

/// How many connections the server has open, shared between the accept loop (which counts) and
/// every connection's `CrowdedIdleHandler` (which reads).
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)
    /// Connections open now.
    var value: Int { count.load(ordering: .relaxed) }
    func opened() { count.add(1, ordering: .relaxed) }
    func closed() { count.subtract(1, ordering: .relaxed) }
}

/// `MaximumAvailableConnections` that also publishes its count, so connections can tell when the
/// server is nearly full.
struct CountedConnectionLimit: AvailableConnectionsDelegate {
    let maxConnections: Int
    let counter: ConnectionCounter

    mutating func connectionOpened() { counter.opened() }
    mutating func connectionClosed() { counter.closed() }
    func isAcceptingNewConnections() -> Bool { counter.value < maxConnections }
}

/// Closes a connection that has no request in progress after `timeout` once more than `threshold`
/// connections are open.
///
/// Hummingbird's idle timeout is fixed (30 s by default), so `maxConnections` idle keep-alive
/// sockets would lock every new client out for that long; near the limit, idle ones go much sooner.
/// A connection answering a request is never closed here; one whose request stopped arriving is
/// idle (as for Hummingbird's own timeout).
final class CrowdedIdleHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let counter: ConnectionCounter
    private let threshold: Int
    private let timeout: TimeAmount
    private var responsesOwed = 0
    private var readingRequest = false
    private var lastActivity = NIODeadline.now()
    private var check: Scheduled<Void>?

    init(counter: ConnectionCounter, threshold: Int, timeout: TimeAmount) {
        self.counter = counter; self.threshold = threshold; self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { schedule(context, in: timeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        schedule(context, in: timeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = .now()
        switch unwrapInboundIn(data) {
        case .head: responsesOwed += 1; readingRequest = true
        case .end: readingRequest = false
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            responsesOwed = max(0, responsesOwed - 1)
            lastActivity = .now()
        }
        context.write(data, promise: promise)
    }

    private func schedule(_ context: ChannelHandlerContext, in delay: TimeAmount) {
        guard check == nil else { return }
        check = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            check = nil
            fire(context)
        }
    }

    private func fire(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        let answering = responsesOwed > 0 && !readingRequest
        let idleFor = NIODeadline.now() - lastActivity
        if !answering && idleFor >= timeout && counter.value > threshold {
            context.close(promise: nil)
            return
        }
        // Checked again a timeout later whatever the state: crowding can start at any moment.
        schedule(context, in: answering || idleFor >= timeout ? timeout : timeout - idleFor)
    }
}

/// Ends the connection after a response that says `Connection: close` (the 413 for a declared
/// oversized body, the 403 refusals): the request's body was never read, and otherwise the server
/// would go on waiting for it.
///
/// The close is lingering: output is shut once the response is written, so the client reads the
/// whole answer, and the socket closes `linger` later. Closing at once, with the client's unread
/// body still arriving, would send a reset that can destroy the answer before the client reads it.
final class CloseAfterResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let linger: TimeAmount
    private var closing = false

    init(linger: TimeAmount) { self.linger = linger }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if let value = response.headerFields[.connection], value.lowercased().contains("close") { closing = true }
            context.write(data, promise: promise)
        case .end where closing:
            closing = false
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            let linger = self.linger
            written.futureResult.assumeIsolated().whenComplete { _ in
                context.close(mode: .output, promise: nil)
                context.eventLoop.assumeIsolated().scheduleTask(in: linger) {
                    context.close(promise: nil)
                }
            }
        default:
            context.write(data, promise: promise)
        }
    }
}
