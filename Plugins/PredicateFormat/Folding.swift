/// How `[c]` and `[d]` read a string before it is compared.
///
/// No Foundation: the plug-ins stay free of it (Docs/Library.md, "Footprint"), so diacritic folding
/// is a table of the precomposed Latin letters (Latin-1 Supplement, Latin Extended-A/B, Latin
/// Extended Additional) plus dropping combining marks, which covers decomposed text too. Other
/// scripts compare as written (Docs/Engines/Predicate.md lists this among the differences).
public struct StringFolding: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `[c]`: Unicode lowercase on both sides.
    public static let caseInsensitive = StringFolding(rawValue: 1)
    /// `[d]`: Latin letters lose their diacritics; combining marks are dropped.
    public static let diacriticInsensitive = StringFolding(rawValue: 2)

    /// The modifier as written after an operator: `[c]`, `[d]`, `[cd]` or nothing.
    public var modifier: String {
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        return letters.isEmpty ? "" : "[" + letters + "]"
    }

    /// `s` read under these options.
    public func apply(_ s: String) -> String {
        var out = s
        if contains(.diacriticInsensitive) { out = Self.stripDiacritics(out) }
        if contains(.caseInsensitive) { out = out.lowercased() }
        return out
    }

    static func stripDiacritics(_ s: String) -> String {
        // Most labels are ASCII: nothing to fold, no copy.
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s }
        var scalars = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isCombiningMark(scalar.value) { continue }
            scalars.append(baseLetter[scalar] ?? scalar)
        }
        return String(scalars)
    }

    private static func isCombiningMark(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x1AB0...0x1AFF).contains(v) || (0x1DC0...0x1DFF).contains(v)
            || (0x20D0...0x20FF).contains(v) || (0xFE20...0xFE2F).contains(v)
    }

    /// Precomposed letter → its base letter. Two parallel strings rather than a dictionary literal,
    /// which would cost the type checker seconds.
    private static let baseLetter: [Unicode.Scalar: Unicode.Scalar] = {
        let from = "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹØøĐđŁłĦħıŦŧƗƀƵƶ"
        let to = "AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoUuAaIiOoUuUuUuUuUuAaAaGgKkOoOojGgNnAaAaAaEeEeIiIiOoOoRrRrUuUuSsTtHhAaEeOoOoOoOoYyAaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwyAaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYyOoDdLlHhiTtIbZz"
        return Dictionary(zip(from.unicodeScalars, to.unicodeScalars), uniquingKeysWith: { a, _ in a })
    }()
}
