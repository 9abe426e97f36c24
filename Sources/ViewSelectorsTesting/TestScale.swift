#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The size of the largest generated trees in the differential tests.
///
/// `make test` runs them at full size (10^5 views, above every planner threshold). Under a
/// sanitizer (`make test-asan` sets `VIEWSELECTORS_SANITIZED`) a 10^5-view comparison took one to
/// two minutes a test, most of the stage; there the trees stop at `sanitizedViews`, where the
/// forced tunings still take every route (their thresholds are 0 or `Int.max`).
public enum TestScale {
    /// The most views a generated tree has under a sanitizer.
    public static let sanitizedViews = 20_000

    /// Whether this process runs under a sanitizer, as the Makefile says.
    public static let isSanitized: Bool = getenv("VIEWSELECTORS_SANITIZED") != nil

    /// `views`, or at most `sanitizedViews` under a sanitizer.
    public static func views(_ views: Int) -> Int {
        isSanitized ? min(views, sanitizedViews) : views
    }

    /// The deepest generated chain under a sanitizer. The reference interpreter walks a chain's
    /// ancestors per view, so a chain's cost grows with the square of its depth: 10^4 levels took
    /// 150 s of a debug run on its own; a sanitizer checks the same code paths at a quarter of it.
    public static let sanitizedDepth = 2_500

    /// `depth` levels of a chain, or at most `sanitizedDepth` under a sanitizer.
    public static func depth(_ depth: Int) -> Int {
        isSanitized ? min(depth, sanitizedDepth) : depth
    }
}
