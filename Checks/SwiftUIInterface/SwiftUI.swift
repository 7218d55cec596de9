// A compile-time stand-in for SwiftUI, for Linux only.
//
// SwiftUI exists only on Apple systems. So that `swift build` on Linux still type-checks
// TeamUI — our model API, Swift 6 isolation, argument labels — this module declares the
// subset of SwiftUI's public API that TeamUI uses, each declaration transcribed from
// Apple's documentation (developer.apple.com/documentation/swiftui/<path>, the path is
// given above each one). Bodies are `fatalError()`: nothing here runs, and it is not a
// SwiftUI. Underscored attributes (`@_disfavoredOverload`) are those of Apple's
// interface, which its documentation pages leave out; they keep overload resolution as on
// Apple platforms. Protocol requirements that TeamUI never touches are left out.

@_exported import Foundation
@_exported import Observation

// MARK: - View and its builder

/// view
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// never (View conformance)
extension Never: View {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}

/// optional (View conformance: "extension Optional : View where Wrapped : View")
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}

/// viewbuilder
@resultBuilder public struct ViewBuilder {
  /// viewbuilder/buildexpression(_:)
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    content
  }
  /// viewbuilder/buildblock()
  public static func buildBlock() -> EmptyView { fatalError() }
  /// viewbuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }
  /// viewbuilder/buildblock(_:)-2bj1g
  public static func buildBlock<each Content>(_ content: repeat each Content)
    -> TupleView<(repeat each Content)> where repeat each Content: View
  { fatalError() }
  /// viewbuilder/buildif(_:)
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }
  /// viewbuilder/buildeither(first:)
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
  /// viewbuilder/buildeither(second:)
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
}

/// The type `buildEither` returns (`_ConditionalContent<TrueContent, FalseContent>`).
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}

/// tupleview
@frozen public struct TupleView<T>: View {
  public var value: T
  /// tupleview/init(_:)
  public init(_ value: T) { self.value = value }
  public var body: Never { return fatalError() }
}

/// emptyview
@frozen public struct EmptyView: View {
  /// emptyview/init()
  public init() {}
  public var body: Never { return fatalError() }
}

/// modifiedcontent
@frozen public struct ModifiedContent<Content, Modifier> {}
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}

/// viewmodifier (TeamUI writes no modifier of its own: requirements left out)
@MainActor @preconcurrency public protocol ViewModifier {}

// MARK: - Property wrappers and environment

/// dynamicproperty
public protocol DynamicProperty {}

/// state
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  /// state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { fatalError() }
  /// state/init(initialvalue:)
  public init(initialValue value: Value) { fatalError() }
  /// state/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  /// state/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
}
extension State: Sendable where Value: Sendable {}

/// binding
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  /// binding/init(get:set:)-7ufcp
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }
  /// binding/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  /// binding/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
  /// binding/subscript(dynamicmember:)
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}
extension Binding: @unchecked Sendable where Value: Sendable {}

/// environment
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
  /// environment/init(_:) — a value from the environment by key path
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  /// environment/init(_:)-8slkf — an observable object from the environment (iOS 17)
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {
    fatalError()
  }
  /// environment/wrappedvalue
  public var wrappedValue: Value { fatalError() }
}

/// environmentvalues
public struct EnvironmentValues: CustomStringConvertible {
  /// environmentvalues/init()
  public init() {}
  public var description: String { fatalError() }
  /// environmentvalues/dismiss
  public var dismiss: DismissAction { fatalError() }
}

/// dismissaction
@MainActor @preconcurrency public struct DismissAction {
  /// dismissaction/callasfunction()
  @MainActor @preconcurrency public func callAsFunction() { fatalError() }
}

extension View {
  /// view/environment(_:) — places an observable object in the environment (iOS 17)
  nonisolated public func environment<T>(_ object: T?) -> some View
  where T: AnyObject, T: Observable { fatalError() }
}

// MARK: - Text, images, strings

/// localizedstringkey
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  /// localizedstringkey/init(_:)
  public init(_ value: String) {}
  /// localizedstringkey/init(stringliteral:)
  public init(stringLiteral value: String) {}
}

