import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent chunks of work on all cores and returns their results in chunk order.
///
/// `DispatchQueue.concurrentPerform` costs ~10 ns per iteration against 3–7 µs per child task of a
/// TaskGroup, and the matcher's work is synchronous anyway.
package enum Parallel {
    /// Online CPUs.
    package static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// `body(k)` for `k` in `0..<chunks`, concurrently; results in `k` order.
    static func map<T>(chunks: Int, _ body: (Int) -> T) -> [T] {
        if chunks == 1 { return [body(0)] }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: chunks)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize(); slots.deallocate() }
        // Each iteration writes only its own slot, so no two threads touch the same memory.
        withoutActuallyEscaping(body) { body in
            let box = UnsafeSendable((slots, body))
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                box.value.0[k] = box.value.1(k)
            }
        }
        return slots.map { $0! }
    }
}

/// Carries a value across the `@Sendable` boundary of `concurrentPerform` where the caller
/// guarantees that threads touch disjoint parts of it.
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
