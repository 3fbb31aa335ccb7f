import type { Context } from "hono";
import type { BlogPost, Page } from "../../../shared/types/catalog";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { everyEntryTag, noteTags, recordsTag, unnoted } from "../caches/page-tags";
import { CONTENT_TAG, versionsOf } from "../caches/versions";
import { everyBlogPost, getBlogPosts, postSearchWords } from "./content-records";

/**
 * The search page's articles (decision 0094). Asking the CMS for each new word cost a GraphQL query per
 * request (about 2.8 ms of CPU with the embedded CMS, and a Strapi query per word a bot makes up),
 * so a locale's posts are held in the isolate, per version of the posts and their tags, and
 * searched there as the CMS's filter does: every word somewhere in the title, the excerpt or the
 * content, any case, newest first. A blog bigger than POSTS_HELD_MAX is searched by the CMS, as
 * before.
 */
const POSTS_HELD_MAX = 1000;

/** Each post without its content, and its title, excerpt and content in lower case, a line each. */
type HeldPosts = { post: BlogPost; text: string }[];

/**
 * What a page of posts found this way shows: any change of any post or tag (the webhook moves their
 * model's every-entry tag on, change-tags.ts), as an edit can make a post match words or stop.
 */
const POSTS_TAGS = [everyEntryTag("blog-post"), everyEntryTag("tag")];

/** The versions the held posts are read under: any change of a post or a tag, or of everything. */
export const POSTS_VERSIONS = [CONTENT_TAG, recordsTag("blog-post"), recordsTag("tag")];

/** Two versions per locale: the one in use and the one before, while a change settles. */
const held = new IsolateCache<HeldPosts>(8);

function toHeld(posts: BlogPost[]): HeldPosts {
  return posts.map((post) => ({
    post: { ...post, content: "" },
    text: [post.title, post.excerpt, post.content].join("\n").toLowerCase(),
  }));
}

/** The first `pageSize` posts with every word of `search`, newest first, and how many have them; null when the CMS failed. */
export async function searchBlogPosts(
  c: Context<AppEnv>,
  locale: string,
  search: string,
  pageSize: number,
): Promise<Page<BlogPost> | null> {
  const key = `${locale}|${await versionsOf(c, POSTS_VERSIONS)}`;
  let posts = held.get(key)?.value;
  if (!posts) {
    // Its posts' own tags are not noted: a page notes POSTS_TAGS, whether they were held or read now.
    const every = await unnoted(c, () => everyBlogPost(c, locale, POSTS_HELD_MAX));
    if (!every) return getBlogPosts(c, locale, { search, pageSize });
    posts = toHeld(every);
    held.set(key, posts);
  }
  noteTags(c, POSTS_TAGS);
  const words = postSearchWords(search).map((w) => w.toLowerCase());
  const found = posts.filter(({ text }) => words.every((w) => text.includes(w)));
  return {
    items: found.slice(0, pageSize).map(({ post }) => post),
    page: 1,
    pageSize,
    pageCount: Math.ceil(found.length / pageSize),
    total: found.length,
  };
}