/// text
@frozen public struct Text: Equatable, Sendable {
  /// text/init(verbatim:)
  public init(verbatim content: String) { fatalError() }
  /// text/init(_:)-9d1g4
  @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol { fatalError() }
  /// text/init(_:tablename:bundle:comment:)
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) { fatalError() }
}
extension Text: View {
  public var body: Never { return fatalError() }
}

/// image
@frozen public struct Image: Equatable, Sendable {
  /// image/init(systemname:)
  public init(systemName: String) { fatalError() }
  /// image/init(_:bundle:)
  public init(_ name: String, bundle: Bundle? = nil) { fatalError() }
  /// image/resizable(capinsets:resizingmode:)
  public func resizable(
    capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch
  ) -> Image { fatalError() }

  /// image/resizingmode
  public enum ResizingMode: Sendable {
    case tile, stretch
  }
}
extension Image: View {
  public var body: Never { return fatalError() }
}

/// label
public struct Label<Title, Icon>: View where Title: View, Icon: View {
  public var body: Never { return fatalError() }
}
extension Label where Title == Text, Icon == Image {
  /// label/init(_:systemimage:) (the LocalizedStringKey form, as in the iOS 14 interface)
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
}

// MARK: - Layout

/// edgeinsets
@frozen public struct EdgeInsets: Equatable {
  /// edgeinsets/init()
  public init() {}
}

/// edge
@frozen public enum Edge: Int8, CaseIterable {
  case top, leading, bottom, trailing

  /// edge/set
  @frozen public struct Set: OptionSet {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1 << 0)
    public static let leading = Set(rawValue: 1 << 1)
    public static let bottom = Set(rawValue: 1 << 2)
    public static let trailing = Set(rawValue: 1 << 3)
    public static let all = Set(rawValue: 0b1111)
    public static let horizontal = Set(rawValue: 0b1010)
    public static let vertical = Set(rawValue: 0b0101)
  }
}

/// axis
@frozen public enum Axis: Int8, CaseIterable {
  case horizontal, vertical

  /// axis/set
  @frozen public struct Set: OptionSet {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1 << 0)
    public static let vertical = Set(rawValue: 1 << 1)
  }
}

/// horizontalalignment
@frozen public struct HorizontalAlignment: Equatable {
  public static let leading = HorizontalAlignment()
  public static let center = HorizontalAlignment()
  public static let trailing = HorizontalAlignment()
}

/// verticalalignment
@frozen public struct VerticalAlignment: Equatable {
  public static let top = VerticalAlignment()
  public static let center = VerticalAlignment()
  public static let bottom = VerticalAlignment()
}

/// alignment
@frozen public struct Alignment: Equatable {
  public static let center = Alignment()
  public static let leading = Alignment()
  public static let trailing = Alignment()
  public static let top = Alignment()
  public static let bottom = Alignment()
}

/// hstack
@frozen public struct HStack<Content>: View where Content: View {
  /// hstack/init(alignment:spacing:content:)
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { return fatalError() }
}

/// vstack
@frozen public struct VStack<Content>: View where Content: View {
  /// vstack/init(alignment:spacing:content:)
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { return fatalError() }
}

/// zstack
@frozen public struct ZStack<Content>: View where Content: View {
  /// zstack/init(alignment:content:)
  nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    fatalError()
  }
  public var body: Never { return fatalError() }
}

/// spacer
@frozen public struct Spacer: View {
  /// spacer/init(minlength:)
  public init(minLength: CGFloat? = nil) { fatalError() }
  public var body: Never { return fatalError() }
}

/// scrollview
public struct ScrollView<Content>: View where Content: View {
  /// scrollview/init(_:showsindicators:content:)
  nonisolated public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
  public var body: Never { return fatalError() }
}

