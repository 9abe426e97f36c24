import SelectorCore
@_exported import ViewSelectorsTesting

