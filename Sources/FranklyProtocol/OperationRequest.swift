import SelectorCore

extension Operation {
    /// The `operation` member of a `/map` or `/app_exec` request:
    /// `{"method_name":"setText:","arguments":["hi"]}` (`arguments` may be omitted when empty).
    package init(request object: JSONObject) throws(FranklyError) {
        let name = try object.requiredString("method_name", "the method to perform, e.g. \"touch\"")
        guard !name.isEmpty else { throw .invalidRequest("\"\(object.path)method_name\" must not be empty") }
        self.init(name, try object.array("arguments") ?? [])
    }
}