extension View {
  /// view/padding(_:_:)
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    fatalError()
  }
  /// view/padding(_:)-68shk
  nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }
  /// view/frame(width:height:alignment:)
  nonisolated public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { fatalError() }
  /// view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { fatalError() }
  /// view/overlay(alignment:content:)
  nonisolated public func overlay<V>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View where V: View { fatalError() }
  /// view/scaledtofill()
  nonisolated public func scaledToFill() -> some View { fatalError() }
  /// view/scaledtofit()
  nonisolated public func scaledToFit() -> some View { fatalError() }
  /// view/clipshape(_:style:)
  nonisolated public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View
  where S: Shape { fatalError() }
}

// MARK: - Shapes, colours, fonts

/// animatable (TeamUI animates nothing: requirements left out)
public protocol Animatable {}

/// path
@frozen public struct Path {
  /// path/init()
  public init() {}
}

/// fillstyle
@frozen public struct FillStyle: Equatable {
  /// fillstyle/init(eofill:antialiased:)
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// shapestyle
public protocol ShapeStyle: Sendable {}

/// shape
public protocol Shape: Sendable, Animatable, View {
  /// shape/path(in:)
  nonisolated func path(in rect: CGRect) -> Path
}
extension Shape {
  public var body: some View { return EmptyView() }
  /// shape/fill(_:style:)
  nonisolated public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View
  where S: ShapeStyle { fatalError() }
  /// shape/stroke(_:linewidth:)
  nonisolated public func stroke<S>(_ content: S, lineWidth: CGFloat = 1) -> some View
  where S: ShapeStyle { fatalError() }
}

/// insettableshape
public protocol InsettableShape: Shape {
  associatedtype InsetShape: InsettableShape
  /// insettableshape/inset(by:)
  nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}
extension InsettableShape {
  /// insettableshape/strokeborder(_:linewidth:antialiased:)
  nonisolated public func strokeBorder<S>(
    _ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true
  ) -> some View where S: ShapeStyle { fatalError() }
}

/// circle
@frozen public struct Circle: Shape {
  /// circle/init()
  nonisolated public init() {}
  nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
}
extension Circle: InsettableShape {
  nonisolated public func inset(by amount: CGFloat) -> some InsettableShape { self }
}

/// color
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {
  private init(standIn: Void) {}
  public var description: String { fatalError() }

  /// color/rgbcolorspace
  public enum RGBColorSpace: Equatable, Sendable {
    case sRGB, sRGBLinear, displayP3
  }

  /// color/init(_:red:green:blue:opacity:)
  public init(
    _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) { fatalError() }

  /// color/red
  public static let red = Color(standIn: ())
  /// color/green
  public static let green = Color(standIn: ())
  /// color/white
  public static let white = Color(standIn: ())
  /// color/clear
  public static let clear = Color(standIn: ())
}
extension Color: ShapeStyle {}
extension Color: View {
  public var body: Never { return fatalError() }
}

/// shapestyle/red, shapestyle/white (extension ShapeStyle where Self == Color)
extension ShapeStyle where Self == Color {
  public static var red: Color { .red }
  public static var white: Color { .white }
}

/// hierarchicalshapestyle
@frozen public struct HierarchicalShapeStyle: ShapeStyle {}

/// shapestyle/secondary
extension ShapeStyle where Self == HierarchicalShapeStyle {
  public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

/// font
@frozen public struct Font: Hashable, Sendable {
  private init(standIn: Void) {}
  /// font/largetitle
  public static let largeTitle = Font(standIn: ())
  /// font/title3
  public static let title3 = Font(standIn: ())
  /// font/headline
  public static let headline = Font(standIn: ())
  /// font/caption
  public static let caption = Font(standIn: ())
  /// font/system(size:weight:design:)
  public static func system(
    size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil
  ) -> Font { fatalError() }

  /// font/weight
  @frozen public struct Weight: Hashable, Sendable {
    private init(standIn: Void) {}
    /// font/weight/bold
    public static let bold = Weight(standIn: ())
  }

