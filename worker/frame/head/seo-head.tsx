import { JsonLd } from "./json-ld";

export interface SeoImage {
  /** Absolute URL. */
  url: string;
  width?: number;
  height?: number;
  /** Its media type: og:image:type. */
  type?: "image/png" | "image/jpeg";
  alt: string;
}

export interface SeoHeadProps {
  /** The full document title, as in <title>. */
  title: string;
  description: string;
  /** Absolute canonical URL, without query. */
  canonical: string;
  siteName: string;
  image: SeoImage;
  type?: "website" | "article" | "product";
  noindex?: boolean;
  jsonLd?: readonly unknown[];
  /** OpenGraph's locale of the page ("ar_AE"). */
  ogLocale: string;
  /** The page in every language, and `x-default` (absolute URLs); none on a page that is not one (a 404). */
  alternates: readonly { hreflang: string; href: string }[];
}

/** Canonical URL, its alternates in the other languages, robots, OpenGraph and Twitter card tags, and JSON-LD blocks for one page. */
export function SeoHead(props: SeoHeadProps) {
  const { title, description, canonical, siteName, image, type = "website", noindex, jsonLd = [] } = props;
  return (
    <>
      <link rel="canonical" href={canonical} />
      {props.alternates.map(({ hreflang, href }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
      ))}
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content={props.ogLocale} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image.url} />
      {image.width && <meta property="og:image:width" content={String(image.width)} />}
      {image.height && <meta property="og:image:height" content={String(image.height)} />}
      {image.type && <meta property="og:image:type" content={image.type} />}
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
      {jsonLd.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
    </>
  );
}
