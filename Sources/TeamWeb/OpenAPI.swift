import Synchronization
import TeamAPI
import TeamKit

/// The OpenAPI document of the endpoints the app mounted (``Router/endpoints``), generated
/// from their declarations on its first request and kept.
final class OpenAPIServed: Sendable {
  private let state = Mutex<(endpoints: [Endpoint], bytes: [UInt8]?)>(([], nil))

  /// The endpoints the document describes, once every feature is mounted.
  func describe(_ endpoints: [Endpoint]) {
    state.withLock { $0 = (endpoints, nil) }
  }

  /// The document, as JSON.
  var bytes: [UInt8] {
    state.withLock { state in
      if let bytes = state.bytes { return bytes }
      let bytes = Array(TeamJSON.encode(OpenAPIDocument.json(state.endpoints), pretty: true))
      state.bytes = bytes
      return bytes
    }
  }
}
