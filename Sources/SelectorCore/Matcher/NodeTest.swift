/// What a scan tests per node: an optional class mask and string test on the fast path, and
/// whatever is left as a general test.
struct NodeTest: @unchecked Sendable {
    var never = false
    var classMask: [Bool]? = nil
    var stringIDs: ContiguousArray<Int32>? = nil
    /// With `stringIDs`: either one wanted id (`stringID >= 0`) or a mask over ids.
    var stringID: Int32 = -1
    var stringMask: [Bool]? = nil
    /// With a class mask: under a quarter of the column's values pass the string mask, so the
    /// scan tests the value first and the class only for the views it keeps (`Matcher.scan`).
    /// Set by `Resolver.nodeTest`.
    var fewValues = false
    /// A boolean column test (`isHidden`): node passes when the value is present and equals `boolWanted`.
    var boolColumn: ContiguousArray<Int8>? = nil
    var boolWanted = true
    var rest: ResolvedTest? = nil {
        didSet { flatRest = rest.flatMap(FlatTest.init) }
    }
    /// `rest` laid out for the scan's hot loop (see FlatTest.swift).
    private(set) var flatRest: FlatTest? = nil

    /// Whether node `i` passes, given the class column. Used off the hot loops.
    func passes(_ i: Int32, classIDs: ContiguousArray<Int32>) -> Bool {
        if never || i < 0 { return false }
        // A class test alone (a step such as `tableViewCell`, tested view by view in the chain
        // walks) is one mask read, without the general test's set-up.
        if stringIDs == nil, boolColumn == nil, rest == nil {
            // A class test alone, or none (`*`): no general test to set up (which copies the
            // test's columns, a retain and release each, for every node asked about).
            guard let mask = classMask else { return true }
            return mask[Int(classIDs[Int(i)])]
        }
        return NodeTestArrays(test: self, classIDs: classIDs).passes(Int(i), NodeTestShape(self), rest: rest)
    }
}

extension NodeTest {
    /// Calls `body` with the test's columns as buffer pointers and its shape, set up once for a
    /// loop over many views (a present column's retain and bounds checks are paid here, not per
    /// view). `Matcher.scan` sets up the same pointers inline: its body as this closure was slower.
    @inline(__always)
    func withPointers<R>(classIDs: ContiguousArray<Int32>, _ body: (NodeTestPointers, NodeTestShape) -> R) -> R {
        let noMask: [Bool] = []
        let noIDs: ContiguousArray<Int32> = []
        let noBools: ContiguousArray<Int8> = []
        return classIDs.withUnsafeBufferPointer { cls in
        (classMask ?? noMask).withUnsafeBufferPointer { cm in
        (stringIDs ?? noIDs).withUnsafeBufferPointer { sids in
        (stringMask ?? noMask).withUnsafeBufferPointer { sm in
        (boolColumn ?? noBools).withUnsafeBufferPointer { bools in
            body(NodeTestPointers(classIDs: cls, classMask: cm, stringIDs: sids, stringMask: sm, bools: bools), NodeTestShape(self))
        }}}}}
    }

    /// Appends to `out` the members of `candidates` (views of a tree whose class column is
    /// `classIDs`) that pass, ascending; returns how many were tested.
    ///
    /// A chain's preparation tests the ancestors of the last step's matches, a sparse set: the
    /// test per view through `passes(_:classIDs:)` (an out-of-line call that sets up the columns
    /// each time) was a third of `tableViewCell imageView` at 10^4 views.
    func appendPassing(_ candidates: Bitset, classIDs: ContiguousArray<Int32>, to out: inout [NodeID]) -> Int {
        if never { return 0 }
        let rest = rest
        var tested = 0
        withPointers(classIDs: classIDs) { columns, shape in
            candidates.forEachMember { i in
                tested += 1
                if columns.passes(i, shape, rest: rest) { out.append(NodeID(i)) }
            }
        }
        return tested
    }
}

