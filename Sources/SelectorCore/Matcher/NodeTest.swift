/// What a scan tests per node: an optional class mask and string test on the fast path, and
/// whatever is left as a general test.
struct NodeTest: @unchecked Sendable {
    var never = false
    var classMask: [Bool]? = nil
    var stringIDs: ContiguousArray<Int32>? = nil
    /// With `stringIDs`: either one wanted id (`stringID >= 0`) or a mask over ids.
    var stringID: Int32 = -1
    var stringMask: [Bool]? = nil
    /// A boolean column test (`isHidden`): node passes when the value is present and equals `boolWanted`.
    var boolColumn: ContiguousArray<Int8>? = nil
    var boolWanted = true
    var rest: ResolvedTest? = nil

    /// Whether node `i` passes, given the class column. Used off the hot loops.
    func passes(_ i: Int32, classIDs: ContiguousArray<Int32>) -> Bool {
        if never || i < 0 { return false }
        if let classMask, !classMask[Int(classIDs[Int(i)])] { return false }
        if let ids = stringIDs {
            let v = ids[Int(i)]
            if stringID >= 0 { if v != stringID { return false } }
            else if v < 0 || !stringMask![Int(v)] { return false }
        }
        if let bools = boolColumn {
            let b = bools[Int(i)]
            if b < 0 || ((b & 1) == 1) != boolWanted { return false }
        }
        if let rest, !rest.test(i) { return false }
        return true
    }
}