  /// font/design
  public enum Design: Hashable, Sendable {
    case `default`, serif, rounded, monospaced
  }
}

extension View {
  /// view/font(_:)
  nonisolated public func font(_ font: Font?) -> some View { fatalError() }
  /// view/foregroundstyle(_:)
  nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle {
    fatalError()
  }
  /// view/tint(_:)-23xyq
  nonisolated public func tint(_ tint: Color?) -> some View { fatalError() }
}

// MARK: - Controls

/// buttonrole
public struct ButtonRole: Equatable, Sendable {
  private init(standIn: Void) {}
  /// buttonrole/destructive
  public static let destructive = ButtonRole(standIn: ())
  /// buttonrole/cancel
  public static let cancel = ButtonRole(standIn: ())
}

/// button
public struct Button<Label>: View where Label: View {
  /// button/init(action:label:)
  @preconcurrency nonisolated public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  /// button/init(role:action:label:)
  @preconcurrency nonisolated public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) { fatalError() }
  public var body: Never { return fatalError() }
}
extension Button where Label == Text {
  /// button/init(_:action:)-1asy
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) { fatalError() }
  /// button/init(_:role:action:) (LocalizedStringKey; macOS 13 interface)
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) { fatalError() }
}

/// primitivebuttonstyle (TeamUI only picks built-in styles: requirements left out)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

/// plainbuttonstyle
public struct PlainButtonStyle: PrimitiveButtonStyle {
  /// plainbuttonstyle/init()
  nonisolated public init() {}
}

/// borderedprominentbuttonstyle
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
  /// borderedprominentbuttonstyle/init()
  nonisolated public init() {}
}

/// primitivebuttonstyle/plain
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  @MainActor @preconcurrency public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

/// primitivebuttonstyle/borderedprominent
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  nonisolated public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}

extension View {
  /// view/buttonstyle(_:)-66fbx
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle {
    fatalError()
  }
}

/// textfield
public struct TextField<Label>: View where Label: View {
  public var body: Never { return fatalError() }
}
extension TextField where Label == Text {
  /// textfield/init(_:text:)
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
    fatalError()
  }
}

/// picker
public struct Picker<Label, SelectionValue, Content>: View
where Label: View, SelectionValue: Hashable, Content: View {
  public var body: Never { return fatalError() }
}
extension Picker where Label == Text {
  /// picker/init(_:selection:content:)-6lwfn
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension View {
  /// view/tag(_:)
  nonisolated public func tag<V>(_ tag: V) -> some View where V: Hashable { fatalError() }
}

/// form
public struct Form<Content>: View where Content: View {
  /// form/init(content:)
  nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { return fatalError() }
}

/// section
public struct Section<Parent, Content, Footer> {}
extension Section: View where Parent: View, Content: View, Footer: View {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}
extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  /// section/init(content:)
  public init(@ViewBuilder content: () -> Content) { fatalError() }
}
extension Section where Parent: View, Content: View, Footer == EmptyView {
  /// section/init(content:header:)
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
    fatalError()
  }
}

/// foreach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}
extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { return fatalError() }
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  /// foreach/init(_:content:)
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    fatalError()
  }
}

/// list
public struct List<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
  public var body: Never { return fatalError() }
}
extension List where SelectionValue == Never {
  /// list/init(_:rowcontent:)-3vn6i
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
public struct NavigationPath {
  /// navigationpath/init()
  public init() {}
}

/// navigationstack
public struct NavigationStack<Data, Root>: View where Root: View {
  /// navigationstack/init(root:)
  @MainActor @preconcurrency public init(@ViewBuilder root: () -> Root)
  where Data == NavigationPath { fatalError() }
  public var body: Never { return fatalError() }
}

/// navigationlink
public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
  /// navigationlink/init(destination:label:)-27n7s
  nonisolated public init(
    @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
  ) { fatalError() }
  public var body: Never { return fatalError() }
}

/// visibility
@frozen public enum Visibility: Hashable, CaseIterable {
  case automatic, visible, hidden
}

