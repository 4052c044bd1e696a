/** The merchant's product feed: six bikes in a Google Merchant RSS 2.0 feed. */

/** The feed's products: the answers of the selling floow pick among them. */
export const BIKES = [
  { id: "BIKE-1", title: "Velo Aero", type: "road", price: "1499.00 EUR" },
  { id: "BIKE-2", title: "Velo Sprint", type: "road", price: "899.00 EUR" },
  { id: "BIKE-3", title: "Velo Ridge", type: "mountain", price: "1299.00 EUR" },
  { id: "BIKE-4", title: "Velo Trail", type: "mountain", price: "749.00 EUR" },
  { id: "BIKE-5", title: "Velo Commute", type: "city", price: "599.00 EUR" },
  { id: "BIKE-6", title: "Velo Cargo", type: "city", price: "1899.00 EUR" },
] as const;

/** A small Google Merchant RSS 2.0 feed (`g:` namespace) of BIKES, linking to `shopUrl`. */
export function merchantFeed(shopUrl: string): string {
  const items = BIKES.map(
    (bike) => `<item>
  <g:id>${bike.id}</g:id>
  <g:title><![CDATA[${bike.title}]]></g:title>
  <g:description>A ${bike.type} bike &lt;b&gt;built to last&lt;/b&gt;.</g:description>
  <g:link>${shopUrl}/products/${bike.id.toLowerCase()}</g:link>
  <g:image_link>${shopUrl}/images/${bike.id.toLowerCase()}.png</g:image_link>
  <g:price>${bike.price}</g:price>
  <g:product_type>${bike.type}</g:product_type>
  <g:brand>Velo</g:brand>
  <g:availability>in stock</g:availability>
</item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel>
<title>Velo bikes</title>
<link>${shopUrl}</link>
<description>All bikes</description>
${items}
</channel>
</rss>
`;
}
