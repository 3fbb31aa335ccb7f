// The seed's pictures that both the seed (scripts/build-seed.mjs, rows of cms_media) and the sharing
// cards (scripts/build-social-cards.mjs, a PNG per picture) are made from: one place says what each
// picture is, so a card shows the picture its page does.

/** A product's i-th picture (0 first). */
export function productPicture(product, i) {
  return {
    url: `/uploads/products/${product.slug}-${i + 1}.svg`,
    spec: { kind: product.kind, colour: product.colour, variant: i },
  };
}

/** A blog post's cover. */
export function postCover(post) {
  return { url: `/uploads/blog/${post.slug}.svg`, spec: { kind: "post", colour: post.image.colour, variant: post.id } };
}

/** A project's cover. */
export function projectCover(project) {
  return {
    url: `/uploads/projects/${project.slug}.svg`,
    spec: { kind: "project", colour: project.image.colour, variant: project.id },
  };
}
