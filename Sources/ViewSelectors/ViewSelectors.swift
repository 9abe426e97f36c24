// Registers every built-in engine; see BuiltinEngines.swift.
