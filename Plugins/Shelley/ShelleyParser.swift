/// The whole front end: selector text → tokens → sections → filters.
///
/// Sections are interpreted as they are parsed, so the leftmost problem is the one reported,
/// as in Shelley, which parses each section only when the previous filter has run.
package enum ShelleyParser {
    /// The filters `selector` stands for; `names` says what else a strict selector may call.
    package static func filters(of selector: String, dialect: ShelleyDialect,
                                names: StrictNames = StrictNames()) throws(ShelleyParseError) -> [ShelleyFilter] {
        var sections = SectionParser(selector, dialect: dialect)
        var out: [ShelleyFilter] = []
        while let section = try sections.next() {
            out.append(try Interpreter.filter(for: section, dialect: dialect, names: names))
        }
        return out
    }
}
