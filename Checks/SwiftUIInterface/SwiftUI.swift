// A compile-time stand-in for SwiftUI, for Linux only.
//
// SwiftUI exists only on Apple systems. So that `swift build` on Linux still type-checks
// TeamUI — our model API, Swift 6 isolation, argument labels — this module declares the
// subset of SwiftUI's public API that TeamUI (and the exercise, Apple/Exercise.swiftpm)
// uses, each declaration transcribed from Apple's documentation
// (developer.apple.com/documentation/swiftui/<path>, the path is given above each one; a
// `combine/` path is under documentation/). Bodies are `fatalError()`: nothing here runs,
// and it is not a SwiftUI. Underscored attributes (`@_disfavoredOverload`) are those of
// Apple's interface, which its documentation pages leave out; they keep overload
// resolution as on Apple platforms. Protocol requirements that TeamUI never touches are
// left out.
//
// Availability: each `@available` attribute gives the iOS and macOS versions that the
// declaration's Apple documentation page lists (`iOS: 13.0.0 -` and so on), written as
// Apple's .swiftinterface files write them; a platform the page does not list gets its own
// `@available(<platform>, unavailable)` line. Where a member has no page of its own, it
// carries its type's attribute and says so in a comment; where neither it nor its type is
// documented, a comment says that and no attribute is given. On Linux the compiler does
// not check iOS or macOS availability: the attributes record Apple's, they enforce nothing.

@_exported import Foundation
@_exported import Observation

// MARK: - View and its builder

/// view
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  /// view/body-8kl5o
  @available(iOS 13.0, macOS 10.15, *)
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// never (View conformance)
// availability: not documented by Apple
extension Never: View {
  public typealias Body = Never
  // availability: not documented by Apple
  public var body: Never { return fatalError() }
}

/// optional (View conformance: "extension Optional : View where Wrapped : View")
// availability: not documented by Apple
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  // availability: not documented by Apple
  public var body: Never { return fatalError() }
}

/// viewbuilder
@available(iOS 13.0, macOS 10.15, *)
@resultBuilder public struct ViewBuilder {
  /// viewbuilder/buildexpression(_:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    content
  }
  /// viewbuilder/buildblock()
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildBlock() -> EmptyView { fatalError() }
  /// viewbuilder/buildblock(_:)
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }
  /// viewbuilder/buildblock(_:)-2bj1g
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildBlock<each Content>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)> where repeat each Content: View
  { fatalError() }
  /// viewbuilder/buildif(_:)
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }
  /// viewbuilder/buildeither(first:)
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
  /// viewbuilder/buildeither(second:)
  @available(iOS 13.0, macOS 10.15, *)
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
}

/// The type `buildEither` returns (`_ConditionalContent<TrueContent, FalseContent>`).
// availability: not documented by Apple
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}
// availability: not documented by Apple
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  public typealias Body = Never
  // availability: not documented by Apple
  public var body: Never { return fatalError() }
}

