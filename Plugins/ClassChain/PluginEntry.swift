import SelectorCore

/// The plug-in's only exported symbol: the host calls it once after `dlopen`.
@_cdecl("viewselectors_plugin_register")
public func viewselectorsPluginRegister(_ host: UnsafeMutableRawPointer?) -> Int32 {
    SelectorPlugin.register(host: host) { registrar in
        try registrar.register(ClassChainEngine())
    }
}
