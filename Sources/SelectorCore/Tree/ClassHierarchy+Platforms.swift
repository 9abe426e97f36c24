/// The class families of the platforms whose recordings the loaders read (see Docs/Formats.md).
///
/// Each foreign class is tied to the UIKit class whose role it plays, so that engine shorthands keep
/// their meaning on every platform: `button` (`UIButton`) matches `XCUIElementTypeButton`,
/// `UIAButton` and `android.widget.Button`; `label` (`UILabel`) matches static texts and Android
/// `TextView`s; `tableViewCell` matches XCUITest and UIAutomation cells.
///
/// - XCUITest and UIAutomation types are direct subclasses of their UIKit counterpart
///   (`XCUIElementTypeButton` → `UIButton` → `UIControl` → ...), so `view:'XCUIElementTypeCell'`
///   still matches exactly that type; no XCUITest type is a subclass of another
///   (`XCUIElementTypePopUpButton` → `UIButton`, not → `XCUIElementTypeButton`).
/// - Android classes keep Android's own chain (`android.widget.Button` → `android.widget.TextView` →
///   `android.view.View` → `UIView`) and carry the UIKit role as a *role*
///   (`ClassHierarchy.roles`), because one superclass cannot be both `TextView` and `UIButton`.
///   A Button is a TextView on Android, so `label` matches Buttons too.
extension ClassHierarchy {
    /// XCUITest's `XCUIElementType*` element types (WebDriverAgent / Appium page source).
    ///
    /// Every type is a direct subclass of its UIKit class and of no other type: XCUITest and
    /// Appium match element types exactly, so `XCUIElementTypeButton` must not name a
    /// `PopUpButton`, while the `button` shorthand (`UIButton`) still covers the whole family.
    public static let xcuitest: ClassHierarchy = {
        var h = ClassHierarchy()
        let pairs: [(String, String)] = [
            ("Application", "UIApplication"), ("Window", "UIWindow"), ("Other", "UIView"), ("Any", "UIView"),
            ("Button", "UIButton"), ("PopUpButton", "UIButton"), ("MenuButton", "UIButton"),
            ("ToolbarButton", "UIButton"), ("CheckBox", "UIButton"), ("RadioButton", "UIButton"),
            ("DisclosureTriangle", "UIButton"), ("StaticText", "UILabel"),
            ("TextField", "UITextField"), ("SecureTextField", "UITextField"),
            ("SearchField", "UISearchTextField"), ("TextView", "UITextView"), ("Switch", "UISwitch"),
            ("Toggle", "UISwitch"), ("Slider", "UISlider"), ("Stepper", "UIStepper"),
            ("SegmentedControl", "UISegmentedControl"), ("Picker", "UIPickerView"), ("PickerWheel", "UIView"),
            ("DatePicker", "UIDatePicker"), ("PageIndicator", "UIPageControl"),
            ("ProgressIndicator", "UIProgressView"), ("ActivityIndicator", "UIActivityIndicatorView"),
            ("Table", "UITableView"), ("Cell", "UITableViewCell"), ("CollectionView", "UICollectionView"),
            ("ScrollView", "UIScrollView"), ("Image", "UIImageView"), ("Icon", "UIImageView"),
            ("NavigationBar", "UINavigationBar"), ("TabBar", "UITabBar"), ("Toolbar", "UIToolbar"),
            ("StatusBar", "UIView"), ("WebView", "UIWebView"), ("Alert", "UIAlertView"),
            ("Sheet", "UIActionSheet"), ("SearchBar", "UISearchBar"), ("Link", "UIView"), ("Key", "UIView"),
            ("Keyboard", "UIView"), ("Map", "UIView"), ("Group", "UIView"), ("ScrollBar", "UIView"),
        ]
        for (sub, sup) in pairs { h.define("XCUIElementType" + sub, superclass: sup) }
        return h
    }()

