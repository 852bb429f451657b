#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HookeSupport

/// An engine in a child process, spoken to in JSON Lines on its stdin and stdout
/// (`EngineProtocol`). Whatever the engine does, a call returns within the timeout: the child runs
/// in its own process group, every read and write waits with `poll` against a deadline, a silent
/// or stuck engine is killed (the whole group, SIGKILL), a line is read to at most
/// `EngineProtocol.maximumLineBytes`, and a dead engine's exit status or signal is reported.
/// Its stderr is relayed line by line, prefixed with its name, through `stderr` — called only on
/// the caller's thread, from inside this engine's methods.
///
/// Hooke's own process ignores SIGPIPE once an engine is started (a write to an engine that died
/// then fails with EPIPE, which is reported, instead of killing Hooke); the engine gets the default.
public final class ProcessEngine: ConformanceEngine {
    public let command: [String]
    /// The longest wait for one reply (and for the hello, and for the exit after bye), seconds.
    public let timeout: Double
    private let stderrSink: (String) -> Void
    private var child: pid_t = 0
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var relay: StderrRelay?
    private var pending: [UInt8] = []
    private var scanned = 0
    private var exitStatus: Int32?

    /// How long a child that closed its stdout may take to exit before it is killed (seconds).
    static let exitGrace = 1.0
    /// How long the stderr relay may take to see the end of a dead engine's stderr (seconds).
    static let relayGrace = 1.0

    /// - Parameters:
    ///   - command: the program (found on the PATH) and its arguments.
    ///   - timeout: seconds to wait for each reply, > 0.
    ///   - stderr: receives each line the engine writes to its stderr, already prefixed.
    public init(command: [String], timeout: Double, stderr: @escaping (String) -> Void) {
        self.command = command
        self.timeout = timeout
        stderrSink = stderr
    }

    deinit { kill() }

    public func start() throws(EngineFailure) -> EngineIdentity {
        try spawn()
        do {
            try send(EngineProtocol.hello)
            let reply = try EngineReply(line: try receive())
            guard case .hello(let identity, let version) = reply else {
                throw EngineFailure(.start, "answered the hello with a result, not a hello")
            }
            guard version == EngineProtocol.version else {
                throw EngineFailure(.start, "speaks protocol \(version); this hooke speaks protocol \(EngineProtocol.version)")
            }
            relay?.label = identity.name
            relayStderr()
            return identity
        } catch let error as ReplyError {
            kill()
            throw EngineFailure(.start, "bad hello: \(error.message)")
        } catch let failure as EngineFailure {
            kill()
            throw EngineFailure(.start, failure.message)
        } catch {
            kill()
            throw EngineFailure(.start, "\(error)")
        }
    }

    public func spring(_ request: SpringRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try exchange(.spring(request), id: caseID)
    }

    public func curve(_ request: CurveRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try exchange(.curve(request), id: caseID)
    }

    public func animation(_ request: AnimationRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try exchange(.animation(request), id: caseID)
    }

    public func transaction(_ request: TransactionRequest, caseID: String) throws(EngineFailure) -> EngineAnswer {
        try exchange(.transaction(request), id: caseID)
    }

