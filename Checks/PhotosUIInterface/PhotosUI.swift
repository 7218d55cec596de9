// A compile-time stand-in for PhotosUI's SwiftUI picker, for Linux only, made as the
// SwiftUI stand-in is (Checks/SwiftUIInterface): each declaration transcribed from Apple's
// documentation (developer.apple.com/documentation/<path>, the path above each one), with
// the availability its page lists. Bodies are `fatalError()`: nothing here runs.
//
// `Transferable` belongs to Core Transferable, which PhotosUI's picker API brings along; it
// is declared here, with `Data`'s conformance, so that `loadTransferable(type: Data.self)`
// type-checks.

import SwiftUI

/// coretransferable/transferable
@available(iOS 16.0, macOS 13.0, *)
public protocol Transferable: Sendable {}

/// foundation/data (Transferable conformance; Core Transferable is iOS 16, macOS 13:
/// coretransferable)
@available(iOS 16.0, macOS 13.0, *)
extension Data: Transferable {}

/// photosui/phpickerfilter-swift.struct
@available(iOS 14.0, macOS 13.0, *)
public struct PHPickerFilter: Equatable, Hashable, Sendable {
  /// photosui/phpickerfilter-swift.struct/images
  @available(iOS 14.0, macOS 13.0, *)
  public static let images = PHPickerFilter()
}

/// photosui/photospickeritem
@available(iOS 16.0, macOS 13.0, *)
public struct PhotosPickerItem: Equatable, Hashable, Sendable {
  /// photosui/photospickeritem/loadtransferable(type:)
  @available(iOS 16.0, macOS 13.0, *)
  public func loadTransferable<T>(type: T.Type) async throws -> sending T?
  where T: Transferable { fatalError() }
}

/// photosui/photospicker
@available(iOS 16.0, macOS 13.0, *)
@MainActor @preconcurrency public struct PhotosPicker<Label>: View where Label: View {
  // availability: as its type (no page of its own found)
  @available(iOS 16.0, macOS 13.0, *)
  public var body: Never { return fatalError() }
}
extension PhotosPicker where Label == Text {
  /// photosui/photospicker/init(_:selection:matching:preferreditemencoding:)-7jbef
  /// (the LocalizedStringKey form; `preferredItemEncoding` left out: its default is what
  /// the app wants)
  @available(iOS 16.0, macOS 13.0, *)
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<PhotosPickerItem?>,
    matching filter: PHPickerFilter? = nil
  ) { fatalError() }
}
