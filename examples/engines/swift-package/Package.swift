// swift-tools-version:6.0
// An animation engine in its own Swift package, judged by Hooke's conformance case set in its own
// Swift Testing suite: it depends on Hooke by path and conforms to Conformance's engine protocols.
import PackageDescription

let package = Package(
    name: "ExampleEngine",
    products: [
        .library(name: "ExampleEngine", targets: ["ExampleEngine"]),
    ],
    dependencies: [
        .package(name: "Hooke", path: "../../.."),
    ],
    targets: [
        // The engine needs nothing of Hooke: only its tests import the judge.
        .target(name: "ExampleEngine"),
        .testTarget(name: "ExampleEngineTests", dependencies: [
            "ExampleEngine", .product(name: "Conformance", package: "Hooke"),
        ]),
    ]
)
