/**
 * The English text catalogue: every interface text of the shop, the one source the Arabic
 * catalogue (ar.ts) is checked against. Texts the specification quotes are requirements, word
 * for word. A text is a string, a string with `{placeholders}` (fill), or a plural's forms
 * (plural, by `Intl.PluralRules`); nothing else, so any section can travel to an island as JSON.
 * Brand names (Instagram, WhatsApp, …) and CMS content are not here.
 */
export const en = {
  site: {
    tagline: "Revolutionizing cosmetics in the UAE",
    description:
      "Premium skincare, make-up and fragrance from trusted brands, delivered across the UAE. Expert advice, genuine products and easy returns.",
    skipToContent: "Skip to content",
    home: "Home",
    homePageLabel: "{company}, home page",
  },
  status: {
    notFoundTitle: "Oops... Page is not found",
    notFoundText: "Page not found: {path}",
    errorTitle: "Oops! Something went wrong",
    errorText: "The page you requested can't be reached right now.",
    goBackHome: "Go Back Home",
    browseCatalog: "Browse the catalog",
    notFoundPicture: "A tipped-over perfume bottle",
    errorPicture: "An empty cosmetics jar",
  },
  layout: {
    informationMenu: "Information",
    mainMenu: "Main",
    contactUs: "Contact us",
    privacyPolicy: "Privacy policy",
    bag: "Bag",
    favourites: "Favourites",
    counter: { one: "{name}, {count} items", other: "{name}, {count} items" },
  },
  ui: {
    breadcrumb: "Breadcrumb",
    pages: "Pages",
    previousPage: "Previous page",
    nextPage: "Next page",
    page: "Page ",
    was: "Was ",
    rated: "Rated {rating} out of 5",
    ratedFrom: {
      one: "Rated {rating} out of 5 from {count} review",
      other: "Rated {rating} out of 5 from {count} reviews",
    },
    reviewCount: { one: "1 review", other: "{count} reviews" },
    noReviews: "No reviews yet",
    pendingReview: "Only you can see this review until we have checked it.",
    postingAs: "You are posting as {name}.",
    accountOf: "Account of {name}",
    signIn: "Sign in",
    saveFavourite: "Save {name} to favourites",
    removeFavourite: "Remove {name} from favourites",
    reachUs: "Reach us",
    howToReachUs: "How to reach us",
    openingHours: "Opening hours",
    hours: "Every day, 10:00–22:00 (Gulf Standard Time)",
    onTheMap: "Dubai Hills Mall on the map",
  },
  product: {
    availability: {
      in_stock: "In stock",
      out_of_stock: "Out of stock",
      none: "Out of stock",
      prepurchase: "Pre purchase",
    },
    fewLeft: "Only {left} left",
    addToBag: "Add to bag",
    preOrder: "Pre-order",
    chooseShade: "Choose shade",
    chooseSize: "Choose size",
    variantCount: {
      shade: { one: "{count} shade", other: "{count} shades" },
      size: { one: "{count} size", other: "{count} sizes" },
      option: { one: "{count} option", other: "{count} options" },
    },
  },
  listing: {
    sortBy: "Sort by",
    apply: "Apply",
    unavailable: "Products can't be shown right now. Please try again in a moment.",
    resetFilter: "Reset filter",
    noProductsForBrand: "No products found for this brand...",
    noProductsForFilter: "No products found according to the filter...",
    chooseMakerFirst: "Please, choose maker first",
    chooseOneMaker: "Please, choose one maker",
  },
  forms: {
    uploadHint: "PNG, JPG, GIF up to {total}{units}",
    consent: "By leaving a request, you agree to the privacy policy",
    callbackRequest: "Request a call back",
  },
  checkout: {
    shippingNote: "The final delivery cost may be calculated by a manager and agreed with the customer.",
    payment: { cash: "Cash on delivery", online: "Credit card" },
    delivery: { transport: "Delivery via transport company", pickup: "Local Pickup" },
  },
  islands: {
    mobileMenu: { menu: "Menu", mainMenu: "Main menu", closeMenu: "Close menu" },
    searchSuggest: {
      label: "Search products and articles",
      placeholder: "Search products",
      search: "Search",
      suggestions: "Search suggestions",
      none: "No suggestions. Press Enter to search.",
      found: {
        one: "{count} suggestion. Use the up and down arrows to choose.",
        other: "{count} suggestions. Use the up and down arrows to choose.",
      },
      brand: "Brand",
      category: "Category",
    },
    addToBag: {
      quantity: "Quantity",
      viewBag: "View bag",
      failed: "We couldn't add it to your bag. Please try again.",
      added: "{name} is in your bag.",
    },
  },
} as const;
