// The WordPress corpus (packages/wordpress/test/corpus): posts written the way ten-year-old blogs
// hold them, read by the PHP tests and by the end-to-end cases alike, and what in them is not words.
import { readFileSync } from 'node:fs';

const CORPUS = new URL('../../../packages/wordpress/test/corpus/', import.meta.url);

/** A corpus post's content, as stored in post_content. */
export function corpusContent(name: 'classic-post' | 'block-post'): string {
  return readFileSync(new URL(`${name}.txt`, CORPUS), 'utf8');
}

/** Every shortcode tag, URL and HTML comment in `html`, in order: what must come back byte-identical. */
export function keptTokens(html: string): string[] {
  return [...html.matchAll(/\[\/?[a-z][\w-]*(?:\s[^\]]*)?\]|https?:\/\/[^\s<>"'[\]]*[^\s<>"'[\].,;:!?)]|<!--(?:more|nextpage)-->/gi)].map(
    (match) => match[0],
  );
}

/** Whether a text sent to the service holds anything but words: a bracket, a URL, a shortcode's or embed's name, a page break. */
export const NOT_WORDS =
  /[[\]]|https?:|www\.|<!--|gallery|caption|playlist|contact-form|youtube|vimeo|\baudio\b|\bvideo\b|\bembed\b|\bnote\b|mp3|mp4/i;
