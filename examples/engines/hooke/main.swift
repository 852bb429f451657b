// hooke-engine: Hooke's AnimationMath speaking `hooke conform`'s JSON Lines protocol on stdin and
// stdout. Run it with: hooke conform --engine .build/debug/hooke-engine (see README.md).
import Conformance
import Foundation

var engine = AnimationMathEngine()
do {
    try EngineServer.serve(&engine, readLine: { readLine(strippingNewline: true) }, write: { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: each reply leaves at once
    })
} catch {
    FileHandle.standardError.write(Data("hooke-engine: \(error)\n".utf8))
    exit(1)
}
