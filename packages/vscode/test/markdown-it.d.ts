// The part of markdown-it (14, no types published with it) the structural comparison of translated
// documentation pages uses: an independent CommonMark parser, to count what a page is made of.
declare module 'markdown-it' {
  interface Token {
    readonly type: string;
    readonly tag: string;
    readonly content: string;
    readonly info: string;
    readonly map: [number, number] | null;
    readonly children: Token[] | null;
    attrGet(name: string): string | null;
  }
  export default class MarkdownIt {
    constructor(options?: { html?: boolean });
    parse(source: string, env: Record<string, unknown>): Token[];
  }
}
