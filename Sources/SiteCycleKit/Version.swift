/// The version `--version` prints.
public let sitecycleVersion = "0.1.0"