/// tupleview
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct TupleView<T>: View {
  /// tupleview/value
  @available(iOS 13.0, macOS 10.15, *)
  public var value: T
  /// tupleview/init(_:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ value: T) { self.value = value }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// emptyview
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct EmptyView: View {
  /// emptyview/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init() {}
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// modifiedcontent
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct ModifiedContent<Content, Modifier> {}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// viewmodifier (TeamUI writes no modifier of its own: requirements left out)
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol ViewModifier {}

// MARK: - Property wrappers and environment

/// dynamicproperty
@available(iOS 13.0, macOS 10.15, *)
public protocol DynamicProperty {}

/// state
@available(iOS 13.0, macOS 10.15, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  /// state/init(wrappedvalue:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(wrappedValue value: Value) { fatalError() }
  /// state/init(initialvalue:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(initialValue value: Value) { fatalError() }
  /// state/wrappedvalue
  @available(iOS 13.0, macOS 10.15, *)
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  /// state/projectedvalue
  @available(iOS 13.0, macOS 10.15, *)
  public var projectedValue: Binding<Value> { fatalError() }
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension State: Sendable where Value: Sendable {}

/// binding
@available(iOS 13.0, macOS 10.15, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  /// binding/init(get:set:)-7ufcp
  @available(iOS 13.0, macOS 10.15, *)
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }
  /// binding/wrappedvalue
  @available(iOS 13.0, macOS 10.15, *)
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  /// binding/projectedvalue
  @available(iOS 13.0, macOS 10.15, *)
  public var projectedValue: Binding<Value> { fatalError() }
  /// binding/subscript(dynamicmember:)
  @available(iOS 13.0, macOS 10.15, *)
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

/// bindable
@available(iOS 17.0, macOS 14.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
  private init(standIn: Void) {}
  /// bindable/wrappedvalue
  @available(iOS 17.0, macOS 14.0, *)
  public var wrappedValue: Value { fatalError() }
  /// bindable/projectedvalue
  @available(iOS 17.0, macOS 14.0, *)
  public var projectedValue: Bindable<Value> { self }
}
extension Bindable where Value: AnyObject, Value: Observable {
  /// bindable/init(wrappedvalue:)
  @available(iOS 17.0, macOS 14.0, *)
  public init(wrappedValue: Value) { fatalError() }
}
extension Bindable where Value: AnyObject {
  /// bindable/subscript(dynamicmember:)
  @available(iOS 17.0, macOS 14.0, *)
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

/// environment
@available(iOS 13.0, macOS 10.15, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
  /// environment/init(_:) — a value from the environment by key path
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  /// environment/init(_:) — an observable object from the environment (iOS 17); the
  /// non-optional form, which other sites link as environment/init(_:)-7pint
  @available(iOS 17.0, macOS 14.0, *)
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {
    fatalError()
  }
  /// environment/init(_:)-8slkf — an optional observable object from the environment, `nil`
  /// when none is set (iOS 17)
  @available(iOS 17.0, macOS 14.0, *)
  public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable {
    fatalError()
  }
  /// environment/wrappedvalue
  @available(iOS 13.0, macOS 10.15, *)
  public var wrappedValue: Value { fatalError() }
}

/// environmentvalues
@available(iOS 13.0, macOS 10.15, *)
public struct EnvironmentValues: CustomStringConvertible {
  /// environmentvalues/init()
  @available(iOS 13.0, macOS 10.15, *)
  public init() {}
  /// environmentvalues/description
  @available(iOS 13.0, macOS 10.15, *)
  public var description: String { fatalError() }
  /// environmentvalues/dismiss
  // availability: no page of its own found; its type's (iOS 13.0, macOS 10.15) would be
  // older than that of DismissAction, the type it returns: DismissAction's
  @available(iOS 15.0, macOS 12.0, *)
  public var dismiss: DismissAction { fatalError() }
  /// environmentvalues/dynamictypesize
  @available(iOS 15.0, macOS 12.0, *)
  public var dynamicTypeSize: DynamicTypeSize { fatalError() }
}

/// dynamictypesize
@available(iOS 15.0, macOS 12.0, *)
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
  /// dynamictypesize/xsmall … dynamictypesize/accessibility5
  // availability: none on the cases (each page lists iOS 15.0, macOS 12.0, as the type's):
  // an `@available` case turns off `CaseIterable` synthesis
  case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2,
    accessibility3, accessibility4, accessibility5
  /// dynamictypesize/isaccessibilitysize
  @available(iOS 15.0, macOS 12.0, *)
  public var isAccessibilitySize: Bool { fatalError() }
}

/// dismissaction
@available(iOS 15.0, macOS 12.0, *)
@MainActor @preconcurrency public struct DismissAction {
  /// dismissaction/callasfunction()
  @available(iOS 15.0, macOS 12.0, *)
  @MainActor @preconcurrency public func callAsFunction() { fatalError() }
}

extension View {
  /// view/environment(_:) — places an observable object in the environment (iOS 17)
  @available(iOS 17.0, macOS 14.0, *)
  nonisolated public func environment<T>(_ object: T?) -> some View
  where T: AnyObject, T: Observable { fatalError() }
}

// MARK: - ObservableObject and its property wrappers (the exercise's; TeamUI uses Observation)

// On Apple platforms `ObservableObject` and `Published` are Combine's: SwiftUI's interface
// imports Combine without re-exporting it and names `Combine.ObservableObject` in its
// declarations; a file that imports only SwiftUI reaches both through Foundation's type
// aliases of them (foundation/observableobject, foundation/published). On Linux this
// stand-in is the only module, so it declares them itself, under their Combine pages.

/// combine/observableobject (its `objectWillChange` publisher is left out: nothing here
/// subscribes to it)
@available(iOS 13.0, macOS 10.15, *)
public protocol ObservableObject: AnyObject {}

/// combine/published
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper public struct Published<Value> {
  /// combine/published/init(wrappedvalue:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(wrappedValue: Value) { fatalError() }
  // availability: unavailable everywhere, as Apple's compiler reports for `@Published` in a
  // struct ("@Published is only available on properties of classes"); no page of its own
  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }
  // availability: as its type (no page of its own: the enclosing-instance subscript that
  // makes the wrapper class-only, which Apple's pages leave out)
  @available(iOS 13.0, macOS 10.15, *)
  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { fatalError() }
    set { fatalError() }
  }
}

/// stateobject
@available(iOS 14.0, macOS 11.0, *)
@frozen @propertyWrapper @preconcurrency @MainActor
public struct StateObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
  /// stateobject/init(wrappedvalue:)
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
    fatalError()
  }
  /// stateobject/wrappedvalue
  @available(iOS 14.0, macOS 11.0, *)
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
}