// The per-node test is written once, in `NodeColumns.passes`, and read two ways: through the
// test's arrays (`NodeTest.passes`, called per node by the steps that walk children and parents)
// and through unsafe buffer pointers set up once per scan (`Matcher.scan`, the hot loop, where a
// bounds check or a retain per node costs a tenth of the scan). `passes` is generic over how a
// column is read and always inlined, so each caller gets its own specialised copy: the scan's
// copy compiles to the same loop as a hand-written one over the pointers, with the shape's flags
// hoisted out of the loop as before.

/// Which of a `NodeTest`'s column tests are present, read once rather than per node.
struct NodeTestShape {
    let hasClass: Bool
    let hasString: Bool
    /// With `hasString`: the one wanted string id, or -1 for the string mask.
    let wantedString: Int32
    let hasBool: Bool
    let wantedBool: Int8

    @inline(__always) init(_ test: NodeTest) {
        hasClass = test.classMask != nil
        hasString = test.stringIDs != nil
        wantedString = test.stringID
        hasBool = test.boolColumn != nil
        wantedBool = test.boolWanted ? 1 : 0
    }
}

/// The column reads of the per-node test; only called for the tests `NodeTestShape` says exist.
protocol NodeColumns {
    /// Whether node `i`'s class is in the class mask.
    func classPasses(_ i: Int) -> Bool
    /// Node `i`'s string id (-1: no value).
    func stringID(_ i: Int) -> Int32
    /// Whether string id `id` (>= 0) is in the string mask.
    func stringMaskHolds(_ id: Int32) -> Bool
    /// Node `i`'s boolean (-1: no value, else 0 or 1 in the low bit).
    func bool(_ i: Int) -> Int8
}

extension NodeColumns {
    /// Whether node `i` passes: the cheap column tests first, the resolved remainder last.
    @inline(__always)
    func passes(_ i: Int, _ shape: NodeTestShape, rest: ResolvedTest?) -> Bool {
        if shape.hasClass && !classPasses(i) { return false }
        if shape.hasString {
            let v = stringID(i)
            if shape.wantedString >= 0 { if v != shape.wantedString { return false } }
            else if v < 0 || !stringMaskHolds(v) { return false }
        }
        if shape.hasBool {
            let b = bool(i)
            if b < 0 || (b & 1) != shape.wantedBool { return false }
        }
        if let rest, !rest.test(Int32(i)) { return false }
        return true
    }
}

/// A `NodeTest`'s columns read through its arrays.
struct NodeTestArrays: NodeColumns {
    let test: NodeTest
    let classIDs: ContiguousArray<Int32>

    @inline(__always) func classPasses(_ i: Int) -> Bool { test.classMask![Int(classIDs[i])] }
    @inline(__always) func stringID(_ i: Int) -> Int32 { test.stringIDs![i] }
    @inline(__always) func stringMaskHolds(_ id: Int32) -> Bool { test.stringMask![Int(id)] }
    @inline(__always) func bool(_ i: Int) -> Int8 { test.boolColumn![i] }
}

/// A `NodeTest`'s columns read through buffer pointers, valid for one scan.
struct NodeTestPointers: NodeColumns {
    let classIDs: UnsafeBufferPointer<Int32>
    let classMask: UnsafeBufferPointer<Bool>
    let stringIDs: UnsafeBufferPointer<Int32>
    let stringMask: UnsafeBufferPointer<Bool>
    let bools: UnsafeBufferPointer<Int8>

    @inline(__always) func classPasses(_ i: Int) -> Bool { classMask[Int(classIDs[i])] }
    @inline(__always) func stringID(_ i: Int) -> Int32 { stringIDs[i] }
    @inline(__always) func stringMaskHolds(_ id: Int32) -> Bool { stringMask[Int(id)] }
    @inline(__always) func bool(_ i: Int) -> Int8 { bools[i] }
}
