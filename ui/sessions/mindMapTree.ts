import type { IPureNode } from 'markmap-common';
import { Transformer } from 'markmap-lib/no-plugins';

/**
 * markmap's parser, without plugins: those that draw maths or highlight code load their scripts
 * and styles from a CDN, which the page's Content-Security-Policy refuses (and a meeting's mind map
 * needs neither).
 */
const transformer = new Transformer([]);
// The Markdown is the model's, written from what was said, so it may carry HTML that somebody
// spoke or typed into it: shown as text, never made into elements. markmap parses HTML by default.
transformer.md.set({ html: false });

/** A mind map's Markdown (headings and lists) as the tree of nodes markmap draws. */
export function mindMapTree(markdown: string): IPureNode {
  return transformer.transform(markdown).root;
}
