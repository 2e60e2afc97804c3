// Scenario files: see Scenario.swift.
