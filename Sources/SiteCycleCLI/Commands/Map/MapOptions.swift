import SiteCycleKit

/// What `map` was asked for.
struct MapOptions {
    static let specs = DeviceOption.specs + [OptionSpec(["--by"], value: "MEASURE", "rest (default), uses, hours or failures")]

    var device: DeviceOption
    var measure = BodyMap.Measure.rest

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        if let text = arguments.value("--by") {
            guard let measure = BodyMap.Measure(rawValue: text) else {
                let guess = suggestion(for: text, among: BodyMap.Measure.allCases.map(\.rawValue))
                throw CommandError("--by takes rest, uses, hours or failures, not `\(text)`",
                                   help: guess.map { "did you mean `\($0)`?" }, usage: true)
            }
            self.measure = measure
        }
    }
}
