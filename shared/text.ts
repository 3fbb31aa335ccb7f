/**
 * The English text catalogue. Texts the spec quotes are requirements, word for word.
 */
export const text = {
  tagline: "Revolutionizing cosmetics in the UAE",
  description:
    "Premium skincare, make-up and fragrance from trusted brands, delivered across the UAE. Expert advice, genuine products and easy returns.",
  notFoundTitle: "Oops... Page is not found",
  notFoundText: (path: string) => `Page not found: ${path}`,
  errorTitle: "Oops! Something went wrong",
  errorText: "The page you requested can't be reached right now.",
  goBackHome: "Go Back Home",
  uploadHint: (total: number | string, units: string) => `PNG, JPG, GIF up to ${total}${units}`,
  consent: "By leaving a request, you agree to the privacy policy",
  chooseMakerFirst: "Please, choose maker first",
  chooseOneMaker: "Please, choose one maker",
  noProductsForBrand: "No products found for this brand...",
  noProductsForFilter: "No products found according to the filter...",
  shippingNote: "The final delivery cost may be calculated by a manager and agreed with the customer.",
  availability: {
    in_stock: "In stock",
    out_of_stock: "Out of stock",
    none: "Out of stock",
    prepurchase: "Pre purchase",
  },
  payment: { cash: "Cash on delivery", online: "Credit card" },
  delivery: { transport: "Delivery via transport company", pickup: "Local Pickup" },
  callbackRequest: "Request a call back",
  skipToContent: "Skip to content",
} as const;