/// observedobject
@available(iOS 13.0, macOS 10.15, *)
@propertyWrapper @preconcurrency @MainActor @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
  /// observedobject/init(wrappedvalue:)
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor @preconcurrency public init(wrappedValue: ObjectType) { fatalError() }
  /// observedobject/wrappedvalue
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor @preconcurrency public var wrappedValue: ObjectType {
    get { fatalError() }
    set { fatalError() }
  }
}

/// environmentobject
@available(iOS 13.0, macOS 10.15, *)
@frozen @propertyWrapper @preconcurrency @MainActor
public struct EnvironmentObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
  /// environmentobject/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor @preconcurrency public init() {}
  /// environmentobject/wrappedvalue
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
}

extension View {
  /// view/environmentobject(_:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func environmentObject<T>(_ object: T) -> some View
  where T: ObservableObject { fatalError() }
}

// MARK: - Text, images, strings

/// localizedstringkey
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  /// localizedstringkey/init(_:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ value: String) {}
  /// localizedstringkey/init(stringliteral:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(stringLiteral value: String) {}
}

/// text
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Text: Equatable, Sendable {
  /// text/init(verbatim:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(verbatim content: String) { fatalError() }
  /// text/init(_:)-9d1g4
  @available(iOS 13.0, macOS 10.15, *)
  @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol { fatalError() }
  /// text/init(_:tablename:bundle:comment:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) { fatalError() }
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Text: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// image
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Image: Equatable, Sendable {
  /// image/init(systemname:)
  @available(iOS 13.0, macOS 11.0, *)
  public init(systemName: String) { fatalError() }
  /// image/init(_:bundle:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
  /// image/resizable(capinsets:resizingmode:)
  @available(iOS 13.0, macOS 10.15, *)
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  ) -> Image { fatalError() }

  /// image/resizingmode
  @available(iOS 13.0, macOS 10.15, *)
  public enum ResizingMode: Sendable {
    /// image/resizingmode/tile
    @available(iOS 13.0, macOS 10.15, *)
    case tile
    /// image/resizingmode/stretch
    @available(iOS 13.0, macOS 10.15, *)
    case stretch
  }
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Image: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// label
@available(iOS 14.0, macOS 11.0, *)
public struct Label<Title, Icon>: View where Title: View, Icon: View {
  // availability: as its type (no page of its own found)
  @available(iOS 14.0, macOS 11.0, *)
  public var body: Never { return fatalError() }
}
extension Label where Title == Text, Icon == Image {
  /// label/init(_:systemimage:) (the LocalizedStringKey form, as in the iOS 14 interface)
  // availability: as its type (no page of its own found)
  @available(iOS 14.0, macOS 11.0, *)
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
}

// MARK: - Layout

/// edgeinsets
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct EdgeInsets: Equatable {
  /// edgeinsets/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init() {}
}

/// edge
@available(iOS 13.0, macOS 10.15, *)
@frozen public enum Edge: Int8, CaseIterable {
  /// edge/top, edge/leading, edge/bottom, edge/trailing
  // availability: none on the cases, which have no pages of their own found (their type's is
  // iOS 13.0, macOS 10.15): an `@available` case turns off `CaseIterable` synthesis
  case top, leading, bottom, trailing

  /// edge/set
  @available(iOS 13.0, macOS 10.15, *)
  @frozen public struct Set: OptionSet {
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public let rawValue: Int8
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// edge/set/top
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let top = Set(rawValue: 1 << 0)
    /// edge/set/leading
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let leading = Set(rawValue: 1 << 1)
    /// edge/set/bottom
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let bottom = Set(rawValue: 1 << 2)
    /// edge/set/trailing
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let trailing = Set(rawValue: 1 << 3)
    /// edge/set/all
    @available(iOS 13.0, macOS 10.15, *)
    public static let all = Set(rawValue: 0b1111)
    /// edge/set/horizontal
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let horizontal = Set(rawValue: 0b1010)
    /// edge/set/vertical
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let vertical = Set(rawValue: 0b0101)
  }
}

/// axis
@available(iOS 13.0, macOS 10.15, *)
@frozen public enum Axis: Int8, CaseIterable {
  /// axis/horizontal, axis/vertical
  // availability: none on the cases, whose pages give their type's iOS 13.0, macOS 10.15: an
  // `@available` case turns off `CaseIterable` synthesis
  case horizontal, vertical

  /// axis/set
  @available(iOS 13.0, macOS 10.15, *)
  @frozen public struct Set: OptionSet {
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public let rawValue: Int8
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// axis/set/horizontal
    @available(iOS 13.0, macOS 10.15, *)
    public static let horizontal = Set(rawValue: 1 << 0)
    /// axis/set/vertical
    @available(iOS 13.0, macOS 10.15, *)
    public static let vertical = Set(rawValue: 1 << 1)
  }
}

/// horizontalalignment
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct HorizontalAlignment: Equatable {
  /// horizontalalignment/leading
  @available(iOS 13.0, macOS 10.15, *)
  public static let leading = HorizontalAlignment()
  /// horizontalalignment/center
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let center = HorizontalAlignment()
  /// horizontalalignment/trailing
  @available(iOS 13.0, macOS 10.15, *)
  public static let trailing = HorizontalAlignment()
}

/// verticalalignment
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct VerticalAlignment: Equatable {
  /// verticalalignment/top
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let top = VerticalAlignment()
  /// verticalalignment/center
  @available(iOS 13.0, macOS 10.15, *)
  public static let center = VerticalAlignment()
  /// verticalalignment/bottom
  @available(iOS 13.0, macOS 10.15, *)
  public static let bottom = VerticalAlignment()
}

/// alignment
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Alignment: Equatable {
  /// alignment/center
  @available(iOS 13.0, macOS 10.15, *)
  public static let center = Alignment()
  /// alignment/leading
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let leading = Alignment()
  /// alignment/trailing
  @available(iOS 13.0, macOS 10.15, *)
  public static let trailing = Alignment()
  /// alignment/top
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let top = Alignment()
  /// alignment/bottom
  @available(iOS 13.0, macOS 10.15, *)
  public static let bottom = Alignment()
}

/// hstack
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct HStack<Content>: View where Content: View {
  /// hstack/init(alignment:spacing:content:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// vstack
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct VStack<Content>: View where Content: View {
  /// vstack/init(alignment:spacing:content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// zstack
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct ZStack<Content>: View where Content: View {
  /// zstack/init(alignment:content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    fatalError()
  }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// spacer
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Spacer: View {
  /// spacer/init(minlength:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(minLength: CGFloat? = nil) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// scrollview
@available(iOS 13.0, macOS 10.15, *)
public struct ScrollView<Content>: View where Content: View {
  /// scrollview/init(_:showsindicators:content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

extension View {
  /// view/padding(_:_:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    fatalError()
  }
  /// view/padding(_:)-68shk
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }
  /// view/frame(width:height:alignment:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { fatalError() }
  /// view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { fatalError() }
  /// view/overlay(alignment:content:)
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func overlay<V>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View where V: View { fatalError() }
  /// view/scaledtofill()
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func scaledToFill() -> some View { fatalError() }
  /// view/scaledtofit()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func scaledToFit() -> some View { fatalError() }
  /// view/clipshape(_:style:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View
  where S: Shape { fatalError() }
}

// MARK: - Shapes, colours, fonts

/// animatable (TeamUI animates nothing: requirements left out)
@available(iOS 13.0, macOS 10.15, *)
public protocol Animatable {}

/// path
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Path {
  /// path/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init() {}
  /// path/init(_:)-(inout Path) -> ()
  // availability: as its type (SwiftUICore.swiftinterface, iOS 18.1 SDK)
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ callback: (inout Path) -> Void) {}
  /// path/addlines(_:)
  // availability: as its type (SwiftUICore.swiftinterface, iOS 18.1 SDK)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func addLines(_ lines: [CGPoint]) {}
  /// path/closesubpath()
  // availability: as its type (SwiftUICore.swiftinterface, iOS 18.1 SDK)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func closeSubpath() {}
}

/// fillstyle
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct FillStyle: Equatable {
  /// fillstyle/init(eofill:antialiased:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// shapestyle
@available(iOS 13.0, macOS 10.15, *)
public protocol ShapeStyle: Sendable {}

/// shape
@available(iOS 13.0, macOS 10.15, *)
public protocol Shape: Sendable, Animatable, View {
  /// shape/path(in:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated func path(in rect: CGRect) -> Path
}
extension Shape {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: some View { return EmptyView() }
  /// shape/fill(_:style:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View
  where S: ShapeStyle { fatalError() }
  /// shape/stroke(_:linewidth:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func stroke<S>(_ content: S, lineWidth: CGFloat = 1) -> some View
  where S: ShapeStyle { fatalError() }
}

/// insettableshape
@available(iOS 13.0, macOS 10.15, *)
public protocol InsettableShape: Shape {
  associatedtype InsetShape: InsettableShape
  /// insettableshape/inset(by:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}
extension InsettableShape {
  /// insettableshape/strokeborder(_:linewidth:antialiased:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func strokeBorder<S>(
    _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View where S: ShapeStyle { fatalError() }
}

/// circle
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Circle: Shape {
  /// circle/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init() {}
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Circle: InsettableShape {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

/// color
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
  private init(standIn: Void) {}
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var description: String { fatalError() }

  /// color/rgbcolorspace
  @available(iOS 13.0, macOS 10.15, *)
  public enum RGBColorSpace: Equatable, Sendable {
    /// color/rgbcolorspace/srgb
    @available(iOS 13.0, macOS 10.15, *)
    case sRGB
    /// color/rgbcolorspace/srgblinear
    @available(iOS 13.0, macOS 10.15, *)
    case sRGBLinear
    /// color/rgbcolorspace/displayp3
    @available(iOS 13.0, macOS 10.15, *)
    case displayP3
  }

  /// color/init(_:red:green:blue:opacity:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(
    _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) { fatalError() }

  /// color/red
  @available(iOS 13.0, macOS 10.15, *)
  public static let red = Color(standIn: ())
  /// color/green
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let green = Color(standIn: ())
  /// color/orange
  // availability: as its type (SwiftUICore's `extension Color`, iOS 13.0, macOS 10.15)
  @available(iOS 13.0, macOS 10.15, *)
  public static let orange = Color(standIn: ())
  /// color/white
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let white = Color(standIn: ())
  /// color/clear
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let clear = Color(standIn: ())
}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Color: ShapeStyle {}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Color: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// shapestyle/red, shapestyle/green, shapestyle/white (extension ShapeStyle where Self == Color)
extension ShapeStyle where Self == Color {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static var red: Color { .red }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static var green: Color { .green }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static var orange: Color { .orange }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static var white: Color { .white }
}

/// hierarchicalshapestyle
@available(iOS 15.0, macOS 12.0, *)
@frozen public struct HierarchicalShapeStyle: ShapeStyle {}

/// shapestyle/secondary
extension ShapeStyle where Self == HierarchicalShapeStyle {
  @available(iOS 15.0, macOS 12.0, *)
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

/// font
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Font: Hashable, Sendable {
  private init(standIn: Void) {}
  /// font/largetitle
  @available(iOS 13.0, macOS 10.15, *)
  public static let largeTitle = Font(standIn: ())
  /// font/title3
  @available(iOS 14.0, macOS 11.0, *)
  public static let title3 = Font(standIn: ())
  /// font/headline
  @available(iOS 13.0, macOS 10.15, *)
  public static let headline = Font(standIn: ())
  /// font/caption
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let caption = Font(standIn: ())
  /// font/system(size:weight:design:)-697b2 (the form with optional weight and design)
  @available(iOS 16.0, macOS 13.0, *)
  public static func system(
    size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil
  ) -> Font { fatalError() }

  /// font/weight
  @available(iOS 13.0, macOS 10.15, *)
  @frozen public struct Weight: Hashable, Sendable {
    private init(standIn: Void) {}
    /// font/weight/bold
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    public static let bold = Weight(standIn: ())
  }

  /// font/design
  @available(iOS 13.0, macOS 10.15, *)
  public enum Design: Hashable, Sendable {
    /// font/design/default
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    case `default`
    /// font/design/serif
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    case serif
    /// font/design/rounded
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    case rounded
    /// font/design/monospaced
    // availability: as its type (no page of its own found)
    @available(iOS 13.0, macOS 10.15, *)
    case monospaced
  }
}

extension View {
  /// view/font(_:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func font(_ font: Font?) -> some View { fatalError() }
  /// view/foregroundstyle(_:)
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
    fatalError()
  }
  /// view/tint(_:)-23xyq
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func tint(_ tint: Color?) -> some View { fatalError() }
}

// MARK: - Controls

/// buttonrole
@available(iOS 15.0, macOS 12.0, *)
public struct ButtonRole: Equatable, Sendable {
  private init(standIn: Void) {}
  /// buttonrole/destructive
  @available(iOS 15.0, macOS 12.0, *)
  public static let destructive = ButtonRole(standIn: ())
  /// buttonrole/cancel
  @available(iOS 15.0, macOS 12.0, *)
  public static let cancel = ButtonRole(standIn: ())
}

/// button
@available(iOS 13.0, macOS 10.15, *)
public struct Button<Label>: View where Label: View {
  /// button/init(action:label:)
  @available(iOS 13.0, macOS 10.15, *)
  @preconcurrency nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  /// button/init(role:action:label:)
  @available(iOS 15.0, macOS 12.0, *)
  @preconcurrency nonisolated public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension Button where Label == Text {
  /// button/init(_:action:)-1asy
  @available(iOS 13.0, macOS 10.15, *)
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) { fatalError() }
  /// button/init(_:role:action:) (LocalizedStringKey; macOS 13 interface)
  // availability: no page of its own found (button/init(_:role:action:) is the
  // LocalizedStringResource form, iOS 16.0, macOS 13.0), and its type's (iOS 13.0,
  // macOS 10.15) would be older than that of ButtonRole: ButtonRole's
  @available(iOS 15.0, macOS 12.0, *)
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) { fatalError() }
}

/// primitivebuttonstyle (TeamUI only picks built-in styles: requirements left out)
@available(iOS 13.0, macOS 10.15, *)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

/// plainbuttonstyle
@available(iOS 13.0, macOS 10.15, *)
public struct PlainButtonStyle: PrimitiveButtonStyle {
  /// plainbuttonstyle/init()
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init() {}
}

/// borderedprominentbuttonstyle
@available(iOS 15.0, macOS 12.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
  /// borderedprominentbuttonstyle/init()
  // availability: as its type (no page of its own found)
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public init() {}
}

/// primitivebuttonstyle/plain
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  @available(iOS 13.0, macOS 10.15, *)
  @MainActor @preconcurrency public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// primitivebuttonstyle/borderedprominent
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}

extension View {
  /// view/buttonstyle(_:)-66fbx
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle {
    fatalError()
  }
}

/// textfield
@available(iOS 13.0, macOS 10.15, *)
public struct TextField<Label>: View where Label: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension TextField where Label == Text {
  /// textfield/init(_:text:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    fatalError()
  }
}

/// securefield
@available(iOS 13.0, macOS 10.15, *)
public struct SecureField<Label>: View where Label: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension SecureField where Label == Text {
  /// securefield/init(_:text:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    fatalError()
  }
}

