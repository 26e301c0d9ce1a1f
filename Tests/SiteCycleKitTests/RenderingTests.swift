import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct RenderingTests {
    @Test func jsonEscapesAndKeepsKeyOrder() {
        let value = JSON.object([("b", .string("say \"hi\"\n\u{1}")), ("a", .array([.int(1), .double(2.5), .null]))])
        #expect(value.rendered() == """
            {
              "b": "say \\"hi\\"\\n\\u0001",
              "a": [
                1,
                2.5,
                null
              ]
            }

            """)
    }
}
