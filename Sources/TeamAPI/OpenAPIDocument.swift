import TeamKit

/// The OpenAPI 3.1 document of the endpoints a server mounts, generated from their
/// declarations: each operation from its ``Endpoint``, and the components they name,
/// each defined once.
public enum OpenAPIDocument {
  /// The document describing `endpoints`, as JSON.
  public static func json(_ endpoints: [Endpoint]) -> JSONValue {
    var paths: [String: JSONValue] = [:]
    var components: [String: JSONValue] = [:]
    var pending = [Component.problem]
    for endpoint in endpoints {
      paths[endpoint.path, default: [:]][endpoint.method.lowercased()] = operation(endpoint)
      pending += endpoint.parameters.flatMap(\.schema.components)
      pending += endpoint.request?.content.flatMap(\.schema.components) ?? []
      pending += endpoint.responses.flatMap { $0.content.flatMap(\.schema.components) }
    }
    while let component = pending.popLast() {
      guard components[component.name] == nil else { continue }
      components[component.name] = component.schema.json
      pending += component.schema.components
    }
    return [
      "openapi": "3.1.0",
      "info": [
        "title": "KCorp Team Manager API", "version": "1.0.0", "description": .string(about),
      ],
      "paths": .object(paths),
      "components": [
        "schemas": .object(components),
        "responses": [
          "Problem": [
            "description": "What went wrong and what to change",
            "content": ["application/problem+json": ["schema": Schema.ref(.problem).json]],
          ]
        ],
        "securitySchemes": [
          "bearer": [
            "type": "http", "scheme": "bearer",
            "description": """
            An API token from `kcorp tokens create`; a browser's session cookie works too. \
            Required when the server is not on loopback (401 without).
            """,
          ]
        ],
      ],
      "security": [["bearer": []], [:]],
    ]
  }

  private static let about = """
    The team's roster: players, their positions, lineup and favourite champions, "Recently \
    removed" and the roster's order. Errors are RFC 9457 problem documents. A request \
    addressed to another host name than the server's loopback names gets 421; a method a \
    path does not take gets 405 with Allow; a change the database could not commit gets 503; \
    a write with an If-Match that no longer matches gets 412 and writes nothing. Off loopback \
    every call needs a token or a session (401), and a viewer's token cannot write (403).
    """

  private static func operation(_ endpoint: Endpoint) -> JSONValue {
    var responses: [String: JSONValue] = [:]
    for response in endpoint.responses {
      var answer: [String: JSONValue] = ["description": .string(response.description)]
      if !response.content.isEmpty { answer["content"] = content(response.content) }
      if !response.headers.isEmpty {
        answer["headers"] = .object(
          Dictionary(
            uniqueKeysWithValues: response.headers.map { header in
              var value: [String: JSONValue] = ["schema": header.schema.json]
              if let description = header.description {
                value["description"] = .string(description)
              }
              return (header.name, .object(value))
            }))
      }
      responses[String(response.status)] = .object(answer)
    }
    for status in endpoint.problems {
      responses[String(status)] = ["$ref": "#/components/responses/Problem"]
    }
    var operation: [String: JSONValue] = [
      "operationId": .string(endpoint.id), "summary": .string(endpoint.summary),
      "responses": .object(responses),
    ]
    if let description = endpoint.description { operation["description"] = .string(description) }
    if !endpoint.parameters.isEmpty {
      operation["parameters"] = .array(endpoint.parameters.map(parameter))
    }
    if let request = endpoint.request {
      var body: [String: JSONValue] = ["content": content(request.content)]
      if request.required { body["required"] = true }
      if let description = request.description { body["description"] = .string(description) }
      operation["requestBody"] = .object(body)
    }
    if endpoint.signIn { operation["security"] = [] }
    return .object(operation)
  }

  private static func parameter(_ parameter: Parameter) -> JSONValue {
    var value: [String: JSONValue] = [
      "name": .string(parameter.name), "in": .string(parameter.location.rawValue),
      "required": .bool(parameter.required), "schema": parameter.schema.json,
    ]
    if let description = parameter.description { value["description"] = .string(description) }
    return .object(value)
  }

  private static func content(_ content: [(mediaType: String, schema: Schema)]) -> JSONValue {
    .object(
      Dictionary(uniqueKeysWithValues: content.map { ($0.mediaType, ["schema": $0.schema.json]) })
    )
  }
}