extension View {
  /// view/task(priority:_:)
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { fatalError() }
  /// view/task(id:priority:_:)
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func task<T>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View where T: Equatable { fatalError() }
  /// view/disabled(_:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func disabled(_ disabled: Bool) -> some View { fatalError() }
}

/// textinputautocapitalization
@available(iOS 15.0, *)
@available(macOS, unavailable)
public struct TextInputAutocapitalization {
  private init(standIn: Void) {}
  /// textinputautocapitalization/never
  @available(iOS 15.0, *)
  @available(macOS, unavailable)
  public static var never: TextInputAutocapitalization { TextInputAutocapitalization(standIn: ()) }
}

extension View {
  /// view/textinputautocapitalization(_:)
  @available(iOS 15.0, *)
  @available(macOS, unavailable)
  nonisolated public func textInputAutocapitalization(
    _ autocapitalization: TextInputAutocapitalization?
  ) -> some View { fatalError() }
  /// view/autocorrectiondisabled(_:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
    fatalError()
  }
}

/// picker
@available(iOS 13.0, macOS 10.15, *)
public struct Picker<Label, SelectionValue, Content>: View
where Label: View, SelectionValue: Hashable, Content: View {
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension Picker where Label == Text {
  /// picker/init(_:selection:content:)-6lwfn
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension View {
  /// view/tag(_:)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { fatalError() }
}

/// form
@available(iOS 13.0, macOS 10.15, *)
public struct Form<Content>: View where Content: View {
  /// form/init(content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}

/// section
@available(iOS 13.0, macOS 10.15, *)
public struct Section<Parent, Content, Footer> {}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension Section: View where Parent: View, Content: View, Footer: View {
  public typealias Body = Never
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  /// section/init(content:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(@ViewBuilder content: () -> Content) { fatalError() }
}
extension Section where Parent: View, Content: View, Footer == EmptyView {
  /// section/init(content:header:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    fatalError()
  }
}
extension Section where Parent == EmptyView, Content: View, Footer: View {
  /// section/init(content:footer:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
    fatalError()
  }
}
extension Section where Parent: View, Content: View, Footer: View {
  /// section/init(content:header:footer:)
  @available(iOS 13.0, macOS 10.15, *)
  public init(
    @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent,
    @ViewBuilder footer: () -> Footer
  ) { fatalError() }
}

/// foreach
@available(iOS 13.0, macOS 10.15, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}
// availability: as its type (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension ForEach: View where Content: View {
  public typealias Body = Never
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  /// foreach/init(_:content:) (the View form; the page at that path is MapKit's form)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    fatalError()
  }
}
extension ForEach where Content: View {
  /// foreach/init(_:id:content:) (the View form, identified by a key path)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) { fatalError() }
}