    /// Sends bye, closes the engine's stdin and waits for it to exit 0.
    public func finish() throws(EngineFailure) {
        defer { relayStderr() }
        guard child > 0 else { return }
        do {
            try send(EngineProtocol.bye)
        } catch {
            kill()
            throw EngineFailure(.finish, error.message)
        }
        close(input)
        input = -1
        let deadline = Date().addingTimeInterval(timeout)
        while exitStatus == nil, Date() < deadline {
            if reap() { break }
            drainOutput(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
        guard let status = exitStatus else {
            kill()
            throw EngineFailure(.finish, "did not exit within \(formatShort(timeout)) s of bye (killed)")
        }
        kill()  // closes the pipes, waits for the relay
        if status != 0 { throw EngineFailure(.finish, "after bye, " + Self.describe(status: status)) }
    }

    // MARK: - One exchange

    private func exchange(_ request: ConformanceRequest, id: String) throws(EngineFailure) -> EngineAnswer {
        defer { relayStderr() }
        guard child > 0, exitStatus == nil else { throw EngineFailure(.running, "is not running") }
        do {
            try send(EngineProtocol.caseLine(request, id: id))
            let reply = try EngineReply(line: try receive())
            guard case .result(let replyID, let answer) = reply else {
                throw EngineFailure(.running, "answered with a hello, not a result")
            }
            guard replyID == id else {
                throw EngineFailure(.running, "answered with the id \(quoted(replyID)), not \(quoted(id))")
            }
            return answer
        } catch let error as ReplyError {
            kill()
            throw EngineFailure(.running, "wrote a line that is not a protocol reply: \(error.message)")
        } catch let failure as EngineFailure {
            kill()
            throw failure
        } catch {
            kill()
            throw EngineFailure(.running, "\(error)")
        }
    }

    // MARK: - The child

    private func spawn() throws(EngineFailure) {
        guard let program = command.first, !program.isEmpty else { throw EngineFailure(.start, "no command given") }
        signal(SIGPIPE, SIG_IGN)
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1], errorsFromChild: [Int32] = [-1, -1]
        // Close-on-exec, so no other child inherits them (posix_spawn's dup2 onto 0, 1, 2 clears it there).
        func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
            guard pipe(&ends) == 0 else { return false }
            return ends.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }
        }
        guard closeOnExecPipe(&toChild), closeOnExecPipe(&fromChild), closeOnExecPipe(&errorsFromChild) else {
            let reason = String(cString: strerror(errno))
            for fd in toChild + fromChild + errorsFromChild where fd >= 0 { close(fd) }
            throw EngineFailure(.start, "cannot create pipes: \(reason)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (so a kill reaches what it starts), default signal actions, no mask.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errorsFromChild[0])
            throw EngineFailure(.start, "cannot start \(quoted(program)): \(String(cString: strerror(status)))")
        }
        child = pid
        input = toChild[1]
        output = fromChild[0]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        let relay = StderrRelay(descriptor: errorsFromChild[0],
                                label: URL(fileURLWithPath: program).lastPathComponent)
        relay.start()
        self.relay = relay
    }

    /// Kills the engine's process group, reaps it, closes the pipes and stops the relay.
    private func kill() {
        if child > 0 {
            if !reap() {
                _ = Glibc.kill(-child, SIGKILL)  // the group: the engine and whatever it started
                _ = Glibc.kill(child, SIGKILL)
            }
            while exitStatus == nil {
                var status: Int32 = 0
                let result = waitpid(child, &status, 0)
                if result == child { exitStatus = status } else if result < 0, errno != EINTR { break }
            }
            child = 0
        }
        if input >= 0 { close(input); input = -1 }
        if output >= 0 { close(output); output = -1 }
        if let relay {
            relay.wait(seconds: Self.relayGrace)
            relayStderr()
            self.relay = nil
        }
    }

    /// Whether the child has exited (its status is then in `exitStatus`); does not wait.
    @discardableResult
    private func reap() -> Bool {
        if exitStatus != nil { return true }
        guard child > 0 else { return false }
        var status: Int32 = 0
        if waitpid(child, &status, WNOHANG) == child {
            exitStatus = status
            return true
        }
        return false
    }

    private func relayStderr() {
        for line in relay?.take() ?? [] { stderrSink(line) }
    }

    // MARK: - Lines with deadlines

