// The footer's links, exactly as SPEC section 2 lists them.
export const footerColumns = [
  {
    title: "Shop",
    links: [
      { to: "/category/digital-planners", label: "Digital Planners" },
      { to: "/category/wall-art-prints", label: "Wall Art Prints" },
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