extension View {
  /// view/navigationtitle(_:)-43srq
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    fatalError()
  }
  /// view/navigationbarbackbuttonhidden(_:)
  nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true)
    -> some View
  { fatalError() }
  /// view/sheet(ispresented:ondismiss:content:)
  nonisolated public func sheet<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View { fatalError() }
  /// view/confirmationdialog(_:ispresented:titlevisibility:actions:message:)-2s7pz
  nonisolated public func confirmationDialog<A, M>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
    titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A,
    @ViewBuilder message: () -> M
  ) -> some View where A: View, M: View { fatalError() }
}

// MARK: - Toolbars

/// toolbarcontent
@MainActor @preconcurrency public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}
extension Never: ToolbarContent {}

/// toolbarcontentbuilder
@resultBuilder public struct ToolbarContentBuilder {
  /// toolbarcontentbuilder/buildexpression(_:)
  public static func buildExpression<Content>(_ content: Content) -> Content
  where Content: ToolbarContent { content }
  /// toolbarcontentbuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent
  where Content: ToolbarContent { content }
  /// toolbarcontentbuilder/buildblock(_:_:)
  public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some ToolbarContent
  where C0: ToolbarContent, C1: ToolbarContent { c0 }
}

/// toolbaritemplacement
public struct ToolbarItemPlacement {
  private init(standIn: Void) {}
  /// toolbaritemplacement/automatic
  public static let automatic = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/navigation
  public static let navigation = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/primaryaction
  public static let primaryAction = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/cancellationaction
  public static let cancellationAction = ToolbarItemPlacement(standIn: ())
  /// toolbaritemplacement/confirmationaction
  public static let confirmationAction = ToolbarItemPlacement(standIn: ())
}

/// toolbaritem
public struct ToolbarItem<ID, Content> where Content: View {}
extension ToolbarItem: ToolbarContent where ID == () {
  public var body: Never { return fatalError() }
}
extension ToolbarItem where ID == () {
  /// toolbaritem/init(placement:content:)
  nonisolated public init(
    placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension View {
  /// view/toolbar(content:)
  nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content)
    -> some View where Content: ToolbarContent
  { fatalError() }
}

// MARK: - Accessibility

/// accessibilityattachmentmodifier
public struct AccessibilityAttachmentModifier: ViewModifier {}

/// accessibilitytraits
public struct AccessibilityTraits: SetAlgebra, Sendable {
  private var bits: UInt64 = 0
  public init() {}
  private init(bits: UInt64) { self.bits = bits }
  /// accessibilitytraits/isselected
  public static let isSelected = AccessibilityTraits(bits: 1 << 0)
  /// accessibilitytraits/isbutton
  public static let isButton = AccessibilityTraits(bits: 1 << 1)

  public func contains(_ member: Self) -> Bool { bits & member.bits == member.bits }
  public func union(_ other: Self) -> Self { Self(bits: bits | other.bits) }
  public func intersection(_ other: Self) -> Self { Self(bits: bits & other.bits) }
  public func symmetricDifference(_ other: Self) -> Self { Self(bits: bits ^ other.bits) }
  public mutating func insert(_ member: Self) -> (inserted: Bool, memberAfterInsert: Self) {
    let inserted = !contains(member)
    bits |= member.bits
    return (inserted, member)
  }
  public mutating func remove(_ member: Self) -> Self? {
    defer { bits &= ~member.bits }
    return contains(member) ? member : nil
  }
  public mutating func update(with member: Self) -> Self? {
    defer { bits |= member.bits }
    return contains(member) ? member : nil
  }
  public mutating func formUnion(_ other: Self) { bits |= other.bits }
  public mutating func formIntersection(_ other: Self) { bits &= other.bits }
  public mutating func formSymmetricDifference(_ other: Self) { bits ^= other.bits }
}

extension View {
  /// view/accessibilitylabel(_:) (LocalizedStringKey)
  nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  { fatalError() }
  /// view/accessibilitylabel(_:) (StringProtocol)
  @_disfavoredOverload nonisolated public func accessibilityLabel<S>(_ label: S)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier> where S: StringProtocol
  { fatalError() }
  /// view/accessibilityaddtraits(_:)
  nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits)
    -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  { fatalError() }
}