/// dynamicviewcontent
@available(iOS 13.0, macOS 10.15, *)
public protocol DynamicViewContent<Data>: View {
  associatedtype Data: Collection
  /// dynamicviewcontent/data-swift.property
  var data: Data { get }
}
// availability: as DynamicViewContent (no page of its own found)
@available(iOS 13.0, macOS 10.15, *)
extension ForEach: DynamicViewContent where Content: View {
  /// foreach/data
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var data: Data { fatalError() }
}
extension DynamicViewContent {
  /// dynamicviewcontent/onmove(perform:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func onMove(perform action: Optional<(IndexSet, Int) -> Void>)
    -> some DynamicViewContent
  { self }
}

/// editbutton
@available(iOS 13.0, *)
@available(macOS, unavailable)
public struct EditButton: View {
  /// editbutton/init()
  @available(iOS 13.0, *)
  @available(macOS, unavailable)
  public init() {}
  /// editbutton/body
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, *)
  @available(macOS, unavailable)
  public var body: Never { return fatalError() }
}

/// list
@available(iOS 13.0, macOS 10.15, *)
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  /// list/body
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension List where SelectionValue == Never {
  /// list/init(content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
  /// list/init(_:rowcontent:)-3vn6i
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init<Data, RowContent>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection,
    RowContent: View, Data.Element: Identifiable
  { fatalError() }
}

