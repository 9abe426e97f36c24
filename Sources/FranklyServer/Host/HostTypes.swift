import SelectorCore

/// Frank's four orientations, spelled as on the wire.
public enum DeviceOrientation: String, Sendable, CaseIterable {
    case portrait
    case portraitUpsideDown = "portrait_upside_down"
    case landscapeLeft = "landscape_left"
    case landscapeRight = "landscape_right"

    /// `portrait` or `landscape`: Frank's coarse `orientation` key.
    public var coarse: String {
        switch self {
        case .portrait, .portraitUpsideDown: return "portrait"
        case .landscapeLeft, .landscapeRight: return "landscape"
        }
    }
}

/// A simulated GPS fix.
public struct Location: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public init(latitude: Double, longitude: Double) { self.latitude = latitude; self.longitude = longitude }
}

/// What `/device` reports: `{"device":"iphone","os_version":"17.0"}`.
public struct DeviceInfo: Sendable, Equatable {
    /// `iphone`, `ipad`, `mac` or `unknown`, as Frank's drivers expect.
    public var device: String
    public var osVersion: String
    public init(device: String = "iphone", osVersion: String = "17.0") {
        self.device = device; self.osVersion = osVersion
    }
}
