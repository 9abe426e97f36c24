#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// State behind a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because on Linux that lock is built on futexes the
/// thread sanitizer cannot see, so every `--sanitize=thread` run reported false races in code
/// that was correctly locked. TSan intercepts pthread mutexes. `package` so the server's state
/// (SnapshotHost) uses the same lock.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched between lock and unlock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