// MARK: - Navigation and presentation

/// navigationpath
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationPath {
  /// navigationpath/init()
  @available(iOS 16.0, macOS 13.0, *)
  public init() {}
}

/// navigationstack
@available(iOS 16.0, macOS 13.0, *)
public struct NavigationStack<Data, Root>: View where Root: View {
  /// navigationstack/init(root:)
  @available(iOS 16.0, macOS 13.0, *)
  @MainActor @preconcurrency public init(@ViewBuilder root: () -> Root)
  where Data == NavigationPath { fatalError() }
  /// navigationstack/init(path:root:)-3bt4q
  @available(iOS 16.0, macOS 13.0, *)
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 16.0, macOS 13.0, *)
  public var body: Never { return fatalError() }
}

/// navigationlink
@available(iOS 13.0, macOS 10.15, *)
public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
  /// navigationlink/init(destination:label:)-27n7s
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public init(
    @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
  ) { fatalError() }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public var body: Never { return fatalError() }
}
extension NavigationLink where Destination == Never {
  /// navigationlink/init(value:label:)-4jswo
  @available(iOS 16.0, macOS 13.0, *)
  nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {
    fatalError()
  }
}

/// visibility
@available(iOS 15.0, macOS 12.0, *)
@frozen public enum Visibility: Hashable, CaseIterable {
  /// visibility/automatic, visibility/visible, visibility/hidden
  // availability: none on the cases, whose pages give their type's iOS 15.0, macOS 12.0: an
  // `@available` case turns off `CaseIterable` synthesis
  case automatic, visible, hidden
}

