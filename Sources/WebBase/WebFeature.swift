/// A capability's web part, a module of its own (its routes and pages, and what they need
/// from the store through the request's context), mounted by the app with one line.
package protocol WebFeature {
  /// Adds the feature's routes.
  func mount(on router: inout Router)
  /// Registers the feature's background work with the server's jobs (none unless it says).
  func register(on jobs: Jobs)
}

extension WebFeature {
  package func register(on jobs: Jobs) {}
}
