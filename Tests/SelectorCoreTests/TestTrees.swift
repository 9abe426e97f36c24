import SelectorCore
@_exported import TestSupport

