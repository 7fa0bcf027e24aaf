// Link previews (Open Graph): the pictures social networks show for a shared page are JPEGs of this
// size (server/media/og-image.ts draws them); every page but a product's shows the shop's own.

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const SHOP_PREVIEW_PATH = "/media/og/shop.jpg";