    /// UIAutomation's `UIA*` element classes (Instruments / ios-driver element trees).
    public static let uiautomation: ClassHierarchy = {
        var h = ClassHierarchy()
        let pairs: [(String, String)] = [
            ("UIAApplication", "UIApplication"), ("UIAWindow", "UIWindow"), ("UIAElement", "UIView"),
            ("UIAButton", "UIButton"), ("UIAStaticText", "UILabel"), ("UIATextField", "UITextField"),
            ("UIASecureTextField", "UIATextField"), ("UIASearchBar", "UISearchBar"),
            ("UIATextView", "UITextView"), ("UIASwitch", "UISwitch"), ("UIASlider", "UISlider"),
            ("UIASegmentedControl", "UISegmentedControl"), ("UIAPicker", "UIPickerView"),
            ("UIAPickerWheel", "UIView"), ("UIAPageIndicator", "UIPageControl"),
            ("UIAProgressIndicator", "UIProgressView"), ("UIAActivityIndicator", "UIActivityIndicatorView"),
            ("UIATableView", "UITableView"), ("UIATableCell", "UITableViewCell"),
            ("UIATableGroup", "UITableViewHeaderFooterView"), ("UIACollectionView", "UICollectionView"),
            ("UIACollectionCell", "UICollectionViewCell"), ("UIAScrollView", "UIScrollView"),
            ("UIAImage", "UIImageView"), ("UIANavigationBar", "UINavigationBar"), ("UIATabBar", "UITabBar"),
            ("UIAToolbar", "UIToolbar"), ("UIAStatusBar", "UIView"), ("UIAWebView", "UIWebView"),
            ("UIALink", "UIView"), ("UIAAlert", "UIAlertView"), ("UIAActionSheet", "UIActionSheet"),
            ("UIAKeyboard", "UIView"), ("UIAKey", "UIView"),
            // Calabash's tree root, which holds the windows as an application does.
            ("CalabashRootView", "UIApplication"),
            // UIKit-private classes seen in Calabash trees.
            ("UITabBarButtonLabel", "UILabel"), ("UITabBarSwappableImageView", "UIImageView"),
            ("UIAccessibilityTextFieldElement", "UIView"),
        ]
        for (sub, sup) in pairs { h.define(sub, superclass: sup) }
        return h
    }()

    /// Android's widget classes with their real superclasses, plus the UIKit role each plays.
    public static let android: ClassHierarchy = {
        var h = ClassHierarchy()
        let v = "android.view.View", g = "android.view.ViewGroup", w = "android.widget."
        let pairs: [(String, String)] = [
            // `uiautomator dump`'s document element holds the windows' root nodes.
            ("hierarchy", "UIApplication"),
            (v, "UIView"), (g, v), ("android.view.SurfaceView", v), ("android.view.TextureView", v),
            (w + "TextView", v), (w + "Button", w + "TextView"), (w + "EditText", w + "TextView"),
            (w + "AutoCompleteTextView", w + "EditText"), (w + "MultiAutoCompleteTextView", w + "AutoCompleteTextView"),
            (w + "CheckedTextView", w + "TextView"), (w + "Chronometer", w + "TextView"),
            (w + "TextClock", w + "TextView"), (w + "CompoundButton", w + "Button"),
            (w + "CheckBox", w + "CompoundButton"), (w + "RadioButton", w + "CompoundButton"),
            (w + "Switch", w + "CompoundButton"), (w + "ToggleButton", w + "CompoundButton"),
            (w + "ImageView", v), (w + "ImageButton", w + "ImageView"), (w + "QuickContactBadge", w + "ImageView"),
            (w + "ProgressBar", v), (w + "AbsSeekBar", w + "ProgressBar"), (w + "SeekBar", w + "AbsSeekBar"),
            (w + "RatingBar", w + "AbsSeekBar"),
            (w + "FrameLayout", g), (w + "LinearLayout", g), (w + "RelativeLayout", g),
            (w + "TableLayout", w + "LinearLayout"), (w + "TableRow", w + "LinearLayout"),
            (w + "GridLayout", g), (w + "RadioGroup", w + "LinearLayout"),
            (w + "AdapterView", g), (w + "AbsListView", w + "AdapterView"), (w + "ListView", w + "AbsListView"),
            (w + "GridView", w + "AbsListView"), (w + "ExpandableListView", w + "ListView"),
            (w + "AbsSpinner", w + "AdapterView"), (w + "Spinner", w + "AbsSpinner"),
            (w + "ScrollView", w + "FrameLayout"), (w + "HorizontalScrollView", w + "FrameLayout"),
            (w + "ViewAnimator", w + "FrameLayout"), (w + "ViewFlipper", w + "ViewAnimator"),
            (w + "ViewSwitcher", w + "ViewAnimator"), (w + "TabHost", w + "FrameLayout"),
            (w + "TabWidget", w + "LinearLayout"), (w + "Toolbar", g), (w + "DatePicker", w + "FrameLayout"),
            (w + "TimePicker", w + "FrameLayout"), (w + "NumberPicker", w + "LinearLayout"),
            (w + "SearchView", w + "LinearLayout"), (w + "VideoView", "android.view.SurfaceView"),
            ("android.webkit.WebView", w + "AbsoluteLayout"), (w + "AbsoluteLayout", g),
            ("androidx.recyclerview.widget.RecyclerView", g), ("android.support.v7.widget.RecyclerView", g),
            ("androidx.viewpager.widget.ViewPager", g), ("android.support.v4.view.ViewPager", g),
            ("androidx.viewpager2.widget.ViewPager2", g),
            ("androidx.core.widget.NestedScrollView", w + "FrameLayout"),
            ("androidx.constraintlayout.widget.ConstraintLayout", g),
            ("androidx.coordinatorlayout.widget.CoordinatorLayout", g),
            ("androidx.drawerlayout.widget.DrawerLayout", g),
            ("androidx.cardview.widget.CardView", w + "FrameLayout"),
            ("androidx.appcompat.widget.LinearLayoutCompat", g),
            ("androidx.appcompat.widget.Toolbar", g),
            ("androidx.appcompat.widget.AppCompatTextView", w + "TextView"),
            ("androidx.appcompat.widget.AppCompatButton", w + "Button"),
            ("androidx.appcompat.widget.AppCompatEditText", w + "EditText"),
            ("androidx.appcompat.widget.AppCompatImageView", w + "ImageView"),
            ("androidx.appcompat.widget.AppCompatImageButton", w + "ImageButton"),
            ("androidx.appcompat.widget.AppCompatCheckBox", w + "CheckBox"),
            ("androidx.appcompat.widget.SwitchCompat", w + "CompoundButton"),
            ("com.google.android.material.button.MaterialButton", "androidx.appcompat.widget.AppCompatButton"),
            ("com.google.android.material.tabs.TabLayout", w + "HorizontalScrollView"),
            ("com.google.android.material.bottomnavigation.BottomNavigationView", w + "FrameLayout"),
        ]
        for (sub, sup) in pairs { h.define(sub, superclass: sup) }
        let roles: [(String, String)] = [
            (w + "TextView", "UILabel"), (w + "Button", "UIButton"), (w + "ImageButton", "UIButton"),
            (w + "EditText", "UITextField"), (w + "ImageView", "UIImageView"), (w + "Switch", "UISwitch"),
            ("androidx.appcompat.widget.SwitchCompat", "UISwitch"), (w + "ToggleButton", "UISwitch"),
            (w + "SeekBar", "UISlider"), (w + "ProgressBar", "UIProgressView"),
            (w + "ListView", "UITableView"), (w + "GridView", "UICollectionView"),
            ("androidx.recyclerview.widget.RecyclerView", "UITableView"),
            ("android.support.v7.widget.RecyclerView", "UITableView"),
            (w + "ScrollView", "UIScrollView"), (w + "HorizontalScrollView", "UIScrollView"),
            ("androidx.core.widget.NestedScrollView", "UIScrollView"),
            ("androidx.viewpager.widget.ViewPager", "UIScrollView"),
            ("android.support.v4.view.ViewPager", "UIScrollView"),
            ("androidx.viewpager2.widget.ViewPager2", "UIScrollView"),
            ("android.webkit.WebView", "UIWebView"), (w + "Toolbar", "UIToolbar"),
            ("androidx.appcompat.widget.Toolbar", "UIToolbar"), (w + "Spinner", "UIPickerView"),
            (w + "NumberPicker", "UIPickerView"), (w + "DatePicker", "UIDatePicker"),
            (w + "SearchView", "UISearchBar"), (w + "TabWidget", "UITabBar"),
            ("com.google.android.material.bottomnavigation.BottomNavigationView", "UITabBar"),
        ]
        for (name, role) in roles { h.define(name, role: role) }
        return h
    }()

