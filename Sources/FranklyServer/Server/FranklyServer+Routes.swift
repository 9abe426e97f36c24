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
        router.add(middleware: NotFoundPageMiddleware())
        let e = Endpoints(server: self)
        // Each group refuses a declared body over its own limit before a handler runs: the routes
        // that take a whole recording have the larger one.
        let recordings = router.group().add(middleware: DeclaredBodyLimitMiddleware(maxBytes: configuration.maxRecordingBytes))
        let requests = router.group().add(middleware: DeclaredBodyLimitMiddleware(maxBytes: configuration.maxBodyBytes))
        typealias Handler = @Sendable (Request, BasicRequestContext) async throws -> Response
        func command(_ path: RouterPath, _ handler: @escaping Handler) {
            requests.on(path, method: .get, use: handler)
            requests.on(path, method: .post, use: handler)
        }
        recordings.post("/inspector/diff", use: e.inspectorDiff)
        recordings.post("/inspector/survival/:id", use: e.inspectorSurvival)
        requests.get("/", use: e.index)
        requests.get("/inspector/engines", use: e.inspectorEngines)
        requests.get("/inspector/tree", use: e.inspectorTree)
        requests.post("/inspector/select", use: e.inspectorSelect)
        requests.get("/inspector/explain", use: e.inspectorExplain)
        requests.post("/inspector/explain", use: e.inspectorExplain)
        requests.get("/inspector/audit", use: e.inspectorAudit)
        requests.post("/inspector/translate", use: e.inspectorTranslate)
        requests.get("/inspector/node/:id", use: e.inspectorNode)
        requests.get("/inspector/:file", use: e.inspectorAsset)
        command("/map", e.map)
        requests.get("/dump", use: e.dump)
        requests.get("/dump/allwindows", use: e.dumpAllWindows)
        requests.get("/dump/view/:uid", use: e.dumpView(includeSubviews: false))
        requests.get("/dump/views/:uid", use: e.dumpView(includeSubviews: true))
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
        for route in extraRoutes {
            let group = route.bodyLimit == .recording ? recordings : requests
            let handler = e.extra(route)
            for method in FranklyExtraRoute.methods {
                if let method = HTTPRequest.Method(method) { group.on(RouterPath(route.path), method: method, use: handler) }
            }
        }
        return router
    }
}
