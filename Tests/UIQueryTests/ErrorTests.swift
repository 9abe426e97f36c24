import SelectorCore
import Testing
@testable import UIQueryEngine

/// One malformed path and the exact error it gives.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    var path: String
    var message: String
    var column: Int
    var testDescription: String { path.isEmpty ? "(empty)" : path }
}

@Suite struct ErrorTests {
    static let syntaxCases: [ErrorCase] = [
        ErrorCase(path: "", message: "empty path", column: 1),
        ErrorCase(path: "label frobnicate", message:
            "unknown token 'frobnicate': not a traversal, class, filter or expectation word", column: 7),
        ErrorCase(path: "Label", message: "unknown token 'Label': not a traversal, class, filter or expectation word",
                  column: 1),
        ErrorCase(path: "label marked:'é' frob", message:
            "unknown token 'frob': not a traversal, class, filter or expectation word", column: 18),
        ErrorCase(path: "label text:'abc", message: "unterminated string: no closing '", column: 12),
        ErrorCase(path: "label text:\"abc", message: "unterminated string: no closing \"", column: 12),
        ErrorCase(path: "label marked:\"Don't\"", message: "unterminated string: no closing '", column: 18),
        ErrorCase(path: "label  button", message: "empty token: separate tokens with exactly one space", column: 7),
        ErrorCase(path: "label ", message: "empty token: separate tokens with exactly one space", column: 7),
        ErrorCase(path: "tableViewCell index:x", message: "'index:' needs an integer, got 'x'", column: 21),
        ErrorCase(path: "tableViewCell index:1.5", message: "'index:' needs an integer, got '1.5'", column: 21),
        ErrorCase(path: "tableViewCell index:'2'", message: "'index:' needs an integer, got ''2''", column: 21),
        ErrorCase(path: "tableViewCell index:", message: "'index:' needs an integer", column: 21),
        ErrorCase(path: "tableViewCell index", message: "'index:' needs an integer", column: 20),
        ErrorCase(path: "label text:", message: "filter 'text:' has no value", column: 12),
        ErrorCase(path: "label marked:", message: "filter 'marked:' has no value", column: 14),
        ErrorCase(path: "label marked", message: "filter 'marked:' has no value", column: 13),
        ErrorCase(path: "label timeout:", message: "filter 'timeout:' has no value", column: 15),
        ErrorCase(path: "label text:abc", message: "'text:' needs a quoted string, YES, NO or an integer, got 'abc'",
                  column: 12),
        ErrorCase(path: "label marked:3", message: "'marked:' needs a quoted string", column: 14),
        ErrorCase(path: "view:UILabel", message: "'view:' needs a quoted class name", column: 6),
        ErrorCase(path: "label wait:soon", message: "'wait:' needs a quoted string, YES, NO or an integer, got 'soon'",
                  column: 12),
        ErrorCase(path: "label text:x'y'", message: "a quoted string must be the whole value after ':'", column: 13),
        ErrorCase(path: "label text:'y'x", message: "unexpected text after a quoted string", column: 15),
        ErrorCase(path: "label text:'a':b", message: "unexpected second ':' in 'text:'a':b' (quote strings that contain ':')",
                  column: 15),
        ErrorCase(path: "label with", message: "'with' must be followed by a property match such as text:'Hi'", column: 11),
        ErrorCase(path: "label with button", message: "'with' must be followed by a property match such as text:'Hi'",
                  column: 12),
        ErrorCase(path: "first:2", message: "'first' takes no value", column: 1),
        ErrorCase(path: "label not exist", message: "'not' is only allowed after 'should'", column: 7),
        ErrorCase(path: "label should", message: "'should' must be followed by exist, be or have", column: 7),
        ErrorCase(path: "label should not", message: "'not' must be followed by exist, be or have", column: 14),
        ErrorCase(path: "label should see", message: "'should' must be followed by exist, be or have", column: 14),
        ErrorCase(path: "label should be", message: "'be' must be followed by a property name", column: 14),
        ErrorCase(path: "label should be hidden:YES", message:
            "'be' must be followed by a property name without a value", column: 17),
        ErrorCase(path: "label should have", message:
            "'have' must be followed by property matches such as text:'Hi'", column: 14),
        ErrorCase(path: "label should exist now", message: "unexpected 'now' after the expectation", column: 20),
    ]

    @Test(arguments: syntaxCases)
    func malformedPathsGiveASyntaxErrorWithItsColumn(_ c: ErrorCase) {
        #expect(throws: SelectorError.self) { try UIQueryEngine().compile(c.path) }
        do {
            _ = try UIQueryEngine().compile(c.path)
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message == c.message)
            #expect(error.column == c.column)
            #expect(error.selector == c.path)
            #expect(error.engine == "uiquery")
        }
    }

    static let usageCases: [ErrorCase] = [
        ErrorCase(path: "label should exist", message:
            "a selection cannot contain an expectation ('should ...'): check it with `frankly expect`", column: 7),
        ErrorCase(path: "tableView should not have numberOfSections:3", message:
            "a selection cannot contain an expectation ('should ...'): check it with `frankly expect`", column: 11),
        ErrorCase(path: "button touch", message:
            "'touch' is an action, not part of a path: send actions with the Frankly /map operation", column: 8),
        ErrorCase(path: "textField setText:'bob'", message:
            "'setText:' is an action, not part of a path: send actions with the Frankly /map operation", column: 11),
        ErrorCase(path: "label flash", message:
            "'flash' is an action, not part of a path: send actions with the Frankly /map operation", column: 7),
    ]

    @Test(arguments: usageCases)
    func expectationsAndActionsInASelectionAreUsageErrors(_ c: ErrorCase) {
        do {
            _ = try UIQueryEngine().compile(c.path)
            Issue.record("no error for \(c.path)")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message == c.message)
            #expect(error.column == c.column)
        }
    }

    @Test func anExpectationPathWithoutShouldIsAUsageError() {
        do {
            _ = try UIQueryExpectation("tableView tableViewCell")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message
                == "no expectation: end the path with 'should exist', 'should be NAME' or 'should have prop:value'")
        }
    }

    @Test func actionsInAnExpectationPathAreUsageErrors() {
        do {
            _ = try UIQueryExpectation("button touch should exist")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.column == 8)
        }
    }
}
