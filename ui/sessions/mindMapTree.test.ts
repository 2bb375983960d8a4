import type { IPureNode } from 'markmap-common';
import { describe, expect, it } from 'vitest';
import { mindMapTree } from './mindMapTree.ts';

function outline(node: IPureNode): unknown {
  return node.children.length === 0 ? node.content : { [node.content]: node.children.map(outline) };
}

describe('a mind map’s Markdown as markmap’s tree', () => {
  it('nests headings and their lists', () => {
    const tree = mindMapTree(
      '# Meeting\n## Budget\n- Travel stays\n## Hiring\n- Two positions\n  - In March',
    );
    expect(outline(tree)).toEqual({
      Meeting: [{ Budget: ['Travel stays'] }, { Hiring: [{ 'Two positions': ['In March'] }] }],
    });
  });

  it('shows HTML in the Markdown as text, never as elements', () => {
    const tree = mindMapTree('# Notes\n- <img src=x onerror="alert(1)"> said\n- <b>bold</b>');
    expect(tree.children.map((child) => child.content)).toEqual([
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; said',
      '&lt;b&gt;bold&lt;/b&gt;',
    ]);
  });

  it('makes no link of a javascript: address', () => {
    const tree = mindMapTree('# Notes\n- [click](javascript:alert(1))');
    expect(tree.children[0]?.content).not.toContain('href');
  });
});
