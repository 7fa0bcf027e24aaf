// The footer's links as the storefront lists them, its categories at their one address: the old
// /category/digital-planners and /category/wall-art-prints are Planners and Wall Art, whose pages
// answer those addresses with a redirect (app/routes/category.tsx).
export const footerColumns = [
  {
    title: "Shop",
    links: [
      { to: "/category/planners", label: "Digital Planners" },
      { to: "/category/wall-art", label: "Wall Art Prints" },
      { to: "/category/templates", label: "Templates" },
      { to: "/category/digital-courses", label: "Digital Courses" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/refund-policy", label: "Refund Policy" },
      { to: "/license", label: "License Terms" },
    ],
  },
  {
    title: "Sell",
    links: [
      { to: "/become-seller", label: "Become a Seller" },
      { to: "/seller-resources", label: "Seller Resources" },
      { to: "/commission", label: "Commission Rates" },
      { to: "/guidelines", label: "Seller Guidelines" },
    ],
  },
] as const;

// The legal pages, in the footer's bottom bar beside the copyright line: the storefront's link
// lists above stay as the spec gives them (decision 060).
export const legalLinks = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
] as const;