extension View {
  /// view/navigationtitle(_:)-43srq
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    fatalError()
  }
  /// view/navigationbarbackbuttonhidden(_:)
  @available(iOS 13.0, macOS 13.0, *)
  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { fatalError() }
  /// view/navigationdestination(for:destination:)
  @available(iOS 16.0, macOS 13.0, *)
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { fatalError() }
  /// view/sheet(ispresented:ondismiss:content:)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func sheet<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View { fatalError() }
  /// view/confirmationdialog(_:ispresented:titlevisibility:actions:message:)-2s7pz
  @available(iOS 15.0, macOS 12.0, *)
  nonisolated public func confirmationDialog<A, M>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
    titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
    @ViewBuilder message: () -> M
  ) -> some View where A: View, M: View { fatalError() }
}

// MARK: - Toolbars

/// toolbarcontent
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  /// toolbarcontent/body-swift.property
  @available(iOS 14.0, macOS 11.0, *)
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}
// availability: not documented by Apple
extension Never: ToolbarContent {}

/// toolbarcontentbuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct ToolbarContentBuilder {
  /// toolbarcontentbuilder/buildexpression(_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildExpression<Content>(_ content: Content) -> Content
  where Content: ToolbarContent { content }
  /// toolbarcontentbuilder/buildblock(_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent
  where Content: ToolbarContent { content }
  /// toolbarcontentbuilder/buildblock(_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some ToolbarContent
  where C0: ToolbarContent, C1: ToolbarContent { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> some ToolbarContent
  where C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3)
    -> some ToolbarContent
  where C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4, C5>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent, C5: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent, C5: ToolbarContent, C6: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent, C5: ToolbarContent, C6: ToolbarContent, C7: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent, C5: ToolbarContent, C6: ToolbarContent, C7: ToolbarContent,
    C8: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildblock(_:_:_:_:_:_:_:_:_:_:)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8,
    _ c9: C9
  ) -> some ToolbarContent
  where
    C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent,
    C4: ToolbarContent, C5: ToolbarContent, C6: ToolbarContent, C7: ToolbarContent,
    C8: ToolbarContent, C9: ToolbarContent
  { c0 }
  /// toolbarcontentbuilder/buildif(_:)
  @available(iOS 16.0, macOS 13.0, *)
  public static func buildIf<Content>(_ content: Content?) -> Content?
  where Content: ToolbarContent { content }
  /// toolbarcontentbuilder/buildeither(first:)
  @available(iOS 16.0, macOS 13.0, *)
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: ToolbarContent, FalseContent: ToolbarContent { fatalError() }
  /// toolbarcontentbuilder/buildeither(second:)
  @available(iOS 16.0, macOS 13.0, *)
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: ToolbarContent, FalseContent: ToolbarContent { fatalError() }
}

/// optional (ToolbarContent conformance: "extension Optional : ToolbarContent where Wrapped : ToolbarContent")
// availability: not documented by Apple
extension Optional: ToolbarContent where Wrapped: ToolbarContent {
  // availability: not documented by Apple
  public var body: Never { return fatalError() }
}
// availability: not documented by Apple
extension _ConditionalContent: ToolbarContent
where TrueContent: ToolbarContent, FalseContent: ToolbarContent {
  // availability: not documented by Apple
  public var body: Never { return fatalError() }
}