    private func send(_ line: String) throws(EngineFailure) {
        let bytes = Array(line.utf8) + [UInt8(ascii: "\n")]
        let deadline = Date().addingTimeInterval(timeout)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 { offset += written; continue }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                try wait(for: input, events: Int16(POLLOUT), until: deadline, doing: "read its input")
            default:
                throw died("stopped reading its input (\(String(cString: strerror(errno))))")
            }
        }
    }

    private func receive() throws(EngineFailure) -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            // memchr: a debug build scans 64 MiB byte by byte in Swift far too slowly.
            let found = pending.withUnsafeBufferPointer { buffer -> Int? in
                guard scanned < buffer.count, let hit = memchr(buffer.baseAddress! + scanned, 0x0A, buffer.count - scanned) else { return nil }
                return buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let newline = found {
                var line = Array(pending[..<newline])
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                pending.removeSubrange(...newline)
                scanned = 0
                return line
            }
            scanned = pending.count
            guard pending.count <= EngineProtocol.maximumLineBytes else {
                throw EngineFailure(.running, "wrote a line longer than \(EngineProtocol.maximumLineBytes >> 20) MiB")
            }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if count > 0 {
                chunk.withUnsafeBufferPointer { pending.append(contentsOf: $0.prefix(count)) }
                continue
            }
            if count == 0 { throw died("closed its output") }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                try wait(for: output, events: Int16(POLLIN), until: deadline, doing: "reply")
            default:
                throw died("cannot be read (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Waits until `descriptor` is ready for `events`, or throws "did not `what` within …" when
    /// `deadline` passes.
    private func wait(for descriptor: Int32, events: Int16, until deadline: Date, doing what: String) throws(EngineFailure) {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw EngineFailure(.running, "did not \(what) within \(formatShort(timeout)) s (killed)")
            }
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 1000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw EngineFailure(.running, "poll failed: \(String(cString: strerror(errno)))") }
        }
    }

    /// Reads and drops whatever the engine still writes, until `deadline` or the end of its output.
    private func drainOutput(until deadline: Date) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while output >= 0, Date() < deadline {
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { return }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            if count == 0 { close(output); output = -1; return }
            if count < 0, errno != EINTR, errno != EAGAIN { return }
        }
    }

    /// The failure of an engine whose pipe broke: it exited or was killed (waited for at most
    /// `exitGrace`), or `what` if it is still running.
    private func died(_ what: String) -> EngineFailure {
        let deadline = Date().addingTimeInterval(Self.exitGrace)
        while !reap(), Date() < deadline { usleep(2000) }
        guard let status = exitStatus else { return EngineFailure(.running, what + " (killed)") }
        return EngineFailure(.running, Self.describe(status: status))
    }

    /// "exited with status 3", "was killed by signal 11 (Segmentation fault)".
    static func describe(status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
    }
}

/// Reads an engine's stderr on its own thread into lines, bounded in number and length, for the
/// engine to hand on from the caller's thread.
private final class StderrRelay: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var lines: [String] = []
    private var dropped = 0
    private var labelValue: String
    private let done = DispatchSemaphore(value: 0)

    /// Lines held between two calls of `take` (more are counted, not kept).
    static let lineLimit = 10_000
    /// Characters of one stderr line shown.
    static let lineLength = 1000

    init(descriptor: Int32, label: String) {
        self.descriptor = descriptor
        labelValue = label
    }

    var label: String {
        get { lock.withLock { labelValue } }
        set { lock.withLock { labelValue = newValue } }
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.start()
    }

    private func run() {
        var partial: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            for byte in chunk[..<count] {
                if byte == UInt8(ascii: "\n") {
                    add(partial)
                    partial.removeAll(keepingCapacity: true)
                } else if partial.count < 4 * Self.lineLength {
                    partial.append(byte)
                }
            }
        }
        if !partial.isEmpty { add(partial) }
        close(descriptor)
        done.signal()
    }

    private func add(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        lock.withLock {
            if lines.count < Self.lineLimit {
                lines.append(labelValue + ": " + oneLine(text, limit: Self.lineLength))
            } else {
                dropped += 1
            }
        }
    }

    /// The lines read since the last call.
    func take() -> [String] {
        lock.withLock {
            var taken = lines
            if dropped > 0 { taken.append("\(labelValue): (\(dropped) more lines of stderr not shown)") }
            lines.removeAll()
            dropped = 0
            return taken
        }
    }

    /// Waits for the end of the engine's stderr, at most `seconds`.
    func wait(seconds: Double) {
        _ = done.wait(timeout: .now() + seconds)
    }
}
