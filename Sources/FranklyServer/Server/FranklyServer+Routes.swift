public import Hummingbird

extension FranklyServer {
    /// The protocol's routes. Frank answers commands whatever the method, so each command takes
    /// GET and POST; a body-less request is a read.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        // First, so a page's request is refused before anything else looks at it.
        router.add(middleware: OriginGuardMiddleware(policy: OriginPolicy(
            configuration: configuration,
            listeningPort: { [weak self] in self?.lifecycle.withLock { $0.port } })))
        router.add(middleware: DeclaredBodyLimitMiddleware(configuration: configuration))
        router.add(middleware: NotFoundPageMiddleware())
        let e = Endpoints(server: self)
        typealias Handler = @Sendable (Request, BasicRequestContext) async throws -> Response
        func command(_ path: RouterPath, _ handler: @escaping Handler) {
            router.on(path, method: .get, use: handler)
            router.on(path, method: .post, use: handler)
        }
        router.get("/", use: e.index)
        router.get("/inspector/engines", use: e.inspectorEngines)
        router.get("/inspector/tree", use: e.inspectorTree)
        router.post("/inspector/select", use: e.inspectorSelect)
        router.get("/inspector/explain", use: e.inspectorExplain)
        router.post("/inspector/explain", use: e.inspectorExplain)
        router.post("/inspector/translate", use: e.inspectorTranslate)
        router.get("/inspector/node/:id", use: e.inspectorNode)
        router.post("/inspector/diff", use: e.inspectorDiff)
        router.post("/inspector/survival/:id", use: e.inspectorSurvival)
        router.get("/inspector/:file", use: e.inspectorAsset)
        command("/map", e.map)
        router.get("/dump", use: e.dump)
        router.get("/dump/allwindows", use: e.dumpAllWindows)
        router.get("/dump/view/:uid", use: e.dumpView(includeSubviews: false))
        router.get("/dump/views/:uid", use: e.dumpView(includeSubviews: true))
        command("/engines", e.engines)
        command("/version", e.version)
        command("/accessibility_check", e.accessibilityCheck)
        command("/device", e.device)
        command("/resolution", e.resolution)
        command("/orientation", e.orientation)
        command("/location", e.location)
        command("/type_into_keyboard", e.typeIntoKeyboard)
        command("/app_exec", e.appExec)
        command("/exit", e.exit)
        return router
    }
}
