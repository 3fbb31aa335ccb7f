import type { Product } from "../../../shared/types/catalog";
import type { Media } from "../../../shared/types/cms";
import { useTexts } from "../../frame/i18n/texts";

/** The product page's pictures: a strip to swipe and, for more than one, thumbnails that link to each. */
export function Gallery({ product, main }: { product: Product; main: Media | null }) {
  const t = useTexts();
  // The chosen shade's picture takes the first place; the variant picker swaps it (data-variant-image).
  const images = main ? [main, ...product.images.slice(1)] : product.images;
  const marked = product.variants.length > 0;
  return (
    <div className="gallery">
      {/* A scroll-snap strip: swipe on touch, arrow keys once focused, no script needed. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <ul className="gallery__track" tabIndex={0} aria-label={t.fill(t.m.productPage.gallery, { name: product.name })}>
        {images.map((image, i) => (
          <li key={i} id={`image-${i + 1}`} className="gallery__slide">
            <img
              src={image.url}
              alt={image.alternativeText ?? product.name}
              width={image.width ?? 800}
              height={image.height ?? 800}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
              data-variant-image={marked && i === 0 ? "main" : undefined}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={i}>
              <a href={`#image-${i + 1}`}>
                <img
                  src={image.url}
                  alt={t.fill(t.m.productPage.view, { n: i + 1, total: images.length })}
                  width={72}
                  height={72}
                  loading="lazy"
                  data-variant-image={marked && i === 0 ? "thumb" : undefined}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
