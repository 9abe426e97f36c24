import SelectorCore

/// `/app_exec` for the default host: a small set of methods on the stand-in "app delegate".
///
/// | method_name     | effect                                                              |
/// |-----------------|---------------------------------------------------------------------|
/// | `ping`          | nothing (checks the channel)                                        |
/// | `clearEvents`   | forgets the event log                                               |
/// | `resetApp`      | restores the initial tree; forgets events, typing, location, orientation |
///
/// Anything else is Frank's `operation doesn't apply`.
extension SnapshotHost {
    public static let appExecMethods = ["ping", "clearEvents", "resetApp"]

    public func appExec(_ operation: Operation) throws(FranklyError) {
        guard Self.appExecMethods.contains(operation.methodName) else {
            throw FranklyError(reason: "operation doesn't apply",
                               details: "operation does not appear to be implemented in app delegate")
        }
        guard operation.arguments.count == operation.arity else {
            throw FranklyError(
                reason: "exception while executing operation",
                details: "\(operation.methodName) takes \(operation.arity) arguments, but \(operation.arguments.count) were supplied")
        }
        switch operation.methodName {
        case "clearEvents": clearEvents()
        case "resetApp": reset()
        default: break
        }
    }
}