    /// Every platform family over UIKit's classes: what every loader uses unless told otherwise.
    static let allPlatforms: ClassHierarchy = {
        var h = ClassHierarchy.uikit
        h.merge(.xcuitest)
        h.merge(.uiautomation)
        h.merge(.android)
        return h
    }()
}

extension ClassHierarchy {
    /// The UIKit classes and the XCUITest element type each is reported as (`Button` for
    /// `XCUIElementTypeButton`), most specific first: a view takes the type of the first class it
    /// is a kind of, else `Other`. One table for the XCUITest page-source writer (a `/dump`
    /// converted to a page source) and the `xcuitest` engine's type queries on a UIKit recording.
    public static let xcuitestRoles: [(uikitClass: String, type: String)] = [
        ("UIApplication", "Application"), ("UIWindow", "Window"), ("UITableViewCell", "Cell"),
        ("UICollectionViewCell", "Cell"), ("UISearchTextField", "SearchField"), ("UITextField", "TextField"),
        ("UITextView", "TextView"), ("UISwitch", "Switch"), ("UISlider", "Slider"), ("UIStepper", "Stepper"),
        ("UISegmentedControl", "SegmentedControl"), ("UIDatePicker", "DatePicker"), ("UIPageControl", "PageIndicator"),
        ("UIButton", "Button"), ("UINavigationButton", "Button"), ("UIPushButton", "Button"),
        ("UIToolbarButton", "Button"), ("UITabBarButton", "Button"), ("UILabel", "StaticText"),
        ("UITableView", "Table"), ("UICollectionView", "CollectionView"), ("UIWebView", "WebView"),
        ("WKWebView", "WebView"), ("UIScrollView", "ScrollView"), ("UIImageView", "Image"),
        ("UINavigationBar", "NavigationBar"), ("UITabBar", "TabBar"), ("UIToolbar", "Toolbar"),
        ("UISearchBar", "SearchField"), ("UIPickerView", "Picker"), ("UIProgressView", "ProgressIndicator"),
        ("UIActivityIndicatorView", "ActivityIndicator"), ("UIAlertView", "Alert"), ("UIActionSheet", "Sheet"),
    ]
}
