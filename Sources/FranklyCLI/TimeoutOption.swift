import ArgumentParser
import SelectorCore

/// `--timeout SECONDS` of `frankly diff`, `check` and `suggest`: the whole run (loading, aligning,
/// selecting) stops once it is spent, with an error naming the time budget and exit status 3.
/// 0 means no limit.
struct TimeoutOption: ParsableArguments {
    /// The default limit, in seconds.
    static let defaultSeconds = 60.0
    /// The exit status of a run stopped at its timeout.
    static let exitStatus: Int32 = 3

    @Option(name: .customLong("timeout"), help: ArgumentHelp(
        "Stop with an error (exit 3) once the run has taken this many seconds; 0: no limit.", valueName: "seconds"))
    var seconds: Double = TimeoutOption.defaultSeconds

    func validate() throws {
        guard seconds.isFinite, seconds >= 0 else { throw ValidationError("--timeout must be 0 (no limit) or a number of seconds") }
    }

    /// When the run must stop (nil: never), from now: call once, at the start of the run.
    func deadline() -> ContinuousClock.Instant? {
        seconds > 0 ? ContinuousClock.now.advanced(by: .nanoseconds(Int64(min(seconds, 1e9) * 1e9))) : nil
    }

    /// Whether `deadline` has passed.
    static func passed(_ deadline: ContinuousClock.Instant?) -> Bool {
        deadline.map { ContinuousClock.now >= $0 } ?? false
    }

    /// Reports that `command` ran out of time (`error`: what stopped it, when known) and exits 3.
    func stop(_ command: String, _ error: (any Error)? = nil) -> ExitCode {
        let why = (error as? SelectorError)?.message ?? QueryBudget.deadlineError.message
        printError("frankly \(command): stopped at --timeout \(Self.format(seconds)) s: \(why); "
                   + "give a larger --timeout, or --timeout 0 for no limit")
        return ExitCode(Self.exitStatus)
    }

    static func format(_ s: Double) -> String { s == s.rounded() && s < 1e15 ? String(Int64(s)) : String(s) }
}