/// toolbaritemplacement
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItemPlacement {
  private init(standIn: Void) {}
  /// toolbaritemplacement/automatic
  @available(iOS 14.0, macOS 11.0, *)
  public static let automatic = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/navigation
  @available(iOS 14.0, macOS 11.0, *)
  public static let navigation = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/primaryaction
  @available(iOS 14.0, macOS 11.0, *)
  public static let primaryAction = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/cancellationaction
  @available(iOS 14.0, macOS 11.0, *)
  public static let cancellationAction = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/confirmationaction
  @available(iOS 14.0, macOS 11.0, *)
  public static let confirmationAction = ToolbarItemPlacement(standIn: ())
}

/// toolbaritem
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItem<ID, Content> where Content: View {}
// availability: as its type (no page of its own found)
@available(iOS 14.0, macOS 11.0, *)
extension ToolbarItem: ToolbarContent where ID == () {
  // availability: as its type (no page of its own found)
  @available(iOS 14.0, macOS 11.0, *)
  public var body: Never { return fatalError() }
}
extension ToolbarItem where ID == () {
  /// toolbaritem/init(placement:content:)
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension View {
  /// view/toolbar(content:)
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content)
    -> some View where Content: ToolbarContent
  { fatalError() }
}

// MARK: - Accessibility

/// accessibilityattachmentmodifier
@available(iOS 13.0, macOS 10.15, *)
public struct AccessibilityAttachmentModifier: ViewModifier {}

/// accessibilitytraits
@available(iOS 13.0, macOS 10.15, *)
public struct AccessibilityTraits: SetAlgebra, Sendable {
  private var bits: UInt64 = 0
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public init() {}
  private init(bits: UInt64) { self.bits = bits }
  /// accessibilitytraits/isselected
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public static let isSelected = AccessibilityTraits(bits: 1 << 0)
  /// accessibilitytraits/isbutton
  @available(iOS 13.0, macOS 10.15, *)
  public static let isButton = AccessibilityTraits(bits: 1 << 1)

  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public func contains(_ member: Self) -> Bool { bits & member.bits == member.bits }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public func union(_ other: Self) -> Self { Self(bits: bits | other.bits) }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public func intersection(_ other: Self) -> Self { Self(bits: bits & other.bits) }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public func symmetricDifference(_ other: Self) -> Self { Self(bits: bits ^ other.bits) }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func insert(_ member: Self) -> (inserted: Bool, memberAfterInsert: Self) {
    let inserted = !contains(member)
    bits |= member.bits
    return (inserted, member)
  }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func remove(_ member: Self) -> Self? {
    defer { bits &= ~member.bits }
    return contains(member) ? member : nil
  }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func update(with member: Self) -> Self? {
    defer { bits |= member.bits }
    return contains(member) ? member : nil
  }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func formUnion(_ other: Self) { bits |= other.bits }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func formIntersection(_ other: Self) { bits &= other.bits }
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  public mutating func formSymmetricDifference(_ other: Self) { bits ^= other.bits }
}

extension View {
  /// view/accessibilitylabel(_:) (LocalizedStringKey)
  // availability: as its type (no page of its own found)
  @available(iOS 13.0, macOS 10.15, *)
  nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  { fatalError() }
  /// view/accessibilitylabel(_:) (StringProtocol)
  @available(iOS 14.0, macOS 11.0, *)
  @_disfavoredOverload nonisolated public func accessibilityLabel<S>(_ label: S)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier> where S: StringProtocol
  { fatalError() }
  /// view/accessibilityaddtraits(_:)
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  { fatalError() }
}

// MARK: - App

/// app
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  /// app/body-swift.property
  @available(iOS 14.0, macOS 11.0, *)
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  /// app/init()
  @available(iOS 14.0, macOS 11.0, *)
  @MainActor @preconcurrency init()
}
extension App {
  /// app/main()
  @available(iOS 14.0, macOS 11.0, *)
  @MainActor @preconcurrency public static func main() { fatalError() }
}

/// scene
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
}

/// scenebuilder (a result builder; TeamUI's app has one scene, so only buildBlock(_:))
// availability: as its type (no page of its own found): Scene's, iOS 14 / macOS 11
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct SceneBuilder {
  // availability: as its type (no page of its own found)
  @available(iOS 14.0, macOS 11.0, *)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    content
  }
}

/// windowgroup
// availability: as its init (no page of the type found): iOS 14 / macOS 11
@available(iOS 14.0, macOS 11.0, *)
public struct WindowGroup<Content>: Scene where Content: View {
  public typealias Body = Never
  /// windowgroup/init(content:) (Apple's metadata ends it at iOS 18 / macOS 15, beside
  /// windowgroup/init(makecontent:), iOS 14 / macOS 11: a trailing closure calls either)
  @available(iOS 14.0, macOS 11.0, *)
  nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
}

/// never (Scene conformance, as SwiftUI's interface has it for `Body == Never`)
// availability: not documented by Apple
extension Never: Scene {}
