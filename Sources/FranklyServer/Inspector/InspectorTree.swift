import SelectorCore

/// The hierarchy in the compact, column-wise form the inspector page draws from
/// (`GET /inspector/tree`): one array per property, indexed by node id (preorder), so a 10^5-node
/// tree is a few MB the browser parses in tens of milliseconds, where `/dump` nests 10^5 objects.
///
/// ```json
/// {"count":3,"classes":["UIWindow","UIView","UILabel"],"class":[0,1,2],"parent":[-1,0,1],
///  "uid":[1,2,3],"label":[null,null,"Hi"],"hidden":[0,0,1],"frame":[0,0,390,844, ...]}
/// ```
///
/// `frame` holds `accessibilityFrame` (else `frame`) as x, y, width, height per node; a node
/// without one has width -1. `uid` keeps the dump's type (number or string); `hidden` is 1 when
/// `isHidden` is true.
extension ViewTree {
    func inspectorTreeJSON() -> [UInt8] {
        var w = JSONWriter(reservingCapacity: count * 48 + 1024)
        func key(_ k: String) { w.string(k); w.bytes.append(UInt8(ascii: ":")) }
        func comma(_ i: Int) { if i > 0 { w.bytes.append(UInt8(ascii: ",")) } }
        func open(_ k: String) { w.bytes.append(UInt8(ascii: ",")); key(k); w.bytes.append(UInt8(ascii: "[")) }
        func close() { w.bytes.append(UInt8(ascii: "]")) }

        w.bytes.append(UInt8(ascii: "{"))
        key("count"); w.integer(Int64(count))
        open("classes")
        for (i, name) in classes.names.enumerated() { comma(i); w.string(name) }
        close()
        open("class")
        for i in 0..<count { comma(i); w.integer(Int64(classIDs[i])) }
        close()
        open("parent")
        for i in 0..<count { comma(i); w.integer(Int64(parents[i])) }
        close()
        open("uid")
        let uids = columns[PropertyName.uid]
        for i in 0..<count { comma(i); w.value(uids?.value(at: i) ?? .null) }
        close()
        open("label")
        let labels = columns[PropertyName.accessibilityLabel]
        for i in 0..<count {
            comma(i)
            if let s = labels?.value(at: i)?.stringValue { w.string(s) } else { w.value(.null) }
        }
        close()
        open("hidden")
        let hidden = columns[PropertyName.isHidden]
        for i in 0..<count { comma(i); w.integer(hidden?.value(at: i)?.boolValue == true ? 1 : 0) }
        close()
        open("frame")
        let frames = columns[PropertyName.accessibilityFrame] ?? columns[PropertyName.frame]
        for i in 0..<count {
            comma(i)
            let rect: Rect?
            if case .frames(let v)? = frames { rect = v[i].x.isNaN ? nil : v[i] }
            else { rect = frames?.value(at: i).flatMap(Rect.init(json:)) }
            if let f = rect {
                w.number(f.x); w.bytes.append(UInt8(ascii: ",")); w.number(f.y); w.bytes.append(UInt8(ascii: ","))
                w.number(f.width); w.bytes.append(UInt8(ascii: ",")); w.number(f.height)
            } else {
                w.bytes.append(contentsOf: "0,0,-1,-1".utf8)
            }
        }
        close()
        w.bytes.append(UInt8(ascii: "}"))
        return w.bytes
    }
}
